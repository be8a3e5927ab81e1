package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// The rest of torch.linalg (lu_factor, lu, lu_solve, slogdet,
// solve_triangular, eig, eigvals, lstsq, householder_product, matrix_exp,
// matrix_power, multi_dot, cond, tensorinv, tensorsolve, vander, the _ex
// forms, diagonal, matmul, vecdot, LinAlgError).

var (
	laLUFactorSigs   = newArgParser("linalg_lu_factor(Tensor A, *, bool pivot=True, TensorList[2] out=None)")
	laLUFactorExSigs = newArgParser("linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False, TensorList[3] out=None)")
	laLUSigs         = newArgParser("linalg_lu(Tensor A, *, bool pivot=True, TensorList[3] out=None)")
	laLUSolveSigs    = newArgParser("linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool adjoint=False, Tensor out=None)")
	laSlogdetSigs    = newArgParser("linalg_slogdet(Tensor A, *, TensorList[2] out=None)")
	laSolveTriSigs   = newArgParser("linalg_solve_triangular(Tensor input, Tensor B, *, bool upper, bool left=True, bool unitriangular=False, Tensor out=None)")
	laEigSigs        = newArgParser("linalg_eig(Tensor input, *, TensorList[2] out=None)")
	laEigvalsSigs    = newArgParser("linalg_eigvals(Tensor input, *, Tensor out=None)")
	laLstsqSigs      = newArgParser("linalg_lstsq(Tensor input, Tensor b, double? rcond=None, *, c10::string_view? driver=None)")
	laHHSigs         = newArgParser("linalg_householder_product(Tensor input, Tensor tau, *, Tensor out=None)")
	laMatrixExpSigs  = newArgParser("linalg_matrix_exp(Tensor input)")
	laMatrixPowSigs  = newArgParser("linalg_matrix_power(Tensor input, int64_t n, *, Tensor out=None)")
	laMultiDotSigs   = newArgParser("linalg_multi_dot(TensorList tensors, *, Tensor out=None)")
	laCondSigs       = newArgParser("linalg_cond(Tensor input, Scalar? p=None, *, Tensor out=None)", "linalg_cond(Tensor input, c10::string_view p, *, Tensor out=None)")
	laTensorInvSigs  = newArgParser("linalg_tensorinv(Tensor input, int64_t ind=2, *, Tensor out=None)")
	laTensorSolveSig = newArgParser("linalg_tensorsolve(Tensor input, Tensor other, IntArrayRef? dims=None, *, Tensor out=None)")
	laVanderSigs     = newArgParser("linalg_vander(Tensor x, *, int64_t? N=None)")
	laCholExSigs     = newArgParser("linalg_cholesky_ex(Tensor input, *, bool upper=False, bool check_errors=False, TensorList[2] out=None)")
	laInvExSigs      = newArgParser("linalg_inv_ex(Tensor A, *, bool check_errors=False, TensorList[2] out=None)")
	laSolveExSigs    = newArgParser("linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, TensorList[2] out=None)")
	laDiagonalSigs   = newArgParser("linalg_diagonal(Tensor A, *, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)")
	laMatmulSigs     = newArgParser("linalg_matmul(Tensor input, Tensor other, *, Tensor out=None)")
	laVecdotSigs     = newArgParser("linalg_vecdot(Tensor x, Tensor y, *, int64_t dim=-1, Tensor out=None)")
)

