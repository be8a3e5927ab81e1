package eval

import (
	"io"

	"github.com/tensh/tensh/lang"
)

// The exported forms of the core internals that the torch bindings
// (lib/torch) use; each forwards to the unexported one.

// AsNumber converts a NumberLike to its Python number.
func AsNumber(v Value) Value { return asNumber(v) }

// AsTensorSource converts a TensorSource (that is not a number) to a tensor.
func AsTensorSource(v Value) Value { return asTensorSource(v) }

// B2f is b2f.
func B2f(b bool) float64 { return b2f(b) }

// Binary computes x op y with Python's semantics; tensors go to the tensor
// operator library.
func (s *Session) Binary(op lang.Op, x Value, y Value) Value { return s.binary(op, x, y) }

// BuiltinInt is builtinInt.
func BuiltinInt(a *Args) Value { return builtinInt(a) }

// ClassAttrs are attributes of builtin classes other than their methods
// (dict.fromkeys), keyed by class name.
var ClassAttrs = classAttrs

// Compare evaluates one comparison.
func (s *Session) Compare(op lang.Op, x Value, y Value) Value { return s.compare(op, x, y) }

// DeviceClass is deviceClass.
var DeviceClass = deviceClass

// DtypeClass is dtypeClass.
var DtypeClass = dtypeClass

// Equal is Python's == for non-tensor values.
func (s *Session) Equal(x Value, y Value) bool { return s.equal(x, y) }

// ErrArgMustBeKw is errArgMustBeKw.
const ErrArgMustBeKw = errArgMustBeKw

// ErrArgMustBePos is errArgMustBePos.
const ErrArgMustBePos = errArgMustBePos

// ErrCannotInterpretInt is errCannotInterpretInt.
const ErrCannotInterpretInt = errCannotInterpretInt

// ErrIndexTensorOnly is errIndexTensorOnly.
const ErrIndexTensorOnly = errIndexTensorOnly

// ErrIntListElem is errIntListElem.
const ErrIntListElem = errIntListElem

// ErrIntTooLargeFloat is errIntTooLargeFloat.
const ErrIntTooLargeFloat = errIntTooLargeFloat

// ErrInvalidCombination is errInvalidCombination.
const ErrInvalidCombination = errInvalidCombination

// ErrListConcat is errListConcat.
const ErrListConcat = errListConcat

// ErrMultipleValues is errMultipleValues.
const ErrMultipleValues = errMultipleValues

// ErrMustBeRealNumber is errMustBeRealNumber.
const ErrMustBeRealNumber = errMustBeRealNumber

// ErrNoAttr is errNoAttr.
const ErrNoAttr = errNoAttr

// ErrNoKwArg is errNoKwArg.
const ErrNoKwArg = errNoKwArg

// ErrNotEnoughUnpack is errNotEnoughUnpack.
const ErrNotEnoughUnpack = errNotEnoughUnpack

// ErrOneElementScalars is errOneElementScalars.
const ErrOneElementScalars = errOneElementScalars

// ErrOverflowLong is errOverflowLong.
const ErrOverflowLong = errOverflowLong

// ErrRecursion is errRecursion.
const ErrRecursion = errRecursion

// ErrSliceIndices is errSliceIndices.
const ErrSliceIndices = errSliceIndices

// ErrSliceStepZero is errSliceStepZero.
const ErrSliceStepZero = errSliceStepZero

// ErrStrConcat is errStrConcat.
const ErrStrConcat = errStrConcat

// ErrTakesNoArgs is errTakesNoArgs.
const ErrTakesNoArgs = errTakesNoArgs

// ErrTakesNoKw is errTakesNoKw.
const ErrTakesNoKw = errTakesNoKw

// ErrTakesOneArg is errTakesOneArg.
const ErrTakesOneArg = errTakesOneArg

// ErrTooManyUnpack is errTooManyUnpack.
const ErrTooManyUnpack = errTooManyUnpack

// ErrTupleConcat is errTupleConcat.
const ErrTupleConcat = errTupleConcat

// FirstWarning records a warning (category, msg) the session is about to
// show wherever it is, and tells whether this is the first time.
func (s *Session) FirstWarning(category string, msg string) bool {
	return s.firstWarning(category, msg)
}

// Guard runs f, converting the panics that carry Python exceptions (and
// any unexpected panic, as InternalError) into an *Exception.
func (s *Session) Guard(f func()) (exc *Exception) { return s.guard(f) }

// Invalid raises PyTorch's argument-parser error for a call that matches no
// signature.
func (a *Args) Invalid() { a.invalid() }

// InvalidArgsDesc is the "got (...)" part of the invalid-combination error:
// the positional arguments' types, then the keyword arguments in the
// order of PyTorch's unordered_map (with a trailing ", " when there are
// only keywords).
func InvalidArgsDesc(a *Args) string { return invalidArgsDesc(a) }

// LastDot is lastDot.
func LastDot(s string) int { return lastDot(s) }

// Method is method.
func Method(name string, sig string, doc string, fn func(a *Args) Value) *Builtin {
	return method(name, sig, doc, fn)
}

// OrNone is orNone.
func OrNone(v Value) Value { return orNone(v) }

// Poll raises KeyboardInterrupt when Ctrl-C was pressed; Python-level loops
// call it on every iteration (it is one atomic load). They run before an
// in-place operation starts to write (inplace_whole.go), so they stop
// even then.
func Poll() { poll() }

// PyIndex converts an index value of a Python sequence (int, bool, or a
// one-element integer tensor through __index__).
func PyIndex(container string, v Value) (int64, bool) { return pyIndex(container, v) }

// RegisterMethods adds methods to a Python type's table.
func RegisterMethods(typeName string, bs ...*Builtin) { registerMethods(typeName, bs...) }

// ShortTypeName is type(v).__name__: TypeName after its last dot ("Size",
// "dtype", "max"). The method tables and type() are keyed by it.
func ShortTypeName(v Value) string { return shortTypeName(v) }

// SizeClass is sizeClass.
var SizeClass = sizeClass

// Sprintf is sprintf.
func Sprintf(format string, args ...any) string { return sprintf(format, args...) }

// TensorClass is tensorClass.
// The torch classes live in the torch namespace.
var TensorClass = tensorClass

// TensorMethods is tensorMethods.
var TensorMethods = tensorMethods

// TensorProps are the Tensor attributes that are not methods (shape,
// dtype, T, ...), filled by the files that implement them.
var TensorProps = tensorProps

// TensorSetters are the writable tensor attributes.
var TensorSetters = tensorSetters

// ToInt converts an int argument (Python int or bool, or a one-element
// integer tensor).
func (a *Args) ToInt(name string, v Value) int64 { return a.toInt(name, v) }

// TorchFuncs is torchFuncs.
var TorchFuncs = torchFuncs

// TraceWriter is traceWriter.
func (s *Session) TraceWriter() io.Writer { return s.traceWriter() }

// TypeOf returns the class of v.
func TypeOf(v Value) *Class { return typeOf(v) }

// UnpackLong is THPUtils_unpackLong: an int that fits int64.
func UnpackLong(v Int) int64 { return unpackLong(v) }

// WarnOnce prints a UserWarning the first time the session meets it,
// wherever that is: PyTorch's TORCH_WARN_ONCE.
func (s *Session) WarnOnce(msg string) { s.warnOnce(msg) }

// WarnedAt records a warning about to be shown at loc, and tells whether
// it was shown there before.
func (s *Session) WarnedAt(loc string, category string, msg string) bool {
	return s.warnedAt(loc, category, msg)
}
