package linalg

import (
	"math"

	"gonum.org/v1/gonum/lapack"

	"github.com/tensh/tensh/runtime/tensor"
)

// The rest of torch.linalg's decompositions: lu_factor, lu, lu_solve,
// slogdet, solve_triangular, eig, lstsq and householder_product (gonum's
// LAPACK in float64, as decomp.go).

// LUFactor is torch.linalg.lu_factor_ex: the packed LU factorization of
// each m x n matrix (dgetrf), its 1-based int32 pivots, and per matrix
// the 1-based index of the first zero pivot (0 when none).
func LUFactor(name string, t *tensor.Tensor) (lu, piv *tensor.Tensor, info []int32) {
	b := matrices(name, t, false)
	m, n := b.rows, b.cols
	k := min(m, n)
	pivs := make([][]int32, len(b.mats))
	for i, a := range b.mats {
		ipiv := make([]int, k)
		if k > 0 {
			lapackImpl.Dgetrf(m, n, a, max(1, n), ipiv)
		}
		p := make([]int32, k)
		var first int32
		for j := 0; j < k; j++ {
			p[j] = int32(ipiv[j] + 1)
			if first == 0 && a[j*n+j] == 0 {
				first = int32(j + 1)
			}
		}
		pivs[i] = p
		info = append(info, first)
	}
	flat := make([]int32, 0, len(pivs)*k)
	for _, p := range pivs {
		flat = append(flat, p...)
	}
	piv = tensor.FromSlice(flat, append(append([]int{}, b.shape...), k)...)
	return b.out(b.mats, []int{m, n}, b.dtype), piv, info
}

// LUUnpack is torch.lu_unpack: P, L, U with A = P L U from a packed LU
// and its 1-based pivots.
func LUUnpack(lu, piv *tensor.Tensor) (p, l, u *tensor.Tensor) {
	b := matrices("lu_unpack", lu, false)
	m, n := b.rows, b.cols
	k := min(m, n)
	pv := tensor.Slice[int32](piv.Contiguous().To(tensor.Int32).ContiguousClone().Storage())
	var ps, ls, us [][]float64
	for i, a := range b.mats {
		L := make([]float64, m*k)
		U := make([]float64, k*n)
		for r := 0; r < m; r++ {
			for c := 0; c < k; c++ {
				switch {
				case r == c:
					L[r*k+c] = 1
				case r > c:
					L[r*k+c] = a[r*n+c]
				}
			}
		}
		for r := 0; r < k; r++ {
			for c := r; c < n; c++ {
				U[r*n+c] = a[r*n+c]
			}
		}
		perm := make([]int, m)
		for r := range perm {
			perm[r] = r
		}
		for j := 0; j < k; j++ {
			q := int(pv[i*k+j]) - 1
			if q >= 0 && q < m {
				perm[j], perm[q] = perm[q], perm[j]
			}
		}
		P := make([]float64, m*m)
		for r := 0; r < m; r++ {
			P[perm[r]*m+r] = 1
		}
		ps, ls, us = append(ps, P), append(ls, L), append(us, U)
	}
	return b.out(ps, []int{m, m}, b.dtype), b.out(ls, []int{m, k}, b.dtype), b.out(us, []int{k, n}, b.dtype)
}

// LUSolve is torch.linalg.lu_solve(LU, pivots, B, left, adjoint).
func LUSolve(lu, piv, bt *tensor.Tensor, left, adjoint bool) *tensor.Tensor {
	if lu.Dim() < 2 || lu.Size(-1) != lu.Size(-2) {
		raise(errLinalgSquare, "linalg.lu_solve", lu.Size(-2), lu.Size(-1))
	}
	n := lu.Size(-1)
	if !left {
		// X A = B  <=>  A^T X^T = B^T
		return LUSolve(lu, piv, bt.Transpose(-2, -1), true, !adjoint).Transpose(-2, -1).Contiguous()
	}
	if bt.Dim() < 2 || bt.Size(-2) != n {
		raise(errLUSolveShapes, n, n, bt.Size(-2), bt.Size(-1))
	}
	k := bt.Size(-1)
	bshape := broadcastBatch(bt.Shape()[:bt.Dim()-2], lu.Shape()[:lu.Dim()-2])
	A := matrices("linalg.lu_solve", lu.Expand(append(append([]int{}, bshape...), n, n)), true)
	B := matrices("linalg.lu_solve", bt.Expand(append(append([]int{}, bshape...), n, k)), false)
	pe := piv.Expand(append(append([]int{}, bshape...), n)).ContiguousClone().To(tensor.Int32)
	pv := tensor.Slice[int32](pe.Storage())
	for i, a := range A.mats {
		if n == 0 || k == 0 {
			break
		}
		ipiv := make([]int, n)
		for j := range ipiv {
			ipiv[j] = int(pv[i*n+j]) - 1
		}
		if adjoint {
			lapackImpl.Dgetrs('T', n, k, a, n, ipiv, B.mats[i], k)
		} else {
			lapackImpl.Dgetrs('N', n, k, a, n, ipiv, B.mats[i], k)
		}
	}
	return B.out(B.mats, []int{n, k}, bt.DType())
}

