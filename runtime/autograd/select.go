package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// The selections of issue 17 (gather, index_select, take, masked_select,
// sort's and topk's values...): each output element is one element of the
// input, at a flat position the evaluator finds by running the operation
// on arange(numel).view(shape). The gradient adds g's elements there.

// RecordPick records out = in.flatten()[pos] under name (pos: int64 with
// out's numel).
func RecordPick(name string, in, pos, out *tensor.Tensor) *Node {
	n := newNode(name, 1, in)
	shape := append([]int{}, in.Shape()...)
	pos = pos.Contiguous()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{accumulateAt(shape, pos, gs[0].Contiguous())}
	}
	return n
}

// Positions is arange(numel).view(t's shape): what a selection run on it
// returns is the flat positions it picks.
func Positions(t *tensor.Tensor) *tensor.Tensor {
	return tensor.Arange(tensor.IntS(0), tensor.IntS(int64(t.Numel())), tensor.IntS(1), tensor.Int64).View(t.Shape())
}

// RecordTrace records out = in.trace() (TraceBackward0): g on the diagonal.
func RecordTrace(in, out *tensor.Tensor) *Node {
	n := newNode("TraceBackward0", 1, in)
	shape := append([]int{}, in.Shape()...)
	pos := Positions(in).Diagonal(0, 0, 1).Contiguous()
	k := pos.Numel()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{accumulateAt(shape, pos, expand(view(gs[0], []int{1}), []int{k}).Contiguous())}
	}
	return n
}

// RecordSoftmax records out = softmax(in, dim) or log_softmax: the
// formulas of _softmax_backward_data and _log_softmax_backward_data.
func RecordSoftmax(in, out *tensor.Tensor, dim int, log bool) *Node {
	name := "SoftmaxBackward0"
	if log {
		name = "LogSoftmaxBackward0"
	}
	n := newNode(name, 1, in)
	sy := n.save(out, true)
	if in.Dim() > 0 {
		dim = tensor.WrapDim(dim, in.Dim())
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, y := gs[0], n.get(sy)
		var dims []int
		if y.Dim() > 0 {
			dims = []int{dim}
		}
		return []*tensor.Tensor{softmaxBackward(g, y, dims, log)} // fused.go
	}
	return n
}

// Reductions of the losses.
const (
	ReduceNone = iota
	ReduceMean
	ReduceSum
)

// reduceGrad is g spread back over an unreduced loss of shape.
func reduceGrad(g *tensor.Tensor, shape []int, reduction int) *tensor.Tensor {
	switch reduction {
	case ReduceMean:
		return expand(divS(g, float64(tensor.Numel(shape))), shape)
	case ReduceSum:
		return expand(g, shape)
	}
	return g
}

