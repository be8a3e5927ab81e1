package tensor

import "testing"

// BenchmarkAddContiguous2p24Float32 adds two contiguous float32 tensors of
// 2^24 elements into a new tensor.
func BenchmarkAddContiguous2p24Float32(b *testing.B) {
	x := Full([]int{1 << 24}, FloatS(1.5), Float32)
	y := Full([]int{1 << 24}, FloatS(2.5), Float32)
	b.SetBytes(3 * 4 << 24)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpAdd, TensorOperand(x), TensorOperand(y), Opts{})
	}
}

// BenchmarkAddBroadcast256 is (256,1,256) + (1,256,256) in float32.
func BenchmarkAddBroadcast256(b *testing.B) {
	x := Full([]int{256, 1, 256}, FloatS(1.5), Float32)
	y := Full([]int{1, 256, 256}, FloatS(2.5), Float32)
	b.SetBytes(4 << 24)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpAdd, TensorOperand(x), TensorOperand(y), Opts{})
	}
}

// BenchmarkAddSmall measures the fixed cost of a small operation.
func BenchmarkAddSmall(b *testing.B) {
	x := Full([]int{3, 4}, FloatS(1.5), Float32)
	y := Full([]int{4}, FloatS(2.5), Float32)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Binary(OpAdd, TensorOperand(x), TensorOperand(y), Opts{})
	}
}

// BenchmarkExpContiguous is a unary float32 kernel over 2^20 elements.
func BenchmarkExpContiguous(b *testing.B) {
	x := Full([]int{1 << 20}, FloatS(0.5), Float32)
	for i := 0; i < b.N; i++ {
		Unary(OpExp, x, Opts{})
	}
}
