package gpu

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestParamMatchesCPU runs clamp (both bounds, one bound, NaN inputs),
// round(decimals=2 and -1), nan_to_num, the integer cases of isnan,
// isinf, isfinite, floor and trunc (constant or copied results) and the
// powers of a tensor to a number (2, 3, -2, 2.5, -1.7 on floats;
// 2, 3, 0..5 on integers) on the device against the CPU: exact, except
// pow to a non-special float exponent, within 17 ULP (OpenCL's pow: 16,
// plus the CPU's 1).
func TestParamMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(5))
	s := func(v float64) *tensor.Scalar { x := tensor.FloatS(v); return &x }
	si := func(v int64) *tensor.Scalar { x := tensor.IntS(v); return &x }
	for _, d := range testDTypes() {
		if d == tensor.Bool || (d == tensor.Float64 && !dev.FP64) {
			continue
		}
		type cs struct {
			name   string
			f      func(x *tensor.Tensor) *tensor.Tensor
			ulps   uint64
			kernel bool
		}
		var cases []cs
		if d.IsFloat() {
			for _, b := range [][2]*tensor.Scalar{{s(-3.5), s(4.25)}, {s(-2), nil}, {nil, s(1.5)}} {
				cases = append(cases, cs{"clamp", func(x *tensor.Tensor) *tensor.Tensor { return tensor.Clamp(x, b[0], b[1], tensor.Opts{}) }, 0, true})
			}
			for _, e := range []float64{2, 3, -2, 2.5, -1.7} {
				u := uint64(0)
				if e != 2 && e != 3 && e != -2 {
					u = 17
				}
				cases = append(cases, cs{"pow", func(x *tensor.Tensor) *tensor.Tensor {
					return tensor.Binary(tensor.OpPow, tensor.TensorOperand(x), tensor.ScalarOperand(tensor.FloatS(e)), tensor.Opts{})
				}, u, true})
			}
			for _, k := range []int{2, -1} {
				cases = append(cases, cs{"round", func(x *tensor.Tensor) *tensor.Tensor { return tensor.Round(x, k, tensor.Opts{}) }, 0, true})
			}
			pinf := 1e3
			cases = append(cases, cs{"nan_to_num", func(x *tensor.Tensor) *tensor.Tensor { return tensor.NanToNum(x, 0, nil, nil, tensor.Opts{}) }, 0, true},
				cs{"nan_to_num", func(x *tensor.Tensor) *tensor.Tensor { return tensor.NanToNum(x, -7, &pinf, nil, tensor.Opts{}) }, 0, true})
		} else {
			for _, op := range []tensor.UnaryOp{tensor.OpIsnan, tensor.OpIsinf, tensor.OpIsfinite, tensor.OpFloor, tensor.OpTrunc} {
				cases = append(cases, cs{"unary", func(x *tensor.Tensor) *tensor.Tensor { return tensor.Unary(op, x, tensor.Opts{}) }, 0, true})
			}
			for _, b := range [][2]*tensor.Scalar{{si(-3), si(40)}, {si(2), nil}, {nil, si(7)}} {
				cases = append(cases, cs{"clamp", func(x *tensor.Tensor) *tensor.Tensor { return tensor.Clamp(x, b[0], b[1], tensor.Opts{}) }, 0, true})
			}
			for _, e := range []int64{2, 3, 0, 5} {
				cases = append(cases, cs{"pow", func(x *tensor.Tensor) *tensor.Tensor {
					return tensor.Binary(tensor.OpPow, tensor.TensorOperand(x), tensor.ScalarOperand(tensor.IntS(e)), tensor.Opts{})
				}, 0, e > 1})
			}
		}
		for _, c := range cases {
			for trial := 0; trial < 3; trial++ {
				shape, _, _ := randShapes(rng)
				a := randView(rng, d, shape)
				want := c.f(a)
				before := Launches.Load()
				got := c.f(tensor.OnDevice(a, gdev))
				if c.kernel && want.Numel() > 0 && Launches.Load() == before {
					t.Fatalf("%s %v: no kernel ran", c.name, d)
				}
				if err := sameValues(got, want, c.ulps); err != nil {
					t.Errorf("%s %v (a %v%v): %v", c.name, d, a.Shape(), a.Strides(), err)
				}
			}
		}
	}
}