// RecordMseLoss records out = mse_loss(x, y): 2(x-y)·g (over N for mean).
func RecordMseLoss(x, y *tensor.Tensor, reduction int, out *tensor.Tensor) *Node {
	n := newNode("MseLossBackward0", 1, x, y)
	sx, sy := n.save(x, false), n.save(y, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		a, b := n.get(sx), n.get(sy)
		gd := mseBackward(gs[0], a, b, reduction) // fused.go
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = sumTo(gd, a.Shape())
		}
		if n.next[1].Fn != nil {
			gb = sumTo(neg(gd), b.Shape())
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// RecordNllLoss records out = nll_loss(x, target) for x of shape (C) or
// (N, C) and class-index targets: the gradient is -w[t]·g at x[i, t[i]]
// (over the total weight for mean), zero for ignore_index.
func RecordNllLoss(x, target, weight *tensor.Tensor, reduction, ignore int, out *tensor.Tensor) *Node {
	n := newNode("NllLossBackward0", 1, x)
	shape := append([]int{}, x.Shape()...)
	c := shape[len(shape)-1]
	rows := target.Numel()
	tc := target.Contiguous()
	pos := make([]int64, rows)
	keep := make([]bool, rows)
	w := make([]float64, rows)
	total := 0.0
	for i := 0; i < rows; i++ {
		t := int(tc.Storage().Get(tc.Offset() + i).Float())
		if t == ignore {
			pos[i] = int64(i * c)
			continue
		}
		pos[i] = int64(i*c + t)
		keep[i] = true
		w[i] = 1
		if weight != nil {
			w[i] = weight.At(t).Float()
		}
		total += w[i]
	}
	if reduction == ReduceMean {
		for i := range w {
			w[i] /= total
		}
	}
	for i := range w {
		w[i] = -w[i]
	}
	posT := tensor.FromSlice(pos, rows)
	wT := tensor.FromSlice(w, target.Shape()...).To(x.DType())
	sx := n.save(x, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{nllBackward("NllLossBackwardBackward0", gs[0], n.get(sx), shape, posT, keep, wT, reduction)}
	}
	return n
}

// assignAt is zeros(shape) with g's kept elements written at the flat
// positions pos (distinct): nll_loss_backward's scatter, which keeps -0.
func assignAt(shape []int, pos *tensor.Tensor, keep []bool, g *tensor.Tensor) *tensor.Tensor {
	vals := make([]float64, tensor.Numel(shape))
	ps := tensor.Slice[int64](pos.Storage())[pos.Offset():]
	for k, ok := range keep {
		if ok {
			vals[ps[k]] = g.Storage().Get(g.Offset() + k).Float()
		}
	}
	res := tensor.FromSlice(vals, shape...).To(g.DType())
	if gradEnabled {
		gshape := append([]int{}, g.Shape()...)
		mask := make([]float64, len(keep))
		for k, ok := range keep {
			if ok {
				mask[k] = 1
			}
		}
		m := tensor.FromSlice(mask, gshape...).To(g.DType())
		recordLinear("NllLossBackwardBackward0", []*tensor.Tensor{g}, res, func(h *tensor.Tensor) []*tensor.Tensor {
			flat := h.Contiguous().View([]int{-1})
			picked := flat.GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: pos}}, false, nil).Reshape(gshape)
			return []*tensor.Tensor{mul(picked, m)}
		})
	}
	return res
}

// RecordGelu records out = gelu(x) (approximate "none" or "tanh"):
// g·gelu'(x). Its own derivative (gelu_backward's) is not implemented:
// a create_graph backward through it fails when it reaches that node.
func RecordGelu(x *tensor.Tensor, tanh bool, out *tensor.Tensor) *Node {
	n := newNode("GeluBackward0", 1, x)
	sx := n.save(x, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{geluBackward(gs[0], n.get(sx), tanh)} // fused.go
	}
	return n
}

// geluDeriv is d/dx gelu(x).
func geluDeriv(x float64, tanh bool) float64 {
	if tanh {
		const k, c = 0.7978845608028654, 0.044715 // sqrt(2/pi)
		inner := k * (x + c*x*x*x)
		t := math.Tanh(inner)
		return 0.5*(1+t) + 0.5*x*(1-t*t)*k*(1+3*c*x*x)
	}
	cdf := 0.5 * (1 + math.Erf(x/math.Sqrt2))
	pdf := math.Exp(-0.5*x*x) / math.Sqrt(2*math.Pi)
	return cdf + x*pdf
}

// RecordVarStdMean records (v, m) = std_mean(x) or var_mean(x): one node
// with two outputs (StdMeanBackward0, VarMeanBackward0) whose gradient is
// std's (var's) plus mean's.
func RecordVarStdMean(isStd bool, x *tensor.Tensor, dims []int, correction float64, keepdim bool, v, m *tensor.Tensor) {
	name := "VarMeanBackward0"
	if isStd {
		name = "StdMeanBackward0"
	}
	n := newNode(name, 2, x)
	vn := RecordVarStd(isStd, x, dims, correction, keepdim, v)
	mn := RecordMean(x, dims, keepdim, len(dims) > 0, m)
	vn.in[0] = inputMeta{append([]int{}, v.Shape()...), v.DType()}
	mn.in[0] = inputMeta{append([]int{}, m.Shape()...), m.DType()}
	// their saved tensors are n's: freed (and checked) with n
	vn.sub, mn.sub = n, n
	n.saved = append(append(n.saved, vn.saved...), mn.saved...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		var g *tensor.Tensor
		if gs[0] != nil {
			g = vn.apply(gs[:1])[0]
		}
		if gs[1] != nil {
			gm := mn.apply(gs[1:])[0]
			if g == nil {
				g = gm
			} else {
				g = add(g, gm)
			}
		}
		return []*tensor.Tensor{g}
	}
	SetHistory(v, n, 0)
	SetHistory(m, n, 1)
}
