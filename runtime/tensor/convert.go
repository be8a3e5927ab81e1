package tensor

// legacyTypeNames are the CPU tensor type names of the dtypes, as
// x.type() and messages such as expand's print them.
var legacyTypeNames = [numDTypes]string{
	Bool: "BoolTensor", Uint8: "ByteTensor", Int8: "CharTensor", Int16: "ShortTensor",
	Int32: "IntTensor", Int64: "LongTensor", Float16: "HalfTensor", BFloat16: "BFloat16Tensor",
	Float32: "FloatTensor", Float64: "DoubleTensor",
}

// LegacyTypeName is the legacy tensor type name of dtype d on device dev,
// as x.type() and PyTorch's messages print it: "torch.FloatTensor",
// "torch.cuda.LongTensor".
func LegacyTypeName(d DType, dev Device) string {
	if dev.Type == "cuda" {
		return "torch.cuda." + legacyTypeNames[d]
	}
	return "torch." + legacyTypeNames[d]
}

// DTypeOfLegacyName is the dtype of a CPU tensor type name
// ("torch.IntTensor"), if it is one.
func DTypeOfLegacyName(name string) (DType, bool) {
	for d, n := range legacyTypeNames {
		if name == "torch."+n {
			return DType(d), true
		}
	}
	return 0, false
}

// CastScalar is static_cast<T>(v) for T the element type of d, unchecked
// (integers wrap, floats truncate toward zero, as described in cast.go),
// returned as the Scalar that holds exactly the converted value: a Python
// number wrapped into a tensor of dtype d holds this value.
func CastScalar(v Scalar, d DType) Scalar { return castScalar(v, d) }

// castScalar is static_cast<T>(v) for T the element type of d, returned as
// the Scalar that holds exactly the converted value (see cast.go).
func castScalar(v Scalar, d DType) Scalar {
	switch d {
	case Bool:
		return BoolS(v.Bool())
	case Uint8:
		return IntS(int64(uint8(scalarToInt(v))))
	case Int8:
		return IntS(int64(int8(scalarInt32(v))))
	case Int16:
		return IntS(int64(int16(scalarInt32(v))))
	case Int32:
		return IntS(int64(scalarInt32(v)))
	case Int64:
		return IntS(scalarToInt(v))
	case Float16:
		return FloatS(float64(HalfFromFloat32(scalarFloat32(v)).Float32()))
	case BFloat16:
		return FloatS(float64(BF16FromFloat32(scalarFloat32(v)).Float32()))
	case Float32:
		return FloatS(float64(scalarFloat32(v)))
	}
	return FloatS(v.Float())
}
