package tensor

import (
	"math"
	"strconv"
)

// Checked scalar conversions: c10::checked_convert, as Scalar::to<T>() and
// torch.tensor's element store use them.

// cppTypeNames are the C++ element types' names, as c10::checked_convert
// prints them for Scalar::to<T>().
var cppTypeNames = [numDTypes]string{
	Bool: "bool", Uint8: "uint8_t", Int8: "int8_t", Int16: "int16_t", Int32: "int", Int64: "int64_t",
	Float16: "at::Half", BFloat16: "at::BFloat16", Float32: "float", Float64: "double",
}

// CppTypeName is the name c10 prints for d's element type: "int64_t".
func CppTypeName(d DType) string { return cppTypeNames[d] }

// IntRange returns the smallest and largest value of an integral dtype
// (bool: 0 and 1).
func IntRange(d DType) (lo, hi int64) {
	switch d {
	case Bool:
		return 0, 1
	case Uint8:
		return 0, math.MaxUint8
	case Int8:
		return math.MinInt8, math.MaxInt8
	case Int16:
		return math.MinInt16, math.MaxInt16
	case Int32:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

// FloatMax is the largest finite value of a floating dtype.
func FloatMax(d DType) float64 {
	switch d {
	case Float16:
		return 65504
	case BFloat16:
		return float64(BF16(0x7f7f).Float32())
	case Float32:
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// Overflows is c10::overflows<T>(v) for T the element type of d: whether
// converting v to d is out of range. Bool never overflows; an unsigned
// type accepts negative integers down to -max (they wrap around); NaN and
// infinities fit floating types only.
func Overflows(v Scalar, d DType) bool {
	if d == Bool || v.Kind == BoolScalar {
		return false
	}
	if d.IsFloat() {
		if d == Float64 {
			return false
		}
		f := v.Float()
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return false
		}
		m := FloatMax(d)
		return f < -m || f > m
	}
	lo, hi := IntRange(d)
	if v.Kind == FloatScalar {
		f := v.F
		if math.IsNaN(f) {
			return true
		}
		return f < float64(lo) || f > float64(hi)
	}
	i := v.I
	if lo == 0 { // unsigned: negative values wrap
		return i > hi || (i < 0 && -uint64(i) > uint64(hi))
	}
	return i < lo || i > hi
}

// CheckedScalar is Scalar::to<T>() for T the element type of d: it raises
// "value cannot be converted to type int64_t without overflow" when v does
// not fit, and otherwise returns v converted to d (exactly representable).
func CheckedScalar(v Scalar, d DType) Scalar {
	return CheckedConvert(v, d, cppTypeNames[d])
}

// CheckedConvert is c10::checked_convert with the type name the caller
// prints ("uint8" for torch.tensor's element store, "uint8_t" for
// Scalar::to).
func CheckedConvert(v Scalar, d DType, typeName string) Scalar {
	if Overflows(v, d) {
		raise(RuntimeError, errScalarOverflow, typeName)
	}
	return castScalar(v, d)
}

// ScalarToLong is Scalar::to<int64_t>().
func ScalarToLong(v Scalar) int64 { return CheckedScalar(v, Int64).I }

// ScalarToDouble is Scalar::to<double>().
func ScalarToDouble(v Scalar) float64 { return v.Float() }

// ScalarToFloat32 is Scalar::to<float>().
func ScalarToFloat32(v Scalar) float32 { return float32(CheckedScalar(v, Float32).F) }

// CppFloatString formats f as C++'s ostream does by default (%g, 6 digits):
// "1e+20", "0.1", "inf".
func CppFloatString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}
