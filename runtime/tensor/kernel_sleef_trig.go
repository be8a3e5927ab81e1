package tensor

import "math"

// SLEEF 3.5's single-precision u10 trigonometric functions (sinf_u1,
// cosf_u1, tanf_u1, asinf_u1, acosf_u1, atanf_u1), which PyTorch 1.13's
// AVX2 build applies to every element of a float32 sin, cos, tan, asin,
// acos and atan (vml's vec::map runs the vector function over whole and
// partial vectors alike). Same conventions as kernel_sleef_log.go:
// multiply-adds are fused (fmaf), double-float steps keep hi + lo.
//
// sin, cos and tan are the library's fast (non-deterministic) variants:
// a vector of 8 whose elements all have |x| < 125 takes the short
// Cody-Waite reduction, while a vector with any larger or non-finite
// element reduces all 8 with rempif (Payne-Hanek), which can round a
// small element's result differently. The row functions (sinF32 ...)
// therefore decide per group of 8, counted from the row's start as
// vec::map counts them (a partial last vector is padded with zeros).

// Constants SLEEF writes as double literals handed to vcast_vf_f: rounded
// to double, then to float, as C does.
const (
	sleefM1PIf  = float32(float64(0.318309886183790671537767526745028724))
	sleefM2PIf  = float32(float64(2 * 0.318309886183790671537767526745028724))
	sleefPIA2f  = 3.1414794921875
	sleefPIB2f  = 0.00011315941810607910156
	sleefPIC2f  = 1.9841872589410058936e-09
	sleefPIhi   = 3.1415927410125732422
	sleefPIlo   = -8.7422776573475857731e-08
	sleefTrigR2 = 125.0 // TRIGRANGEMAX2f
)

// df2Add is dfadd_vf2_vf_vf: x + y as hi + lo (|x| >= |y|).
func df2Add(x, y float32) f2 {
	s := x + y
	return f2{s, (x - s) + y}
}

// df2Add2FD is dfadd2_vf2_vf_vf2.
func df2Add2FD(x float32, y f2) f2 {
	s := x + y.x
	v := s - x
	return f2{s, ((x - (s - v)) + (y.x - v)) + y.y}
}

// df2SubDF is dfsub_vf2_vf2_vf.
func df2SubDF(x f2, y float32) f2 {
	s := x.x - y
	return f2{s, ((x.x - s) - y) + x.y}
}

// df2SubDD is dfsub_vf2_vf2_vf2.
func df2SubDD(x, y f2) f2 {
	s := x.x - y.x
	t := x.x - s
	t -= y.x
	t += x.y
	return f2{s, t - y.y}
}

// df2Norm is dfnormalize_vf2_vf2.
func df2Norm(t f2) f2 {
	s := t.x + t.y
	return f2{s, (t.x - s) + t.y}
}

// df2MulFF is dfmul_vf2_vf_vf: x * y exactly, as hi + lo.
func df2MulFF(x, y float32) f2 {
	s := x * y
	return f2{s, fmaf(x, y, -s)}
}

// df2MulToF is dfmul_vf_vf2_vf2: x * y rounded to a float.
func df2MulToF(x, y f2) float32 {
	return fmaf(x.x, y.x, fmaf(x.y, y.x, x.x*y.y))
}

// df2RecF is dfrec_vf2_vf: 1/d as a double-float.
func df2RecF(d float32) f2 {
	s := 1 / d
	return f2{s, s * fmaf(-d, s, 1)}
}

// df2SqrtF is dfsqrt_vf2_vf.
func df2SqrtF(d float32) f2 {
	t := float32(math.Sqrt(float64(d)))
	r := df2MulDD(df2Add2FD(d, df2MulFF(t, t)), df2RecF(t))
	return f2{r.x * 0.5, r.y * 0.5}
}

// mulsignf is vmulsign_vf_vf_vf: x with its sign flipped where y's is set.
func mulsignf(x, y float32) float32 {
	return math.Float32frombits(math.Float32bits(x) ^ math.Float32bits(y)&0x80000000)
}

