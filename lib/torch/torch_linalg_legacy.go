package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch's own linear algebra functions besides torch.linalg: geqrf,
// slogdet, logdet, matrix_power, matrix_exp, lu, lu_unpack, lu_solve,
// cholesky, cholesky_solve, cholesky_inverse, triangular_solve, pinverse,
// chain_matmul, vander (and their Tensor methods).

var (
	geqrfSigs        = newArgParser("geqrf(Tensor input, *, TensorList[2] out=None)")
	slogdetSigs      = newArgParser("slogdet(Tensor input, *, TensorList[2] out=None)")
	logdetSigs       = newArgParser("logdet(Tensor input)")
	matrixPowerSigs  = newArgParser("matrix_power(Tensor input, int64_t n, *, Tensor out=None)")
	matrixExpSigs    = newArgParser("matrix_exp(Tensor input)")
	luSigs           = newArgParser("lu(Tensor input, bool pivot=True, bool get_infos=False, Tensor out=None)")
	luUnpackSigs     = newArgParser("lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True, *, TensorList[3] out=None)")
	luSolveSigs      = newArgParser("lu_solve(Tensor input, Tensor LU_data, Tensor LU_pivots, *, Tensor out=None)")
	choleskySigs     = newArgParser("cholesky(Tensor input, bool upper=False, *, Tensor out=None)")
	cholSolveSigs    = newArgParser("cholesky_solve(Tensor input, Tensor input2, bool upper=False, *, Tensor out=None)")
	cholInverseSigs  = newArgParser("cholesky_inverse(Tensor input, bool upper=False, *, Tensor out=None)")
	triSolveSigs     = newArgParser("triangular_solve(Tensor input, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False, *, TensorList[2] out=None)")
	pinverseSigs     = newArgParser("pinverse(Tensor input, double rcond=1e-15)")
	vanderSigs       = newArgParser("vander(Tensor x, int64_t? N=None, bool increasing=False)")
	functionalPyPath = "/usr/lib/python3/dist-packages/torch/functional.py"
)

