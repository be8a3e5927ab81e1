package torch

import (
	"fmt"
	"math"
	"slices"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The losses of torch.nn.functional beyond mse, l1, nll and
// cross_entropy (torch_nnf.go): the ones ATen computes in one kernel
// (smooth_l1, huber, binary_cross_entropy(_with_logits), soft_margin)
// are an elementwise loss reduced by tensh's mean/sum and recorded with
// PyTorch's node; the composite ones (kl_div, cosine_embedding,
// margin_ranking, hinge_embedding, poisson_nll, gaussian_nll,
// triplet_margin, multilabel_soft_margin) run the operations ATen runs,
// recorded.

// kernelLoss is loss(x, y) elementwise (times weight), reduced, recorded
// as node with dloss/dx as its derivative.
func kernelLoss(node string, x, y, w *tensor.Tensor, red string, f, df func(x, y float64) float64) *tensor.Tensor {
	yb := y.Expand(x.Shape())
	el := tensor.MapFloat2(x, yb, f)
	if w != nil {
		el = mulT(el, w)
	}
	out := applyReduction(el, red)
	if autograd.NeedsGrad(x) {
		n := autograd.RecordFunc(node, []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			return noGradTs(func() []*tensor.Tensor {
				d := tensor.MapFloat2(x, yb, df)
				if w != nil {
					d = mulT(d, w)
				}
				gx := mulT(d, g.Expand(x.Shape()))
				if red == "mean" {
					gx = tensor.MapElems(gx, func(v float64) float64 { return v / float64(max(x.Numel(), 1)) })
				}
				return []*tensor.Tensor{gx}
			})
		})
		autograd.SetHistory(out, n, 0)
	}
	return out
}

func lossArgs(a *eval.Args, extra ...any) (x, y *tensor.Tensor, red string) {
	var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
	pairs := []any{"input", &x, "target", &y, "size_average?", &sa, "reduce?", &re, "reduction?", &r}
	a.Unpack(append(pairs, extra...)...)
	return x, y, reduction(a, sa, re, r)
}

func warnSize(a *eval.Args, x, y *tensor.Tensor) {
	if !slices.Equal(x.Shape(), y.Shape()) {
		lossSizeWarning(a.Session(), x, y)
	}
}

// lossSizeWarning is the UserWarning of a loss whose target's shape is
// not the input's, at the caller's line or at lossWarnAt.
func lossSizeWarning(s *eval.Session, x, y *tensor.Tensor) {
	msg := fmt.Sprintf(warnLossSize, eval.Repr(eval.Size(y.Shape())), eval.Repr(eval.Size(x.Shape())))
	if lossWarnAt[0] != "" {
		warnFrom(s, lossWarnAt[0], "UserWarning", msg, lossWarnAt[1])
		return
	}
	s.Warn("UserWarning", msg)
}

func sizeRepr(t *tensor.Tensor) string { return eval.Repr(eval.Size(t.Shape())) }

func bceLoss(a *eval.Args) eval.Value {
	var wv eval.Value = eval.None
	var x, y *tensor.Tensor
	var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
	a.Unpack("input", &x, "target", &y, "weight?", &wv, "size_average?", &sa, "reduce?", &re, "reduction?", &r)
	red := reduction(a, sa, re, r)
	if !slices.Equal(x.Shape(), y.Shape()) {
		eval.Throw("ValueError", errBCESize, sizeRepr(y), sizeRepr(x))
	}
	if y.DType() != x.DType() {
		eval.Throw("RuntimeError", errFoundDType, y.DType().ScalarName(), x.DType().ScalarName())
	}
	w := optTensor(wv)
	if w != nil {
		w = w.Expand(x.Shape())
	}
	for _, v := range floatsOf(x) {
		if v < 0 || v > 1 {
			eval.Throw("RuntimeError", errBCERange)
		}
	}
	return kernelLoss("BinaryCrossEntropyBackward0", x, y, w, red,
		func(xv, t float64) float64 {
			return (t-1)*math.Max(math.Log1p(-xv), -100) - t*math.Max(math.Log(xv), -100)
		},
		func(xv, t float64) float64 { return (xv - t) / math.Max((1-xv)*xv, 1e-12) })
}

