package numpy

// NumPy 1.24's messages (numpy/core/src/multiarray, numpy/core/src/umath,
// numpy/core/*.py), and tensh's own for what it does not model.
const (
	errNPInhomogeneous     = "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions. The detected shape was %s + inhomogeneous part."
	errNPNegativeDims      = "negative dimensions are not allowed"
	errNPReshape           = "cannot reshape array of size %d into shape %s"
	errNPOneUnknown        = "can only specify one unknown dimension"
	errNPBroadcast         = "operands could not be broadcast together with shapes %s"
	errNPNonBroadcastOut   = "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s"
	errNPShapeMismatch     = "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg %d with shape %s and arg %d with shape %s."
	errNPRemapped          = "operands could not be broadcast together with remapped shapes [original->remapped]: %s  and requested shape %s"
	errNPBroadcastNegative = "all elements of broadcast shape must be non-negative"
	errNPScalarBroadcast   = "cannot broadcast a non-scalar to a scalar array"
	errNPBoolAssign        = "NumPy boolean array indexing assignment cannot assign %d input values to the %d output values where the mask is true"
	errNPMoreDims          = "input operand has more dimensions than allowed by the axis remapping"
	errNPReadOnly          = "assignment destination is read-only"
	errNPIndexBounds       = "index %d is out of bounds for axis %d with size %d"
	errNPTooManyIndices    = "too many indices for array: array is %d-dimensional, but %d were indexed"
	errNPAxisBounds        = "axis %d is out of bounds for array of dimension %d"
	errNPOutputCast        = "Cannot cast ufunc '%s' output from %s to %s with casting rule 'same_kind'"
	errNPInputCast         = "Cannot cast ufunc '%s' input from %s to %s with casting rule 'same_kind'"
	errNPCouldNotBroadcast = "could not broadcast input array from shape %s into shape %s"
	errNPElementwiseScalar = "elementwise comparison failed; returning scalar instead, but in the future will perform elementwise comparison"
	errNPElementwiseCmp    = "elementwise comparison failed; this will raise an error in the future."
	errNPConcatArrays      = "Concatenation operation is not implemented for NumPy arrays, use np.concatenate() instead. Please do not rely on this error; it may not be given on all Python implementations."
	errNPEmptyTruth        = "The truth value of an empty array is ambiguous. Returning False, but in future this will result in an error. Use `array.size > 0` to check that an array is not empty."
	errNPOrder             = "order must be one of 'C', 'F', 'A', or 'K' (got '%s')"
	errNPTruth             = "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
	errNPLen0d             = "len() of unsized object"
	errNPIter0d            = "iteration over a 0-d array"
	errNPMatmulCore        = "matmul: Input operand %d has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %d is different from %d)"
	errNPMatmulScalar      = "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)"
	errNPDotAligned        = "shapes %s and %s not aligned: %d (dim %d) != %d (dim %d)"
	errNPDataType          = "Cannot interpret '%s' as a data type"
	errNPDataTypeName      = "data type '%s' not understood"
	errNPUnsupportedDType  = "tensh: NumPy's %s arrays are not supported"
	errNPIndexType         = "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"
	errNPBoolIndex         = "boolean index did not match indexed array along dimension %d; dimension is %d but corresponding boolean dimension is %d"
	errNPBoolSubtract      = "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead."
	errNPBoolNegative      = "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead."
	errNPNegPower          = "Integers to negative integer powers are not allowed."
	errNPDivZero           = "divide by zero encountered in %s"
	errNPOverflow          = "overflow encountered in %s"
	errNPInvalid           = "invalid value encountered in %s"
	errNPUnaryNoLoop       = "ufunc '%s' did not contain a loop with signature matching types <class 'numpy.dtype[%s]'> -> None"
	errNPUfuncNoLoop       = "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
	errNPConcatDims        = "all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %d and the array at index %d has size %d"
	errNPConcatNDim        = "all the input arrays must have same number of dimensions, but the array at index 0 has %d dimension(s) and the array at index %d has %d dimension(s)"
	errNPConcatZeroDim     = "zero-dimensional arrays cannot be concatenated"
	errNPNeedOneArray      = "need at least one array to concatenate"
	errNPStackShape        = "all input arrays must have the same shape"
	errNPNeedOneStack      = "need at least one array to stack"
	errNPSqueeze           = "cannot select an axis to squeeze out which has size not equal to one"
	errNPRepeatedAxis      = "repeated axis"
	errNPAxesDontMatch     = "axes don't match array"
	errNPArangeZeroStep    = "Maximum allowed size exceeded"
	errNPArangeLength      = "arange: cannot compute length"
	errNPLinspaceNum       = "Number of samples, %d, must be non-negative."
	errNPRandHigh          = "low >= high"
	errNPEmptyReduce       = "zero-size array to reduction operation %s which has no identity"
	errNPDegreesOfFreedom  = "Degrees of freedom <= 0 for slice"
	errNPMeanEmpty         = "Mean of empty slice."
	errNPNoAttr            = "'numpy.ndarray' object has no attribute '%s'"
	errNPModuleNoAttr      = "module 'numpy' has no attribute '%s'"
	errNPScalarIndex       = "invalid index to scalar variable."
	errNPSetSequence       = "setting an array element with a sequence."
	errNPFlagsKey          = "'Unknown flag'"
	errNPSize1Convert      = "only size-1 arrays can be converted to Python scalars"
	errNPNoRound           = "type numpy.ndarray doesn't define __round__ method"
	errNPItemIndices       = "incorrect number of indices for array"
	errNPReshapeArgs       = "reshape() takes exactly 1 argument (0 given)"
	errNPWhereArgs         = "either both or neither of x and y should be given"
	errNPItemSize          = "can only convert an array of size 1 to a Python scalar"
	errNPFromNumpyType     = "expected np.ndarray (got %s)"
	errNPNegativeStrides   = "At least one stride in the given numpy array is negative, and tensors with negative strides are not currently supported. (You can probably work around this by making a copy of your array  with array.copy().) "
	errNPTorchUnsupported  = "can't convert np.ndarray of type %s. The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint8, and bool."
	errNPTorchScalarType   = "Got unsupported ScalarType %s"
	errNPNotWritable       = "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This means writing to this tensor will result in undefined behavior. You may want to copy the array to protect its data or make it writable before converting it to a tensor. This type of warning will be suppressed for the rest of this program. (Triggered internally at  ./torch/csrc/utils/tensor_numpy.cpp:199.)"
	errNPRequiresGrad      = "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
	errNPOutOfBoundInt     = "NumPy will stop allowing conversion of out-of-bound Python integers to integer arrays.  The conversion of %d to %s will fail in the future.\nFor the old behavior, usually:\n    np.array(value).astype(dtype)`\nwill give the desired result (the cast overflows)."
)

