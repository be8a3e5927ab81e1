package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.dist and Tensor.is_set_to.

var (
	distSigs    = newArgParser("dist(Tensor input, Tensor other, Scalar p=2)")
	isSetToSigs = newArgParser("is_set_to(Tensor input, Tensor tensor)")
)

func init() {
	gradUnsupported["dist"] = true
	eval.RegisterTorch(
		&eval.Builtin{Name: "dist", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "dist(input, other, p=2) -> Tensor",
			Doc: "The p-norm of input - other (broadcast), as a 0-d tensor: p a number, inf or -inf (p=0 counts the nonzero differences).",
			Fn: func(a *eval.Args) eval.Value {
				r := distSigs.parse(a)
				x, y := r.tensor("input"), r.tensor("other")
				p := 2.0
				if r.has("p") {
					p = r.scalar("p").Float()
				}
				d := tensor.Sub(tensor.TensorOperand(x), tensor.TensorOperand(y), tensor.IntS(1), tensor.Opts{})
				return laVectorNorm("dist", d, p, nil, false)
			}},
		&eval.Builtin{Name: "is_set_to", Kind: eval.TensorMethod, Sig: "is_set_to(tensor) -> bool",
			Doc: "Whether self and tensor are the same view of the same storage: same storage, offset, sizes and strides.",
			Fn: func(a *eval.Args) eval.Value {
				r := isSetToSigs.parse(a)
				x, y := r.tensor("input"), r.tensor("tensor")
				same := tensor.SameStorage(x.Storage(), y.Storage()) && x.Offset() == y.Offset() &&
					eqInts(x.Shape(), y.Shape()) && eqInts(x.Strides(), y.Strides())
				return eval.Bool(same)
			}},
	)
}

func eqInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
