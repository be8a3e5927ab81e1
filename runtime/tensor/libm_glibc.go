package tensor

import "math"

// glibc's double exp, exp2, log, log2 and pow (glibc 2.28+ takes them
// from Arm's optimized-routines, math/exp.c, exp2.c, log.c, log2.c,
// pow.c; Copyright (c) 2018-2023, Arm Limited, MIT OR Apache-2.0 WITH
// LLVM-exception), ported to Go so that tensh's float64 results are the
// C library's bit for bit. On x86-64 glibc runs exp, log, log2 and pow
// compiled with -mfma (an ifunc picks them on CPUs with FMA, as every
// machine PyTorch and NumPy are measured on has): GCC contracts a*b + c
// into one fused multiply-add, and the fma calls below are exactly the
// contractions GCC makes (each a*b whose only use is an addition). exp2
// has no FMA variant in glibc and rounds every operation. The tables are
// libm_tables_gen.go. libm_glibc_test.go checks every function against
// testdata/libm_glibc_golden.txt.gz, made by Debian's python3 (glibc).

const (
	expTableBits = 7
	expN         = 1 << expTableBits
)

func f64(u uint64) float64 { return math.Float64frombits(u) }

var (
	expInvLn2N   = f64(uExpInvLn2N)
	expNegLn2hiN = f64(uExpNegLn2hiN)
	expNegLn2loN = f64(uExpNegLn2loN)
	expShift     = f64(uExpShift)
	expC2        = f64(uExpPoly[0])
	expC3        = f64(uExpPoly[1])
	expC4        = f64(uExpPoly[2])
	expC5        = f64(uExpPoly[3])
	exp2Shift    = f64(uExp2Shift)
)

func top12(x float64) uint32 { return uint32(math.Float64bits(x) >> 52) }

// expSpecial is exp's specialcase: scale·(1 + tmp) where scale's
// exponent may have overflowed or needs the subnormal range.
// exp2 (!fused) scales by 2 where exp scales by 2^1009.
func expSpecial(tmp float64, sbits, ki uint64, fused bool) float64 {
	if ki&0x80000000 == 0 {
		if !fused {
			// exp2: the exponent of scale might have overflowed by 1
			sbits -= 1 << 52
			scale := f64(sbits)
			return 2 * (scale + scale*tmp)
		}
		// k > 0: the exponent of scale might have overflowed by <= 460
		sbits -= 1009 << 52
		scale := f64(sbits)
		return 0x1p1009 * math.FMA(scale, tmp, scale)
	}
	// k < 0: care in the subnormal range
	sbits += 1022 << 52
	scale := f64(sbits)
	// GCC computes scale*tmp once here, for two uses, and fuses neither
	st := scale * tmp
	y := scale + st
	if y < 1.0 {
		lo := scale - y + st
		hi := 1.0 + y
		lo = 1.0 - hi + y + lo
		y = (hi + lo) - 1.0
		if y == 0 {
			y = 0
		}
	}
	return 0x1p-1022 * y
}

// fmaOr is a*b + c, fused when fused.
func fmaOr(fused bool, a, b, c float64) float64 {
	if fused {
		return math.FMA(a, b, c)
	}
	return a*b + c
}

// GlibcExp is glibc's exp (x86-64, the FMA variant).
func GlibcExp(x float64) float64 {
	abstop := top12(x) & 0x7ff
	if abstop-top12(0x1p-54) >= top12(512)-top12(0x1p-54) {
		if int32(abstop-top12(0x1p-54)) < 0 {
			return 1.0 + x // tiny x (0 included)
		}
		if abstop >= top12(1024) {
			switch {
			case math.Float64bits(x) == math.Float64bits(math.Inf(-1)):
				return 0
			case abstop >= top12(math.Inf(1)):
				return 1.0 + x
			case math.Float64bits(x)>>63 != 0:
				return 0
			}
			return math.Inf(1)
		}
		abstop = 0 // large |x|: specialcase below
	}
	z := expInvLn2N * x
	kd := z + expShift
	ki := math.Float64bits(kd)
	kd -= expShift
	r := math.FMA(kd, expNegLn2loN, math.FMA(kd, expNegLn2hiN, x))
	idx := 2 * (ki % expN)
	top := ki << (52 - expTableBits)
	tail := f64(uExpTab[idx])
	sbits := uExpTab[idx+1] + top
	r2 := r * r
	tmp := math.FMA(r2*r2, math.FMA(r, expC5, expC4), math.FMA(r2, math.FMA(r, expC3, expC2), tail+r))
	if abstop == 0 {
		return expSpecial(tmp, sbits, ki, true)
	}
	scale := f64(sbits)
	return math.FMA(scale, tmp, scale)
}

// GlibcExp2 is glibc's exp2 (no FMA variant: every operation rounded).
func GlibcExp2(x float64) float64 {
	abstop := top12(x) & 0x7ff
	if abstop-top12(0x1p-54) >= top12(512)-top12(0x1p-54) {
		if int32(abstop-top12(0x1p-54)) < 0 {
			return 1.0 + x
		}
		if abstop >= top12(1024) {
			switch {
			case math.Float64bits(x) == math.Float64bits(math.Inf(-1)):
				return 0
			case abstop >= top12(math.Inf(1)):
				return 1.0 + x
			case math.Float64bits(x)>>63 == 0:
				return math.Inf(1)
			case math.Float64bits(x) >= math.Float64bits(-1075.0):
				return 0
			}
		}
		if 2*math.Float64bits(x) > 2*math.Float64bits(928.0) {
			abstop = 0 // large |x|: specialcase below
		}
	}
	kd := x + exp2Shift
	ki := math.Float64bits(kd)
	kd -= exp2Shift // k/N for int k
	r := x - kd
	idx := 2 * (ki % expN)
	top := ki << (52 - expTableBits)
	tail := f64(uExpTab[idx])
	sbits := uExpTab[idx+1] + top
	r2 := r * r
	c := &uExp2Poly
	tmp := tail + r*f64(c[0]) + r2*(f64(c[1])+r*f64(c[2])) + r2*r2*(f64(c[3])+r*f64(c[4]))
	if abstop == 0 {
		return expSpecial(tmp, sbits, ki, false)
	}
	scale := f64(sbits)
	return scale + scale*tmp
}