func init() {
	for k, v := range map[string][]string{
		"linalg_lu_factor": {"LU", "pivots"}, "linalg_lu_factor_ex": {"LU", "pivots", "info"},
		"linalg_lu": {"P", "L", "U"}, "linalg_slogdet": {"sign", "logabsdet"}, "slogdet": {"sign", "logabsdet"},
		"linalg_eig":    {"eigenvalues", "eigenvectors"},
		"linalg_lstsq":  {"solution", "residuals", "rank", "singular_values"},
		"linalg_inv_ex": {"inverse", "info"}, "linalg_cholesky_ex": {"L", "info"}, "linalg_solve_ex": {"result", "info"},
		"lu_unpack": {"P", "L", "U"}, "triangular_solve": {"solution", "cloned_coefficient"},
	} {
		laReturnTypes[k] = v
	}
	laf("lu_factor", "lu_factor(A, *, pivot=True) -> (Tensor LU, Tensor pivots)",
		"The LU factorization with partial pivoting (dgetrf) in LAPACK's packed form, the pivots 1-based int32; a zero pivot raises.",
		func(a *eval.Args) eval.Value {
			r := laLUFactorSigs.parse(a)
			noPivotRefused(r)
			lu, piv, info := linalg.LUFactor("torch.linalg.lu_factor", r.tensor("A"))
			for _, i := range info {
				if i > 0 {
					eval.Throw("RuntimeError", errLUFactorZero, i, i)
				}
			}
			return laTuple("linalg_lu_factor", lu, piv)
		})
	laf("lu_factor_ex", "lu_factor_ex(A, *, pivot=True, check_errors=False) -> (Tensor LU, Tensor pivots, Tensor info)",
		"lu_factor, with info (int32: 0, or the 1-based index of the first zero pivot) instead of an error.",
		func(a *eval.Args) eval.Value {
			r := laLUFactorExSigs.parse(a)
			noPivotRefused(r)
			t := r.tensor("A")
			lu, piv, info := linalg.LUFactor("torch.linalg.lu_factor_ex", t)
			if r.bool("check_errors", false) {
				for _, i := range info {
					if i > 0 {
						eval.Throw("RuntimeError", errLUFactorZero, i, i)
					}
				}
			}
			return laTuple("linalg_lu_factor_ex", lu, piv, tensor.FromSlice(info, t.Shape()[:t.Dim()-2]...))
		})
	laf("lu", "lu(A, *, pivot=True) -> (Tensor P, Tensor L, Tensor U)", "The LU decomposition A = P L U with partial pivoting, of any m x n matrix.",
		func(a *eval.Args) eval.Value {
			r := laLUSigs.parse(a)
			noPivotRefused(r)
			lu, piv, _ := linalg.LUFactor("torch.linalg.lu", r.tensor("A"))
			p, l, u := linalg.LUUnpack(lu, piv)
			return laTuple("linalg_lu", p, l, u)
		})
	laf("lu_solve", "lu_solve(LU, pivots, B, *, left=True, adjoint=False) -> Tensor", "X with A X = B (X A = B with left=False; Aᴴ with adjoint) from lu_factor's LU and pivots.",
		func(a *eval.Args) eval.Value {
			r := laLUSolveSigs.parse(a)
			return laOut(a, r, linalg.LUSolve(r.tensor("LU"), r.tensor("pivots"), r.tensor("B"), r.bool("left", true), r.bool("adjoint", false)))
		})
	laf("slogdet", "slogdet(A) -> (Tensor sign, Tensor logabsdet)", "The sign and the natural log of the absolute value of the determinant.",
		func(a *eval.Args) eval.Value {
			r := laSlogdetSigs.parse(a)
			s, l := linalg.Slogdet("linalg.slogdet", r.tensor("A"))
			return laTuple("linalg_slogdet", s, l)
		})
	laf("solve_triangular", "solve_triangular(A, B, *, upper, left=True, unitriangular=False) -> Tensor",
		"X with A X = B (X A = B with left=False) for a triangular A, read from its upper or lower triangle (its diagonal as ones with unitriangular).",
		func(a *eval.Args) eval.Value {
			r := laSolveTriSigs.parse(a)
			return laOut(a, r, linalg.SolveTriangular(r.tensor("input"), r.tensor("B"), r.bool("upper", false), r.bool("left", true), r.bool("unitriangular", false)))
		})
	laf("eig", "eig(A) -> (Tensor eigenvalues, Tensor eigenvectors)", "The complex eigenvalues and eigenvectors (columns, unit norm) of a square matrix (dgeev); complex64 for float32 input.",
		func(a *eval.Args) eval.Value {
			r := laEigSigs.parse(a)
			w, v := linalg.Eig("linalg.eig", r.tensor("input"), true)
			return laTuple("linalg_eig", w, v)
		})
	laf("eigvals", "eigvals(A) -> Tensor", "The complex eigenvalues of a square matrix.",
		func(a *eval.Args) eval.Value {
			r := laEigvalsSigs.parse(a)
			w, _ := linalg.Eig("linalg.eigvals", r.tensor("input"), false)
			return laOut(a, r, w)
		})
	laf("lstsq", "lstsq(A, B, rcond=None, *, driver=None) -> (Tensor solution, Tensor residuals, Tensor rank, Tensor singular_values)",
		"The least-squares solution of A X = B (minimum norm, singular values below rcond·σmax dropped); rank for the drivers gelsy (the default), gelsd and gelss, singular values for gelsd and gelss, residuals for a full-rank tall A with a driver other than gelsy.",
		func(a *eval.Args) eval.Value {
			r := laLstsqSigs.parse(a)
			driver := "gelsy"
			if s, ok := r.val("driver").(eval.Str); ok {
				driver = string(s)
			}
			switch driver {
			case "gels", "gelsy", "gelsd", "gelss":
			default:
				eval.Throw("RuntimeError", errLstsqDriver)
			}
			rcond := -1.0
			if r.has("rcond") && r.val("rcond") != eval.Value(eval.None) {
				rcond = r.double("rcond", 0)
			}
			A := r.tensor("input")
			x, rank, sv, res := linalg.Lstsq(A, r.tensor("b"), rcond)
			empty := tensor.Empty([]int{0}, A.DType())
			if driver == "gels" {
				rank = tensor.Empty([]int{0}, tensor.Int64)
			}
			if driver != "gelsd" && driver != "gelss" {
				sv = empty
			}
			if res == nil || driver == "gelsy" {
				res = empty
			}
			return laTuple("linalg_lstsq", x, res, rank, sv)
		})
	laf("householder_product", "householder_product(A, tau) -> Tensor", "The first n columns of the product of the Householder matrices I - τᵢ vᵢ vᵢᴴ stored in A's columns (LAPACK's orgqr).",
		func(a *eval.Args) eval.Value {
			r := laHHSigs.parse(a)
			return laOut(a, r, linalg.HouseholderProduct(r.tensor("input"), r.tensor("tau")))
		})
	laf("matrix_exp", "matrix_exp(A) -> Tensor", "The matrix exponential of each square matrix (scaling and squaring, Padé 13).",
		func(a *eval.Args) eval.Value { return linalg.MatrixExp(laMatrixExpSigs.parse(a).tensor("input")) })
	laf("matrix_power", "matrix_power(A, n) -> Tensor", "A to the integer power n (the identity for 0, powers of the inverse for negative n), by repeated squaring.",
		func(a *eval.Args) eval.Value {
			r := laMatrixPowSigs.parse(a)
			return laOut(a, r, matrixPower("linalg.matrix_power", r.tensor("input"), r.int("n", 0)))
		})
	laf("multi_dot", "multi_dot(tensors) -> Tensor", "The product of two or more matrices (the first may be 1-d, a row; the last 1-d, a column), in the order of least cost.",
		func(a *eval.Args) eval.Value {
			r := laMultiDotSigs.parse(a)
			return laOut(a, r, multiDot(r.tensors("tensors")))
		})
	laf("cond", "cond(A, p=None) -> Tensor", "The condition number of A for the norm p: σmax/σmin for None or 2 (σmin/σmax for -2), else norm(A, p) · norm(inv(A), p).",
		func(a *eval.Args) eval.Value {
			r := laCondSigs.parse(a)
			return laOut(a, r, laCond(r))
		})
	laf("tensorinv", "tensorinv(A, ind=2) -> Tensor", "The inverse of A for tensordot over its first ind dimensions (the product of those sizes must equal that of the rest).",
		func(a *eval.Args) eval.Value {
			r := laTensorInvSigs.parse(a)
			t, ind := r.tensor("input"), r.int("ind", 2)
			if ind <= 0 {
				eval.Throw("RuntimeError", errTensorInvInd)
			}
			shape := t.Shape()
			if ind > len(shape) {
				ind = len(shape)
			}
			p, q := tensor.Numel(shape[:ind]), tensor.Numel(shape[ind:])
			if p != q {
				eval.Throw("RuntimeError", errTensorInvShape, q, p)
			}
			inv := linalg.Inv("linalg.inv", t.Reshape([]int{p, q}))
			return laOut(a, r, inv.Reshape(append(append([]int{}, shape[ind:]...), shape[:ind]...)))
		})
	laf("tensorsolve", "tensorsolve(A, B, dims=None) -> Tensor", "X with tensordot(A, X, X.ndim) = B (A's dims moved to the end first).",
		func(a *eval.Args) eval.Value {
			r := laTensorSolveSig.parse(a)
			A, B := r.tensor("input"), r.tensor("other")
			if dims := r.ints("dims"); dims != nil {
				dst := make([]int, len(dims))
				for i := range dims {
					dst[i] = A.Dim() - len(dims) + i
				}
				A = A.Movedim(dims, dst)
			}
			rest := A.Shape()[B.Dim():]
			p, q := B.Numel(), tensor.Numel(rest)
			if p != q {
				eval.Throw("RuntimeError", errTensorSolveShape, q, p)
			}
			x := linalg.Solve(A.Reshape([]int{p, q}), B.Reshape([]int{p}))
			return laOut(a, r, x.Reshape(append([]int{}, rest...)))
		})
	laf("vander", "vander(x, *, N=None) -> Tensor", "The Vandermonde matrix of x: columns x⁰, x¹, ..., x^(N-1) (N defaults to x's size).",
		func(a *eval.Args) eval.Value {
			r := laVanderSigs.parse(a)
			x := r.tensor("x")
			n := 1
			if x.Dim() > 0 {
				n = x.Size(-1)
			}
			if r.has("N") && r.val("N") != eval.Value(eval.None) {
				n = r.int("N", n)
			}
			if n <= 1 {
				eval.Throw("RuntimeError", errVanderN)
			}
			return vanderOf(x, n, true)
		})
	laf("cholesky_ex", "cholesky_ex(A, *, upper=False, check_errors=False) -> (Tensor L, Tensor info)", "cholesky with info (int32: 0, or the order of the first leading minor that is not positive-definite) instead of an error.",
		func(a *eval.Args) eval.Value {
			r := laCholExSigs.parse(a)
			t := r.tensor("input")
			l, info := exCall(r.bool("check_errors", false), t, func(m *tensor.Tensor) *tensor.Tensor { return linalg.Cholesky(m, r.bool("upper", false)) })
			if failed := tensor.Slice[int32](info.Contiguous().ContiguousClone().Storage()); anyNonzero(failed) {
				// LAPACK leaves the input where the factorization stopped:
				// tensh gives back the triangle read (exact when the first
				// pivot fails)
				tri := tensor.Tril(t, 0)
				if r.bool("upper", false) {
					tri = tensor.Triu(t, 0)
				}
				l = tensor.Where(tensor.Binary(tensor.OpNe, tensor.TensorOperand(info.Unsqueeze(-1).Unsqueeze(-1)), tensor.ScalarOperand(tensor.IntS(0)), tensor.Opts{}), tensor.TensorOperand(tri), tensor.TensorOperand(l), tensor.Opts{})
			}
			return laTuple("linalg_cholesky_ex", l, info)
		})
	laf("inv_ex", "inv_ex(A, *, check_errors=False) -> (Tensor inverse, Tensor info)", "inv with info (int32: 0, or the 1-based index of the zero pivot) instead of an error.",
		func(a *eval.Args) eval.Value {
			r := laInvExSigs.parse(a)
			inv, info := exCall(r.bool("check_errors", false), r.tensor("A"), func(m *tensor.Tensor) *tensor.Tensor { return linalg.Inv("linalg.inv", m) })
			return laTuple("linalg_inv_ex", inv, info)
		})
	laf("solve_ex", "solve_ex(A, B, *, left=True, check_errors=False) -> (Tensor result, Tensor info)", "solve with info (int32) instead of an error for a singular A.",
		func(a *eval.Args) eval.Value {
			r := laSolveExSigs.parse(a)
			A, B := r.tensor("A"), r.tensor("B")
			res, info := exCall(r.bool("check_errors", false), A, func(m *tensor.Tensor) *tensor.Tensor {
				if !r.bool("left", true) {
					return linalg.SolveRight(m, B)
				}
				return linalg.Solve(m, B)
			})
			return laTuple("linalg_solve_ex", res, info)
		})
	laf("diagonal", "diagonal(A, *, offset=0, dim1=-2, dim2=-1) -> Tensor", "torch.diagonal with the matrix dimensions last by default (a view).",
		func(a *eval.Args) eval.Value {
			r := laDiagonalSigs.parse(a)
			t := r.tensor("A")
			return gradView("DiagonalBackward0", t, t.Diagonal(r.int("offset", 0), r.int("dim1", -2), r.int("dim2", -1)))
		})
	laf("matmul", "matmul(input, other) -> Tensor", "torch.matmul.",
		func(a *eval.Args) eval.Value {
			r := laMatmulSigs.parse(a)
			return laOut(a, r, linalg.Matmul(r.tensor("input"), r.tensor("other")))
		})
	laf("vecdot", "vecdot(x, y, *, dim=-1) -> Tensor", "The dot product of x and y (broadcast) along dim.",
		func(a *eval.Args) eval.Value {
			r := laVecdotSigs.parse(a)
			x, y := r.tensor("x"), r.tensor("y")
			if x.DType() != y.DType() {
				eval.Throw("RuntimeError", errVecdotDType, x.DType().ScalarName(), y.DType().ScalarName())
			}
			p := tensor.Binary(tensor.OpMul, tensor.TensorOperand(x), tensor.TensorOperand(y), tensor.Opts{})
			return laOut(a, r, tensor.Sum(p, []int{r.int("dim", -1)}, false))
		})
}

