package linalg

import (
	"math"

	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"

	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.linalg's decompositions with gonum's LAPACK (ports of the
// reference routines) in float64, results rounded to the input's dtype:
// det, inv, solve, cholesky, qr, eigh/eigvalsh, svd/svdvals, pinv,
// matrix_rank. PyTorch runs LAPACK in the input's own precision (and
// gesdd/syevd where gonum has gesvd/syev), so float32 results may differ
// in their last bits; printed at PyTorch's precision they agree.

var lapackImpl = gonum.Implementation{}

// batch is a stack of matrices: batch dims, then rows x cols, as
// row-major float64 copies.
type batch struct {
	shape      []int // batch dims
	rows, cols int
	mats       [][]float64
	dtype      tensor.DType
}

func floatCheck(name string, t *tensor.Tensor) {
	if !t.DType().IsFloat() || t.DType() == tensor.Float16 || t.DType() == tensor.BFloat16 {
		if !t.DType().IsFloat() {
			raise(errLinalgFloat, name, t.DType().ScalarName())
		}
		raise(errNotImplementedDT, name, t.DType().ScalarName())
	}
}

// matrices reads t (at least 2-d; square when square) as a batch.
func matrices(name string, t *tensor.Tensor, square bool) *batch {
	if t.Dim() < 2 {
		raise(errLinalgAtLeast2, name)
	}
	if square && t.Size(-1) != t.Size(-2) {
		raise(errLinalgSquare, name, t.Size(-2), t.Size(-1))
	}
	floatCheck(name, t)
	nd := t.Dim()
	b := &batch{shape: append([]int{}, t.Shape()[:nd-2]...), rows: t.Size(-2), cols: t.Size(-1), dtype: t.DType()}
	c := t.Contiguous().To(tensor.Float64)
	data := tensor.Slice[float64](c.Storage())[c.Offset():]
	n := tensor.Numel(b.shape)
	sz := b.rows * b.cols
	for i := 0; i < n; i++ {
		b.mats = append(b.mats, append([]float64{}, data[i*sz:(i+1)*sz]...))
	}
	return b
}

// out makes a tensor of the batch shape followed by tail from the
// row-major float64 blocks, in dtype d.
func (b *batch) out(blocks [][]float64, tail []int, d tensor.DType) *tensor.Tensor {
	shape := append(append([]int{}, b.shape...), tail...)
	flat := make([]float64, 0, tensor.Numel(shape))
	for _, m := range blocks {
		flat = append(flat, m...)
	}
	return tensor.FromSlice(flat, shape...).To(d)
}

// lu factors a (n x n, row-major, as gonum's LAPACK stores matrices) in
// place with dgetrf, returning the pivots and the 1-based index of the
// first zero pivot (0 when none).
func lu(a []float64, n int) ([]int, int) {
	ipiv := make([]int, n)
	lapackImpl.Dgetrf(n, n, a, n, ipiv)
	for i := 0; i < n; i++ {
		if a[i*n+i] == 0 {
			return ipiv, i + 1
		}
	}
	return ipiv, 0
}

// Det is torch.linalg.det.
func Det(t *tensor.Tensor) *tensor.Tensor {
	b := matrices("linalg.det", t, true)
	n := b.rows
	res := make([][]float64, len(b.mats))
	for i, m := range b.mats {
		if n == 0 { // the determinant of a 0x0 matrix is 1 (an empty product)
			res[i] = []float64{1}
			continue
		}
		ipiv, _ := lu(m, n)
		d := 1.0
		for k := 0; k < n; k++ {
			d *= m[k*n+k]
			if ipiv[k] != k {
				d = -d
			}
		}
		res[i] = []float64{d}
	}
	return b.out(res, nil, b.dtype)
}

// Inv is torch.linalg.inv.
func Inv(name string, t *tensor.Tensor) *tensor.Tensor {
	b := matrices(name, t, true)
	n := b.rows
	for _, m := range b.mats {
		if n == 0 {
			break
		}
		ipiv, zero := lu(m, n)
		if zero > 0 {
			tensor.Raise(tensor.LinAlgError, errInvSingular, name, zero)
		}
		// solve A X = I, as PyTorch's linalg_inv_ex does (getri's
		// negations would write -0 where PyTorch prints 0)
		id := make([]float64, n*n)
		for j := 0; j < n; j++ {
			id[j*n+j] = 1
		}
		lapackImpl.Dgetrs('N', n, n, m, n, ipiv, id, n)
		copy(m, id)
	}
	return b.out(b.mats, []int{n, n}, b.dtype)
}

// Solve is torch.linalg.solve(A, B): X with AX = B; B is a batch of
// vectors when it has one dimension fewer than A (or is 1-d).
func Solve(a, bt *tensor.Tensor) *tensor.Tensor {
	A := matrices("linalg.solve", a, true)
	if a.DType() != bt.DType() {
		raise(errSolveDType, a.DType().ScalarName(), bt.DType().ScalarName())
	}
	n := A.rows
	vec := bt.Dim() == 1 || (bt.Dim() == a.Dim()-1 && sameInts(bt.Shape(), a.Shape()[:a.Dim()-1]))
	b := bt
	if vec {
		b = bt.Unsqueeze(-1)
	}
	if b.Size(-2) != n {
		raise(errSolveShapes, n, n, b.Size(-2), b.Size(-1))
	}
	k := b.Size(-1)
	// ATen's _linalg_broadcast_batch_dims(B, A): B's batch is tensor a.
	bshape := broadcastBatch(b.Shape()[:b.Dim()-2], a.Shape()[:a.Dim()-2])
	ae := a.Expand(append(append([]int{}, bshape...), n, n))
	be := b.Expand(append(append([]int{}, bshape...), n, k))
	A = matrices("linalg.solve", ae, true)
	B := matrices("linalg.solve", be, false)
	for i, m := range A.mats {
		if n == 0 {
			break
		}
		ipiv, zero := lu(m, n)
		if zero > 0 {
			tensor.Raise(tensor.LinAlgError, errSolveSingular)
		}
		lapackImpl.Dgetrs('N', n, k, m, n, ipiv, B.mats[i], max(1, k))
	}
	res := B.out(B.mats, []int{n, k}, a.DType())
	if vec {
		return res.SqueezeDim(-1)
	}
	return res
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// broadcastBatch is the broadcast of two batch shapes (infer_size, which
// reports the rightmost clash), raising its error.
func broadcastBatch(a, b []int) []int {
	out, err := broadcast.InferSize(a, b)
	if err != nil {
		raise("%s", err.Error())
	}
	return out
}

// transpose returns the cols x rows transpose of a rows x cols row-major m.
func transpose(m []float64, rows, cols int) []float64 {
	out := make([]float64, len(m))
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			out[j*rows+i] = m[i*cols+j]
		}
	}
	return out
}

// Cholesky is torch.linalg.cholesky(A, upper): L with A = L L^T (from the
// lower triangle), or its transpose.
func Cholesky(t *tensor.Tensor, upper bool) *tensor.Tensor {
	b := matrices("linalg.cholesky", t, true)
	n := b.rows
	for _, m := range b.mats {
		for j := 0; j < n; j++ {
			s := m[j*n+j]
			for k := 0; k < j; k++ {
				s -= m[j*n+k] * m[j*n+k]
			}
			if !(s > 0) {
				tensor.Raise(tensor.LinAlgError, errCholesky, j+1)
			}
			d := math.Sqrt(s)
			m[j*n+j] = d
			for i := j + 1; i < n; i++ {
				v := m[i*n+j]
				for k := 0; k < j; k++ {
					v -= m[i*n+k] * m[j*n+k]
				}
				m[i*n+j] = v / d
			}
			for i := 0; i < j; i++ {
				m[i*n+j] = 0
			}
		}
		if upper {
			copy(m, transpose(m, n, n))
		}
	}
	return b.out(b.mats, []int{n, n}, b.dtype)
}

// QR is torch.linalg.qr(A, mode): Householder QR (dgeqrf, dorgqr).
func QR(t *tensor.Tensor, mode string) (q, r *tensor.Tensor) {
	switch mode {
	case "reduced", "complete", "r":
	default:
		raise(errQRMode, mode)
	}
	b := matrices("linalg.qr", t, false)
	m, n := b.rows, b.cols
	k := min(m, n)
	qc := k
	if mode == "complete" {
		qc = m
	}
	rr := k
	if mode == "complete" {
		rr = m
	}
	var qs, rs [][]float64
	for _, a := range b.mats {
		tau := make([]float64, k)
		work := make([]float64, max(1, 64*max(m, n)))
		if k > 0 {
			lapackImpl.Dgeqrf(m, n, a, max(1, n), tau, work, len(work))
		}
		R := make([]float64, rr*n)
		for i := 0; i < min(rr, m); i++ {
			for j := i; j < n; j++ {
				R[i*n+j] = a[i*n+j]
			}
		}
		rs = append(rs, R)
		if mode == "r" {
			continue
		}
		Q := make([]float64, m*qc) // row-major m x qc
		for i := 0; i < m; i++ {
			for j := 0; j < min(qc, n); j++ {
				Q[i*qc+j] = a[i*n+j]
			}
		}
		if m > 0 && qc > 0 {
			lapackImpl.Dorgqr(m, qc, k, Q, max(1, qc), tau, work, len(work))
		}
		qs = append(qs, Q)
	}
	r = b.out(rs, []int{rr, n}, b.dtype)
	if mode == "r" {
		return tensor.Empty([]int{0}, b.dtype), r
	}
	return b.out(qs, []int{m, qc}, b.dtype), r
}

// Eigh is torch.linalg.eigh(A, UPLO): the eigenvalues in ascending order
// and the eigenvectors (columns) of a symmetric matrix, from its lower
// (or upper) triangle.
func Eigh(name string, t *tensor.Tensor, upperTri, vectors bool) (w, v *tensor.Tensor) {
	b := matrices(name, t, true)
	n := b.rows
	var ws, vs [][]float64
	for _, a := range b.mats {
		if upperTri {
			// the upper triangle of a is the lower one of its transpose
			copy(a, transpose(a, n, n))
		}
		ev := make([]float64, n)
		jobz := lapack.EVNone
		if vectors {
			jobz = lapack.EVCompute
		}
		if n > 0 {
			var q [1]float64
			lapackImpl.Dsyev(jobz, 'L', n, a, n, ev, q[:], -1)
			work := make([]float64, int(q[0]))
			if !lapackImpl.Dsyev(jobz, 'L', n, a, n, ev, work, len(work)) {
				tensor.Raise(tensor.LinAlgError, errEighConverge, name)
			}
		}
		ws = append(ws, ev)
		vs = append(vs, a) // the eigenvectors are its columns
	}
	w = b.out(ws, []int{n}, b.dtype)
	if vectors {
		v = b.out(vs, []int{n, n}, b.dtype)
	}
	return w, v
}

// SVD is torch.linalg.svd(A, full_matrices): U, S, Vh (dgesvd).
func SVD(name string, t *tensor.Tensor, full, vectors bool) (u, s, vh *tensor.Tensor) {
	b := matrices(name, t, false)
	m, n := b.rows, b.cols
	k := min(m, n)
	uc, vr := k, k
	jobU, jobV := lapack.SVDStore, lapack.SVDStore
	if full {
		uc, vr = m, n
		jobU, jobV = lapack.SVDAll, lapack.SVDAll
	}
	if !vectors {
		jobU, jobV = lapack.SVDNone, lapack.SVDNone
	}
	var us, ss, vs [][]float64
	for _, a := range b.mats {
		sv := make([]float64, k)
		U := make([]float64, m*uc) // row-major m x uc
		V := make([]float64, vr*n) // row-major vr x n
		if k > 0 {
			var q [1]float64
			lapackImpl.Dgesvd(jobU, jobV, m, n, a, n, sv, U, max(1, uc), V, max(1, n), q[:], -1)
			work := make([]float64, int(q[0]))
			if !lapackImpl.Dgesvd(jobU, jobV, m, n, a, n, sv, U, max(1, uc), V, max(1, n), work, len(work)) {
				tensor.Raise(tensor.LinAlgError, errSvdConvergeN, name)
			}
		}
		us = append(us, U)
		ss = append(ss, sv)
		vs = append(vs, V)
	}
	s = b.out(ss, []int{k}, b.dtype)
	if !vectors {
		return nil, s, nil
	}
	return b.out(us, []int{m, uc}, b.dtype), s, b.out(vs, []int{vr, n}, b.dtype)
}
