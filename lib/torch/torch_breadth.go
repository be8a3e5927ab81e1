package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.dist, Tensor.is_set_to, tril_ and triu_.

var (
	distSigs    = newArgParser("dist(Tensor input, Tensor other, Scalar p=2)")
	isSetToSigs = newArgParser("is_set_to(Tensor input, Tensor tensor)")
	trilISigs   = newArgParser("tril_(Tensor input, int64_t diagonal=0)")
	triuISigs   = newArgParser("triu_(Tensor input, int64_t diagonal=0)")
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
		&eval.Builtin{Name: "tril_", Kind: eval.TensorMethod, Sig: "tril_(diagonal=0) -> Tensor",
			Doc: "In-place tril(): zeroes the elements above the given diagonal of the last two dimensions.", Fn: triangleInplace(trilISigs, true)},
		&eval.Builtin{Name: "triu_", Kind: eval.TensorMethod, Sig: "triu_(diagonal=0) -> Tensor",
			Doc: "In-place triu(): zeroes the elements below the given diagonal of the last two dimensions.", Fn: triangleInplace(triuISigs, false)},
	)
}

// triangleInplace writes tril(self, k) (triu when !lower) into self.
func triangleInplace(p *argParser, lower bool) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		r := p.parse(a)
		t := r.tensor("input")
		res := tensor.Triu(t, r.int("diagonal", 0))
		if lower {
			res = tensor.Tril(t, r.int("diagonal", 0))
		}
		tensor.CopyInto(t, res)
		return t
	}
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
