package tensor

import (
	"math"
	"math/big"
	"sync"
)

// Correctly rounded log, sin and cos.
//
// PyTorch's Box–Muller transforms call the C library's log, sin and cos
// (glibc's on Debian). sin and cos are reproduced exactly in
// random_sincos.go. glibc's log is table-driven with tables that cannot be
// rederived, but it is correctly rounded for all but about one argument in
// a thousand; Go's math.Log is only faithful (within one unit in the last
// place), which would change the last bit of many double samples. crLog
// evaluates in double-double arithmetic (about 100 correct bits) and
// rounds once, so it agrees with glibc wherever glibc is correctly
// rounded. The correctly rounded sin and cos here back the float versions
// (logf, sinf, cosf, which glibc also rounds correctly nearly always) and
// the huge arguments that glibc's sin and cos reduce differently.

// dd is an unevaluated sum hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func (a dd) add(b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func (a dd) addF(b float64) dd {
	s := twoSum(a.hi, b)
	s.lo += a.lo
	return quickTwoSum(s.hi, s.lo)
}

func (a dd) mul(b dd) dd {
	p := twoProd(a.hi, b.hi)
	p.lo += a.hi*b.lo + a.lo*b.hi
	return quickTwoSum(p.hi, p.lo)
}

func (a dd) mulF(b float64) dd {
	p := twoProd(a.hi, b)
	p.lo += a.lo * b
	return quickTwoSum(p.hi, p.lo)
}

func (a dd) neg() dd { return dd{-a.hi, -a.lo} }

// Constants to about 160 bits as three doubles, computed once with
// math/big: ln 2 and pi/2.
var (
	ln2Parts  [3]float64
	pio2Parts [3]float64
	// sinCosTab[i] holds sin and cos of i/64 in double-double, for the
	// table-driven evaluation of sin and cos on [0, pi/4].
	sinTab [52]dd
	cosTab [52]dd
	// invFact[k] is 1/k! in double-double.
	invFact [30]dd
	// logTab[i] is log(1 + i/128) in double-double.
	logTab [129]dd
)

const bigPrec = 200

// bigPow2 is 2^e at bigPrec bits.
func bigPow2(e int) *big.Float {
	f := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	return f.SetMantExp(f, e)
}

func splitBig(x *big.Float) (parts [3]float64) {
	r := new(big.Float).SetPrec(bigPrec).Set(x)
	for i := range parts {
		f, _ := r.Float64()
		parts[i] = f
		r.Sub(r, new(big.Float).SetFloat64(f))
	}
	return parts
}

func bigToDD(x *big.Float) dd {
	p := splitBig(x)
	return dd{p[0], p[1]}
}

// bigArctanInv is arctan(1/n) by its series, for Machin's formula.
func bigArctanInv(n int64) *big.Float {
	x := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1).SetPrec(bigPrec), new(big.Float).SetPrec(bigPrec).SetInt64(n))
	x2 := new(big.Float).SetPrec(bigPrec).Mul(x, x)
	sum := new(big.Float).SetPrec(bigPrec).Set(x)
	term := new(big.Float).SetPrec(bigPrec).Set(x)
	eps := bigPow2(-bigPrec - 8)
	for k := int64(3); ; k += 2 {
		term.Mul(term, x2)
		t := new(big.Float).SetPrec(bigPrec).Quo(term, new(big.Float).SetPrec(bigPrec).SetInt64(k))
		if (k/2)%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
		if t.Cmp(eps) < 0 {
			return sum
		}
	}
}