// nanOr is vor_vm_vo32_vm: all ones (a NaN) where o holds, else x.
func nanOr(o bool, x float32) float32 {
	if o {
		return math.Float32frombits(0xffffffff)
	}
	return x
}

func isInfOrNaNf(d float32) bool { return d != d || d-d != 0 }

func isNegZerof(d float32) bool { return math.Float32bits(d) == 0x80000000 }

// rintff is vrint_vf_vf: round to nearest, ties to even.
func rintff(x float32) float32 { return float32(math.RoundToEven(float64(x))) }

// sleefRempitab is Sleef_rempitabsp, 2/pi in pieces (double literals
// stored as floats).
var sleefRempitab = func() [416]float32 {
	src := [416]float64{
		0.159154892, 5.112411827e-08, 3.626141271e-15, -2.036222915e-22,
		0.03415493667, 6.420638243e-09, 7.342738037e-17, 8.135951656e-24,
		0.03415493667, 6.420638243e-09, 7.342738037e-17, 8.135951656e-24,
		0.002904943191, -9.861969574e-11, -9.839336547e-18, -1.790215892e-24,
		0.002904943191, -9.861969574e-11, -9.839336547e-18, -1.790215892e-24,
		0.002904943191, -9.861969574e-11, -9.839336547e-18, -1.790215892e-24,
		0.002904943191, -9.861969574e-11, -9.839336547e-18, -1.790215892e-24,
		0.0009518179577, 1.342109202e-10, 1.791623576e-17, 1.518506657e-24,
		0.0009518179577, 1.342109202e-10, 1.791623576e-17, 1.518506657e-24,
		0.0004635368241, 1.779561221e-11, 4.038449606e-18, -1.358546052e-25,
		0.0002193961991, 1.779561221e-11, 4.038449606e-18, -1.358546052e-25,
		9.73258866e-05, 1.779561221e-11, 4.038449606e-18, -1.358546052e-25,
		3.62907449e-05, 3.243700447e-12, 5.690024473e-19, 7.09405479e-26,
		5.773168596e-06, 1.424711477e-12, 1.3532163e-19, 1.92417627e-26,
		5.773168596e-06, 1.424711477e-12, 1.3532163e-19, 1.92417627e-26,
		5.773168596e-06, 1.424711477e-12, 1.3532163e-19, 1.92417627e-26,
		1.958472239e-06, 5.152167755e-13, 1.3532163e-19, 1.92417627e-26,
		5.112411827e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		5.112411827e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		5.112411827e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		5.112411827e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		5.112411827e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		5.112411827e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		2.132179588e-08, 3.626141271e-15, -2.036222915e-22, 6.177847236e-30,
		6.420638243e-09, 7.342738037e-17, 8.135951656e-24, -1.330400526e-31,
		6.420638243e-09, 7.342738037e-17, 8.135951656e-24, -1.330400526e-31,
		2.695347945e-09, 7.342738037e-17, 8.135951656e-24, -1.330400526e-31,
		8.327027956e-10, 7.342738037e-17, 8.135951656e-24, -1.330400526e-31,
		8.327027956e-10, 7.342738037e-17, 8.135951656e-24, -1.330400526e-31,
		3.670415083e-10, 7.342738037e-17, 8.135951656e-24, -1.330400526e-31,
		1.342109202e-10, 1.791623576e-17, 1.518506361e-24, 2.613904e-31,
		1.779561221e-11, 4.038449606e-18, -1.358545683e-25, -3.443243946e-32,
		1.779561221e-11, 4.038449606e-18, -1.358545683e-25, -3.443243946e-32,
		1.779561221e-11, 4.038449606e-18, -1.358545683e-25, -3.443243946e-32,
		3.243700447e-12, 5.690024473e-19, 7.094053557e-26, 1.487136711e-32,
		3.243700447e-12, 5.690024473e-19, 7.094053557e-26, 1.487136711e-32,
		3.243700447e-12, 5.690024473e-19, 7.094053557e-26, 1.487136711e-32,
		1.424711477e-12, 1.3532163e-19, 1.924175961e-26, 2.545416018e-33,
		5.152167755e-13, 1.3532163e-19, 1.924175961e-26, 2.545416018e-33,
		6.046956013e-14, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		6.046956013e-14, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		6.046956013e-14, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		3.626141271e-15, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		3.626141271e-15, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		3.626141271e-15, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		3.626141271e-15, -2.036222915e-22, 6.177846108e-30, 1.082084378e-36,
		7.342738037e-17, 8.135951656e-24, -1.330400526e-31, 6.296048013e-40,
		7.342738037e-17, 8.135951656e-24, -1.330400526e-31, 6.296048013e-40,
		7.342738037e-17, 8.135951656e-24, -1.330400526e-31, 6.296048013e-40,
		7.342738037e-17, 8.135951656e-24, -1.330400526e-31, 6.296048013e-40,
		7.342738037e-17, 8.135951656e-24, -1.330400526e-31, 6.296048013e-40,
		7.342738037e-17, 8.135951656e-24, -1.330400526e-31, 6.296048013e-40,
		1.791623576e-17, 1.518506361e-24, 2.61390353e-31, 4.764937743e-38,
		1.791623576e-17, 1.518506361e-24, 2.61390353e-31, 4.764937743e-38,
		4.038449606e-18, -1.358545683e-25, -3.443243946e-32, 6.296048013e-40,
		4.038449606e-18, -1.358545683e-25, -3.443243946e-32, 6.296048013e-40,
		5.690024473e-19, 7.094053557e-26, 1.487136711e-32, 6.296048013e-40,
		5.690024473e-19, 7.094053557e-26, 1.487136711e-32, 6.296048013e-40,
		5.690024473e-19, 7.094053557e-26, 1.487136711e-32, 6.296048013e-40,
		1.3532163e-19, 1.924175961e-26, 2.545415467e-33, 6.296048013e-40,
		1.3532163e-19, 1.924175961e-26, 2.545415467e-33, 6.296048013e-40,
		2.690143217e-20, -1.452834402e-28, -6.441077673e-36, -1.764234767e-42,
		2.690143217e-20, -1.452834402e-28, -6.441077673e-36, -1.764234767e-42,
		2.690143217e-20, -1.452834402e-28, -6.441077673e-36, -1.764234767e-42,
		1.334890502e-20, -1.452834402e-28, -6.441077673e-36, -1.764234767e-42,
		6.572641438e-21, -1.452834402e-28, -6.441077673e-36, -1.764234767e-42,
		0.05874381959, 1.222115387e-08, 7.693612965e-16, 1.792054435e-22,
		0.02749382704, 4.77057327e-09, 7.693612965e-16, 1.792054435e-22,
		0.01186883077, 1.045283415e-09, 3.252721926e-16, 7.332633139e-23,
		0.00405633077, 1.045283415e-09, 3.252721926e-16, 7.332633139e-23,
		0.000150081818, -2.454155802e-12, 1.161414894e-20, 1.291319272e-27,
		0.000150081818, -2.454155802e-12, 1.161414894e-20, 1.291319272e-27,
		0.000150081818, -2.454155802e-12, 1.161414894e-20, 1.291319272e-27,
		0.000150081818, -2.454155802e-12, 1.161414894e-20, 1.291319272e-27,
		0.000150081818, -2.454155802e-12, 1.161414894e-20, 1.291319272e-27,
		2.801149822e-05, 4.821800945e-12, 8.789757674e-19, 1.208447639e-25,
		2.801149822e-05, 4.821800945e-12, 8.789757674e-19, 1.208447639e-25,
		2.801149822e-05, 4.821800945e-12, 8.789757674e-19, 1.208447639e-25,
		1.275271279e-05, 1.183823005e-12, 1.161414894e-20, 1.291319272e-27,
		5.12331826e-06, 1.183823005e-12, 1.161414894e-20, 1.291319272e-27,
		1.308621904e-06, 2.743283031e-13, 1.161414894e-20, 1.291319272e-27,
		1.308621904e-06, 2.743283031e-13, 1.161414894e-20, 1.291319272e-27,
		3.549478151e-07, 4.695462769e-14, 1.161414894e-20, 1.291319272e-27,
		3.549478151e-07, 4.695462769e-14, 1.161414894e-20, 1.291319272e-27,
		1.165292645e-07, 1.853292503e-14, 4.837885366e-21, 1.291319272e-27,
		1.165292645e-07, 1.853292503e-14, 4.837885366e-21, 1.291319272e-27,
		5.69246339e-08, 4.322073705e-15, 1.449754789e-21, 7.962890365e-29,
		2.712231151e-08, 4.322073705e-15, 1.449754789e-21, 7.962890365e-29,
		1.222115387e-08, 7.693612965e-16, 1.792054182e-22, 2.91418027e-29,
		4.77057327e-09, 7.693612965e-16, 1.792054182e-22, 2.91418027e-29,
		1.045283415e-09, 3.252721926e-16, 7.332632508e-23, 3.898253736e-30,
		1.045283415e-09, 3.252721926e-16, 7.332632508e-23, 3.898253736e-30,
		1.139611461e-10, 1.996093359e-17, 5.344349223e-25, 1.511644828e-31,
		1.139611461e-10, 1.996093359e-17, 5.344349223e-25, 1.511644828e-31,
		1.139611461e-10, 1.996093359e-17, 5.344349223e-25, 1.511644828e-31,
		1.139611461e-10, 1.996093359e-17, 5.344349223e-25, 1.511644828e-31,
		5.575349904e-11, 6.083145782e-18, 5.344349223e-25, 1.511644828e-31,
		2.664967552e-11, -8.557475018e-19, -8.595036458e-26, -2.139883875e-32,
		1.209775682e-11, 2.61369883e-18, 5.344349223e-25, 1.511644828e-31,
		4.821800945e-12, 8.789757674e-19, 1.208447639e-25, 3.253064536e-33,
		1.183823005e-12, 1.161414894e-20, 1.29131908e-27, 1.715766248e-34,
		1.183823005e-12, 1.161414894e-20, 1.29131908e-27, 1.715766248e-34,
		2.743283031e-13, 1.161414894e-20, 1.29131908e-27, 1.715766248e-34,
	}
	var t [416]float32
	for i, v := range src {
		t[i] = float32(v)
	}
	return t
}()

