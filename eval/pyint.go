package eval

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/tensh/tensh/runtime/tensor"

	"github.com/tensh/tensh/lang"
)

func newBig(dec string) (*big.Int, bool) { return new(big.Int).SetString(dec, 10) }

// maxIntBits bounds the size of Python ints tensh computes (10**10**10
// would otherwise exhaust memory).
const maxIntBits = 1 << 22

func checkBits(b *big.Int) Int {
	if b.BitLen() > maxIntBits {
		throw("OverflowError", errIntTooLarge, maxIntBits)
	}
	checkIntValue(b.BitLen())
	return MakeBigInt(b)
}

// intBinary computes x op y for Python ints.
func intBinary(op lang.Op, x, y Int) Value {
	a, aok := x.Int64()
	b, bok := y.Int64()
	small := aok && bok
	switch op {
	case lang.Plus:
		if small {
			r := a + b
			if (a >= 0) != (b >= 0) || (r >= 0) == (a >= 0) {
				return MakeInt(r)
			}
		}
		return checkBits(new(big.Int).Add(x.Big(), y.Big()))
	case lang.Minus:
		if small {
			r := a - b
			if (a >= 0) != (b >= 0) && (r >= 0) != (a >= 0) {
				return checkBits(new(big.Int).Sub(x.Big(), y.Big()))
			}
			return MakeInt(r)
		}
		return checkBits(new(big.Int).Sub(x.Big(), y.Big()))
	case lang.Star:
		if small {
			hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
			if hi == 0 && lo <= math.MaxInt64 && a != math.MinInt64 && b != math.MinInt64 {
				r := int64(lo)
				if (a < 0) != (b < 0) {
					r = -r
				}
				return MakeInt(r)
			}
		}
		return checkBits(new(big.Int).Mul(x.Big(), y.Big()))
	case lang.Slash:
		if y.Sign() == 0 {
			throw("ZeroDivisionError", errDivZero)
		}
		if small && abs64(a) < 1<<53 && abs64(b) < 1<<53 {
			return Float(float64(a) / float64(b))
		}
		q, _ := new(big.Rat).SetFrac(x.Big(), y.Big()).Float64()
		if math.IsInf(q, 0) {
			throw("OverflowError", errIntDivTooLarge)
		}
		return Float(q)
	case lang.SlashSlash, lang.Percent:
		if y.Sign() == 0 {
			if op == lang.Percent {
				throw("ZeroDivisionError", errIntModZero)
			}
			throw("ZeroDivisionError", errIntDivZero)
		}
		if small && !(a == math.MinInt64 && b == -1) {
			q, r := a/b, a%b
			if r != 0 && (r < 0) != (b < 0) {
				q--
				r += b
			}
			if op == lang.SlashSlash {
				return MakeInt(q)
			}
			return MakeInt(r)
		}
		q, m := new(big.Int).DivMod(x.Big(), y.Big(), new(big.Int))
		// big's DivMod is Euclidean (m >= 0); Python's modulo has the sign of y.
		if m.Sign() != 0 && y.Sign() < 0 {
			q.Add(q, big.NewInt(1))
			m.Add(m, y.Big())
		}
		if op == lang.SlashSlash {
			return MakeBigInt(q)
		}
		return MakeBigInt(m)
	case lang.StarStar:
		if y.Sign() < 0 {
			if x.Sign() == 0 {
				throw("ZeroDivisionError", errZeroNegPow)
			}
			return floatBinary(op, x.Float(), y.Float())
		}
		if aok && a >= -1 && a <= 1 {
			// 0, 1 and -1 to any power, however large.
			if a == -1 && y.Big().Bit(0) == 1 {
				return MakeInt(-1)
			}
			if a == 0 && y.Sign() > 0 {
				return MakeInt(0)
			}
			return MakeInt(1)
		}
		if !bok {
			throw("OverflowError", errExponentTooLarge)
		}
		if x.Big().BitLen()*int(min(b, maxIntBits+1)) > maxIntBits && x.Sign() != 0 && !(aok && (a == 1 || a == -1)) {
			throw("OverflowError", errIntTooLarge, maxIntBits)
		}
		return checkBits(new(big.Int).Exp(x.Big(), y.Big(), nil))
	case lang.Amp:
		return MakeBigInt(new(big.Int).And(x.Big(), y.Big()))
	case lang.Pipe:
		return MakeBigInt(new(big.Int).Or(x.Big(), y.Big()))
	case lang.Caret:
		return MakeBigInt(new(big.Int).Xor(x.Big(), y.Big()))
	case lang.LtLt, lang.GtGt:
		if y.Sign() < 0 {
			throw("ValueError", errNegativeShift)
		}
		if !bok || b > maxIntBits {
			if op == lang.GtGt {
				if x.Sign() < 0 {
					return MakeInt(-1)
				}
				return MakeInt(0)
			}
			if x.Sign() == 0 {
				return MakeInt(0)
			}
			if shiftOverflows(x, y) {
				throw("OverflowError", errTooManyDigits)
			}
			// Past the memory cap CPython fails to allocate the result.
			if float64(x.Big().BitLen())+y.Float() > 8*float64(tensor.MemoryLimit()) {
				throw("MemoryError", "")
			}
			throw("OverflowError", errIntTooLarge, maxIntBits)
		}
		if op == lang.LtLt {
			return checkBits(new(big.Int).Lsh(x.Big(), uint(b)))
		}
		return MakeBigInt(new(big.Int).Rsh(x.Big(), uint(b)))
	}
	return nil
}

