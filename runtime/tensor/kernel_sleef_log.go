package tensor

import "math"

// SLEEF's single-precision logf_u1 (Sleef_logf8_u10), which PyTorch 1.13's
// AVX2 build applies to every element of a float32 log (vml's vlog maps
// the vector function over whole and partial vectors alike), ported with
// the operations of its AVX2 configuration: multiply-adds are fused
// (fmaf), and double-float (df) steps keep a value as an unevaluated sum
// hi + lo of two floats.

// f2 is a double-float hi + lo.
type f2 struct{ x, y float32 }

// df2Add2 is dfadd2_vf2_vf_vf: x + y exactly, as hi + lo.
func df2Add2(x, y float32) f2 {
	rx := x + y
	v := rx - x
	return f2{rx, (x - (rx - v)) + (y - v)}
}

// df2Div is dfdiv_vf2_vf2_vf2 (with fused multiply-adds).
func df2Div(n, d f2) f2 {
	t := 1 / d.x
	qx := n.x * t
	u := fmaf(t, n.x, -qx)
	qy := fmaf(-d.y, t, fmaf(-d.x, t, 1))
	qy = fmaf(qx, qy, fmaf(n.y, t, u))
	return f2{qx, qy}
}

// df2MulF is dfmul_vf2_vf2_vf: x * y for a double-float x.
func df2MulF(x f2, y float32) f2 {
	rx := x.x * y
	return f2{rx, fmaf(x.y, y, fmaf(x.x, y, -rx))}
}

// df2AddDD is dfadd_vf2_vf2_vf2 (|x| >= |y|).
func df2AddDD(x, y f2) f2 {
	rx := x.x + y.x
	return f2{rx, (((x.x - rx) + y.x) + x.y) + y.y}
}

// df2AddDF is dfadd_vf2_vf2_vf (|x| >= |y|).
func df2AddDF(x f2, y float32) f2 {
	rx := x.x + y
	return f2{rx, ((x.x - rx) + y) + x.y}
}

const (
	sleefFltMin = 1.17549435e-38
	sleefLn2Hi  = 0.69314718246459960938
	sleefLn2Lo  = -1.904654323148236017e-09
)

// sleefLogf is SLEEF's xlogf_u1.
func sleefLogf(d float32) float32 {
	o := d < sleefFltMin
	if o {
		d *= float32(1<<32) * float32(1<<32)
	}
	e := int32(math.Float32bits(d*(1.0/0.75))>>23&0xff) - 0x7f
	m := math.Float32frombits(math.Float32bits(d) + uint32(-e)<<23)
	if o {
		e -= 64
	}
	s := df2MulF(f2{sleefLn2Hi, sleefLn2Lo}, float32(e))
	x := df2Div(df2Add2(-1, m), df2Add2(1, m))
	x2 := x.x * x.x
	t := float32(0.3027294874)
	t = fmaf(t, x2, 0.3996108174)
	t = fmaf(t, x2, 0.6666694880)
	s = df2AddDD(s, f2{x.x * 2, x.y * 2})
	s = df2AddDF(s, x2*x.x*t)
	r := s.x + s.y
	switch {
	case d == 0:
		return float32(math.Inf(-1))
	case d < 0 || d != d:
		return math.Float32frombits(0x7fc00000)
	case math.IsInf(float64(d), 1):
		return float32(math.Inf(1))
	}
	return r
}

// df2Add2DF is dfadd2_vf2_vf2_vf: x + y for a double-float x.
func df2Add2DF(x f2, y float32) f2 {
	rx := x.x + y
	v := rx - x.x
	return f2{rx, ((x.x - (rx - v)) + (y - v)) + x.y}
}

// df2Add2DD is dfadd2_vf2_vf2_vf2.
func df2Add2DD(x, y f2) f2 {
	rx := x.x + y.x
	v := rx - x.x
	return f2{rx, ((x.x - (rx - v)) + (y.x - v)) + (x.y + y.y)}
}

// df2AddFD is dfadd_vf2_vf_vf2 (|x| >= |y|).
func df2AddFD(x float32, y f2) f2 {
	rx := x + y.x
	return f2{rx, ((x - rx) + y.x) + y.y}
}

