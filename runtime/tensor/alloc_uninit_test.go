package tensor

import (
	"math"
	"runtime"
	"testing"
)

// TestUninitResultsFullyWritten checks that the results allocated without
// a zero fill (binary results, fills) hold exactly the computed values
// even where the allocator hands back memory that held NaNs, for
// contiguous, transposed (dense) and broadcast operands.
func TestUninitResultsFullyWritten(t *testing.T) {
	const r, c = 256, 96 // 96 KiB of float32, above uninitMin
	for round := 0; round < 4; round++ {
		for i := 0; i < 4; i++ {
			junk := Full([]int{r, c}, FloatS(math.NaN()), Float32)
			_ = junk
		}
		runtime.GC()
		xs := make([]float32, r*c)
		for i := range xs {
			xs[i] = float32(i%97) * 0.5
		}
		x := FromSlice(xs, r, c)
		row := FromSlice(make([]float32, c), 1, c)
		check := func(name string, got *Tensor, want func(i, j int) float32) {
			for i := 0; i < got.Shape()[0]; i++ {
				for j := 0; j < got.Shape()[1]; j++ {
					if g := float32(got.At(i, j).F); g != want(i, j) {
						t.Fatalf("%s[%d,%d] = %v, want %v", name, i, j, g, want(i, j))
					}
				}
			}
		}
		mul := Binary(OpMul, TensorOperand(x), TensorOperand(x), Opts{})
		check("x*x", mul, func(i, j int) float32 { return xs[i*c+j] * xs[i*c+j] })
		xt := x.T()
		add := Binary(OpAdd, TensorOperand(xt), TensorOperand(xt), Opts{})
		check("xt+xt", add, func(i, j int) float32 { return xs[j*c+i] + xs[j*c+i] })
		bc := Binary(OpSub, TensorOperand(x), TensorOperand(row), Opts{})
		check("x-row", bc, func(i, j int) float32 { return xs[i*c+j] })
		f := Full([]int{r, c}, FloatS(2.5), Float32)
		check("full", f, func(i, j int) float32 { return 2.5 })
	}
}
