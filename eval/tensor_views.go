package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// View operations, reshaping and copies: the bindings of runtime/tensor's
// view functions as Tensor methods and torch functions.

// intListArg reads an int-list parameter: for varargs methods
// (x.view(2, 3)), the positional arguments after the receiver, or one
// sequence of them (x.view((2, 3))); otherwise the keyword argument param.
// elem names the element type in messages ("SymInts" or "ints").
func intListArg(a *Args, param, elem string, varargs bool) []int {
	var v Value
	var items []Value
	single := false
	switch {
	case len(a.Pos) > 0 && varargs:
		if len(a.Pos) == 1 {
			v, single = a.Pos[0], true
		} else {
			items = a.Pos
		}
		if _, ok := a.Kwarg(param); ok {
			throw("TypeError", errMultipleValues, a.Name, param)
		}
	default:
		kv, ok := a.Kwarg(param)
		if !ok {
			if len(a.Pos) == 0 {
				throw("TypeError", errMissingArgQuoted, a.Name, param)
			}
			a.invalid()
		}
		v, single = kv, true
	}
	if single {
		switch x := v.(type) {
		case Tuple, *List, Size:
			items = iterate(x)
		case Int:
			if !varargs {
				throw("TypeError", errArgMustBePos, a.Name, param, 2, "tuple of "+elem, "int")
			}
			items = []Value{x}
		case *tensor.Tensor:
			if varargs && x.Numel() == 1 && x.DType().IsIntegral(false) {
				items = []Value{x}
			} else {
				throw("TypeError", errArgMustBePos, a.Name, param, 1, "tuple of "+elem, "Tensor")
			}
		default:
			throw("TypeError", errArgMustBePos, a.Name, param, 1, "tuple of "+elem, TypeName(v))
		}
	}
	out := make([]int, len(items))
	for i, e := range items {
		n, ok := indexInt(e)
		if !ok {
			throw("TypeError", errIntListElem, a.Name, param, "tuple of "+elem, TypeName(e), i+1)
		}
		out[i] = n
	}
	return out
}

// indexInt converts an int-like value (an int, or a one-element integer
// tensor) for an int-list argument.
func indexInt(v Value) (int, bool) {
	switch x := v.(type) {
	case Int:
		i, ok := x.Int64()
		if !ok {
			throw("RuntimeError", errOverflowLong)
		}
		return int(i), true
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(false) {
			return int(x.Item().Int()), true
		}
	}
	return 0, false
}

// selfOnly binds the receiver (or the input of the torch function) of a
// call that takes no other argument.
func selfOnly(a *Args) *tensor.Tensor {
	if a.Self != nil {
		return noArgTensor(a)
	}
	if len(a.Pos) > 1 {
		throw("TypeError", errTakesN, a.Name, 1, "", len(a.Pos), "were")
	}
	var t *tensor.Tensor
	a.Unpack("input", &t)
	return t
}