func init() {
	laReturnTypes["geqrf"] = []string{"a", "tau"}
	laReturnTypes["_lu_with_info"] = []string{"LU", "pivots", "info"}
	for _, name := range []string{"geqrf", "lu", "lu_unpack", "lu_solve", "cholesky", "cholesky_solve", "cholesky_inverse",
		"triangular_solve", "pinverse", "chain_matmul", "vander"} {
		gradUnsupported[name] = true
	}
	both := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "geqrf", Kind: both, Sig: "geqrf(input) -> (Tensor a, Tensor tau)",
			Doc: "LAPACK's geqrf: the QR decomposition packed as R above the diagonal and Householder reflectors below it, with their scalars tau.",
			Fn: func(a *eval.Args) eval.Value {
				r := geqrfSigs.parse(a)
				h, tau := linalg.Geqrf(r.tensor("input"))
				return laTuple("geqrf", h, tau)
			}},
		&eval.Builtin{Name: "slogdet", Kind: both, Sig: "slogdet(input) -> (Tensor sign, Tensor logabsdet)", Doc: "torch.linalg.slogdet, as torch.return_types.slogdet.",
			Fn: func(a *eval.Args) eval.Value {
				r := slogdetSigs.parse(a)
				s, l := linalg.Slogdet("linalg.slogdet", r.tensor("input"))
				return laTuple("slogdet", s, l)
			}},
		&eval.Builtin{Name: "logdet", Kind: both, Sig: "logdet(input) -> Tensor", Doc: "The natural log of the determinant (nan when it is negative, -inf when 0).",
			Fn: func(a *eval.Args) eval.Value {
				s, l := linalg.Slogdet("linalg.slogdet", logdetSigs.parse(a).tensor("input"))
				nan := tensor.Binary(tensor.OpLt, tensor.TensorOperand(s), tensor.ScalarOperand(tensor.IntS(0)), tensor.Opts{})
				return tensor.Where(nan, tensor.ScalarOperand(tensor.FloatS(math.NaN())), tensor.TensorOperand(l), tensor.Opts{})
			}},
		&eval.Builtin{Name: "matrix_power", Kind: both, Sig: "matrix_power(input, n) -> Tensor", Doc: "torch.linalg.matrix_power.",
			Fn: func(a *eval.Args) eval.Value {
				r := matrixPowerSigs.parse(a)
				return laOut(a, r, matrixPower("linalg.matrix_power", r.tensor("input"), r.int("n", 0)))
			}},
		&eval.Builtin{Name: "matrix_exp", Kind: both, Sig: "matrix_exp(input) -> Tensor", Doc: "torch.linalg.matrix_exp.",
			Fn: func(a *eval.Args) eval.Value { return linalg.MatrixExp(matrixExpSigs.parse(a).tensor("input")) }},
		&eval.Builtin{Name: "lu", Kind: both, Sig: "lu(A, pivot=True, get_infos=False) -> (Tensor LU, Tensor pivots[, Tensor infos])",
			Doc: "Deprecated torch.linalg.lu_factor (lu_factor_ex with get_infos=True): a plain tuple of the packed LU and its pivots.",
			Fn: func(a *eval.Args) eval.Value {
				r := luSigs.parse(a)
				if a.Session().FirstWarning("torch.lu", "") {
					warnFrom(a.Session(), functionalPyPath+":1682", "UserWarning", warnLUDeprecated, warnLUSrc)
				}
				noPivotRefused(r)
				t := r.tensor("input")
				lu, piv, info := linalg.LUFactor("torch.linalg.lu_factor", t)
				if r.bool("get_infos", false) {
					return laTuple("_lu_with_info", lu, piv, tensor.FromSlice(info, t.Shape()[:t.Dim()-2]...))
				}
				for _, i := range info {
					if i > 0 {
						eval.Throw("RuntimeError", errLUFactorZero, i, i)
					}
				}
				return eval.Tuple{lu, piv}
			}},
		&eval.Builtin{Name: "lu_unpack", Kind: eval.TorchFunc, Sig: "lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True) -> (Tensor P, Tensor L, Tensor U)",
			Doc: "P, L, U with A = P L U from lu_factor's packed LU and pivots (empty tensors for what is not unpacked).",
			Fn: func(a *eval.Args) eval.Value {
				r := luUnpackSigs.parse(a)
				lu := r.tensor("LU_data")
				p, l, u := linalg.LUUnpack(lu, r.tensor("LU_pivots"))
				empty := tensor.Empty([]int{0}, lu.DType())
				if !r.bool("unpack_data", true) {
					l, u = empty, empty
				}
				if !r.bool("unpack_pivots", true) {
					p = empty
				}
				return laTuple("lu_unpack", p, l, u)
			}},
		&eval.Builtin{Name: "lu_solve", Kind: both, Sig: "lu_solve(b, LU_data, LU_pivots) -> Tensor", Doc: "Deprecated torch.linalg.lu_solve(LU_data, LU_pivots, b).",
			Fn: func(a *eval.Args) eval.Value {
				r := luSolveSigs.parse(a)
				if a.Session().FirstWarning("torch.lu_solve", "") {
					a.Session().Warn("UserWarning", warnLUSolveDeprecated)
				}
				return laOut(a, r, linalg.LUSolve(r.tensor("LU_data"), r.tensor("LU_pivots"), r.tensor("input"), true, false))
			}},
		&eval.Builtin{Name: "cholesky", Kind: both, Sig: "cholesky(input, upper=False) -> Tensor", Doc: "Deprecated torch.linalg.cholesky (its transpose with upper=True).",
			Fn: func(a *eval.Args) eval.Value {
				r := choleskySigs.parse(a)
				if a.Session().FirstWarning("torch.cholesky", "") {
					a.Session().Warn("UserWarning", warnCholeskyDeprecated)
				}
				return laOut(a, r, linalg.Cholesky(r.tensor("input"), r.bool("upper", false)))
			}},
		&eval.Builtin{Name: "cholesky_solve", Kind: both, Sig: "cholesky_solve(B, L, upper=False) -> Tensor", Doc: "X with A X = B for A = L Lᵀ (Uᵀ U with upper=True), given the Cholesky factor.",
			Fn: func(a *eval.Args) eval.Value {
				r := cholSolveSigs.parse(a)
				b, l := r.tensor("input"), r.tensor("input2")
				upper := r.bool("upper", false)
				y := linalg.SolveTriangular(l, b, upper, true, false).Contiguous()
				lt := l.Transpose(-2, -1)
				return laOut(a, r, linalg.SolveTriangular(lt, y, !upper, true, false))
			}},
		&eval.Builtin{Name: "cholesky_inverse", Kind: both, Sig: "cholesky_inverse(L, upper=False) -> Tensor", Doc: "The inverse of A = L Lᵀ (Uᵀ U with upper=True) from its Cholesky factor.",
			Fn: func(a *eval.Args) eval.Value {
				r := cholInverseSigs.parse(a)
				l := r.tensor("input")
				if l.Dim() < 2 {
					eval.Throw("RuntimeError", errCholInvDims)
				}
				n := l.Size(-1)
				eye := tensor.Eye(int64(n), int64(n), l.DType()).Expand(l.Shape()).Contiguous()
				upper := r.bool("upper", false)
				y := linalg.SolveTriangular(l, eye, upper, true, false)
				return laOut(a, r, linalg.SolveTriangular(l.Transpose(-2, -1), y, !upper, true, false))
			}},
		&eval.Builtin{Name: "triangular_solve", Kind: both, Sig: "triangular_solve(b, A, upper=True, transpose=False, unitriangular=False) -> (Tensor solution, Tensor cloned_coefficient)",
			Doc: "Deprecated torch.linalg.solve_triangular(A, b) (Aᵀ with transpose), with a copy of A.",
			Fn: func(a *eval.Args) eval.Value {
				r := triSolveSigs.parse(a)
				if a.Session().FirstWarning("torch.triangular_solve", "") {
					a.Session().Warn("UserWarning", warnTriSolveDeprecated)
				}
				b, A := r.tensor("input"), r.tensor("A")
				upper := r.bool("upper", true)
				M := A
				if r.bool("transpose", false) {
					M, upper = A.Transpose(-2, -1), !upper
				}
				x := linalg.SolveTriangular(M, b, upper, true, r.bool("unitriangular", false))
				return laTuple("triangular_solve", x, A.ContiguousClone())
			}},
		&eval.Builtin{Name: "pinverse", Kind: both, Sig: "pinverse(input, rcond=1e-15) -> Tensor", Doc: "torch.linalg.pinv(input, rtol=rcond).",
			Fn: func(a *eval.Args) eval.Value {
				r := pinverseSigs.parse(a)
				pinv := laFunctions["pinv"]
				return pinv.Fn((&eval.Args{Name: "linalg_pinv", Pos: []eval.Value{r.tensor("input")},
					Kw: []eval.KwArg{{Name: "rtol", Value: eval.Float(r.double("rcond", 1e-15))}}}).Bind(a.Session()))
			}},
		&eval.Builtin{Name: "chain_matmul", Kind: eval.TorchFunc, Sig: "chain_matmul(*matrices) -> Tensor", Doc: "Deprecated torch.linalg.multi_dot of the matrices given as arguments.",
			Fn: func(a *eval.Args) eval.Value {
				if a.Session().FirstWarning("torch.chain_matmul", "") {
					warnFrom(a.Session(), functionalPyPath+":1580", "UserWarning", warnChainMatmul, warnChainMatmulSrc)
				}
				ms := make([]*tensor.Tensor, 0, len(a.Pos))
				for i, v := range a.Pos {
					t, ok := v.(*tensor.Tensor)
					if !ok {
						eval.Throw("TypeError", errChainMatmulArg, i, eval.TypeName(v))
					}
					ms = append(ms, t)
				}
				if len(ms) == 1 {
					return ms[0]
				}
				for _, m := range ms {
					if m.Dim() != 2 {
						eval.Throw("RuntimeError", errChainMatmul2D, m.Dim())
					}
				}
				return multiDot(ms)
			}},
		&eval.Builtin{Name: "vander", Kind: eval.TorchFunc, Sig: "vander(x, N=None, increasing=False) -> Tensor", Doc: "The Vandermonde matrix of the 1-d x: columns x^(N-1), ..., x⁰ (increasing: x⁰ first).",
			Fn: func(a *eval.Args) eval.Value {
				r := vanderSigs.parse(a)
				x := r.tensor("x")
				if x.Dim() != 1 {
					eval.Throw("RuntimeError", errVander1D)
				}
				n := x.Size(0)
				if r.has("N") && r.val("N") != eval.Value(eval.None) {
					n = r.int("N", n)
				}
				if n < 0 {
					eval.Throw("RuntimeError", errVanderNeg)
				}
				return vanderOf(x, n, r.bool("increasing", false))
			}},
	)
}
