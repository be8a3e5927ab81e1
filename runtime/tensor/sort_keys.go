package tensor

import "math"

// Sort keys: every element of a line becomes an unsigned integer whose <
// is PyTorch's comparison of the values (KeyValueCompAsc: NaN above every
// number, all NaNs equal, -0 equal to 0; the complement for descending),
// so the sorting algorithms compare plain integers.

// f32Key maps a float32 onto a uint32 in PyTorch's ascending order.
func f32Key(f float32) uint32 {
	if f != f {
		return math.MaxUint32
	}
	if f == 0 {
		return 0x80000000
	}
	b := math.Float32bits(f)
	if b>>31 != 0 {
		return ^b
	}
	return b | 0x80000000
}

// f64Key maps a float64 onto a uint64 in PyTorch's ascending order.
func f64Key(f float64) uint64 {
	if f != f {
		return math.MaxUint64
	}
	if f == 0 {
		return 1 << 63
	}
	b := math.Float64bits(f)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// rowKeys32 fills k with the keys of v (complemented for descending).
func rowKeys32[T uint8 | int8 | int16 | int32 | float32](v []T, k []uint32, desc bool) {
	var flip uint32
	if desc {
		flip = math.MaxUint32
	}
	switch x := any(v).(type) {
	case []float32:
		for i, f := range x {
			k[i] = f32Key(f) ^ flip
		}
	case []uint8:
		for i, f := range x {
			k[i] = uint32(f) ^ flip
		}
	case []int8:
		for i, f := range x {
			k[i] = uint32(int32(f)) ^ 0x80000000 ^ flip
		}
	case []int16:
		for i, f := range x {
			k[i] = uint32(int32(f)) ^ 0x80000000 ^ flip
		}
	case []int32:
		for i, f := range x {
			k[i] = uint32(f) ^ 0x80000000 ^ flip
		}
	}
}

// rowKeys64 fills k with the keys of v (complemented for descending).
func rowKeys64[T int64 | float64](v []T, k []uint64, desc bool) {
	var flip uint64
	if desc {
		flip = math.MaxUint64
	}
	switch x := any(v).(type) {
	case []float64:
		for i, f := range x {
			k[i] = f64Key(f) ^ flip
		}
	case []int64:
		for i, f := range x {
			k[i] = uint64(f) ^ (1 << 63) ^ flip
		}
	}
}

// radixSort sorts the pairs (k, ix) by key, stably (LSD, 8 bits a pass,
// passes whose digit is the same for every key skipped); kb and ib are
// buffers of the same lengths.
func radixSort[K sortKey](k []K, ix []int64, kb []K, ib []int64) {
	n := len(k)
	var z K
	passes := 4
	if any(z) == any(uint64(0)) {
		passes = 8
	}
	src, sx, dst, dx := k, ix, kb, ib
	for p := 0; p < passes; p++ {
		shift := uint(8 * p)
		var count [257]int
		for _, x := range src {
			count[(x>>shift)&0xff+1]++
		}
		if count[(src[0]>>shift)&0xff+1] == n {
			continue
		}
		for i := 1; i < 257; i++ {
			count[i] += count[i-1]
		}
		for i, x := range src {
			d := (x >> shift) & 0xff
			j := count[d]
			count[d]++
			dst[j], dx[j] = x, sx[i]
		}
		src, sx, dst, dx = dst, dx, src, sx
	}
	if &src[0] != &k[0] {
		copy(k, src)
		copy(ix, sx)
	}
}