// noPositional rejects positional arguments of a method whose parameters
// are all keyword-only (contiguous(), clone()); max counts the receiver.
func noPositional(a *Args, max int) {
	if n := len(a.All()); n > max {
		self := btoi(a.Self != nil)
		takes, given := max-self, n-self
		s, verb := "s", "were"
		if takes == 1 {
			s = ""
		}
		if given == 1 {
			verb = "was"
		}
		throw("TypeError", errTakesN, a.Name, takes, s, given, verb)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dimsArg reads a dims argument given as an int or a sequence of ints
// (movedim's source and destination).
func dimsArg(a *Args, name string, v Value) []int {
	switch x := v.(type) {
	case Int:
		return []int{int(a.toInt(name, x))}
	case Tuple, *List, Size:
		return a.toInts(name, x)
	}
	a.invalid()
	return nil
}

func tensorTuple(ts []*tensor.Tensor) Value {
	out := make(Tuple, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

func init() {
	register(
		&Builtin{Name: "view", Kind: TensorMethod, Sig: "view(*shape) -> Tensor",
			Doc: "Returns a tensor with the same data and a new shape (one size may be -1); the strides must allow it, else use reshape.",
			Fn: func(a *Args) Value {
				if _, kw := a.Kwarg("size"); len(a.Pos) == 0 && !kw {
					a.invalid()
				}
				return a.Self.(*tensor.Tensor).View(intListArg(a, "size", "SymInts", true))
			}},
		&Builtin{Name: "view_as", Kind: TensorMethod, Sig: "view_as(other) -> Tensor",
			Doc: "Returns self viewed with the shape of other.",
			Fn: func(a *Args) Value {
				var t, o *tensor.Tensor
				a.Unpack("self", &t, "other", &o)
				return t.View(o.Shape())
			}},
		&Builtin{Name: "reshape", Kind: TensorMethod | TorchFunc, Sig: "reshape(input, *shape) -> Tensor",
			Doc: "Returns a tensor with the given shape: a view when the strides allow it, otherwise a copy.",
			Fn: func(a *Args) Value {
				if a.Self != nil {
					return a.Self.(*tensor.Tensor).Reshape(intListArg(a, "shape", "SymInts", true))
				}
				var t *tensor.Tensor
				var shape Value
				a.Unpack("input", &t, "shape", &shape)
				return t.Reshape(intListArg(&Args{Name: a.Name, Kw: []KwArg{{"shape", shape}}, s: a.s}, "shape", "SymInts", false))
			}},
		&Builtin{Name: "reshape_as", Kind: TensorMethod, Sig: "reshape_as(other) -> Tensor",
			Doc: "Returns self reshaped to the shape of other.",
			Fn: func(a *Args) Value {
				var t, o *tensor.Tensor
				a.Unpack("self", &t, "other", &o)
				return t.Reshape(o.Shape())
			}},
		&Builtin{Name: "transpose", Kind: TensorMethod | TorchFunc, Sig: "transpose(input, dim0, dim1) -> Tensor",
			Doc: "Returns a view with dimensions dim0 and dim1 swapped.",
			Fn:  transposeFn("dim0", "dim1")},
		&Builtin{Name: "swapaxes", Kind: TensorMethod | TorchFunc, Sig: "swapaxes(input, axis0, axis1) -> Tensor",
			Doc: "Alias of transpose.",
			Fn:  transposeFn("axis0", "axis1")},
		&Builtin{Name: "swapdims", Kind: TensorMethod | TorchFunc, Sig: "swapdims(input, dim0, dim1) -> Tensor",
			Doc: "Alias of transpose.",
			Fn:  transposeFn("dim0", "dim1")},
		&Builtin{Name: "t", Kind: TensorMethod | TorchFunc, Sig: "t(input) -> Tensor",
			Doc: "Transposes a tensor of at most 2 dimensions (0-d and 1-d tensors are returned as they are).",
			Fn:  func(a *Args) Value { return selfOnly(a).T() }},
		&Builtin{Name: "permute", Kind: TensorMethod | TorchFunc, Sig: "permute(input, *dims) -> Tensor",
			Doc: "Returns a view with the dimensions reordered.",
			Fn: func(a *Args) Value {
				if a.Self != nil {
					return a.Self.(*tensor.Tensor).Permute(intListArg(a, "dims", "ints", true))
				}
				var t *tensor.Tensor
				var dims []int
				a.Unpack("input", &t, "dims", &dims)
				return t.Permute(dims)
			}},
		&Builtin{Name: "movedim", Kind: TensorMethod | TorchFunc, Sig: "movedim(input, source, destination) -> Tensor",
			Doc: "Moves the dimensions source to the positions destination; the others keep their order.",
			Fn:  movedimFn("source", "destination")},
		&Builtin{Name: "moveaxis", Kind: TensorMethod | TorchFunc, Sig: "moveaxis(input, source, destination) -> Tensor",
			Doc: "Alias of movedim.",
			Fn:  movedimFn("source", "destination")},
		&Builtin{Name: "unsqueeze", Kind: TensorMethod | TorchFunc, Sig: "unsqueeze(input, dim) -> Tensor",
			Doc: "Returns a view with a dimension of size 1 inserted at dim.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var d int
				a.Unpack("input", &t, "dim", &d)
				return t.Unsqueeze(d)
			}},
		&Builtin{Name: "squeeze", Kind: TensorMethod | TorchFunc, Sig: "squeeze(input, dim=None) -> Tensor",
			Doc: "Removes the dimensions of size 1 (or only dim, if it has size 1).",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var d Value = None
				a.Unpack("input", &t, "dim?", &d)
				switch x := d.(type) {
				case NoneType:
					return t.Squeeze()
				case Int:
					return t.SqueezeDim(int(a.toInt("dim", x)))
				}
				a.invalid()
				return nil
			}},
		&Builtin{Name: "expand", Kind: TensorMethod, Sig: "expand(*sizes) -> Tensor",
			Doc: "Returns a view with singleton dimensions expanded to larger sizes (stride 0); -1 keeps a size.",
			Fn: func(a *Args) Value {
				t := a.Self.(*tensor.Tensor)
				var kw []KwArg
				for _, k := range a.Kw {
					if k.Name != "implicit" {
						kw = append(kw, k)
					}
				}
				b := &Args{Name: a.Name, Pos: a.Pos, Kw: kw, s: a.s}
				return t.ExpandChecked(intListArg(b, "size", "SymInts", true))
			}},
		&Builtin{Name: "expand_as", Kind: TensorMethod, Sig: "expand_as(other) -> Tensor",
			Doc: "Expands self to the size of other.",
			Fn: func(a *Args) Value {
				var t, o *tensor.Tensor
				a.Unpack("self", &t, "other", &o)
				return t.ExpandChecked(o.Shape())
			}},
		&Builtin{Name: "broadcast_to", Kind: TensorMethod | TorchFunc, Sig: "broadcast_to(input, shape) -> Tensor",
			Doc: "Broadcasts input to shape (as expand).",
			Fn: func(a *Args) Value {
				if t, ok := a.Self.(*tensor.Tensor); ok { // x.broadcast_to(2, 3) takes varargs
					return t.ExpandChecked(intListArg(a, "size", "SymInts", true))
				}
				if len(a.Pos) > 2 {
					throw("TypeError", errTakesN, a.Name, 2, "s", len(a.Pos), wasWere(len(a.Pos)))
				}
				var t *tensor.Tensor
				var shape []int
				a.Unpack("input", &t, "size", &shape)
				return t.ExpandChecked(shape)
			}},
		&Builtin{Name: "flatten", Kind: TensorMethod | TorchFunc, Sig: "flatten(input, start_dim=0, end_dim=-1) -> Tensor",
			Doc: "Flattens dimensions start_dim..end_dim into one (a view when possible).",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				start, end := 0, -1
				a.Unpack("input", &t, "start_dim?", &start, "end_dim?", &end)
				return t.Flatten(start, end)
			}},
		&Builtin{Name: "unflatten", Kind: TensorMethod | TorchFunc, Sig: "unflatten(input, dim, sizes) -> Tensor",
			Doc: "Splits dimension dim into the given sizes (one may be -1).",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var d int
				var sizes Value
				a.Unpack("input", &t, "dim", &d, "sizes", &sizes)
				switch sizes.(type) {
				case Tuple, *List, Size:
				default:
					throw("TypeError", errArgMustBePos, "unflatten", "sizes", 2, "tuple of ints", TypeName(sizes))
				}
				return t.Unflatten(d, a.toInts("sizes", sizes))
			}},
		&Builtin{Name: "narrow", Kind: TensorMethod | TorchFunc, Sig: "narrow(input, dim, start, length) -> Tensor",
			Doc: "Returns the view of length elements of dimension dim from start.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var d, start, length int
				a.Unpack("input", &t, "dim", &d, "start", &start, "length", &length)
				return t.Narrow(d, start, length)
			}},
		&Builtin{Name: "select", Kind: TensorMethod | TorchFunc, Sig: "select(input, dim, index) -> Tensor",
			Doc: "Returns the view of input at index along dim (the dimension removed).",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var d, i int
				a.Unpack("input", &t, "dim", &d, "index", &i)
				return t.Select(d, i)
			}},
		&Builtin{Name: "unbind", Kind: TensorMethod | TorchFunc, Sig: "unbind(input, dim=0) -> tuple of Tensors",
			Doc: "Returns the slices of input along dim, as views.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				d := 0
				a.Unpack("input", &t, "dim?", &d)
				return tensorTuple(t.Unbind(d))
			}},
		&Builtin{Name: "split", Kind: TensorMethod | TorchFunc, Sig: "split(tensor, split_size_or_sections, dim=0) -> tuple of Tensors",
			Doc: "Splits into pieces of split_size elements along dim (the last may be smaller), or into pieces of the listed sizes.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var s Value
				d := 0
				a.Unpack("tensor", &t, "split_size_or_sections", &s, "dim?", &d)
				if n, ok := indexInt(s); ok {
					return tensorTuple(t.Split(n, d))
				}
				return tensorTuple(t.SplitWithSizes(splitSizes(s), d))
			}},
		&Builtin{Name: "split_with_sizes", Kind: TensorMethod | TorchFunc, Sig: "split_with_sizes(input, split_sizes, dim=0) -> tuple of Tensors",
			Doc: "Splits into pieces of the listed sizes along dim.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var s Value
				d := 0
				a.Unpack("input", &t, "split_sizes", &s, "dim?", &d)
				return tensorTuple(t.SplitWithSizes(splitSizes(s), d))
			}},
		&Builtin{Name: "chunk", Kind: TensorMethod | TorchFunc, Sig: "chunk(input, chunks, dim=0) -> tuple of Tensors",
			Doc: "Splits into at most chunks pieces of equal size along dim (the last may be smaller).",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var n int
				d := 0
				a.Unpack("input", &t, "chunks", &n, "dim?", &d)
				return tensorTuple(t.Chunk(n, d))
			}},
		&Builtin{Name: "diagonal", Kind: TensorMethod | TorchFunc, Sig: "diagonal(input, offset=0, dim1=0, dim2=1) -> Tensor",
			Doc: "Returns the view of the diagonal of the (dim1, dim2) planes, as the last dimension.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				off, d1, d2 := 0, 0, 1
				a.Unpack("input", &t, "offset?", &off, "dim1?", &d1, "dim2?", &d2)
				return t.Diagonal(off, d1, d2)
			}},
		&Builtin{Name: "as_strided", Kind: TensorMethod | TorchFunc, Sig: "as_strided(input, size, stride, storage_offset=None) -> Tensor",
			Doc: "Returns a view of input's storage with the given sizes, strides and offset.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var size, stride Value
				off := tensor.KeepOffset
				a.Unpack("input", &t, "size", &size, "stride", &stride, "storage_offset?", &off)
				sz := intListArg(&Args{Name: a.Name, Kw: []KwArg{{"size", size}}, s: a.s}, "size", "SymInts", false)
				st := intListArg(&Args{Name: a.Name, Kw: []KwArg{{"stride", stride}}, s: a.s}, "stride", "SymInts", false)
				return t.AsStrided(sz, st, off)
			}},
		&Builtin{Name: "unfold", Kind: TensorMethod, Sig: "unfold(dimension, size, step) -> Tensor",
			Doc: "Returns a view of the windows of size elements, every step elements along dimension, as a new last dimension.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var d, size, step int
				a.Unpack("self", &t, "dimension", &d, "size", &size, "step", &step)
				return t.Unfold(d, size, step)
			}},
		&Builtin{Name: "contiguous", Kind: TensorMethod, Sig: "contiguous(memory_format=torch.contiguous_format) -> Tensor",
			Doc: "Returns self when it is contiguous, otherwise a contiguous copy.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var mf Value
				noPositional(a, 1)
				a.Unpack("self", &t, "$memory_format?", &mf)
				return t.Contiguous()
			}},
		&Builtin{Name: "clone", Kind: TensorMethod | TorchFunc, Sig: "clone(input, *, memory_format=torch.preserve_format) -> Tensor",
			Doc: "Returns a copy with its own storage; a dense tensor keeps its strides.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var mf Value
				noPositional(a, 1)
				a.Unpack("input", &t, "$memory_format?", &mf)
				return t.Clone()
			}},
		&Builtin{Name: "detach", Kind: TensorMethod | TorchFunc, Sig: "detach(input) -> Tensor",
			Doc: "Returns a new tensor object sharing input's storage.",
			Fn:  func(a *Args) Value { return selfOnly(a).Detach() }},
	)
}

