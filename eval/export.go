package eval

import (
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The API a library package (lib/numpy, lib/paddle) builds its module
// with: raising exceptions, Python's sequence protocol, type objects,
// attribute access, and registering torch functions that bridge to it.

// Throw raises the Python exception typ with a message (a format of the
// calling package's catalogue and its arguments).
func Throw(typ, format string, args ...any) { throw(typ, format, args...) }

// IterateAll is list(iter(v)): the items of v (TypeError if not
// iterable). Iterate (iter.go) is the one-at-a-time form.
func IterateAll(v Value) []Value { return iterate(v) }

// Length is len(v).
func Length(v Value) int { return length(v) }

// CheckItems raises MemoryError when n items would pass the memory cap.
func CheckItems(n int) { checkItems(n) }

// SliceIndices is slice.indices(n).
func SliceIndices(sl *Slice, n int) (start, stop, step int) { return sliceIndices(sl, n) }

// isPySequence is PySequence_Check for tensh's values.
func isPySequence(v Value) bool {
	switch v.(type) {
	case *List, Tuple, Size, Range, Str, *NamedTuple:
		return true
	}
	return false
}

// IsSequence is PySequence_Check (list, tuple, torch.Size, range, str, ...).
func IsSequence(v Value) bool { return isPySequence(v) }

// IsRepeatable reports whether v is a str, list or tuple (seq * n repeats it).
func IsRepeatable(v Value) bool { return isSequence(v) }

// BinaryOpName is how Python's TypeError names a binary operator.
func BinaryOpName(op lang.Op) string { return binaryOpName(op) }

// DefClass defines a type object: name as repr'd ("numpy.float32"),
// typeName the short name type(x) is looked up by, call its constructor.
func DefClass(name, typeName string, call func(a *Args) Value) *Class {
	return defClass(name, typeName, call)
}

// The classes of the Python builtins int, float and bool.
var (
	IntClass   = intClass
	FloatClass = floatClass
	BoolClass  = boolClass
)

// RegisterTorch adds torch functions and Tensor methods (by their Kind).
func RegisterTorch(bs ...*Builtin) { register(bs...) }

// GetAttr is x.name.
func (s *Session) GetAttr(x Value, name string) Value { return s.getAttr(x, name) }

// ImportModule is the session's instance of a library module.
func (s *Session) ImportModule(name string) (*Module, bool) {
	if _, ok := moduleLoaders[name]; !ok && name != "torch" {
		return nil, false
	}
	return s.importModule(name), true
}

// Python's messages a library raises for its own types.
const (
	ErrUnsupportedBinary  = errUnsupportedBinary
	ErrUnsupportedCompare = errUnsupportedCompare
	ErrBadUnary           = errBadUnary
)

// TensorSource is a value torch converts to a tensor (torch.tensor,
// torch.as_tensor, tensor arithmetic): an ndarray gives a tensor sharing
// its storage.
type TensorSource interface{ TorchTensor() *tensor.Tensor }

// NumberLike is a value that acts as a Python number where PyTorch reads
// numbers (a NumPy scalar): ok false when it does not.
type NumberLike interface{ PyNumber() (v Value, ok bool) }

// ScalarConvertible is a value float() and int() convert through its
// only element (a one-element ndarray's __float__ and __int__).
type ScalarConvertible interface{ PyScalar() (v Value, ok bool) }

// asScalar is what float() and int() read from v.
func asScalar(v Value) Value {
	if c, ok := v.(ScalarConvertible); ok {
		if x, ok := c.PyScalar(); ok {
			return x
		}
	}
	return asNumber(v)
}

// asNumber converts a NumberLike to its Python number.
func asNumber(v Value) Value {
	if n, ok := v.(NumberLike); ok {
		if x, ok := n.PyNumber(); ok {
			return x
		}
	}
	return v
}

// asTensorSource converts a TensorSource (that is not a number) to a tensor.
func asTensorSource(v Value) Value {
	if src, ok := v.(TensorSource); ok {
		return src.TorchTensor()
	}
	return v
}

// Truth is bool(v).
func (s *Session) Truth(v Value) bool { return s.truth(v) }
