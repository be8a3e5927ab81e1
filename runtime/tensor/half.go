package tensor

import "math"

// Half is an IEEE 754 binary16 value (torch.float16), stored as its bits.
type Half uint16

// BF16 is a bfloat16 value (torch.bfloat16), stored as its bits: the
// upper half of a float32.
type BF16 uint16

// HalfFromFloat32 rounds f to the nearest binary16 value, ties to even, as
// c10::Half's conversion does.
func HalfFromFloat32(f float32) Half {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return Half(sign | 0x7e00)
		}
		return Half(sign | 0x7c00)
	}
	e := exp - 127 + 15
	if e >= 0x1f {
		return Half(sign | 0x7c00)
	}
	if e <= 0 {
		if e < -10 {
			return Half(sign)
		}
		m := mant | 0x800000
		shift := uint(14 - e)
		h := m >> shift
		rem := m & (1<<shift - 1)
		halfway := uint32(1) << (shift - 1)
		if rem > halfway || (rem == halfway && h&1 == 1) {
			h++
		}
		return Half(sign | uint16(h))
	}
	h := uint32(e)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && h&1 == 1) {
		h++ // a carry into the exponent correctly gives the next binade or inf
	}
	return Half(sign | uint16(h))
}

// Float32 widens h exactly.
func (h Half) Float32() float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		v := float32(mant) * (1.0 / (1 << 24))
		if sign != 0 {
			return -v
		}
		return v
	}
	return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
}

// BF16FromFloat32 rounds f to bfloat16, ties to even, as c10 does.
func BF16FromFloat32(f float32) BF16 {
	if f != f {
		return 0x7fc0
	}
	u := math.Float32bits(f)
	bias := uint32(0x7fff) + (u>>16)&1
	return BF16((u + bias) >> 16)
}

// Float32 widens b exactly.
func (b BF16) Float32() float32 { return math.Float32frombits(uint32(b) << 16) }