func transposeFn(p0, p1 string) func(a *Args) Value {
	return func(a *Args) Value {
		var t *tensor.Tensor
		var d0, d1 Value
		a.Unpack("input", &t, p0, &d0, p1, &d1)
		i0, ok0 := d0.(Int)
		i1, ok1 := d1.(Int)
		if !ok0 || !ok1 {
			a.invalid()
		}
		return t.Transpose(int(a.toInt(p0, i0)), int(a.toInt(p1, i1)))
	}
}

func movedimFn(p0, p1 string) func(a *Args) Value {
	return func(a *Args) Value {
		var t *tensor.Tensor
		var src, dst Value
		a.Unpack("input", &t, p0, &src, p1, &dst)
		_, srcInt := src.(Int)
		_, dstInt := dst.(Int)
		if srcInt != dstInt {
			a.invalid()
		}
		return t.Movedim(dimsArg(a, p0, src), dimsArg(a, p1, dst))
	}
}

// splitSizes reads split's list of sizes.
func splitSizes(v Value) []int {
	switch v.(type) {
	case Tuple, *List, Size:
	default:
		throw("TypeError", errArgMustBePos, "split_with_sizes", "split_sizes", 2, "tuple of ints", TypeName(v))
	}
	items := iterate(v)
	out := make([]int, len(items))
	for i, e := range items {
		n, ok := indexInt(e)
		if !ok {
			throw("TypeError", errIntListElem, "split_with_sizes", "split_sizes", "tuple of ints", TypeName(e), i+1)
		}
		out[i] = n
	}
	return out
}
