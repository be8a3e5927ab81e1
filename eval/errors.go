package eval

import (
	"fmt"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// Exception is a Python exception raised while evaluating a statement.
// The evaluator unwinds with panic(*Exception) and recovers per statement.
type Exception struct {
	Type string // "TypeError", "RuntimeError", ...
	Msg  string
	Line int // line of the statement that raised it, when known

	// Args are the arguments an exception object was made with
	// (ValueError("a", 1)), when HasArgs; else e.args is (Msg,).
	Args    Tuple
	HasArgs bool
	// Cause is the exception of `raise ... from cause`; Context the one
	// being handled when this one was raised (shown unless
	// SuppressContext, which `raise ... from` sets).
	Cause           *Exception
	Context         *Exception
	SuppressContext bool
	// Trace is the traceback: the frames the exception went through,
	// outermost first (see traceback.go).
	Trace      []TraceFrame
	nextNode   lang.Node // the call in the frame below the last recorded (traceback_carets.go)
	exit       *exitInfo // SystemExit's status (exit.go)
	suggestion string    // "Did you mean" (suggest.go)
	// lateSuggestion computes the suggestion when the error is shown
	// (an AttributeError a __getattr__ raised: dir() runs only then).
	lateSuggestion func() string
	// cls is the class of an exception of a class defined in Python (nil:
	// the builtin class Type names); dict its attributes; notes its
	// __notes__ (add_note); addr its id.
	cls   *Class
	dict  *Dict
	notes *List
	addr  uintptr
	group *excGroup // an exception group's message and exceptions (exc_group.go)
}

func (e *Exception) Error() string {
	typ := e.Type
	if c := e.cls; c != nil && c.classInfo != nil && c.Module != "__main__" && c.Module != "builtins" {
		typ = c.Module + "." + c.QualName // as traceback.format_exception_only names it
	}
	if e.Msg == "" {
		return typ
	}
	return typ + ": " + e.Msg + e.didYouMean()
}

// didYouMean is the suggestion as the prompt prints it after the message.
func (e *Exception) didYouMean() string {
	if e.suggestion == "" && e.lateSuggestion != nil {
		e.suggestion, e.lateSuggestion = e.lateSuggestion(), nil
	}
	if e.suggestion == "" {
		return ""
	}
	return ". Did you mean: '" + e.suggestion + "'?"
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// throw raises a Python exception; format is one of the formats below (or
// PyTorch's text from a runtime package).
func throw(typ, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	panic(&Exception{Type: typ, Msg: msg})
}

// syntaxError is the SyntaxError for an error of lang.Parse: the
// message CPython gives.
func syntaxError(err error) *Exception {
	e := &Exception{Type: "SyntaxError", Msg: errInvalidSyntax}
	if le, ok := err.(*lang.Error); ok {
		e.Msg = le.Msg
		e.Type = parseErrorType(le.Msg)
	}
	return e
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
	errUnhashable          = "unhashable type: '%s'"
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
	errIntLiteral          = "invalid literal for int() with base %d: %s"
	errFloatConvert        = "could not convert string to float: %s"
	errIntArgType          = "int() argument must be a string, a bytes-like object or a real number, not '%s'"
	errFloatArgType        = "float() argument must be a string or a real number, not '%s'"
	errCannotInterpretInt  = "'%s' object cannot be interpreted as an integer"
	errNoKwArg             = "%s() got an unexpected keyword argument '%s'"
	errMultipleValues      = "%s() got multiple values for argument '%s'"
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
	errNotInList           = "%s is not in list"
	errFormatSpec          = "Invalid format specifier '%s' for object of type '%s'"
	errUnknownFormatCode   = "Unknown format code '%c' for object of type '%s'"
	errReadOnlyAttr        = "'%s' object attribute '%s' is read-only"
	errReadOnlyMember      = "readonly attribute"
	errBadOperandAbs       = "bad operand type for abs(): '%s'"
	errPrintKwType         = "%s must be None or a string, not %s"
	errInvalidKwFor        = "'%s' is an invalid keyword argument for %s()"
	errExpectedAtLeast1    = "%s expected at least 1 argument, got 0"
	errExpectedAtMost      = "%s expected at most %d arguments, got %d"
	errNoRound             = "type %s doesn't define __round__ method"
	errFormatUnsupported   = "unsupported format string passed to %s.__format__"
	errFormatPrecision     = "Format specifier missing precision"
	errFormatSign          = "Sign not allowed in string format specifier"
	errFormatAlign         = "'=' alignment not allowed in string format specifier"
	errFormatIntPrecision  = "Precision not allowed in integer format specifier"
	errIndexSizedInt       = "cannot fit 'int' into an index-sized integer"
	errExtSliceAssign      = "attempt to assign sequence of size %d to extended slice of size %d"
	errNoItemDeletion      = "'%s' object doesn't support item deletion"
	errPopEmpty            = "pop from empty list"
	errPopIndex            = "pop index out of range"
	errJoinItem            = "sequence item %d: expected str instance, %s found"
	errTupleIndex          = "tuple.index(x): x not in tuple"
	errInString            = "'in <string>' requires string as left operand, not %s"
	errArgNotIterable      = "argument of type '%s' is not iterable"
	errIntDivTooLarge      = "integer division result too large for a float"
	errExponentTooLarge    = "exponent too large"
	errNegativeShift       = "negative shift count"
	errTooManyDigits       = "too many digits in integer"
	errInvalidSyntax       = "invalid syntax"
	errMultipleStatements  = "multiple statements found while compiling a single statement"
	errNoModule            = "No module named '%s'"
	errCannotAssignExpr    = "cannot assign to expression"
	errCannotDeleteAttr    = "cannot delete attribute '%s'"
	errAugAssignIllegal    = "illegal expression for augmented assignment"
	errStarredHere         = "can't use starred expression here"
	errKwRepeated          = "keyword argument repeated: %s"
	errNotReversible       = "'%s' object is not reversible"
)

// tensh's own limits on Python semantics.
const (
	errIntTooLarge = "int too large (more than %d bits)"

	// Python 3.11's limit on int <-> decimal string conversions.
	errIntToStrDigits = "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit"
	errStrToIntDigits = "Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit"
)

// Reliability (issue 6): limits on recursion over values (limits.go).
const (
	errRecursionRepr    = "maximum recursion depth exceeded while getting the repr of an object"
	errRecursionCompare = "maximum recursion depth exceeded in comparison"
)

// Reliability (issue 16): output that cannot be written
// (output_errors.go): CPython's OSError text, errno and strerror; integer
// arguments out of range.
const (
	errOSErrno = "[Errno %d] %s"
	// int(x, base) (round_digits.go)
	errIntBaseRange     = "int() base must be >= 2 and <= 36, or 0"
	errIntNonStringBase = "int() can't convert non-string with explicit base"
)

// Creation, dtypes and conversions (torch.tensor, zeros, arange, ..., to,
// type, item, tolist), and PyTorch's argument parser.
const (
	errInvalidCombination = "%s() received an invalid combination of arguments - got (%s), but expected one of:"
	errArgMustBeKw        = "%s(): argument '%s' must be %s, not %s"
	errArgMustBePos       = "%s(): argument '%s' (position %d) must be %s, not %s"
	errOverflowLong       = "Overflow when unpacking long"
	errIntListElem        = "%s(): argument '%s' must be %s, but found element of type %s at pos %d"
	errMustBeRealNumber   = "must be real number, not %s"
	errIndexTensorOnly    = "only integer tensors of a single element can be converted to an index"
	errTakesNoArgs        = "%s() takes no arguments (%d given)"
	errTakesOneArg        = "%s() takes exactly one argument (%d given)"
)

// Printing: set_printoptions, finfo and iinfo.
const ()

// Reductions, joins and matrix products (PyTorch's argument parser and
// torch/functional.py's own checks).
const ()

// Views (tensor_views.go; torch/_tensor.py's own checks).
const ()

// Tensor views, attributes and indexing (PyTorch's argument parser and
// python_variable_indexing.cpp).
const (
	errAttrNotWritable   = "attribute '%s' of '%s' objects is not writable"
	errSliceIndices      = "slice indices must be integers or None or have an __index__ method"
	errOneElementScalars = "only one element tensors can be converted to Python scalars"
)

// Pointwise operators and broadcasting (tensor_ops.go, torch_pointwise.go).
const ()

// Random numbers: seeds, generators and their states (torch_random.go).
const ()

// Python's dicts, sets, iterators and builtins (dict_methods.go,
// set_methods.go, iter.go, builtins_*.go).
const (
	errDictChangedSize  = "dictionary changed size during iteration"
	errSetChangedSize   = "Set changed size during iteration"
	errDictUpdateSeq    = "cannot convert dictionary update sequence element #%d to a sequence"
	errDictUpdateLen    = "dictionary update sequence element #%d has length %d; 2 is required"
	errExpectedAtLeastN = "%s expected at least %d argument%s, got %d"
	errExpectedAtMostN  = "%s expected at most %d argument%s, got %d"
	errPowMissingBase   = "pow() missing required argument 'base' (pos 1)"
	errPowMissingExp    = "pow() missing required argument 'exp' (pos 2)"
	errPopitemEmpty     = "'popitem(): dictionary is empty'"
	errPopEmptySet      = "'pop from an empty set'"
	errUnboundNoSelf    = "unbound method %s.%s() needs an argument"
	errUnboundSelfType  = "descriptor '%s' for '%s' objects doesn't apply to a '%s' object"
)

// The builtins over iterables (builtins_iter.go, builtins_reduce.go).
const (
	errExpectedN        = "%s expected %d argument%s, got %d"
	errZipShorter1      = "zip() argument %d is shorter than argument 1"
	errZipShorterN      = "zip() argument %d is shorter than arguments 1-%d"
	errZipLonger1       = "zip() argument %d is longer than argument 1"
	errZipLongerN       = "zip() argument %d is longer than arguments 1-%d"
	errMapArgs          = "map() must have at least two arguments."
	errEnumerateMissing = "enumerate() missing required argument 'iterable'"
	errIterCallable     = "iter(v, w): v must be callable"
	errNotIterator      = "'%s' object is not an iterator"
	errSumPositional    = "sum() takes at least 1 positional argument (0 given)"
	errSumAtMost        = "sum() takes at most 2 arguments (%d given)"
	errSumStrings       = "sum() can't sum strings [use ''.join(seq) instead]"
	errMinMaxDefault    = "Cannot specify a default for %s() with multiple positional arguments"
)

// Imports (modules.go).
const (
	errNoModuleNotPackage = "No module named '%s'; '%s' is not a package"
	errCannotImportFrom   = "cannot import name '%s' from '%s' %s"
	errRelativeImport     = "attempted relative import with no known parent package"
)

// The math module (mod_math.go, mod_math_int.go).
const (
	errMathDomain        = "math domain error"
	errMathRange         = "math range error"
	errMathLogArgs       = "math.log requires 1 to 2 arguments"
	errExpectedInt       = "Expected an int as second argument to ldexp."
	errNoTrunc           = "type %s doesn't define __trunc__ method"
	errTolerances        = "tolerances must be non-negative"
	errFactorialNegative = "factorial() not defined for negative values"
	errMathNNonNeg       = "n must be a non-negative integer"
	errMathKNonNeg       = "k must be a non-negative integer"
	errIsqrtNegative     = "isqrt() argument must be nonnegative"
	errDistDims          = "both points must have the same number of dimensions"
	errFsumInf           = "-inf + inf in fsum"
	errFsumOverflow      = "intermediate overflow in fsum"
)

// list methods (list_methods.go).
const (
	errListRemove       = "list.remove(x): x not in list"
	errSortPositional   = "sort() takes no positional arguments"
	errListModifiedSort = "list modified during sort"
)

// str methods (str_methods.go, str_methods2.go).
const (
	errMustBeStr         = "must be str, not %s"
	errMustBeStrOrNone   = "must be str or None, not %s"
	errStripArg          = "%s arg must be None or str"
	errStartsArg         = "%s first arg must be str or a tuple of str, not %s"
	errStartsTupleItem   = "tuple for %s must only contain str, not %s"
	errEmptySeparator    = "empty separator"
	errFillChar          = "The fill character must be exactly one character long"
	errFillCharType      = "The fill character must be a unicode character, not %s"
	errJoinIterable      = "can only join an iterable"
	errReplaceArg        = "replace() argument %d must be str, not %s"
	errSubstringNotFound = "substring not found"
)

// str.format and printf-style formatting (str_format.go).
const (
	errFormatSwitchToAuto    = "cannot switch from manual field specification to automatic field numbering"
	errFormatSwitchToManual  = "cannot switch from automatic field numbering to manual field specification"
	errFormatIndex           = "Replacement index %d out of range for positional args tuple"
	errFormatEmptyAttr       = "Empty attribute in format string"
	errFormatMissingBracket  = "Missing ']' in format string"
	errFormatAfterKey        = "Only '.' or '[' may follow ']' in format field specifier"
	errFormatSingleClose     = "Single '}' encountered in format string"
	errFormatSingleOpen      = "Single '{' encountered in format string"
	errFormatUnmatched       = "unmatched '{' in format spec"
	errFormatConvEnd         = "end of string while looking for conversion specifier"
	errFormatExpectedClose   = "expected '}' before end of string"
	errFormatConvColon       = "expected ':' after conversion specifier"
	errFormatConv            = "Unknown conversion specifier %s"
	errFormatNotEnough       = "not enough arguments for format string"
	errFormatNotAll          = "not all arguments converted during string formatting"
	errFormatIncomplete      = "incomplete format"
	errFormatIncompleteKey   = "incomplete format key"
	errFormatMapping         = "format requires a mapping"
	errFormatStarInt         = "* wants int"
	errFormatRealNumber      = "%%%s format: a real number is required, not %s"
	errFormatIntRequired     = "%%%s format: an integer is required, not %s"
	errFormatChar            = "%s requires int or char"
	errFormatUnsupportedChar = "unsupported format character '%c' (%#x) at index %d"
)

// More builtins (builtins_more.go).
const (
	errFormatArg2       = "format() argument 2 must be str, not %s"
	errChrRange         = "chr() arg not in range(0x110000)"
	errOrdType          = "ord() expected string of length 1, but %s found"
	errOrdLen           = "ord() expected a character, but string of length %d found"
	errFloatDivmodZero  = "float divmod()"
	errPowAtMost        = "pow() takes at most 3 arguments (%d given)"
	errPow3rdInts       = "pow() 3rd argument not allowed unless all arguments are integers"
	errPow3rdZero       = "pow() 3rd argument cannot be 0"
	errPowNotInvertible = "base is not invertible for the given modulus"
	errAttrNameType     = "attribute name must be string, not '%s'"
)

// The warnings module (warnings.go).
const errWarnCategory = "category must be a Warning subclass, not '%s'"

// Format specs (format.go).
const errFormatGroupingStr = "Cannot specify '%c' with 's'."

// types.SimpleNamespace, vars and f(**kwargs) (mod_types.go).
const (
	errNamespaceArgs   = "no positional arguments expected"
	errVarsArg         = "vars() argument must have __dict__ attribute"
	errKwArgsMappingFn = "%s() argument after ** must be a mapping, not %s"
	errKeywordsStrings = "keywords must be strings"
	errKwMultiple      = "%s() got multiple values for keyword argument '%s'"
)

// Argument counts of methods (str_methods.go).
const (
	errTakesAtLeast     = "%s() takes at least %d argument%s (%d given)"
	errTakesAtMost      = "%s() takes at most %d argument%s (%d given)"
	errArgNameAndPos    = "argument for %s() given by name ('%s') and position (%d)"
	errTakesExactly1Pos = "%s() takes exactly 1 positional argument (%d given)"
	errTakesExactly2Pos = "%s() takes exactly 2 positional arguments (%d given)"
	errSsizeOverflow    = "Python int too large to convert to C ssize_t"
	errCIntOverflow     = "Python int too large to convert to C int"
	errIndexSliceArgs   = "slice indices must be integers or have an __index__ method"
	errFactorialTooBig  = "factorial() argument should not exceed 9223372036854775807"
	errPowUnsupported3  = "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'"
	errMissingRequired  = "%s() missing required argument '%s' (pos %d)"
)

// help() of a builtin class (help.go).
const msgHelpClass = "Help on class %s in module builtins:"

// `x in tensor` of something that is not a tensor or a number.
const errTensorContains = "Tensor.__contains__ only supports Tensor or scalar, but you passed in a %s."

// Displays ({**m}).
const errNotMapping = "'%s' object is not a mapping"

// Python's complex numbers (complex.go, complex_builtin.go).
const (
	errComplexDivZero     = "complex division by zero"
	errComplexZeroPow     = "0.0 to a negative or complex power"
	errComplexPowOverflow = "complex exponentiation"
	errComplexAbs         = "absolute value too large"
	errComplexTensor      = "tensh: arithmetic between tensors and complex numbers is not supported (tensh has no complex tensor kernels)"
	errComplexMalformed   = "complex() arg is a malformed string"
	errComplexSecondStr   = "complex() second arg can't be a string"
	errComplexStrSecond   = "complex() can't take second arg if first is a string"
	errComplexFirstType   = "complex() first argument must be a string or a number, not '%s'"
	errComplexSecondType  = "complex() second argument must be a number, not '%s'"
)

// Complex tensors (complex_tensor.go).
const (
	errComplexModulo  = "complex modulo"
	errComplexZeroPad = "Zero padding is not allowed in complex format specifier"
	errComplexEqAlign = "'=' alignment flag is not allowed in complex format specifier"
)
