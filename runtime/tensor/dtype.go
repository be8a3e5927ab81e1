package tensor

import "fmt"

// DType is a tensor element type.
type DType uint8

// The ten dtypes of tensh, in PyTorch's ScalarType order where it matters.
const (
	Bool DType = iota
	Uint8
	Int8
	Int16
	Int32
	Int64
	Float16
	BFloat16
	Float32
	Float64
	// NumPy's storage types that PyTorch 1.13 has no tensors of (uint16,
	// uint32, uint64) or that tensh's torch only holds (complex): arrays of
	// lib/numpy store them; torch's kernels never see them (storage_numpy.go).
	Uint16
	Uint32
	Uint64
	Complex64
	Complex128
	numDTypes
)

// AllDTypes lists every dtype.
var AllDTypes = []DType{Bool, Uint8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64}

var dtypeInfo = [numDTypes]struct {
	name     string // torch.<name>
	scalar   string // c10 ScalarType name, used in error messages: 'Float'
	itemSize int
}{
	Bool:       {"bool", "Bool", 1},
	Uint8:      {"uint8", "Byte", 1},
	Int8:       {"int8", "Char", 1},
	Int16:      {"int16", "Short", 2},
	Int32:      {"int32", "Int", 4},
	Int64:      {"int64", "Long", 8},
	Float16:    {"float16", "Half", 2},
	BFloat16:   {"bfloat16", "BFloat16", 2},
	Float32:    {"float32", "Float", 4},
	Float64:    {"float64", "Double", 8},
	Uint16:     {"uint16", "UInt16", 2},
	Uint32:     {"uint32", "UInt32", 4},
	Uint64:     {"uint64", "UInt64", 8},
	Complex64:  {"complex64", "ComplexFloat", 8},
	Complex128: {"complex128", "ComplexDouble", 16},
}

// Name is the dtype's name without the "torch." prefix: "float32".
func (d DType) Name() string { return dtypeInfo[d].name }

// String is the dtype's repr: "torch.float32".
func (d DType) String() string {
	if d >= numDTypes {
		return fmt.Sprintf("DType(%d)", uint8(d))
	}
	return "torch." + dtypeInfo[d].name
}

// ScalarName is c10's name of the dtype, as error messages print it: "Float".
func (d DType) ScalarName() string { return dtypeInfo[d].scalar }

// ItemSize is the size of one element in bytes.
func (d DType) ItemSize() int { return dtypeInfo[d].itemSize }

// IsFloat reports whether d is a floating-point dtype.
func (d DType) IsFloat() bool { return d == Float16 || d == BFloat16 || d == Float32 || d == Float64 }

// IsIntegral reports whether d is an integer dtype; includeBool counts Bool.
func (d DType) IsIntegral(includeBool bool) bool {
	return (d >= Uint8 && d <= Int64) || (d >= Uint16 && d <= Uint64) || (includeBool && d == Bool)
}

// IsSigned reports whether d can hold negative values.
func (d DType) IsSigned() bool { return d != Bool && d != Uint8 && (d < Uint16 || d > Uint64) }

// DTypeByName looks up a dtype by its torch attribute name, aliases included
// ("float", "double", "long", "int", "half", "short", "uchar"...).
func DTypeByName(name string) (DType, bool) {
	d, ok := dtypeNames[name]
	return d, ok
}

var dtypeNames = map[string]DType{
	"bool": Bool, "uint8": Uint8, "int8": Int8, "int16": Int16, "short": Int16,
	"int32": Int32, "int": Int32, "int64": Int64, "long": Int64,
	"float16": Float16, "half": Float16, "bfloat16": BFloat16,
	"float32": Float32, "float": Float32, "float64": Float64, "double": Float64,
	"complex64": Complex64, "cfloat": Complex64, "complex128": Complex128, "cdouble": Complex128,
}

// DTypeAliases returns every torch attribute name that denotes a dtype.
func DTypeAliases() []string {
	out := make([]string, 0, len(dtypeNames))
	for n := range dtypeNames {
		out = append(out, n)
	}
	return out
}

// defaultFloat is torch.get_default_dtype().
var defaultFloat = Float32

// DefaultFloat returns the default floating dtype (torch.get_default_dtype()).
func DefaultFloat() DType { return defaultFloat }

// SetDefaultFloat sets the default floating dtype.
func SetDefaultFloat(d DType) { defaultFloat = d }

// floatRank orders the floating types for promotion.
func floatRank(d DType) int {
	switch d {
	case Float16, BFloat16:
		return 1
	case Float32:
		return 2
	case Float64:
		return 3
	}
	return 0
}

