package tensor

import (
	"math"
	"math/big"
)

// sin and cos as the GNU C library computes them (the IBM Accurate
// Mathematical Library's algorithm, glibc 2.28 and later), so that the
// double Box–Muller samples get PyTorch's last bits. glibc's results are
// correctly rounded for all but about one argument in a thousand; these
// functions reproduce the exceptions too.
//
// The algorithm: reduce x to a + da near [-pi/4, pi/4] (by pi/2 - |x| in
// the middle range, by a three-part pi/2 beyond), split |a| into the
// nearest multiple of 1/128 and a small rest, and combine a table of sin
// and cos at the multiples with short polynomials of the rest. The
// polynomial coefficients and the splits of pi/2 are glibc's; the table is
// computed here (sin and cos of i/128 as double-double). The C library on
// x86-64 selects its FMA build, in which the compiler fused multiplies and
// adds: every math.FMA below is one of those fusions.

var (
	// Taylor-like coefficients for |x| < 0.126.
	glibcS1 = -0x1.5555555555555p-3
	glibcS2 = 0x1.1111111110ECEp-7
	glibcS3 = -0x1.A01A019DB08B8p-13
	glibcS4 = 0x1.71DE27B9A7ED9p-19
	glibcS5 = -0x1.ADDFFC2FCDF59p-26
	// Coefficients for the rest after the table lookup.
	glibcSn3 = -1.66666666666664880952546298448555e-01
	glibcSn5 = 8.33333214285722277379541354343671e-03
	glibcCs2 = 4.99999999999999999999950396842453e-01
	glibcCs4 = -4.16666666666664434524222570944589e-02
	glibcCs6 = 1.38888874007937613028114285595617e-03
	// 1.5 * 2^45: adding it rounds to a multiple of 1/128.
	glibcBig = 0x1.8p45
	// pi/2 as a double-double, and split for the reduction.
	glibcHp0   = 0x1.921FB54442D18p0
	glibcHp1   = 0x1.1A62633145C07p-54
	glibcMp1   = 0x1.921FB58p0
	glibcMp2   = -0x1.DDE973Cp-27
	glibcPp3   = -0x1.CB3B398p-55
	glibcPp4   = -0x1.d747f23e32ed7p-83
	glibcHpinv = 0x1.45F306DC9C883p-1 // 2/pi
	glibcToint = 0x1.8p52
)

// glibcSinCosTab[i] holds sin(i/128) and cos(i/128), each as a
// double-double (hi, lo), for i/128 up to 0.86.
var glibcSinCosTab [110][4]float64

func initGlibcSinCosTab() {
	for i := range glibcSinCosTab {
		x := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(float64(i)), big.NewFloat(128))
		s, c := bigSinCos(x)
		sp, cp := splitBig(s), splitBig(c)
		glibcSinCosTab[i] = [4]float64{sp[0], sp[1], cp[0], cp[1]}
	}
}

// glibcLookup splits |x| into the table point u and the rest.
func glibcLookup(x float64) (rest float64, t *[4]float64) {
	ax := math.Abs(x)
	u := glibcBig + ax
	i := uint32(math.Float64bits(u))
	return ax - (u - glibcBig), &glibcSinCosTab[i]
}

// glibcDoSin is sin(x + dx) for |x| < 0.855469.
func glibcDoSin(x, dx float64) float64 {
	if math.Abs(x) < 0.126 {
		xx := x * x
		p := math.FMA(glibcS5, xx, glibcS4)
		p = math.FMA(p, xx, glibcS3)
		p = math.FMA(p, xx, glibcS2)
		p = math.FMA(p, xx, glibcS1)
		q := math.FMA(p, x, -(0.5 * dx))
		return x + math.FMA(q, xx, dx)
	}
	xold := x
	if x <= 0 {
		dx = -dx
	}
	r, t := glibcLookup(x)
	sn, ssn, cs, ccs := t[0], t[1], t[2], t[3]
	xx := r * r
	s := r + math.FMA(r*xx, math.FMA(glibcSn5, xx, glibcSn3), dx)
	c := math.FMA(r, dx, xx*math.FMA(math.FMA(glibcCs6, xx, glibcCs4), xx, glibcCs2))
	cor := math.FMA(s, cs, math.FMA(-c, sn, math.FMA(s, ccs, ssn)))
	return math.Copysign(sn+cor, xold)
}

// glibcDoCos is cos(x + dx) for |x| < 0.855469.
func glibcDoCos(x, dx float64) float64 {
	if x < 0 {
		dx = -dx
	}
	ax := math.Abs(x)
	u := glibcBig + ax
	t := &glibcSinCosTab[uint32(math.Float64bits(u))]
	r := ax - (u - glibcBig) + dx
	sn, ssn, cs, ccs := t[0], t[1], t[2], t[3]
	xx := r * r
	s := math.FMA(xx*r, math.FMA(glibcSn5, xx, glibcSn3), r)
	c := xx * math.FMA(math.FMA(glibcCs6, xx, glibcCs4), xx, glibcCs2)
	cor := math.FMA(-s, sn, math.FMA(-cs, c, math.FMA(-s, ssn, ccs)))
	return cs + cor
}

// glibcReduce is x - n pi/2 as a + da, and n mod 4.
func glibcReduce(x float64) (a, da float64, n int) {
	t := math.FMA(x, glibcHpinv, glibcToint)
	xn := t - glibcToint
	y := math.FMA(-xn, glibcMp2, math.FMA(-xn, glibcMp1, x))
	t2 := math.FMA(-xn, glibcPp3, y)
	db := math.FMA(-xn, glibcPp3, y-t2)
	b := math.FMA(-xn, glibcPp4, t2)
	e := math.FMA(-xn, glibcPp4, t2-b)
	return b, e + db, int(math.Float64bits(t) & 3)
}

func glibcDoSinCos(a, da float64, n int) float64 {
	var r float64
	if n&1 != 0 {
		r = glibcDoCos(a, da)
	} else {
		r = glibcDoSin(a, da)
	}
	if n&2 != 0 {
		return -r
	}
	return r
}

// libmSin is glibc's sin for |x| < 105414350 (beyond, and for Inf and
// NaN, the correctly rounded sin).
func libmSin(x float64) float64 {
	tablesOnce.Do(initRandomTables)
	k := uint32(math.Float64bits(x)>>32) & 0x7fffffff
	switch {
	case k < 0x3e500000: // |x| < 2^-26
		return x
	case k < 0x3feb6000: // |x| < 0.855469
		return glibcDoSin(x, 0)
	case k < 0x400368fd: // |x| < 2.426265
		return math.Copysign(glibcDoCos(glibcHp0-math.Abs(x), glibcHp1), x)
	case k < 0x419921FB: // |x| < 105414350
		a, da, n := glibcReduce(x)
		return glibcDoSinCos(a, da, n)
	}
	return crSin(x)
}

// libmCos is glibc's cos, as libmSin.
func libmCos(x float64) float64 {
	tablesOnce.Do(initRandomTables)
	k := uint32(math.Float64bits(x)>>32) & 0x7fffffff
	switch {
	case k < 0x3e400000: // |x| < 2^-27
		return 1
	case k < 0x3feb6000:
		return glibcDoCos(x, 0)
	case k < 0x400368fd:
		y := glibcHp0 - math.Abs(x)
		a := y + glibcHp1
		da := (y - a) + glibcHp1
		return glibcDoSin(a, da)
	case k < 0x419921FB:
		a, da, n := glibcReduce(x)
		return glibcDoSinCos(a, da, n+1)
	}
	return crCos(x)
}