// rempisubf splits x into a multiple of 1/4 and the rest: x - y/4 and
// y - 4*rint(x) with y = rint(4x).
func rempisubf(x float32) (float32, int32) {
	y := rintff(x * 4)
	return x - y*0.25, int32(y - rintff(x)*4)
}

// sleefRempif is SLEEF's rempif (Payne-Hanek): a = r + q*pi/2 with r as
// a double-float, for large |a|.
func sleefRempif(a float32) (f2, int32) {
	ex := int32(math.Float32bits(a)>>23&0xff) - 0x7f - 25
	if ex > 90-25 {
		a = math.Float32frombits(math.Float32bits(a) - 64<<23)
	}
	if ex < 0 {
		ex = 0
	}
	ex <<= 2
	tab := &sleefRempitab
	x := df2MulFF(a, tab[ex])
	var q, q2 int32
	x.x, q = rempisubf(x.x)
	x = df2Norm(x)
	x = df2Add2DD(x, df2MulFF(a, tab[ex+1]))
	x.x, q2 = rempisubf(x.x)
	q += q2
	x = df2Norm(x)
	x = df2Add2DD(x, df2MulF(f2{tab[ex+2], tab[ex+3]}, a))
	x = df2Norm(x)
	x = df2MulDD(x, f2{sleefPIhi * 2, sleefPIlo * 2})
	if float32(math.Abs(float64(a))) < 0.7 {
		x = f2{a, 0}
	}
	return x, q
}

