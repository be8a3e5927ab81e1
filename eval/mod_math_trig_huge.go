package eval

import (
	"math"
	"math/big"
	"sync"
)

// Huge trigonometric arguments (|x| >= 2^50): x reduced by π/2 with π to
// hugePrec bits (Machin's formula), enough for any finite double (2^1024
// needs 1024 bits of π beyond the 128 the result keeps), then the same
// correctly rounded evaluation as trig's. glibc's sin, cos and tan are
// correctly rounded in practice there too (math.sin(1e22) is
// -0.8522008497671888, the true value rounded).

const hugePrec = 1300

var (
	hugePiOnce sync.Once
	hugeHalfPi *big.Float
)

// atanInv is atan(1/n) to hugePrec bits (its Taylor series).
func atanInv(n int64) *big.Float {
	x := new(big.Float).SetPrec(hugePrec).Quo(new(big.Float).SetPrec(hugePrec).SetInt64(1), new(big.Float).SetPrec(hugePrec).SetInt64(n))
	x2 := new(big.Float).SetPrec(hugePrec).Mul(x, x)
	sum := new(big.Float).SetPrec(hugePrec).Set(x)
	term := new(big.Float).SetPrec(hugePrec).Set(x)
	for k := int64(1); k < 2000; k++ {
		term.Mul(term, x2)
		t := new(big.Float).SetPrec(hugePrec).Quo(term, new(big.Float).SetPrec(hugePrec).SetInt64(2*k+1))
		if k%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
		if t.Sign() == 0 || t.MantExp(nil) < -hugePrec-8 {
			break
		}
	}
	return sum
}

func hugePi() *big.Float {
	hugePiOnce.Do(func() {
		// π/2 = 8 atan(1/5) - 2 atan(1/239)
		a := new(big.Float).SetPrec(hugePrec).Mul(atanInv(5), new(big.Float).SetPrec(hugePrec).SetInt64(8))
		b := new(big.Float).SetPrec(hugePrec).Mul(atanInv(239), new(big.Float).SetPrec(hugePrec).SetInt64(2))
		hugeHalfPi = a.Sub(a, b)
	})
	return hugeHalfPi
}

// trigHuge is trig for finite |x| >= 2^50.
func trigHuge(x float64) (s, c *big.Float, ok bool) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, nil, false
	}
	hp := hugePi()
	bx := new(big.Float).SetPrec(hugePrec).SetFloat64(x)
	q := new(big.Float).SetPrec(hugePrec).Quo(bx, hp)
	qi, _ := q.Int(nil)
	frac := new(big.Float).SetPrec(hugePrec).Sub(q, new(big.Float).SetPrec(hugePrec).SetInt(qi))
	if frac.Cmp(big.NewFloat(0.5)) > 0 {
		qi.Add(qi, big.NewInt(1))
	} else if frac.Cmp(big.NewFloat(-0.5)) < 0 {
		qi.Sub(qi, big.NewInt(1))
	}
	r := new(big.Float).SetPrec(hugePrec).Sub(bx, new(big.Float).SetPrec(hugePrec).Mul(hp, new(big.Float).SetPrec(hugePrec).SetInt(qi)))
	s0, c0 := sinCosBig(newBF().Set(r))
	switch new(big.Int).And(qi, big.NewInt(3)).Int64() {
	case 0:
		return s0, c0, true
	case 1:
		return c0, s0.Neg(s0), true
	case 2:
		return s0.Neg(s0), c0.Neg(c0), true
	}
	return c0.Neg(c0), s0, true
}
