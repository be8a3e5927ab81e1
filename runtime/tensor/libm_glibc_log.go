package tensor

import "math"

// glibc's log, log2 and pow (see libm_glibc.go): the FMA variants, with
// GCC's contractions spelled out as math.FMA.

const (
	logTableBits  = 7
	log2TableBits = 6
	powTableBits  = 7
	logOff        = 0x3fe6000000000000
	powOff        = 0x3fe6955500000000
)

var (
	logLn2hi     = f64(uLogLn2hi)
	logLn2lo     = f64(uLogLn2lo)
	log2InvLn2hi = f64(uLog2InvLn2hi)
	log2InvLn2lo = f64(uLog2InvLn2lo)
	powLn2hi     = f64(uPowLn2hi)
	powLn2lo     = f64(uPowLn2lo)
)

func top16(x float64) uint32 { return uint32(math.Float64bits(x) >> 48) }

// logArg handles log's and log2's special inputs (0, negative, inf, NaN)
// and normalizes a subnormal x: ok false means r is the result.
func logArg(x float64) (ix uint64, r float64, ok bool) {
	ix = math.Float64bits(x)
	top := top16(x)
	if top-0x0010 >= 0x7ff0-0x0010 {
		switch {
		case ix*2 == 0:
			return 0, math.Inf(-1), false
		case ix == math.Float64bits(math.Inf(1)):
			return 0, x, false
		case top&0x8000 != 0 || top&0x7ff0 == 0x7ff0:
			return 0, math.NaN(), false
		}
		ix = math.Float64bits(x * 0x1p52)
		ix -= 52 << 52
	}
	return ix, 0, true
}

// GlibcLog is glibc's log.
func GlibcLog(x float64) float64 {
	ix := math.Float64bits(x)
	const lo1, hi1 = 0x3fee000000000000, 0x3ff1090000000000 // 1 - 0x1p-4, 1 + 0x1.09p-4
	if ix-lo1 < hi1-lo1 {
		if ix == 0x3ff0000000000000 {
			return 0
		}
		B := &uLogPoly1
		b := func(i int) float64 { return f64(B[i]) }
		r := x - 1.0
		r2 := r * r
		r3 := r * r2
		in := math.FMA(r3, b(10), math.FMA(r2, b(9), math.FMA(r, b(8), b(7))))
		mid := math.FMA(r3, in, math.FMA(r2, b(6), math.FMA(r, b(5), b(4))))
		p := math.FMA(r3, mid, math.FMA(r2, b(3), math.FMA(r, b(2), b(1))))
		w := r * 0x1p27
		rhi := r + w - w
		rlo := r - rhi
		rr := rhi * rhi
		hi := math.FMA(rr, b(0), r)
		lo := math.FMA(rr, b(0), r-hi)
		lo = math.FMA(b(0)*rlo, rhi+r, lo)
		y := math.FMA(r3, p, lo)
		return y + hi
	}
	ix, res, ok := logArg(x)
	if !ok {
		return res
	}
	tmp := ix - logOff
	i := (tmp >> (52 - logTableBits)) % (1 << logTableBits)
	k := int64(tmp) >> 52
	iz := ix - (tmp & (0xfff << 52))
	invc, logc := f64(uLogTab[2*i]), f64(uLogTab[2*i+1])
	z := f64(iz)
	r := math.FMA(z, invc, -1.0)
	kd := float64(k)
	w := math.FMA(kd, logLn2hi, logc)
	hi := w + r
	lo := math.FMA(kd, logLn2lo, w-hi+r)
	A := &uLogPoly
	a := func(i int) float64 { return f64(A[i]) }
	r2 := r * r
	q := math.FMA(r2, math.FMA(r, a(4), a(3)), math.FMA(r, a(2), a(1)))
	y := math.FMA(r*r2, q, math.FMA(r2, a(0), lo))
	return y + hi
}

