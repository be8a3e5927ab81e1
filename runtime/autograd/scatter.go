package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// scatter, scatter_add, index_add and index_copy: the source's elements
// land at flat positions pos of the result (the evaluator finds them as
// for the selections). The source's gradient is g at pos (scaled by
// index_add's alpha); self's is g, with zeros at pos where the source
// overwrote self (scatter, index_copy).

// pickFrom is g.flatten()[pos] in pos's shape, recorded (GatherBackward0)
// in grad mode so that gradients of gradients follow.
func pickFrom(g, pos *tensor.Tensor) *tensor.Tensor {
	flat := g.Contiguous().View([]int{-1})
	out := flat.GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: pos}}, false, nil)
	if needsGrad(g) {
		SetHistory(out, RecordPick("GatherBackward0", g, pos, out), 0)
	}
	return out
}

// RecordScatter records out = self with src (nil: a number) placed at
// pos; overwrite tells whether self's elements there are replaced rather
// than added to.
func RecordScatter(name string, self, src, pos *tensor.Tensor, overwrite bool, alpha float64, out *tensor.Tensor) *Node {
	var n *Node
	if src == nil {
		n = newNode(name, 1, self)
	} else {
		n = newNode(name, 1, self, src)
	}
	pos = pos.Contiguous()
	var keep *tensor.Tensor
	if overwrite {
		k := make([]float64, self.Numel())
		for i := range k {
			k[i] = 1
		}
		ps := tensor.Slice[int64](pos.Storage())[pos.Offset():]
		for i := 0; i < pos.Numel(); i++ {
			k[ps[i]] = 0
		}
		keep = tensor.FromSlice(k, self.Shape()...).To(self.DType())
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		res := make([]*tensor.Tensor, len(n.next))
		if n.next[0].Fn != nil {
			res[0] = g
			if overwrite {
				res[0] = mul(g, keep)
			}
		}
		if len(n.next) > 1 && n.next[1].Fn != nil {
			gs := pickFrom(g, pos)
			if alpha != 1 {
				gs = mulS(gs, alpha)
			}
			res[1] = gs
		}
		return res
	}
	return n
}

// RecordEmbed records out, which holds each element of in at most once
// (diag_embed, constant pad) with other elements constant: in's element k
// is out's flat element pos[k] (-1: dropped, as a negative pad crops).
// The gradient is g at pos (zero where dropped).
func RecordEmbed(name string, in *tensor.Tensor, pos []int64, out *tensor.Tensor) *Node {
	n := newNode(name, 1, in)
	shape := append([]int{}, in.Shape()...)
	safe := make([]int64, len(pos))
	mask := make([]float64, len(pos))
	dropped := false
	for k, p := range pos {
		if p >= 0 {
			safe[k], mask[k] = p, 1
		} else {
			dropped = true
		}
	}
	posT := tensor.FromSlice(safe, shape...)
	maskT := tensor.FromSlice(mask, shape...).To(in.DType())
	back := map[string]string{"DiagEmbedBackward0": "DiagonalBackward0", "ConstantPadNdBackward0": "ConstantPadNdBackward0"}[name]
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		before := seqCounter
		g := pickFrom(gs[0], posT)
		if dropped {
			g = mul(g, maskT)
		}
		// the node of PyTorch's formula (diagonal, constant_pad_nd)
		if m := meta(g); back != "" && m != nil && m.gradFn != nil && m.gradFn.seq > before {
			m.gradFn.name = back
		}
		return []*tensor.Tensor{g}
	}
	return n
}

// crossRec is linalg.cross(a, b, dim), recorded.
func crossRec(a, b *tensor.Tensor, dim int) *tensor.Tensor {
	out := tensor.Cross(a, b, dim, false)
	if needsGrad(a, b) {
		SetHistory(out, RecordCross(a, b, dim, out), 0)
	}
	return out
}