// Slogdet is torch.linalg.slogdet: the sign and log |det| of each square
// matrix (sign 0 and -inf for a singular one).
func Slogdet(name string, t *tensor.Tensor) (sign, logabs *tensor.Tensor) {
	b := matrices(name, t, true)
	n := b.rows
	var ss, ls [][]float64
	for _, m := range b.mats {
		sg, la := 1.0, 0.0
		if n > 0 {
			ipiv, _ := lu(m, n)
			for k := 0; k < n; k++ {
				d := m[k*n+k]
				if d < 0 {
					sg = -sg
				}
				if ipiv[k] != k {
					sg = -sg
				}
				la += math.Log(math.Abs(d))
			}
			if math.IsInf(la, -1) {
				sg = 0
			}
		}
		ss, ls = append(ss, []float64{sg}), append(ls, []float64{la})
	}
	return b.out(ss, nil, b.dtype), b.out(ls, nil, b.dtype)
}

// SolveTriangular is torch.linalg.solve_triangular: X with A X = B (X A =
// B when !left) for a triangular A (only its upper or lower triangle is
// read; its diagonal taken as ones when unit).
func SolveTriangular(a, bt *tensor.Tensor, upper, left, unit bool) *tensor.Tensor {
	if a.Dim() < 2 || bt.Dim() < 2 {
		raise(errLinalgAtLeast2, "linalg.solve_triangular")
	}
	if a.Size(-1) != a.Size(-2) {
		raise(errLinalgSquare, "linalg.solve_triangular", a.Size(-2), a.Size(-1))
	}
	if a.DType() != bt.DType() {
		raise(errSolveTriDType, bt.DType().ScalarName(), a.DType().ScalarName())
	}
	if !left {
		// X A = B  <=>  A^T X^T = B^T, A^T triangular the other way
		return SolveTriangular(a.Transpose(-2, -1), bt.Transpose(-2, -1), !upper, true, unit).Transpose(-2, -1).Contiguous()
	}
	n := a.Size(-1)
	if bt.Size(-2) != n {
		raise(errSolveTriShapes, n, n, bt.Size(-2), bt.Size(-1))
	}
	k := bt.Size(-1)
	bshape := broadcastBatch(bt.Shape()[:bt.Dim()-2], a.Shape()[:a.Dim()-2])
	A := matrices("linalg.solve_triangular", a.Expand(append(append([]int{}, bshape...), n, n)), true)
	B := matrices("linalg.solve_triangular", bt.Expand(append(append([]int{}, bshape...), n, k)), false)
	for i, m := range A.mats {
		x := B.mats[i]
		for c := 0; c < k; c++ {
			if upper {
				for r := n - 1; r >= 0; r-- {
					s := x[r*k+c]
					for j := r + 1; j < n; j++ {
						s -= m[r*n+j] * x[j*k+c]
					}
					if !unit {
						s /= m[r*n+r]
					}
					x[r*k+c] = s
				}
			} else {
				for r := 0; r < n; r++ {
					s := x[r*k+c]
					for j := 0; j < r; j++ {
						s -= m[r*n+j] * x[j*k+c]
					}
					if !unit {
						s /= m[r*n+r]
					}
					x[r*k+c] = s
				}
			}
		}
	}
	return B.out(B.mats, []int{n, k}, bt.DType())
}

