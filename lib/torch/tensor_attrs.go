package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor properties (shape, dtype, T, ...) and the methods that describe a
// tensor's geometry and storage (size, stride, storage_offset, ...).

// warnFunc is the warning callback of the runtime's TORCH_WARN warnings.
func warnFunc(s *eval.Session) func(string) {
	return func(msg string) { s.Warn("UserWarning", msg) }
}

var (
	sizeSigs         = newArgParser("size(Tensor input, int64_t dim)", "size(Tensor input)", "size(Tensor input, Dimname dim)")
	strideSigs       = newArgParser("stride(Tensor input, int64_t dim)", "stride(Tensor input)", "stride(Tensor input, Dimname dim)")
	numelSigs        = newArgParser("numel(Tensor input)")
	isComplexSigs    = newArgParser("is_complex(Tensor input)")
	isContiguousSigs = newArgParser("is_contiguous(Tensor input, *, MemoryFormat memory_format=contiguous_format)")
)

func init() {
	eval.TensorProps["shape"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.Size(append([]int{}, t.Shape()...)) }
	eval.TensorProps["dtype"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.DTypeValue{D: t.DType()} }
	eval.TensorProps["device"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.DeviceValue{D: t.Device()} }
	eval.TensorProps["ndim"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.MakeInt(int64(t.Dim())) }
	eval.TensorProps["is_cuda"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.Bool(t.Device().Type == "cuda") }
	eval.TensorProps["T"] = func(s *eval.Session, t *tensor.Tensor) eval.Value {
		if n := t.Dim(); n != 2 && n != 0 {
			s.WarnOnce(tensor.WarnNumpyT)
		}
		return gradView("PermuteBackward0", t, t.NumpyT())
	}
	eval.TensorProps["mT"] = func(s *eval.Session, t *tensor.Tensor) eval.Value {
		return gradView("TransposeBackward0", t, t.MatrixT("mT"))
	}
	eval.TensorProps["mH"] = func(s *eval.Session, t *tensor.Tensor) eval.Value {
		return gradView("TransposeBackward0", t, t.MatrixT("mH"))
	}
	eval.TensorProps["H"] = func(s *eval.Session, t *tensor.Tensor) eval.Value {
		return gradView("TransposeBackward0", t, t.MatrixH())
	}

	eval.RegisterTorch(
		&eval.Builtin{Name: "size", Kind: eval.TensorMethod, Sig: "size(dim=None) -> torch.Size or int",
			Doc: "Returns the sizes of the tensor, or the size of one dimension.",
			Fn: func(a *eval.Args) eval.Value {
				t, d, ok := dimArg(a, sizeSigs)
				if !ok {
					return eval.Size(append([]int{}, t.Shape()...))
				}
				return eval.MakeInt(int64(t.Size(d)))
			}},
		&eval.Builtin{Name: "stride", Kind: eval.TensorMethod, Sig: "stride(dim=None) -> tuple or int",
			Doc: "Returns the strides of the tensor (in elements), or the stride of one dimension.",
			Fn: func(a *eval.Args) eval.Value {
				t, d, ok := dimArg(a, strideSigs)
				if !ok {
					out := make(eval.Tuple, t.Dim())
					for i, st := range t.Strides() {
						out[i] = eval.MakeInt(int64(st))
					}
					return out
				}
				return eval.MakeInt(int64(t.Stride(d)))
			}},
		&eval.Builtin{Name: "dim", Kind: eval.TensorMethod, Sig: "dim() -> int",
			Doc: "Returns the number of dimensions.",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(noArgTensor(a).Dim())) }},
		&eval.Builtin{Name: "ndimension", Kind: eval.TensorMethod, Sig: "ndimension() -> int",
			Doc: "Alias of dim().",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(noArgTensor(a).Dim())) }},
		&eval.Builtin{Name: "numel", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "numel(input) -> int",
			Doc: "Returns the number of elements.",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(tensorOnly(numelSigs, a).Numel())) }},
		&eval.Builtin{Name: "nelement", Kind: eval.TensorMethod, Sig: "nelement() -> int",
			Doc: "Alias of numel().",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(noArgTensor(a).Numel())) }},
		&eval.Builtin{Name: "element_size", Kind: eval.TensorMethod, Sig: "element_size() -> int",
			Doc: "Returns the size of one element in bytes.",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(noArgTensor(a).DType().ItemSize())) }},
		&eval.Builtin{Name: "storage", Kind: eval.TensorMethod, Sig: "storage() -> torch.TypedStorage",
			Doc: "Returns the whole underlying storage, whatever part of it this view covers.",
			Fn:  func(a *eval.Args) eval.Value { return &eval.StorageValue{T: noArgTensor(a)} }},
		&eval.Builtin{Name: "storage_offset", Kind: eval.TensorMethod, Sig: "storage_offset() -> int",
			Doc: "Returns the index in the storage of the tensor's first element.",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(noArgTensor(a).Offset())) }},
		&eval.Builtin{Name: "is_contiguous", Kind: eval.TensorMethod, Sig: "is_contiguous(memory_format=torch.contiguous_format) -> bool",
			Doc: "Reports whether the tensor is laid out row-major without gaps (size-1 dimensions ignored).",
			Fn: func(a *eval.Args) eval.Value {
				b := isContiguousSigs.parse(a)
				return eval.Bool(isContiguousAs(b.tensor("input"), b.memoryFormat("memory_format")))
			}},
		&eval.Builtin{Name: "data_ptr", Kind: eval.TensorMethod, Sig: "data_ptr() -> int",
			Doc: "Returns the address of the first element. tensh's addresses are made up (64-byte aligned per storage), but views of one storage differ by offset × element size, as in PyTorch.",
			Fn:  func(a *eval.Args) eval.Value { return eval.MakeInt(int64(noArgTensor(a).DataPtr())) }},
		&eval.Builtin{Name: "is_complex", Kind: eval.TensorMethod | eval.TorchFunc, Sig: "is_complex(input) -> bool",
			Doc: "Reports whether the dtype is complex (complex tensors come from NumPy's complex arrays).",
			Fn:  func(a *eval.Args) eval.Value { return eval.Bool(tensorOnly(isComplexSigs, a).DType().IsComplex()) }},
		&eval.Builtin{Name: "is_signed", Kind: eval.TensorMethod, Sig: "is_signed() -> bool",
			Doc: "Reports whether the dtype can hold negative values.",
			Fn:  func(a *eval.Args) eval.Value { return eval.Bool(noArgTensor(a).DType().IsSigned()) }},
	)

	eval.RegisterMethods("TypedStorage",
		eval.Method("size", "size() -> int", "Returns the number of elements of the storage.", func(a *eval.Args) eval.Value {
			return eval.MakeInt(int64(storageOf(a).Len()))
		}),
		eval.Method("tolist", "tolist() -> list", "Returns the elements of the storage as a list.", func(a *eval.Args) eval.Value {
			st := storageOf(a)
			eval.CheckItems(st.Len())
			out := make([]eval.Value, st.Len())
			for i := range out {
				eval.Poll()
				out[i] = eval.FromScalar(st.Get(i))
			}
			return &eval.List{Elems: out}
		}),
		eval.Method("element_size", "element_size() -> int", "Returns the size of one element in bytes.", func(a *eval.Args) eval.Value {
			return eval.MakeInt(int64(storageOf(a).DType().ItemSize()))
		}),
		eval.Method("nbytes", "nbytes() -> int", "Returns the size of the storage in bytes.", func(a *eval.Args) eval.Value {
			st := storageOf(a)
			return eval.MakeInt(int64(st.Len() * st.DType().ItemSize()))
		}),
		eval.Method("data_ptr", "data_ptr() -> int", "Returns the (made-up) address of the storage.", func(a *eval.Args) eval.Value {
			return eval.MakeInt(int64(tensor.StorageAddress(storageOf(a))))
		}),
	)
}

