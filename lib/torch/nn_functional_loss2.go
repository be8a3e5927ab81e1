package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The composite losses and distances of torch.nn.functional, run as
// ATen and functional.py compose them, through autograd (callM), so that
// grad_fn and gradients are PyTorch's.

func registerCompositeLosses() {
	i := func(v int64) eval.Value { return eval.MakeInt(v) }
	nnf("kl_div", "kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False) -> Tensor",
		"target·(log(target) - input) for log-probabilities input (target log-probabilities too with log_target=True); reduction 'batchmean' divides the sum by the batch size.",
		func(a *eval.Args) eval.Value {
			var x, y *tensor.Tensor
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			logT := false
			a.Unpack("input", &x, "target", &y, "size_average?", &sa, "reduce?", &re, "reduction?", &r, "log_target?", &logT)
			s := a.Session()
			red := ""
			_, saNone := sa.(eval.NoneType)
			_, reNone := re.(eval.NoneType)
			if rs, ok := r.(eval.Str); ok && rs == "batchmean" && saNone && reNone {
				red = "batchmean"
			} else {
				if rs, ok := r.(eval.Str); ok && rs == "mean" && saNone && reNone {
					warnFrom(s, warnKLLoc, "UserWarning", warnKLMean, warnKLSrc)
				}
				red = reduction(a, sa, re, r)
			}
			var out eval.Value
			if logT {
				out = callM(s, "mul", callM(s, "exp", y), callM(s, "sub", y, x))
			} else {
				// xlogy(target, target): 0 where target is 0 (the target is data)
				xl := tensor.MapElems(y, func(t float64) float64 {
					if t == 0 {
						return 0
					}
					return t * math.Log(t)
				})
				out = callM(s, "sub", xl, callM(s, "mul", y, x))
			}
			if red == "batchmean" {
				out = callM(s, "sum", out)
				if x.Dim() != 0 {
					out = callM(s, "div", out, i(int64(x.Shape()[0])))
				}
				return out
			}
			return reduceCall(s, out, red)
		})
	nnf("cosine_similarity", "cosine_similarity(x1, x2, dim=1, eps=1e-8) -> Tensor",
		"⟨x1, x2⟩ / (max(‖x1‖, eps)·max(‖x2‖, eps)) along dim (broadcasting x1 and x2).",
		func(a *eval.Args) eval.Value {
			var x1, x2 *tensor.Tensor
			dim := 1
			eps := 1e-8
			a.Unpack("x1", &x1, "x2", &x2, "dim?", &dim, "eps?", &eps)
			s := a.Session()
			d := i(int64(dim))
			n1 := callM(s, "clamp_min", callM(s, "norm", x1, fl(2), d, eval.Bool(true)), fl(eps))
			n2 := callM(s, "clamp_min", callM(s, "norm", x2, fl(2), d, eval.Bool(true)), fl(eps))
			return callM(s, "sum", callM(s, "mul", callM(s, "div", x1, n1), callM(s, "div", x2, n2)), d)
		})
	nnf("pairwise_distance", "pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False) -> Tensor",
		"‖x1 - x2 + eps‖_p along the last dim.",
		func(a *eval.Args) eval.Value {
			var x1, x2 *tensor.Tensor
			p, eps := 2.0, 1e-6
			keep := false
			a.Unpack("x1", &x1, "x2", &x2, "p?", &p, "eps?", &eps, "keepdim?", &keep)
			return pairwiseDistance(a.Session(), x1, x2, p, eps, keep)
		})
	nnf("cosine_embedding_loss", "cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"1 - cos(x1, x2) where target is 1, max(0, cos(x1, x2) - margin) where it is -1; reduced.",
		func(a *eval.Args) eval.Value {
			var x1, x2, y *tensor.Tensor
			margin := 0.0
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			a.Unpack("input1", &x1, "input2", &x2, "target", &y, "margin?", &margin, "size_average?", &sa, "reduce?", &re, "reduction?", &r)
			red := reduction(a, sa, re, r)
			s := a.Session()
			d := i(1)
			if x1.Dim() == 1 {
				d = i(0)
			}
			prod := callM(s, "sum", callM(s, "mul", x1, x2), d)
			m1 := callM(s, "add", callM(s, "sum", callM(s, "mul", x1, x1), d), fl(1e-12))
			m2 := callM(s, "add", callM(s, "sum", callM(s, "mul", x2, x2), d), fl(1e-12))
			cos := callM(s, "div", prod, callM(s, "sqrt", callM(s, "mul", m1, m2)))
			zeros := tensor.Full(cos.(*tensor.Tensor).Shape(), tensor.FloatS(0), cos.(*tensor.Tensor).DType())
			pos := callTF(s, "rsub", cos, i(1))
			neg := callM(s, "clamp_min", callM(s, "sub", cos, fl(margin)), i(0))
			op := callTF(s, "where", callM(s, "eq", y, i(1)), pos, zeros)
			on := callTF(s, "where", callM(s, "eq", y, i(-1)), neg, zeros)
			return reduceCall(s, callM(s, "add", op, on), red)
		})
	nnf("margin_ranking_loss", "margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"max(0, -target·(input1 - input2) + margin), reduced.",
		func(a *eval.Args) eval.Value {
			var x1, x2, y *tensor.Tensor
			margin := 0.0
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			a.Unpack("input1", &x1, "input2", &x2, "target", &y, "margin?", &margin, "size_average?", &sa, "reduce?", &re, "reduction?", &r)
			red := reduction(a, sa, re, r)
			if x1.Dim() != x2.Dim() || x1.Dim() != y.Dim() {
				eval.Throw("RuntimeError", errMarginDims, sizeRepr(x1), sizeRepr(x2), sizeRepr(y))
			}
			s := a.Session()
			out := callM(s, "clamp_min", callM(s, "add", callM(s, "mul", callM(s, "neg", y), callM(s, "sub", x1, x2)), fl(margin)), i(0))
			return reduceCall(s, out, red)
		})
	nnf("hinge_embedding_loss", "hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"input where target is 1, max(0, margin - input) where it is -1; reduced.",
		func(a *eval.Args) eval.Value {
			margin := 1.0
			var x, y *tensor.Tensor
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			a.Unpack("input", &x, "target", &y, "margin?", &margin, "size_average?", &sa, "reduce?", &re, "reduction?", &r)
			red := reduction(a, sa, re, r)
			s := a.Session()
			zeros := tensor.Full(x.Shape(), tensor.FloatS(0), x.DType())
			mc := callM(s, "clamp_min", callTF(s, "rsub", x, fl(margin)), i(0))
			om := callTF(s, "where", callM(s, "ne", y, i(1)), mc, zeros)
			os := callTF(s, "where", callM(s, "ne", y, i(-1)), x, zeros)
			return reduceCall(s, callM(s, "add", om, os), red)
		})
	nnf("poisson_nll_loss", "poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-08, reduce=None, reduction='mean') -> Tensor",
		"exp(input) - target·input (log_input=True) or input - target·log(input + eps); full adds Stirling's term; reduced.",
		func(a *eval.Args) eval.Value {
			var x, y *tensor.Tensor
			logIn, full := true, false
			eps := 1e-8
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			a.Unpack("input", &x, "target", &y, "log_input?", &logIn, "full?", &full, "size_average?", &sa, "eps?", &eps, "reduce?", &re, "reduction?", &r)
			red := reduction(a, sa, re, r)
			s := a.Session()
			var loss eval.Value
			if logIn {
				loss = callM(s, "sub", callM(s, "exp", x), callM(s, "mul", y, x))
			} else {
				loss = callM(s, "sub", x, callM(s, "mul", y, callM(s, "log", callM(s, "add", x, fl(eps)))))
			}
			if full {
				st := tensor.MapElems(y, func(t float64) float64 {
					if t <= 1 {
						return 0
					}
					return t*math.Log(t) - t + 0.5*math.Log(2*math.Pi*t)
				})
				loss = callM(s, "add", loss, st)
			}
			return reduceCall(s, loss, red)
		})
	nnf("gaussian_nll_loss", "gaussian_nll_loss(input, target, var, full=False, eps=1e-06, reduction='mean') -> Tensor",
		"0.5·(log(var) + (input - target)²/var) (var clamped to eps), plus 0.5·log(2π) with full; reduced.",
		func(a *eval.Args) eval.Value {
			var x, y, v *tensor.Tensor
			full := false
			eps := 1e-6
			red := "mean"
			a.Unpack("input", &x, "target", &y, "var", &v, "full?", &full, "eps?", &eps, "reduction?", &red)
			s := a.Session()
			if !shapeEq(v.Shape(), x.Shape()) {
				xs := x.Shape()
				switch {
				case x.Dim() >= 1 && shapeEq(xs[:len(xs)-1], v.Shape()):
					v = callMT(s, "unsqueeze", v, i(-1))
				case x.Dim() >= 1 && v.Dim() == x.Dim() && shapeEq(xs[:len(xs)-1], v.Shape()[:v.Dim()-1]) && v.Shape()[v.Dim()-1] == 1:
				default:
					eval.Throw("ValueError", errGaussVarSize)
				}
			}
			if red != "none" && red != "mean" && red != "sum" {
				eval.Throw("ValueError", errNotValid, red)
			}
			for _, e := range floatsOf(v) {
				if e < 0 {
					eval.Throw("ValueError", errGaussVarNeg)
				}
			}
			vc := callMT(s, "clamp", v, fl(eps))
			d := callM(s, "sub", x, y)
			loss := callM(s, "mul", fl(0.5), callM(s, "add", callM(s, "log", vc), callM(s, "div", callM(s, "pow", d, i(2)), vc)))
			if full {
				loss = callM(s, "add", loss, fl(0.5*math.Log(2*math.Pi)))
			}
			return reduceCall(s, loss, red)
		})
	nnf("triplet_margin_loss", "triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"max(0, d(anchor, positive) - d(anchor, negative) + margin) with d pairwise_distance; reduced.",
		func(a *eval.Args) eval.Value {
			var an, po, ne *tensor.Tensor
			margin, p, eps := 1.0, 2.0, 1e-6
			swap := false
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			a.Unpack("anchor", &an, "positive", &po, "negative", &ne, "margin?", &margin, "p?", &p, "eps?", &eps, "swap?", &swap,
				"size_average?", &sa, "reduce?", &re, "reduction?", &r)
			red := reduction(a, sa, re, r)
			s := a.Session()
			dp := pairwiseDistance(s, an, po, p, eps, false)
			dn := pairwiseDistance(s, an, ne, p, eps, false)
			if swap {
				dn = callM(s, "min", dn, pairwiseDistance(s, po, ne, p, eps, false))
			}
			out := callM(s, "clamp_min", callM(s, "sub", callM(s, "add", dp, fl(margin)), dn), i(0))
			return reduceCall(s, out, red)
		})
	nnf("multilabel_soft_margin_loss", "multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"-(t·logsigmoid(x) + (1-t)·logsigmoid(-x)) averaged over the classes; reduced over the batch.",
		func(a *eval.Args) eval.Value {
			var x, y *tensor.Tensor
			var w eval.Value = eval.None
			var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
			a.Unpack("input", &x, "target", &y, "weight?", &w, "size_average?", &sa, "reduce?", &re, "reduction?", &r)
			red := reduction(a, sa, re, r)
			s := a.Session()
			ls := activations["logsigmoid"].make(nil)
			pos := callM(s, "mul", y, applyAct(s, x, ls, false))
			neg := callM(s, "mul", callTF(s, "rsub", y, i(1)), applyAct(s, callMT(s, "neg", x), ls, false))
			loss := callM(s, "neg", callM(s, "add", pos, neg))
			if wt := optTensor(w); wt != nil {
				loss = callM(s, "mul", loss, wt)
			}
			loss = callM(s, "div", callM(s, "sum", loss, i(int64(x.Dim()-1))), i(int64(x.Shape()[x.Dim()-1])))
			return reduceCall(s, loss, red)
		})
}