// Python's and PyTorch's messages the module raises itself.
const (
	errNPDeviceTensor   = "can't convert %s device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first."
	errNPMaxDims        = "maximum supported dimension for an ndarray is 32, found 33"
	errNPIntTooLarge    = "Python int too large to convert to C long"
	errNPNotInteger     = "'%s' object cannot be interpreted as an integer"
	errNPZeroDivision   = "division by zero"
	errNPNotNumber      = "unsupported operand type '%s'"
	errNPOutType        = "return arrays must be of ArrayType"
	errNPTooFewArgs     = "too few arguments"
	errNPOneEllipsis    = "an index can only have a single ellipsis ('...')"
	errNPIndexBroadcast = "shape mismatch: indexing arrays could not be broadcast together with shapes %s"
	errNPNoItemAssign   = "'%s' object does not support item assignment"
	errNPValueBroadcast = "shape mismatch: value array of shape %s could not be broadcast to indexing result of shape %s"
	errNPReshapeKw      = "reshape() got an unexpected keyword argument '%s'"
	errNPSeedRange      = "Seed must be between 0 and 2**32 - 1"
	errNPDuplicateAxis  = "duplicate value in 'axis'"
	errNPArgEmpty       = "attempt to get %s of an empty sequence"
	errNPInfToInt       = "cannot convert float infinity to integer"
	errNPNaNToInt       = "cannot convert float NaN to integer"
	errNPOutReadOnly    = "output array is read-only"
	errNPScalarLen      = "object of type '%s' has no len()"
	errNPScalarIter     = "'%s' object is not iterable"
)

