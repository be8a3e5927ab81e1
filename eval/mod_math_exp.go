package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
	"math"
	"math/big"
)

// crExp is glibc's exp (runtime/tensor's port of it; Go's math.Exp is off
// by one unit in the last place for about one argument in ten).
func crExp(x float64) float64 { return tensor.GlibcExp(x) }

// bigExp is exp(bx) rounded to a float64, for |bx| < 746.
func bigExp(bx *big.Float) float64 {
	xf, _ := bx.Float64()
	k := math.Round(xf / math.Ln2)
	r := new(big.Float).SetPrec(logPrec).Mul(bigLn2, new(big.Float).SetPrec(logPrec).SetFloat64(k))
	r.Sub(bx, r) // |r| <= ln2/2 (or nearly)
	sum := new(big.Float).SetPrec(logPrec).SetInt64(1)
	term := new(big.Float).SetPrec(logPrec).SetInt64(1)
	for n := int64(1); n < 80; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(n))
		if term.Sign() == 0 || term.MantExp(nil) < -logPrec-8 {
			break
		}
		sum.Add(sum, term)
	}
	sum.SetMantExp(sum, int(k))
	f, _ := sum.Float64()
	return f
}

// The trigonometric functions correctly rounded, as glibc's (IBM's
// accurate library) are: the same 128-bit evaluation, after reducing the
// argument by a 256-bit pi. Arguments too large for that reduction to be
// exact enough (|x| >= 2**50) use Go's math package.

const trigPrec = 256

var bigPi, _ = new(big.Float).SetPrec(trigPrec).SetString("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651328230664709384460955058223172535940812848111745028410270193852110555964462294895493038196")

func bf(x float64) *big.Float { return new(big.Float).SetPrec(trigPrec).SetFloat64(x) }

func newBF() *big.Float { return new(big.Float).SetPrec(trigPrec) }

// sinCosBig returns sin(x) and cos(x) for a reduced |x| <= pi/4.
func sinCosBig(x *big.Float) (s, c *big.Float) {
	x2 := newBF().Mul(x, x)
	s, c = newBF().Set(x), newBF().SetInt64(1)
	ts, tc := newBF().Set(x), newBF().SetInt64(1)
	for n := int64(1); n < 80; n++ {
		ts.Mul(ts, x2)
		ts.Quo(ts, newBF().SetInt64((2*n)*(2*n+1)))
		ts.Neg(ts)
		tc.Mul(tc, x2)
		tc.Quo(tc, newBF().SetInt64((2*n-1)*(2*n)))
		tc.Neg(tc)
		s.Add(s, ts)
		c.Add(c, tc)
		if tc.Sign() == 0 || tc.MantExp(nil) < -trigPrec {
			break
		}
	}
	return s, c
}

// trig returns sin(x), cos(x) of a float64 in big precision; ok is false
// for arguments it does not reduce.
func trig(x float64) (s, c *big.Float, ok bool) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, nil, false
	}
	if math.Abs(x) >= 1<<50 {
		return trigHuge(x) // mod_math_trig_huge.go
	}
	halfPi := newBF().Quo(bigPi, newBF().SetInt64(2))
	q := newBF().Quo(bf(x), halfPi)
	qi, _ := q.Int(nil)
	// round to nearest
	frac := newBF().Sub(q, newBF().SetInt(qi))
	if frac.Cmp(big.NewFloat(0.5)) > 0 {
		qi.Add(qi, big.NewInt(1))
	} else if frac.Cmp(big.NewFloat(-0.5)) < 0 {
		qi.Sub(qi, big.NewInt(1))
	}
	r := newBF().Sub(bf(x), newBF().Mul(halfPi, newBF().SetInt(qi)))
	s0, c0 := sinCosBig(r)
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

func crSin(x float64) float64 {
	if x == 0 {
		return x
	}
	s, _, ok := trig(x)
	if !ok {
		return math.Sin(x)
	}
	f, _ := s.Float64()
	return f
}

func crCos(x float64) float64 {
	_, c, ok := trig(x)
	if !ok {
		return math.Cos(x)
	}
	f, _ := c.Float64()
	return f
}

func crTan(x float64) float64 {
	if x == 0 {
		return x
	}
	s, c, ok := trig(x)
	if !ok {
		return math.Tan(x)
	}
	f, _ := s.Quo(s, c).Float64()
	return f
}

// atanBig is atan(z) for any z: reduced to |z| <= 1 (pi/2 - atan(1/z)),
// then halved three times (atan z = 2 atan(z / (1 + sqrt(1 + z*z)))) before
// the series.
func atanBig(z *big.Float) *big.Float {
	neg := z.Sign() < 0
	z = newBF().Abs(z)
	one := newBF().SetInt64(1)
	invert := z.Cmp(one) > 0
	if invert {
		z = newBF().Quo(one, z)
	}
	halvings := 0
	for ; halvings < 4; halvings++ {
		d := newBF().Mul(z, z)
		d.Add(d, one)
		d.Sqrt(d)
		d.Add(d, one)
		z = newBF().Quo(z, d)
	}
	z2 := newBF().Mul(z, z)
	sum, term := newBF().Set(z), newBF().Set(z)
	for n := int64(1); n < 200; n++ {
		term.Mul(term, z2)
		term.Neg(term)
		t := newBF().Quo(term, newBF().SetInt64(2*n+1))
		if t.Sign() == 0 || t.MantExp(nil) < -trigPrec {
			break
		}
		sum.Add(sum, t)
	}
	sum.SetMantExp(sum, halvings)
	if invert {
		sum = newBF().Sub(newBF().Quo(bigPi, newBF().SetInt64(2)), sum)
	}
	if neg {
		sum.Neg(sum)
	}
	return sum
}

func crAtan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Atan(x)
	}
	f, _ := atanBig(bf(x)).Float64()
	return f
}

func crAsin(x float64) float64 {
	if math.IsNaN(x) || x == 0 || math.Abs(x) > 1 {
		return math.Asin(x)
	}
	if math.Abs(x) == 1 {
		return math.Copysign(math.Pi/2, x)
	}
	d := newBF().Mul(bf(x), bf(x))
	d.Sub(newBF().SetInt64(1), d)
	d.Sqrt(d)
	f, _ := atanBig(d.Quo(bf(x), d)).Float64()
	return f
}

func crAcos(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.Acos(x)
	}
	if x == 1 {
		return 0
	}
	if x == -1 {
		return math.Pi
	}
	d := newBF().Mul(bf(x), bf(x))
	d.Sub(newBF().SetInt64(1), d)
	d.Sqrt(d)
	a := atanBig(d.Quo(bf(x), d)) // asin(x)
	f, _ := a.Sub(newBF().Quo(bigPi, newBF().SetInt64(2)), a).Float64()
	return f
}

func crAtan2(y, x float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0 || y == 0 {
		return math.Atan2(y, x)
	}
	a := atanBig(newBF().Quo(bf(y), bf(x)))
	if x < 0 {
		if y >= 0 {
			a.Add(a, bigPi)
		} else {
			a.Sub(a, bigPi)
		}
	}
	f, _ := a.Float64()
	return f
}
