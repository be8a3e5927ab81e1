package tensor

import "testing"

// Benchmarks of the float32 rows with the kernels of
// kernel_avx2_log_amd64.s not covered in kernel_bench_ops_test.go.

func BenchmarkLog10Contiguous2p22Float32(b *testing.B) { benchUnary(b, OpLog10, 1<<22) }
func BenchmarkLog1pContiguous2p22Float32(b *testing.B) { benchUnary(b, OpLog1p, 1<<22) }
func BenchmarkCoshContiguous2p22Float32(b *testing.B)  { benchUnary(b, OpCosh, 1<<22) }
