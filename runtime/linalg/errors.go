package linalg

import "github.com/tensh/tensh/runtime/tensor"

// raise panics with a *tensor.Error of kind RuntimeError (every error of
// this package is one); format is one of the message formats below.
func raise(format string, args ...any) { tensor.Raise(tensor.RuntimeError, format, args...) }

// Message formats. Every PyTorch message this package prints is here, so
// that a reader can grep for it.

// Dtypes.
const (
	errNotImplementedDT = "\"%s\" not implemented for '%s'"
	errScalarTypeMatch  = "expected scalar type %s but found %s"
)

// Matrix products.
const (
	errMatmul0D      = "both arguments to matmul need to be at least 1D, but they are %dD and %dD"
	errMmShapes      = "mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
	errMmSelfMatrix  = "self must be a matrix"
	errMmMat2Matrix  = "mat2 must be a matrix"
	errMvSize        = "size mismatch, got %d, %dx%d,%d"
	errMvVecDims     = "vector + matrix @ vector expected, got %d, %d, %d"
	errDotSize       = "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same number of elements, but got %d and %d elements respectively"
	errDotDims       = "1D tensors expected, but got %dD and %dD tensors"
	errDotDType      = "dot : expected both vectors to have same dtype, but found %s and %s"
	errBmmBatch1     = "batch1 must be a 3D tensor"
	errBmmBatch2     = "batch2 must be a 3D tensor"
	errBmmShape      = "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: [%d, %d]."
	errOuterDims     = "outer: Expected 1-D argument self, but got %d-D"
	errOuterVec2Dims = "outer: Expected 1-D argument vec2, but got %d-D"
)

// Einsum.
const (
	errEinsumFewer        = "einsum(): fewer operands were provided than specified in the equation"
	errEinsumMore         = "einsum(): more operands were provided than specified in the equation"
	errEinsumSubscript    = "einsum(): invalid subscript given at index %d in the equation string, subscripts must be in [a-zA-Z]"
	errEinsumDims         = "einsum(): the number of subscripts in the equation (%d) does not match the number of dimensions (%d) for operand %d and no ellipsis was given"
	errEinsumDimsEll      = "einsum(): the number of subscripts in the equation (%d) is more than the number of dimensions (%d) for operand %d"
	errEinsumEllipsis     = "einsum(): found '.' for operand %d that is not part of any ellipsis"
	errEinsumMultiEll     = "einsum(): found '.' for operand %d for which an ellipsis was already found"
	errEinsumEllipsis2    = "einsum(): found '.' for output but an ellipsis (...) was already found"
	errEinsumOutEllip     = "einsum(): found '.' for output that is not part of any ellipsis (...)"
	errEinsumOutRepeat    = "einsum(): output subscript %c appears more than once in the output"
	errEinsumOutUnknown   = "einsum(): output subscript %c does not appear in the equation for any input operand"
	errEinsumBroadcast    = "einsum(): subscript %c has size %d for operand %d which does not broadcast with previously seen size %d"
	errEinsumEllBroadcast = "einsum(): dimension %d covered by ellipsis in operand %dhas size %d which does not broadcast with previously seen ellipsis with size %d for the respective dimension"
	errEinsumDiag         = "einsum(): subscript %c is repeated for operand %d but the sizes don't match, %d != %d"
	errSumProductDims     = "non-broadcast dimensions must match"
)

// Nuclear norm and singular values.
const (
	errNucMatrix      = "Expected a tensor with 2 dimensions, but got a tensor with %d dimension%s instead."
	errNucDims        = "nuclear norm requires a 'dim' argument of size 2"
	errNucDimsInvalid = "duplicate or invalid dimensions"
	errSvdDType       = "linalg.svd: Expected a floating point or complex tensor as input. Got %s"
	errSvdNonFinite   = "linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values."
	// PyTorch adds " (error code: N)", LAPACK's count of superdiagonals
	// that did not converge; gonum's dgesvd reports only failure.
	errSvdConverge = "linalg.svd: The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated singular values"
)

// Decompositions (torch.linalg).
const (
	errLinalgFloat      = "%s: Expected a floating point or complex tensor as input. Got %s"
	errLinalgAtLeast2   = "%s: The input tensor A must have at least 2 dimensions."
	errLinalgSquare     = "%s: A must be batches of square matrices, but they are %d by %d matrices"
	errInvSingular      = "%s: The diagonal element %d is zero, the inversion could not be completed because the input matrix is singular."
	errSolveDType       = "linalg.solve: Expected A and B to have the same dtype, but found A of type %s and B of type %s instead"
	errSolveShapes      = "linalg.solve: Incompatible shapes of A and B for the equation AX = B (%dx%d and %dx%d)"
	errSolveShapesRight = "linalg.solve: Incompatible shapes of A and B for the equation XA = B (%dx%d and %dx%d)"
	errSolveSingular    = "torch.linalg.solve: The solver failed because the input matrix is singular."
	errCholesky         = "linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order %d is not positive-definite)."
	errQRMode           = "qr received unrecognized mode '%s' but expected one of 'reduced' (default), 'r', or 'complete'"
	errEighConverge     = "%s: The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated eigenvalues."
	errSvdConvergeN     = "%s: The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated singular values."
)

// cdist.
const (
	errCdist2D    = "cdist only supports at least 2D tensors, %s got: %dD"
	errCdistCols  = "X1 and X2 must have the same number of columns. X1: %d X2: %d"
	errCdistFloat = "cdist only supports floating-point dtypes, %s got: %s"
	errCdistP     = "cdist only supports non-negative p values"
)

// decomp2.go.
const (
	errLUSolveShapes  = "linalg.lu_solve: Incompatible shapes of A and B for the equation AX = B (%dx%d and %dx%d)"
	errSolveTriDType  = "Expected out tensor to have dtype %s, but got %s instead"
	errSolveTriShapes = "linalg.solve_triangular: Incompatible shapes of A and B for the equation AX = B (%dx%d and %dx%d)"
	errEigConverge    = "%s: The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated eigenvalues (error code: 1)."
	errLstsqDims      = "torch.linalg.lstsq: input must have at least 2 dimensions."
	errLstsqDType     = "torch.linalg.lstsq: Expected input and other to have the same dtype, but got input's dtype %s and other's dtype %s"
	errLstsqShapes    = "torch.linalg.lstsq: input.size(-2) should match other.size(-2), but got %d and %d"
	errHHDims         = "torch.linalg.householder_product: input must have at least 2 dimensions."
	errHHShape        = "torch.linalg.householder_product: input.shape[-2] must be greater than or equal to input.shape[-1]"
	errHHTau          = "torch.linalg.householder_product: input.shape[-1] must be greater than or equal to tau.shape[-1]"
	errHHDType        = "torch.linalg.householder_product: tau dtype %s does not match input dtype %s"
)
