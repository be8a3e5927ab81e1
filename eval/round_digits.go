package eval

import (
	"math"

	"github.com/tensh/tensh/lang"
)

// roundIntDigits is round(n, nd) for an int n and an int ndigits, as
// CPython's int.__round__: n itself for ndigits >= 0 (however large), and
// n rounded to a multiple of 10**-ndigits, halves to even, otherwise.
// When 10**-ndigits exceeds twice |n| the result is 0 without computing
// the power (CPython builds it, and round(10, -2**31) takes a gigabyte to
// return 0; round(1, -2**63) never returns).
func roundIntDigits(n Int, nd Value) Value {
	var d Int
	switch v := nd.(type) {
	case Int:
		d = v
	case Bool:
		d = boolInt(v)
	default:
		i, ok := pyIndex("round", nd)
		if !ok {
			throw("TypeError", errCannotInterpretInt, TypeName(nd))
		}
		d = MakeInt(i)
	}
	if d.Sign() >= 0 {
		return n
	}
	// |n| < 10**k for k decimal digits, so 10**-d >= 10**(k+1) > 2|n|.
	k := int64(len(n.Big().Text(10))) // includes a '-' sign: one more is safe
	if nd64, ok := d.Int64(); !ok || nd64 < -k {
		return MakeInt(0)
	}
	p := intBinary(lang.StarStar, MakeInt(10), intBinary(lang.Minus, MakeInt(0), d).(Int)).(Int)
	half := intBinary(lang.SlashSlash, p, MakeInt(2)).(Int)
	q := intBinary(lang.SlashSlash, intBinary(lang.Plus, n, half).(Int), p).(Int)
	r := intBinary(lang.Percent, intBinary(lang.Plus, n, half).(Int), p).(Int)
	if r.Sign() == 0 && p.Sign() != 0 {
		// exact tie: round to even
		if q.Big().Bit(0) != 0 {
			q = intBinary(lang.Minus, q, MakeInt(1)).(Int)
		}
	}
	return intBinary(lang.Star, q, p)
}

// floatRoundDigits is ndigits for round(float, ndigits): CPython reads it
// with PyNumber_AsSsize_t(ndigits, NULL), which clamps ints past the
// index range instead of raising.
func floatRoundDigits(nd Value) (int64, bool) {
	if v, ok := nd.(Int); ok {
		if _, fits := v.Int64(); !fits {
			if v.Sign() < 0 {
				return math.MinInt64, true
			}
			return math.MaxInt64, true
		}
	}
	return pyIndex("round", nd)
}

// intCtorBase is int(x, base)'s base, checked as CPython checks it: 10 when
// it is omitted; TypeError for a base given with x not a str;
// ValueError outside 2..36 and 0, whatever the int's size.
func intCtorBase(x, base Value) int {
	if _, none := base.(NoneType); none {
		return 10
	}
	if _, ok := x.(Str); !ok {
		throw("TypeError", errIntNonStringBase)
	}
	var b int64
	switch v := base.(type) {
	case Int:
		n, ok := v.Int64()
		if !ok {
			throw("ValueError", errIntBaseRange)
		}
		b = n
	case Bool:
		b = int64(boolInt(v).small)
	default:
		n, ok := pyIndex("int", base)
		if !ok {
			throw("TypeError", errCannotInterpretInt, TypeName(base))
		}
		b = n
	}
	if b != 0 && (b < 2 || b > 36) {
		throw("ValueError", errIntBaseRange)
	}
	return int(b)
}
