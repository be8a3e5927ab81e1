package autograd

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// RecordCumprod records out = x.cumprod(dim): cumprod_backward, whose
// three paths are PyTorch's. Without zeros in the input, the reversed
// cumulative sum of output * grad divided by the input (recorded op by op
// under create_graph); with zeros, an O(n) masked formula when no graph is
// recorded, and under create_graph the products without each element,
// written slice by slice into zeros (a CopySlices per slice).
func RecordCumprod(x *tensor.Tensor, dim int, out *tensor.Tensor) *Node {
	n := newNode("CumprodBackward0", 1, x)
	sx, sr := n.save(x, false), n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in, r := gs[0], n.get(sx), n.get(sr)
		if in.Numel() <= 1 {
			return []*tensor.Tensor{g}
		}
		d := tensor.WrapDim(dim, in.Dim())
		if in.Shape()[d] == 1 {
			return []*tensor.Tensor{g}
		}
		w := mul(r, g)
		isZero := cmp(tensor.OpEq, in, sop(0))
		if countTrue(isZero) == 0 {
			return []*tensor.Tensor{div(reversedCumsum(w, d), in)}
		}
		if !gradEnabled {
			return []*tensor.Tensor{cumprodGradZeros(g, in, r, w, isZero, d)}
		}
		return []*tensor.Tensor{cumprodGradOmitted(g, in, d)}
	}
	return n
}

// flipRec is t.flip(dim), recorded.
func flipRec(t *tensor.Tensor, dim int) *tensor.Tensor {
	out := tensor.Flip(t, []int{dim})
	if needsGrad(t) {
		SetHistory(out, RecordFlip(t, []int{dim}), 0)
	}
	return out
}

// cumsumRec is t.cumsum(dim), recorded.
func cumsumRec(t *tensor.Tensor, dim int) *tensor.Tensor {
	out := tensor.Cumsum(t, dim)
	if needsGrad(t) {
		SetHistory(out, RecordCumsum(t, dim, out), 0)
	}
	return out
}

// reversedCumsum is w.flip(dim).cumsum(dim).flip(dim).
func reversedCumsum(w *tensor.Tensor, dim int) *tensor.Tensor {
	return flipRec(cumsumRec(flipRec(w, dim), dim), dim)
}

// cumprodGradZeros is cumprod_backward's O(n) path for an input with
// zeros, outside grad mode: before the first zero z1 of each slice the
// formula without zeros; at z1, prod(x[:z1]) times the sum of
// grad[z1:z2] * cumprod(x[z1+1:z2]) (1 at z1); zero after it.
func cumprodGradZeros(g, in, r, w, isZero *tensor.Tensor, d int) *tensor.Tensor {
	gi := tensor.Empty(in.Shape(), g.DType())
	cs := tensor.Cumsum(isZero, d)
	before := cmp(tensor.OpEq, cs, sop(0))
	rc := reversedCumsum(tensor.MaskedFill(w, cmp(tensor.OpNe, cs, sop(0)), sop(0), noOpts), d)
	gi = tensor.Where(before, top(tensor.Binary(tensor.OpDiv, top(rc), top(in), noOpts)), top(gi), noOpts)
	between := cmp(tensor.OpEq, cs, sop(1))
	_, first := tensor.MaxDim(between, d, true)
	firstMask := tensor.Binary(tensor.OpLogicalAnd, top(isZero), top(between), noOpts)
	inside := tensor.Binary(tensor.OpLogicalAnd, top(between), top(cmp(tensor.OpEq, isZero, sop(0))), noOpts)
	p := tensor.Cumprod(tensor.MaskedFill(in, cmp(tensor.OpEq, inside, sop(0)), sop(1), noOpts), d)
	p = tensor.Binary(tensor.OpMul, top(p), top(tensor.MaskedFill(g, cmp(tensor.OpNe, cs, sop(1)), sop(0), noOpts)), noOpts)
	s := tensor.Sum(p, []int{d}, true)
	prev := tensor.Unary(tensor.OpRelu, tensor.Binary(tensor.OpSub, top(first), tensor.ScalarOperand(one), noOpts), noOpts)
	head := tensor.MaskedFill(tensor.Gather(r, d, prev), cmp(tensor.OpEq, first, sop(0)), sop(1), noOpts)
	s = tensor.Binary(tensor.OpMul, top(s), top(head), noOpts)
	return tensor.Where(firstMask, top(s), top(gi), noOpts)
}

