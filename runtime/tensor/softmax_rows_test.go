package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// TestSoftmaxRowF32MatchesRef checks the AVX2 rows of softmax and
// log_softmax against their reference, bit for bit, on rows of every
// length around the vector widths, with NaNs, infinities and zeros.
func TestSoftmaxRowF32MatchesRef(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 1; n <= 100; n++ {
		for trial := 0; trial < 6; trial++ {
			row := make([]float32, n)
			for i := range row {
				row[i] = float32(rng.NormFloat64() * 20)
			}
			switch trial {
			case 1:
				row[rng.Intn(n)] = float32(math.NaN())
			case 2:
				row[rng.Intn(n)] = float32(math.Inf(1))
			case 3:
				for i := range row {
					row[i] = float32(math.Copysign(0, float64(rng.Intn(2)*2-1)))
				}
			case 4:
				row[rng.Intn(n)] = float32(math.Inf(-1))
			}
			for _, log := range []bool{false, true} {
				got, want := make([]float32, n), make([]float32, n)
				softmaxRowF32(row, got, log)
				softmaxRowRef(row, want, log, 8, sleefExpf, sleefLogf)
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) && !(got[i] != got[i] && want[i] != want[i]) {
						t.Fatalf("n=%d trial=%d log=%v [%d]: got %v, want %v", n, trial, log, i, got[i], want[i])
					}
				}
			}
		}
	}
}

func BenchmarkSoftmaxLastdim4096x1024F32(b *testing.B) {
	x := Rand([]int{4096, 1024}, Float32, NewGenerator(1))
	b.SetBytes(4096 * 1024 * 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Softmax(x, -1, false)
	}
}

func BenchmarkLogSoftmaxLastdim4096x1024F32(b *testing.B) {
	x := Rand([]int{4096, 1024}, Float32, NewGenerator(1))
	b.SetBytes(4096 * 1024 * 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Softmax(x, -1, true)
	}
}
