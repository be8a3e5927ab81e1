package gpu

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestScanMatchesCPU runs cumsum and cumprod along every dimension of
// random views, for each dtype with kernels, against the CPU: bit-exact
// (0 ULP), since the device accumulates as the CPU does (double for
// floats, wrapping int64 for integers) and rounds each running value the
// same way.
func TestScanMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	if !dev.FP64 {
		t.Skip("the scan kernels accumulate in double, which this device lacks")
	}
	rng := rand.New(rand.NewSource(11))
	for _, d := range testDTypes() {
		for trial := 0; trial < 4; trial++ {
			shape, _, _ := randShapes(rng)
			if len(shape) == 0 {
				shape = []int{4}
			}
			a := randView(rng, d, shape)
			dim := rng.Intn(len(shape))
			for _, f := range []func(*tensor.Tensor, int) *tensor.Tensor{tensor.Cumsum, tensor.Cumprod} {
				want := f(a, dim)
				before := Launches.Load()
				got := f(tensor.OnDevice(a, gdev), dim)
				if Launches.Load() == before || got.Device() != gdev {
					t.Fatalf("scan %v: no kernel ran (result on %v)", d, got.Device())
				}
				if err := sameValues(got, want, 0); err != nil {
					t.Errorf("scan %v %v%v dim %d: %v", d, a.Shape(), a.Strides(), dim, err)
				}
			}
		}
	}
}
