package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// reducedDims lists the dims a reduction over dims covers (all for none),
// wrapped.
func reducedDims(dims []int, ndim int) []int {
	if len(dims) == 0 {
		out := make([]int, ndim)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, len(dims))
	for i, d := range dims {
		out[i] = tensor.WrapDim(d, max(ndim, 1))
	}
	return out
}

// restore is unsqueeze_multiple of a reduction's gradient when keepdim was
// false (nothing for a 0-d input).
func restore(g *tensor.Tensor, dims []int, keepdim bool, ndim int) *tensor.Tensor {
	if keepdim || ndim == 0 {
		return g
	}
	return unsqueezeMultiple(g, reducedDims(dims, ndim), ndim)
}

// RecordSum records out = x.sum(dims, keepdim) (withDim false: x.sum(),
// SumBackward0).
func RecordSum(x *tensor.Tensor, dims []int, keepdim, withDim bool, out *tensor.Tensor) *Node {
	name := "SumBackward0"
	if withDim {
		name = "SumBackward1"
	}
	n := newNode(name, 1, x)
	shape := append([]int{}, x.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		if withDim {
			g = restore(g, dims, keepdim, len(shape))
		}
		return []*tensor.Tensor{expand(g, shape)}
	}
	return n
}

// RecordMean records out = x.mean(dims, keepdim) (withDim false: x.mean()).
func RecordMean(x *tensor.Tensor, dims []int, keepdim, withDim bool, out *tensor.Tensor) *Node {
	name := "MeanBackward0"
	if withDim {
		name = "MeanBackward1"
	}
	n := newNode(name, 1, x)
	shape := append([]int{}, x.Shape()...)
	count := x.Numel()
	if withDim && len(dims) > 0 {
		count = 1
		for _, d := range reducedDims(dims, len(shape)) {
			if len(shape) > 0 {
				count *= shape[d]
			}
		}
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		if withDim {
			g = restore(g, dims, keepdim, len(shape))
		}
		return []*tensor.Tensor{divS(expand(g, shape), float64(count))}
	}
	return n
}

// RecordProd records out = x.prod() (dim < 0 and !withDim) or
// x.prod(dim, keepdim).
func RecordProd(x *tensor.Tensor, dim int, keepdim, withDim bool, out *tensor.Tensor) *Node {
	name := "ProdBackward0"
	if withDim {
		name = "ProdBackward1"
	}
	n := newNode(name, 1, x)
	sx, sr := n.save(x, false), n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in, r := gs[0], n.get(sx), n.get(sr)
		in = toDType(in, g.DType())
		if in.Dim() == 0 {
			return []*tensor.Tensor{g}
		}
		if !withDim {
			zeros := countTrue(cmp(tensor.OpEq, in, sop(0)))
			switch {
			case zeros == 0:
				return []*tensor.Tensor{mul(g, div(r, in))}
			case !gradEnabled && zeros > 1:
				return []*tensor.Tensor{zerosLike(in)}
			}
			flat := in.Contiguous().View([]int{-1})
			return []*tensor.Tensor{prodSafeZeros(g, flat, 0).View(in.Shape())}
		}
		d := tensor.WrapDim(dim, in.Dim())
		if !keepdim && in.Dim() != 1 {
			g = unsqueezeMultiple(g, []int{d}, in.Dim())
			r = unsqueezeMultiple(r, []int{d}, in.Dim())
		}
		if countTrue(cmp(tensor.OpEq, in, sop(0))) == 0 {
			return []*tensor.Tensor{mul(g, div(r, in))}
		}
		return []*tensor.Tensor{prodSafeZeros(g, in, d)}
	}
	return n
}

