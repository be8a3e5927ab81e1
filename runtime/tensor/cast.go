package tensor

import "math"

// Element conversions between dtypes, exactly as PyTorch's CPU build does
// them on x86-64 (static_cast compiled by GCC):
//
//   - integer to integer wraps around (two's complement truncation);
//   - anything to bool is "!= 0" (NaN is true);
//   - floating to int64 truncates toward zero; NaN, ±inf and values outside
//     the int64 range give the "integer indefinite" value INT64_MIN
//     (cvttsd2si);
//   - floating to int32, int16 and int8 converts to int32 first (out of
//     range gives INT32_MIN) and then truncates to the narrower type;
//   - floating to uint8 goes through int64 (c10's static_cast_with_inter_type
//     for uint8), so -1.5 becomes 255;
//   - integer to floating rounds to nearest even directly (an int64 is not
//     widened to float64 before it is rounded to float32);
//   - float64 to float16 and to bfloat16 first rounds to float32 and then to
//     the 16-bit type (c10::Half and c10::BFloat16 are constructed from float),
//     so a value just above a float16 tie may round down.

// FloatToInt64 is static_cast<int64_t>(f) on x86-64.
func FloatToInt64(f float64) int64 {
	if !(f > -9223372036854777856.0 && f < 9223372036854775808.0) { // NaN fails too
		return math.MinInt64
	}
	return int64(f)
}

// FloatToInt32 is static_cast<int32_t>(f) on x86-64.
func FloatToInt32(f float64) int32 {
	if !(f > -2147483649.0 && f < 2147483648.0) {
		return math.MinInt32
	}
	return int32(f)
}

// FloatToInt16 is static_cast<int16_t>(f): through int32, then truncated.
func FloatToInt16(f float64) int16 { return int16(FloatToInt32(f)) }

// FloatToInt8 is static_cast<int8_t>(f): through int32, then truncated.
func FloatToInt8(f float64) int8 { return int8(FloatToInt32(f)) }

// FloatToUint8 is c10's conversion to uint8: through int64, then truncated.
func FloatToUint8(f float64) uint8 { return uint8(FloatToInt64(f)) }

// Int64ToFloat32 rounds i to the nearest float32 directly (not through
// float64, which could round twice).
func Int64ToFloat32(i int64) float32 { return float32(i) }

// HalfFromFloat64 is c10::Half(static_cast<float>(f)).
func HalfFromFloat64(f float64) Half { return HalfFromFloat32(float32(f)) }

// BF16FromFloat64 is c10::BFloat16(static_cast<float>(f)).
func BF16FromFloat64(f float64) BF16 { return BF16FromFloat32(float32(f)) }

// scalarFloat32 is static_cast<float> of a scalar: an integer is rounded to
// float32 directly.
func scalarFloat32(v Scalar) float32 {
	if v.Kind >= FloatScalar {
		return float32(v.F)
	}
	return float32(v.I)
}

// scalarInt32 is static_cast<int32_t> of a scalar.
func scalarInt32(v Scalar) int32 {
	if v.Kind >= FloatScalar {
		return FloatToInt32(v.F)
	}
	return int32(v.I)
}

// castSlice converts n contiguous elements of src (from soff) into dst (from
// doff), with the conversions described at the top of this file. It works
// in chunks, polling for interrupts between them (and keeping the
// temporaries of the bool and 16-bit paths small).
func castSlice(dst *Storage, doff int, src *Storage, soff, n int) {
	for lo := 0; lo < n; lo += pollEvery {
		CheckInterrupt()
		castChunk(dst, doff+lo, src, soff+lo, min(pollEvery, n-lo))
	}
}

// castChunk is castSlice on one chunk.
func castChunk(dst *Storage, doff int, src *Storage, soff, n int) {
	switch s := src.host().(type) {
	case []bool:
		tmp := make([]uint8, n)
		for i, v := range s[soff : soff+n] {
			if v {
				tmp[i] = 1
			}
		}
		castFromInt(dst.host(), doff, tmp)
	case []uint8:
		castFromInt(dst.host(), doff, s[soff:soff+n])
	case []int8:
		castFromInt(dst.host(), doff, s[soff:soff+n])
	case []int16:
		castFromInt(dst.host(), doff, s[soff:soff+n])
	case []int32:
		castFromInt(dst.host(), doff, s[soff:soff+n])
	case []int64:
		castFromInt(dst.host(), doff, s[soff:soff+n])
	case []Half:
		tmp := make([]float32, n)
		for i, v := range s[soff : soff+n] {
			tmp[i] = v.Float32()
		}
		castFromFloat(dst.host(), doff, tmp)
	case []BF16:
		tmp := make([]float32, n)
		for i, v := range s[soff : soff+n] {
			tmp[i] = v.Float32()
		}
		castFromFloat(dst.host(), doff, tmp)
	case []float32:
		castFromFloat(dst.host(), doff, s[soff:soff+n])
	case []float64:
		castFromFloat(dst.host(), doff, s[soff:soff+n])
	}
}

// castFromInt converts integers: wrap-around into narrower integers, round
// to nearest even into floating types.
func castFromInt[S uint8 | int8 | int16 | int32 | int64](dst any, doff int, src []S) {
	switch d := dst.(type) {
	case []bool:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = v != 0
		}
	case []uint8:
		convertNum(d[doff:doff+len(src)], src)
	case []int8:
		convertNum(d[doff:doff+len(src)], src)
	case []int16:
		convertNum(d[doff:doff+len(src)], src)
	case []int32:
		convertNum(d[doff:doff+len(src)], src)
	case []int64:
		convertNum(d[doff:doff+len(src)], src)
	case []Half:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = HalfFromFloat32(float32(v))
		}
	case []BF16:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = BF16FromFloat32(float32(v))
		}
	case []float32:
		convertNum(d[doff:doff+len(src)], src)
	case []float64:
		convertNum(d[doff:doff+len(src)], src)
	}
}

// castFromFloat converts float32 or float64 values.
func castFromFloat[S float32 | float64](dst any, doff int, src []S) {
	switch d := dst.(type) {
	case []bool:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = v != 0
		}
	case []uint8:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = FloatToUint8(float64(v))
		}
	case []int8:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = FloatToInt8(float64(v))
		}
	case []int16:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = FloatToInt16(float64(v))
		}
	case []int32:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = FloatToInt32(float64(v))
		}
	case []int64:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = FloatToInt64(float64(v))
		}
	case []Half:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = HalfFromFloat32(float32(v))
		}
	case []BF16:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = BF16FromFloat32(float32(v))
		}
	case []float32:
		convertNum(d[doff:doff+len(src)], src)
	case []float64:
		convertNum(d[doff:doff+len(src)], src)
	}
}

// convertNum is dst[i] = D(src[i]), for conversions Go defines exactly as
// C++ does (integer to integer, anything to floating).
func convertNum[D, S Num](dst []D, src []S) {
	convertNumPar(dst, src)
}
