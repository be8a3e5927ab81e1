package torch

// The messages of torch.nn, torch.nn.functional, torch.nn.init, torch.optim
// and torch.utils.data, as PyTorch 1.13 words them.
const (
	errConvInputDims   = "Expected %dD (unbatched) or %dD (batched) input to %s, but got input of size: %s"
	errConvChannels    = "Given groups=%d, weight of size %s, expected input%s to have %d channels, but got %d channels instead"
	errConvTChannels   = "Given transposed=1, weight of size %s, expected input%s to have %d channels, but got %d channels instead"
	errConvGroupsDiv   = "Given groups=%d, expected weight to be divisible by %d at dimension 0, but got weight of size [%s] instead"
	errConvKernelSize  = "Calculated padded input size per channel: (%s). Kernel size: (%s). Kernel size can't be greater than actual input size"
	errConvBiasType    = "Input type (%s) and bias type (%s) should be the same"
	errScalarTypeFound = "expected scalar type %s but found %s"
	errConvParamLen    = "expected %s to be a single integer value or a list of %d values to match the convolution dimensions, but got %s=%s"
	errConvPadString   = "Invalid padding string: '%s'"
	errConvSameStride  = "padding='same' is not supported for strided convolutions"
	warnConvSameEven   = "Using padding='same' with even kernel lengths and odd dilation may require a zero-padded copy of the input be created (Triggered internally at  ./aten/src/ATen/native/Convolution.cpp:895.)"
	errPoolInput       = "non-empty %dD or %dD (batch mode) tensor expected for input"
	errPoolPadHalf     = "pad should be at most half of kernel size, but got pad=%d and kernel_size=%d"
	errPoolTooSmall    = "Given input size: (%dx%dx%d). Calculated output size: (%dx%dx%d). Output size is too small"
	errPoolStridePos   = "stride should be greater than zero, but got dH: %d dW: %d"
	errAdaptiveInput   = "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got %s"
	errFoldInput       = "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for input, but got: %s"
	errUnfoldInput     = "Input Error: Only 4D input Tensors are supported (got %dD)"
	errFoldCols        = "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got input.size(1)=%d and kernel_size=(%d, %d)."
	errFoldBlocks      = "Given output_size=(%d, %d), kernel_size=(%d, %d), dilation=(%d, %d), padding=(%d, %d), stride=(%d, %d), expected size of input's dimension 2 to match the calculated number of sliding blocks %d * %d = %d, but got input.size(2)=%d."
)

const errNNUnsupported = "tensh: %s: %s are not supported"

const (
	errParamData    = "Parameter(): data must be a tensor, not %s"
	errNoModuleAttr = "module '%s' has no attribute '%s'"
)

const errNotValid = "%s is not valid"

const (
	errMatSameDType  = "mat1 and mat2 must have the same dtype"
	errBNRunningSize = "running_mean should contain %d elements not %d"
)

const (
	errFnGradCount  = "function %s returned an incorrect number of gradients (expected %d, got %d)"
	errFnGradNotVar = "function %s returned a gradient different than None at position %d, but the corresponding forward input was not a Variable"
)

// nn_functional_norm.go
const (
	errDropoutP        = "dropout probability has to be between 0 and 1, but got %s"
	errBNChannel       = "Expected more than 1 value per channel when training, got input size %s"
	errBNRunning       = "running_mean and running_var must be defined in evaluation mode"
	errLNShape         = "Given normalized_shape=%s, expected input with shape [*%s], but got input of size%s"
	errGNGroups        = "Expected number of channels in input to be divisible by num_groups, but got input of shape %s and num_groups=%d"
	errEmbedIndexType  = "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got %s instead (while checking arguments for embedding)"
	errEmbedRange      = "index out of range in self"
	errEmbedPadding    = "Padding_idx must be within num_embeddings"
	warnDropout2dDims  = "dropout2d: Received a %d-D input to dropout2d, which is deprecated and will result in an error in a future release. To retain the behavior and silence this warning, please use dropout instead. Note that dropout2d exists to provide channel-wise dropout on inputs with 2 spatial dimensions, a channel dimension, and an optional batch dimension (i.e. 3D or 4D inputs)."
	warnDropout2d3D    = "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim. This behavior will change in a future release to interpret the input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please switch to using dropout1d instead."
	warnDropout2dLoc   = "/usr/lib/python3/dist-packages/torch/nn/functional.py:%d"
	warnDropout2dSrc   = "warnings.warn(warn_msg)"
	warnDropout2d3DSrc = "warnings.warn(\"dropout2d: Received a 3D input to dropout2d and assuming that channel-wise \""
)

// nn_functional_loss.go
const (
	errBCESize       = "Using a target size (%s) that is different to the input size (%s) is deprecated. Please ensure they have the same size."
	errBCELogitsSize = "Target size (%s) must be the same as input size (%s)"
	errFoundDType    = "Found dtype %s but expected %s"
	errBCERange      = "all elements of input should be between 0 and 1"
	errMarginDims    = "margin_ranking_loss : All input tensors should have same dimension but got sizes: input1: %s, input2: %s, target: %s "
	warnKLMean       = "reduction: 'mean' divides the total loss by both the batch size and the support size.'batchmean' divides only by the batch size, and aligns with the KL div math definition.'mean' will be changed to behave the same as 'batchmean' in the next major release."
	warnKLLoc        = "/usr/lib/python3/dist-packages/torch/nn/functional.py:2916"
	warnKLSrc        = "warnings.warn("
	errGaussVarSize  = "var is of incorrect size"
	errGaussVarNeg   = "var has negative entry/entries"
)

// nn_functional_interp.go
const (
	errInterpAlign   = "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear"
	errInterpBoth    = "only one of size or scale_factor should be defined"
	errInterpNone    = "either size or scale_factor should be defined"
	errInterpDims    = "Input Error: Only 3D, 4D and 5D input Tensors supported (got %dD) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got %s)"
	errInterpModeDim = "Got %dD input, but %s mode needs %dD input"
	errInterpMode    = "tensh: F.interpolate mode %q on %dD inputs is not supported (nearest, nearest-exact, linear, bilinear and area are)"
	errInterpSizeLen = "Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of %s and output size of %s. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format."
)

const errConvWeightDims = "weight should have at least three dimensions"

const (
	errConvStride      = "non-positive stride is not supported"
	errPoolStrideZero  = "stride should not be zero"
	errEmbedWeight2D   = "'weight' must be 2-D"
	errLNEmptyShape    = "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = %s"
	errDimRange        = "Dimension out of range (expected to be in range of [%d, %d], but got %d)"
	errInterpSizes     = "Input and output sizes should be greater than 0, but got input (H: %d, W: %d) output (H: %d, W: %d)"
	errInterpSizes1d   = "Input and output sizes should be greater than 0, but got input (W: %d) and output (W: %d)"
	errUnfoldBlocks    = "Given input with spatial size (%d, %d), kernel_size=(%d, %d), dilation=(%d, %d), padding=(%d, %d), calculated shape of the array of sliding blocks as (%d, %d), but its components must be at least one."
	errPreluMismatch   = "Mismatch of parameter numbers and input channel size. Found parameter numbers = %d and channel size = %d."
	errGluOdd          = "Halving dimension must be even, but dimension %d is size %d"
	errBilinearWeight1 = "bilinear(): input1 size does not match weight size: got %d but expected %d"
	errBilinearWeight2 = "bilinear(): input2 size does not match weight size: got %d but expected %d"
)