// bigSinCos evaluates the Taylor series of sin and cos at x (|x| < 1).
func bigSinCos(x *big.Float) (s, c *big.Float) {
	s = new(big.Float).SetPrec(bigPrec)
	c = new(big.Float).SetPrec(bigPrec)
	term := new(big.Float).SetPrec(bigPrec).SetInt64(1) // x^k/k!
	eps := bigPow2(-bigPrec - 8)
	for k := int64(0); k < 200; k++ {
		switch k % 4 {
		case 0:
			c.Add(c, term)
		case 1:
			s.Add(s, term)
		case 2:
			c.Sub(c, term)
		case 3:
			s.Sub(s, term)
		}
		term.Mul(term, x)
		term.Quo(term, new(big.Float).SetPrec(bigPrec).SetInt64(k+1))
		if term.Sign() == 0 || new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	return s, c
}

// tablesOnce computes the constants and tables on first use.
var tablesOnce sync.Once

func initRandomTables() {
	// ln 2 = sum 1/(k 2^k).
	ln2 := new(big.Float).SetPrec(bigPrec)
	for k := int64(1); k <= bigPrec+20; k++ {
		t := bigPow2(int(-k))
		t.Quo(t, new(big.Float).SetPrec(bigPrec).SetInt64(k))
		ln2.Add(ln2, t)
	}
	ln2Parts = splitBig(ln2)
	// pi/4 = 4 arctan(1/5) - arctan(1/239) (Machin), so pi/2 is twice it.
	pio4 := new(big.Float).SetPrec(bigPrec).Mul(big.NewFloat(4), bigArctanInv(5))
	pio4.Sub(pio4, bigArctanInv(239))
	pio2 := new(big.Float).SetPrec(bigPrec).Mul(pio4, big.NewFloat(2))
	pio2Parts = splitBig(pio2)
	for i := range sinTab {
		x := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(float64(i)), big.NewFloat(64))
		s, c := bigSinCos(x)
		sinTab[i], cosTab[i] = bigToDD(s), bigToDD(c)
	}
	f := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	for k := range invFact {
		if k > 0 {
			f.Mul(f, new(big.Float).SetPrec(bigPrec).SetInt64(int64(k)))
		}
		invFact[k] = bigToDD(new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1).SetPrec(bigPrec), f))
	}
	for i := range logTab {
		logTab[i] = ddLog(1 + float64(i)/128)
	}
	initGlibcSinCosTab()
}

// ddExpm1 returns e^a - 1 in double-double, accurate relative to the
// result, for |a| < 700.
func ddExpm1(a float64) dd {
	k := math.Round(a / math.Ln2)
	// r = a - k ln2, with k ln2 to about 150 bits.
	r := dd{a, 0}
	for _, c := range ln2Parts {
		r = r.add(twoProd(-k, c))
	}
	// Halve r eight times, sum the series, then double back with
	// expm1(2z) = expm1(z) (expm1(z) + 2).
	const halvings = 8
	z := dd{math.Ldexp(r.hi, -halvings), math.Ldexp(r.lo, -halvings)}
	sum := invFact[13]
	for n := 12; n >= 1; n-- {
		sum = sum.mul(z).add(invFact[n])
	}
	em1 := sum.mul(z)
	for i := 0; i < halvings; i++ {
		em1 = em1.mul(em1.addF(2))
	}
	if k == 0 {
		return em1
	}
	// e^a - 1 = 2^k (1 + em1) - 1.
	p := math.Ldexp(1, int(k))
	return dd{em1.hi * p, em1.lo * p}.addF(p - 1)
}

// ddLog is log(x) in double-double (x > 0, finite): x = m 2^k with m in
// [1, 2), and log m is Go's log corrected by one Newton step evaluated in
// double-double.
func ddLog(x float64) dd {
	m, e := math.Frexp(x)
	m *= 2
	k := float64(e - 1)
	var r dd
	if y := math.Log(m); y != 0 {
		// log m = y + log1p(t) with t = m e^-y - 1 = m expm1(-y) + (m - 1),
		// m - 1 formed exactly.
		em1 := ddExpm1(-y)
		t := em1.mulF(m).add(twoSum(m, -1))
		// log1p(t) = t - t²/2 for |t| < 2^-50.
		r = dd{y, 0}.add(t.add(t.mul(t).mulF(-0.5)))
	}
	for _, c := range ln2Parts {
		r = r.add(twoProd(k, c))
	}
	return r
}

// roundsSafely reports whether every value within err of h + l (a
// normalized double-double) rounds to h.
func roundsSafely(r dd, err float64) bool {
	h := r.hi
	bits := math.Float64bits(h)
	if bits&(1<<52-1) == 0 || math.IsInf(h, 0) || h == 0 {
		return false // a power of two: the ulp below is smaller
	}
	half := math.Abs(h-math.Float64frombits(bits-1)) / 2
	return math.Abs(math.Abs(r.lo)-half) > err
}

