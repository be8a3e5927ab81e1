package eval

import (
	"math"
	"strconv"
	"strings"
)

// floatHex is float.hex(): CPython's float_hex (floatobject.c), the
// significand as one hex digit, a point and 13 more, and the binary
// exponent: 0x1.8000000000000p+0 for 1.5; subnormals keep the exponent
// -1022 with a leading 0.
func floatHex(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case x == 0:
		if math.Signbit(x) {
			return "-0x0.0p+0"
		}
		return "0x0.0p+0"
	}
	const minExp = -1021 // C's DBL_MIN_EXP
	m, e := math.Frexp(math.Abs(x))
	shift := 1 - max(minExp-e, 0)
	m = math.Ldexp(m, shift)
	e -= shift
	const digits = "0123456789abcdef"
	var b strings.Builder
	if x < 0 {
		b.WriteByte('-')
	}
	b.WriteString("0x")
	d := int(m)
	b.WriteByte(digits[d])
	m -= float64(d)
	b.WriteByte('.')
	for range 13 { // (TOHEX_NBITS-1)/4 of a double
		m *= 16
		d = int(m)
		b.WriteByte(digits[d])
		m -= float64(d)
	}
	b.WriteByte('p')
	if e < 0 {
		b.WriteByte('-')
		e = -e
	} else {
		b.WriteByte('+')
	}
	b.WriteString(strconv.Itoa(e))
	return b.String()
}

func init() {
	registerMethods("float",
		method("hex", "hex()", "Returns a hexadecimal representation of the float: 0x1.8000000000000p+0 for 1.5.", func(a *Args) Value {
			noArgsM(a, "float.hex")
			return Str(floatHex(float64(a.Self.(Float))))
		}))
}
