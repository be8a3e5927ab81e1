package tensor

import "fmt"

// Kind is the Python exception type an Error is raised as.
type Kind int

const (
	RuntimeError Kind = iota
	IndexError
	TypeError
	ValueError
	OverflowError
	NotImplementedError
	KeyboardInterrupt
	MemoryError    // Python's, for the evaluator's objects (CheckMemory)
	RecursionError // Python's recursion limit, met by PyTorch's Python code
	LinAlgError    // torch._C._LinAlgError, a RuntimeError of the linear algebra functions
)

var kindNames = [...]string{"RuntimeError", "IndexError", "TypeError", "ValueError", "OverflowError", "NotImplementedError", "KeyboardInterrupt", "MemoryError", "RecursionError", "torch._C._LinAlgError"}

func (k Kind) String() string { return kindNames[k] }

// Error is an error raised by the tensor runtime, with PyTorch's message.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string {
	if e.Msg == "" {
		return e.Kind.String()
	}
	return e.Kind.String() + ": " + e.Msg
}

// raise panics with an *Error of the given kind; format is one of the
// message formats below.
func raise(kind Kind, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	panic(&Error{Kind: kind, Msg: msg})
}

// Raise is raise for the packages that extend this one (eval's bindings).
func Raise(kind Kind, format string, args ...any) { raise(kind, format, args...) }

// Message formats. Every PyTorch message this package prints is here, so that
// a reader can grep for it. One block per area of the package.

// Core: allocation, sizes, dimensions, scalars.
const (
	errDimRange      = "Dimension out of range (expected to be in range of [%d, %d], but got %d)"
	errDimNoDims     = "Dimension specified as %d but tensor has no dimensions"
	errNegativeDim   = "Trying to create tensor with negative dimension %d: %s"
	errSizeOverflow  = "Storage size calculation overflowed with sizes=%s"
	errSymIntRange   = "IntArrayRef contains an int that cannot be represented as a SymInt: %d"
	errAllocFail     = "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate %d bytes. Error code 12 (Cannot allocate memory)"
	errItemNumel     = "only one element tensors can be converted to Python scalars"
	errBoolAmbiguous = "Boolean value of Tensor with more than one value is ambiguous"
	errBoolNoValues  = "Boolean value of Tensor with no values is ambiguous"
	errSelectRange   = "select(): index %d out of range for tensor of size %s at dimension %d"
	errSelect0d      = "select() cannot be applied to a 0-dim tensor."
)

// Reliability (issue 6).
const (
	errPrintRecursion = "maximum recursion depth exceeded while calling a Python object"
)