// crLog is glibc's log (libm_glibc_log.go), which PyTorch's std::log
// calls.
func crLog(x float64) float64 { return GlibcLog(x) }

// ddSinCos returns sin and cos of r (|r| <= pi/4 + a little) in
// double-double: r = i/64 + d with a table for i/64 and short series for d.
func ddSinCos(r dd) (s, c dd) {
	neg := r.hi < 0
	if neg {
		r = r.neg()
	}
	i := int(math.Round(r.hi * 64))
	if i >= len(sinTab) {
		i = len(sinTab) - 1
	}
	d := r.addF(-float64(i) / 64) // exact reduction of the head
	d2 := d.mul(d)
	// sin d = d (1 - d²/3! + d⁴/5! - ...), cos d = 1 - d²/2! + d⁴/4! - ...
	ps := invFact[13]
	for k := 11; k >= 1; k -= 2 {
		ps = ps.mul(d2).neg().add(invFact[k])
	}
	sd := ps.mul(d)
	pc := invFact[14]
	for k := 12; k >= 0; k -= 2 {
		pc = pc.mul(d2).neg().add(invFact[k])
	}
	cd := pc
	s = sinTab[i].mul(cd).add(cosTab[i].mul(sd))
	c = cosTab[i].mul(cd).add(sinTab[i].mul(sd).neg())
	if neg {
		s = s.neg()
	}
	return s, c
}

// reducePio2 returns r = x - k pi/2 in double-double and k mod 4, for
// |x| < 2^40.
func reducePio2(x float64) (dd, int) {
	k := math.Round(x / pio2Parts[0])
	r := dd{x, 0}
	for _, c := range pio2Parts {
		r = r.add(twoProd(-k, c))
	}
	return r, int(int64(k) & 3)
}

// sinCosFast is sin and cos of r (|r| <= pi/4 + a little) to about 2^-60
// relative, from the table at i/64 and short series in double for the
// rest.
func sinCosFast(r dd) (s, c dd) {
	neg := r.hi < 0
	if neg {
		r = r.neg()
	}
	i := int(math.Round(r.hi * 64))
	if i >= len(sinTab) {
		i = len(sinTab) - 1
	}
	d := r.addF(-float64(i) / 64)
	dh, dl := d.hi, d.lo
	d2 := dh * dh
	// sin d = d + S, cos d = 1 + C.
	S := dh * d2 * (-1.0/6 + d2*(1.0/120+d2*(-1.0/5040+d2*(1.0/362880))))
	C := d2*(-1.0/2+d2*(1.0/24+d2*(-1.0/720+d2*(1.0/40320+d2*(-1.0/3628800))))) - dh*dl
	sa, ca := sinTab[i], cosTab[i]
	s = sa.add(ca.mulF(dh)).addF(sa.hi*C + ca.hi*(dl+S))
	c = ca.add(sa.mulF(-dh)).addF(ca.hi*C - sa.hi*(dl+S))
	if neg {
		s = s.neg()
	}
	return s, c
}

// crSinCos is sin(x) and cos(x), correctly rounded as crLog.
func crSinCos(x float64) (float64, float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1<<40 {
		return math.Sin(x), math.Cos(x)
	}
	if x == 0 {
		return x, 1
	}
	tablesOnce.Do(initRandomTables)
	r, q := reducePio2(x)
	s, c := sinCosFast(r)
	if !roundsSafely(s, 0x1p-60*math.Abs(s.hi)) || !roundsSafely(c, 0x1p-60*math.Abs(c.hi)) {
		s, c = ddSinCos(r)
	}
	switch q {
	case 0:
		return s.hi, c.hi
	case 1:
		return c.hi, -s.hi
	case 2:
		return -s.hi, -c.hi
	}
	return -c.hi, s.hi
}

func crSin(x float64) float64 { s, _ := crSinCos(x); return s }
func crCos(x float64) float64 { _, c := crSinCos(x); return c }

func crLogf(x float32) float32 { return float32(crLog(float64(x))) }
func crSinf(x float32) float32 { return float32(crSin(float64(x))) }
func crCosf(x float32) float32 { return float32(crCos(float64(x))) }