// numpy.random's messages (mtrand.pyx).
const (
	errNPShuffleType      = "tensh: shuffle() takes an ndarray or a list"
	errNPPermutation0d    = "x must be an integer or at least 1-dimensional"
	errNPChoicePositive   = "a must be greater than 0 unless no samples are taken"
	errNPChoice1D         = "'a' must be 1-dimensional"
	errNPChoiceEmpty      = "'a' cannot be empty unless no samples are taken"
	errNPChoiceP          = "a and p must have same size"
	errNPChoiceLarger     = "Cannot take a larger sample than population when 'replace=False'"
	errNPChoiceNoReplaceP = "tensh: choice(replace=False, p=...) is not supported"
)

// Sorting and stacking messages.
const (
	errNPRepeatShape    = "operands could not be broadcast together with shape (%d,) (%d,)"
	errNPRepeatNegative = "repeats may not contain negative values."
	errNPClipNone       = "One of max or min must be given"
	errNPIndexing       = "Valid values for `indexing` are 'xy' and 'ij'."
)

// Allocation messages (numpy/core/_exceptions.py, ctors.c).
const (
	errNPTooBig   = "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size."
	errNPAllocate = "Unable to allocate %s for an array with shape %s and data type %s"
)

// Print option messages.
const (
	errNPOptionNegative = "%s must be a non-negative integer"
	errNPPrecisionNeg   = "precision must be >= 0"
)

// Generator seeding messages (bit_generator.pyx).
const (
	errNPSeedType     = "SeedSequence expects int or sequence of ints for entropy not %s"
	errNPSeedNegative = "expected non-negative integer"
)

// Str arrays (strarray.go).
const (
	errNPTorchConvert = "can't convert np.ndarray of type numpy.%s. The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint8, and bool."
	errNPStrNoLoop    = "ufunc '%s' did not contain a loop with signature matching types (%s, %s) -> None"
	errNPStrArrayOp   = "tensh: ndarray.%s is not supported for str arrays (tensh's str arrays are made, printed, indexed, reshaped and compared)"
)

// Complex arrays (complex.go).
const (
	errNPComplexToReal = "%s, not 'complex'"
	errNPComplexOp     = "tensh: %s is not supported for NumPy's complex arrays (tensh makes, prints, indexes, reshapes and converts them)"
)

// Generator.choice without replacement (random_gen_choice.go).
const (
	errNPGenChoicePositive = "a must be a positive integer unless no samples are taken"
	errNPGenChoiceEmpty    = "a cannot be empty unless no samples are taken"
	errNPGenChoiceLarger   = "Cannot take a larger sample than population when replace is False"
	errNPGenChoicePDim     = "p must be 1-dimensional"
	errNPGenChoicePNaN     = "probabilities contain NaN"
	errNPGenChoicePNeg     = "probabilities are not non-negative"
	errNPGenChoicePSum     = "probabilities do not sum to 1"
	errNPGenChoiceFewP     = "Fewer non-zero entries in p than size"
)

// np.bool_.__index__ (the bridge).
const errNPBoolScalarIndex = "In future, it will be an error for 'np.bool_' scalars to be interpreted as an index"

// uint64 arrays (dtype_extra.go).
const errNPUint64Big = "tensh: uint64 values of 2**63 and above are stored and printed but not computed on"

// funcs_split.go.
const errNPFromFunctionArgs = "fromfunction() missing required positional arguments: 'function' and 'shape'"

// np.full with an array fill_value.
const errNPFullBroadcast = "could not broadcast input array from shape %s into shape %s"