// GlibcLog2 is glibc's log2.
func GlibcLog2(x float64) float64 {
	ix := math.Float64bits(x)
	lo1, hi1 := math.Float64bits(1.0-0x1.5b51p-5), math.Float64bits(1.0+0x1.6ab2p-5)
	B := &uLog2Poly1
	b := func(i int) float64 { return f64(B[i]) }
	if ix-lo1 < hi1-lo1 {
		if ix == 0x3ff0000000000000 {
			return 0
		}
		r := x - 1.0
		hi := r * log2InvLn2hi
		lo := math.FMA(r, log2InvLn2lo, math.FMA(r, log2InvLn2hi, -hi))
		r2 := r * r
		r4 := r2 * r2
		q := math.FMA(r, b(1), b(0))
		y := math.FMA(r2, q, hi)
		lo += math.FMA(r2, q, hi-y)
		Q := math.FMA(r4, math.FMA(r2, math.FMA(r, b(9), b(8)), math.FMA(r, b(7), b(6))),
			math.FMA(r2, math.FMA(r, b(5), b(4)), math.FMA(r, b(3), b(2))))
		lo = math.FMA(r4, Q, lo)
		return y + lo
	}
	ix, res, ok := logArg(x)
	if !ok {
		return res
	}
	tmp := ix - logOff
	i := (tmp >> (52 - log2TableBits)) % (1 << log2TableBits)
	k := int64(tmp) >> 52
	iz := ix - (tmp & (0xfff << 52))
	invc, logc := f64(uLog2Tab[2*i]), f64(uLog2Tab[2*i+1])
	z := f64(iz)
	kd := float64(k)
	r := math.FMA(z, invc, -1.0)
	t1 := r * log2InvLn2hi
	t2 := math.FMA(r, log2InvLn2lo, math.FMA(r, log2InvLn2hi, -t1))
	t3 := kd + logc
	hi := t3 + t1
	lo := t3 - hi + t1 + t2
	A := &uLog2Poly
	a := func(i int) float64 { return f64(A[i]) }
	r2 := r * r
	r4 := r2 * r2
	p := math.FMA(r4, math.FMA(r, a(5), a(4)), math.FMA(r2, math.FMA(r, a(3), a(2)), math.FMA(r, a(1), a(0))))
	return math.FMA(r2, p, lo) + hi
}

// powLog is pow's log_inline: log(x) as hi + tail, about 2^-68 relative.
func powLog(ix uint64) (hi, tail float64) {
	tmp := ix - powOff
	i := (tmp >> (52 - powTableBits)) % (1 << powTableBits)
	k := int64(tmp) >> 52
	iz := ix - (tmp & (0xfff << 52))
	z := f64(iz)
	kd := float64(k)
	invc, logc, logctail := f64(uPowTab[4*i]), f64(uPowTab[4*i+2]), f64(uPowTab[4*i+3])
	r := math.FMA(z, invc, -1.0)
	t1 := math.FMA(kd, powLn2hi, logc)
	t2 := t1 + r
	lo1 := math.FMA(kd, powLn2lo, logctail)
	lo2 := t1 - t2 + r
	A := &uPowPoly
	a := func(i int) float64 { return f64(A[i]) }
	ar := a(0) * r
	ar2 := r * ar
	ar3 := r * ar2
	h := t2 + ar2
	lo3 := math.FMA(ar, r, -ar2)
	lo4 := t2 - h + ar2
	m := math.FMA(ar2, math.FMA(ar2, math.FMA(r, a(6), a(5)), math.FMA(r, a(4), a(3))), math.FMA(r, a(2), a(1)))
	lo := math.FMA(ar3, m, lo1+lo2+lo3+lo4)
	y := h + lo
	return y, h - y + lo
}

const powSignBias = 0x800 << expTableBits

// powExp is pow's exp_inline: exp(x + xtail), negated by signBias.
func powExp(x, xtail float64, signBias uint64) float64 {
	abstop := top12(x) & 0x7ff
	if abstop-top12(0x1p-54) >= top12(512)-top12(0x1p-54) {
		if int32(abstop-top12(0x1p-54)) < 0 {
			one := 1.0 + x
			if signBias != 0 {
				return -one
			}
			return one
		}
		if abstop >= top12(1024) {
			var r float64
			if math.Float64bits(x)>>63 == 0 {
				r = math.Inf(1)
			}
			if signBias != 0 {
				return -r
			}
			return r
		}
		abstop = 0
	}
	z := expInvLn2N * x
	kd := z + expShift
	ki := math.Float64bits(kd)
	kd -= expShift
	r := math.FMA(kd, expNegLn2loN, math.FMA(kd, expNegLn2hiN, x))
	r += xtail
	idx := 2 * (ki % expN)
	top := (ki + signBias) << (52 - expTableBits)
	tail := f64(uExpTab[idx])
	sbits := uExpTab[idx+1] + top
	r2 := r * r
	tmp := math.FMA(r2*r2, math.FMA(r, expC5, expC4), math.FMA(r2, math.FMA(r, expC3, expC2), tail+r))
	if abstop == 0 {
		return powSpecial(tmp, sbits, ki)
	}
	scale := f64(sbits)
	return math.FMA(scale, tmp, scale)
}