// sinCosPoly is the common tail of sinf_u1 and cosf_u1: t*(1 + s*P(s)).
func sinCosPoly(t f2) float32 {
	s := df2Squ(t)
	u := float32(2.6083159809786593541503e-06)
	u = fmaf(u, s.x, -0.0001981069071916863322258)
	u = fmaf(u, s.x, 0.00833307858556509017944336)
	x := df2AddFD(1, df2MulDD(df2Add(-0.166666597127914428710938, u*s.x), s))
	return df2MulToF(t, x)
}

// trigWide reports whether a vector holding d takes the long reduction.
func trigWide(d float32) bool { return !(float32(math.Abs(float64(d))) < sleefTrigR2) }

// sleefSinf is SLEEF's xsinf_u1 (Sleef_sinf8_u10) for a vector holding
// only d.
func sleefSinf(d float32) float32 { return sleefSinfW(d, trigWide(d)) }

// sleefSinfW is xsinf_u1 with the reduction its vector chose: the long
// one when wide.
func sleefSinfW(d float32, wide bool) float32 {
	var q int32
	var s f2
	if !wide {
		u := rintff(d * sleefM1PIf)
		q = int32(u)
		v := fmaf(u, -sleefPIA2f, d)
		s = df2Add2(v, u*-sleefPIB2f)
		s = df2AddDF(s, u*-sleefPIC2f)
	} else {
		dfi, qi := sleefRempif(d)
		q = qi & 3
		if dfi.x > 0 {
			q = (q + q + 2) >> 2
		} else {
			q = (q + q + 1) >> 2
		}
		if qi&1 == 1 {
			x := f2{mulsignf(sleefPIhi*-0.5, dfi.x), mulsignf(sleefPIlo*-0.5, dfi.x)}
			dfi = df2Add2DD(dfi, x)
		}
		s = df2Norm(dfi)
		s.x = nanOr(isInfOrNaNf(d), s.x)
	}
	u := sinCosPoly(s)
	if q&1 == 1 {
		u = -u
	}
	if isNegZerof(d) {
		return d
	}
	return u
}

