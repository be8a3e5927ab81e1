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

var normalFnSigs = newArgParser(
	"normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
	"normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
	"normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
	"normal(double mean, double std, IntArrayRef size, *, Generator? generator=None, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)")

// torchNormal is torch.normal, drawing as ATen's normal overloads do:
// normal_(0, 1) (or (0, std)) of the result, then ·std and +mean.
func torchNormal(a *eval.Args) eval.Value {
	b := normalFnSigs.parse(a)
	g := genOf(b)
	var out *tensor.Tensor
	switch b.idx {
	case 0, 2:
		std := b.tensor("std")
		var mean *tensor.Tensor
		if b.idx == 0 {
			mean = b.tensor("mean")
			out = tensor.Empty(tensor.BroadcastShapeOf(tensor.TensorOperand(mean), tensor.TensorOperand(std)), mean.DType())
		} else {
			out = tensor.Empty(std.Shape(), std.DType())
		}
		out.Normal_(0, 1, g)
		out = mulT(out, std)
		if mean != nil {
			out = addT(out, mean)
		} else {
			out = tensor.Add(tensor.TensorOperand(out), tensor.ScalarOperand(tensor.FloatS(b.double("mean", 0))), tensor.IntS(1), tensor.Opts{})
		}
	case 1:
		mean := b.tensor("mean")
		out = tensor.Empty(mean.Shape(), mean.DType())
		out.Normal_(0, b.double("std", 1), g)
		out = addT(out, mean)
	default:
		d := tensor.DefaultFloat()
		if dt, ok := b.dtype("dtype"); ok {
			d = dt
		}
		out = tensor.Empty(b.ints("size"), d)
		out.Normal_(b.double("mean", 0), b.double("std", 1), g)
	}
	if o := b.tensor("out"); o != nil {
		return writeOut(a, o, out)
	}
	return out
}

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "normal", Kind: eval.TorchFunc, Fn: torchNormal,
		Sig: "normal(mean, std, size=None, *, generator=None) -> Tensor",
		Doc: "Samples of the normal distributions N(mean, std²): mean and std tensors (broadcast) or numbers with a size."})
}