// df2MulDD is dfmul_vf2_vf2_vf2.
func df2MulDD(x, y f2) f2 {
	rx := x.x * y.x
	return f2{rx, fmaf(x.x, y.y, fmaf(x.y, y.x, fmaf(x.x, y.x, -rx)))}
}

// df2Squ is dfsqu_vf2_vf2.
func df2Squ(x f2) f2 {
	rx := x.x * x.x
	return f2{rx, fmaf(x.x+x.x, x.y, fmaf(x.x, x.x, -rx))}
}

// df2Rec is dfrec_vf2_vf2: 1/d.
func df2Rec(d f2) f2 {
	qx := 1 / d.x
	return f2{qx, qx * fmaf(-d.y, qx, fmaf(-d.x, qx, 1))}
}

// ldexp2f is vldexp2_vf_vf_vi2: d * 2^(e>>1) * 2^(e-(e>>1)).
func ldexp2f(d float32, e int32) float32 {
	h := e >> 1
	return d * math.Float32frombits(uint32(h+0x7f)<<23) * math.Float32frombits(uint32(e-h+0x7f)<<23)
}

// sleefExpk2f is SLEEF's expk2f: exp of a double-float, as a double-float.
func sleefExpk2f(d f2) f2 {
	const (
		rLn2f = 1.442695040888963407359924681001892137426645954152985934135449406931
		l2Uf  = 0.693145751953125
		l2Lf  = 1.428606765330187045e-06
	)
	q := rintf((d.x + d.y) * rLn2f)
	qf := float32(q)
	s := df2Add2DF(d, qf*-l2Uf)
	s = df2Add2DF(s, qf*-l2Lf)
	u := float32(0.1980960224e-3)
	u = fmaf(u, s.x, 0.1394256484e-2)
	u = fmaf(u, s.x, 0.8333456703e-2)
	u = fmaf(u, s.x, 0.4166637361e-1)
	t := df2Add2DF(df2MulF(s, u), 0.166666659414234244790680580464e+0)
	t = df2Add2DF(df2MulDD(s, t), 0.5)
	t = df2Add2DD(s, df2MulDD(df2Squ(s), t))
	t = df2AddFD(1, t)
	t.x, t.y = ldexp2f(t.x, q), ldexp2f(t.y, q)
	if d.x < -104 {
		t.x, t.y = 0, 0
	}
	return t
}

// sleefTanhf is SLEEF's xtanhf (Sleef_tanhf8_u10).
func sleefTanhf(x float32) float32 {
	if x != x {
		return math.Float32frombits(0xffffffff)
	}
	y := float32(math.Abs(float64(x)))
	d := sleefExpk2f(f2{y, 0})
	e := df2Rec(d)
	d = df2Div(df2AddDD(d, f2{-e.x, -e.y}), df2AddDD(d, e))
	y = d.x + d.y
	if float32(math.Abs(float64(x))) > 8.664339742 || y != y {
		y = 1
	}
	return math.Float32frombits(math.Float32bits(y) ^ math.Float32bits(x)&0x80000000)
}

// logElem is log: SLEEF's for float32 (as PyTorch's vml kernel), Go's
// for float64.
func logElem[T floatNum](a T) T {
	if isF32[T]() {
		return T(sleefLogf(float32(a)))
	}
	return T(math.Log(float64(a)))
}

// tanhElem is tanh: SLEEF's for float32, Go's for float64.
func tanhElem[T floatNum](a T) T {
	if isF32[T]() {
		return T(sleefTanhf(float32(a)))
	}
	return T(math.Tanh(float64(a)))
}

// logF32 is dst[i] = sleefLogf(src[i]).
func logF32(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		logf32AVX2(&dst[0], &src[0], k)
	}
	for i := k; i < n; i++ {
		dst[i] = sleefLogf(src[i])
	}
}

// tanhF32 is dst[i] = sleefTanhf(src[i]).
func tanhF32(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		tanhf32AVX2(&dst[0], &src[0], k)
	}
	for i := k; i < n; i++ {
		dst[i] = sleefTanhf(src[i])
	}
}