// sleefCosf is SLEEF's xcosf_u1 (Sleef_cosf8_u10) for a vector holding
// only d.
func sleefCosf(d float32) float32 { return sleefCosfW(d, trigWide(d)) }

// sleefCosfW is xcosf_u1 with the reduction its vector chose.
func sleefCosfW(d float32, wide bool) float32 {
	var q int32
	var s f2
	if !wide {
		dq := fmaf(rintff(fmaf(d, sleefM1PIf, -0.5)), 2, 1)
		q = int32(dq)
		s = df2Add2(d, dq*(-sleefPIA2f*0.5))
		s = df2Add2DF(s, dq*(-sleefPIB2f*0.5))
		s = df2Add2DF(s, dq*(-sleefPIC2f*0.5))
	} else {
		dfi, qi := sleefRempif(d)
		q = qi & 3
		y := float32(-1)
		if dfi.x > 0 {
			q = (q + q + 8) >> 1
			y = 0
		} else {
			q = (q + q + 7) >> 1
		}
		if qi&1 == 0 {
			x := f2{mulsignf(sleefPIhi*-0.5, y), mulsignf(sleefPIlo*-0.5, y)}
			dfi = df2Add2DD(dfi, x)
		}
		s = df2Norm(dfi)
		s.x = nanOr(isInfOrNaNf(d), s.x)
	}
	u := sinCosPoly(s)
	if q&2 == 0 {
		u = -u
	}
	return u
}

// sleefTanf is SLEEF's xtanf_u1 (Sleef_tanf8_u10) for a vector holding
// only d.
func sleefTanf(d float32) float32 { return sleefTanfW(d, trigWide(d)) }