// prodSafeZeros is prod_safe_zeros_backward: the products of the elements
// before and after each one, by exclusive cumulative products.
func prodSafeZeros(g, in *tensor.Tensor, dim int) *tensor.Tensor {
	if in.Numel() == 0 {
		return g.Expand(in.Shape())
	}
	onesShape := append([]int{}, in.Shape()...)
	onesShape[dim] = 1
	ones := tensor.Full(onesShape, tensor.FloatS(1), g.DType())
	n := in.Shape()[dim]
	normal := tensor.Cumprod(tensor.Cat([]*tensor.Tensor{ones, in.Narrow(dim, 0, n-1)}, dim), dim)
	rev := tensor.Flip(in.Narrow(dim, 1, n-1), []int{dim})
	reverse := tensor.Flip(tensor.Cumprod(tensor.Cat([]*tensor.Tensor{ones, rev}, dim), dim), []int{dim})
	return mul(g, mul(normal, reverse))
}

// countTrue is mask.sum().item().
func countTrue(mask *tensor.Tensor) int64 {
	return tensor.Sum(mask, nil, false).Item().Int()
}

// RecordMaxAll records out = x.max() or x.min() (MaxBackward1,
// MinBackward1, MedianBackward0): evenly_distribute_backward.
func RecordMaxAll(name string, x, out *tensor.Tensor) *Node {
	n := newNode(name, 1, x)
	sx, sr := n.save(x, false), n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in, v := gs[0], n.get(sx), n.get(sr)
		var mask *tensor.Tensor
		if tensor.Unary(tensor.OpIsnan, v, noOpts).Item().Float() != 0 {
			mask = tensor.Unary(tensor.OpIsnan, in, noOpts)
		} else {
			mask = cmp(tensor.OpEq, in, top(v))
		}
		share := div(g, tensor.Sum(mask, nil, false))
		z := tensor.Empty(in.Shape(), g.DType())
		out := tensor.MaskedFill(z, mask, top(share), tensor.Opts{Inplace: true})
		if needsGrad(share) {
			// masked_fill_ of zeros with a value requiring grad
			SetHistory(out, recordMaskedFillValue(mask, share, out), 0)
		}
		return []*tensor.Tensor{out}
	}
	return n
}

// recordMaskedFillValue is masked_fill's value gradient:
// grad.masked_select(mask).sum() (MaskedFillBackward1).
func recordMaskedFillValue(mask, value, out *tensor.Tensor) *Node {
	n := newNode("MaskedFillBackward1", 1, nil, value)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		sel := gs[0].GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: mask}}, false, nil)
		return []*tensor.Tensor{nil, sumDims(sel, nil, false)}
	}
	return n
}

// RecordSelectReduce records values, _ = x.max(dim) (and min, median,
// mode, kthvalue...): value_selecting_reduction_backward.
func RecordSelectReduce(name string, x *tensor.Tensor, dim int, keepdim bool, indices, values *tensor.Tensor) *Node {
	n := newNode(name, 2, x)
	shape := append([]int{}, x.Shape()...)
	si := n.save(indices, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, idx := gs[0], n.get(si)
		if g == nil {
			return nil
		}
		d := 0
		if len(shape) > 0 {
			d = tensor.WrapDim(dim, len(shape))
		}
		if !keepdim && len(shape) > 0 {
			g = unsqueezeMultiple(g, []int{d}, len(shape))
			idx = idx.Unsqueeze(d)
		}
		return []*tensor.Tensor{scatter(shape, d, idx, g)}
	}
	return n
}

// scatter is zeros(shape).scatter_(dim, index, src) for a src of index's
// shape.
func scatter(shape []int, dim int, index, src *tensor.Tensor) *tensor.Tensor {
	out := tensor.Empty(shape, src.DType())
	if len(shape) == 0 {
		tensor.CopyInto(out, src)
		return out
	}
	outStrides := out.Strides()
	idx := index.Contiguous()
	vals := src.Contiguous()
	n := idx.Numel()
	ishape := idx.Shape()
	pos := make([]int, len(ishape))
	flat := make([]int64, n)
	for k := 0; k < n; k++ {
		off := 0
		for j, p := range pos {
			if j == dim {
				off += int(idx.Storage().Get(idx.Offset()+k).Int()) * outStrides[j]
			} else {
				off += p * outStrides[j]
			}
		}
		flat[k] = int64(off)
		out.Storage().Set(off, vals.Storage().Get(vals.Offset()+k))
		for j := len(pos) - 1; j >= 0; j-- {
			pos[j]++
			if pos[j] < ishape[j] {
				break
			}
			pos[j] = 0
		}
	}
	if gradEnabled {
		// the adjoint gathers the positions written
		at := tensor.FromSlice(flat, n)
		sshape := append([]int{}, src.Shape()...)
		recordLinear("ScatterBackward0", []*tensor.Tensor{src}, out, func(h *tensor.Tensor) []*tensor.Tensor {
			hf := h.Contiguous().View([]int{-1})
			return []*tensor.Tensor{hf.GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: at}}, false, nil).Reshape(sshape)}
		})
	}
	return out
}

