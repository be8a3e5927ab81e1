package torch

import (
	"math"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// View operations, reshaping and copies: the bindings of runtime/tensor's
// view functions as Tensor methods and torch functions, with PyTorch 1.13's
// signatures.

var (
	viewSigs = newArgParser(
		"view(Tensor input, ScalarType dtype)",
		"view(Tensor input, SymIntArrayRef size)")
	viewAsSigs      = newArgParser("view_as(Tensor input, Tensor other)")
	reshapeSigs     = newArgParser("reshape(Tensor input, SymIntArrayRef shape)")
	reshapeAsSigs   = newArgParser("reshape_as(Tensor input, Tensor other)")
	transposeSigs   = dimPairSigs("transpose", "dim0", "dim1", true)
	swapaxesSigs    = dimPairSigs("swapaxes", "axis0", "axis1", false)
	swapdimsSigs    = dimPairSigs("swapdims", "dim0", "dim1", false)
	tSigs           = newArgParser("t(Tensor input)")
	detachSigs      = newArgParser("detach(Tensor input)")
	permuteSigs     = newArgParser("permute(Tensor input, IntArrayRef dims)")
	movedimSigs     = movedimLike("movedim")
	moveaxisSigs    = movedimLike("moveaxis")
	unsqueezeSigs   = newArgParser("unsqueeze(Tensor input, int64_t dim)")
	squeezeSigs     = newArgParser("squeeze(Tensor input)", "squeeze(Tensor input, int64_t dim)", "squeeze(Tensor input, Dimname dim)")
	expandSigs      = newArgParser("expand(Tensor input, SymIntArrayRef size, *, bool implicit=False)")
	expandAsSigs    = newArgParser("expand_as(Tensor input, Tensor other)")
	broadcastToSigs = newArgParser("broadcast_to(Tensor input, IntArrayRef size)")
	flattenSigs     = newArgParser(
		"flatten(Tensor input, int64_t start_dim, int64_t end_dim, Dimname out_dim)",
		"flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)",
		"flatten(Tensor input, Dimname start_dim, Dimname end_dim, Dimname out_dim)",
		"flatten(Tensor input, DimnameList dims, Dimname out_dim)")
	unflattenSigs = newArgParser(
		"unflatten(Tensor input, Dimname dim, IntArrayRef sizes, DimnameList names)",
		"unflatten(Tensor input, int64_t dim, IntArrayRef sizes)")
	narrowSigs = newArgParser(
		"narrow(Tensor input, int64_t dim, Tensor start, int64_t length)",
		"narrow(Tensor input, int64_t dim, int64_t start, int64_t length)")
	selectSigs = newArgParser(
		"select(Tensor input, int64_t dim, int64_t index)",
		"select(Tensor input, Dimname dim, int64_t index)")
	unbindSigs = newArgParser(
		"unbind(Tensor input, int64_t dim=0)",
		"unbind(Tensor input, Dimname dim)")
	// split is torch.functional.split and Tensor.split in Python; they call
	// these (as functions, the tensor first).
	splitVFSigs = newArgParser(
		"split(Tensor input, int64_t split_size, int64_t dim=0)",
		"split(Tensor input, IntArrayRef split_size, int64_t dim=0)")
	splitWithSizesSigs = newArgParser("split_with_sizes(Tensor input, IntArrayRef split_sizes, int64_t dim=0)")
	chunkSigs          = newArgParser("chunk(Tensor input, int64_t chunks, int64_t dim=0)")
	diagonalSigs       = newArgParser(
		"diagonal(Tensor input, *, Dimname outdim, Dimname dim1, Dimname dim2, int64_t offset=0)",
		"diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)")
	asStridedSigs  = newArgParser("as_strided(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)")
	unfoldSigs     = newArgParser("unfold(Tensor input, int64_t dimension, int64_t size, int64_t step)")
	contiguousSigs = newArgParser("contiguous(Tensor input, *, MemoryFormat memory_format=contiguous_format)")
	cloneSigs      = newArgParser("clone(Tensor input, *, MemoryFormat? memory_format=None)")
)

// dimPairSigs are transpose's signatures and its aliases'.
func dimPairSigs(name, d0, d1 string, named bool) *argParser {
	specs := []string{name + "(Tensor input, int64_t " + d0 + ", int64_t " + d1 + ")"}
	if named {
		specs = append(specs, name+"(Tensor input, Dimname "+d0+", Dimname "+d1+")")
	}
	return newArgParser(specs...)
}

func movedimLike(name string) *argParser {
	return newArgParser(
		name+"(Tensor input, int64_t source, int64_t destination)",
		name+"(Tensor input, IntArrayRef source, IntArrayRef destination)")
}

// tensorOnly binds a function of one tensor: torch.NAME(input), or the
// method NAME(), which takes no arguments (METH_NOARGS).
func tensorOnly(p *argParser, a *eval.Args) *tensor.Tensor {
	if a.Self != nil {
		return noArgTensor(a)
	}
	return p.parse(a).tensor("input")
}

// pyBind binds the arguments of a function PyTorch writes in Python,
// "def name(params...)" whose last ndef parameters have defaults, with
// CPython's errors; for a method call the receiver is the first parameter.
// Absent optional parameters are nil.
func pyBind(a *eval.Args, name string, ndef int, params ...string) []eval.Value {
	out := make([]eval.Value, len(params))
	pos := a.All()
	copy(out, pos[:min(len(pos), len(params))])
	for _, kw := range a.Kw {
		i := -1
		for k, p := range params {
			if p == kw.Name {
				i = k
			}
		}
		if i < 0 {
			eval.Throw("TypeError", eval.ErrNoKwArg, name, kw.Name)
		}
		if out[i] != nil {
			eval.Throw("TypeError", eval.ErrMultipleValues, name, kw.Name)
		}
		out[i] = kw.Value
	}
	if n := len(pos); n > len(params) {
		if ndef > 0 {
			eval.Throw("TypeError", errTakesFromTo, name, len(params)-ndef, len(params), n)
		}
		eval.Throw("TypeError", errTakesN, name, len(params), sIf(len(params) != 1), n, wasWere(n))
	}
	var missing []string
	for i, p := range params[:len(params)-ndef] {
		if out[i] == nil {
			missing = append(missing, "'"+p+"'")
		}
	}
	switch n := len(missing); n {
	case 0:
	case 1, 2:
		eval.Throw("TypeError", errMissingArgs, name, n, sIf(n != 1), strings.Join(missing, " and "))
	default:
		eval.Throw("TypeError", errMissingArgs, name, n, "s", strings.Join(missing[:n-1], ", ")+", and "+missing[n-1])
	}
	return out
}

func tensorTuple(ts []*tensor.Tensor) eval.Value {
	out := make(eval.Tuple, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

func init() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "view", Kind: eval.TensorMethod, Sig: "view(*shape) -> Tensor",
			Doc: "Returns a tensor with the same data and a new shape (one size may be -1); the strides must allow it, else use reshape. view(dtype) reads the same bytes as another dtype.",
			Fn: func(a *eval.Args) eval.Value {
				r := viewSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 0 {
					d, _ := r.dtype("dtype")
					if d == tensor.Bool && t.DType() != tensor.Bool {
						// Go's bools must hold 0 or 1: other bytes
						// cannot be read as bools.
						eval.Throw("RuntimeError", errViewDTypeUnsupp, t.DType(), d)
					}
					return t.ViewDType(d)
				}
				return t.View(r.ints("size"))
			}},
		&eval.Builtin{Name: "view_as", Kind: eval.TensorMethod, Sig: "view_as(other) -> Tensor",
			Doc: "Returns self viewed with the shape of other.",
			Fn: func(a *eval.Args) eval.Value {
				r := viewAsSigs.parse(a)
				return r.tensor("input").View(r.tensor("other").Shape())
			}},
		&eval.Builtin{Name: "reshape", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "reshape(input, *shape) -> Tensor",
			Doc: "Returns a tensor with the given shape: a view when the strides allow it, otherwise a copy.",
			Fn: func(a *eval.Args) eval.Value {
				r := reshapeSigs.parse(a)
				return r.tensor("input").Reshape(r.ints("shape"))
			}},
		&eval.Builtin{Name: "reshape_as", Kind: eval.TensorMethod, Sig: "reshape_as(other) -> Tensor",
			Doc: "Returns self reshaped to the shape of other.",
			Fn: func(a *eval.Args) eval.Value {
				r := reshapeAsSigs.parse(a)
				return r.tensor("input").Reshape(r.tensor("other").Shape())
			}},
		&eval.Builtin{Name: "transpose", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "transpose(input, dim0, dim1) -> Tensor",
			Doc: "Returns a view with dimensions dim0 and dim1 swapped.",
			Fn:  transposeFn(transposeSigs, "dim0", "dim1")},
		&eval.Builtin{Name: "swapaxes", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "swapaxes(input, axis0, axis1) -> Tensor",
			Doc: "Alias of transpose.",
			Fn:  transposeFn(swapaxesSigs, "axis0", "axis1")},
		&eval.Builtin{Name: "swapdims", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "swapdims(input, dim0, dim1) -> Tensor",
			Doc: "Alias of transpose.",
			Fn:  transposeFn(swapdimsSigs, "dim0", "dim1")},
		&eval.Builtin{Name: "t", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "t(input) -> Tensor",
			Doc: "Transposes a tensor of at most 2 dimensions (0-d and 1-d tensors are returned as they are).",
			Fn:  func(a *eval.Args) eval.Value { return tensorOnly(tSigs, a).T() }},
		&eval.Builtin{Name: "permute", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "permute(input, *dims) -> Tensor",
			Doc: "Returns a view with the dimensions reordered.",
			Fn: func(a *eval.Args) eval.Value {
				r := permuteSigs.parse(a)
				return r.tensor("input").Permute(r.ints("dims"))
			}},
		&eval.Builtin{Name: "movedim", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "movedim(input, source, destination) -> Tensor",
			Doc: "Moves the dimensions source to the positions destination; the others keep their order.",
			Fn:  movedimFn(movedimSigs)},
		&eval.Builtin{Name: "moveaxis", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "moveaxis(input, source, destination) -> Tensor",
			Doc: "Alias of movedim.",
			Fn:  movedimFn(moveaxisSigs)},
		&eval.Builtin{Name: "unsqueeze", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "unsqueeze(input, dim) -> Tensor",
			Doc: "Returns a view with a dimension of size 1 inserted at dim.",
			Fn: func(a *eval.Args) eval.Value {
				r := unsqueezeSigs.parse(a)
				return r.tensor("input").Unsqueeze(r.int("dim", 0))
			}},
		&eval.Builtin{Name: "squeeze", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "squeeze(input, dim=None) -> Tensor",
			Doc: "Removes the dimensions of size 1 (or only dim, if it has size 1).",
			Fn: func(a *eval.Args) eval.Value {
				r := squeezeSigs.parse(a)
				t := r.tensor("input")
				switch r.idx {
				case 1:
					return t.SqueezeDim(r.int("dim", 0))
				case 2:
					r.dimname("dim", t)
				}
				return t.Squeeze()
			}},
		&eval.Builtin{Name: "expand", Kind: eval.TensorMethod, Sig: "expand(*sizes) -> Tensor",
			Doc: "Returns a view with singleton dimensions expanded to larger sizes (stride 0); -1 keeps a size.",
			Fn: func(a *eval.Args) eval.Value {
				r := expandSigs.parse(a)
				return r.tensor("input").ExpandChecked(r.ints("size"))
			}},
		&eval.Builtin{Name: "expand_as", Kind: eval.TensorMethod, Sig: "expand_as(other) -> Tensor",
			Doc: "Expands self to the size of other.",
			Fn: func(a *eval.Args) eval.Value {
				r := expandAsSigs.parse(a)
				return r.tensor("input").ExpandChecked(r.tensor("other").Shape())
			}},
		&eval.Builtin{Name: "broadcast_to", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "broadcast_to(input, shape) -> Tensor",
			Doc: "Broadcasts input to shape (as expand).",
			Fn: func(a *eval.Args) eval.Value {
				r := broadcastToSigs.parse(a)
				return r.tensor("input").ExpandChecked(r.ints("size"))
			}},
		&eval.Builtin{Name: "flatten", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "flatten(input, start_dim=0, end_dim=-1) -> Tensor",
			Doc: "Flattens dimensions start_dim..end_dim into one (a view when possible).",
			Fn: func(a *eval.Args) eval.Value {
				r := flattenSigs.parse(a)
				t := r.tensor("input")
				switch r.idx {
				case 0:
					r.dimname("out_dim", t)
				case 2:
					r.dimname("start_dim", t)
				case 3:
					r.dimname("dims", t)
				}
				return t.Flatten(r.int("start_dim", 0), r.int("end_dim", -1))
			}},
		&eval.Builtin{Name: "unflatten", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "unflatten(input, dim, sizes) -> Tensor",
			Doc: "Splits dimension dim into the given sizes (one may be -1).",
			Fn: func(a *eval.Args) eval.Value {
				if a.Self != nil {
					// Tensor.unflatten is Python (torch/_tensor.py).
					v := pyBind(a, "Tensor.unflatten", 0, "self", "dim", "sizes")
					if !a.Session().Truth(v[2]) {
						eval.Throw("RuntimeError", errUnflattenSizes)
					}
					a = (&eval.Args{Name: a.Name, Self: a.Self, Pos: v[1:]}).Bind(a.Session())
				}
				r := unflattenSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 0 {
					r.dimname("dim", t)
				}
				return t.Unflatten(r.int("dim", 0), r.ints("sizes"))
			}},
		&eval.Builtin{Name: "narrow", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "narrow(input, dim, start, length) -> Tensor",
			Doc: "Returns the view of length elements of dimension dim from start.",
			Fn: func(a *eval.Args) eval.Value {
				r := narrowSigs.parse(a)
				start := 0
				if r.idx == 0 {
					s := r.tensor("start")
					if s.Dim() != 0 || !s.DType().IsIntegral(true) {
						eval.Throw("RuntimeError", errNarrowStart)
					}
					start = int(s.Item().Int())
				} else {
					start = r.int("start", 0)
				}
				return r.tensor("input").Narrow(r.int("dim", 0), start, r.int("length", 0))
			}},
		&eval.Builtin{Name: "select", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "select(input, dim, index) -> Tensor",
			Doc: "Returns the view of input at index along dim (the dimension removed).",
			Fn: func(a *eval.Args) eval.Value {
				r := selectSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 1 {
					r.dimname("dim", t)
				}
				return t.Select(r.int("dim", 0), r.int("index", 0))
			}},
		&eval.Builtin{Name: "unbind", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "unbind(input, dim=0) -> tuple of Tensors",
			Doc: "Returns the slices of input along dim, as views.",
			Fn: func(a *eval.Args) eval.Value {
				r := unbindSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 1 {
					r.dimname("dim", t)
				}
				return tensorTuple(t.Unbind(r.int("dim", 0)))
			}},
		&eval.Builtin{Name: "split", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "split(tensor, split_size_or_sections, dim=0) -> tuple of Tensors",
			Doc: "Splits into pieces of split_size elements along dim (the last may be smaller), or into pieces of the listed sizes.",
			Fn:  splitFn},
		&eval.Builtin{Name: "split_with_sizes", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "split_with_sizes(input, split_sizes, dim=0) -> tuple of Tensors",
			Doc: "Splits into pieces of the listed sizes along dim.",
			Fn: func(a *eval.Args) eval.Value {
				r := splitWithSizesSigs.parse(a)
				return tensorTuple(r.tensor("input").SplitWithSizes(r.ints("split_sizes"), r.int("dim", 0)))
			}},
		&eval.Builtin{Name: "chunk", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "chunk(input, chunks, dim=0) -> tuple of Tensors",
			Doc: "Splits into at most chunks pieces of equal size along dim (the last may be smaller).",
			Fn: func(a *eval.Args) eval.Value {
				r := chunkSigs.parse(a)
				return tensorTuple(r.tensor("input").Chunk(r.int("chunks", 0), r.int("dim", 0)))
			}},
		&eval.Builtin{Name: "diagonal", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "diagonal(input, offset=0, dim1=0, dim2=1) -> Tensor",
			Doc: "Returns the view of the diagonal of the (dim1, dim2) planes, as the last dimension.",
			Fn: func(a *eval.Args) eval.Value {
				r := diagonalSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 0 {
					r.dimname("dim2", t) // C++ evaluates dim2's lookup first
				}
				return t.Diagonal(r.int("offset", 0), r.int("dim1", 0), r.int("dim2", 1))
			}},
		&eval.Builtin{Name: "as_strided", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "as_strided(input, size, stride, storage_offset=None) -> Tensor",
			Doc: "Returns a view of input's storage with the given sizes, strides and offset.",
			Fn: func(a *eval.Args) eval.Value {
				r := asStridedSigs.parse(a)
				return r.tensor("input").AsStrided(r.ints("size"), r.ints("stride"), r.int("storage_offset", tensor.KeepOffset))
			}},
		&eval.Builtin{Name: "unfold", Kind: eval.TensorMethod, Sig: "unfold(dimension, size, step) -> Tensor",
			Doc: "Returns a view of the windows of size elements, every step elements along dimension, as a new last dimension.",
			Fn: func(a *eval.Args) eval.Value {
				r := unfoldSigs.parse(a)
				return r.tensor("input").Unfold(r.int("dimension", 0), r.int("size", 0), r.int("step", 0))
			}},
		&eval.Builtin{Name: "contiguous", Kind: eval.TensorMethod, Sig: "contiguous(memory_format=torch.contiguous_format) -> Tensor",
			Doc: "Returns self when it is contiguous, otherwise a contiguous copy.",
			Fn: func(a *eval.Args) eval.Value {
				b := contiguousSigs.parse(a)
				return contiguousAs(b.tensor("input"), b.memoryFormat("memory_format"))
			}},
		&eval.Builtin{Name: "clone", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "clone(input, *, memory_format=torch.preserve_format) -> Tensor",
			Doc: "Returns a copy with its own storage; a dense tensor keeps its strides.",
			Fn: func(a *eval.Args) eval.Value {
				b := cloneSigs.parse(a)
				return cloneAs(b.tensor("input"), b.memoryFormat("memory_format"))
			}},
		&eval.Builtin{Name: "detach", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "detach(input) -> Tensor",
			Doc: "Returns a new tensor object sharing input's storage.",
			Fn:  func(a *eval.Args) eval.Value { return tensorOnly(detachSigs, a).Detach() }},
	)
}

