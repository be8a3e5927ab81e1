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
)

var kindNames = [...]string{"RuntimeError", "IndexError", "TypeError", "ValueError", "OverflowError", "NotImplementedError", "KeyboardInterrupt"}

func (k Kind) String() string { return kindNames[k] }

// Error is an error raised by the tensor runtime, with PyTorch's message.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Kind.String() + ": " + e.Msg }

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
	errDimNoDims     = "dimension specified as %d but tensor has no dimensions"
	errNegativeDim   = "Trying to create tensor with negative dimension %d: %s"
	errSizeOverflow  = "Storage size calculation overflowed with sizes=%s"
	errAllocFail     = "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate %d bytes. Error code 12 (Cannot allocate memory)"
	errItemNumel     = "only one element tensors can be converted to Python scalars"
	errBoolAmbiguous = "Boolean value of Tensor with more than one value is ambiguous"
	errSelectRange   = "select(): index %d out of range for tensor of size %s at dimension %d"
	errSelect0d      = "select() cannot be applied to a 0-dim tensor."
)

// Views, reshaping and indexing.
const ()

// Creation and dtypes.
const (
	errCastResult       = "result type %s can't be cast to the desired output type %s"
	errNotImplementedDT = "\"%s\" not implemented for '%s'"
	errConvertOverflow  = "value cannot be converted to type %s without overflow"
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
	errPrintStackEmpty       = "stack expects a non-empty TensorList"
	errPrintFloorInf         = "cannot convert float infinity to integer"
	errPrintFloorNaN         = "cannot convert float NaN to integer"
)

// Random numbers.
const (
	errRNGStateSize      = "Expected either a CPUGeneratorImplStateLegacy of size %d or a CPUGeneratorImplState of size %d but found the input RNG state size to be %d"
	errRNGStateBad       = "Invalid mt19937 state"
	errInternalOverlap   = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation."
	errRandomOutOfBounds = "%s is out of bounds for %s"
	errUniformRange      = "uniform_ expects to return a [from, to) range, but found from=%s > to=%s"
	errUniformSpan       = "uniform_ expects to-from <= std::numeric_limits<%s>::max(), but found to=%s and from=%s which result in to-from to exceed the limit"
	errNormalStd         = "normal expects std >= 0.0, but found std %s"
	errRandomFromTo      = "random_ expects 'from' to be less than 'to', but got from=%d >= to=%d"
	errRandomFromToCast  = "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=%d >= to=%d"
	errRandomFromToInc   = "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from=%d > to_inc=%d"
	errRandomFull64      = "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16"
	errRandpermPrecision = "n cannot be greater than %s for %s type."
	errRandpermOverflow  = "value cannot be converted to type %s without overflow"
	warnRandomPrecision  = "%s is out of bounds [-(2^%d), 2^%d]. Due to precision limitations %s can support discrete uniform distribution only within this range. This warning will become an error in version 1.7 release, please fix the code in advance (Triggered internally at  ./aten/src/ATen/native/DistributionTemplates.h:%d.)"
)

// Pointwise operators and broadcasting.
const ()

// Unary operators, reductions, joins and matrix products.
const ()