// sliceRec is t.slice(dim, start, start+length), recorded.
func sliceRec(t *tensor.Tensor, dim, start, length int) *tensor.Tensor {
	out := t.Narrow(dim, start, length)
	if needsGrad(t) {
		RecordView("SliceBackward0", t, out)
	}
	return out
}

// cumprodRec is t.cumprod(dim), recorded.
func cumprodRec(t *tensor.Tensor, dim int) *tensor.Tensor {
	out := tensor.Cumprod(t, dim)
	if needsGrad(t) {
		SetHistory(out, RecordCumprod(t, dim, out), 0)
	}
	return out
}

// prodKeepRec is t.prod(dim, keepdim=True), recorded.
func prodKeepRec(t *tensor.Tensor, dim int) *tensor.Tensor {
	out := tensor.Prod(t, []int{dim}, true)
	if needsGrad(t) {
		SetHistory(out, RecordProd(t, dim, true, true, out), 0)
	}
	return out
}

// catRec is torch.cat(ts, dim), recorded.
func catRec(ts []*tensor.Tensor, dim int) *tensor.Tensor {
	out := tensor.Cat(ts, dim)
	if needsGrad(ts...) {
		SetHistory(out, RecordCat(ts, dim, out), 0)
	}
	return out
}

// cumprodGradOmitted is cumprod_backward's path in grad mode: for each k,
// the sum over j >= k of grad[j] times the product of x[:j+1] without
// x[k], copied into grad_input.select(dim, k).
func cumprodGradOmitted(g, in *tensor.Tensor, d int) *tensor.Tensor {
	size := in.Shape()[d]
	gi := tensor.Empty(in.Shape(), g.DType())
	onesShape := append([]int{}, in.Shape()...)
	onesShape[d] = 1
	ones := tensor.Full([]int{1}, tensor.FloatS(1), g.DType()).Expand(onesShape)
	for k := 0; k < size; k++ {
		var omitted *tensor.Tensor
		switch k {
		case 0:
			omitted = catRec([]*tensor.Tensor{ones, cumprodRec(sliceRec(in, d, 1, size-1), d)}, d)
		case size - 1:
			omitted = prodKeepRec(sliceRec(in, d, 0, k), d)
		default:
			until := prodKeepRec(sliceRec(in, d, 0, k), d)
			from := cumprodRec(sliceRec(in, d, k+1, size-k-1), d)
			omitted = catRec([]*tensor.Tensor{until, mul(expand(until, from.Shape()), from)}, d)
		}
		slice := sumDims(mul(sliceRec(g, d, k, size-k), omitted), []int{d}, false)
		copyIntoSelect(gi, d, k, slice)
	}
	return gi
}

// copyIntoSelect is t.select(dim, k).copy_(src) with autograd: the
// select's history rebased on a CopySlices of t when src requires grad.
func copyIntoSelect(t *tensor.Tensor, dim, k int, src *tensor.Tensor) {
	view := t.Select(dim, k)
	if !needsGrad(t, src) {
		tensor.Copy(view, top(src), noOpts)
		return
	}
	if RequiresGrad(t) {
		RecordView("SelectBackward0", t, view)
	} else {
		markView(t, view, creationDefault, "")
	}
	tensor.Copy(view, top(src), noOpts)
	BumpVersion(t)
	RebaseHistory(view, RecordCopy(view, src))
}
