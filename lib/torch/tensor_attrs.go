package torch

import (
	. "github.com/tensh/tensh/eval"

	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor properties (shape, dtype, T, ...) and the methods that describe a
// tensor's geometry and storage (size, stride, storage_offset, ...).

// warnFunc is the warning callback of the runtime's TORCH_WARN warnings.
func warnFunc(s *Session) func(string) {
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
	TensorProps["shape"] = func(s *Session, t *tensor.Tensor) Value { return Size(append([]int{}, t.Shape()...)) }
	TensorProps["dtype"] = func(s *Session, t *tensor.Tensor) Value { return DTypeValue{D: t.DType()} }
	TensorProps["device"] = func(s *Session, t *tensor.Tensor) Value { return DeviceValue{D: t.Device()} }
	TensorProps["ndim"] = func(s *Session, t *tensor.Tensor) Value { return MakeInt(int64(t.Dim())) }
	TensorProps["is_cuda"] = func(s *Session, t *tensor.Tensor) Value { return Bool(t.Device().Type == "cuda") }
	TensorProps["T"] = func(s *Session, t *tensor.Tensor) Value {
		if n := t.Dim(); n != 2 && n != 0 {
			s.WarnOnce(tensor.WarnNumpyT)
		}
		return gradView("PermuteBackward0", t, t.NumpyT())
	}
	TensorProps["mT"] = func(s *Session, t *tensor.Tensor) Value { return gradView("TransposeBackward0", t, t.MatrixT("mT")) }
	TensorProps["mH"] = func(s *Session, t *tensor.Tensor) Value { return gradView("TransposeBackward0", t, t.MatrixT("mH")) }
	TensorProps["H"] = func(s *Session, t *tensor.Tensor) Value { return gradView("TransposeBackward0", t, t.MatrixH()) }

	RegisterTorch(
		&Builtin{Name: "size", Kind: TensorMethod, Sig: "size(dim=None) -> torch.Size or int",
			Doc: "Returns the sizes of the tensor, or the size of one dimension.",
			Fn: func(a *Args) Value {
				t, d, ok := dimArg(a, sizeSigs)
				if !ok {
					return Size(append([]int{}, t.Shape()...))
				}
				return MakeInt(int64(t.Size(d)))
			}},
		&Builtin{Name: "stride", Kind: TensorMethod, Sig: "stride(dim=None) -> tuple or int",
			Doc: "Returns the strides of the tensor (in elements), or the stride of one dimension.",
			Fn: func(a *Args) Value {
				t, d, ok := dimArg(a, strideSigs)
				if !ok {
					out := make(Tuple, t.Dim())
					for i, st := range t.Strides() {
						out[i] = MakeInt(int64(st))
					}
					return out
				}
				return MakeInt(int64(t.Stride(d)))
			}},
		&Builtin{Name: "dim", Kind: TensorMethod, Sig: "dim() -> int",
			Doc: "Returns the number of dimensions.",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).Dim())) }},
		&Builtin{Name: "ndimension", Kind: TensorMethod, Sig: "ndimension() -> int",
			Doc: "Alias of dim().",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).Dim())) }},
		&Builtin{Name: "numel", Kind: TensorMethod | TorchFunc, Sig: "numel(input) -> int",
			Doc: "Returns the number of elements.",
			Fn:  func(a *Args) Value { return MakeInt(int64(tensorOnly(numelSigs, a).Numel())) }},
		&Builtin{Name: "nelement", Kind: TensorMethod, Sig: "nelement() -> int",
			Doc: "Alias of numel().",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).Numel())) }},
		&Builtin{Name: "element_size", Kind: TensorMethod, Sig: "element_size() -> int",
			Doc: "Returns the size of one element in bytes.",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).DType().ItemSize())) }},
		&Builtin{Name: "storage", Kind: TensorMethod, Sig: "storage() -> torch.TypedStorage",
			Doc: "Returns the whole underlying storage, whatever part of it this view covers.",
			Fn:  func(a *Args) Value { return &StorageValue{T: noArgTensor(a)} }},
		&Builtin{Name: "storage_offset", Kind: TensorMethod, Sig: "storage_offset() -> int",
			Doc: "Returns the index in the storage of the tensor's first element.",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).Offset())) }},
		&Builtin{Name: "is_contiguous", Kind: TensorMethod, Sig: "is_contiguous(memory_format=torch.contiguous_format) -> bool",
			Doc: "Reports whether the tensor is laid out row-major without gaps (size-1 dimensions ignored).",
			Fn: func(a *Args) Value {
				b := isContiguousSigs.parse(a)
				return Bool(isContiguousAs(b.tensor("input"), b.memoryFormat("memory_format")))
			}},
		&Builtin{Name: "data_ptr", Kind: TensorMethod, Sig: "data_ptr() -> int",
			Doc: "Returns the address of the first element. tensh's addresses are made up (64-byte aligned per storage), but views of one storage differ by offset × element size, as in PyTorch.",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).DataPtr())) }},
		&Builtin{Name: "is_complex", Kind: TensorMethod | TorchFunc, Sig: "is_complex(input) -> bool",
			Doc: "Reports whether the dtype is complex (never, in tensh).",
			Fn:  func(a *Args) Value { tensorOnly(isComplexSigs, a); return Bool(false) }},
		&Builtin{Name: "is_signed", Kind: TensorMethod, Sig: "is_signed() -> bool",
			Doc: "Reports whether the dtype can hold negative values.",
			Fn:  func(a *Args) Value { return Bool(noArgTensor(a).DType().IsSigned()) }},
	)

	RegisterMethods("TypedStorage",
		Method("size", "size() -> int", "Returns the number of elements of the storage.", func(a *Args) Value {
			return MakeInt(int64(storageOf(a).Len()))
		}),
		Method("tolist", "tolist() -> list", "Returns the elements of the storage as a list.", func(a *Args) Value {
			st := storageOf(a)
			CheckItems(st.Len())
			out := make([]Value, st.Len())
			for i := range out {
				Poll()
				out[i] = FromScalar(st.Get(i))
			}
			return &List{Elems: out}
		}),
		Method("element_size", "element_size() -> int", "Returns the size of one element in bytes.", func(a *Args) Value {
			return MakeInt(int64(storageOf(a).DType().ItemSize()))
		}),
		Method("nbytes", "nbytes() -> int", "Returns the size of the storage in bytes.", func(a *Args) Value {
			st := storageOf(a)
			return MakeInt(int64(st.Len() * st.DType().ItemSize()))
		}),
		Method("data_ptr", "data_ptr() -> int", "Returns the (made-up) address of the storage.", func(a *Args) Value {
			return MakeInt(int64(tensor.StorageAddress(storageOf(a))))
		}),
	)
}

