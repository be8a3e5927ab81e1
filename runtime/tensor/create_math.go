package tensor

import "math"

// Pow is C's pow(x, y), correctly rounded. glibc's pow (which PyTorch's
// logspace calls) errs by at most 0.52 ulp, so it is the correctly rounded
// result but for about one argument pair in 2000, where the two differ in
// the last bit; Go's math.Pow is off by an ulp or more far more often. The
// general case is computed as exp(y*log(x)) in double-double arithmetic
// (about 100 bits) and rounded once.
func Pow(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0:
		return math.Pow(x, y)
	case x < 0:
		if y != math.Trunc(y) {
			return math.NaN()
		}
		r := Pow(-x, y)
		if math.Abs(y) < 1<<53 && int64(y)&1 == 1 {
			return -r
		}
		return r
	}
	t := ddMulF(ddLog(x), y)
	if t.hi > 710 {
		return math.Inf(1)
	}
	if t.hi < -746 {
		return 0
	}
	return ddExp(t)
}

// dd is an unevaluated sum hi+lo of two float64s with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return
}

func quickTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return
}

func ddAdd(x, y dd) dd {
	s, e := twoSum(x.hi, y.hi)
	t, f := twoSum(x.lo, y.lo)
	e += t
	s, e = quickTwoSum(s, e)
	e += f
	s, e = quickTwoSum(s, e)
	return dd{s, e}
}

func ddNeg(x dd) dd { return dd{-x.hi, -x.lo} }

func ddMul(x, y dd) dd {
	p := x.hi * y.hi
	e := math.FMA(x.hi, y.hi, -p)
	e += x.hi*y.lo + x.lo*y.hi
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddMulF(x dd, y float64) dd {
	p := x.hi * y
	e := math.FMA(x.hi, y, -p)
	e += x.lo * y
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddDiv(x, y dd) dd {
	q1 := x.hi / y.hi
	r := ddAdd(x, ddNeg(ddMulF(y, q1)))
	q2 := r.hi / y.hi
	r = ddAdd(r, ddNeg(ddMulF(y, q2)))
	q3 := r.hi / y.hi
	q1, q2 = quickTwoSum(q1, q2)
	return ddAdd(dd{q1, q2}, dd{q3, 0})
}

var ddLn2 = dd{0.6931471805599453, 2.3190468138462996e-17}

// ddLog is log(x) for a finite x > 0: x = m·2^k with m in [√½, √2), and
// log(m) = 2·atanh((m-1)/(m+1)) by its series.
func ddLog(x float64) dd {
	m, k := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		k--
	}
	num := dd{m - 1, 0}
	dh, dl := twoSum(m, 1)
	s := ddDiv(num, dd{dh, dl})
	s2 := ddMul(s, s)
	sum, term := s, s
	for j := 3.0; j < 80; j += 2 {
		term = ddMul(term, s2)
		q := ddDiv(term, dd{j, 0})
		if math.Abs(q.hi) < 1e-40*math.Abs(sum.hi) {
			break
		}
		sum = ddAdd(sum, q)
	}
	sum = dd{2 * sum.hi, 2 * sum.lo}
	return ddAdd(ddMulF(ddLn2, float64(k)), sum)
}

// ddExp is exp(t) rounded to float64: t = n·ln2 + r, exp(r) by its Taylor
// series on r/256, squared eight times.
func ddExp(t dd) float64 {
	n := math.Round(t.hi / ddLn2.hi)
	r := ddAdd(t, ddNeg(ddMulF(ddLn2, n)))
	r = dd{r.hi / 256, r.lo / 256}
	sum, term := dd{1, 0}, dd{1, 0}
	for j := 1.0; j < 30; j++ {
		term = ddDiv(ddMul(term, r), dd{j, 0})
		if math.Abs(term.hi) < 1e-40 {
			break
		}
		sum = ddAdd(sum, term)
	}
	for range 8 {
		sum = ddMul(sum, sum)
	}
	return math.Ldexp(sum.hi+sum.lo, int(n))
}
