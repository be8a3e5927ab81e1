package tensor

// The float32 log2, log10, log1p and expm1 rows (vml: SLEEF's function on
// every element) and the vectorised blocks of sinh and cosh, with the
// AVX2 kernels of kernel_avx2_log_amd64.s on the whole vectors of 8 and
// the Go references on the rest.

// sleefVecF32 is dst[i] = f(src[i]) by kern (an AVX2 kernel computing f)
// on the first len(src) &^ 7 elements and by tail, f's Go row, on the
// rest.
func sleefVecF32(dst, src []float32, kern func(dst, src *float32, n int), tail func(dst, src []float32)) {
	n := len(src)
	dst = dst[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		kern(&dst[0], &src[0], k)
	}
	tail(dst[k:], src[k:])
}

func log2VecF32(dst, src []float32)  { sleefVecF32(dst, src, log2f32AVX2, log2F32) }
func log10VecF32(dst, src []float32) { sleefVecF32(dst, src, log10f32AVX2, log10F32) }
func log1pVecF32(dst, src []float32) { sleefVecF32(dst, src, log1pf32AVX2, log1pF32) }
func expm1VecF32(dst, src []float32) { sleefVecF32(dst, src, expm1f32AVX2, expm1F32) }

// sinhCoshVecRowF32 is sinhCoshRowF32 with kern, an AVX2 kernel computing
// vec, on the whole blocks of 16 of a contiguous row.
func sinhCoshVecRowF32(n int, o []float32, os int, a []float32, as int, kern func(dst, src *float32, n int), vec, scalar func(float32) float32) {
	if useAVX2 && os == 1 && as == 1 && n >= vecBlock {
		nv := n - n%vecBlock
		kern(&o[0], &a[:nv][0], nv)
		sinhCoshRowF32(n-nv, o[nv:], 1, a[nv:], 1, vec, scalar)
		return
	}
	sinhCoshRowF32(n, o, os, a, as, vec, scalar)
}
