package autograd

import "github.com/tensh/tensh/runtime/tensor"

// The three-operand operations (lerp, addcmul, addcdiv, clamp with tensor
// bounds), index_fill, and the nodes of operations without a
// derivative.

// full is at::empty_like(t).fill_(v): a tensor of t's shape holding v.
func full(t *tensor.Tensor, v float64) *tensor.Tensor {
	return tensor.Full(t.Shape(), tensor.FloatS(v), t.DType())
}

// RecordLerp records out = start.lerp(end, weight) (weight a number:
// LerpBackward0, a tensor: LerpBackward1).
func RecordLerp(start, end *tensor.Tensor, weight tensor.Operand, out *tensor.Tensor) *Node {
	if weight.T == nil {
		n := newNode("LerpBackward0", 1, start, end)
		w := weight.S.Float()
		n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
			g := gs[0]
			return []*tensor.Tensor{mulS(g, 1-w), maybeMultiplyAlways(g, weight.S)}
		}
		return n
	}
	n := newNode("LerpBackward1", 1, start, end, weight.T)
	ss, se, sw := n.save(start, false), n.save(end, false), n.save(weight.T, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, w := gs[0], n.get(sw)
		var ga, gb, gw *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = mul(g, sub(full(w, 1), w))
		}
		if n.next[1].Fn != nil {
			gb = mul(g, w)
		}
		if n.next[2].Fn != nil {
			gw = mul(g, sub(n.get(se), n.get(ss)))
		}
		return []*tensor.Tensor{ga, gb, gw}
	}
	return n
}

// RecordAddc records out = self + value * t1 * t2 (addcmul) or
// self + value * t1 / t2 (addcdiv).
func RecordAddc(isDiv bool, self, t1, t2 *tensor.Tensor, value tensor.Scalar, out *tensor.Tensor) *Node {
	name := "AddcmulBackward0"
	if isDiv {
		name = "AddcdivBackward0"
	}
	n := newNode(name, 1, self, t1, t2)
	s1, s2 := n.save(t1, false), n.save(t2, false)
	v := value.Float()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		a, b := n.get(s1), n.get(s2)
		var g1, g2 *tensor.Tensor
		if !isDiv {
			if n.next[1].Fn != nil {
				g1 = mul(g, maybeMultiplyAlways(b, value))
			}
			if n.next[2].Fn != nil {
				g2 = mul(g, maybeMultiplyAlways(a, value))
			}
			return []*tensor.Tensor{g, g1, g2}
		}
		if n.next[1].Fn != nil {
			g1 = mul(g, div(full(b, v), b))
		}
		if n.next[2].Fn != nil {
			g2 = mul(neg(g), div(maybeMultiplyAlways(a, value), mul(b, b)))
		}
		return []*tensor.Tensor{g, g1, g2}
	}
	return n
}

// RecordClampTensor records out = self.clamp(lo, hi) with tensor bounds
// (nil: absent): ClampBackward0, clamp_backward_min_max.
func RecordClampTensor(self, lo, hi, out *tensor.Tensor) *Node {
	n := newNode("ClampBackward0", 1, self, lo, hi)
	sx, sl, sh := n.save(self, false), n.save(lo, false), n.save(hi, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, x := gs[0], n.get(sx)
		var mn, mx *tensor.Tensor
		if sl != nil {
			mn = n.get(sl)
		}
		if sh != nil {
			mx = n.get(sh)
		}
		z := top(zeros0(g.DType()))
		and := func(a, b *tensor.Tensor) *tensor.Tensor {
			return tensor.Binary(tensor.OpLogicalAnd, top(a), top(b), noOpts)
		}
		or := func(a, b *tensor.Tensor) *tensor.Tensor {
			return tensor.Binary(tensor.OpLogicalOr, top(a), top(b), noOpts)
		}
		var gx, gl, gh *tensor.Tensor
		switch {
		case mn != nil && mx != nil:
			gx = where(and(cmp(tensor.OpGe, x, top(mn)), cmp(tensor.OpLe, x, top(mx))), top(g), z)
			if n.next[1].Fn != nil {
				gl = where(and(cmp(tensor.OpLt, x, top(mn)), cmp(tensor.OpLt, mn, top(mx))), top(g), z)
			}
			if n.next[2].Fn != nil {
				gh = where(or(cmp(tensor.OpGt, x, top(mx)), cmp(tensor.OpLt, mx, top(mn))), top(g), z)
			}
		case mn != nil:
			gx = where(cmp(tensor.OpGe, x, top(mn)), top(g), z)
			if n.next[1].Fn != nil {
				gl = where(cmp(tensor.OpLt, x, top(mn)), top(g), z)
			}
		case mx != nil:
			gx = where(cmp(tensor.OpLe, x, top(mx)), top(g), z)
			if n.next[2].Fn != nil {
				gh = where(cmp(tensor.OpGt, x, top(mx)), top(g), z)
			}
		}
		return []*tensor.Tensor{gx, gl, gh}
	}
	return n
}

// RecordIndexFill records out = x.index_fill(dim, index, value number).
func RecordIndexFill(x *tensor.Tensor, dim int, index, out *tensor.Tensor) *Node {
	n := newNode("IndexFillBackward0", 1, x)
	si := n.save(index, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{tensor.IndexFill(gs[0], dim, n.get(si), sop(0), noOpts)}
	}
	return n
}

// RecordMaskedFillTensor records out = x.masked_fill(mask, value) for a
// 0-d tensor value (MaskedFillBackward1): the value's gradient is the sum
// of the gradient where the mask is set.
func RecordMaskedFillTensor(x, mask, value, out *tensor.Tensor) *Node {
	n := newNode("MaskedFillBackward1", 1, x, nil, value)
	sm := n.save(mask, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, m := gs[0], n.get(sm)
		var gx, gv *tensor.Tensor
		if n.next[0].Fn != nil {
			gx = maskedFillZero(g, m)
		}
		if n.next[2].Fn != nil {
			mb := m.Expand(g.Shape())
			gv = sumDims(g.GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: mb}}, false, nil), nil, false)
		}
		return []*tensor.Tensor{gx, nil, gv}
	}
	return n
}

// RecordNotImplemented records an operation PyTorch has no derivative for
// (its node NotImplemented fails when backward reaches it).
func RecordNotImplemented(op string, inputs ...*tensor.Tensor) *Node {
	n := newNode("NotImplemented", 1, inputs...)
	n.apply = func([]*tensor.Tensor) []*tensor.Tensor {
		raise(errNoDerivative, op)
		return nil
	}
	return n
}

// RecordUnfold records out = x.unfold(dim, size, step): the windows may
// overlap, so the gradient adds up where they do.
func RecordUnfold(x *tensor.Tensor, dim, size, step int, out *tensor.Tensor) {
	n := newNode("UnfoldBackward0", 1, x)
	shape := append([]int{}, x.Shape()...)
	ar := tensor.Arange(tensor.IntS(0), tensor.IntS(int64(tensor.Numel(shape))), tensor.IntS(1), tensor.Int64).View(shape)
	pos := ar.Unfold(dim, size, step).Contiguous()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{accumulateAt(shape, pos, gs[0])}
	}
	SetHistory(out, n, 0)
	markView(x, out, creationDefault, "UnfoldBackward0")
}

// View records out = in.view(shape) as a differentiable view, for the
// evaluator's compositions (outer's reshape, column_stack's columns).
func View(in *tensor.Tensor, shape []int) *tensor.Tensor { return view(in, shape) }
