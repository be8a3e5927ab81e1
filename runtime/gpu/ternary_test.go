package gpu

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestTernaryMatchesCPU runs lerp (scalar weights below and above 0.5, a
// tensor weight), addcmul, addcdiv and clamp with tensor bounds on
// random broadcast views against the CPU: bit-exact (0 ULP; the same
// IEEE operations in the same order, no contraction).
func TestTernaryMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(12))
	for _, d := range testDTypes() {
		if d == tensor.Bool || (d == tensor.Float64 && !dev.FP64) {
			continue
		}
		type tc struct {
			name string
			f    func(v ...*tensor.Tensor) *tensor.Tensor
		}
		op := func(x *tensor.Tensor) *tensor.Operand { o := tensor.TensorOperand(x); return &o }
		cases := []tc{
			{"addcmul", func(v ...*tensor.Tensor) *tensor.Tensor {
				return tensor.Addcmul(v[0], v[1], v[2], tensor.IntS(3), tensor.Opts{})
			}},
			{"clamp", func(v ...*tensor.Tensor) *tensor.Tensor {
				return tensor.ClampTensor(v[0], op(v[1]), op(v[2]), tensor.Opts{})
			}},
		}
		if d.IsFloat() {
			cases = append(cases,
				tc{"addcmul float", func(v ...*tensor.Tensor) *tensor.Tensor {
					return tensor.Addcmul(v[0], v[1], v[2], tensor.FloatS(0.3), tensor.Opts{})
				}},
				tc{"addcdiv", func(v ...*tensor.Tensor) *tensor.Tensor {
					return tensor.Addcdiv(v[0], v[1], v[2], tensor.FloatS(-1.7), tensor.Opts{})
				}},
				tc{"lerp 0.25", func(v ...*tensor.Tensor) *tensor.Tensor { return tensor.Lerp(v[0], v[1], sc(0.25), tensor.Opts{}) }},
				tc{"lerp 0.75", func(v ...*tensor.Tensor) *tensor.Tensor { return tensor.Lerp(v[0], v[1], sc(0.75), tensor.Opts{}) }},
				tc{"lerp tensor", func(v ...*tensor.Tensor) *tensor.Tensor {
					return tensor.Lerp(v[0], v[1], tensor.TensorOperand(mul(tt(v[2]), sc(0.05))), tensor.Opts{})
				}})
		}
		for _, c := range cases {
			for trial := 0; trial < 3; trial++ {
				out, sa, sb := randShapes(rng)
				x, y, z := newPair(rng, gdev, d, out), newPair(rng, gdev, d, sa), newPair(rng, gdev, d, sb)
				before := Launches.Load()
				r := both(c.f, x, y, z)
				if r.c.Numel() > 0 && (Launches.Load() == before || r.g.Device() != gdev) {
					t.Fatalf("%s %v: no kernel ran (result on %v)", c.name, d, r.g.Device())
				}
				checkPair(t, c.name+" "+d.String(), r, 0)
			}
		}
	}
}
