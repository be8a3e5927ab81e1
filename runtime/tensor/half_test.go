package tensor

import (
	"math"
	"sort"
	"testing"
)

// nearestEven rounds f to the nearest of the ascending candidates (ties to
// the one whose index is even, i.e. whose last mantissa bit is 0);
// candidates[len-1] stands for overflow.
func nearestEven(f float64, cands []float64) int {
	i := sort.SearchFloat64s(cands, f)
	if i == len(cands) {
		return len(cands) - 1
	}
	if cands[i] == f || i == 0 {
		return i
	}
	lo, hi := cands[i-1], cands[i]
	switch dl, dh := f-lo, hi-f; {
	case dl < dh:
		return i - 1
	case dh < dl:
		return i
	}
	if (i-1)%2 == 0 {
		return i - 1
	}
	return i
}

// TestHalfRoundingExhaustive checks float32 -> float16 and -> bfloat16
// rounding (to nearest, ties to even, subnormals, overflow to inf, NaN)
// against a reference that searches the representable values, over a
// sample of a million float32 bit patterns and every pattern around the
// float16 edges.
func TestHalfRoundingExhaustive(t *testing.T) {
	var halves []float64 // every non-negative finite half, then 2^16 (overflow)
	for b := uint16(0); b < 0x7c00; b++ {
		halves = append(halves, float64(Half(b).Float32()))
	}
	halves = append(halves, 65536)
	check := func(bits uint32) {
		f := math.Float32frombits(bits)
		h := HalfFromFloat32(f)
		if f != f {
			if h&0x7c00 != 0x7c00 || h&0x3ff == 0 {
				t.Fatalf("half(NaN %08x) = %04x", bits, h)
			}
			return
		}
		a := math.Abs(float64(f))
		i := nearestEven(a, halves)
		want := uint16(i)
		if i == len(halves)-1 {
			want = 0x7c00
		}
		if math.Signbit(float64(f)) {
			want |= 0x8000
		}
		if uint16(h) != want {
			t.Fatalf("half(%g = %08x) = %04x, want %04x", f, bits, h, want)
		}
		// bfloat16: the candidates are the float32s with 16 low zero bits.
		bb := BF16FromFloat32(f)
		lo := bits &^ 0xffff
		wantB := uint16(lo >> 16)
		if bits&0xffff != 0 {
			l := math.Abs(float64(math.Float32frombits(lo)))
			u := math.Abs(float64(math.Float32frombits(lo + 0x10000)))
			if lo&0x7fffffff == 0x7f7f0000 { // next is inf
				u = math.Ldexp(1, 128)
			}
			switch dl, du := a-l, u-a; {
			case du < dl, du == dl && (lo>>16)&1 == 1:
				wantB++
			}
		}
		if (bits>>23)&0xff == 0xff && bits&0x7fffff == 0 {
			wantB = uint16(bits >> 16)
		}
		if uint16(bb) != wantB {
			t.Fatalf("bfloat16(%g = %08x) = %04x, want %04x", f, bits, bb, wantB)
		}
	}
	for bits := uint64(0); bits < 1<<32; bits += 4099 {
		check(uint32(bits))
	}
	for _, h := range halves {
		b := math.Float32bits(float32(h))
		for _, d := range []uint32{0, 1, 2, 0x7ff, 0x800, 0x801, 0xfff, 0x1000, 0x1001, 0x1fff, 0x2000, 0x3000, 0x1234} {
			check(b + d)
			check(b - d)
			check((b + d) | 0x80000000)
		}
	}
	for _, b := range []uint32{0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x7fffffff, 0x477ff000, 0x477fefff, 0x33000000, 0x33000001, 0x7f7fffff, 0x7f7f8000} {
		check(b)
	}
}