// shiftOverflows reports whether CPython's x << y fails with "too many
// digits in integer": the result would need more 30-bit digits than a
// PyLongObject can have (smaller results fail to allocate instead).
func shiftOverflows(x, y Int) bool {
	const maxLongDigits = (1<<63 - 1 - 24) / 4
	digits := new(big.Int).Div(y.Big(), big.NewInt(30))
	if new(big.Int).Mod(y.Big(), big.NewInt(30)).Sign() != 0 {
		digits.Add(digits, big.NewInt(1))
	}
	digits.Add(digits, big.NewInt(int64((x.Big().BitLen()+29)/30)))
	return digits.Cmp(big.NewInt(maxLongDigits)) > 0
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// floatBinary computes x op y for Python floats.
func floatBinary(op lang.Op, a, b float64) Value {
	switch op {
	case lang.Plus:
		return Float(a + b)
	case lang.Minus:
		return Float(a - b)
	case lang.Star:
		return Float(a * b)
	case lang.Slash:
		if b == 0 {
			throw("ZeroDivisionError", errFloatDivZero)
		}
		return Float(a / b)
	case lang.SlashSlash, lang.Percent:
		if b == 0 {
			if op == lang.Percent {
				throw("ZeroDivisionError", errFloatModZero)
			}
			throw("ZeroDivisionError", errFloatFloorDivZero)
		}
		div, mod := floatDivmod(a, b)
		if op == lang.SlashSlash {
			return Float(div)
		}
		return Float(mod)
	case lang.StarStar:
		if a < 0 && b != math.Trunc(b) && !math.IsInf(b, 0) && !math.IsNaN(b) {
			// Negative numbers raised to fractional powers become complex.
			return complexPow(Complex{Re: a}, Complex{Re: b})
		}
		return Float(floatPow(a, b))
	}
	return nil
}

// floatDivmod is CPython's float_divmod.
func floatDivmod(vx, wx float64) (floordiv, mod float64) {
	mod = math.Mod(vx, wx)
	div := (vx - mod) / wx
	if mod != 0 {
		if (wx < 0) != (mod < 0) {
			mod += wx
			div -= 1.0
		}
	} else {
		mod = math.Copysign(0, wx)
	}
	if div != 0 {
		floordiv = math.Floor(div)
		if div-floordiv > 0.5 {
			floordiv += 1.0
		}
	} else {
		floordiv = math.Copysign(0, vx/wx)
	}
	return floordiv, mod
}

// floatPow is CPython's float_pow, without complex results (those are
// complexPow's).
func floatPow(a, b float64) float64 {
	if a == 0 && b < 0 {
		throw("ZeroDivisionError", errZeroNegPow)
	}
	r := tensor.Pow(a, b) // C's pow, as CPython calls it (Go's math.Pow is less exact)
	if math.IsInf(r, 0) && !math.IsInf(a, 0) && !math.IsInf(b, 0) {
		throw("OverflowError", errFloatOverflow)
	}
	return r
}