// PromoteTypes is c10::promoteTypes for tensh's dtypes.
func PromoteTypes(a, b DType) DType {
	switch {
	case a == b:
		return a
	case a == Bool:
		return b
	case b == Bool:
		return a
	}
	af, bf := a.IsFloat(), b.IsFloat()
	switch {
	case af && bf:
		if (a == Float16 && b == BFloat16) || (a == BFloat16 && b == Float16) {
			return Float32
		}
		if floatRank(a) >= floatRank(b) {
			return a
		}
		return b
	case af:
		return a
	case bf:
		return b
	}
	// Both integral, not bool.
	if a == Uint8 || b == Uint8 {
		other := a
		if a == Uint8 {
			other = b
		}
		if other == Int8 {
			return Int16
		}
		return other
	}
	if a > b {
		return a
	}
	return b
}

// ScalarKind is the Python type of a Scalar.
type ScalarKind uint8

const (
	BoolScalar ScalarKind = iota
	IntScalar
	FloatScalar
	ComplexScalar // a complex element (NumPy's complex arrays): F + Im·j
)

// Scalar is a Python number (bool, int or float) or a single tensor element.
type Scalar struct {
	Kind ScalarKind
	I    int64   // for BoolScalar (0 or 1) and IntScalar
	F    float64 // for FloatScalar; the real part for ComplexScalar
	Im   float64 // the imaginary part for ComplexScalar
}

// BoolS, IntS and FloatS make Scalars.
func BoolS(b bool) Scalar {
	if b {
		return Scalar{Kind: BoolScalar, I: 1}
	}
	return Scalar{Kind: BoolScalar}
}
func IntS(i int64) Scalar     { return Scalar{Kind: IntScalar, I: i} }
func FloatS(f float64) Scalar { return Scalar{Kind: FloatScalar, F: f} }

// Float returns the scalar as a float64.
func (s Scalar) Float() float64 {
	if s.Kind >= FloatScalar {
		return s.F
	}
	return float64(s.I)
}

// Int returns the scalar as an int64, truncating floats toward zero.
func (s Scalar) Int() int64 {
	if s.Kind >= FloatScalar {
		return FloatToInt64(s.F) // as static_cast<int64_t> on x86-64
	}
	return s.I
}

// Bool returns whether the scalar is non-zero.
func (s Scalar) Bool() bool {
	if s.Kind == ComplexScalar {
		return s.F != 0 || s.Im != 0
	}
	if s.Kind == FloatScalar {
		return s.F != 0
	}
	return s.I != 0
}

// DType is the dtype PyTorch gives a Python scalar of this kind when it is
// wrapped into a tensor: bool, int64, or the default float dtype.
func (s Scalar) DType() DType {
	switch s.Kind {
	case BoolScalar:
		return Bool
	case IntScalar:
		return Int64
	}
	return defaultFloat
}

// resultState is ATen's ResultTypeState: the promoted dtype of each
// category of operands, numDTypes while a category is empty.
type resultState struct{ dim, zero, wrapped DType }

func newResultState() resultState { return resultState{numDTypes, numDTypes, numDTypes} }

// promoteOpt is PromoteTypes where numDTypes stands for "no operand yet".
func promoteOpt(a, b DType) DType {
	switch {
	case a == numDTypes:
		return b
	case b == numDTypes:
		return a
	}
	return PromoteTypes(a, b)
}

// result combines the categories: dimensioned tensors over zero-dimensional
// ones over wrapped Python numbers, a lower category counting only when it
// is of a higher kind (bool < integral < floating).
func (r resultState) result() DType {
	combine := func(higher, lower DType) DType {
		if higher != numDTypes && higher.IsFloat() {
			return higher
		}
		if higher == Bool || (lower != numDTypes && lower.IsFloat()) {
			return promoteOpt(higher, lower)
		}
		if higher != numDTypes {
			return higher
		}
		return lower
	}
	d := combine(r.dim, combine(r.zero, r.wrapped))
	if d == numDTypes {
		return defaultFloat
	}
	return d
}

// ResultType computes torch.result_type over operands split by category:
// tensors with at least one dimension, zero-dimensional tensors, and wrapped
// Python scalars (whose float kind counts as the default dtype). The lists
// hold dtypes; any of them may be empty.
func ResultType(dims, zeroDims []DType, scalars []Scalar) DType {
	r := newResultState()
	for _, d := range dims {
		r.dim = promoteOpt(r.dim, d)
	}
	for _, d := range zeroDims {
		r.zero = promoteOpt(r.zero, d)
	}
	for _, s := range scalars {
		r.wrapped = promoteOpt(r.wrapped, s.DType())
	}
	return r.result()
}

// CanCast is c10::canCast: whether a result of dtype from may be written into
// a tensor of dtype to (no float into integral, no non-bool into bool).
func CanCast(from, to DType) bool {
	if from.IsFloat() && to.IsIntegral(true) {
		return false
	}
	if from != Bool && to == Bool {
		return false
	}
	return true
}
