package autograd

import (
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// The decompositions of torch.linalg: svd (and svdvals), eigh (and
// eigvalsh), cholesky, qr and pinv, with the formulas of PyTorch 1.13's
// FunctionsManual.cpp (svd_backward, linalg_eig_backward for Hermitian
// input, cholesky_backward, linalg_qr_backward, pinv_backward), for real
// matrices and batches of them. The formulas are written with recorded
// operations, so create_graph gives gradients of gradients.

// unsq is t.unsqueeze(d) (d negative counts from the end), recorded.
func unsq(t *tensor.Tensor, d int) *tensor.Tensor {
	nd := t.Dim() + 1
	d = (d%nd + nd) % nd
	shape := append(append(append([]int{}, t.Shape()[:d]...), 1), t.Shape()[d:]...)
	return view(t, shape)
}

// mmul is matmul as ATen dispatches it: mm for two matrices
// (MmBackward0), the batched product otherwise.
func mmul(a, b *tensor.Tensor) *tensor.Tensor {
	if a.Dim() == 2 && b.Dim() == 2 {
		return mm(a, b)
	}
	return matmulRec(a, b)
}

// eyeOf is the k×k identity in t's dtype.
func eyeOf(k int, t *tensor.Tensor) *tensor.Tensor {
	return tensor.Eye(int64(k), int64(k), t.DType())
}

// diagEmbed is v's last dim on the diagonal of square matrices.
func diagEmbed(v *tensor.Tensor) *tensor.Tensor {
	return mul(unsq(v, -1), eyeOf(v.Size(-1), v))
}

// narrowLast keeps the first k entries of dim d (negative), as a copy.
func narrowDim(t *tensor.Tensor, d, k int) *tensor.Tensor {
	d += t.Dim()
	if t.Size(d) == k {
		return t
	}
	out := t.Narrow(d, 0, k)
	if needsGrad(t) {
		RecordView("SliceBackward0", t, out)
	}
	return out
}

// svdBackward is svd_backward(gU, gS, gVh, U, S, Vh) (nil: undefined).
func svdBackward(gU, gS, gVh, u, s, vh *tensor.Tensor) *tensor.Tensor {
	m, n := u.Size(-2), vh.Size(-1)
	if gU == nil && gVh == nil {
		if m >= n {
			return mmul(u, mul(unsq(gS, -1), vh))
		}
		return mmul(mul(u, unsq(gS, -2)), vh)
	}
	skew := func(a *tensor.Tensor) *tensor.Tensor { return sub(a, mT(a)) }
	var uhgu, vhgv *tensor.Tensor
	if gU != nil {
		uhgu = skew(mmul(mT(u), gU))
	}
	if gVh != nil {
		vhgv = skew(mmul(vh, mT(gVh)))
	}
	s2 := mul(s, s)
	e := add(sub(unsq(s2, -2), unsq(s2, -1)), eyeOf(s.Size(-1), s))
	var ga *tensor.Tensor
	switch {
	case gU != nil && gVh != nil:
		ga = div(add(mul(uhgu, unsq(s, -2)), mul(unsq(s, -1), vhgv)), e)
	case gU == nil:
		ga = div(mul(unsq(s, -1), vhgv), e)
	default:
		ga = div(mul(uhgu, unsq(s, -2)), e)
	}
	if gS != nil {
		ga = add(ga, diagEmbed(gS))
	}
	switch {
	case m > n && gU != nil:
		ga = mmul(u, ga)
		gusinv := div(gU, unsq(s, -2))
		ga = sub(add(ga, gusinv), mmul(u, mmul(mT(u), gusinv)))
		return mmul(ga, vh)
	case m < n && gVh != nil:
		ga = mmul(ga, vh)
		sinvgvh := div(gVh, unsq(s, -1))
		ga = sub(add(ga, sinvgvh), mmul(mmul(sinvgvh, mT(vh)), vh))
		return mmul(u, ga)
	case m >= n:
		return mmul(u, mmul(ga, vh))
	}
	return mmul(mmul(u, ga), vh)
}

// RecordSvd records (u, s, vh) = linalg.svd(a) (LinalgSvdBackward0, its
// outputs U, S, Vh, which all get it as history: svdvals's hidden U and
// Vh too, as their gradients of gradients need); full tells whether u
// and vh are complete (only their first k columns and rows enter the
// formula).
func RecordSvd(a, u, s, vh *tensor.Tensor, full bool) *Node {
	n := newNode("LinalgSvdBackward0", 3, a)
	su, ss, svh := n.save(u, true), n.save(s, true), n.save(vh, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		u, s, vh := n.get(su), n.get(ss), n.get(svh)
		k := s.Size(-1)
		gU, gS, gVh := gs[0], gs[1], gs[2]
		if full {
			u, vh = narrowDim(u, -1, k), narrowDim(vh, -2, k)
			if gU != nil {
				gU = narrowDim(gU, -1, k)
			}
			if gVh != nil {
				gVh = narrowDim(gVh, -2, k)
			}
		}
		return []*tensor.Tensor{svdBackward(gU, gS, gVh, u, s, vh)}
	}
	for i, o := range []*tensor.Tensor{u, s, vh} {
		SetHistory(o, n, i)
	}
	return n
}

// RecordEigh records (w, v) = linalg.eigh(a) (LinalgEighBackward0):
// gA = V (skew(VᵀgV)/E with gL on the diagonal) Vᵀ; without gV,
// V diag(gL) Vᵀ. Both outputs get it as history (as for RecordSvd).
func RecordEigh(a, w, v *tensor.Tensor) *Node {
	n := newNode("LinalgEighBackward0", 2, a)
	sw, sv := n.save(w, true), n.save(v, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		gL, gV := gs[0], gs[1]
		l, v := n.get(sw), n.get(sv)
		if gV == nil {
			return []*tensor.Tensor{mmul(mul(v, unsq(gL, -2)), mT(v))}
		}
		vhgv := mmul(mT(v), gV)
		vhgv = mulS(sub(vhgv, mT(vhgv)), 0.5)
		e := add(sub(unsq(l, -2), unsq(l, -1)), eyeOf(l.Size(-1), l))
		ga := div(vhgv, e)
		if gL != nil {
			// the diagonal of ga is zero: gL goes there
			ga = add(ga, diagEmbed(gL))
		}
		return []*tensor.Tensor{mmul(v, mmul(ga, mT(v)))}
	}
	SetHistory(w, n, 0)
	SetHistory(v, n, 1)
	return n
}

// tril is tensor.Tril, recorded.
func tril(x *tensor.Tensor, k int) *tensor.Tensor {
	out := tensor.Tril(x, k)
	if needsGrad(x) {
		SetHistory(out, RecordTriangle(true, x, k), 0)
	}
	return out
}

// RecordCholesky records out = linalg.cholesky(a, upper) (cholesky_backward):
// Φ = tril(Lᵀ gL) made symmetric with its diagonal halved, then
// gA = L⁻ᵀ Φ L⁻¹ by two triangular solves, as PyTorch 1.13 computes it.
func RecordCholesky(a, out *tensor.Tensor, upper bool) *Node {
	n := newNode("LinalgCholeskyExBackward0", 1, a)
	so := n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		l, gl := n.get(so), gs[0]
		if upper {
			l, gl = mT(l), mT(gl)
		}
		phi := tril(mmul(mT(l), gl), 0)
		phi = mulS(add(phi, mT(tril(phi, -1))), 0.5)
		g := solveTriangular(mT(l), phi, true, true)
		return []*tensor.Tensor{solveTriangular(l, g, false, false)}
	}
	return n
}

