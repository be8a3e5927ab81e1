//go:build !amd64 || purego

package tensor

// useAVX2 is false where there are no AVX2 kernels; the functions below
// are never called then.
var useAVX2 = false

func expf32AVX2(dst, src *float32, n int)     { panic("tensor: no AVX2 kernels") }
func sigmoidf32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }

func addRowsf32AVX2(acc, src *float32, rows int) { panic("tensor: no AVX2 kernels") }
func addRowsf64AVX2(acc, src *float64, rows int) { panic("tensor: no AVX2 kernels") }
func addf32AVX2(dst, src *float32, n int)        { panic("tensor: no AVX2 kernels") }
func addf64AVX2(dst, src *float64, n int)        { panic("tensor: no AVX2 kernels") }
func normal16f32AVX2(data *float32, blocks int, mean, std float32) {
	panic("tensor: no AVX2 kernels")
}
