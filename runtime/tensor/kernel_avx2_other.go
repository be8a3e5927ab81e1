//go:build !amd64 || purego

package tensor

// useAVX2 is false where there are no AVX2 kernels; the functions below
// are never called then.
var useAVX2 = false

func expf32AVX2(dst, src *float32, n int)     { panic("tensor: no AVX2 kernels") }
func sigmoidf32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }
