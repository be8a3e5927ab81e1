package tensor

import (
	"math"
	"testing"
)

// TestWelfordRowsLastMatchesLines checks var/std over the last dimension
// of a contiguous tensor (welfordRowsLast, four rows interleaved) against
// the same values laid out transposed (welfordLines' general loop), bit
// for bit.
func TestWelfordRowsLastMatchesLines(t *testing.T) {
	g := NewGenerator(3)
	for _, d := range []DType{Float32, Float64} {
		for _, shape := range [][]int{{1, 1}, {3, 7}, {4, 33}, {9, 100}, {130, 17}} {
			x := Rand(shape, Float32, g).To(d)
			xt := x.T().Contiguous().T() // same values, the reduced dim strided
			for _, c := range []float64{0, 1} {
				got, want := Var(x, []int{-1}, c, false), Var(xt, []int{-1}, c, false)
				for i := 0; i < got.Numel(); i++ {
					a, b := got.st.Get(i).Float(), want.st.Get(i).Float()
					if math.Float64bits(a) != math.Float64bits(b) && !(a != a && b != b) {
						t.Fatalf("%v %v c=%v [%d]: got %v, want %v", d, shape, c, i, a, b)
					}
				}
			}
		}
	}
}

func BenchmarkVarDim1_4096x4096F32(b *testing.B) {
	x := Rand([]int{4096, 4096}, Float32, NewGenerator(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Var(x, []int{1}, 1, false)
	}
}

func BenchmarkStdAll4096x4096F32(b *testing.B) {
	x := Rand([]int{4096, 4096}, Float32, NewGenerator(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Std(x, nil, 1, false)
	}
}

func BenchmarkNormAll4096x4096F32(b *testing.B) {
	x := Rand([]int{4096, 4096}, Float32, NewGenerator(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Norm(x, 2, nil, false)
	}
}
