package tensor

import "math"

// Single-precision log and sincos as PyTorch's AVX2 build computes them in
// normal_fill_16_AVX2 (ATen/native/cpu/avx_mathfun.h, the Cephes
// polynomials of Julien Pommier's sse_mathfun), one lane at a time.
// Every step is a float32 operation in the order the vector code performs
// it; steps that the compiler fuses into one multiply-add are written with
// fmaf.

// f32 rounds a double constant to float as a C initializer does (the
// decimal literal is a double first).
func f32(v float64) float32 { return float32(v) }

var (
	avxSqrtHalf = f32(0.707106781186547524)
	avxLogP     = [9]float32{
		f32(7.0376836292e-2), f32(-1.1514610310e-1), f32(1.1676998740e-1),
		f32(-1.2420140846e-1), f32(1.4249322787e-1), f32(-1.6668057665e-1),
		f32(2.0000714765e-1), f32(-2.4999993993e-1), f32(3.3333331174e-1),
	}
	avxLogQ1 = f32(-2.12194440e-4)
	avxLogQ2 = f32(0.693359375)

	avxMinusDP1 = f32(-0.78515625)
	avxMinusDP2 = f32(-2.4187564849853515625e-4)
	avxMinusDP3 = f32(-3.77489497744594108e-8)
	avxSinP     = [3]float32{f32(-1.9515295891e-4), f32(8.3321608736e-3), f32(-1.6666654611e-1)}
	avxCosP     = [3]float32{f32(2.443315711809948e-005), f32(-1.388731625493765e-003), f32(4.166664568298827e-002)}
	avxFOPI     = f32(1.27323954473516) // 4/pi
)

// mulAdd is a*b+c as the vector code computes it: PyTorch's build lets GCC
// fuse the intrinsics' multiply and add (-ffp-contract=fast with -mfma),
// which the golden tests confirm.
func mulAdd(a, b, c float32) float32 { return fmaf(a, b, c) }

// avxLog is log256_ps for one lane (x > 0; NaN otherwise).
func avxLog(x float32) float32 {
	if !(x > 0) {
		return float32(math.NaN())
	}
	const minNormPos = 0x1p-126
	if x < minNormPos {
		x = minNormPos
	}
	bits := math.Float32bits(x)
	e := float32(int32(bits>>23) - 0x7f)
	x = math.Float32frombits(bits&^0x7f800000 | 0x3f000000) // mantissa in [0.5, 1)
	e += 1
	var tmp float32
	less := x < avxSqrtHalf
	if less {
		tmp = x
	}
	x -= 1
	if less {
		e -= 1
	}
	x += tmp

	z := x * x
	y := avxLogP[0]
	for _, p := range avxLogP[1:] {
		y = mulAdd(y, x, p)
	}
	y *= x
	y *= z
	y = mulAdd(e, avxLogQ1, y)
	y = mulAdd(z, -0.5, y)
	x += y
	x = mulAdd(e, avxLogQ2, x)
	return x
}

// avxSincos is sincos256_ps for one lane.
func avxSincos(x float32) (sin, cos float32) {
	xb := math.Float32bits(x)
	signSin := xb & 0x80000000
	x = math.Float32frombits(xb &^ 0x80000000)

	y := x * avxFOPI
	j := int32(y) // truncation, as cvttps
	j = (j + 1) &^ 1
	y = float32(j)
	swapSignSin := uint32(j&4) << 29
	polyMask := j&2 == 0

	x = mulAdd(y, avxMinusDP1, x)
	x = mulAdd(y, avxMinusDP2, x)
	x = mulAdd(y, avxMinusDP3, x)

	signCos := uint32(^(j-2)&4) << 29
	signSin ^= swapSignSin

	z := x * x
	yc := avxCosP[0]
	yc = mulAdd(yc, z, avxCosP[1])
	yc = mulAdd(yc, z, avxCosP[2])
	yc *= z
	yc *= z
	yc = mulAdd(z, -0.5, yc)
	yc += 1

	ys := avxSinP[0]
	ys = mulAdd(ys, z, avxSinP[1])
	ys = mulAdd(ys, z, avxSinP[2])
	ys *= z
	ys = mulAdd(ys, x, x)

	var ysin1, ysin2 float32 // the and/andnot selections
	if polyMask {
		ysin2 = ys
	} else {
		ysin1 = yc
	}
	ys -= ysin2
	yc -= ysin1
	s := ysin1 + ysin2
	c := yc + ys
	return math.Float32frombits(math.Float32bits(s) ^ signSin), math.Float32frombits(math.Float32bits(c) ^ signCos)
}

// fmaf is fmaf(a, b, c): a*b+c rounded once to float32. The product is
// exact in float64, so the float64 sum s is off only by its own rounding
// error e (TwoSum), and rounding s to float32 can go wrong only when s is
// a float32 midpoint or lies in float32's subnormal range. There s is
// rounded to odd instead (when inexact, whichever neighbour of the exact
// sum has an odd significand), which then rounds to float32 as the exact
// sum does, as 53 >= 24 + 2 bits (Boldo and Melquiond). Infinities and
// NaNs never take that path. The common path's latency is one multiply
// and one add: SLEEF's polynomials chain dozens of these per element.
func fmaf(a, b, c float32) float32 {
	p := float64(a) * float64(b)
	s := p + float64(c)
	if bits := math.Float64bits(s); bits&(1<<29-1) == 1<<28 || bits<<1 < 0x381<<53 {
		bv := s - p
		if e := (p - (s - bv)) + (float64(c) - bv); e != 0 {
			s = math.Float64frombits((bits - (math.Float64bits(e)^bits)>>63) | 1)
		}
	}
	return float32(s)
}