// sleefTanfW is xtanf_u1 with the reduction its vector chose.
func sleefTanfW(d float32, wide bool) float32 {
	var q int32
	var s f2
	if !wide {
		u := rintff(d * sleefM2PIf)
		q = int32(u)
		v := fmaf(u, -sleefPIA2f*0.5, d)
		s = df2Add2(v, u*(-sleefPIB2f*0.5))
		s = df2AddDF(s, u*(-sleefPIC2f*0.5))
	} else {
		s, q = sleefRempif(d)
		o := isInfOrNaNf(d)
		s.x, s.y = nanOr(o, s.x), nanOr(o, s.y)
	}
	o := q&1 == 1
	if o {
		s.x, s.y = -s.x, -s.y
	}
	t := s
	s = df2Norm(df2Squ(s))
	u := float32(0.00446636462584137916564941)
	u = fmaf(u, s.x, -8.3920182078145444393158e-05)
	u = fmaf(u, s.x, 0.0109639242291450500488281)
	u = fmaf(u, s.x, 0.0212360303848981857299805)
	u = fmaf(u, s.x, 0.0540687143802642822265625)
	x := df2Add(0.133325666189193725585938, u*s.x)
	x = df2AddFD(1, df2MulDD(df2AddFD(0.33333361148834228515625, df2MulDD(s, x)), s))
	x = df2MulDD(t, x)
	if o {
		x = df2Rec(x)
	}
	if isNegZerof(d) {
		return d
	}
	return x.x + x.y
}

// asinAcosPoly is the polynomial shared by asinf_u1 and acosf_u1.
func asinAcosPoly(x2 float32) float32 {
	u := float32(+0.4197454825e-1)
	u = fmaf(u, x2, +0.2424046025e-1)
	u = fmaf(u, x2, +0.4547423869e-1)
	u = fmaf(u, x2, +0.7495029271e-1)
	return fmaf(u, x2, +0.1666677296e+0)
}

// asinAcosArg is the argument reduction of asinf_u1 and acosf_u1.
func asinAcosArg(d float32) (o bool, x2 float32, x f2) {
	a := float32(math.Abs(float64(d)))
	o = a < 0.5
	if o {
		x2, x = d*d, f2{a, 0}
	} else {
		x2 = (1 - a) * 0.5
		x = df2SqrtF(x2)
	}
	if a == 1 {
		x = f2{}
	}
	return
}

// sleefAsinf is SLEEF's xasinf_u1 (Sleef_asinf8_u10).
func sleefAsinf(d float32) float32 {
	o, x2, x := asinAcosArg(d)
	u := asinAcosPoly(x2) * (x2 * x.x)
	var r float32
	if o {
		r = u + x.x
	} else {
		y := df2SubDF(df2SubDD(f2{sleefPIhi / 4, sleefPIlo / 4}, x), u)
		r = (y.x + y.y) * 2
	}
	return mulsignf(r, d)
}

// sleefAcosf is SLEEF's xacosf_u1 (Sleef_acosf8_u10).
func sleefAcosf(d float32) float32 {
	o, x2, x := asinAcosArg(d)
	u := asinAcosPoly(x2) * (x2 * x.x)
	var y f2
	if o {
		y = df2SubDD(f2{sleefPIhi / 2, sleefPIlo / 2}, df2Add(mulsignf(x.x, d), mulsignf(u, d)))
	} else {
		x = df2AddDF(x, u)
		y = f2{x.x * 2, x.y * 2}
		if d < 0 {
			y = df2SubDD(f2{sleefPIhi, sleefPIlo}, y)
		}
	}
	return y.x + y.y
}

