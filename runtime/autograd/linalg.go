package autograd

import (
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// The products: dot, mv, mm, bmm and matmul's decomposition into them.

func mm(a, b *tensor.Tensor) *tensor.Tensor {
	out := linalg.Mm(a, b)
	if needsGrad(a, b) {
		SetHistory(out, RecordMm(a, b, out), 0)
	}
	return out
}

func tr(t *tensor.Tensor) *tensor.Tensor {
	out := t.T()
	if needsGrad(t) {
		RecordView("TBackward0", t, out)
	}
	return out
}

func mvRec(m, v *tensor.Tensor) *tensor.Tensor {
	out := linalg.Mv(m, v)
	if needsGrad(m, v) {
		SetHistory(out, RecordMv(m, v, out), 0)
	}
	return out
}

func outerRec(a, b *tensor.Tensor) *tensor.Tensor {
	out := linalg.Outer(a, b)
	if needsGrad(a, b) {
		a2, b2 := view(a, []int{a.Numel(), 1}), view(b, []int{1, b.Numel()})
		SetHistory(out, RecordMm(a2, b2, out), 0)
	}
	return out
}

func bmmRec(a, b *tensor.Tensor) *tensor.Tensor {
	out := linalg.Bmm(a, b)
	if needsGrad(a, b) {
		SetHistory(out, RecordBmm(a, b, out), 0)
	}
	return out
}

func matmulRec(a, b *tensor.Tensor) *tensor.Tensor {
	out := linalg.Matmul(a, b)
	if needsGrad(a, b) {
		SetHistory(out, RecordMatmul("UnsafeViewBackward0", a, b, out), 0)
	}
	return out
}

func transposeRec(t *tensor.Tensor, d0, d1 int) *tensor.Tensor {
	out := t.Transpose(d0, d1)
	if needsGrad(t) {
		RecordView("TransposeBackward0", t, out)
	}
	return out
}

// RecordDot records out = a.dot(b).
func RecordDot(a, b, out *tensor.Tensor) *Node {
	n := newNode("DotBackward0", 1, a, b)
	sa, sb := n.save(a, false), n.save(b, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = mul(g, n.get(sb))
		}
		if n.next[1].Fn != nil {
			gb = mul(g, n.get(sa))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// RecordMv records out = m.mv(v).
func RecordMv(m, v, out *tensor.Tensor) *Node {
	n := newNode("MvBackward0", 1, m, v)
	sm, sv := n.save(m, false), n.save(v, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var gm, gv *tensor.Tensor
		if n.next[0].Fn != nil {
			gm = outerRec(g, n.get(sv))
		}
		if n.next[1].Fn != nil {
			gv = mvRec(tr(n.get(sm)), g)
		}
		return []*tensor.Tensor{gm, gv}
	}
	return n
}

// RecordMm records out = a.mm(b): mm_mat1_backward and mm_mat2_backward.
func RecordMm(a, b, out *tensor.Tensor) *Node {
	n := newNode("MmBackward0", 1, a, b)
	sa, sb := n.save(a, false), n.save(b, false)
	aShape, aStrides := append([]int{}, a.Shape()...), append([]int{}, a.Strides()...)
	bShape, bStrides := append([]int{}, b.Shape()...), append([]int{}, b.Strides()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			m2 := n.get(sb)
			if aStrides[0] == 1 && aStrides[1] == aShape[0] {
				ga = tr(mm(m2, tr(g)))
			} else {
				ga = mm(g, tr(m2))
			}
		}
		if n.next[1].Fn != nil {
			m1 := n.get(sa)
			if bStrides[0] == 1 && bStrides[1] == bShape[0] {
				gb = tr(mm(tr(g), m1))
			} else {
				gb = mm(tr(m1), g)
			}
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// RecordBmm records out = a.bmm(b).
func RecordBmm(a, b, out *tensor.Tensor) *Node {
	n := newNode("BmmBackward0", 1, a, b)
	sa, sb := n.save(a, false), n.save(b, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var ga, gb *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = bmmRec(g, transposeRec(n.get(sb), 1, 2))
		}
		if n.next[1].Fn != nil {
			gb = bmmRec(transposeRec(n.get(sa), 1, 2), g)
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// RecordMatmul records out = a @ b for the shapes matmul does not send
// to dot, mv or mm directly: the gradient of the broadcast batched
// product, by matmul itself, reduced to each operand's shape.
func RecordMatmul(name string, a, b, out *tensor.Tensor) *Node {
	n := newNode(name, 1, a, b)
	sa, sb := n.save(a, false), n.save(b, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		x, y := n.get(sa), n.get(sb)
		var ga, gb *tensor.Tensor
		xs, ys := x, y
		if x.Dim() == 1 {
			xs = x.Unsqueeze(0)
		}
		if y.Dim() == 1 {
			ys = y.Unsqueeze(1)
		}
		gg := g
		if x.Dim() == 1 {
			gg = gg.Unsqueeze(gg.Dim() - 1)
		}
		if y.Dim() == 1 {
			gg = gg.Unsqueeze(gg.Dim())
		}
		if n.next[0].Fn != nil {
			ga = sumTo(matmulRec(gg, ys.Transpose(-1, -2)), xs.Shape())
			ga = ga.Reshape(x.Shape())
		}
		if n.next[1].Fn != nil {
			gb = sumTo(matmulRec(xs.Transpose(-1, -2), gg), ys.Shape())
			gb = gb.Reshape(y.Shape())
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// RecordFoldedMatmul records out = a @ b for a of 3 or more dims and b of
// 1 or 2: matmul folds a's batch dims into its rows and multiplies once
// (mm or mv), so the gradients are those of that one product.
func RecordFoldedMatmul(a, b, out *tensor.Tensor) *Node {
	n := newNode("UnsafeViewBackward0", 1, a, b)
	sa, sb := n.save(a, false), n.save(b, false)
	aShape := append([]int{}, a.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		x, y := n.get(sa), n.get(sb)
		k := aShape[len(aShape)-1]
		rows := tensor.Numel(aShape) / max(k, 1)
		reshape := func(t *tensor.Tensor, shape []int) *tensor.Tensor {
			if needsGrad(t) {
				return view(t.Contiguous(), shape)
			}
			return t.Reshape(shape)
		}
		xf := reshape(x, []int{rows, k})
		var ga, gb *tensor.Tensor
		if y.Dim() == 2 {
			g := reshape(gs[0], []int{rows, y.Shape()[1]})
			if n.next[0].Fn != nil {
				ga = reshape(mm(g, tr(y)), aShape)
			}
			if n.next[1].Fn != nil {
				gb = mm(tr(xf), g)
			}
		} else {
			g := reshape(gs[0], []int{rows})
			if n.next[0].Fn != nil {
				ga = reshape(outerRec(g, y), aShape)
			}
			if n.next[1].Fn != nil {
				gb = mvRec(tr(xf), g)
			}
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}
