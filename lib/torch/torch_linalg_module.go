package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.linalg (gonum's LAPACK underneath) and torch.det, torch.inverse,
// torch.svd.

var (
	laDetSigs      = newArgParser("linalg_det(Tensor A, *, Tensor out=None)")
	laInvSigs      = newArgParser("linalg_inv(Tensor A, *, Tensor out=None)")
	laSolveSigs    = newArgParser("linalg_solve(Tensor A, Tensor B, *, bool left=True, Tensor out=None)")
	laCholSigs     = newArgParser("linalg_cholesky(Tensor input, *, bool upper=False, Tensor out=None)")
	laQRSigs       = newArgParser("linalg_qr(Tensor A, c10::string_view mode=\"reduced\", *, TensorList[2] out=None)")
	laEighSigs     = newArgParser("linalg_eigh(Tensor input, c10::string_view UPLO=\"L\", *, TensorList[2] out=None)")
	laEigvalshSigs = newArgParser("linalg_eigvalsh(Tensor input, c10::string_view UPLO=\"L\", *, Tensor out=None)")
	laSvdSigs      = newArgParser("linalg_svd(Tensor A, bool full_matrices=True, *, c10::string_view? driver=None, TensorList[3] out=None)")
	laSvdvalsSigs  = newArgParser("linalg_svdvals(Tensor A, *, c10::string_view? driver=None, Tensor out=None)")
	laPinvSigs     = newArgParser(
		"linalg_pinv(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, Tensor out=None)",
		"linalg_pinv(Tensor input, double rcond, bool hermitian=False, *, Tensor out=None)")
	laRankSigs = newArgParser(
		"linalg_matrix_rank(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, Tensor out=None)",
		"linalg_matrix_rank(Tensor input, double tol, bool hermitian=False, *, Tensor out=None)")
	laCrossSigs   = newArgParser("linalg_cross(Tensor input, Tensor other, *, int64_t dim=-1, Tensor out=None)")
	laVNormSigs   = newArgParser("linalg_vector_norm(Tensor input, Scalar ord=2, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	laMNormSigs   = newArgParser("linalg_matrix_norm(Tensor input, Scalar ord, IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)", "linalg_matrix_norm(Tensor input, c10::string_view ord=\"fro\", IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	laNormSigs    = newArgParser("linalg_norm(Tensor input, Scalar? ord=None, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)", "linalg_norm(Tensor input, c10::string_view ord, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	detSigs       = newArgParser("det(Tensor input)")
	inverseSigs   = newArgParser("inverse(Tensor input, *, Tensor out=None)")
	torchSvdSigs  = newArgParser("svd(Tensor input, bool some=True, bool compute_uv=True, *, TensorList[3] out=None)")
	laFunctions   = map[string]*eval.Builtin{}
	laReturnTypes = map[string][]string{
		"linalg_qr": {"Q", "R"}, "linalg_eigh": {"eigenvalues", "eigenvectors"},
		"linalg_svd": {"U", "S", "Vh"}, "svd": {"U", "S", "V"},
	}
)

func laf(name, sig, doc string, fn func(a *eval.Args) eval.Value) {
	switch name {
	case "det", "inv", "solve", "cholesky", "qr", "eigh", "eigvalsh", "svd", "svdvals", "pinv", "matrix_rank":
		doc += " Computed with gonum's LAPACK in float64: float32 results may differ from PyTorch's in their last bits (never at print precision in the tests); eigenvector and singular-vector signs follow LAPACK's conventions."
	}
	laFunctions[name] = &eval.Builtin{Name: "linalg_" + name, Module: "torch._C._linalg", Sig: sig, Doc: doc, Fn: fn}
}

func laTuple(name string, ts ...*tensor.Tensor) eval.Value {
	el := make(eval.Tuple, len(ts))
	for i, t := range ts {
		el[i] = t
	}
	return &eval.NamedTuple{TypeName: "torch.return_types." + name, Fields: laReturnTypes[name], Elems: el}
}

func laOut(a *eval.Args, r *boundArgs, res *tensor.Tensor) eval.Value {
	return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
}

// svdTol is the tolerance of pinv and matrix_rank: max(atol, rtol·σmax),
// rtol defaulting to eps·max(m, n) when neither is given.
// laSpectrum is the decomposition pinv and matrix_rank work from: the SVD
// A = U diag(S) Vh, or with hermitian=True the eigendecomposition
// A = V diag(W) V^T read from the lower triangle (as PyTorch does). mag
// is |S| (the magnitudes the tolerance is measured against).
func laSpectrum(name string, t *tensor.Tensor, r *boundArgs) (u, s, vh, mag *tensor.Tensor) {
	if r.bool("hermitian", false) {
		w, v := linalg.Eigh(name, t, false, true)
		return v, w, v.Transpose(-2, -1), tensor.Unary(tensor.OpAbs, w, tensor.Opts{})
	}
	u, s, vh = linalg.SVD(name, t, false, true)
	return u, s, vh, s
}

// laNoDriver refuses driver=, which PyTorch takes on CUDA only.
func laNoDriver(r *boundArgs) {
	if v := r.val("driver"); v != nil && v != eval.Value(eval.None) {
		eval.Throw("RuntimeError", errSvdDriver)
	}
}

func svdTol(t *tensor.Tensor, s *tensor.Tensor, r *boundArgs, legacy string) *tensor.Tensor {
	var smax *tensor.Tensor
	if s.Size(-1) == 0 {
		// no singular values: any tolerance drops none
		smax = tensor.Empty(append(append([]int{}, s.Shape()[:s.Dim()-1]...), 1), tensor.Float64)
	} else {
		smax = tensor.Amax(s, []int{-1}, true).To(tensor.Float64)
	}
	atol, rtol := 0.0, 0.0
	switch {
	case r.idx == 1:
		if legacy == "rcond" {
			rtol = r.double("rcond", 0)
		} else {
			atol = r.double("tol", 0)
		}
	case !r.has("atol") && !r.has("rtol"):
		eps := 1.1920928955078125e-07
		if t.DType() == tensor.Float64 {
			eps = 2.220446049250313e-16
		}
		rtol = eps * float64(max(t.Size(-1), t.Size(-2)))
	default:
		atol = r.double("atol", 0)
		rtol = r.double("rtol", 0)
	}
	vals := tensor.Slice[float64](smax.Contiguous().Storage())
	out := make([]float64, len(vals))
	for i, v := range vals {
		out[i] = math.Max(atol, rtol*v)
	}
	return tensor.FromSlice(out, smax.Shape()...)
}

func init() {
	torchSubmodules["linalg"] = func(s *eval.Session) *eval.Module {
		m := &eval.Module{Name: "torch.linalg", Members: map[string]eval.Value{}}
		for name, b := range laFunctions {
			m.Members[name] = b
		}
		if c := eval.ExcClass("torch._C._LinAlgError"); c != nil {
			m.Members["LinAlgError"] = c
		}
		m.Members["Tensor"] = eval.TensorClass
		return m
	}
	laf("det", "det(A) -> Tensor", "The determinant of a square matrix (or of each in a batch), from an LU factorization.",
		func(a *eval.Args) eval.Value { r := laDetSigs.parse(a); return laOut(a, r, linalg.Det(r.tensor("A"))) })
	laf("inv", "inv(A) -> Tensor", "The inverse of a square matrix (or of each in a batch); a singular matrix raises torch.linalg.LinAlgError.",
		func(a *eval.Args) eval.Value {
			r := laInvSigs.parse(a)
			return laOut(a, r, linalg.Inv("linalg.inv", r.tensor("A")))
		})
	laf("solve", "solve(A, B, *, left=True) -> Tensor", "X with A X = B for square A (X A = B with left=False); B may be a batch of vectors. Batch dimensions broadcast.",
		func(a *eval.Args) eval.Value {
			r := laSolveSigs.parse(a)
			if !r.bool("left", true) {
				return laOut(a, r, linalg.SolveRight(r.tensor("A"), r.tensor("B")))
			}
			return laOut(a, r, linalg.Solve(r.tensor("A"), r.tensor("B")))
		})
	laf("cholesky", "cholesky(A, *, upper=False) -> Tensor", "L with A = L Lᵀ for a symmetric positive-definite A (its transpose with upper=True).",
		func(a *eval.Args) eval.Value {
			r := laCholSigs.parse(a)
			return laOut(a, r, linalg.Cholesky(r.tensor("input"), r.bool("upper", false)))
		})
	laf("qr", "qr(A, mode='reduced') -> (Tensor Q, Tensor R)", "The QR decomposition (Householder): Q with orthonormal columns, R upper triangular; mode 'complete' or 'r'.",
		func(a *eval.Args) eval.Value {
			r := laQRSigs.parse(a)
			mode := "reduced"
			if s, ok := r.val("mode").(eval.Str); ok {
				mode = string(s)
			}
			q, rr := linalg.QR(r.tensor("A"), mode)
			return laTuple("linalg_qr", q, rr)
		})
	laf("eigh", "eigh(A, UPLO='L') -> (Tensor eigenvalues, Tensor eigenvectors)", "Eigenvalues (ascending) and eigenvectors (columns) of a symmetric matrix, read from its lower (or upper) triangle.",
		func(a *eval.Args) eval.Value {
			r := laEighSigs.parse(a)
			w, v := linalg.Eigh("linalg.eigh", r.tensor("input"), uplo(r), true)
			return laTuple("linalg_eigh", w, v)
		})
	laf("eigvalsh", "eigvalsh(A, UPLO='L') -> Tensor", "The eigenvalues (ascending) of a symmetric matrix.",
		func(a *eval.Args) eval.Value {
			r := laEigvalshSigs.parse(a)
			w, _ := linalg.Eigh("linalg.eigvalsh", r.tensor("input"), uplo(r), false)
			return laOut(a, r, w)
		})
	laf("svd", "svd(A, full_matrices=True) -> (Tensor U, Tensor S, Tensor Vh)", "The singular value decomposition A = U diag(S) Vh (singular values descending).",
		func(a *eval.Args) eval.Value {
			r := laSvdSigs.parse(a)
			laNoDriver(r)
			u, s, vh := linalg.SVD("linalg.svd", r.tensor("A"), r.bool("full_matrices", true), true)
			return laTuple("linalg_svd", u, s, vh)
		})
	laf("svdvals", "svdvals(A) -> Tensor", "The singular values, in descending order.",
		func(a *eval.Args) eval.Value {
			r := laSvdvalsSigs.parse(a)
			laNoDriver(r)
			_, s, _ := linalg.SVD("linalg.svd", r.tensor("A"), false, false)
			return laOut(a, r, s)
		})
	laf("pinv", "pinv(A, *, atol=None, rtol=None, hermitian=False) -> Tensor", "The Moore–Penrose pseudo-inverse, from the SVD, singular values below max(atol, rtol·σmax) dropped.",
		func(a *eval.Args) eval.Value {
			r := laPinvSigs.parse(a)
			t := r.tensor("input")
			u, s, vh, mag := laSpectrum("linalg.pinv", t, r)
			tol := svdTol(t, mag, r, "rcond")
			sv := tensor.Slice[float64](s.To(tensor.Float64).Contiguous().Storage())
			mv, tv := tensor.Slice[float64](mag.To(tensor.Float64).Contiguous().Storage()), tensor.Slice[float64](tol.Storage())
			k := s.Size(-1)
			inv := make([]float64, len(sv))
			for i, x := range sv {
				if mv[i] > tv[i/max(k, 1)] {
					inv[i] = 1 / x
				}
			}
			sinv := tensor.FromSlice(inv, s.Shape()...).To(t.DType()).Unsqueeze(-2)
			vs := tensor.Binary(tensor.OpMul, tensor.TensorOperand(vh.Transpose(-2, -1)), tensor.TensorOperand(sinv), tensor.Opts{})
			return laOut(a, r, linalg.Matmul(vs, u.Transpose(-2, -1)))
		})
	laf("matrix_rank", "matrix_rank(A, *, atol=None, rtol=None, hermitian=False) -> Tensor", "The number of singular values above max(atol, rtol·σmax) (int64).",
		func(a *eval.Args) eval.Value {
			r := laRankSigs.parse(a)
			t := r.tensor("input")
			_, _, _, s := laSpectrum("linalg.matrix_rank", t, r)
			tol := svdTol(t, s, r, "tol")
			sv, tv := tensor.Slice[float64](s.To(tensor.Float64).Contiguous().Storage()), tensor.Slice[float64](tol.Storage())
			k := s.Size(-1)
			counts := make([]int64, len(tv))
			for i, x := range sv {
				if x > tv[i/max(k, 1)] {
					counts[i/max(k, 1)]++
				}
			}
			return laOut(a, r, tensor.FromSlice(counts, tol.Shape()[:tol.Dim()-1]...))
		})
	laf("cross", "cross(input, other, *, dim=-1) -> Tensor", "The cross product of 3-vectors along dim.",
		func(a *eval.Args) eval.Value {
			r := laCrossSigs.parse(a)
			return laOut(a, r, tensor.Cross(r.tensor("input"), r.tensor("other"), r.int("dim", -1), false))
		})
	laf("vector_norm", "vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) -> Tensor", "The ord-norm of x seen as a vector (over dim): ord a number, inf or -inf.",
		func(a *eval.Args) eval.Value {
			r := laVNormSigs.parse(a)
			ord := 2.0
			if r.has("ord") {
				ord = r.scalar("ord").Float()
			}
			return laOut(a, r, laVectorNorm("linalg.vector_norm", r.tensor("input"), ord, r.ints("dim"), r.bool("keepdim", false)))
		})
	laf("matrix_norm", "matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None) -> Tensor", "The matrix norm over two dims: 'fro', 'nuc', inf, -inf, 1, -1, 2, -2.",
		func(a *eval.Args) eval.Value {
			r := laMNormSigs.parse(a)
			dims := []int{-2, -1}
			if r.has("dim") {
				dims = r.ints("dim")
			}
			return laOut(a, r, laMatrixNorm(r.tensor("input"), normOrd(r), dims, r.bool("keepdim", false)))
		})
	laf("norm", "norm(A, ord=None, dim=None, keepdim=False, *, dtype=None) -> Tensor", "A vector norm (1-d input or an int dim) or a matrix norm (2-d input or two dims); without ord the 2-norm of all elements.",
		func(a *eval.Args) eval.Value {
			r := laNormSigs.parse(a)
			t := r.tensor("input")
			dims := r.ints("dim")
			keep := r.bool("keepdim", false)
			if !r.has("ord") {
				return laOut(a, r, laVectorNorm("linalg.vector_norm", t, 2, dims, keep))
			}
			if dims == nil {
				if t.Dim() != 1 && t.Dim() != 2 {
					eval.Throw("RuntimeError", errLinalgNormDims, t.Dim())
				}
				if t.Dim() == 2 {
					return laOut(a, r, laMatrixNorm(t, normOrd(r), []int{-2, -1}, keep))
				}
			}
			if len(dims) == 2 {
				return laOut(a, r, laMatrixNorm(t, normOrd(r), dims, keep))
			}
			if _, isStr := r.val("ord").(eval.Str); isStr {
				eval.Throw("RuntimeError", errLinalgNormStrOrd)
			}
			return laOut(a, r, laVectorNorm("linalg.vector_norm", t, r.scalar("ord").Float(), dims, keep))
		})
	eval.RegisterTorch(
		&eval.Builtin{Name: "det", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "det(input) -> Tensor", Doc: "torch.linalg.det.",
			Fn: func(a *eval.Args) eval.Value { return linalg.Det(tensorOnly(detSigs, a)) }},
		&eval.Builtin{Name: "inverse", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "inverse(input) -> Tensor", Doc: "torch.linalg.inv.",
			Fn: func(a *eval.Args) eval.Value {
				r := inverseSigs.parse(a)
				return laOut(a, r, linalg.Inv("linalg.inv", r.tensor("input")))
			}},
		&eval.Builtin{Name: "svd", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "svd(input, some=True, compute_uv=True) -> (Tensor U, Tensor S, Tensor V)",
			Doc: "The SVD as (U, S, V) with A = U diag(S) Vᵀ (V, not Vh; reduced unless some=False; zeros for U and V when compute_uv=False).",
			Fn: func(a *eval.Args) eval.Value {
				r := torchSvdSigs.parse(a)
				t := r.tensor("input")
				some, uv := r.bool("some", true), r.bool("compute_uv", true)
				u, s, vh := linalg.SVD("linalg.svd", t, !some, true)
				v := vh.Transpose(-2, -1)
				if !uv {
					// zeros of the full shapes (m×m and n×n), as PyTorch's
					batch := t.Shape()[:t.Dim()-2]
					m, n := t.Size(-2), t.Size(-1)
					u = tensor.Full(append(append([]int{}, batch...), m, m), tensor.IntS(0), t.DType())
					v = tensor.Full(append(append([]int{}, batch...), n, n), tensor.IntS(0), t.DType())
				}
				return laTuple("svd", u, s, v)
			}},
	)
}

func uplo(r *boundArgs) bool {
	s, ok := r.val("UPLO").(eval.Str)
	if !ok {
		return false
	}
	switch string(s) {
	case "L", "l":
		return false
	case "U", "u":
		return true
	}
	eval.Throw("RuntimeError", errUPLO, string(s))
	return false
}

// normOrd is a matrix norm's ord: a number, or NaN standing for 'fro'
// and +Inf·0 for 'nuc' (returned as the string).
func normOrd(r *boundArgs) eval.Value {
	v := r.val("ord")
	if v == nil {
		return eval.Str("fro")
	}
	return v
}

func laVectorNorm(name string, t *tensor.Tensor, ord float64, dims []int, keepdim bool) *tensor.Tensor {
	if !t.DType().IsFloat() {
		eval.Throw("RuntimeError", errVNormFloat, name, t.DType().ScalarName())
	}
	abs := tensor.Unary(tensor.OpAbs, t, tensor.Opts{})
	switch {
	case math.IsInf(ord, 1):
		return tensor.Amax(abs, dims, keepdim)
	case math.IsInf(ord, -1):
		return tensor.Amin(abs, dims, keepdim)
	}
	return tensor.Norm(t, ord, dims, keepdim)
}

func laMatrixNorm(t *tensor.Tensor, ord eval.Value, dims []int, keepdim bool) *tensor.Tensor {
	if t.Dim() < 2 {
		eval.Throw("RuntimeError", errMNormDims)
	}
	if !t.DType().IsFloat() {
		eval.Throw("RuntimeError", errVNormFloat, "linalg.matrix_norm", t.DType().ScalarName())
	}
	if len(dims) != 2 {
		eval.Throw("RuntimeError", errMNormDimLen, len(dims))
	}
	d0, d1 := tensor.WrapDim(dims[0], t.Dim()), tensor.WrapDim(dims[1], t.Dim())
	if s, ok := ord.(eval.Str); ok {
		switch string(s) {
		case "fro":
			return tensor.Norm(t, 2, []int{d0, d1}, keepdim)
		case "nuc":
			return linalg.NuclearNorm(t, []int{d0, d1}, keepdim)
		}
		eval.Throw("RuntimeError", errMNormOrd, string(s))
	}
	o, _ := eval.ToScalar(ord)
	p := o.Float()
	abs := tensor.Unary(tensor.OpAbs, t, tensor.Opts{})
	ext := func(x *tensor.Tensor, d int) *tensor.Tensor {
		if p > 0 {
			return tensor.Amax(x, []int{d}, true)
		}
		return tensor.Amin(x, []int{d}, true)
	}
	squeeze := func(x *tensor.Tensor) *tensor.Tensor {
		if keepdim {
			return x
		}
		return x.SqueezeDim(max(d0, d1)).SqueezeDim(min(d0, d1))
	}
	switch math.Abs(p) {
	case 1:
		// the largest column sum: sum over d0, then the extreme over d1
		return squeeze(ext(tensor.Sum(abs, []int{d0}, true), d1))
	case math.Inf(1):
		return squeeze(ext(tensor.Sum(abs, []int{d1}, true), d0))
	case 2:
		perm := []int{}
		for i := 0; i < t.Dim(); i++ {
			if i != d0 && i != d1 {
				perm = append(perm, i)
			}
		}
		perm = append(perm, d0, d1)
		_, s, _ := linalg.SVD("linalg.svd", t.Permute(perm), false, false)
		res := ext(s, -1).SqueezeDim(-1)
		if keepdim {
			res = res.Unsqueeze(min(d0, d1)).Unsqueeze(max(d0, d1))
		}
		return res
	}
	eval.Throw("RuntimeError", errMNormOrdNum, tensor.CppFloatString(p))
	return nil
}
