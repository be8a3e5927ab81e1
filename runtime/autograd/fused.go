package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// The fused backward functions of the activations (tanh_backward,
// sigmoid_backward, threshold_backward, _softmax_backward_data,
// _log_softmax_backward_data, gelu_backward): a backward computed in
// create_graph mode records one node for each (TanhBackwardBackward0,
// ...), with derivatives.yaml's formulas, as PyTorch does.

// noGrad runs f with grad mode off.
func noGrad(f func() *tensor.Tensor) *tensor.Tensor {
	prev := gradEnabled
	gradEnabled = false
	defer func() { gradEnabled = prev }()
	return f()
}

// fused gives out (computed from inputs) the node name whose backward
// is bw, when an input requires grad.
func fused(name string, out *tensor.Tensor, inputs []*tensor.Tensor, bw func(g *tensor.Tensor) []*tensor.Tensor) *tensor.Tensor {
	if !needsGrad(inputs...) {
		return out
	}
	n := newNode(name, 1, inputs...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor { return bw(gs[0]) }
	SetHistory(out, n, 0)
	return out
}

// tanhBackward is tanh_backward(g, r) = g·(1 - r²).
func tanhBackward(g, r *tensor.Tensor) *tensor.Tensor {
	out := noGrad(func() *tensor.Tensor {
		if sameShape(g.Shape(), r.Shape()) && g.DType() == r.DType() {
			if k := tanhBackwardKernel(g, r); k != nil {
				return k
			}
		}
		return mul(g, binaryRS(tensor.OpSub, 1, mul(r, r)))
	})
	return fused("TanhBackwardBackward0", out, []*tensor.Tensor{g, r}, func(gg *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{tanhBackward(gg, r), mul(gg, mul(mulS(r, -2), g))}
	})
}

// sigmoidBackward is sigmoid_backward(g, r) = g·(1 - r)·r.
func sigmoidBackward(g, r *tensor.Tensor) *tensor.Tensor {
	out := noGrad(func() *tensor.Tensor { return mul(mul(g, binaryRS(tensor.OpSub, 1, r)), r) })
	return fused("SigmoidBackwardBackward0", out, []*tensor.Tensor{g, r}, func(gg *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{sigmoidBackward(gg, r), mul(mul(gg, g), addS(mulS(r, -2), 1))}
	})
}

// thresholdBackward is threshold_backward(g, r, 0): g where r > 0.
func thresholdBackward(g, r *tensor.Tensor) *tensor.Tensor {
	out := noGrad(func() *tensor.Tensor {
		return where(cmp(tensor.OpLe, r, sop(0)), top(zeros0(g.DType())), top(g))
	})
	return fused("ThresholdBackwardBackward0", out, []*tensor.Tensor{g, r}, func(gg *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{thresholdBackward(gg, r), zerosLike(gg)}
	})
}

// softmaxBackward is _softmax_backward_data(g, y, dim) = y·(g - Σ g·y),
// or for log_softmax g - exp(y)·Σ g.
func softmaxBackward(g, y *tensor.Tensor, dims []int, log bool) *tensor.Tensor {
	if log {
		out := noGrad(func() *tensor.Tensor { return sub(g, mul(unary(tensor.OpExp, y), sumDims(g, dims, true))) })
		return fused("LogSoftmaxBackwardDataBackward0", out, []*tensor.Tensor{g, y}, func(gg *tensor.Tensor) []*tensor.Tensor {
			ey := unary(tensor.OpExp, y)
			return []*tensor.Tensor{
				sub(gg, sumDims(mul(gg, ey), dims, true)),
				mul(mul(neg(sumDims(g, dims, true)), ey), gg),
			}
		})
	}
	out := noGrad(func() *tensor.Tensor { return mul(y, sub(g, sumDims(mul(g, y), dims, true))) })
	return fused("SoftmaxBackwardDataBackward0", out, []*tensor.Tensor{g, y}, func(gg *tensor.Tensor) []*tensor.Tensor {
		// softmax_double_backward
		d := sub(sub(mul(g, gg), mul(sumDims(mul(y, g), dims, true), gg)), mul(g, sumDims(mul(y, gg), dims, true)))
		return []*tensor.Tensor{softmaxBackward(gg, y, dims, false), d}
	})
}

// geluBackward is gelu_backward(g, x) = g·gelu'(x); its own gradient
// with respect to x is gg·g times gelu's second derivative
// (gelu_double_backward).
func geluBackward(g, x *tensor.Tensor, tanh bool) *tensor.Tensor {
	d1 := derivTensor(x, func(v float64) float64 { return geluDeriv(v, tanh) })
	out := noGrad(func() *tensor.Tensor { return mul(g, d1) })
	return fused("GeluBackwardBackward0", out, []*tensor.Tensor{g, x}, func(gg *tensor.Tensor) []*tensor.Tensor {
		d2 := derivTensor(x, func(v float64) float64 { return geluDeriv2(v, tanh) })
		if needsGrad(x) {
			SetHistory(d2, RecordNotImplemented("gelu_double_backward", x), 0)
		}
		return []*tensor.Tensor{geluBackward(gg, x, tanh), mul(mul(gg, g), d2)}
	})
}

// derivTensor is f applied to each element of x, in x's dtype.
func derivTensor(x *tensor.Tensor, f func(float64) float64) *tensor.Tensor {
	xc := x.Contiguous()
	d := make([]float64, xc.Numel())
	for i := range d {
		d[i] = f(xc.Storage().Get(xc.Offset() + i).Float())
	}
	return tensor.FromSlice(d, x.Shape()...).To(x.DType())
}

// geluDeriv2 is d²/dx² gelu(x).
func geluDeriv2(x float64, tanh bool) float64 {
	if tanh {
		const k, c = 0.7978845608028654, 0.044715
		u := k * (x + c*x*x*x)
		du := k * (1 + 3*c*x*x)
		d2u := k * 6 * c * x
		t := math.Tanh(u)
		s := 1 - t*t
		return s*du + 0.5*x*(-2*t*s*du*du+s*d2u)
	}
	pdf := math.Exp(-0.5*x*x) / math.Sqrt(2*math.Pi)
	return pdf * (2 - x*x)
}

// nllBackward is nll_loss_backward: g (expanded for a reduction) times
// the weights wT, written at the positions pos of zeros(shape) (rows not
// kept are ignored). Its gradient with respect to g is nll_loss of the
// incoming gradient (NllLossBackwardBackward0); with respect to the
// input, zero.
func nllBackward(name string, g, x *tensor.Tensor, shape []int, pos *tensor.Tensor, keep []bool, wT *tensor.Tensor, reduction int) *tensor.Tensor {
	out := noGrad(func() *tensor.Tensor {
		ge := g
		if reduction != ReduceNone {
			ge = expand(g, wT.Shape())
		}
		return assignAt(shape, pos, keep, mul(ge, wT).Contiguous())
	})
	return fused(name, out, []*tensor.Tensor{g, x}, func(gg *tensor.Tensor) []*tensor.Tensor {
		k := make([]float64, len(keep))
		for i, v := range keep {
			if v {
				k[i] = 1
			}
		}
		picked := mul(mul(pickFrom(gg, pos.Reshape(wT.Shape())), wT), tensor.FromSlice(k, wT.Shape()...).To(wT.DType()))
		if reduction != ReduceNone {
			picked = sumDims(picked, nil, false)
		}
		return []*tensor.Tensor{picked, zerosLike(gg)}
	})
}

// mseBackward is mse_loss_backward(g, a, b) = 2·(a - b)·g (over the
// number of elements for the mean); create_graph records
// MseLossBackwardBackward0 with mse_loss_double_backward's formulas.
func mseBackward(g, a, b *tensor.Tensor, reduction int) *tensor.Tensor {
	out := noGrad(func() *tensor.Tensor {
		d := sub(a, b)
		return mul(mulS(d, 2), reduceGrad(g, d.Shape(), reduction))
	})
	n := float64(out.Numel())
	return fused("MseLossBackwardBackward0", out, []*tensor.Tensor{g, a, b}, func(gg *tensor.Tensor) []*tensor.Tensor {
		var gOut *tensor.Tensor
		if reduction == ReduceNone {
			gOut = mseBackward(gg, a, b, reduction)
		} else {
			r := mseBackward(tensor.Full(g.Shape(), tensor.FloatS(1), g.DType()), a, b, reduction)
			gOut = sumDims(mul(r, gg), nil, false)
		}
		self := mulS(mul(gg, g), 2)
		if reduction == ReduceMean {
			self = divS(self, n)
		}
		return []*tensor.Tensor{gOut, self, neg(self)}
	})
}
