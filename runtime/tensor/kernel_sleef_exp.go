package tensor

import "math"

// SLEEF 3.5's single-precision u10 sinhf, coshf, expm1f, log1pf, log2f
// and log10f (Sleef_*f8_u10), as PyTorch 1.13's AVX2 build computes them
// for float32: expm1, log1p, log2 and log10 on every element (vml),
// sinh and cosh in the vectorised blocks of contiguous rows
// (cpu_kernel_vec). Same conventions as kernel_sleef_log.go.

var (
	sleefInff = float32(math.Inf(1))
	sleefNaNf = math.Float32frombits(0xffffffff)
)

// sleefSinhf is SLEEF's xsinhf.
func sleefSinhf(x float32) float32 {
	a := float32(math.Abs(float64(x)))
	d := sleefExpk2f(f2{a, 0})
	d = df2SubDD(d, df2Rec(d))
	y := (d.x + d.y) * 0.5
	if a > 89 || y != y {
		y = sleefInff
	}
	y = mulsignf(y, x)
	return nanOr(x != x, y)
}

// sleefCoshf is SLEEF's xcoshf.
func sleefCoshf(x float32) float32 {
	a := float32(math.Abs(float64(x)))
	d := sleefExpk2f(f2{a, 0})
	d = df2AddDD(d, df2Rec(d))
	y := (d.x + d.y) * 0.5
	if a > 89 || y != y {
		y = sleefInff
	}
	return nanOr(x != x, y)
}

// sleefExpm1f is SLEEF's xexpm1f.
func sleefExpm1f(a float32) float32 {
	d := df2Add2DF(sleefExpk2f(f2{a, 0}), -1)
	x := d.x + d.y
	if a > 88.72283172607421875 {
		x = sleefInff
	}
	if a < -16.635532333438687426013570 {
		x = -1
	}
	if isNegZerof(a) {
		x = a
	}
	return x
}

// sleefLogReduce is the argument reduction of SLEEF's logf family:
// d = m * 2^e with m in [0.75, 1.5).
func sleefLogReduce(d float32) (m float32, e int32) {
	o := d < sleefFltMin
	if o {
		d *= float32(1<<32) * float32(1<<32)
	}
	e = int32(math.Float32bits(d*(1.0/0.75))>>23&0xff) - 0x7f
	m = math.Float32frombits(math.Float32bits(d) + uint32(-e)<<23)
	if o {
		e -= 64
	}
	return m, e
}

// sleefLogSpecial applies the logf family's results for +inf, negative
// or NaN, and zero inputs.
func sleefLogSpecial(d, r float32) float32 {
	switch {
	case d == 0:
		return float32(math.Inf(-1))
	case d < 0 || d != d:
		return sleefNaNf
	case d > math.MaxFloat32:
		return sleefInff
	}
	return r
}

// sleefLog2f is SLEEF's xlog2f.
func sleefLog2f(d float32) float32 {
	m, e := sleefLogReduce(d)
	x := df2Div(df2Add2(-1, m), df2Add2(1, m))
	x2 := x.x * x.x
	t := float32(+0.4374550283e+0)
	t = fmaf(t, x2, +0.5764790177e+0)
	t = fmaf(t, x2, +0.9618012905120)
	s := df2Add2FD(float32(e), df2MulDD(x, f2{float32(float64(2.8853900432586669922)), float32(float64(3.2734474483568488616e-08))}))
	s = df2Add2DF(s, x2*x.x*t)
	return sleefLogSpecial(d, s.x+s.y)
}

// sleefLog10f is SLEEF's xlog10f.
func sleefLog10f(d float32) float32 {
	m, e := sleefLogReduce(d)
	x := df2Div(df2Add2(-1, m), df2Add2(1, m))
	x2 := x.x * x.x
	t := float32(+0.1314289868e+0)
	t = fmaf(t, x2, +0.1735493541e+0)
	t = fmaf(t, x2, +0.2895309627e+0)
	s := df2MulF(f2{float32(float64(0.30103001)), float32(float64(-1.432098889e-08))}, float32(e))
	s = df2AddDD(s, df2MulDD(x, f2{float32(float64(0.868588984)), float32(float64(-2.170757285e-08))}))
	s = df2AddDF(s, x2*x.x*t)
	return sleefLogSpecial(d, s.x+s.y)
}

// sleefLog1pf is SLEEF's xlog1pf.
func sleefLog1pf(d float32) float32 {
	dp1 := d + 1
	o := dp1 < sleefFltMin
	if o {
		dp1 *= float32(1<<32) * float32(1<<32)
	}
	e := int32(math.Float32bits(dp1*(1.0/0.75))>>23&0xff) - 0x7f
	t := math.Float32frombits(0x3f800000 + uint32(-e)<<23)
	m := fmaf(d, t, t-1)
	if o {
		e -= 64
	}
	s := df2MulF(f2{sleefLn2Hi, sleefLn2Lo}, float32(e))
	x := df2Div(f2{m, 0}, df2Add(2, m))
	x2 := x.x * x.x
	t = float32(+0.3027294874e+0)
	t = fmaf(t, x2, +0.3996108174e+0)
	t = fmaf(t, x2, +0.6666694880e+0)
	s = df2AddDD(s, f2{x.x * 2, x.y * 2})
	s = df2AddDF(s, x2*x.x*t)
	r := s.x + s.y
	if d > float32(float64(1e+38)) {
		r = sleefInff
	}
	r = nanOr(-1 > d, r)
	if d == -1 {
		r = float32(math.Inf(-1))
	}
	if isNegZerof(d) {
		r = d
	}
	return r
}
