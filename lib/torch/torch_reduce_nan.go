package torch

import (
	"fmt"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// std_mean, var_mean, nansum, nanmean, aminmax.

func stdMeanSigs(name string) *argParser {
	return newArgParser(
		name+"(Tensor input, IntArrayRef[1]? dim, *, int64_t? correction=None, bool keepdim=False)",
		name+"(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
		name+"(Tensor input, bool unbiased=True)",
		name+"(Tensor input, DimnameList[1] dim, *, int64_t? correction=None, bool keepdim=False)",
		name+"(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False)")
}

var (
	stdMeanParser = stdMeanSigs("std_mean")
	varMeanParser = stdMeanSigs("var_mean")
	nansumSigs    = newArgParser("nansum(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	nanmeanSigs   = newArgParser("nanmean(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	aminmaxSigs   = newArgParser("aminmax(Tensor input, *, int64_t? dim=None, bool keepdim=False, TensorList[2] out=None)")
)

func stdVarMean(a *eval.Args, p *argParser, sqrt bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	if r.idx >= 3 {
		r.dimname("dim", t)
	}
	correction := 1.0
	if !r.bool("unbiased", true) {
		correction = 0
	}
	if r.has("correction") {
		correction = float64(r.int("correction", 1))
	}
	v, m := tensor.VarMean(t, r.ints("dim"), correction, r.bool("keepdim", false), sqrt)
	return eval.Tuple{v, m}
}

func init() {
	both := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "std_mean", Kind: eval.TorchFunc, Sig: "std_mean(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> (Tensor, Tensor)",
			Doc: "The standard deviation and the mean over dim (all elements by default), as a tuple, from one Welford pass.",
			Fn:  func(a *eval.Args) eval.Value { return stdVarMean(a, stdMeanParser, true) }},
		&eval.Builtin{Name: "var_mean", Kind: eval.TorchFunc, Sig: "var_mean(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> (Tensor, Tensor)",
			Doc: "The variance and the mean over dim (all elements by default), as a tuple, from one Welford pass.",
			Fn:  func(a *eval.Args) eval.Value { return stdVarMean(a, varMeanParser, false) }},
		&eval.Builtin{Name: "nansum", Kind: both, Sig: "nansum(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Sum of the elements with NaN counted as zero.",
			Fn: func(a *eval.Args) eval.Value {
				r := nansumSigs.parse(a)
				t := r.tensor("input")
				var res *tensor.Tensor
				if d, ok := r.dtype("dtype"); ok {
					res = tensor.NansumAs(t, r.ints("dim"), r.bool("keepdim", false), d)
				} else {
					res = tensor.Nansum(t, r.ints("dim"), r.bool("keepdim", false))
				}
				return withOut(a, r, res, nil)
			}},
		&eval.Builtin{Name: "nanmean", Kind: both, Sig: "nanmean(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Mean of the elements that are not NaN (floating tensors only).",
			Fn: func(a *eval.Args) eval.Value {
				r := nanmeanSigs.parse(a)
				d, hasD := r.dtype("dtype")
				res := tensor.Nanmean(r.tensor("input"), r.ints("dim"), r.bool("keepdim", false), d, hasD)
				return withOut(a, r, res, nil)
			}},
		&eval.Builtin{Name: "aminmax", Kind: both, Sig: "aminmax(input, *, dim=None, keepdim=False) -> (Tensor min, Tensor max)",
			Doc: "The smallest and largest elements (over dim when given), as a torch.return_types.aminmax(min, max).",
			Fn: func(a *eval.Args) eval.Value {
				r := aminmaxSigs.parse(a)
				var dim *int
				if r.has("dim") {
					d := r.int("dim", 0)
					dim = &d
				}
				t := r.tensor("input")
				lo, hi := tensor.Aminmax(t, dim, r.bool("keepdim", false))
				if dim != nil && t.Dim() == 0 && lo.Dim() == 1 {
					// ATen resizes its 0-d outputs to [1], with the warning.
					a.Session().Warn("UserWarning", fmt.Sprintf(warnOutResized, "[]", "[1]"))
				}
				name := "aminmax"
				if ol, oh := outPair(r); ol != nil {
					checkOutDType(ol, lo.DType())
					checkOutDType(oh, hi.DType())
					lo, hi, name = writeOut(a, ol, lo), writeOut(a, oh, hi), "aminmax_out"
				}
				return &eval.NamedTuple{TypeName: "torch.return_types." + name, Fields: []string{"min", "max"}, Elems: eval.Tuple{lo, hi}}
			}},
	)
}