func shapeEq(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

func pairwiseDistance(s *eval.Session, x1, x2 *tensor.Tensor, p, eps float64, keep bool) eval.Value {
	d := max(x1.Dim(), x2.Dim())
	dim := int64(-1)
	if d == 0 {
		dim = 0
	}
	return callM(s, "norm", callM(s, "add", callM(s, "sub", x1, x2), fl(eps)), fl(p), eval.MakeInt(dim), eval.Bool(keep))
}

// callTF runs torch.name through autograd.
func callTF(s *eval.Session, name string, pos ...eval.Value) eval.Value {
	return gradCall(s, eval.TorchFuncs[name], (&eval.Args{Name: name, Pos: pos}).Bind(s))
}

func init() {
	nnf("bilinear", "bilinear(input1, input2, weight, bias=None) -> Tensor",
		"x1ᵀ·A·x2 + b for each output: input1 (N, I) or (I,), input2 (N, J), weight (K, I, J), bias (K,).",
		func(a *eval.Args) eval.Value {
			var x1, x2, w *tensor.Tensor
			var b eval.Value = eval.None
			a.Unpack("input1", &x1, "input2", &x2, "weight", &w, "bias?", &b)
			s := a.Session()
			i := func(v int64) eval.Value { return eval.MakeInt(v) }
			if w.Dim() == 3 && x1.Shape()[x1.Dim()-1] != w.Shape()[1] {
				eval.Throw("RuntimeError", errBilinearWeight1, x1.Shape()[x1.Dim()-1], w.Shape()[1])
			}
			if w.Dim() == 3 && x2.Shape()[x2.Dim()-1] != w.Shape()[2] {
				eval.Throw("RuntimeError", errBilinearWeight2, x2.Shape()[x2.Dim()-1], w.Shape()[2])
			}
			unbatched := x1.Dim() == 1
			var v1, v2 eval.Value = x1, x2
			if unbatched {
				v1, v2 = callM(s, "unsqueeze", x1, i(0)), callM(s, "unsqueeze", x2, i(0))
			}
			t := callM(s, "matmul", callM(s, "unsqueeze", v1, i(0)), w) // (K, N, J)
			y := callM(s, "sum", callM(s, "mul", t, v2), i(-1))         // (K, N)
			y = callM(s, "t", y)
			if unbatched {
				y = callM(s, "squeeze", y, i(0))
			}
			if bt := optTensor(b); bt != nil {
				y = callM(s, "add", y, bt)
			}
			return y
		})
}
