package tensor

import "math"

// SLEEF's single-precision powf (Sleef_powf8_u10), which PyTorch 1.13's
// AVX2 build computes for float32 x ** y in whole blocks of 16 elements
// of contiguous rows (cpu_kernel_vec); the rest go through the C
// library's pow, as before. Same conventions as kernel_sleef_log.go.

// sleefLogkf is SLEEF's logkf: log(d) as a double-float, d > 0.
func sleefLogkf(d float32) f2 {
	o := d < sleefFltMin
	if o {
		d *= float32(1<<32) * float32(1<<32)
	}
	e := int32(math.Float32bits(d*(1.0/0.75))>>23&0xff) - 0x7f
	m := math.Float32frombits(math.Float32bits(d) + uint32(-e)<<23)
	if o {
		e -= 64
	}
	x := df2Div(df2Add2(-1, m), df2Add2(1, m))
	x2 := df2Squ(x)
	t := float32(0.240320354700088500976562)
	t = fmaf(t, x2.x, 0.285112679004669189453125)
	t = fmaf(t, x2.x, 0.400007992982864379882812)
	c := f2{0.66666662693023681640625, 3.69183861259614332084311e-09}
	s := df2MulF(f2{sleefLn2Hi, sleefLn2Lo}, float32(e))
	s = df2AddDD(s, f2{x.x * 2, x.y * 2})
	s = df2AddDD(s, df2MulDD(df2MulDD(x2, x), df2Add2DD(df2MulF(x2, t), c)))
	return s
}

// ldexpkf is SLEEF's vldexp_vf_vf_vi2: x * 2^q for any q, in steps.
func ldexpkf(x float32, q int32) float32 {
	m := q >> 31
	m = (((m + q) >> 6) - m) << 4
	q -= m << 2
	m += 0x7f
	if m < 0 {
		m = 0
	}
	if m > 0xff {
		m = 0xff
	}
	u := math.Float32frombits(uint32(m) << 23)
	x = x * u * u * u * u
	return x * math.Float32frombits(uint32(q+0x7f)<<23)
}

// sleefExpkf is SLEEF's expkf: exp of a double-float.
func sleefExpkf(d f2) float32 {
	const (
		rLn2f = 1.442695040888963407359924681001892137426645954152985934135449406931
		l2Uf  = 0.693145751953125
		l2Lf  = 1.428606765330187045e-06
	)
	q := rintf((d.x + d.y) * rLn2f)
	qf := float32(q)
	s := df2Add2DF(d, qf*-l2Uf)
	s = df2Add2DF(s, qf*-l2Lf)
	sx := s.x + s.y
	s = f2{sx, (s.x - sx) + s.y}
	u := float32(0.00136324646882712841033936)
	u = fmaf(u, s.x, 0.00836596917361021041870117)
	u = fmaf(u, s.x, 0.0416710823774337768554688)
	u = fmaf(u, s.x, 0.166665524244308471679688)
	u = fmaf(u, s.x, 0.499999850988388061523438)
	t := df2AddDD(s, df2MulF(df2Squ(s), u))
	t = df2AddFD(1, t)
	u = ldexpkf(t.x+t.y, q)
	if d.x < -104 {
		u = 0
	}
	return u
}

// sleefPowf is SLEEF's xpowf.
func sleefPowf(x, y float32) float32 {
	inf := float32(math.Inf(1))
	nan := math.Float32frombits(0x7fc00000)
	ay := float32(math.Abs(float64(y)))
	ty := float32(math.Trunc(float64(y)))
	yisint := ty == y || ay > 1<<24
	yisodd := int32(ty)&1 == 1 && yisint && ay < 1<<24
	if ay >= 1<<31 || y != y {
		// cvttps2dq of an out-of-range or NaN value is 0x80000000 (even).
		yisodd = false
	}
	ax := float32(math.Abs(float64(x)))
	result := sleefExpkf(df2MulF(sleefLogkf(ax), y))
	if result != result {
		result = inf
	}
	var f float32 = 1
	if !(x > 0) {
		switch {
		case !yisint:
			f = nan
		case yisodd:
			f = -1
		}
	}
	result *= f
	efx := math.Float32frombits(math.Float32bits(ax-1) ^ math.Float32bits(y)&0x80000000)
	if math.IsInf(float64(y), 0) {
		switch {
		case efx < 0:
			result = 0
		case efx == 0:
			result = 1
		default:
			result = inf
		}
	}
	if math.IsInf(float64(x), 0) || x == 0 {
		var r float32 = inf
		if (math.Float32bits(y)>>31 != 0) != (x == 0) {
			r = 0
		}
		sgn := float32(1)
		if yisodd {
			sgn = x
		}
		result = math.Float32frombits(math.Float32bits(r) ^ math.Float32bits(sgn)&0x80000000)
	}
	if x != x || y != y {
		result = math.Float32frombits(0xffffffff)
	}
	if y == 0 || x == 1 {
		result = 1
	}
	return result
}

// powRowF32 is x ** y over a float32 row as PyTorch's cpu_kernel_vec
// computes it: when the output is contiguous and each input contiguous
// or a broadcast scalar (not both scalars), the row's whole blocks of 16
// take SLEEF's powf and the rest the C library's pow; otherwise every
// element takes the C library's.
func powRowF32(n int, o []float32, os int, a []float32, as int, b []float32, bs int) {
	vec := 0
	if os == 1 && as|bs <= 1 && as+bs > 0 {
		vec = n - n%vecBlock
	}
	k := 0
	if useAVX2 && vec > 0 {
		k = vec
		o := o[:k]
		switch {
		case as == 1 && bs == 1:
			a, b := a[:k], b[:k]
			powVVf32AVX2(&o[0], &a[0], &b[0], k)
		case as == 1:
			a := a[:k]
			powVSf32AVX2(&o[0], &a[0], b[0], k)
		default:
			b := b[:k]
			powSVf32AVX2(&o[0], a[0], &b[0], k)
		}
	}
	for i := k; i < vec; i++ {
		o[i] = sleefPowf(a[i*as], b[i*bs])
	}
	for i := vec; i < n; i++ {
		o[i*os] = float32(math.Pow(float64(a[i*as]), float64(b[i*bs])))
	}
}

// powScalarRowF32 is x ** e for a Python-number exponent e (not one of
// the shortcuts of powScalar): vector blocks raise to float32(e) with
// SLEEF's powf, the rest compute pow(double(x), e).
func powScalarRowF32(n int, o []float32, os int, a []float32, as int, e float64) {
	vec := 0
	if os == 1 && as == 1 {
		vec = n - n%vecBlock
	}
	ef := float32(e)
	k := 0
	if useAVX2 && vec > 0 {
		k = vec
		o, a := o[:k], a[:k]
		powVSf32AVX2(&o[0], &a[0], ef, k)
	}
	for i := k; i < vec; i++ {
		o[i] = sleefPowf(a[i], ef)
	}
	for i := vec; i < n; i++ {
		o[i*os] = float32(math.Pow(float64(a[i*as]), e))
	}
}
