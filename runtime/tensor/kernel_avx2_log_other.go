//go:build !amd64 || purego

package tensor

func log2f32AVX2(dst, src *float32, n int)  { panic("tensor: no AVX2 kernels") }
func log10f32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }
func log1pf32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }
func expm1f32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }
func sinhf32AVX2(dst, src *float32, n int)  { panic("tensor: no AVX2 kernels") }
func coshf32AVX2(dst, src *float32, n int)  { panic("tensor: no AVX2 kernels") }
