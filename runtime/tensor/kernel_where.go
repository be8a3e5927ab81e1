package tensor

import "unsafe"

// whereContiguous is o[i] = c[i] ? x[i] : y[i] over contiguous rows, with
// a mask instead of a branch (the condition is often unpredictable): the
// elements are moved as unsigned integers of their size, which selects
// their bits exactly.
func whereContiguous[T Elem](o []T, c []bool, x, y []T) {
	n := len(o)
	c, x, y = c[:n], x[:n], y[:n]
	if n == 0 {
		return
	}
	cb := unsafe.Slice((*uint8)(unsafe.Pointer(&c[0])), n)
	switch unsafe.Sizeof(o[0]) {
	case 1:
		whereBits(asBits[T, uint8](o), cb, asBits[T, uint8](x), asBits[T, uint8](y))
	case 2:
		whereBits(asBits[T, uint16](o), cb, asBits[T, uint16](x), asBits[T, uint16](y))
	case 4:
		k := 0
		if useAVX2 && n >= 8 {
			k = n &^ 7
			where32AVX2(unsafe.Pointer(&o[0]), &cb[0], unsafe.Pointer(&x[0]), unsafe.Pointer(&y[0]), k)
		}
		whereBits(asBits[T, uint32](o[k:]), cb[k:], asBits[T, uint32](x[k:]), asBits[T, uint32](y[k:]))
	default:
		whereBits(asBits[T, uint64](o), cb, asBits[T, uint64](x), asBits[T, uint64](y))
	}
}

// asBits views s as a slice of the unsigned integer type of its size.
func asBits[T Elem, U uint8 | uint16 | uint32 | uint64](s []T) []U {
	return unsafe.Slice((*U)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func whereBits[U uint8 | uint16 | uint32 | uint64](o []U, c []uint8, x, y []U) {
	n := len(o)
	c, x, y = c[:n], x[:n], y[:n]
	for i := range o {
		m := -U(c[i] & 1)
		o[i] = x[i]&m | y[i]&^m
	}
}