// Eig is torch.linalg.eig: the (complex) eigenvalues and right
// eigenvectors (columns, unit 2-norm, dgeev's normalization) of each
// square matrix, complex64 for float32 input and complex128 for float64.
func Eig(name string, t *tensor.Tensor, vectors bool) (w, v *tensor.Tensor) {
	b := matrices(name, t, true)
	n := b.rows
	var ws, vs []complex128
	for _, a := range b.mats {
		wr, wi := make([]float64, n), make([]float64, n)
		vr := make([]float64, n*n)
		if n > 0 {
			jobvr := lapack.RightEVNone
			if vectors {
				jobvr = lapack.RightEVCompute
			}
			var q [1]float64
			lapackImpl.Dgeev(lapack.LeftEVNone, jobvr, n, a, n, wr, wi, nil, 1, vr, n, q[:], -1)
			work := make([]float64, int(q[0]))
			if first := lapackImpl.Dgeev(lapack.LeftEVNone, jobvr, n, a, n, wr, wi, nil, 1, vr, n, work, len(work)); first > 0 {
				tensor.Raise(tensor.LinAlgError, errEigConverge, name)
			}
		}
		for j := 0; j < n; j++ {
			ws = append(ws, complex(wr[j], wi[j]))
		}
		if !vectors {
			continue
		}
		cv := make([]complex128, n*n)
		for j := 0; j < n; j++ {
			if wi[j] == 0 {
				for r := 0; r < n; r++ {
					cv[r*n+j] = complex(vr[r*n+j], 0)
				}
				continue
			}
			if j+1 < n {
				for r := 0; r < n; r++ {
					re, im := vr[r*n+j], vr[r*n+j+1]
					cv[r*n+j] = complex(re, im)
					cv[r*n+j+1] = complex(re, -im)
				}
			}
			j++
		}
		vs = append(vs, cv...)
	}
	cd := tensor.Complex64
	if b.dtype == tensor.Float64 {
		cd = tensor.Complex128
	}
	w = complexOut(ws, append(append([]int{}, b.shape...), n), cd)
	if vectors {
		v = complexOut(vs, append(append([]int{}, b.shape...), n, n), cd)
	}
	return w, v
}

func complexOut(vals []complex128, shape []int, d tensor.DType) *tensor.Tensor {
	if d == tensor.Complex128 {
		return tensor.FromSlice(vals, shape...)
	}
	c := make([]complex64, len(vals))
	for i, x := range vals {
		c[i] = complex64(x)
	}
	return tensor.FromSlice(c, shape...)
}

