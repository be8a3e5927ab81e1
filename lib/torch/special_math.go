package torch

import "math"

// The scalar special functions of torch.special (float64). The Bessel I
// functions, digamma, trigamma and the Hurwitz zeta follow PyTorch's
// ATen/native/Math.h, itself derived from the Cephes Math Library
// (Copyright (c) 2018, Steven Moshier, 3-clause BSD licence); their
// Chebyshev coefficients are Cephes's.

// chbevl sums the Chebyshev series c (highest order first) at x.
func chbevl(x float64, c []float64) float64 {
	b0, b1, b2 := c[0], 0.0, 0.0
	for _, a := range c[1:] {
		b2 = b1
		b1 = b0
		b0 = x*b1 - b2 + a
	}
	return 0.5 * (b0 - b2)
}

var (
	i0eA = []float64{
		-4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16, 1.71539128555513303061e-15,
		-1.16853328779934516808e-14, 7.67618549860493561688e-14, -4.85644678311192946090e-13, 2.95505266312963983461e-12,
		-1.72682629144155570723e-11, 9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
		-1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7, 1.11738753912010371815e-6,
		-4.41673835845875056359e-6, 1.64484480707288970893e-5, -5.75419501008210370398e-5, 1.88502885095841655729e-4,
		-5.76375574538582365885e-4, 1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
		-2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2, 1.71620901522208775349e-1,
		-3.04682672343198398683e-1, 6.76795274409476084995e-1}
	i0eB = []float64{
		-7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17, 3.46122286769746109310e-17,
		-2.82762398051658348494e-16, -3.42548561967721913462e-16, 1.77256013305652638360e-15, 3.81168066935262242075e-15,
		-9.55484669882830764870e-15, -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
		7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11, -3.14991652796324136454e-11,
		1.18891471078464383424e-11, 4.94060238822496958910e-10, 3.39623202570838634515e-9, 2.26666899049817806459e-8,
		2.04891858946906374183e-7, 2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
		8.04490411014108831608e-1}
	i1eA = []float64{
		2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16, -1.10559694773538630805e-15,
		7.60068429473540693410e-15, -5.04218550472791168711e-14, 3.22379336594557470981e-13, -1.98397439776494371520e-12,
		1.17361862988909016308e-11, -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
		9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7, -8.56872026469545474066e-7,
		3.47025130813767847674e-6, -1.32731636560394358279e-5, 4.78156510755005422638e-5, -1.61760815825896745588e-4,
		5.12285956168575772895e-4, -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
		2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1, -1.76416518357834055153e-1,
		2.52587186443633654823e-1}
	i1eB = []float64{
		7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17, -3.20952592199342395980e-17,
		2.96262899764595013876e-16, 3.30820231092092828324e-16, -1.88035477551078244854e-15, -3.81440307243700780478e-15,
		1.04202769841288027642e-14, 4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
		-7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11, 3.25260358301548823856e-11,
		-1.89749581235054123450e-11, -5.58974346219658380687e-10, -3.83538038596423702205e-9, -2.63146884688951950684e-8,
		-2.51223623787020892529e-7, -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
		7.78576235018280120474e-1}
)

// besselI0e is exp(-|x|) I0(x).
func besselI0e(x float64) float64 {
	x = math.Abs(x)
	if x <= 8 {
		return chbevl(x/2-2, i0eA)
	}
	return chbevl(32/x-2, i0eB) / math.Sqrt(x)
}

func besselI0(x float64) float64 { return math.Exp(math.Abs(x)) * besselI0e(x) }

// besselI1e is exp(-|x|) I1(x).
func besselI1e(x float64) float64 {
	ax := math.Abs(x)
	var r float64
	if ax <= 8 {
		r = chbevl(ax/2-2, i1eA) * ax
	} else {
		r = chbevl(32/ax-2, i1eB) / math.Sqrt(ax)
	}
	if x < 0 {
		return -r
	}
	return r
}

func besselI1(x float64) float64 { return math.Exp(math.Abs(x)) * besselI1e(x) }