func powSpecial(tmp float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 {
		sbits -= 1009 << 52
		scale := f64(sbits)
		return math.FMA(scale, tmp, scale) * 0x1p1009
	}
	sbits += 1022 << 52
	scale := f64(sbits)
	st := scale * tmp // computed once for two uses, fused into neither
	y := scale + st
	if math.Abs(y) < 1.0 {
		one := 1.0
		if y < 0 {
			one = -1.0
		}
		lo := scale - y + st
		hi := one + y
		lo = one - hi + y + lo
		y = (hi + lo) - one
		if y == 0 {
			y = f64(sbits & 0x8000000000000000)
		}
	}
	return 0x1p-1022 * y
}

// checkint is 0 for a non-integer y, 1 for an odd integer, 2 for an even one.
func checkint(iy uint64) int {
	e := int(iy >> 52 & 0x7ff)
	if e < 0x3ff {
		return 0
	}
	if e > 0x3ff+52 {
		return 2
	}
	if iy&(1<<(0x3ff+52-e)-1) != 0 {
		return 0
	}
	if iy&(1<<(0x3ff+52-e)) != 0 {
		return 1
	}
	return 2
}

func zeroinfnan(i uint64) bool { return 2*i-1 >= 2*math.Float64bits(math.Inf(1))-1 }

// GlibcPow is glibc's pow.
func GlibcPow(x, y float64) float64 {
	var signBias uint64
	ix, iy := math.Float64bits(x), math.Float64bits(y)
	topx, topy := top12(x), top12(y)
	if topx-0x001 >= 0x7ff-0x001 || (topy&0x7ff)-0x3be >= 0x43e-0x3be {
		if zeroinfnan(iy) {
			switch {
			case 2*iy == 0:
				return 1.0
			case ix == math.Float64bits(1.0):
				return 1.0
			case 2*ix > 2*math.Float64bits(math.Inf(1)) || 2*iy > 2*math.Float64bits(math.Inf(1)):
				return x + y
			case 2*ix == 2*math.Float64bits(1.0):
				return 1.0
			case (2*ix < 2*math.Float64bits(1.0)) == (iy>>63 == 0):
				return 0.0
			}
			return y * y
		}
		if zeroinfnan(ix) {
			x2 := x * x
			if ix>>63 != 0 && checkint(iy) == 1 {
				x2 = -x2
			}
			if iy>>63 != 0 {
				return 1 / x2
			}
			return x2
		}
		if ix>>63 != 0 {
			switch checkint(iy) {
			case 0:
				return math.NaN()
			case 1:
				signBias = powSignBias
			}
			ix &= 0x7fffffffffffffff
			topx &= 0x7ff
		}
		if (topy&0x7ff)-0x3be >= 0x43e-0x3be {
			if ix == math.Float64bits(1.0) {
				return 1.0
			}
			if topy&0x7ff < 0x3be {
				if ix > math.Float64bits(1.0) {
					return 1.0 + y
				}
				return 1.0 - y
			}
			if (ix > math.Float64bits(1.0)) == (topy < 0x800) {
				return math.Inf(1)
			}
			return 0
		}
		if topx == 0 {
			ix = math.Float64bits(f64(ix) * 0x1p52)
			ix &= 0x7fffffffffffffff
			ix -= 52 << 52
		}
	}
	hi, lo := powLog(ix)
	ehi := y * hi
	elo := math.FMA(y, lo, math.FMA(y, hi, -ehi))
	return powExp(ehi, elo, signBias)
}
