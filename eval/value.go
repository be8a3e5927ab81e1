package eval

import (
	"math"
	"math/big"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Value is a tensh value. The concrete types are:
//
//	NoneType, Bool, Int, Float, Str, *List, Tuple, Range, *Slice,
//	EllipsisType, *tensor.Tensor, Size, DTypeValue, DeviceValue,
//	*Module, *Builtin, *BoundMethod, *Class, *NamedTuple, *Storage and the
//	small object types of the torch namespace (finfo, iinfo, ...).
//
// Identity (`is`) is Go's == on the interface value, so tensors compare by
// pointer, as PyTorch's Python objects do.
type Value interface{}

// NoneType is the type of None.
type NoneType struct{}

// None is the Python None.
var None = NoneType{}

// Bool is a Python bool.
type Bool bool

// Float is a Python float.
type Float float64

// Str is a Python str.
type Str string

// List is a Python list (mutable, shared by reference).
type List struct{ Elems []Value }

// Tuple is a Python tuple.
type Tuple []Value

// Range is range(start, stop, step).
type Range struct{ Start, Stop, Step int64 }

// Len is the number of elements of the range.
// (Computed in unsigned arithmetic, so that range(-2**63, 2**63-1) does not
// overflow; a length past the largest int64 saturates.)
func (r Range) Len() int64 {
	var n uint64
	switch {
	case r.Step > 0 && r.Start < r.Stop:
		n = (uint64(r.Stop)-uint64(r.Start)-1)/uint64(r.Step) + 1
	case r.Step < 0 && r.Start > r.Stop:
		n = (uint64(r.Start)-uint64(r.Stop)-1)/(-uint64(r.Step)) + 1
	}
	return int64(min(n, math.MaxInt64))
}

// Slice is a slice object lo:hi:step; absent parts are None.
type Slice struct{ Start, Stop, Step Value }

// EllipsisType is the type of `...`.
type EllipsisType struct{}

// Ellipsis is the `...` value.
var Ellipsis = EllipsisType{}

// Size is torch.Size: a tuple of ints.
type Size []int

// DTypeValue is a torch.dtype object.
type DTypeValue struct{ D tensor.DType }

// DeviceValue is a torch.device object.
type DeviceValue struct{ D tensor.Device }

// Class is a type object: int, float, torch.Tensor, torch.Size, ...
type Class struct {
	Name string // as repr'd inside <class '...'>
	// Call, when set, makes the class callable (int(x), torch.Size([1])).
	Call func(a *Args) Value
	// The rest is set for classes made by a class statement, type(name,
	// bases, dict) or NewClass (class.go); builtin types leave it zero.
	*classInfo
}

// Module is a namespace object: torch, torch.utils, numpy...
type Module struct {
	Name string
	// Origin, when set, follows the name in the repr: "(built-in)" for
	// <module 'math' (built-in)>.
	Origin  string
	Members map[string]Value
	// Setters hold writable attributes (torch.utils.backcompat.broadcast_warning.enabled).
	Setters map[string]func(Value)
	Getters map[string]func() Value
}

// NamedTuple is a torch.return_types.* value (or any named tuple).
type NamedTuple struct {
	TypeName string   // "torch.return_types.max"
	Fields   []string // "values", "indices"
	Elems    Tuple
	// Type is the class of a collections.namedtuple instance (nil for
	// torch.return_types): mod_collections_nt.go.
	Type *Class
}

// Object is a small attribute-bearing object (finfo, iinfo, warning
// flags). Repr is its full repr text.
type Object struct {
	TypeName string
	Attrs    map[string]Value
	Order    []string
	ReprFn   func() string
	// GetItem, when set, makes the object subscriptable (IPython's Out).
	GetItem func(idx Value) Value
}

// StorageValue is what tensor.storage() returns.
type StorageValue struct{ T *tensor.Tensor }

// Int is a Python int: an int64, or a big.Int when it does not fit.
type Int struct {
	small int64
	big   *big.Int // nil unless the value is outside int64
}

// MakeInt makes an Int from an int64.
func MakeInt(i int64) Int { return Int{small: i} }

// MakeBigInt makes an Int from a big.Int, normalizing to int64 when it fits.
func MakeBigInt(b *big.Int) Int {
	if b.IsInt64() {
		return Int{small: b.Int64()}
	}
	return Int{big: new(big.Int).Set(b)}
}

// Int64 returns the value and whether it fits an int64.
func (i Int) Int64() (int64, bool) {
	if i.big != nil {
		return 0, false
	}
	return i.small, true
}

// Big returns the value as a new big.Int.
func (i Int) Big() *big.Int {
	if i.big != nil {
		return new(big.Int).Set(i.big)
	}
	return big.NewInt(i.small)
}

// String is the decimal text of i.
func (i Int) String() string {
	if i.big != nil {
		return i.big.String()
	}
	return big.NewInt(i.small).String()
}

// maxStrDigits is Python 3.11's limit on the decimal digits of an int
// converted to or from a string (sys.get_int_max_str_digits()).
const maxStrDigits = 4300

// Decimal is i in base 10 as str(), repr() and format() write it: Python
// refuses ints of more than maxStrDigits digits.
func (i Int) Decimal() string {
	// 14300 bits make at least 4305 digits: no need to convert.
	if i.big != nil && i.big.BitLen() > 14300 {
		throw("ValueError", errIntToStrDigits)
	}
	s := i.String()
	if len(strings.TrimPrefix(s, "-")) > maxStrDigits {
		throw("ValueError", errIntToStrDigits)
	}
	return s
}

// checkStrDigits raises Python's error when text that int() parses in a
// base other than a power of two has more than maxStrDigits digits.
func checkStrDigits(txt string, base int) {
	if base&(base-1) == 0 || len(txt) <= maxStrDigits {
		return
	}
	n := 0
	for _, c := range txt {
		if c != '_' && c != '+' && c != '-' && c != ' ' && c != '\t' && c != '\n' {
			n++
		}
	}
	if n > maxStrDigits {
		throw("ValueError", errStrToIntDigits, n)
	}
}

// Sign returns -1, 0 or 1.
func (i Int) Sign() int {
	if i.big != nil {
		return i.big.Sign()
	}
	switch {
	case i.small < 0:
		return -1
	case i.small > 0:
		return 1
	}
	return 0
}

// Float returns i as a float64 (may be ±Inf for huge values).
func (i Int) Float() float64 {
	if i.big != nil {
		f, _ := new(big.Float).SetInt(i.big).Float64()
		return f
	}
	return float64(i.small)
}

// TypeName is Py_TYPE(v)->tp_name, the name Python's and PyTorch's
// messages give v's type: "int", "Tensor", "torch.Size", "torch.dtype",
// "torch.return_types.max". type(v).__name__ is shortTypeName.
func TypeName(v Value) string {
	if t, ok := v.(Typed); ok {
		return t.PyTypeName()
	}
	switch v := v.(type) {
	case NoneType:
		return "NoneType"
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Float:
		return "float"
	case Str:
		return "str"
	case *List:
		return "list"
	case Tuple:
		return "tuple"
	case Range:
		return "range"
	case *Slice:
		return "slice"
	case EllipsisType:
		return "ellipsis"
	case *tensor.Tensor:
		return "Tensor"
	case Size:
		return "torch.Size"
	case DTypeValue:
		return "torch.dtype"
	case DeviceValue:
		return "torch.device"
	case *Module:
		return "module"
	case *Builtin:
		return "builtin_function_or_method"
	case *BoundMethod:
		return "builtin_function_or_method"
	case *Instance:
		return v.Class.pyName()
	case *Class:
		if v.classInfo != nil {
			if v.Meta != nil {
				return v.Meta.pyName()
			}
			return "type"
		}
		if Tensors.ClassType != nil {
			if name, ok := Tensors.ClassType(v); ok {
				return name
			}
		}
		return "type"
	case *NamedTuple:
		return v.TypeName
	case *Object:
		return v.TypeName
	case *StorageValue:
		return "torch.storage.TypedStorage"
	case *Exception:
		return v.Type
	case *Function:
		return "function"
	case *Generator:
		return "generator"
	case pyTyped:
		return v.pyTypeName()
	case interface{ PyTypeName() string }:
		return v.PyTypeName()
	}
	return "object"
}

// shortTypeName is type(v).__name__: TypeName after its last dot ("Size",
// "dtype", "max"). The method tables and type() are keyed by it.
func shortTypeName(v Value) string {
	n := TypeName(v)
	return n[lastDot(n)+1:]
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}
