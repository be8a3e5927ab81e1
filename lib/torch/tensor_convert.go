package torch

import (
	"math"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Conversions: Tensor.to, type, float()/double()/..., cpu, cuda, item,
// tolist, is_floating_point, and the new_* methods.

var (
	toParser = newArgParser(
		"to(Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
		"to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
		"to(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)|numbers",
	)
	typeParser = newArgParser(
		"type(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
		"type(PyObject* dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|hidden",
	)
	cpuParser  = newArgParser("cpu(*, MemoryFormat? memory_format=None)")
	cudaParser = newArgParser(
		"cuda(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
		"cuda(Device? device=None, bool async=False, *, MemoryFormat? memory_format=None)|hidden",
	)
)

// tensorTypeName is x.type(): 'torch.FloatTensor', 'torch.cuda.LongTensor'.
func tensorTypeName(t *tensor.Tensor) string {
	name := tensor.LegacyTypeName(t.DType(), t.Device())
	if t.Device().Type == "cuda" {
		return "torch.cuda." + strings.TrimPrefix(name, "torch.")
	}
	return name
}

// dtypeOfTypeName parses a tensor type name for x.type('torch.IntTensor').
func dtypeOfTypeName(name string) tensor.DType {
	if strings.HasPrefix(name, "torch.cuda.") {
		eval.Throw("RuntimeError", errCudaLibrary)
	}
	if name == "torch.Tensor" {
		return tensor.DefaultFloat()
	}
	d, ok := tensor.DTypeOfLegacyName(name)
	if !ok {
		eval.Throw("ValueError", errInvalidType, name)
	}
	return d
}

// toOn is t.to(device, dtype, copy): t itself when nothing changes and no
// copy is asked for.
func toOn(t *tensor.Tensor, dev *tensor.Device, d tensor.DType, cp bool, f memFormat) *tensor.Tensor {
	if dev != nil {
		checkDevice(*dev)
		if !sameDevice(t, *dev) {
			return placeOn(convertInFormat(t, d, true, f), dev)
		}
	}
	return convertInFormat(t, d, cp, f)
}

// noArgs raises CPython's error for a method that takes no arguments
// (item, tolist, is_floating_point).
func noArgs(a *eval.Args, name string) {
	if len(a.Kw) > 0 {
		eval.Throw("TypeError", eval.ErrTakesNoKw, "_TensorBase."+name)
	}
	if len(a.Pos) > 0 {
		eval.Throw("TypeError", eval.ErrTakesNoArgs, "_TensorBase."+name, len(a.Pos))
	}
}

// dtypeMethod makes x.float(), x.long(), ...: t itself when it already has
// the dtype.
func dtypeMethod(name string, d tensor.DType) *eval.Builtin {
	p := newArgParser(name + "(*, MemoryFormat? memory_format=None)")
	return &eval.Builtin{Name: name, Kind: eval.TensorMethod, Sig: name + "() -> Tensor",
		Doc: "Returns the tensor converted to " + d.String() + " (the tensor itself when it already is).",
		Fn: func(a *eval.Args) eval.Value {
			b := p.parse(a)
			return convertInFormat(a.Self.(*tensor.Tensor), d, false, b.memoryFormat("memory_format"))
		}}
}

// toList is x.tolist(): nested lists of Python numbers (a number for a 0-d
// tensor).
//
// The lists and numbers are checked against the memory cap before they are
// made (MemoryError), and long conversions poll for Ctrl-C.
func toList(t *tensor.Tensor) eval.Value {
	if t.Dim() == 0 {
		return eval.FromScalar(t.Item())
	}
	shape, strides, st := t.Shape(), t.Strides(), t.Storage()
	lists := 1 // the lists to make: one per index of all dimensions but the last
	for _, n := range shape[:len(shape)-1] {
		if n != 0 && lists > math.MaxInt/(2*n) {
			eval.Throw("MemoryError", "")
		}
		lists += lists * n
	}
	eval.CheckItems(lists)
	eval.CheckItems(t.Numel())
	last := len(shape) - 1
	var build func(dim, off int) eval.Value
	build = func(dim, off int) eval.Value {
		out := make([]eval.Value, shape[dim])
		for i := range out {
			eval.Poll()
			if dim == last {
				out[i] = eval.FromScalar(st.Get(off + i*strides[dim]))
			} else {
				out[i] = build(dim+1, off+i*strides[dim])
			}
		}
		return &eval.List{Elems: out}
	}
	return build(0, t.Offset())
}

func init() {
	eval.TensorProps["is_cuda"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.Bool(t.Device().Type == "cuda") }
	eval.RegisterTorch(
		&eval.Builtin{Name: "to", Kind: eval.TensorMethod,
			Sig: "to(device=None, dtype=None, non_blocking=False, copy=False) or to(dtype) or to(other) -> Tensor",
			Doc: "Returns the tensor converted to a dtype and/or device (those of other, when a tensor is given); the tensor itself when nothing changes and copy is False.",
			Fn: func(a *eval.Args) eval.Value {
				t := a.Self.(*tensor.Tensor)
				b := toParser.parse(a)
				switch b.idx {
				case 0:
					return toOn(t, b.device("device"), b.dtypeOr("dtype", t.DType()), b.bool("copy", false), b.memoryFormat("memory_format"))
				case 1:
					return toOn(t, nil, b.dtypeOr("dtype", t.DType()), b.bool("copy", false), b.memoryFormat("memory_format"))
				}
				var other *tensor.Tensor
				switch x := b.val("tensor").(type) {
				case *tensor.Tensor:
					other = x
				default: // a number, wrapped as a 0-d tensor
					s, _ := eval.ToScalar(x)
					d := tensor.Float64
					switch s.Kind {
					case tensor.BoolScalar:
						d = tensor.Bool
					case tensor.IntScalar:
						d = tensor.Int64
					}
					other = tensor.Scalar0(s, d)
				}
				dev := other.Device()
				return toOn(t, &dev, other.DType(), b.bool("copy", false), b.memoryFormat("memory_format"))
			}},
		&eval.Builtin{Name: "type", Kind: eval.TensorMethod,
			Sig: "type(dtype=None, non_blocking=False) -> str or Tensor",
			Doc: "Without dtype, returns the tensor's type name ('torch.FloatTensor'); with a dtype or a type name, returns the tensor converted to it.",
			Fn: func(a *eval.Args) eval.Value {
				t := a.Self.(*tensor.Tensor)
				b := typeParser.parse(a)
				switch x := b.val("dtype").(type) {
				case nil:
					return eval.Str(tensorTypeName(t))
				case eval.DTypeValue:
					return convertInFormat(t, x.D, false, b.memoryFormat("memory_format"))
				case eval.Str:
					return convertInFormat(t, dtypeOfTypeName(string(x)), false, b.memoryFormat("memory_format"))
				case *eval.Class:
					if d, ok := legacyClassDType(x); ok {
						return convertTensor(t, d, false)
					}
					eval.Throw("ValueError", errInvalidType, x.Name[eval.LastDot(x.Name)+1:])
				}
				eval.Throw("TypeError", errDTypeArgType)
				return nil
			}},
		dtypeMethod("float", tensor.Float32),
		dtypeMethod("double", tensor.Float64),
		dtypeMethod("half", tensor.Float16),
		dtypeMethod("bfloat16", tensor.BFloat16),
		dtypeMethod("long", tensor.Int64),
		dtypeMethod("int", tensor.Int32),
		dtypeMethod("short", tensor.Int16),
		dtypeMethod("char", tensor.Int8),
		dtypeMethod("byte", tensor.Uint8),
		dtypeMethod("bool", tensor.Bool),
		&eval.Builtin{Name: "cpu", Kind: eval.TensorMethod, Sig: "cpu() -> Tensor",
			Doc: "Returns the tensor on the CPU (the tensor itself when it is there).",
			Fn: func(a *eval.Args) eval.Value {
				b := cpuParser.parse(a)
				t := a.Self.(*tensor.Tensor)
				if f := b.memoryFormat("memory_format"); f != fmtNone {
					return toOn(t, &tensor.CPU, t.DType(), false, f)
				}
				return placeOn(t, &tensor.CPU)
			}},
		&eval.Builtin{Name: "cuda", Kind: eval.TensorMethod, Sig: "cuda(device=None, non_blocking=False) -> Tensor",
			Doc: "Returns a copy of the tensor on a CUDA device (a device of NVIDIA's OpenCL platform, docs/gpu.md); PyTorch's CPU-build error without one.",
			Fn: func(a *eval.Args) eval.Value {
				b := cudaParser.parse(a)
				dev := tensor.Device{Type: "cuda", Index: -1}
				if d := b.device("device"); d != nil {
					if d.Type != "cuda" {
						eval.Throw("RuntimeError", errCudaInvalidDevice)
					}
					dev = *d
				}
				return placeOn(a.Self.(*tensor.Tensor), &dev)
			}},
		&eval.Builtin{Name: "item", Kind: eval.TensorMethod, Sig: "item() -> number",
			Doc: "Returns the value of a one-element tensor as a Python number (float for floating dtypes, widened exactly).",
			Fn: func(a *eval.Args) eval.Value {
				noArgs(a, "item")
				return eval.FromScalar(a.Self.(*tensor.Tensor).Item())
			}},
		&eval.Builtin{Name: "tolist", Kind: eval.TensorMethod, Sig: "tolist() -> list or number",
			Doc: "Returns the tensor's values as nested lists of Python numbers (a number for a 0-d tensor).",
			Fn: func(a *eval.Args) eval.Value {
				noArgs(a, "tolist")
				return toList(a.Self.(*tensor.Tensor))
			}},
	)
}

// ---- new_* ----

var (
	newSizedSig = "(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
	newZeros    = newArgParser("new_zeros" + newSizedSig)
	newOnes     = newArgParser("new_ones" + newSizedSig)
	newEmpty    = newArgParser("new_empty" + newSizedSig)
	newFull     = newArgParser("new_full(SymIntArrayRef size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)")
	newTensorP  = newArgParser("new_tensor(PyObject* data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False)")
)

// newSized makes x.new_zeros/new_ones/new_empty/new_full: a tensor of the
// given size with x's dtype and device unless given.
func newSized(p *argParser, fill func(b *boundArgs) *tensor.Scalar) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		self := a.Self.(*tensor.Tensor)
		b := p.parse(a)
		o := factoryOpts{b}
		d, _ := o.dtype(self.DType())
		dev := o.device()
		t := tensor.Empty(b.ints("size"), d)
		if v := fill(b); v != nil {
			t.Fill(tensor.CheckedScalar(*v, d))
		}
		if dev == nil {
			t = t.WithDevice(self.Device())
		}
		return o.finish(t, dev)
	}
}