func anyNonzero(v []int32) bool {
	for _, x := range v {
		if x != 0 {
			return true
		}
	}
	return false
}

// noPivotRefused raises for pivot=False, which PyTorch supports on CUDA only.
func noPivotRefused(r *boundArgs) {
	if !r.bool("pivot", true) {
		eval.Throw("RuntimeError", errLUNoPivot)
	}
}

// exCall runs f, turning a LinAlgError into info (1 for every matrix of
// the batch that fails, taken one by one) unless check.
func exCall(check bool, t *tensor.Tensor, f func(*tensor.Tensor) *tensor.Tensor) (res, info *tensor.Tensor) {
	batch := append([]int{}, t.Shape()[:max(t.Dim()-2, 0)]...)
	if check {
		return f(t), tensor.Full(batch, tensor.IntS(0), tensor.Int32)
	}
	if r, ok := tryLinalg(func() *tensor.Tensor { return f(t) }); ok {
		return r, tensor.Full(batch, tensor.IntS(0), tensor.Int32)
	}
	// a failure: redo matrix by matrix, the failing ones NaN with their info
	flat := t.Reshape(append([]int{-1}, t.Shape()[t.Dim()-2:]...))
	outs := make([]*tensor.Tensor, flat.Size(0))
	infos := make([]int32, flat.Size(0))
	var good *tensor.Tensor
	for i := range outs {
		m := flat.Select(0, i)
		if r, ok := tryLinalg(func() *tensor.Tensor { return f(m) }); ok {
			outs[i], good = r, r
		} else {
			infos[i] = linalgInfo(m)
		}
	}
	for i := range outs {
		if outs[i] == nil {
			shape := t.Shape()[t.Dim()-2:]
			if good != nil {
				shape = good.Shape()
			}
			outs[i] = tensor.Full(shape, tensor.FloatS(math.NaN()), t.DType())
		}
	}
	res = tensor.Stack(outs, 0)
	return res.Reshape(append(append([]int{}, batch...), res.Shape()[1:]...)), tensor.FromSlice(infos, batch...)
}

