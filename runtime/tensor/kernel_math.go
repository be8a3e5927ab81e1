package tensor

import (
	"math"
	"unsafe"
)

//go:generate go run kernel_gen.go

// intNum is the set of integer element types (bool computes as uint8).
type intNum interface {
	uint8 | int8 | int16 | int32 | int64
}

// floatNum is the set of floating element types kernels compute in (Half
// and BFloat16 compute in float32).
type floatNum interface {
	float32 | float64
}

// The element functions below are PyTorch's CPU kernels' scalar code
// (aten/src/ATen/native/cpu/BinaryOpsKernel.cpp and friends), written for
// Go's types. They are small enough to be inlined into the row loops.

// divFloorInt is Python's floor division: truncation, minus one when the
// signs differ and the division is inexact. b is never 0 (checked before
// the kernel runs).
func divFloorInt[T intNum](a, b T) T {
	if (a < 0) != (b < 0) {
		q := a / b
		if a%b != 0 {
			return q - 1
		}
		return q
	}
	return a / b
}

// divFloorFloat is c10::div_floor_floating: the quotient derived from
// fmod, so that it is exact where a/b would round across an integer.
func divFloorFloat[T floatNum](a, b T) T {
	if b == 0 {
		return a / b
	}
	mod := T(math.Mod(float64(a), float64(b)))
	div := (a - mod) / b
	if mod != 0 && (b < 0) != (mod < 0) {
		div--
	}
	if div != 0 {
		fl := T(math.Floor(float64(div)))
		if div-fl > 0.5 {
			fl++
		}
		return fl
	}
	return T(math.Copysign(0, float64(a/b)))
}

// remainderInt is Python's %: the result takes the divisor's sign.
func remainderInt[T intNum](a, b T) T {
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

// remainderFloat is Python's % for floats: fmod, moved into the divisor's
// sign.
func remainderFloat[T floatNum](a, b T) T {
	mod := T(math.Mod(float64(a), float64(b)))
	if mod != 0 && (b < 0) != (mod < 0) {
		mod += b
	}
	return mod
}

// powInt is PyTorch's powi: exponentiation by squaring with wrap-around; a
// negative exponent gives 0 except for bases 1 and -1.
func powInt[T intNum](a, b T) T {
	if b < 0 {
		switch {
		case a == 1:
			return 1
		case a == ^T(0) && a < 0: // a == -1 (signed types only)
			if b%2 != 0 {
				return a
			}
			return 1
		}
		return 0
	}
	r := T(1)
	for b != 0 {
		if b&1 != 0 {
			r *= a
		}
		b /= 2
		a *= a
	}
	return r
}

// stdMax is std::max(a, b): b when a < b, else a (so a NaN in a
// propagates and a NaN in b does not).
func stdMax[T Num](a, b T) T {
	if a < b {
		return b
	}
	return a
}

// stdMin is std::min(a, b): b when b < a, else a.
func stdMin[T Num](a, b T) T {
	if b < a {
		return b
	}
	return a
}

// maximumFloat is torch.maximum: NaN if either is NaN.
func maximumFloat[T floatNum](a, b T) T {
	if a != a || b != b {
		return T(math.NaN())
	}
	return stdMax(a, b)
}

// minimumFloat is torch.minimum: NaN if either is NaN.
func minimumFloat[T floatNum](a, b T) T {
	if a != a || b != b {
		return T(math.NaN())
	}
	return stdMin(a, b)
}

// fmaxFloat is std::fmax: a NaN operand is ignored.
func fmaxFloat[T floatNum](a, b T) T {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return stdMax(a, b)
}

// fminFloat is std::fmin: a NaN operand is ignored.
func fminFloat[T floatNum](a, b T) T {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return stdMin(a, b)
}

// lshiftInt is PyTorch 1.13's a << b: computed in the C++ promoted type
// (int for narrow types), with the x86 shift-count masking.
func lshiftInt[T intNum](a, b T) T {
	if unsafe.Sizeof(a) == 8 {
		return T(int64(uint64(a) << (uint64(b) & 63)))
	}
	return T(int32(a) << (uint32(int32(b)) & 31))
}

// rshiftInt is PyTorch 1.13's a >> b, arithmetic for signed types.
func rshiftInt[T intNum](a, b T) T {
	if unsafe.Sizeof(a) == 8 {
		return T(int64(a) >> (uint64(b) & 63))
	}
	return T(int32(a) >> (uint32(int32(b)) & 31))
}

// absElem is |a| with wrap-around (abs of the most negative integer is
// itself).
func absElem[T intNum](a T) T {
	if a < 0 {
		return -a
	}
	return a
}

// signElem is (0 < a) - (a < 0); 0 for NaN.
func signElem[T Num](a T) T {
	switch {
	case a > 0:
		return 1
	case a < 0:
		var one T = 1
		return -one
	}
	return 0
}

// expElem is exp: SLEEF's for float32 (as PyTorch's vectorised kernel),
// Go's for float64.
func expElem[T floatNum](a T) T {
	if unsafe.Sizeof(a) == 4 {
		return T(sleefExpf(float32(a)))
	}
	return T(math.Exp(float64(a)))
}

// sigmoidFloat is 1 / (1 + exp(-a)), each step rounded to the element
// type as PyTorch's kernel computes it.
func sigmoidFloat[T floatNum](a T) T {
	e := T(math.Exp(-float64(a)))
	return 1 / (1 + e)
}

// roundDecimals is torch.round(decimals=d) with p = 10^|d|, computed in the
// element type as PyTorch does: nearbyint(a*p)/p, or nearbyint(a/p)*p for
// negative d.
func roundDecimals[T floatNum](a, p T, neg bool) T {
	if neg {
		return T(math.RoundToEven(float64(a/p))) * p
	}
	return T(math.RoundToEven(float64(a*p))) / p
}

// nanToNum replaces NaN, +inf and -inf.
func nanToNum[T floatNum](a, nan, posinf, neginf T) T {
	switch {
	case a != a:
		return nan
	case math.IsInf(float64(a), 1):
		return posinf
	case math.IsInf(float64(a), -1):
		return neginf
	}
	return a
}

// lerpElem is PyTorch's lerp: start + weight*(end-start), computed from
// the nearer end for accuracy.
func lerpElem[T floatNum](start, end, weight T) T {
	if math.Abs(float64(weight)) < 0.5 {
		return start + weight*(end-start)
	}
	return end - (end-start)*(1-weight)
}

// clampTensorFloat is clamp with tensor bounds: NaN when a bound is NaN.
func clampTensorFloat[T floatNum](a, lo, hi T) T {
	if lo != lo || hi != hi {
		return T(math.NaN())
	}
	return stdMin(stdMax(a, lo), hi)
}