// RecordCross records out = cross(a, b, dim) (LinalgCrossBackward0):
// ga = b × g, gb = g × a.
func RecordCross(a, b *tensor.Tensor, dim int, out *tensor.Tensor) *Node {
	n := newNode("LinalgCrossBackward0", 1, a, b)
	sa, sb := n.save(a, false), n.save(b, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		x, y := n.get(sa), n.get(sb)
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = sumTo(crossRec(expand(y, g.Shape()), g, dim), x.Shape())
		}
		if n.next[1].Fn != nil {
			gb = sumTo(crossRec(g, expand(x, g.Shape()), dim), y.Shape())
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// RecordNansum records out = x.nansum(dims): sum's gradient, zero where
// x is NaN.
func RecordNansum(x *tensor.Tensor, dims []int, keepdim bool, out *tensor.Tensor) *Node {
	n := newNode("NansumBackward0", 1, x)
	sum := RecordSum(x, dims, keepdim, len(dims) > 0, out)
	sum.in[0] = inputMeta{append([]int{}, out.Shape()...), out.DType()}
	sum.sub = n
	sx := n.save(x, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := sum.apply(gs)[0]
		in := n.get(sx)
		return []*tensor.Tensor{maskedFillZero(expand(g, in.Shape()), cmp(tensor.OpNe, in, top(in)))}
	}
	return n
}

// RecordCdist records out = cdist(x1, x2, p) for p 1 or 2
// (CdistBackward0): each distance's gradient goes to the difference of
// its two rows, as sign(d) for p=1 and d/dist for p=2 (zero at
// distance 0).
func RecordCdist(x1, x2 *tensor.Tensor, p float64, out *tensor.Tensor) *Node {
	n := newNode("CdistBackward0", 1, x1, x2)
	s1, s2, so := n.save(x1, false), n.save(x2, false), n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		a, b, d := n.get(s1), n.get(s2), n.get(so)
		ua := view(a, insertOne(a.Shape(), a.Dim()-1)) // (..., P, 1, M)
		ub := view(b, insertOne(b.Shape(), b.Dim()-2)) // (..., 1, R, M)
		g := view(gs[0], append(append([]int{}, gs[0].Shape()...), 1))
		// the gradient of each side, from the difference seen from it
		side := func(diff *tensor.Tensor, over int) *tensor.Tensor {
			var c *tensor.Tensor
			dd := view(d, append(append([]int{}, d.Shape()...), 1))
			switch {
			case p == 0:
				c = mulS(mul(g, diff), 0)
			case p == 1:
				c = mul(g, unary(tensor.OpSign, diff))
			case p == 2:
				c = mul(maskedFillZero(div(g, dd), cmp(tensor.OpEq, dd, sop(0))), diff)
			case math.IsInf(p, 1):
				// the coordinates where |diff| reaches the distance
				at := cmp(tensor.OpEq, unary(tensor.OpAbs, diff), top(dd))
				c = mul(mul(g, unary(tensor.OpSign, diff)), toDType(at, diff.DType()))
			default:
				// sign(diff)·|diff|^(p-1)·g / dist^(p-1), zero at distance 0
				// (and where diff is 0 for p < 1)
				pw := mul(unary(tensor.OpSign, diff), powS(unary(tensor.OpAbs, diff), p-1))
				if p < 1 {
					pw = maskedFillZero(pw, cmp(tensor.OpEq, diff, sop(0)))
				}
				c = mul(pw, maskedFillZero(div(g, powS(dd, p-1)), cmp(tensor.OpEq, dd, sop(0))))
			}
			return sumDims(c, []int{c.Dim() + over}, false)
		}
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = sumTo(side(sub(ua, ub), -2), a.Shape())
		}
		if n.next[1].Fn != nil {
			gb = sumTo(side(sub(ub, ua), -3), b.Shape())
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// insertOne is shape with a 1 inserted at i.
func insertOne(shape []int, i int) []int {
	out := append([]int{}, shape[:i]...)
	out = append(out, 1)
	return append(out, shape[i:]...)
}

// RecordEuclideanDist records res = _euclidean_dist(x1, x2), cdist's
// matrix-product form for p=2 (EuclideanDistBackward0):
// ratio = g/res (0 where res is 0), gx1 = x1·Σ_j ratio - ratio x2,
// gx2 = x2·Σ_i ratio - ratioᵀ x1.
func RecordEuclideanDist(x1, x2, res *tensor.Tensor) *Node {
	n := newNode("EuclideanDistBackward0", 1, x1, x2)
	s1, s2, so := n.save(x1, false), n.save(x2, false), n.save(res, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		a, b, r := n.get(s1), n.get(s2), n.get(so)
		ratio := maskedFillZero(div(gs[0], r), cmp(tensor.OpEq, r, sop(0)))
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = sub(mul(a, sumDims(ratio, []int{ratio.Dim() - 1}, true)), matmulRec(ratio, b))
		}
		if n.next[1].Fn != nil {
			s := sumDims(ratio, []int{ratio.Dim() - 2}, false)
			gb = sub(mul(b, view(s, append(append([]int{}, s.Shape()...), 1))), matmulRec(mT(ratio), a))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}