// sleefAtanf is SLEEF's xatanf_u1 (Sleef_atanf8_u10): atan2kf_u1(|d|, 1).
func sleefAtanf(d float32) float32 {
	n, m := f2{float32(math.Abs(float64(d))), 0}, f2{1, 0}
	var q float32
	if m.x < n.x {
		q = 1
		n, m = f2{-m.x, -m.y}, n
	}
	s := df2Div(n, m)
	t := df2Norm(df2Squ(s))
	u := float32(-0.00176397908944636583328247)
	u = fmaf(u, t.x, 0.0107900900766253471374512)
	u = fmaf(u, t.x, -0.0309564601629972457885742)
	u = fmaf(u, t.x, 0.0577365085482597351074219)
	u = fmaf(u, t.x, -0.0838950723409652709960938)
	u = fmaf(u, t.x, 0.109463557600975036621094)
	u = fmaf(u, t.x, -0.142626821994781494140625)
	u = fmaf(u, t.x, 0.199983194470405578613281)
	t = df2MulDD(t, df2Add(-0.333332866430282592773438, u*t.x))
	t = df2MulDD(s, df2AddFD(1, t))
	t = df2AddDD(df2MulF(f2{1.5707963705062866211, -4.3711388286737928865e-08}, q), t)
	r := t.x + t.y
	if math.IsInf(float64(d), 0) {
		r = float32(float64(1.570796326794896557998982))
	}
	return mulsignf(r, d)
}

// trigRowF32 is dst[i] = f(src[i], wide) over a row, wide decided per
// vector of 8 from the row's start (see the file comment).
func trigRowF32(dst, src []float32, f func(float32, bool) float32) {
	n := len(src)
	dst = dst[:n]
	for i := 0; i < n; i += 8 {
		g := src[i:min(i+8, n)]
		wide := false
		for _, x := range g {
			wide = wide || trigWide(x)
		}
		o := dst[i : i+len(g)]
		for j, x := range g {
			o[j] = f(x, wide)
		}
	}
}

// trigRowAVX2F32 is trigRowF32 with the vectors of 8 that take the short
// reduction computed by kern (sinf32AVX2 ...) where there are AVX2
// kernels; the others, and the last n%8 elements, go through f.
func trigRowAVX2F32(dst, src []float32, kern func(dst, src *float32, n int) int, f func(float32, bool) float32) {
	n := len(src)
	dst = dst[:n]
	k := 0
	if useAVX2 {
		for full := n &^ 7; k < full; {
			k += kern(&dst[k], &src[k], full-k)
			if k < full {
				trigRowF32(dst[k:k+8], src[k:k+8], f)
				k += 8
			}
		}
	}
	trigRowF32(dst[k:], src[k:], f)
}

func sinF32(dst, src []float32) { trigRowAVX2F32(dst, src, sinf32AVX2, sleefSinfW) }
func cosF32(dst, src []float32) { trigRowAVX2F32(dst, src, cosf32AVX2, sleefCosfW) }
func tanF32(dst, src []float32) { trigRowAVX2F32(dst, src, tanf32AVX2, sleefTanfW) }

// mapElemF32 is dst[i] = f(src[i]), for SLEEF functions whose vector
// lanes do not interact.
func mapElemF32(dst, src []float32, f func(float32) float32) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = f(x)
	}
}

func asinF32(dst, src []float32)  { elemRowAVX2F32(dst, src, asinf32AVX2, sleefAsinf) }
func acosF32(dst, src []float32)  { elemRowAVX2F32(dst, src, acosf32AVX2, sleefAcosf) }
func atanF32(dst, src []float32)  { elemRowAVX2F32(dst, src, atanf32AVX2, sleefAtanf) }
func expm1F32(dst, src []float32) { mapElemF32(dst[:len(src)], src, sleefExpm1f) }
func log1pF32(dst, src []float32) { mapElemF32(dst[:len(src)], src, sleefLog1pf) }
func log2F32(dst, src []float32)  { mapElemF32(dst[:len(src)], src, sleefLog2f) }
func log10F32(dst, src []float32) { mapElemF32(dst[:len(src)], src, sleefLog10f) }