// solveTriangular is linalg.solve_triangular(t, b, upper, left), recorded
// (LinalgSolveTriangularBackward0): x = t⁻¹ b (left) or b t⁻¹.
func solveTriangular(t, b *tensor.Tensor, upper, left bool) *tensor.Tensor {
	ti := triInverse(t, upper)
	var x *tensor.Tensor
	if left {
		x = linalg.Matmul(ti, b)
	} else {
		x = linalg.Matmul(b, ti)
	}
	if !needsGrad(t, b) {
		return x
	}
	n := newNode("LinalgSolveTriangularBackward0", 1, t, b)
	st, sx := n.save(t, false), n.save(x, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		t, x, g := n.get(st), n.get(sx), gs[0]
		var gb, gt *tensor.Tensor
		if left {
			gb = solveTriangular(mT(t), g, !upper, true)
			gt = neg(mmul(gb, mT(x)))
		} else {
			gb = solveTriangular(mT(t), g, !upper, false)
			gt = neg(mmul(mT(x), gb))
		}
		if upper {
			gt = triu(gt)
		} else {
			gt = tril(gt, 0)
		}
		if n.next[1].Fn == nil {
			gb = nil
		}
		return []*tensor.Tensor{gt, gb}
	}
	SetHistory(x, n, 0)
	return x
}

// triu is tensor.Triu(x, 0), recorded.
func triu(x *tensor.Tensor) *tensor.Tensor {
	out := tensor.Triu(x, 0)
	if needsGrad(x) {
		SetHistory(out, RecordTriangle(false, x, 0), 0)
	}
	return out
}

