//go:build amd64 && !purego

package tensor

// SLEEF's float32 atan, asin and acos (kernel_sleef_trig.go) in
// kernel_avx2_atan_amd64.s: dst = f(src) over n elements (a multiple of
// 8) from the start, up to the first vector of 8 holding a NaN (for asin
// and acos also an element with |x| > 1); they return how many elements
// they wrote (a multiple of 8).

//go:noescape
func atanf32AVX2(dst, src *float32, n int) int

//go:noescape
func asinf32AVX2(dst, src *float32, n int) int

//go:noescape
func acosf32AVX2(dst, src *float32, n int) int
