package torch

import (
	. "github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The in-place view methods: t_, transpose_, swapaxes_, swapdims_,
// unsqueeze_ and squeeze_ give the tensor the geometry of the view their
// out-of-place forms make (autograd records them: eval/autograd_call.go).

func inplaceView(a *Args, view func(t *tensor.Tensor) *tensor.Tensor) Value {
	t, ok := a.Self.(*tensor.Tensor)
	if !ok {
		a.Invalid()
	}
	v := view(t)
	t.SetGeometry(v.Shape(), v.Strides(), v.Offset())
	return t
}

func init() {
	transposeIP := func(name string) *Builtin {
		return &Builtin{Name: name, Kind: TensorMethod, Sig: name + "(dim0, dim1) -> Tensor",
			Doc: "In-place transpose: the tensor itself becomes its transpose of dims dim0 and dim1.",
			Fn: func(a *Args) Value {
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor {
					var d0, d1 int
					a.Unpack("self", new(Value), "dim0", &d0, "dim1", &d1)
					return t.Transpose(d0, d1)
				})
			}}
	}
	RegisterTorch(
		&Builtin{Name: "t_", Kind: TensorMethod, Sig: "t_() -> Tensor",
			Doc: "In-place t(): a matrix becomes its transpose.",
			Fn: func(a *Args) Value {
				noArgTensor(a)
				if t := a.Self.(*tensor.Tensor); t.Dim() > 2 {
					Throw("RuntimeError", errTInplaceDims, t.Dim()) // t_'s own name, not t()'s
				}
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor { return t.T() })
			}},
		transposeIP("transpose_"), transposeIP("swapaxes_"), transposeIP("swapdims_"),
		&Builtin{Name: "unsqueeze_", Kind: TensorMethod, Sig: "unsqueeze_(dim) -> Tensor",
			Doc: "In-place unsqueeze(dim): a size-1 dimension is inserted at dim.",
			Fn: func(a *Args) Value {
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor {
					var d int
					a.Unpack("self", new(Value), "dim", &d)
					return t.Unsqueeze(d)
				})
			}},
		&Builtin{Name: "squeeze_", Kind: TensorMethod, Sig: "squeeze_(dim=None) -> Tensor",
			Doc: "In-place squeeze(): size-1 dimensions (or the one at dim) are removed.",
			Fn: func(a *Args) Value {
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor {
					var d Value = None
					a.Unpack("self", new(Value), "dim?", &d)
					if i, ok := d.(Int); ok {
						n, _ := i.Int64()
						return t.SqueezeDim(int(n))
					}
					return t.Squeeze()
				})
			}},
	)
}
