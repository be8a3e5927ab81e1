package eval

import "github.com/tensh/tensh/runtime/tensor"

func init() {
	tensorProps["shape"] = func(s *Session, t *tensor.Tensor) Value { return Size(append([]int{}, t.Shape()...)) }
	tensorProps["dtype"] = func(s *Session, t *tensor.Tensor) Value { return DTypeValue{t.DType()} }
	tensorProps["device"] = func(s *Session, t *tensor.Tensor) Value { return DeviceValue{t.Device()} }
	tensorProps["ndim"] = func(s *Session, t *tensor.Tensor) Value { return MakeInt(int64(t.Dim())) }
	register(&Builtin{Name: "size", Kind: TensorMethod, Sig: "size(dim=None) -> torch.Size or int",
		Doc: "Returns the sizes of the tensor, or the size of one dimension.",
		Fn: func(a *Args) Value {
			var t *tensor.Tensor
			var dim Value = None
			a.Unpack("self", &t, "dim?", &dim)
			if _, ok := dim.(NoneType); ok {
				return Size(append([]int{}, t.Shape()...))
			}
			return MakeInt(int64(t.Size(int(a.toInt("dim", dim)))))
		}})
}
