package eval

import (
	"math"
	"math/big"

	"github.com/tensh/tensh/lang"
)

// The statistics module, as statistics.py computes: mean, variance and
// the standard deviations exactly with fractions (big.Rat) and rounded
// once (stdev's _float_sqrt_of_frac included), the medians, modes and
// quantiles with Python's arithmetic on the sorted data, fmean and the
// regressions with fsum.

// statsSum is _sum: the result type (int unless a float was seen), the
// exact total (or a non-finite float), and the count.
type statsSum struct {
	isFloat bool
	total   *big.Rat
	special float64 // an infinity or NaN among the data (total is then unused)
	hasSpec bool
	count   int64
}

// exactRatio is _exact_ratio.
func exactRatio(x Value) (r *big.Rat, isFloat bool, special float64, isSpecial bool) {
	switch v := x.(type) {
	case Int:
		return new(big.Rat).SetInt(v.Big()), false, 0, false
	case Bool:
		return new(big.Rat).SetInt64(int64(b2f(bool(v)))), false, 0, false
	case Float:
		f := float64(v)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, true, f, true
		}
		return new(big.Rat).SetFloat64(f), true, 0, false
	}
	throw("TypeError", errStatsNumDen, shortTypeName(x))
	return nil, false, 0, false
}

func statsTotal(data []Value) statsSum {
	s := statsSum{total: new(big.Rat)}
	for _, x := range data {
		r, isF, sp, isSp := exactRatio(x)
		s.isFloat = s.isFloat || isF
		s.count++
		if isSp {
			if !s.hasSpec {
				s.special, s.hasSpec = sp, true
			} else {
				s.special += sp
			}
			continue
		}
		s.total.Add(s.total, r)
	}
	return s
}

// convertRat is _convert(value, T).
func convertRat(r *big.Rat, isFloat bool) Value {
	if !isFloat && r.IsInt() {
		return MakeBigInt(r.Num())
	}
	f, _ := r.Float64()
	return Float(f)
}

// statsSS is _ss: the exact sum of squared deviations from the mean (or
// from c when given), and the count.
func statsSS(s *Session, data []Value, c Value) (ss *big.Rat, isFloat bool, special float64, hasSpec bool, n int64) {
	if c != nil && c != None {
		dev := make([]Value, len(data))
		for i, x := range data {
			d := s.binary(lang.Minus, x, c)
			dev[i] = s.binary(lang.Star, d, d)
		}
		t := statsTotal(dev)
		return t.total, t.isFloat, t.special, t.hasSpec, t.count
	}
	sx, sxx := new(big.Rat), new(big.Rat)
	for _, x := range data {
		r, isF, sp, isSp := exactRatio(x)
		isFloat = isFloat || isF
		n++
		if isSp {
			if !hasSpec {
				special, hasSpec = sp, true
			} else {
				special += sp
			}
			continue
		}
		sx.Add(sx, r)
		sxx.Add(sxx, new(big.Rat).Mul(r, r))
	}
	if n == 0 || hasSpec {
		return new(big.Rat), isFloat, special, hasSpec, n
	}
	cnt := new(big.Rat).SetInt64(n)
	ss = new(big.Rat).Mul(cnt, sxx)
	ss.Sub(ss, new(big.Rat).Mul(sx, sx))
	ss.Quo(ss, cnt)
	return ss, isFloat, 0, false, n
}

// isqrt is floor(sqrt(n)) for n >= 0.
func isqrtBig(n *big.Int) *big.Int { return new(big.Int).Sqrt(n) }

// intSqrtFracRTO is _integer_sqrt_of_frac_rto: sqrt(n/m), rounded to odd.
func intSqrtFracRTO(n, m *big.Int) *big.Int {
	a := isqrtBig(new(big.Int).Quo(n, m))
	chk := new(big.Int).Mul(a, a)
	chk.Mul(chk, m)
	if chk.Cmp(n) != 0 {
		a.SetBit(a, 0, 1)
	}
	return a
}

// floatSqrtFrac is _float_sqrt_of_frac: sqrt(n/m) correctly rounded.
func floatSqrtFrac(r *big.Rat) float64 {
	n, m := r.Num(), r.Denom()
	if n.Sign() < 0 {
		throw("ValueError", errMathDomain) // math.isqrt of a negative
	}
	const width = 2*53 + 3
	q := (n.BitLen() - m.BitLen() - width)
	if q >= 0 {
		q /= 2
	} else {
		q = -((-q + 1) / 2) // floor division by 2
	}
	var num, den *big.Int
	if q >= 0 {
		num = intSqrtFracRTO(n, new(big.Int).Lsh(m, uint(2*q)))
		num.Lsh(num, uint(q))
		den = big.NewInt(1)
	} else {
		num = intSqrtFracRTO(new(big.Int).Lsh(n, uint(-2*q)), m)
		den = new(big.Int).Lsh(big.NewInt(1), uint(-q))
	}
	f, _ := new(big.Rat).SetFrac(num, den).Float64()
	return f
}

func statsFn(m map[string]Value, name, sig, doc string, fn func(a *Args) Value) {
	m[name] = &Builtin{Name: name, Sig: "statistics." + sig, Doc: doc, Module: "statistics", Fn: fn}
}

func statsErr(format string, args ...any) {
	throw("statistics.StatisticsError", format, args...)
}

// fsumValues is math.fsum of Python numbers.
func fsumValues(vs []Value) float64 {
	fs := make([]float64, len(vs))
	for i, v := range vs {
		fs[i] = toFloat(v)
	}
	return fsum(fs)
}

var linearRegressionClass = newNamedTupleClass("LinearRegression", []string{"slope", "intercept"}, false, nil, "statistics")