// RecordAmax records out = x.amax(dims, keepdim) (or amin):
// scale_grad_by_count.
func RecordAmax(name string, x *tensor.Tensor, dims []int, keepdim bool, out *tensor.Tensor) *Node {
	n := newNode(name, 1, x)
	sx, sr := n.save(x, false), n.save(out, true)
	nd := x.Dim()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in, r := gs[0], n.get(sx), n.get(sr)
		g = restore(g, dims, keepdim, nd)
		r = restore(r, dims, keepdim, nd)
		mask := cmp(tensor.OpEq, r, top(in))
		cnt := tensor.Sum(mask, reducedDims(dims, nd), true)
		return []*tensor.Tensor{mul(div(g, cnt), mask)}
	}
	return n
}

// RecordNorm records out = x.norm(p, dims, keepdim) (NormBackward1, or
// NormBackward0 for norm(p) with no dims).
func RecordNorm(name string, x *tensor.Tensor, p float64, dims []int, keepdim bool, out *tensor.Tensor) *Node {
	n := newNode(name, 1, x)
	sx, sr := n.save(x, false), n.save(out, true)
	nd := x.Dim()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in, r := gs[0], n.get(sx), n.get(sr)
		if len(dims) > 0 {
			g = restore(g, dims, keepdim, nd)
			r = restore(r, dims, keepdim, nd)
		}
		switch {
		case p == 0:
			return []*tensor.Tensor{nil} // norm_backward: undefined
		case p == 1:
			return []*tensor.Tensor{mul(unary(tensor.OpSign, in), g)}
		case p == 2:
			return []*tensor.Tensor{mul(g, maskedFillZero(div(in, r), cmp(tensor.OpEq, r, sop(0))))}
		case math.IsInf(p, 0):
			// amax(abs(self)) respecting NaNs
			abs := unary(tensor.OpAbs, in)
			mask := tensor.Binary(tensor.OpLogicalOr, top(cmp(tensor.OpEq, abs, top(r))), top(tensor.Unary(tensor.OpIsnan, abs, noOpts)), noOpts)
			cnt := tensor.Sum(mask, reducedDims(dims, nd), true)
			return []*tensor.Tensor{mul(unary(tensor.OpSign, in), mul(div(g, cnt), mask))}
		case p < 1:
			scaled := mul(unary(tensor.OpSign, in), maskedFillZero(powS(unary(tensor.OpAbs, in), p-1), cmp(tensor.OpEq, in, sop(0))))
			return []*tensor.Tensor{mul(mul(scaled, g), powS(r, 1-p))}
		case p < 2:
			scaled := mul(unary(tensor.OpSign, in), powS(unary(tensor.OpAbs, in), p-1))
			scale := maskedFillZero(div(g, powS(r, p-1)), cmp(tensor.OpEq, r, sop(0)))
			return []*tensor.Tensor{mul(scaled, scale)}
		}
		scaled := mul(in, powS(unary(tensor.OpAbs, in), p-2))
		scale := maskedFillZero(div(g, powS(r, p-1)), cmp(tensor.OpEq, r, sop(0)))
		return []*tensor.Tensor{mul(scaled, scale)}
	}
	return n
}

