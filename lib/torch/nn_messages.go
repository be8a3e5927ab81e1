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
