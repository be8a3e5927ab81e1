package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.bernoulli, Tensor.bernoulli and Tensor.bernoulli_, drawing as
// PyTorch's CPU kernels do (runtime/tensor/random_bernoulli.go): the
// masks of F.dropout are PyTorch's for the same seed.

var (
	bernoulliInplaceSigs = newArgParser(
		"bernoulli_(Tensor input, Tensor p, *, Generator? generator=None)",
		"bernoulli_(Tensor input, double p=0.5, *, Generator? generator=None)")
	bernoulliSigs = newArgParser(
		"bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)",
		"bernoulli(Tensor input, double p, *, Generator? generator=None)")
)

func genOf(b *boundArgs) *tensor.Generator {
	if g, ok := generatorOf(b.val("generator")); ok {
		return g
	}
	return tensor.DefaultGenerator
}

func init() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "bernoulli_", Kind: eval.TensorMethod,
			Sig: "bernoulli_(p=0.5, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with 1 with probability p (a float, or a tensor of probabilities broadcast to it), else 0.",
			Fn: func(a *eval.Args) eval.Value {
				b := bernoulliInplaceSigs.parse(a)
				t := b.tensor("input")
				autograd.BumpVersion(t)
				if b.idx == 0 {
					return t.BernoulliTensor_(b.tensor("p"), genOf(b))
				}
				return t.BernoulliScalar_(b.double("p", 0.5), genOf(b))
			}},
		&eval.Builtin{Name: "bernoulli", Kind: eval.TorchFunc | eval.TensorMethod,
			Sig: "bernoulli(input, *, generator=None) -> Tensor",
			Doc: "A tensor of 0s and 1s, each 1 with the probability the input gives at its place (or with probability p).",
			Fn: func(a *eval.Args) eval.Value {
				b := bernoulliSigs.parse(a)
				x := b.tensor("input")
				out := tensor.Empty(x.Shape(), x.DType())
				if b.idx == 1 {
					return out.BernoulliScalar_(b.double("p", 0.5), genOf(b))
				}
				out.BernoulliTensor_(x, genOf(b))
				if o := b.tensor("out"); o != nil {
					return writeOut(a, o, out)
				}
				return out
			}},
	)
}
