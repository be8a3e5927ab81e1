package tensor

import "testing"

// Benchmarks of the operations scripts/bench-vs-torch compares with
// PyTorch, named by operation, layout and size.

func benchPair(n int, d DType) (*Tensor, *Tensor) {
	g := NewGenerator(1)
	x := Rand([]int{n}, Float32, g).To(d)
	y := Add(TensorOperand(Rand([]int{n}, Float32, g)), ScalarOperand(FloatS(0.5)), IntS(1), Opts{}).To(d)
	return x, y
}

func benchBinary(b *testing.B, op BinaryOp, n int, d DType) {
	x, y := benchPair(n, d)
	b.SetBytes(int64(3 * n * d.ItemSize()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(op, TensorOperand(x), TensorOperand(y), Opts{})
	}
}

func BenchmarkMulContiguous2p22Float32(b *testing.B) { benchBinary(b, OpMul, 1<<22, Float32) }
func BenchmarkDivContiguous2p22Float32(b *testing.B) { benchBinary(b, OpDiv, 1<<22, Float32) }
func BenchmarkPowContiguous2p22Float32(b *testing.B) { benchBinary(b, OpPow, 1<<22, Float32) }
func BenchmarkAddContiguous2p22Float64(b *testing.B) { benchBinary(b, OpAdd, 1<<22, Float64) }
func BenchmarkAddContiguous2p22Int64(b *testing.B)   { benchBinary(b, OpAdd, 1<<22, Int64) }
func BenchmarkMulContiguous2p22Int64(b *testing.B)   { benchBinary(b, OpMul, 1<<22, Int64) }
func BenchmarkLtContiguous2p22Float32(b *testing.B)  { benchBinary(b, OpLt, 1<<22, Float32) }
func BenchmarkEqContiguous2p22Float32(b *testing.B)  { benchBinary(b, OpEq, 1<<22, Float32) }

func BenchmarkAddInplace2p24Float32(b *testing.B) {
	x, y := benchPair(1<<24, Float32)
	b.SetBytes(3 * 4 << 24)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpAdd, TensorOperand(x), TensorOperand(y), Opts{Inplace: true})
	}
}

func BenchmarkAddScalar2p22Float32(b *testing.B) {
	x, _ := benchPair(1<<22, Float32)
	b.SetBytes(2 * 4 << 22)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpAdd, TensorOperand(x), ScalarOperand(IntS(1)), Opts{})
	}
}

func BenchmarkGtScalar2p22Float32(b *testing.B) {
	x, _ := benchPair(1<<22, Float32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpGt, TensorOperand(x), ScalarOperand(FloatS(0.5)), Opts{})
	}
}

func benchUnary(b *testing.B, op UnaryOp, n int) {
	x, _ := benchPair(n, Float32)
	b.SetBytes(int64(2 * 4 * n))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Unary(op, x, Opts{})
	}
}

func BenchmarkExpContiguous2p22Float32(b *testing.B)     { benchUnary(b, OpExp, 1<<22) }
func BenchmarkLogContiguous2p22Float32(b *testing.B)     { benchUnary(b, OpLog, 1<<22) }
func BenchmarkSqrtContiguous2p22Float32(b *testing.B)    { benchUnary(b, OpSqrt, 1<<22) }
func BenchmarkTanhContiguous2p22Float32(b *testing.B)    { benchUnary(b, OpTanh, 1<<22) }
func BenchmarkSigmoidContiguous2p22Float32(b *testing.B) { benchUnary(b, OpSigmoid, 1<<22) }
func BenchmarkNegContiguous2p22Float32(b *testing.B)     { benchUnary(b, OpNeg, 1<<22) }
func BenchmarkSinContiguous2p22Float32(b *testing.B)     { benchUnary(b, OpSin, 1<<22) }
func BenchmarkCosContiguous2p22Float32(b *testing.B)     { benchUnary(b, OpCos, 1<<22) }
func BenchmarkTanContiguous2p22Float32(b *testing.B)     { benchUnary(b, OpTan, 1<<22) }
func BenchmarkAtanContiguous2p22Float32(b *testing.B)    { benchUnary(b, OpAtan, 1<<22) }
func BenchmarkSinhContiguous2p22Float32(b *testing.B)    { benchUnary(b, OpSinh, 1<<22) }
func BenchmarkExpm1Contiguous2p22Float32(b *testing.B)   { benchUnary(b, OpExpm1, 1<<22) }
func BenchmarkLog2Contiguous2p22Float32(b *testing.B)    { benchUnary(b, OpLog2, 1<<22) }

func BenchmarkPowScalar2p22Float32(b *testing.B) {
	x, _ := benchPair(1<<22, Float32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpPow, TensorOperand(x), ScalarOperand(FloatS(2.5)), Opts{})
	}
}

func BenchmarkPowScalar2Contiguous2p22Float32(b *testing.B) {
	x, _ := benchPair(1<<22, Float32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Binary(OpPow, TensorOperand(x), ScalarOperand(IntS(2)), Opts{})
	}
}

func BenchmarkWhere2p22Float32(b *testing.B) {
	x, y := benchPair(1<<22, Float32)
	c := Binary(OpGt, TensorOperand(x), ScalarOperand(FloatS(0.5)), Opts{})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Where(c, TensorOperand(x), TensorOperand(y), Opts{})
	}
}

func BenchmarkTransposeContiguous4096Float32(b *testing.B) {
	a := Rand([]int{4096, 4096}, Float32, NewGenerator(1))
	b.SetBytes(2 * 4 << 24)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.T().Contiguous()
	}
}

func benchReduce(b *testing.B, f func(a *Tensor) *Tensor, transposed bool) {
	a := Rand([]int{4096, 4096}, Float32, NewGenerator(1))
	if transposed {
		a = a.T()
	}
	b.SetBytes(4 << 24)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(a)
	}
}

func BenchmarkSumDim0Float32(b *testing.B) {
	benchReduce(b, func(a *Tensor) *Tensor { return Sum(a, []int{0}, false) }, false)
}
func BenchmarkSumDim1Float32(b *testing.B) {
	benchReduce(b, func(a *Tensor) *Tensor { return Sum(a, []int{1}, false) }, false)
}
func BenchmarkSumAllFloat32(b *testing.B) {
	benchReduce(b, func(a *Tensor) *Tensor { return Sum(a, nil, false) }, false)
}
func BenchmarkSumDim0TransposedFloat32(b *testing.B) {
	benchReduce(b, func(a *Tensor) *Tensor { return Sum(a, []int{0}, false) }, true)
}
func BenchmarkMeanDim1Float32(b *testing.B) {
	benchReduce(b, func(a *Tensor) *Tensor { return Mean(a, []int{1}, false) }, false)
}
func BenchmarkAmaxDim1Float32(b *testing.B) {
	benchReduce(b, func(a *Tensor) *Tensor { return Amax(a, []int{1}, false) }, false)
}

func BenchmarkOnes2p22Float32(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Full([]int{1 << 22}, IntS(1), Float32)
	}
}

func BenchmarkZeros2p22Float32(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Full([]int{1 << 22}, IntS(0), Float32)
	}
}

func BenchmarkArange2p22Int64(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Arange(IntS(0), IntS(1<<22), IntS(1), Int64)
	}
}

func BenchmarkRand2p22Float32(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Rand([]int{1 << 22}, Float32, g)
	}
}

func BenchmarkRandn2p22Float32(b *testing.B) {
	g := NewGenerator(0)
	for i := 0; i < b.N; i++ {
		Randn([]int{1 << 22}, Float32, g)
	}
}

func BenchmarkToFloat64_2p22Float32(b *testing.B) {
	x, _ := benchPair(1<<22, Float32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.To(Float64)
	}
}

func BenchmarkClone2p22Float32(b *testing.B) {
	x, _ := benchPair(1<<22, Float32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.Clone()
	}
}

func BenchmarkEmpty2p22Float32(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Empty([]int{1 << 22}, Float32)
	}
}

// BenchmarkLtSmall measures the fixed cost of a small comparison.
func BenchmarkLtSmall(b *testing.B) {
	x := Full([]int{3, 4}, FloatS(1.5), Float32)
	y := Full([]int{4}, FloatS(2.5), Float32)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Binary(OpLt, TensorOperand(x), TensorOperand(y), Opts{})
	}
}

// BenchmarkAmaxSmall measures the fixed cost of a small reduction.
func BenchmarkAmaxSmall(b *testing.B) {
	x := Full([]int{3, 40}, FloatS(1.5), Float32)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Amax(x, []int{1}, false)
	}
}

// New results of x + y at the sizes of issue 25 (allocation and GC cost).
func BenchmarkAddContiguous2p16Float32(b *testing.B) { benchBinary(b, OpAdd, 1<<16, Float32) }
func BenchmarkAddContiguous2p18Float32(b *testing.B) { benchBinary(b, OpAdd, 1<<18, Float32) }
func BenchmarkAddContiguous2p20Float32(b *testing.B) { benchBinary(b, OpAdd, 1<<20, Float32) }

// Reductions of issue 25 over the rows of a 4096² float32 matrix.
func BenchmarkArgmaxDim1Float32(b *testing.B) {
	x := Rand([]int{4096, 4096}, Float32, NewGenerator(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Argmax(x, 1, false)
	}
}

func BenchmarkCat8x512Float32(b *testing.B) {
	g := NewGenerator(1)
	ts := make([]*Tensor, 8)
	for i := range ts {
		ts[i] = Rand([]int{512, 512}, Float32, g)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Cat(ts, 0)
	}
}

// BenchmarkEmptyUninit2p16Float32 is torch.empty(65536): a new result
// that is not cleared.
func BenchmarkEmptyUninit2p16Float32(b *testing.B) {
	for i := 0; i < b.N; i++ {
		EmptyUninit([]int{1 << 16}, Float32)
	}
}
