package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// TestExtremumMatchesSequentialFold checks amax/amin of 2-d float32
// tensors over each dim against the sequential fold (the first of equal
// zeros wins, the last NaN wins) on data full of signed zeros, NaNs with
// distinct payloads and infinities.
func TestExtremumMatchesSequentialFold(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	negZero := float32(math.Copysign(0, -1))
	pick := func(mode int) float32 {
		switch v := r.Intn(100); {
		case mode == 0 && v < 2:
			return math.Float32frombits(0x7fc00000 | uint32(r.Intn(1000)))
		case mode == 1 && v < 45:
			return 0
		case mode == 1 && v < 90:
			return negZero
		case mode == 2 && v < 3:
			return float32(math.Inf(1 - 2*r.Intn(2)))
		}
		return float32(r.NormFloat64())
	}
	fold := func(isMax bool, xs []float32) float32 {
		p := float32(math.Inf(1))
		if isMax {
			p = float32(math.Inf(-1))
		}
		for _, x := range xs {
			if x != x || (isMax && x > p) || (!isMax && x < p) {
				p = x
			}
		}
		return p
	}
	for _, shape := range [][2]int{{3, 5}, {7, 33}, {40, 64}, {64, 100}, {5, 4096}, {300, 17}} {
		for mode := 0; mode < 4; mode++ {
			n0, n1 := shape[0], shape[1]
			data := make([]float32, n0*n1)
			for i := range data {
				data[i] = pick(mode)
			}
			x := FromSlice(data, n0, n1)
			for _, isMax := range []bool{true, false} {
				for dim := 0; dim < 2; dim++ {
					var got *Tensor
					if isMax {
						got = Amax(x, []int{dim}, false)
					} else {
						got = Amin(x, []int{dim}, false)
					}
					g := got.st.data.([]float32)
					nout, nred := n0, n1
					if dim == 0 {
						nout, nred = n1, n0
					}
					for o := 0; o < nout; o++ {
						xs := make([]float32, nred)
						for k := range xs {
							if dim == 1 {
								xs[k] = data[o*n1+k]
							} else {
								xs[k] = data[k*n1+o]
							}
						}
						if want := fold(isMax, xs); math.Float32bits(g[o]) != math.Float32bits(want) {
							t.Fatalf("shape %v mode %d max=%v dim %d out %d: %g [%#x], want %g [%#x]",
								shape, mode, isMax, dim, o, g[o], math.Float32bits(g[o]), want, math.Float32bits(want))
						}
					}
				}
			}
		}
	}
}