// linalgInfo is LAPACK's info for a failed matrix: the index of the
// first zero pivot (getrf) or 1.
func linalgInfo(m *tensor.Tensor) int32 {
	_, _, info := linalg.LUFactor("linalg", m)
	if len(info) == 1 && info[0] > 0 {
		return info[0]
	}
	return 1
}

// tryLinalg runs f, reporting false when it raised a LinAlgError.
func tryLinalg(f func() *tensor.Tensor) (r *tensor.Tensor, ok bool) {
	defer func() {
		if e := recover(); e != nil {
			if te, isT := e.(*tensor.Error); isT && te.Kind == tensor.LinAlgError {
				r, ok = nil, false
				return
			}
			panic(e)
		}
	}()
	return f(), true
}

// matrixPower is A^n by repeated squaring.
func matrixPower(name string, t *tensor.Tensor, n int) *tensor.Tensor {
	if t.Dim() < 2 {
		eval.Throw("RuntimeError", errMatrixPowerDims)
	}
	if t.Size(-1) != t.Size(-2) {
		eval.Throw("RuntimeError", errMatrixPowerShape, t.Size(-2), t.Size(-1))
	}
	k := t.Size(-1)
	if n == 0 {
		eye := tensor.Eye(int64(k), int64(k), t.DType())
		return eye.Expand(t.Shape()).ContiguousClone()
	}
	if n < 0 {
		t = linalg.Inv(name, t)
		n = -n
	}
	if n == 1 {
		return t.ContiguousClone()
	}
	var res *tensor.Tensor
	z := t
	for n > 0 {
		if n&1 == 1 {
			if res == nil {
				res = z
			} else {
				res = linalg.Matmul(res, z)
			}
		}
		n >>= 1
		if n > 0 {
			z = linalg.Matmul(z, z)
		}
	}
	return res
}

