//go:build !amd64 || purego

package linalg

// Without the AVX2 micro-kernels gemmFloat keeps its axpy loops.

func sgemm6x16AVX2(kc int, a, b, c *float32, ldc int, load bool) {
	panic("linalg: no AVX2 kernels")
}

func dgemm6x8AVX2(kc int, a, b, c *float64, ldc int, load bool) {
	panic("linalg: no AVX2 kernels")
}

func haveGemmKernels() bool { return false }