// Views, reshaping and indexing.
const (
	errInferTwice          = "only one dimension can be inferred"
	errInvalidShapeDim     = "invalid shape dimension %d"
	errInferAmbiguous      = "cannot reshape tensor of 0 elements into shape %s because the unspecified dimension size -1 can be any value and is ambiguous"
	errShapeInvalid        = "shape '%s' is invalid for input of size %d"
	errViewStride          = "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
	errFlattenOrder        = "flatten() has invalid args: start_dim cannot come after end_dim"
	errUnflattenEmpty      = "unflatten: sizes must be non-empty"
	errUnflattenUnexpected = "unflatten got an unexpected error:\n%s"
	errUnflattenSizes      = "unflatten: Provided sizes %s don't multiply up to the size of dim %d (%d) in the input tensor"
	errTDims               = "t() expects a tensor with <= 2 dimensions, but self is %dD"
	errMatrixT             = "tensor.%s is only supported on matrices or batches of matrices. Got %d-D tensor."
	errMatrixH             = "tensor.H is only supported on matrices (2-D tensors). Got %d-D tensor.%s"
	errMatrixHTail         = " For batches of matrices, consider using tensor.mH"
	errPermuteLen          = "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d"
	errPermuteDup          = "permute(): duplicate dims are not allowed."
	errMovedimLen          = "movedim: Invalid source or destination dims: source (%s dims) should contain the same number of dims as destination (%s dims)"
	errMovedimRepeat       = "movedim: repeated dim in `%s` (%s)"
	errSlice0d             = "slice() cannot be applied to a 0-dim tensor."
	errSliceStep           = "step must be greater than zero"
	errSymbolicInt         = "Expected !is_symbolic() to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)"
	errNarrow0d            = "narrow() cannot be applied to a 0-dim tensor."
	errNarrowRange         = "start (%d) + length (%d) exceeds dimension size (%d)."
	errSplit0d             = "split expects at least a 1-dimensional tensor"
	errSplitNegative       = "split expects split_size be non-negative, but got split_size=%d"
	errSplitZero           = "split_size can only be 0 if dimension size is 0, but got dimension size of %d"
	errSplitSizesNeg       = "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=%s"
	errSplitSizesSum       = "split_with_sizes expects split_sizes to sum exactly to %d (input tensor's size at dimension %d), but got split_sizes=%s"
	errChunk0d             = "chunk expects at least a 1-dimensional tensor"
	errChunkCount          = "chunk expects `chunks` to be greater than 0, got: %d"
	errDiagSame            = "diagonal dimensions cannot be identical %d, %d"
	errAsStridedLen        = "mismatch in length of strides and shape"
	errAsStridedNeg        = "as_strided: Negative strides are not supported at the moment, got strides: %s"
	errViewDTypeScalar     = "self.dim() cannot be 0 to view %s as %s (different element sizes)"
	errViewDTypeStride     = "self.stride(-1) must be 1 to view %s as %s (different element sizes), but got %d"
	errViewDTypeSize       = "self.size(-1) must be divisible by %d to view %s as %s (different element sizes), but got %d"
	errViewDTypeOffset     = "self.storage_offset() must be divisible by %d to view %s as %s (different element sizes), but got %d"
	errViewDTypeStrideDiv  = "self.stride(%d) must be divisible by %d to view %s as %s (different element sizes), but got %d"
	errAsStridedBounds     = "setStorage: sizes %s, strides %s, storage offset %d, and itemsize %d requiring a storage size of %d are out of bounds for storage of size %d"
	errAsStridedOffset     = "Tensor: invalid storage offset %d"
	errStorageOverflow     = "Storage size calculation overflowed with sizes=%s and strides=%s"
	errUnfoldSize          = "maximum size for tensor at dimension %d is %d but size is %d"
	errUnfoldStep          = "step is %d but must be > 0"
	errExpandTooFew        = "expand(%s{%s}, size=%s): the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)"
	errExpandLeading       = "The expanded size of the tensor (%d) isn't allowed in a leading, non-existing dimension %d"
	errExpandMismatch      = "The expanded size of the tensor (%d) must match the existing size (%d) at non-singleton dimension %d."
	errExpandMismatchTail  = "  Target sizes: %s.  Tensor sizes: %s"
	errNumelOverflow       = "numel: integer multiplication overflow"
	errIndex0d             = "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
	errTooManyIndices      = "too many indices for tensor of dimension %d"
	errTooManyIndicesGot   = "too many indices for tensor of dimension %d (got %d)"
	errIndexType           = "tensors used as indices must be long, byte or bool tensors"
	errIndexBroadcast      = "shape mismatch: indexing tensors could not be broadcast together with shapes %s"
	errIndexMask           = "The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index %d"
	errIndexEmptyDim       = "index is out of bounds for dimension with size 0"
	errIndexPutShape       = "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s"
	errIndexPutDType       = "Index put requires the source and destination dtypes match, got %s for the destination and %s for the source."
	errScalarOverflow      = "value cannot be converted to type %s without overflow"
	errOverlapPartial      = "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation."
	errOverlapInternal     = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation."
	// Warnings (returned to the caller, which prints them).
	WarnIndexUint8       = "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. (Triggered internally at  ./aten/src/ATen/native/IndexingUtils.h:27.)"
	WarnIndexPutExpanded = "Use of index_put_ on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[indices] = tensor (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:631.)"
	WarnMaskedFillUint8  = "masked_fill_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask with dtype torch.bool instead. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1646.)"
	WarnNumpyT           = "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3277.)"
)

// Creation and dtypes.
const (
	errCastResult       = "result type %s can't be cast to the desired output type %s"
	errNotImplementedDT = "\"%s\" not implemented for '%s'"
	errMixedDevices     = "Expected all tensors to be on the same device, but found at least two devices, %s and %s!"
	errStepZero         = "step must be nonzero"
	errUnsupportedRange = "unsupported range: %s -> %s"
	errStepSign         = "upper bound and larger bound inconsistent with step sign"
	errRangeSize        = "invalid size, possible overflow?"
	errStepsNegative    = "number of steps must be non-negative"
	errEyeN             = "n must be greater or equal to 0, got %d"
	errEyeM             = "m must be greater or equal to 0, got %d"
)

// Printing.
const (
	errPrintMissingPrecision = "Format specifier missing precision"
	errPrintFloorInf         = "cannot convert float infinity to integer"
	errPrintFloorNaN         = "cannot convert float NaN to integer"
)

// Random numbers.
const (
	errRNGStateSize      = "Expected either a CPUGeneratorImplStateLegacy of size %d or a CPUGeneratorImplState of size %d but found the input RNG state size to be %d"
	errRNGStateBad       = "Invalid mt19937 state"
	errRandomOutOfBounds = "%s is out of bounds for %s"
	errUniformRange      = "uniform_ expects to return a [from, to) range, but found from=%s > to=%s"
	errUniformSpan       = "uniform_ expects to-from <= std::numeric_limits<%s>::max(), but found to=%s and from=%s which result in to-from to exceed the limit"
	errNormalStd         = "normal expects std >= 0.0, but found std %s"
	errRandomFromTo      = "random_ expects 'from' to be less than 'to', but got from=%d >= to=%d"
	errRandomFromToCast  = "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=%d >= to=%d"
	errRandomFromToInc   = "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from=%d > to_inc=%d"
	errRandomFull64      = "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16"
	errRandpermPrecision = "n cannot be greater than %s for %s type."
	warnRandomPrecision  = "%s is out of bounds [-(2^%d), 2^%d]. Due to precision limitations %s can support discrete uniform distribution only within this range. This warning will become an error in version 1.7 release, please fix the code in advance (Triggered internally at  ./aten/src/ATen/native/DistributionTemplates.h:%d.)"
)

// Pointwise operators and broadcasting.
const (
	errOutputShape       = "output with shape %s doesn't match the broadcast shape %s"
	errBackcompatWarning = "%s and %s do not have the same shape, but are broadcastable, and have the same number of elements.\nChanging behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional."
	errOutResized        = "An output with one or more elements was resized since it had shape %s, which does not match the required output shape %s. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at  ./aten/src/ATen/native/Resize.cpp:17.)"
	errSubBool2          = "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."
	errSubBool           = "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
	errNegBool           = "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
	errPosBool           = "The `+` operator, on a bool tensor is not supported."
	errAlphaFloat        = "For integral input tensors, argument alpha must not be a floating point number."
	errAlphaBool         = "Boolean alpha only supported for Boolean results."
	errRoundingMode      = "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%s'"
	errZeroDivision      = "ZeroDivisionError"
	errNegativePow       = "Integers to negative integer powers are not allowed."
	errFoundDType        = "Found dtype %s but expected %s"
	errNanToNumOut       = "nan_to_num: dtype of out: %s should be same as input: %s"
	errReluBool          = "Boolean inputs not supported for relu"
	errWhereCond         = "where expected condition to be a boolean tensor, but got a tensor with dtype %s"
	errLerpDType         = "expected dtype %s for `%s` but got dtype %s"
	errAddcdivInt        = "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes."
	errClampNone         = "torch.clamp: At least one of 'min' or 'max' must not be None"
	errFillDim           = "fill_ only supports 0-dimension value tensor but got tensor with %d dimensions."
	errMaskedFillDim     = "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s)."
	errIndexFillDim      = "index_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s)."
	errIndexFillDType    = "index_fill_(): Expected dtype int64 for index."
	errIndexFillVector   = "Index has to be a vector/scalar"
	errIndexOutOfBounds  = "index %d is out of bounds for dimension %d with size %d"
	errExpandedWrite     = "Use of %s on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:%d.)"
	errTooManyDims       = "tensh: pointwise operations support at most %d dimensions of size greater than 1"
	errWhereUint8        = "where received a uint8 condition tensor. This behavior is deprecated and will be removed in a future version of PyTorch. Use a boolean condition instead. (Triggered internally at  ./aten/src/ATen/native/TensorCompare.cpp:413.)"
)

// Unary operators, reductions, joins and matrix products.
const (
	errDimRepeated       = "dim %d appears multiple times in the list of dims"
	errReduceEmptyNoDim  = "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."
	errArgReduceEmpty    = "%s(): Expected reduction dim to be specified for input.numel() == 0."
	errReduceZeroSizeDim = "%s(): Expected reduction dim %d to have non-zero size."
	errMeanInputDType    = "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s"
	errMeanOptDType      = "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: %s"
	errStdVarDType       = "std and var only support floating point and complex dtypes"
	errNormDType         = "norm(): input dtype should be either floating point or complex. Got %s instead."
	errNormDimsRepeated  = "Expected dims to be different, got %s instead"
	errFroDims           = "Expected at most 2 dimensions, but got %d dimensions instead."
	errFroIntegral       = "result.scalar_type() == toRealValueType(self.scalar_type()) INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/LinearAlgebra.cpp\":2694, please report a bug to PyTorch. "
	errNormOutDType      = "norm(): the desired output dtype should be either floating point or complex. Got %s instead."
	errNormP             = "norm_kernel_tensor_iterator_impl expects norm to be integer or float"

	errCatEmpty       = "torch.cat(): expected a non-empty list of Tensors"
	errCatSizes       = "Sizes of tensors must match except in dimension %d. Expected size %d but got size %d for tensor number %d in the list."
	errCatDims        = "Tensors must have same number of dimensions: got %d and %d"
	errCatZeroDim     = "zero-dimensional tensor (at position %d) cannot be concatenated"
	errStackEmpty     = "stack expects a non-empty TensorList"
	errStackSizes     = "stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %d"
	errStackLikeEmpty = "%s expects a non-empty TensorList"
	errRepeatDims     = "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
	errRollAlign      = "shifts and dimensions must align. shifts: %d, dims:%d"
	errRollShifts     = "`shifts` required"
	errFlipDims       = "Input must be >= %d-d."
	errIsCloseDType   = "%s did not match %s"
	errIsCloseRtol    = "rtol must be greater than or equal to zero, but got %s"
	errIsCloseAtol    = "atol must be greater than or equal to zero, but got %s"
)

// Sorting and selecting: sort, topk, kthvalue, unique, searchsorted, bincount, histc.
const (
	errTopkRange = "selected index k out of range"
	errKthRange  = "kthvalue(): selected number k out of range for dimension %d"

	errUniqueUnsortedLarge = "unique(sorted=False) of more than 712697 distinct values is not supported by tensh"
	errUniqueDimZeros      = "Number of zero sized dimensions is more than one, so unique cannot be applied"
	errUniqueDimEmpty      = "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied"
	errSearchBoundaries0d  = "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension"
	errSearchScalar        = "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor dim(%d) and input value's dim(0) numel(1)"
	errSearchShapes        = "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor %s and input value tensor %s"
	errSearchSorterSize    = "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor %sand got sorter tensor %s"
	errSearchSorterDType   = "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype %s"
	errSearchSorterRange   = "torch.searchsorted(): sorter index %d is out of range for a boundary of size %d"
	errBincountMinlength   = "minlength should be >= 0"
	errBincount1d          = "bincount only supports 1-d non-negative integral inputs."
	errBincountWeights     = "weights should be 1-d and have the same length as input"
	errHistBins            = "torch.histogram(): bins must be > 0, but got %d for dimension 0"
	errHistcRange          = "torch.histc: range of [%s, %s] is not finite"
	errHistcMinMax         = "torch.histc: max must be larger than min"
)

// meshgrid, cartesian_prod, tril/triu_indices, repeat_interleave,
// block_diag, rot90, diag_embed, trace, diff, cross.
const (
	errMeshgridEmpty       = "meshgrid expects a non-empty TensorList"
	errMeshgridDType       = "meshgrid expects all tensors to have the same dtype"
	errMeshgridDims        = "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a tensor of %d dimensions"
	errExpect1D            = "Expect a 1D vector, but got shape %s"
	errTriRowNeg           = "row must be non-negative, got%d"
	errTriColNeg           = "col must be non-negative, got%d"
	errRepeatsDim          = "repeat_interleave only accept 1D vector as repeat"
	errRepeatsSize         = "repeats must have the same size as input along dim"
	errRepeatsNeg          = "repeats can not be negative"
	errBlockDiagDims       = "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input %d has %d dimensions"
	errRot90Dims           = "expected total rotation dims == 2, but got dims = %d"
	errRot90Total          = "expected total dims >= 2, but got total dims = %d"
	errRot90Same           = "expected rotation dims to be different, but got dim0 = %d and dim1 = %d"
	errDiagEmbedSame       = "diagonal dimensions cannot be identical %d, %d"
	errTraceDims           = "trace: expected a matrix, but got tensor with dim %d"
	errDiffDims            = "diff expects input to be at least one-dimensional"
	errDiffPrepend         = "diff expects prepend or append to be the same dimension as input"
	errDiffOrder           = "order must be non-negative but got %d"
	errCrossDims           = "linalg.cross: inputs must have the same number of dimensions."
	errCrossNo3            = "no dimension of size 3 in input"
	errCrossLen            = "linalg.cross: inputs dimension %d must have length 3. Got %d and %d"
	errExpectedScalarType2 = "expected scalar type %s but found %s"
)

// torch.nn.functional: one_hot, pad, nll_loss.
const (
	errOneHotIndex      = "one_hot is only applicable to index tensor."
	errOneHotEmpty      = "Can not infer total number of classes from empty tensor."
	errOneHotNeg        = "Class values must be non-negative."
	errOneHotLarge      = "Class values must be smaller than num_classes."
	errPadOdd           = "Padding length must be divisible by 2"
	errPadTooLong       = "Padding length too large"
	errPadValue         = "Padding mode \"%s\" doesn't take in value argument"
	errPadMode          = "Unrecognised padding mode %s"
	errPadNonConstDims  = "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now"
	errPadWrap          = "Padding value causes wrapping around more than once."
	errPadCircularEmpty = "Negative padding value is resulting in an empty dimension"
	errPadNegative      = "The input size %d, plus negative padding %d and %d resulted in a negative output size, which is invalid. Check dimension %d of your input."
	errPadReflect       = "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (%d, %d) at dimension %d of input %s"
	errNLLDims          = "nll_loss of a %d-d input is not supported by tensh (1-d and 2-d only)"
	errNLLBatch         = "Expected input batch_size (%d) to match target batch_size (%d)."
	errNLLTargetDims    = "0D or 1D target tensor expected, multi-target not supported"
	errNLLWeight        = "weight tensor should be defined either for all %d classes or no classes but got weight tensor of shape: %s"
	errNLLTarget        = "Target %d is out of bounds."
)

// torch.range.
const (
	errRangeUnsupported = "unsupported range: %s -> %s"
	errRangeSign        = "upper bound and lower bound inconsistent with step sign"
)