// Lstsq solves min ||A X - B|| for each m x n A and m x k B: the
// minimum-norm solution from the SVD, singular values at most
// rcond·σmax dropped (rcond < 0: the dtype's eps·max(m, n)); it returns
// the solution (n x k), each matrix's rank, its singular values and, when
// withResiduals and every A has full rank n < m, the squared residuals.
func Lstsq(a, bt *tensor.Tensor, rcond float64) (x, rank, sv, res *tensor.Tensor) {
	if a.Dim() < 2 {
		raise(errLstsqDims)
	}
	if a.DType() != bt.DType() {
		raise(errLstsqDType, a.DType().ScalarName(), bt.DType().ScalarName())
	}
	vec := bt.Dim() == a.Dim()-1
	if vec {
		bt = bt.Unsqueeze(-1)
	}
	m, n := a.Size(-2), a.Size(-1)
	if bt.Dim() < 2 || bt.Size(-2) != m {
		raise(errLstsqShapes, m, bt.Size(-2))
	}
	k := bt.Size(-1)
	bshape := broadcastBatch(bt.Shape()[:bt.Dim()-2], a.Shape()[:a.Dim()-2])
	A := matrices("torch.linalg.lstsq", a.Expand(append(append([]int{}, bshape...), m, n)), false)
	B := matrices("torch.linalg.lstsq", bt.Expand(append(append([]int{}, bshape...), m, k)), false)
	if rcond < 0 {
		eps := 1.1920928955078125e-07
		if a.DType() == tensor.Float64 {
			eps = 2.220446049250313e-16
		}
		rcond = eps * float64(max(m, n))
	}
	p := min(m, n)
	var xs, svs, rss [][]float64
	var ranks []int64
	full := m > n
	for i, am := range A.mats {
		orig := append([]float64{}, am...)
		s := make([]float64, p)
		U := make([]float64, m*p)
		V := make([]float64, p*n)
		if p > 0 {
			var q [1]float64
			lapackImpl.Dgesvd(lapack.SVDStore, lapack.SVDStore, m, n, am, n, s, U, max(1, p), V, max(1, n), q[:], -1)
			work := make([]float64, int(q[0]))
			lapackImpl.Dgesvd(lapack.SVDStore, lapack.SVDStore, m, n, am, n, s, U, max(1, p), V, max(1, n), work, len(work))
		}
		r := int64(0)
		X := make([]float64, n*k)
		for j := 0; j < p; j++ {
			if s[j] <= rcond*s[0] || s[j] == 0 {
				continue
			}
			r++
			for c := 0; c < k; c++ {
				// (u_j · b_c) / s_j v_j
				d := 0.0
				for row := 0; row < m; row++ {
					d += U[row*p+j] * B.mats[i][row*k+c]
				}
				d /= s[j]
				for col := 0; col < n; col++ {
					X[col*k+c] += d * V[j*n+col]
				}
			}
		}
		if r < int64(n) {
			full = false
		}
		rs := make([]float64, k)
		for c := 0; c < k; c++ {
			for row := 0; row < m; row++ {
				e := -B.mats[i][row*k+c]
				for col := 0; col < n; col++ {
					e += orig[row*n+col] * X[col*k+c]
				}
				rs[c] += e * e
			}
		}
		xs, svs, rss, ranks = append(xs, X), append(svs, s), append(rss, rs), append(ranks, r)
	}
	x = B.out(xs, []int{n, k}, a.DType())
	if vec {
		x = x.SqueezeDim(-1)
	}
	rank = tensor.FromSlice(ranks, bshape...)
	sv = B.out(svs, []int{p}, a.DType())
	if abatch := a.Shape()[:a.Dim()-2]; !sameInts(abatch, bshape) {
		// rank and singular values are A's: of its own batch shape
		_, s1, _ := SVD("torch.linalg.lstsq", a, false, false)
		sv = s1
		smax := tensor.Amax(s1, []int{-1}, true)
		keep := tensor.Binary(tensor.OpGt, tensor.TensorOperand(s1),
			tensor.TensorOperand(tensor.Binary(tensor.OpMul, tensor.TensorOperand(smax), tensor.ScalarOperand(tensor.FloatS(rcond)), tensor.Opts{})), tensor.Opts{})
		rank = tensor.Sum(keep, []int{-1}, false)
	}
	if full {
		res = B.out(rss, []int{k}, a.DType())
		if vec {
			res = res.SqueezeDim(-1)
		}
	}
	return x, rank, sv, res
}

// HouseholderProduct is torch.linalg.householder_product(A, tau): the
// first n columns of H_1 ... H_k, H_i = I - tau_i v_i v_iᵀ with v_i the
// i-th column of A below its diagonal (a unit diagonal above it).
func HouseholderProduct(a, tau *tensor.Tensor) *tensor.Tensor {
	if a.Dim() < 2 {
		raise(errHHDims)
	}
	m, n := a.Size(-2), a.Size(-1)
	if m < n {
		raise(errHHShape)
	}
	k := tau.Size(-1)
	if k > n {
		raise(errHHTau)
	}
	if a.DType() != tau.DType() {
		raise(errHHDType, tau.DType().ScalarName(), a.DType().ScalarName())
	}
	A := matrices("torch.linalg.householder_product", a, false)
	tc := tau.Contiguous().To(tensor.Float64).ContiguousClone()
	tv := tensor.Slice[float64](tc.Storage())
	for i, am := range A.mats {
		if n == 0 {
			break
		}
		work := make([]float64, max(1, 64*n))
		lapackImpl.Dorgqr(m, n, k, am, n, tv[i*k:(i+1)*k], work, len(work))
	}
	return A.out(A.mats, []int{m, n}, a.DType())
}

// Geqrf is torch.geqrf: dgeqrf's packed QR (R on and above the diagonal,
// the Householder vectors below it) and the reflectors' scalars.
func Geqrf(t *tensor.Tensor) (a, tau *tensor.Tensor) {
	b := matrices("geqrf", t, false)
	m, n := b.rows, b.cols
	k := min(m, n)
	taus := make([][]float64, len(b.mats))
	for i, am := range b.mats {
		tv := make([]float64, k)
		if k > 0 {
			work := make([]float64, max(1, 64*n))
			lapackImpl.Dgeqrf(m, n, am, max(1, n), tv, work, len(work))
		}
		taus[i] = tv
	}
	return b.out(b.mats, []int{m, n}, b.dtype), b.out(taus, []int{k}, b.dtype)
}
