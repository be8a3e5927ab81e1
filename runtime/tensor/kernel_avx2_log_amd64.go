//go:build amd64 && !purego

package tensor

// SLEEF's float32 log2, log10, log1p, expm1, sinh and cosh
// (kernel_sleef_exp.go) over n elements, a multiple of 8
// (kernel_avx2_log_amd64.s).

//go:noescape
func log2f32AVX2(dst, src *float32, n int)

//go:noescape
func log10f32AVX2(dst, src *float32, n int)

//go:noescape
func log1pf32AVX2(dst, src *float32, n int)

//go:noescape
func expm1f32AVX2(dst, src *float32, n int)

//go:noescape
func sinhf32AVX2(dst, src *float32, n int)

//go:noescape
func coshf32AVX2(dst, src *float32, n int)
