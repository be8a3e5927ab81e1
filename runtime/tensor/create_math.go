package tensor

import (
	"math"
	"math/big"
	"sync"
)

// Pow is C's pow(x, y): glibc's (libm_glibc_log.go), which CPython's
// float ** and math.pow, NumPy's scalar power and PyTorch's logspace call.
func Pow(x, y float64) float64 { return GlibcPow(x, y) }

// powFromLog is exp(y·lx) for lx = log(x) of a finite x > 0, x != 1, and a
// finite y != 0: Pow's general case.
func powFromLog(lx pdd, y float64) float64 {
	t := pddMulF(lx, y)
	if t.hi > 710 {
		return math.Inf(1)
	}
	if t.hi < -746 {
		return 0
	}
	return pddExp(t)
}

// powBase returns the function y ↦ Pow(x, y), with log(x) computed once
// (logspace raises one base to many exponents).
func powBase(x float64) func(y float64) float64 {
	if !(x > 0) || x == 1 || math.IsInf(x, 0) {
		return func(y float64) float64 { return Pow(x, y) }
	}
	lx := pddLog(x)
	return func(y float64) float64 {
		if y == 0 || math.IsNaN(y) || math.IsInf(y, 0) {
			return Pow(x, y)
		}
		return powFromLog(lx, y)
	}
}

// pdd is an unevaluated sum hi+lo of two float64s with |lo| <= ulp(hi)/2.
type pdd struct{ hi, lo float64 }

func pTwoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return
}

func pQuickTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return
}

func pddAdd(x, y pdd) pdd {
	s, e := pTwoSum(x.hi, y.hi)
	t, f := pTwoSum(x.lo, y.lo)
	e += t
	s, e = pQuickTwoSum(s, e)
	e += f
	s, e = pQuickTwoSum(s, e)
	return pdd{s, e}
}

func pddNeg(x pdd) pdd { return pdd{-x.hi, -x.lo} }

func pddMul(x, y pdd) pdd {
	p := x.hi * y.hi
	e := math.FMA(x.hi, y.hi, -p)
	e += x.hi*y.lo + x.lo*y.hi
	p, e = pQuickTwoSum(p, e)
	return pdd{p, e}
}

func pddMulF(x pdd, y float64) pdd {
	p := x.hi * y
	e := math.FMA(x.hi, y, -p)
	e += x.lo * y
	p, e = pQuickTwoSum(p, e)
	return pdd{p, e}
}

func pddDiv(x, y pdd) pdd {
	q1 := x.hi / y.hi
	r := pddAdd(x, pddNeg(pddMulF(y, q1)))
	q2 := r.hi / y.hi
	r = pddAdd(r, pddNeg(pddMulF(y, q2)))
	q3 := r.hi / y.hi
	q1, q2 = pQuickTwoSum(q1, q2)
	return pddAdd(pdd{q1, q2}, pdd{q3, 0})
}

var pddLn2 = pdd{0.6931471805599453, 2.3190468138462996e-17}

// Series coefficients in double-double, computed once: 1/(2k+1) for
// atanh and 1/k! for exp.
var (
	powOnce   sync.Once
	atanhCoef [23]pdd
	expCoef   [12]pdd
)

func bigPdd(x *big.Float) pdd {
	hi, _ := x.Float64()
	lo, _ := new(big.Float).Sub(x, new(big.Float).SetFloat64(hi)).Float64()
	return pdd{hi, lo}
}

func initPowCoef() {
	one := new(big.Float).SetPrec(200).SetInt64(1)
	for k := range atanhCoef {
		atanhCoef[k] = bigPdd(new(big.Float).SetPrec(200).Quo(one, new(big.Float).SetInt64(int64(2*k+1))))
	}
	f := new(big.Float).SetPrec(200).SetInt64(1)
	for k := range expCoef {
		if k > 0 {
			f.Mul(f, new(big.Float).SetInt64(int64(k)))
		}
		expCoef[k] = bigPdd(new(big.Float).SetPrec(200).Quo(one, f))
	}
}

// pddLog is log(x) for a finite x > 0: x = m·2^k with m in [√½, √2), and
// log(m) = 2·atanh(s), s = (m-1)/(m+1), |s| < 0.172, by its series (23
// terms reach 2^-110).
func pddLog(x float64) pdd {
	powOnce.Do(initPowCoef)
	m, k := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		k--
	}
	dh, dl := pTwoSum(m, 1)
	s := pddDiv(pdd{m - 1, 0}, pdd{dh, dl})
	s2 := pddMul(s, s)
	sum := atanhCoef[len(atanhCoef)-1]
	for j := len(atanhCoef) - 2; j >= 0; j-- {
		sum = pddAdd(pddMul(sum, s2), atanhCoef[j])
	}
	sum = pddMul(sum, s)
	sum = pdd{2 * sum.hi, 2 * sum.lo}
	return pddAdd(pddMulF(pddLn2, float64(k)), sum)
}

// pddExp is exp(t) rounded to float64: t = n·ln2 + r, exp(r) by its Taylor
// series on r/256 (|r/256| < 0.0014: 12 terms reach 2^-110), squared eight
// times.
func pddExp(t pdd) float64 {
	powOnce.Do(initPowCoef)
	n := math.Round(t.hi / pddLn2.hi)
	r := pddAdd(t, pddNeg(pddMulF(pddLn2, n)))
	r = pdd{r.hi / 256, r.lo / 256}
	sum := expCoef[len(expCoef)-1]
	for j := len(expCoef) - 2; j >= 0; j-- {
		sum = pddAdd(pddMul(sum, r), expCoef[j])
	}
	for range 8 {
		sum = pddMul(sum, sum)
	}
	return math.Ldexp(sum.hi+sum.lo, int(n))
}

// Range is torch.range(start, end, step): the values start + i*step
// (computed in double, or int64 for integer dtypes) from start to end,
// end included when reached.
func Range(start, end, step Scalar, d DType) *Tensor {
	xs, xe, st := start.Float(), end.Float(), step.Float()
	if d.IsIntegral(true) {
		xs, xe, st = float64(start.Int()), float64(end.Int()), float64(step.Int())
	}
	if !(st > 0 || st < 0) {
		raise(RuntimeError, errStepZero)
	}
	if math.IsInf(xs, 0) || math.IsNaN(xs) || math.IsInf(xe, 0) || math.IsNaN(xe) {
		raise(RuntimeError, errRangeUnsupported, CppFloatString(xs), CppFloatString(xe))
	}
	if !((st > 0 && xe >= xs) || (st < 0 && xe <= xs)) {
		raise(RuntimeError, errRangeSign)
	}
	size := int(int64((xe-xs)/st + 1))
	out := Empty([]int{size}, d)
	for i := 0; i < size; i++ {
		pollAt(i)
		if d.IsIntegral(true) {
			out.st.Set(i, IntS(start.Int()+int64(i)*step.Int()))
		} else {
			out.st.Set(i, FloatS(xs+float64(i)*st))
		}
	}
	return out
}