// var_mean/std_mean, nanmean, aminmax.
const (
	errStdMeanDType    = "%s only support floating point and complex dtypes"
	errNanmeanDType    = "nanmean(): expected input to have floating point dtype but got %s"
	errAminmaxEmpty    = "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity."
	errAminmaxEmptyDim = "aminmax: Expected reduction dim %d to have non-zero size."
)

// Gather, scatter and the index_* functions.
const (
	errExpectedInt64Index  = "%s(): Expected dtype int64 for index"
	errIndexDimsGather     = "Index tensor must have the same number of dimensions as input tensor"
	errIndexDimsScatter    = "Index tensor must have the same number of dimensions as self tensor"
	errIndexDimsSrc        = "Index tensor must have the same number of dimensions as src tensor"
	errGatherShape         = "Size does not match at dimension %d expected index %s to be smaller than self %s apart from dimension %d"
	errScatterShape        = "Expected index %s to be smaller than self %s apart from dimension %d"
	errScatterShapeSrc     = "Expected index %s to be smaller than self %s apart from dimension %d and to be smaller size than src %s"
	errScatterDType        = "%s(): Expected self.dtype to be equal to src.dtype"
	errIndexOutOfBoundsDim = "index %d is out of bounds for dimension %d with size %d"
	errIndexSelectVector   = "index_select(): Index is supposed to be a vector"
	errIndexSelectDType    = "index_select(): Expected dtype int32 or int64 for index"
	errIndexSelectBounds   = "INDICES element is out of DATA bounds, id=%d axis_dim=%d"
	errIndexOutOfRangeSelf = "index out of range in self"
	errIndexAddVector      = "%s(): Index is supposed to be a vector, but got dim: %d with type: %s and size: %s"
	errIndexAddDType       = "%s(): Expected dtype int32/int64 for index but got: %s"
	errIndexAddSame        = "%s(): self (%s) and source (%s) must have the same scalar type"
	errIndexAddCount       = "%s(): Number of indices (%d) should be equal to source.size(dim): (%d), for dim: %d"
	errIndexAddShape       = "%s(): source and self must have the same shape apart from dim"
	errIndexCopyVector     = "index_copy_(): Index should have dimension 1 or 0 (got 2)"
	errIndexCopyDType      = "index_copy_(): Expected a long tensor for index, but got %s"
	errIndexCopySame       = "index_copy_(): self and source expected to have the same dtype, but got (self) %s and (source) %s"
	errIndexCopyDims       = "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (%d), destination dimensionality (%d)"
	errIndexCopyCount      = "index_copy_(): Number of indices (%d) should be equal to source.size(dim) (%d)"
	errIndexCopySlice      = "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: %d at dimension %d and source slice shape: %d at dimension %d."
	errIndexCopyBounds     = "index_copy_(): index %d is out of bounds for dimension %d with size %d"
	errTakeDType           = "%s(): Expected a long tensor for index, but got %s"
	errTakeEmpty           = "take(): tried to take from an empty tensor"
	errTakeRange           = "out of range: tried to access index %d on a tensor of %d elements."
	errPutDType            = "put_(): self and source expected to have the same dtype, but got self.dtype = %s and source.dtype = %s"
	errPutCount            = "put_(): Expected source and index to have the same number of elements, but got source.numel() = %d, index.numel() = %d"
	errMaskedScatterDType  = "masked_scatter: expected self and source to have same dtypes but got%s and %s"
	errMaskedScatterCount  = "Number of elements of source < number of ones in mask"
)

// as_strided's storage offset past the int64 byte range (issue 16): PyTorch
// wraps around and reads outside the storage; tensh names the overflow.
const errStorageOffsetOverflow = "Storage size calculation overflowed with sizes=%s, strides=%s and storage offset=%d"

// An in-place write stopped by Ctrl-C after tensor.HoldGrace (issue 16).
const errPartialWrite = "Ctrl-C stopped an in-place operation part-way: the tensor it writes is partly updated"

// NumPy's storage types (storage_numpy.go).
const errComplexToReal = "tensh: casting %s values to %s is not supported (PyTorch drops the imaginary part with a warning)"