// besselK is K_nu(x) for x > 0 (nu = 0 or 1), exp(x) K_nu(x) when
// scaled: the trapezoidal rule on K_nu(x) = ∫0^∞ exp(-x cosh t) cosh(nu t) dt,
// which converges geometrically for this analytic, doubly decaying integrand.
func besselK(nu, x float64, scaled bool) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(1)
	case math.IsInf(x, 1):
		return 0
	}
	const h = 1.0 / 32
	sum := 0.0
	for k := 0; ; k++ {
		t := float64(k) * h
		e := -x * (math.Cosh(t) - 1) // exp(x) K: the integrand times exp(x)
		if e < -750 {
			break
		}
		v := math.Exp(e) * math.Cosh(nu*t)
		if k == 0 {
			v /= 2
		}
		sum += v
		if v < 1e-18*sum && k > 8 {
			break
		}
	}
	r := sum * h
	if scaled {
		return r
	}
	return r * math.Exp(-x)
}

// digamma is ψ(x), PyTorch's calc_digamma.
func digamma(x float64) float64 {
	const psi10 = 2.25175258906672110764
	if x == 0 {
		return math.Copysign(math.Inf(1), -x)
	}
	if x < 0 {
		if x == math.Trunc(x) {
			return math.NaN()
		}
		_, r := math.Modf(x)
		return digamma(1-x) - math.Pi/math.Tan(math.Pi*r)
	}
	res := 0.0
	for x < 10 {
		res -= 1 / x
		x++
	}
	if x == 10 {
		return res + psi10
	}
	y := 0.0
	if x < 1e17 {
		z := 1 / (x * x)
		a := []float64{8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
			-4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3, 8.33333333333333333333e-2}
		p := 0.0
		for _, c := range a {
			p = p*z + c
		}
		y = z * p
	}
	return res + math.Log(x) - 0.5/x - y
}

// trigamma is ψ'(x).
func trigamma(x float64) float64 {
	sign, res := 1.0, 0.0
	if x < 0.5 {
		sign = -1
		s := math.Sin(math.Pi * x)
		res -= math.Pi * math.Pi / (s * s)
		x = 1 - x
	}
	for i := 0; i < 6; i++ {
		res += 1 / (x * x)
		x++
	}
	ixx := 1 / (x * x)
	res += (1 + 1/(2*x) + ixx*(1./6-ixx*(1./30-ixx*(1./42)))) / x
	return sign * res
}

// hurwitzZeta is ζ(x, q) = Σ (k + q)^-x (Euler–Maclaurin, as Cephes's zeta).
func hurwitzZeta(x, q float64) float64 {
	const machep = 1.11022302462515654042e-16
	a := []float64{12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
		-2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
		-7.1661652561756670113e18}
	switch {
	case x == 1:
		return math.Inf(1)
	case x < 1:
		return math.NaN()
	}
	if q <= 0 {
		if q == math.Floor(q) {
			return math.Inf(1)
		}
		if x != math.Floor(x) {
			return math.NaN()
		}
	}
	s := math.Pow(q, -x)
	aa, b := q, 0.0
	for i := 0; i < 9 || aa <= 9; {
		i++
		aa++
		b = math.Pow(aa, -x)
		s += b
		if -machep*s < b && b < machep*s {
			return s
		}
	}
	w := aa
	s += b * w / (x - 1)
	s -= 0.5 * b
	fa, k := 1.0, 0.0
	for i := 0; i < 12; i++ {
		fa *= x + k
		b /= w
		t := fa * b / a[i]
		s += t
		if math.Abs(t/s) < machep {
			return s
		}
		k++
		fa *= x + k
		b /= w
		k++
	}
	return s
}

// polygamma is ψ^(n)(x).
func polygamma(n int, x float64) float64 {
	switch n {
	case 0:
		return digamma(x)
	case 1:
		return trigamma(x)
	}
	sign := -1.0
	if n%2 == 1 {
		sign = 1
	}
	lg, _ := math.Lgamma(float64(n) + 1)
	return sign * math.Exp(lg) * hurwitzZeta(float64(n+1), x)
}

