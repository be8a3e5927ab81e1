package eval

import (
	"strings"
	"sync"

	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor properties (shape, dtype, T, ...) and the methods that describe a
// tensor's geometry and storage (size, stride, storage_offset, ...).

// warned records the UserWarnings each session has printed. At Python's
// prompt every statement is line 1 of __main__, so the warnings registry
// shows a given warning once per session (and x.T's is TORCH_WARN_ONCE).
var warned sync.Map // warnKey -> bool

type warnKey struct {
	s   *Session
	msg string
}

// warnOnce prints a UserWarning the first time the session meets it.
func (s *Session) warnOnce(msg string) {
	if _, done := warned.LoadOrStore(warnKey{s, msg}, true); !done {
		s.Warn("UserWarning", msg)
	}
}

func (s *Session) warnFunc() func(string) { return s.warnOnce }

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
		return t.NumpyT()
	}
	tensorProps["mT"] = func(s *Session, t *tensor.Tensor) Value { return t.MatrixT("mT") }
	tensorProps["mH"] = func(s *Session, t *tensor.Tensor) Value { return t.MatrixT("mH") }
	tensorProps["H"] = func(s *Session, t *tensor.Tensor) Value { return t.MatrixH() }

	register(
		&Builtin{Name: "size", Kind: TensorMethod, Sig: "size(dim=None) -> torch.Size or int",
			Doc: "Returns the sizes of the tensor, or the size of one dimension.",
			Fn: func(a *Args) Value {
				t, d, ok := dimArg(a)
				if !ok {
					return Size(append([]int{}, t.Shape()...))
				}
				return MakeInt(int64(t.Size(d)))
			}},
		&Builtin{Name: "stride", Kind: TensorMethod, Sig: "stride(dim=None) -> tuple or int",
			Doc: "Returns the strides of the tensor (in elements), or the stride of one dimension.",
			Fn: func(a *Args) Value {
				t, d, ok := dimArg(a)
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
			Fn:  func(a *Args) Value { return MakeInt(int64(selfOnly(a).Numel())) }},
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
				var t *tensor.Tensor
				var mf Value
				noPositional(a, 1)
				a.Unpack("self", &t, "$memory_format?", &mf)
				return Bool(t.IsContiguous())
			}},
		&Builtin{Name: "data_ptr", Kind: TensorMethod, Sig: "data_ptr() -> int",
			Doc: "Returns the address of the first element. tensh's addresses are made up (64-byte aligned per storage), but views of one storage differ by offset × element size, as in PyTorch.",
			Fn:  func(a *Args) Value { return MakeInt(int64(noArgTensor(a).DataPtr())) }},
		&Builtin{Name: "is_floating_point", Kind: TensorMethod | TorchFunc, Sig: "is_floating_point(input) -> bool",
			Doc: "Reports whether the dtype is a floating-point type.",
			Fn:  func(a *Args) Value { return Bool(selfOnly(a).DType().IsFloat()) }},
		&Builtin{Name: "is_complex", Kind: TensorMethod | TorchFunc, Sig: "is_complex(input) -> bool",
			Doc: "Reports whether the dtype is complex (never, in tensh).",
			Fn:  func(a *Args) Value { selfOnly(a); return Bool(false) }},
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

func storageOf(a *Args) *tensor.Storage {
	a.Unpack("self", new(Value))
	return a.Self.(*StorageValue).T.Storage()
}

// noArgTensor is the receiver of a method that takes no arguments, with
// Python's message for extra ones.
func noArgTensor(a *Args) *tensor.Tensor {
	if len(a.Pos) > 0 || len(a.Kw) > 0 {
		if len(a.Kw) > 0 {
			throw("TypeError", errTakesNoKw, a.Name)
		}
		throw("TypeError", errTakesNoArgs, a.Name, len(a.Pos))
	}
	return a.Self.(*tensor.Tensor)
}

// dimArg reads the optional dim of size() and stride(); PyTorch treats an
// explicit None or a str as a dimension name.
func dimArg(a *Args) (t *tensor.Tensor, dim int, ok bool) {
	var d Value
	a.Unpack("self", &t, "dim?", &d)
	switch x := d.(type) {
	case nil:
		return t, 0, false
	case NoneType:
		throw("RuntimeError", errDimNameNone)
	case Str:
		names := make([]string, t.Dim())
		for i := range names {
			names[i] = "None"
		}
		throw("RuntimeError", errDimNameNotFound, string(x), strings.Join(names, ", "))
	case Int, Bool:
		return t, int(a.toInt("dim", x)), true
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(false) {
			return t, int(x.Item().Int()), true
		}
	}
	a.invalid()
	return
}
