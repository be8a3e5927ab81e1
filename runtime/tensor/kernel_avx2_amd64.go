//go:build amd64 && !purego

package tensor

import "unsafe"

// useAVX2 reports whether the AVX2 + FMA kernels of kernel_avx2_amd64.s
// may run (the CPU has AVX2 and FMA and the OS saves the YMM registers).
// Tests turn it off to check the portable code.
var useAVX2 = detectAVX2()

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

func detectAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const fma, osxsave, avx = 1 << 12, 1 << 27, 1 << 28
	if ecx1&(fma|osxsave|avx) != fma|osxsave|avx {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// The kernels take n, a multiple of 8, elements from src and write n to
// dst; dst may be src.

//go:noescape
func expf32AVX2(dst, src *float32, n int)

//go:noescape
func sigmoidf32AVX2(dst, src *float32, n int)

// addRows*: for each of rows rows of 128 bytes (32 floats, 16 doubles):
// acc[k] += row[k], in order. add*: dst[k] += src[k] for n elements (a
// multiple of the vector width).

//go:noescape
func addRowsf32AVX2(acc, src *float32, rows int)

//go:noescape
func addRowsf64AVX2(acc, src *float64, rows int)

//go:noescape
func addf32AVX2(dst, src *float32, n int)

//go:noescape
func addf64AVX2(dst, src *float64, n int)

// normal16f32AVX2 runs normal16Float32 on blocks consecutive blocks of 16.
//
//go:noescape
func normal16f32AVX2(data *float32, blocks int, mean, std float32)

// Element-wise float32 kernels (n a multiple of 8): binary operations
// vector-vector, vector-scalar and scalar-vector; sqrt; widening to
// float64.

//go:noescape
func addVVf32AVX2(o, a, b *float32, n int)

//go:noescape
func addVSf32AVX2(o, a *float32, b float32, n int)

//go:noescape
func addSVf32AVX2(o *float32, a float32, b *float32, n int)

//go:noescape
func subVVf32AVX2(o, a, b *float32, n int)

//go:noescape
func subVSf32AVX2(o, a *float32, b float32, n int)

//go:noescape
func subSVf32AVX2(o *float32, a float32, b *float32, n int)

//go:noescape
func mulVVf32AVX2(o, a, b *float32, n int)

//go:noescape
func mulVSf32AVX2(o, a *float32, b float32, n int)

//go:noescape
func mulSVf32AVX2(o *float32, a float32, b *float32, n int)

//go:noescape
func divVVf32AVX2(o, a, b *float32, n int)

//go:noescape
func divVSf32AVX2(o, a *float32, b float32, n int)

//go:noescape
func divSVf32AVX2(o *float32, a float32, b *float32, n int)

//go:noescape
func sqrtf32AVX2(o, a *float32, n int)

//go:noescape
func cvtf32f64AVX2(o *float64, a *float32, n int)

// Max/min folds (see reduce_extremum.go).

//go:noescape
func maxf32AVX2(x *float32, n int) (m float32, nan bool)

//go:noescape
func minf32AVX2(x *float32, n int) (m float32, nan bool)

//go:noescape
func foldMaxf32AVX2(out, x *float32, n int)

//go:noescape
func foldMinf32AVX2(out, x *float32, n int)

// where32AVX2 is o[i] = c[i] != 0 ? x[i] : y[i] for n (a multiple of 8)
// 32-bit elements.
//
//go:noescape
func where32AVX2(o unsafe.Pointer, c *uint8, x, y unsafe.Pointer, n int)

// Comparisons of float32 rows into bools; n a multiple of 8.

//go:noescape
func cmpEqVVf32AVX2(o *bool, a, b *float32, n int)

//go:noescape
func cmpEqVSf32AVX2(o *bool, a *float32, b float32, n int)

//go:noescape
func cmpNeVVf32AVX2(o *bool, a, b *float32, n int)

//go:noescape
func cmpNeVSf32AVX2(o *bool, a *float32, b float32, n int)

//go:noescape
func cmpLtVVf32AVX2(o *bool, a, b *float32, n int)

//go:noescape
func cmpLtVSf32AVX2(o *bool, a *float32, b float32, n int)

//go:noescape
func cmpLeVVf32AVX2(o *bool, a, b *float32, n int)

//go:noescape
func cmpLeVSf32AVX2(o *bool, a *float32, b float32, n int)

//go:noescape
func cmpGtVVf32AVX2(o *bool, a, b *float32, n int)

//go:noescape
func cmpGtVSf32AVX2(o *bool, a *float32, b float32, n int)

//go:noescape
func cmpGeVVf32AVX2(o *bool, a, b *float32, n int)

//go:noescape
func cmpGeVSf32AVX2(o *bool, a *float32, b float32, n int)

// SLEEF's float32 log and tanh (kernel_sleef_log.go) over n elements, a
// multiple of 8.

//go:noescape
func logf32AVX2(dst, src *float32, n int)

//go:noescape
func tanhf32AVX2(dst, src *float32, n int)

// SLEEF's float32 pow (kernel_sleef_pow.go) over n elements (a multiple
// of 8): o = a ** b, vector-vector, vector-scalar, scalar-vector.

//go:noescape
func powVVf32AVX2(o, a, b *float32, n int)

//go:noescape
func powVSf32AVX2(o, a *float32, b float32, n int)

//go:noescape
func powSVf32AVX2(o *float32, a float32, b *float32, n int)

// SLEEF's float32 sin, cos and tan (kernel_sleef_trig.go) for the vectors of
// 8 that take the short reduction: dst = f(src, false) over n elements (a
// multiple of 8) from the start, up to the first vector of 8 holding an
// element with |x| >= 125 or a NaN; they return how many elements they
// wrote (a multiple of 8).

//go:noescape
func sinf32AVX2(dst, src *float32, n int) int

//go:noescape
func cosf32AVX2(dst, src *float32, n int) int

//go:noescape
func tanf32AVX2(dst, src *float32, n int) int

// negf32AVX2 is o = -a over n (a multiple of 8) elements.
//
//go:noescape
func negf32AVX2(o, a *float32, n int)

// Softmax's rows (softmax_rows.go): dst = expf(src - m) with acc's 8 lanes
// += dst, and acc's 8 lanes += src; n a multiple of 8.

//go:noescape
func expSubSumf32AVX2(dst, src *float32, m float32, acc *float32, n int)

//go:noescape
func sumLanesf32AVX2(acc, src *float32, n int)

// sumSqLanesf32AVX2 is acc[l] = fma(x, x, acc[l]) for x = src[8k+l] over
// n (a multiple of 8) elements: norm's eight lanes.
//
//go:noescape
func sumSqLanesf32AVX2(acc, src *float32, n int)
