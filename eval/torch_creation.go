package eval

import "github.com/tensh/tensh/runtime/tensor"

func init() {
	register(&Builtin{Name: "empty", Kind: TorchFunc, Sig: "empty(*size, dtype=None, device=None) -> Tensor",
		Doc: "Returns a tensor of the given size whose values are not initialized.",
		Fn: func(a *Args) Value {
			var size []int
			dt := tensor.DefaultFloat()
			a.Unpack("*size", &size, "$dtype?", &dt)
			return tensor.Empty(size, dt)
		}})
}