func init() {
	none := func(*boundArgs) *tensor.Scalar { return nil }
	eval.RegisterTorch(
		&eval.Builtin{Name: "new_zeros", Kind: eval.TensorMethod, Sig: "new_zeros(size, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of zeros of the given size, with this tensor's dtype and device unless given.",
			Fn:  newSized(newZeros, none)},
		&eval.Builtin{Name: "new_ones", Kind: eval.TensorMethod, Sig: "new_ones(size, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of ones of the given size, with this tensor's dtype and device unless given.",
			Fn:  newSized(newOnes, func(*boundArgs) *tensor.Scalar { v := tensor.IntS(1); return &v })},
		&eval.Builtin{Name: "new_empty", Kind: eval.TensorMethod, Sig: "new_empty(size, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns an uninitialized tensor (zero-filled in tensh) of the given size, with this tensor's dtype and device unless given.",
			Fn:  newSized(newEmpty, none)},
		&eval.Builtin{Name: "new_full", Kind: eval.TensorMethod, Sig: "new_full(size, fill_value, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of the given size filled with fill_value, with this tensor's dtype and device unless given.",
			Fn:  newSized(newFull, func(b *boundArgs) *tensor.Scalar { v := b.scalar("fill_value"); return &v })},
		&eval.Builtin{Name: "new_tensor", Kind: eval.TensorMethod, Sig: "new_tensor(data, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor copied from data, with this tensor's dtype and device unless given.",
			Fn: func(a *eval.Args) eval.Value {
				self := a.Self.(*tensor.Tensor)
				b := newTensorP.parse(a)
				d := b.dtypeOr("dtype", self.DType())
				if _, ok := b.val("data").(*tensor.Tensor); ok {
					a.Session().Warn("UserWarning", errCopyConstructNew)
				}
				dev := b.device("device")
				if dev == nil {
					sd := self.Device()
					dev = &sd
				}
				t := newFromData(b.val("data"), &d, dev, true)
				if b.bool("requires_grad", false) && !t.DType().IsFloat() {
					eval.Throw("RuntimeError", errRequiresGradDType)
				}
				return t
			}},
	)
}