// RecordQr records (q, r) = linalg.qr(a, mode) (LinalgQrBackward0);
// mode 'r' and mode 'complete' with more rows than columns have no
// derivative: backward raises PyTorch's error.
func RecordQr(a, q, r *tensor.Tensor, mode string) *Node {
	n := newNode("LinalgQrBackward0", 2, a)
	sq, sr := n.save(q, true), n.save(r, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		q, r := n.get(sq), n.get(sr)
		if mode == "r" {
			raise(errQrModeR)
		}
		m, cols := q.Size(-2), r.Size(-1)
		if mode == "complete" && m > cols {
			raise(errQrComplete)
		}
		if m >= cols {
			return []*tensor.Tensor{qrSquareBackward(gs[0], gs[1], q, r)}
		}
		// A = [X | Y], R = [U | V]: X = QU, Y = QV
		u, v := narrowDim(r, -1, m), r.Narrow(r.Dim()-1, m, cols-m)
		if needsGrad(r) {
			RecordView("SliceBackward0", r, v)
		}
		var gU, gV *tensor.Tensor
		if gs[1] != nil {
			gU = narrowDim(gs[1], -1, m)
			gV = gs[1].Narrow(gs[1].Dim()-1, m, cols-m)
		}
		gQ := gs[0]
		y := mmul(q, v)
		if gV != nil {
			if gQ == nil {
				gQ = mmul(y, mT(gV))
			} else {
				gQ = add(gQ, mmul(y, mT(gV)))
			}
		}
		dx := qrSquareBackward(gQ, gU, q, u)
		var dy *tensor.Tensor
		if gV != nil {
			dy = mmul(q, gV)
		} else {
			dy = zerosLike(y)
		}
		out := tensor.Cat([]*tensor.Tensor{dx, dy}, dx.Dim()-1)
		if needsGrad(dx, dy) {
			SetHistory(out, RecordCat([]*tensor.Tensor{dx, dy}, dx.Dim()-1, out), 0)
		}
		return []*tensor.Tensor{out}
	}
	return n
}

// qrSquareBackward is the rows >= cols formula:
// gA = [gQ + Q copyltu(M)] R⁻ᵀ with M = R gRᵀ - gQᵀ Q.
func qrSquareBackward(gQ, gR, q, r *tensor.Tensor) *tensor.Tensor {
	var m *tensor.Tensor
	switch {
	case gR != nil && gQ != nil:
		m = sub(mmul(r, mT(gR)), mmul(mT(gQ), q))
	case gR != nil:
		m = mmul(r, mT(gR))
	default:
		m = neg(mmul(mT(gQ), q))
	}
	low := tril(m, -1)
	copyltu := add(add(low, mT(low)), mul(m, eyeOf(m.Size(-1), m)))
	b := mmul(q, copyltu)
	if gQ != nil {
		b = add(b, gQ)
	}
	// linalg_solve_triangular(Rᵀ, b, upper=False, left=False)
	return solveTriangular(mT(r), b, false, false)
}

// triInverse is the inverse of the triangular matrices t (lower or
// upper) by substitution, as trsm computes it: no check for a zero on
// the diagonal (the result then has infinities or NaNs, as PyTorch's).
func triInverse(t *tensor.Tensor, upper bool) *tensor.Tensor {
	n := t.Size(-1)
	tc := t.To(tensor.Float64).Contiguous()
	in := tensor.Slice[float64](tc.Storage())[tc.Offset():]
	out := make([]float64, t.Numel())
	for b := 0; b+n*n <= len(out) && n > 0; b += n * n {
		a, x := in[b:b+n*n], out[b:b+n*n]
		for col := 0; col < n; col++ {
			for step := 0; step < n; step++ {
				i := step
				if upper {
					i = n - 1 - step
				}
				s := 0.0
				if i == col {
					s = 1
				}
				lo, hi := 0, i
				if upper {
					lo, hi = i+1, n
				}
				for k := lo; k < hi; k++ {
					s -= a[i*n+k] * x[k*n+col]
				}
				x[i*n+col] = s / a[i*n+i]
			}
		}
	}
	return tensor.FromSlice(out, t.Shape()...).To(t.DType())
}

// RecordPinv records out = linalg.pinv(a) (pinv_backward).
func RecordPinv(a, out *tensor.Tensor) *Node {
	n := newNode("LinalgPinvBackward0", 1, a)
	sa, so := n.save(a, false), n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		a, p, g := n.get(sa), n.get(so), gs[0]
		m, cols := a.Size(-2), a.Size(-1)
		ph, gh := mT(p), mT(g)
		if m <= cols {
			k := mmul(gh, p)
			kph := mmul(k, ph)
			r := add(neg(mT(mmul(p, k))), kph)
			r = sub(r, mmul(mmul(a, p), kph))
			return []*tensor.Tensor{add(r, mmul(mmul(ph, p), sub(gh, mmul(k, a))))}
		}
		k := mmul(p, gh)
		phk := mmul(ph, k)
		r := add(neg(mT(mmul(k, p))), mmul(mmul(sub(gh, mmul(a, k)), p), ph))
		return []*tensor.Tensor{sub(add(r, phk), mmul(mmul(phk, p), a))}
	}
	return n
}

// RecordQrOutputs is RecordQr with q and r given the node as history.
func RecordQrOutputs(a, q, r *tensor.Tensor, mode string) {
	n := RecordQr(a, q, r, mode)
	SetHistory(q, n, 0)
	SetHistory(r, n, 1)
}
