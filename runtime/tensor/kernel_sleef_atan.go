package tensor

// elemRowAVX2F32 is mapElemF32 with the vectors of 8 that kern accepts
// (atanf32AVX2 ...) computed by kern where there are AVX2 kernels; a
// vector it stops at, and the last n%8 elements, go through f.
func elemRowAVX2F32(dst, src []float32, kern func(dst, src *float32, n int) int, f func(float32) float32) {
	n := len(src)
	dst = dst[:n]
	k := 0
	if useAVX2 {
		for full := n &^ 7; k < full; {
			k += kern(&dst[k], &src[k], full-k)
			if k < full {
				mapElemF32(dst[k:k+8], src[k:k+8], f)
				k += 8
			}
		}
	}
	mapElemF32(dst[k:], src[k:], f)
}
