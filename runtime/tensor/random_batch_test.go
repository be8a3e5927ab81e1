package tensor

import "testing"

// The batched uniform fills must draw exactly what one Random call per
// element draws, from any generator position (across regenerations).
func TestUniformFillMatchesPerElement(t *testing.T) {
	for _, skip := range []int{0, 1, 623, 624, 625, 1000} {
		for _, n := range []int{1, 7, 511, 512, 513, 1247, 5000} {
			for _, fs := range [][2]float32{{0, 1}, {-2, 5}} {
				g1, g2 := NewGenerator(42), NewGenerator(42)
				for range skip {
					g1.Random()
					g2.Random()
				}
				got := make([]float32, n)
				uniformFillFloat32(got, g1, fs[0], fs[1])
				for i := range got {
					if want := uniformFloat32(g2, fs[0], fs[1]); !sameBits32(got[i], want) {
						t.Fatalf("skip %d n %d from %g: element %d = %g, want %g", skip, n, fs[0], i, got[i], want)
					}
				}
				if g1.Random() != g2.Random() {
					t.Fatalf("skip %d n %d: generators out of step afterwards", skip, n)
				}
			}
			g1, g2 := NewGenerator(7), NewGenerator(7)
			for range skip {
				g1.Random()
				g2.Random()
			}
			got := make([]float64, n)
			uniformFillFloat64(got, g1, -1, 3)
			for i := range got {
				if want := uniformFloat64(g2, -1, 3); got[i] != want {
					t.Fatalf("float64 skip %d n %d: element %d = %g, want %g", skip, n, i, got[i], want)
				}
			}
			if g1.Random() != g2.Random() {
				t.Fatalf("float64 skip %d n %d: generators out of step afterwards", skip, n)
			}
		}
	}
}