// multiDot multiplies the chain in the order of least cost (the
// matrix-chain dynamic program, as PyTorch).
func multiDot(ts []*tensor.Tensor) *tensor.Tensor {
	n := len(ts)
	if n < 2 {
		eval.Throw("RuntimeError", errMultiDotCount, n)
	}
	first, last := ts[0].Dim() == 1, ts[n-1].Dim() == 1
	ms := append([]*tensor.Tensor{}, ts...)
	if first {
		ms[0] = ms[0].Unsqueeze(0)
	}
	if last {
		ms[n-1] = ms[n-1].Unsqueeze(-1)
	}
	for i, m := range ms {
		if m.Dim() != 2 {
			switch {
			case i == 0:
				eval.Throw("RuntimeError", errMultiDotFirst, ts[0].Dim())
			case i == n-1:
				eval.Throw("RuntimeError", errMultiDotLast, ts[n-1].Dim())
			default:
				eval.Throw("RuntimeError", errMultiDotMid, i, ts[i].Dim())
			}
		}
		if i > 0 && ms[i-1].Size(1) != m.Size(0) {
			eval.Throw("RuntimeError", errMultiDotShapes, i-1, i, ms[i-1].Size(0), ms[i-1].Size(1), m.Size(0), m.Size(1))
		}
	}
	dims := make([]int, n+1)
	for i, m := range ms {
		dims[i] = m.Size(0)
	}
	dims[n] = ms[n-1].Size(1)
	cost := make([][]int, n)
	split := make([][]int, n)
	for i := range cost {
		cost[i], split[i] = make([]int, n), make([]int, n)
	}
	for l := 1; l < n; l++ {
		for i := 0; i+l < n; i++ {
			j := i + l
			cost[i][j] = -1
			for k := i; k < j; k++ {
				c := cost[i][k] + cost[k+1][j] + dims[i]*dims[k+1]*dims[j+1]
				if cost[i][j] < 0 || c < cost[i][j] {
					cost[i][j], split[i][j] = c, k
				}
			}
		}
	}
	var chain func(i, j int) *tensor.Tensor
	chain = func(i, j int) *tensor.Tensor {
		if i == j {
			return ms[i]
		}
		return linalg.Mm(chain(i, split[i][j]), chain(split[i][j]+1, j))
	}
	r := chain(0, n-1)
	if first {
		r = r.SqueezeDim(0)
	}
	if last {
		r = r.SqueezeDim(-1)
	}
	return r
}

