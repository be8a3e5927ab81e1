package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The in-place view methods: t_, transpose_, swapaxes_, swapdims_,
// unsqueeze_ and squeeze_ give the tensor the geometry of the view their
// out-of-place forms make (autograd records them: autograd_call.go).

func inplaceView(a *eval.Args, view func(t *tensor.Tensor) *tensor.Tensor) eval.Value {
	t, ok := a.Self.(*tensor.Tensor)
	if !ok {
		a.Invalid()
	}
	v := view(t)
	t.SetGeometry(v.Shape(), v.Strides(), v.Offset())
	return t
}

func init() {
	transposeIP := func(name string) *eval.Builtin {
		return &eval.Builtin{Name: name, Kind: eval.TensorMethod, Sig: name + "(dim0, dim1) -> Tensor",
			Doc: "In-place transpose: the tensor itself becomes its transpose of dims dim0 and dim1.",
			Fn: func(a *eval.Args) eval.Value {
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor {
					var d0, d1 int
					a.Unpack("self", new(eval.Value), "dim0", &d0, "dim1", &d1)
					return t.Transpose(d0, d1)
				})
			}}
	}
	eval.RegisterTorch(
		&eval.Builtin{Name: "t_", Kind: eval.TensorMethod, Sig: "t_() -> Tensor",
			Doc: "In-place t(): a matrix becomes its transpose.",
			Fn: func(a *eval.Args) eval.Value {
				noArgTensor(a)
				if t := a.Self.(*tensor.Tensor); t.Dim() > 2 {
					eval.Throw("RuntimeError", errTInplaceDims, t.Dim()) // t_'s own name, not t()'s
				}
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor { return t.T() })
			}},
		transposeIP("transpose_"), transposeIP("swapaxes_"), transposeIP("swapdims_"),
		&eval.Builtin{Name: "unsqueeze_", Kind: eval.TensorMethod, Sig: "unsqueeze_(dim) -> Tensor",
			Doc: "In-place unsqueeze(dim): a size-1 dimension is inserted at dim.",
			Fn: func(a *eval.Args) eval.Value {
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor {
					var d int
					a.Unpack("self", new(eval.Value), "dim", &d)
					return t.Unsqueeze(d)
				})
			}},
		&eval.Builtin{Name: "squeeze_", Kind: eval.TensorMethod, Sig: "squeeze_(dim=None) -> Tensor",
			Doc: "In-place squeeze(): size-1 dimensions (or the one at dim) are removed.",
			Fn: func(a *eval.Args) eval.Value {
				return inplaceView(a, func(t *tensor.Tensor) *tensor.Tensor {
					var d eval.Value = eval.None
					a.Unpack("self", new(eval.Value), "dim?", &d)
					if i, ok := d.(eval.Int); ok {
						n, _ := i.Int64()
						return t.SqueezeDim(int(n))
					}
					return t.Squeeze()
				})
			}},
	)
}
