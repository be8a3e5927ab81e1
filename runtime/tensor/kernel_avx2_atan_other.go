//go:build !amd64 || purego

package tensor

func atanf32AVX2(dst, src *float32, n int) int { panic("tensor: no AVX2 kernels") }
func asinf32AVX2(dst, src *float32, n int) int { panic("tensor: no AVX2 kernels") }
func acosf32AVX2(dst, src *float32, n int) int { panic("tensor: no AVX2 kernels") }