// storageGetItem is TypedStorage.__getitem__ (PyTorch 1.13's
// torch/storage.py): an int index (not a bool), wrapped as Python wraps
// it; slices are refused.
func storageGetItem(sv *StorageValue, idx Value) Value {
	st := sv.T.Storage()
	n := int64(st.Len())
	switch i := idx.(type) {
	case *Slice:
		Throw("RuntimeError", errStorageSlice)
	case Bool:
		Throw("TypeError", errStorageIndexType, Repr(TypeOf(sv)), Repr(TypeOf(idx)))
	case Int:
		k, ok := i.Int64()
		if !ok || k >= n || k < -n {
			Throw("IndexError", errStorageIndexRange, Repr(i), n)
		}
		if k < 0 {
			k += n
		}
		return FromScalar(st.Get(int(k)))
	}
	Throw("RuntimeError", errStorageIndexType, Repr(TypeOf(sv)), Repr(TypeOf(idx)))
	return nil
}

// storageSetItem is TypedStorage.__setitem__: an int (bools included) or
// a slice indexes the storage as a 1-d tensor over all of it.
func storageSetItem(s *Session, sv *StorageValue, idx, v Value) {
	switch idx.(type) {
	case Int, Bool, *Slice:
	default:
		Throw("RuntimeError", errStorageIndexType, Repr(TypeOf(sv)), Repr(TypeOf(idx)))
	}
	st := sv.T.Storage()
	tensorSetItem(s, tensor.FromStorage(st, 0, []int{st.Len()}, []int{1}), idx, v)
}

func storageOf(a *Args) *tensor.Storage {
	pyBind(a, "TypedStorage."+a.Name, 0, "self") // TypedStorage's methods are Python
	return a.Self.(*StorageValue).T.Storage()
}

// noArgTensor is the receiver of a method that takes no arguments, with
// Python's message for extra ones.
func noArgTensor(a *Args) *tensor.Tensor {
	if len(a.Pos) > 0 || len(a.Kw) > 0 {
		if len(a.Kw) > 0 {
			Throw("TypeError", ErrTakesNoKw, "_TensorBase."+a.Name)
		}
		Throw("TypeError", ErrTakesNoArgs, "_TensorBase."+a.Name, len(a.Pos))
	}
	return a.Self.(*tensor.Tensor)
}

// dimArg binds the optional dim of size() and stride(); a dimension
// name (or None) is looked up and not found.
func dimArg(a *Args, p *argParser) (t *tensor.Tensor, dim int, ok bool) {
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
