package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// det's gradient outside create_graph as PyTorch 1.13's
// linalg_det_backward computes it: the LU factorization (reference
// LAPACK's getrf, in the matrix's own precision) of Aᵀ when A is
// contiguous (of A otherwise, solved with the adjoint), every element of
// LU plus a diagonal holding the dtype's epsilon where U's diagonal is
// zero, then getrs against diag(grad·det). The operations run in
// reference BLAS's order, skips of zero elements included, so that the
// signs of zeros are PyTorch's.

// detGradLU is d·A⁻ᵀ for each matrix of a (d: one factor per matrix).
func detGradLU(a, d *tensor.Tensor) *tensor.Tensor {
	switch a.DType() {
	case tensor.Float32:
		return detGradLUOf[float32](a, d, float32(math.Nextafter32(1, 2)-1), math.SmallestNonzeroFloat32*(1<<23))
	case tensor.Float64:
		return detGradLUOf[float64](a, d, math.Nextafter(1, 2)-1, 0x1p-1022)
	}
	return detGradLU(a.To(tensor.Float64), d).To(a.DType())
}

func detGradLUOf[F float32 | float64](a, d *tensor.Tensor, eps, sfmin F) *tensor.Tensor {
	shape := a.Shape()
	n := shape[len(shape)-1]
	useAT := a.IsContiguous()
	ac := a.Contiguous()
	av := tensor.Slice[F](ac.Storage())[ac.Offset():]
	dc := d.To(a.DType()).Contiguous()
	dv := tensor.Slice[F](dc.Storage())[dc.Offset():]
	out := make([]F, a.Numel())
	if n == 0 {
		return tensor.FromSlice(out, shape...)
	}
	m := make([]F, n*n) // column-major: m[i+j*n] is M(i, j)
	b := make([]F, n*n)
	ipiv := make([]int, n)
	for k := 0; k < a.Numel()/(n*n); k++ {
		src := av[k*n*n : (k+1)*n*n]
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if useAT { // M = Aᵀ: M(i, j) = A[j][i]
					m[i+j*n] = src[j*n+i]
				} else {
					m[i+j*n] = src[i*n+j]
				}
			}
		}
		getf2(m, ipiv, n, sfmin)
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				e := F(0)
				if i == j && m[i+j*n] == 0 {
					e = eps
				}
				m[i+j*n] += e
			}
		}
		for i := range b {
			b[i] = 0
		}
		for i := 0; i < n; i++ {
			b[i+i*n] = dv[k]
		}
		if useAT {
			getrsN(m, ipiv, b, n)
		} else {
			getrsT(m, ipiv, b, n)
		}
		dst := out[k*n*n : (k+1)*n*n]
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				dst[i*n+j] = b[i+j*n]
			}
		}
	}
	return tensor.FromSlice(out, shape...)
}

// getf2 is LAPACK's unblocked LU with partial pivoting of the n×n
// column-major m (getrf2's arithmetic, element by element): the pivot is
// the first element of largest magnitude, the column below it scaled by
// its reciprocal, the rank-one update skipping zero elements of the row.
func getf2[F float32 | float64](m []F, ipiv []int, n int, sfmin F) {
	abs := func(x F) F {
		if x < 0 {
			return -x
		}
		return x
	}
	for j := 0; j < n; j++ {
		p := j
		for i := j + 1; i < n; i++ {
			if abs(m[i+j*n]) > abs(m[p+j*n]) {
				p = i
			}
		}
		ipiv[j] = p
		if m[p+j*n] != 0 {
			if p != j {
				for c := 0; c < n; c++ {
					m[j+c*n], m[p+c*n] = m[p+c*n], m[j+c*n]
				}
			}
			if abs(m[j+j*n]) >= sfmin {
				r := 1 / m[j+j*n]
				for i := j + 1; i < n; i++ {
					m[i+j*n] *= r
				}
			} else {
				for i := j + 1; i < n; i++ {
					m[i+j*n] /= m[j+j*n]
				}
			}
		}
		for c := j + 1; c < n; c++ {
			if y := m[j+c*n]; y != 0 {
				t := -y
				for i := j + 1; i < n; i++ {
					m[i+c*n] += F(m[i+j*n] * t)
				}
			}
		}
	}
}

// getrsN solves (LU) X = B in place: the row swaps, then reference
// trsm's forward and back substitutions (left, no transpose), which skip
// a zero element of B.
func getrsN[F float32 | float64](m []F, ipiv []int, b []F, n int) {
	for k := 0; k < n; k++ {
		if p := ipiv[k]; p != k {
			for c := 0; c < n; c++ {
				b[k+c*n], b[p+c*n] = b[p+c*n], b[k+c*n]
			}
		}
	}
	for j := 0; j < n; j++ {
		col := b[j*n : (j+1)*n]
		for k := 0; k < n; k++ { // L, unit lower
			if col[k] != 0 {
				for i := k + 1; i < n; i++ {
					col[i] -= F(col[k] * m[i+k*n])
				}
			}
		}
		for k := n - 1; k >= 0; k-- { // U, upper
			if col[k] != 0 {
				col[k] /= m[k+k*n]
				for i := 0; i < k; i++ {
					col[i] -= F(col[k] * m[i+k*n])
				}
			}
		}
	}
}

// getrsT solves (LU)ᵀ X = B in place: reference trsm's transposed
// substitutions (Uᵀ, then Lᵀ), then the row swaps undone in reverse.
func getrsT[F float32 | float64](m []F, ipiv []int, b []F, n int) {
	for j := 0; j < n; j++ {
		col := b[j*n : (j+1)*n]
		for i := 0; i < n; i++ { // Uᵀ
			t := col[i]
			for k := 0; k < i; k++ {
				t -= F(m[k+i*n] * col[k])
			}
			col[i] = t / m[i+i*n]
		}
		for i := n - 1; i >= 0; i-- { // Lᵀ, unit
			t := col[i]
			for k := i + 1; k < n; k++ {
				t -= F(m[k+i*n] * col[k])
			}
			col[i] = t
		}
	}
	for k := n - 1; k >= 0; k-- {
		if p := ipiv[k]; p != k {
			for c := 0; c < n; c++ {
				b[k+c*n], b[p+c*n] = b[p+c*n], b[k+c*n]
			}
		}
	}
}