// RecordVarStd records out = x.var(...) or x.std(...) (dims nil: over
// all of x).
func RecordVarStd(isStd bool, x *tensor.Tensor, dims []int, correction float64, keepdim bool, out *tensor.Tensor) *Node {
	name := "VarBackward0"
	if isStd {
		name = "StdBackward0"
	}
	n := newNode(name, 1, x)
	sx := n.save(x, false)
	var sr *saved
	if isStd {
		sr = n.save(out, true)
	}
	nd := x.Dim()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in := gs[0], n.get(sx)
		if isStd {
			r := n.get(sr)
			g = maskedFillZero(div(g, mulS(r, 2)), cmp(tensor.OpEq, r, sop(0)))
		}
		if nd == 0 || len(dims) == 0 {
			dof := float64(in.Numel()) - correction
			if dof <= 0 {
				return []*tensor.Tensor{mulS(g, nan)}
			}
			mean := meanRec(in, nil, false)
			return []*tensor.Tensor{mul(mulS(g, 2.0/dof), sub(in, mean))}
		}
		if !keepdim && nd > 1 {
			g = unsqueezeMultiple(g, reducedDims(dims, nd), nd)
		}
		size := 1
		for _, d := range reducedDims(dims, nd) {
			size *= in.Shape()[d]
		}
		dof := float64(size) - correction
		mean := meanRec(in, reducedDims(dims, nd), true)
		return []*tensor.Tensor{mul(mulS(g, 2.0/dof), sub(in, mean))}
	}
	return n
}

// RecordCumsum records out = x.cumsum(dim): the reversed cumulative sum.
func RecordCumsum(x *tensor.Tensor, dim int, out *tensor.Tensor) *Node {
	n := newNode("CumsumBackward0", 1, x)
	d0 := x.DType()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := toDType(gs[0], d0)
		if g.Numel() <= 1 || g.Dim() == 0 || g.Shape()[tensor.WrapDim(dim, g.Dim())] == 1 {
			return []*tensor.Tensor{g}
		}
		// grad.flip(dim).cumsum(dim).flip(dim), each recorded
		d := tensor.WrapDim(dim, g.Dim())
		flip := func(t *tensor.Tensor) *tensor.Tensor {
			out := tensor.Flip(t, []int{d})
			if needsGrad(t) {
				SetHistory(out, RecordFlip(t, []int{d}), 0)
			}
			return out
		}
		f := flip(g)
		c := tensor.Cumsum(f, d)
		if needsGrad(f) {
			SetHistory(c, RecordCumsum(f, d, c), 0)
		}
		return []*tensor.Tensor{flip(c)}
	}
	return n
}

// RecordLogsumexp records out = x.logsumexp(dims, keepdim).
func RecordLogsumexp(x *tensor.Tensor, dims []int, keepdim bool, out *tensor.Tensor) *Node {
	n := newNode("LogsumexpBackward0", 1, x)
	sx, sr := n.save(x, false), n.save(out, true)
	nd := x.Dim()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, in, r := gs[0], n.get(sx), n.get(sr)
		if !keepdim && nd != 0 {
			g = unsqueezeMultiple(g, reducedDims(dims, nd), nd)
			r = unsqueezeMultiple(r, reducedDims(dims, nd), nd)
		}
		return []*tensor.Tensor{mul(g, unary(tensor.OpExp, sub(in, r)))}
	}
	return n
}

// RecordFrobenius records out = frobenius_norm(x, dims, keepdim), which
// PyTorch computes as sqrt(sum(x * x, dims)): the three nodes of that
// composition (SqrtBackward0 is out's).
func RecordFrobenius(x *tensor.Tensor, dims []int, keepdim bool, out *tensor.Tensor) *Node {
	sq := tensor.Binary(tensor.OpMul, top(x), top(x), noOpts)
	SetHistory(sq, RecordBinary(tensor.OpMul, top(x), top(x), one, sq, false), 0)
	s := tensor.Sum(sq, dims, keepdim)
	SetHistory(s, RecordSum(sq, dims, keepdim, true, s), 0)
	return RecordUnary(tensor.OpSqrt, s, out)
}

// meanRec is x.mean(dims, keepdim) (nil dims: x.mean()), recorded.
func meanRec(x *tensor.Tensor, dims []int, keepdim bool) *tensor.Tensor {
	out := tensor.Mean(x, dims, keepdim)
	if needsGrad(x) {
		SetHistory(out, RecordMean(x, dims, keepdim, dims != nil, out), 0)
	}
	return out
}