// erfcx is exp(x²) erfc(x).
func erfcx(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x < 0:
		if x < -26.7 {
			return math.Inf(1)
		}
		return 2*math.Exp(x*x) - erfcx(-x)
	case x < 2:
		return math.Exp(x*x) * math.Erfc(x)
	case x > 1e8:
		return 1 / (math.SqrtPi * x)
	}
	// the continued fraction erfc(x) exp(x²) = (1/√π) 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))
	f := x
	for k := 60; k >= 1; k-- {
		f = x + float64(k)/2/f
	}
	return 1 / (math.SqrtPi * f)
}

// ndtr is Φ(x) as PyTorch composes it: (1 + erf(x/√2)) / 2.
func ndtr(x float64) float64 {
	return (1 + math.Erf(x*(1/math.Sqrt2))) * 0.5
}

var (
	ndtriP0 = []float64{-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1, 1.39312609387279679503e1, -1.23916583867381258016e0}
	ndtriQ0 = []float64{1, 1.95448858338141759834e0, 4.67627912898881538453e0, 8.63602421390890590575e1, -2.25462687854119370527e2,
		2.00260212380060660359e2, -8.20372256168333339912e1, 1.59056225126211695515e1, -1.18331621121330003142e0}
	ndtriP1 = []float64{4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1, 4.40805073893200834700e1,
		1.46849561928858024014e1, 2.18663306850790267539e0, -1.40256079171354495875e-1, -3.50424626827848203418e-2, -8.57456785154685413611e-4}
	ndtriQ1 = []float64{1, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1, 1.50425385692907503408e1,
		2.50464946208309415979e0, -1.42182922854787788574e-1, -3.80806407691578277194e-2, -9.33259480895457427372e-4}
	ndtriP2 = []float64{3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0, 1.33303460815807542389e0,
		2.01485389549179081538e-1, 1.23716634817820021358e-2, 3.01581553508235416007e-4, 2.65806974686737550832e-6, 6.23974539184983293730e-9}
	ndtriQ2 = []float64{1, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0, 2.16236993594496635890e-1,
		1.34204006088543189037e-2, 3.28014464682127739104e-4, 2.89247864745380683936e-6, 6.79019408009981274425e-9}
)

func polevl(x float64, c []float64) float64 {
	r := 0.0
	for _, a := range c {
		r = r*x + a
	}
	return r
}

// ndtri is Φ⁻¹(p), Cephes's ndtri (as PyTorch's calc_ndtri).
func ndtri(p float64) float64 {
	switch {
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	case p < 0 || p > 1 || math.IsNaN(p):
		return math.NaN()
	}
	const expm2 = 0.13533528323661269189
	neg := true
	y := p
	if y > 1-expm2 {
		y = 1 - y
		neg = false
	}
	if y > expm2 {
		y -= 0.5
		y2 := y * y
		return (y + y*(y2*polevl(y2, ndtriP0)/polevl(y2, ndtriQ0))) * 2.50662827463100050242
	}
	x := math.Sqrt(-2 * math.Log(y))
	x0 := x - math.Log(x)/x
	z := 1 / x
	var x1 float64
	if x < 8 {
		x1 = z * polevl(z, ndtriP1) / polevl(z, ndtriQ1)
	} else {
		x1 = z * polevl(z, ndtriP2) / polevl(z, ndtriQ2)
	}
	x = x0 - x1
	if neg {
		x = -x
	}
	return x
}

func logNdtr(x float64) float64 {
	t := x / math.Sqrt2
	if x < -1 {
		return math.Log(erfcx(-t)/2) - t*t
	}
	return math.Log1p(-math.Erfc(t) / 2)
}

func entr(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 0:
		return -x * math.Log(x)
	case x == 0:
		return 0
	}
	return math.Inf(-1)
}

func sinc(x float64) float64 {
	if x == 0 {
		return 1
	}
	if math.IsInf(x, 0) {
		return 0
	}
	p := math.Pi * x
	return math.Sin(p) / p
}

func xlogy(x, y float64) float64 {
	if math.IsNaN(y) {
		return y
	}
	if x == 0 {
		return 0
	}
	return x * math.Log(y)
}

