package torch

// Messages of the functions of issue 17 (searching, gather/scatter,
// shaping, torch.nn.functional, torch.linalg): one block per area.

// out= and searching.
const (
	errOutDTypeExpected = "Expected out tensor to have dtype %s, but got %s instead"
	errOutTupleLen      = "expected tuple of %d elements but got %d"
	errTopkOutDType     = "output values must be of same type as input"
	errNonzeroOutDType  = "nonzero: Expected out tensor to have scalar type Long but got scalar type%s"
	errNonzeroTupleOut  = "nonzero does not support the out kwarg when as_tuple is True"
	errSearchSide       = "torch.searchsorted(): side can only be 'left' or 'right' but got %s"
	errSearchSideRight  = "torch.searchsorted(): side and right can't be set to opposites, got side of %s while right was True"
	errBucketize1d      = "boundaries tensor must be 1 dimension, but got dim(%d)"
	errSearchOutDType   = "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) depending on whether out_int32 flag is True, but we got output tensor's dtype %s and out_int32 flag is %s"
	errHistcOutDType    = "torch.histogram: input tensor and hist tensor should have the same dtype, but got input %s and hist %s"
	errMaskedSelectMask = "masked_select: expected BoolTensor or ByteTensor for mask"
	errMaskedSelectOut  = "masked_select(): self and result must have the same scalar type"
	errIndexSelectOut   = "index_select(): self and result must have the same scalar type"
	errTakeOut          = "take(): self and out expected to have the same dtype, but got self.dtype = %s and out.dtype = %s"
	errScatterReduce    = "reduce argument must be either add or multiply."
	warnMaskedSelectU8  = "masked_select received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask with dtype torch.bool instead. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1729.)"
	warnOutResized      = "An output with one or more elements was resized since it had shape %s, which does not match the required output shape %s. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at  ./aten/src/ATen/native/Resize.cpp:17.)"
)

// In-place view methods and torch.NAME_ functions.
const (
	errSvdDriver    = "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER backend."
	errTInplaceDims = "t_() expects a tensor with <= 2 dimensions, but self is %dD"
	errMissingInput = "%s() missing required argument 'input' (pos 1)"
)

// Shaping and combining.
const (
	warnMeshgridLoc      = "/usr/lib/python3/dist-packages/torch/functional.py:504"
	warnMeshgridSrc      = "return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]"
	warnMeshgridIndexing = "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3190.)"
	errMeshgridIndexing  = "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: %s"
	errTensordotNeg      = "tensordot expects dims >= 0, but got dims=%d"
	errTensordotDims     = "tensordot expects dims to be int or Tuple[List[int], List[int]] or List[List[int]] containing two lists, but got dims=%s"
	errRepeatOutputSize  = "allocated size does not match required size"
)

// torch.nn.functional.
const (
	errGeluTanh           = "gelu(approximate='tanh') is not supported by tensh yet"
	errGeluApprox         = "approximate argument must be either none or tanh."
	warnImplicitDim       = "Implicit dimension choice for %s has been deprecated. Change the call to include dim=X as an argument."
	warnLegacyReduction   = "size_average and reduce args will be deprecated, please use reduction='%s' instead."
	warnReductionLoc      = "/usr/lib/python3/dist-packages/torch/nn/_reduction.py:42"
	warnReductionSrc      = "warnings.warn(warning.format(ret))"
	warnSigmoidLoc        = "/usr/lib/python3/dist-packages/torch/nn/functional.py:1967"
	warnSigmoidDeprecated = "nn.functional.sigmoid is deprecated. Use torch.sigmoid instead."
	warnSigmoidSrc        = "warnings.warn(\"nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.\")"
	warnTanhLoc           = "/usr/lib/python3/dist-packages/torch/nn/functional.py:1956"
	warnTanhDeprecated    = "nn.functional.tanh is deprecated. Use torch.tanh instead."
	warnTanhSrc           = "warnings.warn(\"nn.functional.tanh is deprecated. Use torch.tanh instead.\")"
	errBadReduction       = "%s is not a valid value for reduction"
	warnLossSize          = "Using a target size (%s) that is different to the input size (%s). This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size."
)

// Legacy constructors and torch.range.
const (
	errLegacyOptions    = "expected TensorOptions(dtype=%s, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)) (got TensorOptions(dtype=%s, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
	errLegacyStorage    = "new(): tensors from storages are not supported by tensh"
	errLegacyCdata      = "new(): cdata= (a pointer to a C++ tensor) is not supported by tensh"
	errSparseGrad       = "gather(): sparse_grad=True asks for a sparse gradient, and tensh has no sparse tensors"
	errNewNotSequence   = "new(): data must be a sequence (got %s)"
	warnRangeDeprecated = "torch.range is deprecated and will be removed in a future release because its behavior is inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end)."
)

// torch.linalg.
const (
	errLinalgNormDims   = "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got %dD."
	errLinalgNormStrOrd = "linalg.vector_norm: ord must be a number for a vector norm"
	errUPLO             = "Expected UPLO argument to be 'L' or 'U', but got %s"
	errVNormFloat       = "%s: Expected a floating point or complex tensor as input. Got %s"
	errMNormDims        = "linalg.matrix_norm: The input tensor A must have at least 2 dimensions."
	errMNormDimLen      = "linalg.matrix_norm: dim must be a 2-tuple. Got %d"
	errMNormOrd         = "linalg.matrix_norm: Order %s not supported."
	errMNormOrdNum      = "linalg.matrix_norm: Order %s not supported."
)

const errCdistMode = "%s is not a valid value for compute_mode"

// out= of the joins and products.
const (
	errCatOutCast   = "torch.cat(): input types can't be cast to the desired output type %s"
	errDotOutDType  = "result dtype %s does not match input dtype %s"
	errAmaxOutDType = "Expected the dtype for input and out to match, but got %s for input's dtype and %s for out's dtype."
)

const errRandOutDType = "dtype %s does not match dtype of out parameter (%s)"

const (
	errLogsumexpOut      = "logsumexp(): Expected floating point type for result tensor, but got: %s"
	errNotImplementedStd = "\"%s\" not implemented for '%s'"
)

const errAllAnyOut = "%s only supports bool tensor for result, got: %s"

// nll_loss of 3-d and larger inputs, cross_entropy's soft targets and
// label smoothing (torch_nnf_loss.go).
const (
	errNLLBatchND      = "Expected input batch_size (%d) to match target batch_size (%d)."
	errNLL2dTargetDims = "only batches of spatial targets supported (3D tensors) but got targets of dimension: %d"
	errNLL2dWeight     = "weight tensor should be defined either for all or no classes"
	errNLL2dSize       = "size mismatch (got input: %s , target: %s"
	errNLLTargetSize   = "Expected target size %s, got %s"
	errCEProbDType     = "Expected floating point type for target with class probabilities, got %s"
	errCEProbIgnore    = "ignore_index is not supported for floating point target"
	errCESmoothing     = "label_smoothing must be between 0.0 and 1.0. Got: %s"
	errCEWeight        = "cross_entropy: weight tensor should be defined either for all %d classes or no classes but got weight tensor of shape: %s"
)
