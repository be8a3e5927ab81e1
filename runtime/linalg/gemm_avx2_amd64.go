//go:build amd64 && !purego

package linalg

import "github.com/tensh/tensh/runtime/tensor"

// The AVX2 micro-kernels of gemm_avx2_amd64.s (scripts/gen-gemm-avx2):
// c's 6×16 (float32) or 6×8 (float64) tile from row stride ldc +=
// packed a · packed b over kc steps, from c's values when load, else from
// zero.

//go:noescape
func sgemm6x16AVX2(kc int, a, b, c *float32, ldc int, load bool)

//go:noescape
func dgemm6x8AVX2(kc int, a, b, c *float64, ldc int, load bool)

// haveGemmKernels reports whether the micro-kernels may run.
func haveGemmKernels() bool { return tensor.HasAVX2() }