// storageGetItem is TypedStorage.__getitem__ (PyTorch 1.13's
// torch/storage.py): an int index (not a bool), wrapped as Python wraps
// it; slices are refused.
func storageGetItem(sv *eval.StorageValue, idx eval.Value) eval.Value {
	st := sv.T.Storage()
	n := int64(st.Len())
	switch i := idx.(type) {
	case *eval.Slice:
		eval.Throw("RuntimeError", errStorageSlice)
	case eval.Bool:
		eval.Throw("TypeError", errStorageIndexType, eval.Repr(eval.TypeOf(sv)), eval.Repr(eval.TypeOf(idx)))
	case eval.Int:
		k, ok := i.Int64()
		if !ok || k >= n || k < -n {
			eval.Throw("IndexError", errStorageIndexRange, eval.Repr(i), n)
		}
		if k < 0 {
			k += n
		}
		return eval.FromScalar(st.Get(int(k)))
	}
	eval.Throw("RuntimeError", errStorageIndexType, eval.Repr(eval.TypeOf(sv)), eval.Repr(eval.TypeOf(idx)))
	return nil
}

// storageSetItem is TypedStorage.__setitem__: an int (bools included) or
// a slice indexes the storage as a 1-d tensor over all of it.
func storageSetItem(s *eval.Session, sv *eval.StorageValue, idx, v eval.Value) {
	switch idx.(type) {
	case eval.Int, eval.Bool, *eval.Slice:
	default:
		eval.Throw("RuntimeError", errStorageIndexType, eval.Repr(eval.TypeOf(sv)), eval.Repr(eval.TypeOf(idx)))
	}
	st := sv.T.Storage()
	tensorSetItem(s, tensor.FromStorage(st, 0, []int{st.Len()}, []int{1}), idx, v)
}

func storageOf(a *eval.Args) *tensor.Storage {
	pyBind(a, "TypedStorage."+a.Name, 0, "self") // TypedStorage's methods are Python
	return a.Self.(*eval.StorageValue).T.Storage()
}

// noArgTensor is the receiver of a method that takes no arguments, with
// Python's message for extra ones.
func noArgTensor(a *eval.Args) *tensor.Tensor {
	if len(a.Pos) > 0 || len(a.Kw) > 0 {
		if len(a.Kw) > 0 {
			eval.Throw("TypeError", eval.ErrTakesNoKw, "_TensorBase."+a.Name)
		}
		eval.Throw("TypeError", eval.ErrTakesNoArgs, "_TensorBase."+a.Name, len(a.Pos))
	}
	return a.Self.(*tensor.Tensor)
}

// dimArg binds the optional dim of size() and stride(); a dimension
// name (or None) is looked up and not found.
func dimArg(a *eval.Args, p *argParser) (t *tensor.Tensor, dim int, ok bool) {
	r := p.parse(a)
	t = r.tensor("input")
	switch r.idx {
	case 0:
		return t, r.int("dim", 0), true
	case 2:
		r.dimname("dim", t)
	}
	return t, 0, false
}
