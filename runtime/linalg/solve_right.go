package linalg

import "github.com/tensh/tensh/runtime/tensor"

// SolveRight is torch.linalg.solve(A, B, left=False): X with X A = B,
// computed as (Aᵀ)⁻¹ Bᵀ transposed back (PyTorch factors Aᵀ too). A
// vector B counts as a column, as PyTorch's checks see it.
func SolveRight(a, b *tensor.Tensor) *tensor.Tensor {
	matrices("linalg.solve", a, true)
	if a.DType() != b.DType() {
		raise(errSolveDType, a.DType().ScalarName(), b.DType().ScalarName())
	}
	vec := b.Dim() == 1 || (b.Dim() == a.Dim()-1 && sameInts(b.Shape(), a.Shape()[:a.Dim()-1]))
	bb := b
	if vec {
		bb = b.Unsqueeze(-1)
	}
	if a.Size(-1) != bb.Size(-1) {
		raise(errSolveShapesRight, a.Size(-2), a.Size(-1), bb.Size(-2), bb.Size(-1))
	}
	x := Solve(a.Transpose(-2, -1), bb.Transpose(-2, -1)).Transpose(-2, -1).Contiguous()
	if vec {
		return x.SqueezeDim(-1)
	}
	return x
}

// DetGradSingular is det's gradient d·A⁻ᵀ as PyTorch 1.13's
// linalg_det_backward computes it outside create_graph: the LU
// factorization of Aᵀ, its zero pivots replaced by the dtype's epsilon
// (so that a singular A gets a finite gradient), solved against d·I;
// d holds one factor per matrix (the incoming gradient times det).
func DetGradSingular(a, d *tensor.Tensor) *tensor.Tensor {
	at := a.Transpose(-2, -1).Contiguous()
	b := matrices("linalg.det", at, true)
	n := b.rows
	eps := 1.1920928955078125e-07
	if a.DType() == tensor.Float64 {
		eps = 2.220446049250313e-16
	}
	dc := d.To(tensor.Float64).Contiguous()
	dv := tensor.Slice[float64](dc.Storage())[dc.Offset():]
	for i, m := range b.mats {
		if n == 0 {
			break
		}
		ipiv := make([]int, n)
		lapackImpl.Dgetrf(n, n, m, n, ipiv)
		for k := 0; k < n; k++ {
			if m[k*n+k] == 0 {
				m[k*n+k] = eps
			}
		}
		rhs := make([]float64, n*n)
		for k := 0; k < n; k++ {
			rhs[k*n+k] = dv[i]
		}
		lapackImpl.Dgetrs('N', n, n, m, n, ipiv, rhs, n)
		copy(m, rhs)
	}
	return b.out(b.mats, []int{n, n}, b.dtype)
}
