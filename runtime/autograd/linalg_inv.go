package autograd

import (
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.linalg's det, inv and solve for real square matrices (and
// batches of them): the formulas of linalg_det_backward, inv's
// -A⁻ᵀ g A⁻ᵀ and linalg_solve_jvp's adjoint. Each records itself when its
// backward runs in grad mode, so gradients of gradients follow.

// mT is t.mT (the last two dims swapped).
func mT(t *tensor.Tensor) *tensor.Tensor {
	nd := t.Dim()
	return transposeRec(t, nd-2, nd-1)
}

// invRec is linalg.inv(a), recorded.
func invRec(a *tensor.Tensor) *tensor.Tensor {
	out := linalg.Inv("linalg.inv", a)
	if needsGrad(a) {
		SetHistory(out, RecordInv(a, out), 0)
	}
	return out
}

// solveRec is linalg.solve(a, b), recorded.
func solveRec(a, b *tensor.Tensor) *tensor.Tensor {
	out := linalg.Solve(a, b)
	if needsGrad(a, b) {
		SetHistory(out, RecordSolve(a, b, out), 0)
	}
	return out
}

// RecordDet records out = det(a): g·det(a)·a⁻ᵀ, outside create_graph by
// PyTorch's perturbed LU solve (detGradLU, finite on a singular a), under
// it by the recorded inverse.
func RecordDet(a, out *tensor.Tensor) *Node {
	n := newNode("LinalgDetBackward0", 1, a)
	sa, so := n.save(a, false), n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		in, d := n.get(sa), n.get(so)
		if in.Numel() == 0 { // PyTorch's linalg_det_backward: no gradient for empty matrices
			return []*tensor.Tensor{nil}
		}
		if !gradEnabled {
			return []*tensor.Tensor{detGradLU(in, mul(gs[0], d))}
		}
		gd := mul(gs[0], d)
		gd = view(gd, append(append([]int{}, gd.Shape()...), 1, 1))
		return []*tensor.Tensor{mul(gd, mT(invRec(in)))}
	}
	return n
}

// RecordInv records out = inv(a): -a⁻ᵀ g a⁻ᵀ.
func RecordInv(a, out *tensor.Tensor) *Node {
	n := newNode("LinalgInvExBackward0", 1, a)
	so := n.save(out, true)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		ai := mT(n.get(so))
		return []*tensor.Tensor{neg(matmulRec(matmulRec(ai, gs[0]), ai))}
	}
	return n
}

// RecordSolve records out = solve(a, b): gb = solve(aᵀ, g), ga = -gb outᵀ
// (b a vector or batch of vectors: as a column).
func RecordSolve(a, b, out *tensor.Tensor) *Node {
	n := newNode("LinalgSolveExBackward0", 1, a, b)
	sa, so := n.save(a, false), n.save(out, true)
	vec := out.Dim() == a.Dim()-1
	bShape := append([]int{}, b.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		in, x := n.get(sa), n.get(so)
		gb := solveRec(mT(in), gs[0])
		var ga *tensor.Tensor
		if n.next[0].Fn != nil {
			gcol, xcol := gb, x
			if vec {
				gcol = view(gb, append(append([]int{}, gb.Shape()...), 1))
				xcol = view(x, append(append([]int{}, x.Shape()...), 1))
			}
			ga = sumTo(neg(matmulRec(gcol, mT(xcol))), in.Shape())
		}
		if n.next[1].Fn == nil {
			gb = nil
		} else {
			gb = sumTo(gb, bShape)
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

// solveRightRec is linalg.solve(a, b, left=False), recorded.
func solveRightRec(a, b *tensor.Tensor) *tensor.Tensor {
	out := linalg.SolveRight(a, b)
	if needsGrad(a, b) {
		SetHistory(out, RecordSolveRight(a, b, out), 0)
	}
	return out
}

// RecordSolveRight records out = solve(a, b, left=False), X a = b:
// gb = solve(aᵀ, g, left=False), ga = -Xᵀ gb.
func RecordSolveRight(a, b, out *tensor.Tensor) *Node {
	n := newNode("LinalgSolveExBackward0", 1, a, b)
	sa, so := n.save(a, false), n.save(out, true)
	bShape := append([]int{}, b.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		in, x := n.get(sa), n.get(so)
		gb := solveRightRec(mT(in), gs[0])
		var ga *tensor.Tensor
		if n.next[0].Fn != nil {
			ga = sumTo(neg(matmulRec(mT(x), gb)), in.Shape())
		}
		if n.next[1].Fn == nil {
			gb = nil
		} else {
			gb = sumTo(gb, bShape)
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}