func laCond(r *boundArgs) *tensor.Tensor {
	t := r.tensor("input")
	pv := r.val("p")
	if pv == nil || pv == eval.Value(eval.None) {
		pv = eval.Int(eval.MakeInt(2))
	}
	if _, isStr := pv.(eval.Str); !isStr {
		sc, _ := eval.ToScalar(pv)
		if p := sc.Float(); p == 2 || p == -2 {
			_, s, _ := linalg.SVD("linalg.cond", t, false, false)
			hi := tensor.Amax(s, []int{-1}, false)
			lo := tensor.Amin(s, []int{-1}, false)
			if p == -2 {
				hi, lo = lo, hi
			}
			return tensor.Binary(tensor.OpDiv, tensor.TensorOperand(hi), tensor.TensorOperand(lo), tensor.Opts{})
		}
	}
	if t.Dim() < 2 || t.Size(-1) != t.Size(-2) {
		eval.Throw("RuntimeError", errCondSquare, eval.Repr(pv), t.Size(-2), t.Size(-1))
	}
	inv, _ := tryLinalg(func() *tensor.Tensor { return linalg.Inv("linalg.cond", t) })
	if inv == nil {
		return tensor.Full(t.Shape()[:t.Dim()-2], tensor.FloatS(math.Inf(1)), t.DType())
	}
	a := laMatrixNorm(t, pv, []int{-2, -1}, false)
	b := laMatrixNorm(inv, pv, []int{-2, -1}, false)
	return tensor.Binary(tensor.OpMul, tensor.TensorOperand(a), tensor.TensorOperand(b), tensor.Opts{})
}

// vanderOf is the Vandermonde matrix of x's last dimension with n
// columns, in increasing or decreasing powers (by repeated products, in
// x's dtype; integer powers stay integers).
func vanderOf(x *tensor.Tensor, n int, increasing bool) *tensor.Tensor {
	d := x.DType()
	if d == tensor.Bool {
		d = tensor.Int64
	}
	xc := x.To(d).Unsqueeze(-1)
	cols := make([]*tensor.Tensor, n)
	if n > 0 {
		cols[0] = tensor.Full(xc.Shape(), tensor.IntS(1), d)
	}
	for i := 1; i < n; i++ {
		cols[i] = tensor.Binary(tensor.OpMul, tensor.TensorOperand(cols[i-1]), tensor.TensorOperand(xc), tensor.Opts{})
	}
	if !increasing {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			cols[i], cols[j] = cols[j], cols[i]
		}
	}
	if n == 0 {
		return tensor.Empty(append(append([]int{}, x.Shape()...), 0), d)
	}
	return tensor.Cat(cols, -1)
}
