package eval

import (
	"fmt"

	"github.com/tensh/tensh/runtime/tensor"
)

// Exception is a Python exception raised while evaluating a statement.
// The evaluator unwinds with panic(*Exception) and recovers per statement.
type Exception struct {
	Type string // "TypeError", "RuntimeError", ...
	Msg  string
	Line int // line of the statement that raised it, when known
}

func (e *Exception) Error() string {
	if e.Msg == "" {
		return e.Type
	}
	return e.Type + ": " + e.Msg
}

// throw raises a Python exception; format is one of the formats below (or
// PyTorch's text from a runtime package).
func throw(typ, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	panic(&Exception{Type: typ, Msg: msg})
}

// fromTensorError converts a runtime error into the Python exception it
// stands for.
func fromTensorError(e *tensor.Error) *Exception {
	return &Exception{Type: e.Kind.String(), Msg: e.Msg}
}

// Python's messages (3.11 wording), and PyTorch's messages that the
// evaluator itself raises. Runtime packages keep their own catalogues.
const (
	errNameNotDefined      = "name '%s' is not defined"
	errUnsupportedBinary   = "unsupported operand type(s) for %s: '%s' and '%s'"
	errUnsupportedCompare  = "'%s' not supported between instances of '%s' and '%s'"
	errBadUnary            = "bad operand type for unary %s: '%s'"
	errNotCallable         = "'%s' object is not callable"
	errNoAttr              = "'%s' object has no attribute '%s'"
	errModuleNoAttr        = "module '%s' has no attribute '%s'"
	errNoLen               = "object of type '%s' has no len()"
	errNotIterable         = "'%s' object is not iterable"
	errCannotUnpack        = "cannot unpack non-iterable %s object"
	errTooManyUnpack       = "too many values to unpack (expected %d)"
	errNotEnoughUnpack     = "not enough values to unpack (expected %d, got %d)"
	errStrConcat           = "can only concatenate str (not \"%s\") to str"
	errListConcat          = "can only concatenate list (not \"%s\") to list"
	errTupleConcat         = "can only concatenate tuple (not \"%s\") to tuple"
	errSeqMulNonInt        = "can't multiply sequence by non-int of type '%s'"
	errIndexOutOfRange     = "%s index out of range"
	errIndicesType         = "%s indices must be integers or slices, not %s"
	errNotSubscriptable    = "'%s' object is not subscriptable"
	errNoItemAssignment    = "'%s' object does not support item assignment"
	errIntDivZero          = "integer division or modulo by zero"
	errIntModZero          = "integer modulo by zero"
	errDivZero             = "division by zero"
	errFloatDivZero        = "float division by zero"
	errFloatFloorDivZero   = "float floor division by zero"
	errFloatModZero        = "float modulo"
	errZeroNegPow          = "0.0 cannot be raised to a negative power"
	errIntTooLargeFloat    = "int too large to convert to float"
	errFloatOverflow       = "(34, 'Numerical result out of range')"
	errMinMaxEmpty         = "%s() arg is an empty sequence"
	errIntLiteral          = "invalid literal for int() with base 10: %s"
	errFloatConvert        = "could not convert string to float: %s"
	errIntArgType          = "int() argument must be a string, a bytes-like object or a real number, not '%s'"
	errFloatArgType        = "float() argument must be a string or a real number, not '%s'"
	errCannotInterpretInt  = "'%s' object cannot be interpreted as an integer"
	errNoKwArg             = "%s() got an unexpected keyword argument '%s'"
	errMultipleValues      = "%s() got multiple values for argument '%s'"
	errMissingArg          = "%s() missing 1 required positional argument: '%s'"
	errTooManyPos          = "%s() takes %s positional argument%s but %d %s given"
	errTakesNoKw           = "%s() takes no keyword arguments"
	errCantDelete          = "cannot delete %s"
	errRecursion           = "maximum recursion depth exceeded"
	errIsInstanceArg2      = "isinstance() arg 2 must be a type, a tuple of types, or a union"
	errRangeStepZero       = "range() arg 3 must not be zero"
	errSliceStepZero       = "slice step cannot be zero"
	errLenTensor0d         = "len() of a 0-d tensor"
	errIterTensor0d        = "iteration over a 0-d tensor"
	errCantConvertFloatNaN = "cannot convert float NaN to integer"
	errCantConvertFloatInf = "cannot convert float infinity to integer"
	errUnhashable          = "unhashable type: '%s'"
	errNotInList           = "%s is not in list"
	errFormatSpec          = "Invalid format specifier '%s' for object of type '%s'"
	errUnknownFormatCode   = "Unknown format code '%c' for object of type '%s'"
	errReadOnlyAttr        = "'%s' object attribute '%s' is read-only"
	errCannotSetAttr       = "cannot set '%s' attribute of immutable type '%s'"
)

// Printing: set_printoptions, finfo and iinfo.
const (
	// PyTorch stores any value and fails when it prints; tensh checks the
	// type of the options when they are set.
	errPrintOptType    = "%s(): argument '%s' must be %s, not %s"
	errPrintOptRange   = "Python int too large to convert to C int"
	errInfoMissingType = "%s() missing 1 required positional arguments: \"type\""
	errInfoArgType     = "%s(): argument 'type'%s must be torch.dtype, not %s"
	errFinfoNotFloat   = "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'"
	errIinfoNotInt     = "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'"
	errIinfoBool       = "torch.bool is not supported by torch.iinfo"
)

// Pointwise operators and broadcasting (tensor_ops.go, torch_pointwise.go).
const (
	errUnpackLong        = "Overflow when unpacking long"
	errTensorIndex       = "only integer tensors of a single element can be converted to an index"
	errInvertFloat       = "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
	errArgMustBeTensor   = "%s(): argument '%s' (position %d) must be Tensor, not %s"
	errArgMustBeTensorKw = "%s(): argument '%s' must be Tensor, not %s"
	errNegativeShapeDim  = "Trying to create tensor with negative dimension (%d): (%d)"
	errBroadcastShapes   = "Shape mismatch: objects cannot be broadcast to a single shape"
	errTorchMissingArgs  = "%s() missing %d required positional argument%s: %s"
	errInvalidExpected   = "%s() received an invalid combination of arguments - got (%s), but expected %s"
	errTakesNoArgs2      = "_TensorBase.%s() takes no arguments (%d given)"
	errBroadcastShapeArg = "('Input shapes should be of type ints, a tuple of ints, or a list of ints, got ', %s)"
)
