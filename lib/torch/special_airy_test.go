package torch

import (
	"math"
	"testing"
)

// TestSpecialValues checks the scalar special functions against values
// PyTorch 1.13 prints for float64 tensors (the oracle), to 1e-9 relative.
func TestSpecialValues(t *testing.T) {
	cases := []struct {
		name string
		f    func(float64) float64
		x    []float64
		want []float64
	}{
		{"airy_ai", airyAi, []float64{-30, -12, -9.5, -8.9, -7, -10, -5.5, -1, 0, 1, 5.5, 10},
			[]float64{-0.0879681884568426, -0.06655517505437396, 0.3191032477191283, -0.11726630637175163, 0.18428083525050618, 0.04024123848644196, 0.017781541276586637, 0.5355608832923521, 0.3550280538878172, 0.13529241631288144, 3.368531190859981e-05, 1.1047532552898654e-10}},
		{"k0", func(x float64) float64 { return besselK(0, x, false) }, []float64{0.1, 1, 5, 30},
			[]float64{2.427069024702017, 0.4210244382407082, 0.0036910983340425942, 2.1324774964630563e-14}},
		{"k1", func(x float64) float64 { return besselK(1, x, false) }, []float64{0.1, 1, 5, 30},
			[]float64{9.853844780870606, 0.6019072301972346, 0.004044613445452163, 2.1677320018915495e-14}},
		{"erfcx", erfcx, []float64{-3, -1, 0, 1, 5.5, 30, 1e10},
			[]float64{16205.988853999586, 5.008980080762283, 1.0, 0.427583576155807, 0.1009622183994991, 0.018795888861416754, 5.641895835477563e-11}},
		{"log_ndtr", logNdtr, []float64{-40, -3, -1, 0, 1, 5.5},
			[]float64{-804.6084420137539, -6.60772622151035, -1.841021645009264, -0.6931471805599453, -0.17275377902344985, -1.8989562646189414e-08}},
		{"ndtri", ndtri, []float64{1e-300, 0.01, 0.3, 0.5, 0.9, 0.999999},
			[]float64{-37.0470962993612, -2.3263478740408408, -0.5244005127080409, 0.0, 1.2815515655446004, 4.753424308817087}},
	}
	for _, c := range cases {
		for i, x := range c.x {
			got := c.f(x)
			if d := math.Abs(got - c.want[i]); d > 1e-9*math.Abs(c.want[i]) {
				t.Errorf("%s(%v) = %v, want %v", c.name, x, got, c.want[i])
			}
		}
	}
}