func xlog1py(x, y float64) float64 {
	if math.IsNaN(y) {
		return y
	}
	if x == 0 {
		return 0
	}
	return x * math.Log1p(y)
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// gammainc is the regularized lower incomplete gamma P(a, x) (upper:
// Q = 1 - P), by its series for x < a+1 and Legendre's continued
// fraction above.
func gammainc(a, x float64, upper bool) float64 {
	switch {
	case math.IsNaN(a) || math.IsNaN(x):
		return math.NaN()
	case x < 0 || a < 0:
		return math.NaN()
	case a == 0:
		if x > 0 {
			return b2f(upper, 1, 0)
		}
		return math.NaN()
	case x == 0:
		return b2f(upper, 0, 1)
	case math.IsInf(a, 1):
		if math.IsInf(x, 1) {
			return math.NaN()
		}
		return b2f(upper, 0, 1)
	case math.IsInf(x, 1):
		return b2f(upper, 1, 0)
	}
	lg, _ := math.Lgamma(a)
	lead := math.Exp(a*math.Log(x) - x - lg)
	if x < a+1 {
		sum, term, ap := 1/a, 1/a, a
		for i := 0; i < 2000; i++ {
			ap++
			term *= x / ap
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-17 {
				break
			}
		}
		p := sum * lead
		if upper {
			return 1 - p
		}
		return p
	}
	// modified Lentz for the continued fraction of Q
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 2000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-17 {
			break
		}
	}
	q := lead * h
	if upper {
		return q
	}
	return 1 - q
}

// b2f picks the lower function's value or the upper one's.
func b2f(upper bool, lower, up float64) float64 {
	if upper {
		return up
	}
	return lower
}

// airyAi is Ai(x): its Maclaurin series for -9 <= x <= 5 (the largest
// term stays below 1e7 there, so 1e-9 of the result's scale is kept),
// K_{1/3} beyond 5 and the asymptotic expansion below -9.
func airyAi(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case math.IsInf(x, 1):
		return 0
	case math.IsInf(x, -1):
		return 0
	}
	if x > 5 {
		// Ai(x) = sqrt(x/3)/π K_{1/3}(ζ), ζ = 2/3 x^{3/2}
		z := 2.0 / 3 * x * math.Sqrt(x)
		return math.Sqrt(x/3) / math.Pi * besselK(1.0/3, z, false)
	}
	if x < -9 {
		return airyNegative(-x)
	}
	const c1 = 0.355028053887817239260
	const c2 = 0.258819403792806798405
	// f = Σ 3^k (1/3)_k x^{3k}/(3k)!, g = Σ 3^k (2/3)_k x^{3k+1}/(3k+1)!
	f, g := 1.0, x
	tf, tg := 1.0, x
	x3 := x * x * x
	for k := 1; k < 200; k++ {
		kf := float64(k)
		tf *= x3 / ((3*kf - 1) * (3 * kf))
		tg *= x3 / ((3 * kf) * (3*kf + 1))
		f += tf
		g += tg
		if math.Abs(tf)+math.Abs(tg) < 1e-18*(math.Abs(f)+math.Abs(g)) {
			break
		}
	}
	return c1*f - c2*g
}

// airyNegative is Ai(-x) for x > 5: the asymptotic expansion
// Ai(-x) = x^{-1/4}/√π [sin(ζ + π/4) P(ζ) - cos(ζ + π/4) Q(ζ)].
func airyNegative(x float64) float64 {
	z := 2.0 / 3 * x * math.Sqrt(x)
	// u_k = (2k+1)(2k+3)...(6k-1) / (216^k k!)
	p, q := 0.0, 0.0
	u := 1.0
	zk := 1.0
	for k := 0; k < 40; k++ {
		if k > 0 {
			kf := float64(k)
			u *= (6*kf - 5) * (6*kf - 3) * (6*kf - 1) / ((2*kf - 1) * 216 * kf)
			zk *= z
		}
		term := u / zk
		if k > 2 && math.Abs(term) > 1e-3 {
			break
		}
		switch k % 4 {
		case 0:
			p += term
		case 1:
			q += term
		case 2:
			p -= term
		case 3:
			q -= term
		}
		if math.Abs(term) < 1e-17 {
			break
		}
	}
	a := z + math.Pi/4
	return math.Pow(x, -0.25) / math.SqrtPi * (math.Sin(a)*p - math.Cos(a)*q)
}