func transposeFn(p *argParser, d0, d1 string) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		r := p.parse(a)
		t := r.tensor("input")
		if r.idx == 1 {
			r.dimname(d1, t) // C++ evaluates dim1's lookup first
		}
		return t.Transpose(r.int(d0, 0), r.int(d1, 0))
	}
}

func movedimFn(p *argParser) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		r := p.parse(a)
		t := r.tensor("input")
		if r.idx == 0 {
			return t.Movedim([]int{r.int("source", 0)}, []int{r.int("destination", 0)})
		}
		return t.Movedim(r.ints("source"), r.ints("destination"))
	}
}

// splitFn is torch.split (torch/functional.py) and Tensor.split
// (torch/_tensor.py), both Python: a tensor split size becomes an int when
// it can, an int splits into pieces of that size, anything else is a list
// of sizes for split_with_sizes. Both call the native functions with the
// tensor as first argument.
func splitFn(a *eval.Args) eval.Value {
	var v []eval.Value
	if a.Self != nil {
		v = pyBind(a, "Tensor.split", 1, "self", "split_size", "dim")
	} else {
		v = pyBind(a, a.Name, 1, "tensor", "split_size_or_sections", "dim")
		if _, ok := v[0].(*tensor.Tensor); !ok {
			eval.Throw("AttributeError", eval.ErrNoAttr, eval.TypeName(v[0]), "split")
		}
	}
	if v[2] == nil {
		v[2] = eval.MakeInt(0)
	}
	size := v[1]
	if t, ok := size.(*tensor.Tensor); ok && t.Numel() == 1 {
		if s := t.Item(); s.Kind != tensor.FloatScalar || !math.IsNaN(s.F) {
			size = eval.BuiltinInt((&eval.Args{Name: "int", Pos: []eval.Value{t}}).Bind(a.Session()))
		}
	}
	switch size.(type) {
	case eval.Int, eval.Bool:
		r := splitVFSigs.parse((&eval.Args{Name: "split", Pos: []eval.Value{v[0], size, v[2]}}).Bind(a.Session()))
		if r.idx == 0 {
			return tensorTuple(r.tensor("input").Split(r.int("split_size", 0), r.int("dim", 0)))
		}
		return tensorTuple(r.tensor("input").SplitWithSizes(r.ints("split_size"), r.int("dim", 0)))
	}
	r := splitWithSizesSigs.parse((&eval.Args{Name: "split_with_sizes", Pos: []eval.Value{v[0], size, v[2]}}).Bind(a.Session()))
	return tensorTuple(r.tensor("input").SplitWithSizes(r.ints("split_sizes"), r.int("dim", 0)))
}
