package gpu

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestArgExtremumMatchesCPU runs max(dim), min(dim), argmax(dim) and
// argmin(dim) on random views (NaNs and ties included) against the CPU:
// indices and values bit-exact (0 ULP: no arithmetic, the first
// extremum or first NaN of each line, as the CPU picks it).
func TestArgExtremumMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(9))
	for _, d := range testDTypes() {
		if d == tensor.Float64 && !dev.FP64 {
			continue
		}
		for trial := 0; trial < 6; trial++ {
			shape, _, _ := randShapes(rng)
			if len(shape) == 0 {
				shape = []int{3}
			}
			a := randView(rng, d, shape)
			dim, keep := rng.Intn(len(shape)), rng.Intn(2) == 0
			g := tensor.OnDevice(a, gdev)
			for _, isMax := range []bool{true, false} {
				f := tensor.MinDim
				if isMax {
					f = tensor.MaxDim
				}
				wv, wi := f(a, dim, keep)
				before := Launches.Load()
				gv, gi := f(g, dim, keep)
				if Launches.Load() == before {
					t.Fatalf("max/min(dim) %v: no kernel ran", d)
				}
				if err := sameValues(gi, wi, 0); err != nil {
					t.Errorf("max=%v %v %v%v dim %d: indices: %v", isMax, d, a.Shape(), a.Strides(), dim, err)
				}
				if err := sameValues(gv, wv, 0); err != nil {
					t.Errorf("max=%v %v %v%v dim %d: values: %v", isMax, d, a.Shape(), a.Strides(), dim, err)
				}
				if d == tensor.Bool {
					continue
				}
				arg := tensor.Argmin
				if isMax {
					arg = tensor.Argmax
				}
				if err := sameValues(arg(g, dim, keep), arg(a, dim, keep), 0); err != nil {
					t.Errorf("arg max=%v %v %v%v dim %d: %v", isMax, d, a.Shape(), a.Strides(), dim, err)
				}
				all := tensor.ArgminAll
				if isMax {
					all = tensor.ArgmaxAll
				}
				before = Launches.Load()
				ga := all(g, keep)
				if Launches.Load() == before || ga.Device() != gdev {
					t.Fatalf("argmax/argmin() %v: no kernel ran (result on %v)", d, ga.Device())
				}
				if err := sameValues(ga, all(a, keep), 0); err != nil {
					t.Errorf("arg max=%v %v %v%v all: %v", isMax, d, a.Shape(), a.Strides(), err)
				}
			}
		}
	}
}