func bceLogits(a *eval.Args) eval.Value {
	var wv, pwv eval.Value = eval.None, eval.None
	var x, y *tensor.Tensor
	var sa, re, r eval.Value = eval.None, eval.None, eval.Str("mean")
	a.Unpack("input", &x, "target", &y, "weight?", &wv, "size_average?", &sa, "reduce?", &re, "reduction?", &r, "pos_weight?", &pwv)
	red := reduction(a, sa, re, r)
	if !slices.Equal(x.Shape(), y.Shape()) {
		eval.Throw("ValueError", errBCELogitsSize, sizeRepr(y), sizeRepr(x))
	}
	w, pw := optTensor(wv), optTensor(pwv)
	if w != nil {
		w = w.Expand(x.Shape())
	}
	lw := tensor.Full(x.Shape(), tensor.FloatS(1), tensor.Float64)
	if pw != nil {
		// log_weight = (pos_weight - 1)·target + 1
		lw = tensor.MapFloat2(y.To(tensor.Float64).Contiguous(), pw.To(tensor.Float64), func(t, p float64) float64 { return (p-1)*t + 1 })
	}
	lws := floatsOf(lw)
	i := 0
	el := tensor.MapFloat2(x, y.Expand(x.Shape()), func(xv, t float64) float64 {
		m := math.Max(-xv, 0)
		l := (1-t)*xv + lws[i]*(math.Log(math.Exp(-m)+math.Exp(-xv-m))+m)
		i++
		return l
	})
	if w != nil {
		el = mulT(el, w)
	}
	out := applyReduction(el, red)
	if autograd.NeedsGrad(x) {
		n := autograd.RecordFunc("BinaryCrossEntropyWithLogitsBackward0", []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			return noGradTs(func() []*tensor.Tensor {
				j := 0
				d := tensor.MapFloat2(x, y.Expand(x.Shape()), func(xv, t float64) float64 {
					s := 1 / (1 + math.Exp(-xv))
					var r float64
					if pw != nil {
						pt := (lws[j] - 1) + t // pos_weight·target
						r = (pt+1-t)*s - pt
					} else {
						r = s - t
					}
					j++
					return r
				})
				if w != nil {
					d = mulT(d, w)
				}
				gx := mulT(d, g.Expand(x.Shape()))
				if red == "mean" {
					gx = tensor.MapElems(gx, func(v float64) float64 { return v / float64(max(x.Numel(), 1)) })
				}
				return []*tensor.Tensor{gx}
			})
		})
		autograd.SetHistory(out, n, 0)
	}
	return out
}

// reduceCall is apply_loss_reduction over recorded operations.
func reduceCall(s *eval.Session, v eval.Value, red string) eval.Value {
	switch red {
	case "mean":
		return callM(s, "mean", v)
	case "sum":
		return callM(s, "sum", v)
	}
	return v
}

func fl(v float64) eval.Value { return eval.Float(v) }

func init() {
	nnf("smooth_l1_loss", "smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0) -> Tensor",
		"0.5·d²/beta where |d| < beta, else |d| - 0.5·beta, d = input - target; reduced.",
		func(a *eval.Args) eval.Value {
			beta := 1.0
			x, y, red := lossArgs(a, "beta?", &beta)
			warnSize(a, x, y)
			if beta == 0 {
				return reduceCall(a.Session(), callM(a.Session(), "abs", callM(a.Session(), "sub", x, y)), red)
			}
			return kernelLoss("SmoothL1LossBackward0", x, y, nil, red,
				func(xv, t float64) float64 {
					z := math.Abs(xv - t)
					if z < beta {
						return 0.5 * z * z / beta
					}
					return z - 0.5*beta
				},
				func(xv, t float64) float64 {
					d := xv - t
					switch {
					case d <= -beta:
						return -1
					case d >= beta:
						return 1
					}
					return d / beta
				})
		})
	nnf("huber_loss", "huber_loss(input, target, reduction='mean', delta=1.0) -> Tensor",
		"0.5·d² where |d| < delta, else delta·(|d| - 0.5·delta), d = input - target; reduced.",
		func(a *eval.Args) eval.Value {
			var x, y *tensor.Tensor
			red := "mean"
			delta := 1.0
			a.Unpack("input", &x, "target", &y, "reduction?", &red, "delta?", &delta)
			warnSize(a, x, y)
			return kernelLoss("HuberLossBackward0", x, y, nil, red,
				func(xv, t float64) float64 {
					z := math.Abs(xv - t)
					if z < delta {
						return 0.5 * z * z
					}
					return delta * (z - 0.5*delta)
				},
				func(xv, t float64) float64 {
					d := xv - t
					switch {
					case d <= -delta:
						return -delta
					case d >= delta:
						return delta
					}
					return d
				})
		})
	nnf("soft_margin_loss", "soft_margin_loss(input, target, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"log(1 + exp(-target·input)), reduced.",
		func(a *eval.Args) eval.Value {
			x, y, red := lossArgs(a)
			return kernelLoss("SoftMarginLossBackward0", x, y, nil, red,
				func(xv, t float64) float64 { return math.Log1p(math.Exp(-t * xv)) },
				func(xv, t float64) float64 { z := math.Exp(-t * xv); return -t * z / (1 + z) })
		})
	nnf("binary_cross_entropy", "binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean') -> Tensor",
		"-(t·log(x) + (1-t)·log(1-x)) for probabilities x (each log at least -100), times weight; reduced.", bceLoss)
	nnf("binary_cross_entropy_with_logits", "binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None) -> Tensor",
		"binary_cross_entropy(sigmoid(x), t) computed stably from logits x; pos_weight weighs the positive term of each class.", bceLogits)
	registerCompositeLosses()
}
