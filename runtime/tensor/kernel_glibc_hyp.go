package tensor

import "math"

// glibc 2.36's float sinhf and coshf (fdlibm's, in float arithmetic,
// without fused multiply-adds), which PyTorch 1.13's sinh and cosh kernels
// call through std::sinh/std::cosh for the elements outside the
// vectorised blocks (a contiguous row's last n % 16 elements, every
// element of a strided row). Their expf is glibc's, whose result is
// float64's exp rounded to float; their expm1f is fdlibm's, ported below.
// The explicit float32 conversions keep the compiler from fusing a
// product into the following addition.

// glibcExp2fTab is glibc's __exp2f_data.tab: the bits of 2^(i/32) less
// i << 47.
var glibcExp2fTab = [32]uint64{
	0x3FF0000000000000, 0x3FEFD9B0D3158574, 0x3FEFB5586CF9890F, 0x3FEF9301D0125B51,
	0x3FEF72B83C7D517B, 0x3FEF54873168B9AA, 0x3FEF387A6E756238, 0x3FEF1E9DF51FDEE1,
	0x3FEF06FE0A31B715, 0x3FEEF1A7373AA9CB, 0x3FEEDEA64C123422, 0x3FEECE086061892D,
	0x3FEEBFDAD5362A27, 0x3FEEB42B569D4F82, 0x3FEEAB07DD485429, 0x3FEEA47EB03A5585,
	0x3FEEA09E667F3BCD, 0x3FEE9F75E8EC5F74, 0x3FEEA11473EB0187, 0x3FEEA589994CCE13,
	0x3FEEACE5422AA0DB, 0x3FEEB737B0CDC5E5, 0x3FEEC49182A3F090, 0x3FEED503B23E255D,
	0x3FEEE89F995AD3AD, 0x3FEEFF76F2FB5E47, 0x3FEF199BDD85529C, 0x3FEF3720DCEF9069,
	0x3FEF5818DCFBA487, 0x3FEF7C97337B9B5F, 0x3FEFA4AFA2A490DA, 0x3FEFD0765B6E4540,
}

// glibcExpf is glibc 2.36's expf (sysdeps/ieee754/flt-32/e_expf.c) in
// its FMA build (x86_64 multiarch e_expf-fma, which GCC compiles with
// contracted multiply-adds): 2^(k/32) from a table times a cubic, in
// double, rounded to float.
func glibcExpf(x float32) float32 {
	const (
		n       = 32
		invLn2N = 0x1.71547652b82fep+0 * n
		shift   = 0x1.8p+52
		c0      = 0x1.c6af84b912394p-5 / n / n / n
		c1      = 0x1.ebfce50fac4f3p-3 / n / n
		c2      = 0x1.62e42ff0c52d6p-1 / n
	)
	xd := float64(x)
	abstop := math.Float32bits(x) >> 20 & 0x7ff
	if abstop >= math.Float32bits(88)>>20 {
		switch {
		case math.IsInf(xd, -1):
			return 0
		case abstop >= math.Float32bits(float32(math.Inf(1)))>>20:
			return x + x
		case x > 0x1.62e42ep6:
			return float32(math.Inf(1))
		case x < -0x1.9fe368p6:
			return 0
		}
	}
	kd := math.FMA(invLn2N, xd, shift)
	ki := math.Float64bits(kd)
	kd -= shift
	r := math.FMA(invLn2N, xd, -kd)
	t := glibcExp2fTab[ki%n] + ki<<(52-5)
	s := math.Float64frombits(t)
	z := math.FMA(c0, r, c1)
	r2 := r * r
	y := math.FMA(c2, r, 1)
	y = math.FMA(z, r2, y)
	return float32(y * s)
}

