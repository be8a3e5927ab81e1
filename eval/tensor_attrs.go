package eval

import (
	"sync"

	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor properties (shape, dtype, T, ...) and the methods that describe a
// tensor's geometry and storage (size, stride, storage_offset, ...).

// warned records the warnings each session has printed. Python's default
// warnings filter shows a warning once per (text, category, module, line):
// the module's __warningregistry__ remembers it. At the prompt every
// statement is line 1 of __main__, so a given warning shows once per
// session; in a script, once per line.
var warned sync.Map // warnKey -> bool

type warnKey struct {
	s                  *Session
	loc, category, msg string
}

// warnedAt records a warning about to be shown at loc, and tells whether
// it was shown there before.
func (s *Session) warnedAt(loc, category, msg string) bool {
	_, done := warned.LoadOrStore(warnKey{s, loc, category, msg}, true)
	return done
}

// warnOnce prints a UserWarning the first time the session meets it,
// wherever that is: PyTorch's TORCH_WARN_ONCE.
func (s *Session) warnOnce(msg string) {
	if _, done := warned.LoadOrStore(warnKey{s: s, msg: msg}, true); !done {
		s.Warn("UserWarning", msg)
	}
}

// warnFunc is the warning callback of the runtime's TORCH_WARN warnings.
func (s *Session) warnFunc() func(string) {
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
	tensorProps["shape"] = func(s *Session, t *tensor.Tensor) Value { return Size(append([]int{}, t.Shape()...)) }
	tensorProps["dtype"] = func(s *Session, t *tensor.Tensor) Value { return DTypeValue{t.DType()} }
	tensorProps["device"] = func(s *Session, t *tensor.Tensor) Value { return DeviceValue{t.Device()} }
	tensorProps["ndim"] = func(s *Session, t *tensor.Tensor) Value { return MakeInt(int64(t.Dim())) }
	tensorProps["is_cuda"] = func(s *Session, t *tensor.Tensor) Value { return Bool(t.Device().Type == "cuda") }
	tensorProps["T"] = func(s *Session, t *tensor.Tensor) Value {
		if n := t.Dim(); n != 2 && n != 0 {
			s.warnOnce(tensor.WarnNumpyT)
		}
		return gradView("PermuteBackward0", t, t.NumpyT())
	}
	tensorProps["mT"] = func(s *Session, t *tensor.Tensor) Value { return gradView("TransposeBackward0", t, t.MatrixT("mT")) }
	tensorProps["mH"] = func(s *Session, t *tensor.Tensor) Value { return gradView("TransposeBackward0", t, t.MatrixT("mH")) }
	tensorProps["H"] = func(s *Session, t *tensor.Tensor) Value { return gradView("TransposeBackward0", t, t.MatrixH()) }

	register(
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
			Doc: "Reports whether the dtype is complex (complex tensors come from NumPy's complex arrays).",
			Fn:  func(a *Args) Value { return Bool(tensorOnly(isComplexSigs, a).DType().IsComplex()) }},
		&Builtin{Name: "is_signed", Kind: TensorMethod, Sig: "is_signed() -> bool",
			Doc: "Reports whether the dtype can hold negative values.",
			Fn:  func(a *Args) Value { return Bool(noArgTensor(a).DType().IsSigned()) }},
	)

	registerMethods("TypedStorage",
		method("size", "size() -> int", "Returns the number of elements of the storage.", func(a *Args) Value {
			return MakeInt(int64(storageOf(a).Len()))
		}),
		method("tolist", "tolist() -> list", "Returns the elements of the storage as a list.", func(a *Args) Value {
			st := storageOf(a)
			checkItems(st.Len())
			out := make([]Value, st.Len())
			for i := range out {
				poll()
				out[i] = FromScalar(st.Get(i))
			}
			return &List{Elems: out}
		}),
		method("element_size", "element_size() -> int", "Returns the size of one element in bytes.", func(a *Args) Value {
			return MakeInt(int64(storageOf(a).DType().ItemSize()))
		}),
		method("nbytes", "nbytes() -> int", "Returns the size of the storage in bytes.", func(a *Args) Value {
			st := storageOf(a)
			return MakeInt(int64(st.Len() * st.DType().ItemSize()))
		}),
		method("data_ptr", "data_ptr() -> int", "Returns the (made-up) address of the storage.", func(a *Args) Value {
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
		throw("RuntimeError", errStorageSlice)
	case Bool:
		throw("TypeError", errStorageIndexType, Repr(typeOf(sv)), Repr(typeOf(idx)))
	case Int:
		k, ok := i.Int64()
		if !ok || k >= n || k < -n {
			throw("IndexError", errStorageIndexRange, Repr(i), n)
		}
		if k < 0 {
			k += n
		}
		return FromScalar(st.Get(int(k)))
	}
	throw("RuntimeError", errStorageIndexType, Repr(typeOf(sv)), Repr(typeOf(idx)))
	return nil
}

// storageSetItem is TypedStorage.__setitem__: an int (bools included) or
// a slice indexes the storage as a 1-d tensor over all of it.
func (s *Session) storageSetItem(sv *StorageValue, idx, v Value) {
	switch idx.(type) {
	case Int, Bool, *Slice:
	default:
		throw("RuntimeError", errStorageIndexType, Repr(typeOf(sv)), Repr(typeOf(idx)))
	}
	st := sv.T.Storage()
	s.tensorSetItem(tensor.FromStorage(st, 0, []int{st.Len()}, []int{1}), idx, v)
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
			throw("TypeError", errTakesNoKw, "_TensorBase."+a.Name)
		}
		throw("TypeError", errTakesNoArgs, "_TensorBase."+a.Name, len(a.Pos))
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