// glibcExpm1f is glibc's __expm1f (sysdeps/ieee754/flt-32/s_expm1f.c).
func glibcExpm1f(x float32) float32 {
	const (
		oThreshold = float32(8.8721679688e+01)
		ln2Hi      = float32(6.9313812256e-01)
		ln2Lo      = float32(9.0580006145e-06)
		invln2     = float32(1.4426950216e+00)
		q1         = float32(-3.3333335072e-02)
		q2         = float32(1.5873016091e-03)
		q3         = float32(-7.9365076090e-05)
		q4         = float32(4.0082177293e-06)
		q5         = float32(-2.0109921195e-07)
	)
	hx := math.Float32bits(x)
	neg := hx&0x80000000 != 0
	hx &= 0x7fffffff
	if hx >= 0x4195b844 { // |x| >= 27 ln2
		if hx >= 0x42b17218 {
			if hx > 0x7f800000 {
				return x + x
			}
			if hx == 0x7f800000 {
				if neg {
					return -1
				}
				return x
			}
			if x > oThreshold {
				return float32(math.Inf(1))
			}
		}
		if neg {
			return -1
		}
	}
	var k int32
	var hi, lo, c float32
	switch {
	case hx > 0x3eb17218: // |x| > ln2/2
		if hx < 0x3F851592 { // |x| < 1.5 ln2
			if !neg {
				hi, lo, k = x-ln2Hi, ln2Lo, 1
			} else {
				hi, lo, k = x+ln2Hi, -ln2Lo, -1
			}
		} else {
			h := float32(0.5)
			if neg {
				h = -0.5
			}
			k = int32(float32(invln2*x) + h)
			t := float32(k)
			hi = x - float32(t*ln2Hi)
			lo = t * ln2Lo
		}
		x = hi - lo
		c = (hi - x) - lo
	case hx < 0x33000000: // |x| < 2^-25
		return x
	}
	hfx := 0.5 * x
	hxs := x * hfx
	r1 := 1 + float32(hxs*(q1+float32(hxs*(q2+float32(hxs*(q3+float32(hxs*(q4+float32(hxs*q5)))))))))
	t := 3 - float32(r1*hfx)
	e := hxs * ((r1 - t) / (6 - float32(x*t)))
	if k == 0 {
		return x - (float32(x*e) - hxs)
	}
	e = float32(x*(e-c)) - c
	e -= hxs
	if k == -1 {
		return float32(0.5*(x-e)) - 0.5
	}
	if k == 1 {
		if x < -0.25 {
			return -2 * (e - (x + 0.5))
		}
		return 1 + float32(2*(x-e))
	}
	if k <= -2 || k > 56 {
		y := 1 - (e - x)
		y = math.Float32frombits(math.Float32bits(y) + uint32(k)<<23)
		return y - 1
	}
	var y float32
	if k < 23 {
		t = math.Float32frombits(0x3f800000 - (0x1000000 >> k))
		y = t - (e - x)
	} else {
		t = math.Float32frombits(uint32(0x7f-k) << 23)
		y = x - (e + t)
		y++
	}
	return math.Float32frombits(math.Float32bits(y) + uint32(k)<<23)
}

// glibcSinhf is glibc's __ieee754_sinhf.
func glibcSinhf(x float32) float32 {
	jx := math.Float32bits(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7f800000 {
		return x + x
	}
	h := float32(0.5)
	if jx&0x80000000 != 0 {
		h = -h
	}
	a := float32(math.Abs(float64(x)))
	switch {
	case ix < 0x41b00000: // |x| < 22
		if ix < 0x31800000 { // |x| < 2^-28
			return x
		}
		t := glibcExpm1f(a)
		if ix < 0x3f800000 {
			return h * (float32(2*t) - float32(t*t)/(t+1))
		}
		return h * (t + t/(t+1))
	case ix < 0x42b17180:
		return h * glibcExpf(a)
	case ix <= 0x42b2d4fc:
		w := glibcExpf(0.5 * a)
		t := h * w
		return t * w
	}
	return x * 1.0e37
}

// glibcCoshf is glibc's __ieee754_coshf.
func glibcCoshf(x float32) float32 {
	ix := math.Float32bits(x) & 0x7fffffff
	a := float32(math.Abs(float64(x)))
	switch {
	case ix < 0x41b00000: // |x| < 22
		if ix < 0x3eb17218 { // |x| < ln2/2
			if ix < 0x24000000 {
				return 1
			}
			t := glibcExpm1f(a)
			w := 1 + t
			return 1 + float32(t*t)/(w+w)
		}
		t := glibcExpf(a)
		return float32(0.5*t) + 0.5/t
	case ix < 0x42b17180:
		return 0.5 * glibcExpf(a)
	case ix <= 0x42b2d4fc:
		w := glibcExpf(0.5 * a)
		t := 0.5 * w
		return t * w
	case ix >= 0x7f800000:
		return x * x
	}
	return float32(math.Inf(1))
}

// sinhCoshRowF32 is sinh or cosh over a float32 row as PyTorch's
// cpu_kernel_vec computes it: SLEEF's function (vec) in the whole blocks
// of 16 of a contiguous row (or one with a broadcast input), glibc's
// (scalar) elsewhere.
func sinhCoshRowF32(n int, o []float32, os int, a []float32, as int, vec, scalar func(float32) float32) {
	nv := 0
	if os == 1 && (as == 1 || as == 0) {
		nv = n - n%vecBlock
	}
	for i := 0; i < nv; i++ {
		o[i] = vec(a[i*as])
	}
	for i := nv; i < n; i++ {
		o[i*os] = scalar(a[i*as])
	}
}
