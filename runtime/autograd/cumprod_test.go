package autograd

import (
	"math"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// cumprod's three backward paths (no zeros; zeros outside create_graph;
// zeros under it) against finite differences, to first and second order,
// on inputs with zeros placed where each case of cumprod_backward applies
// (before, at and after the first zero, two zeros in a row).
func TestCumprodGradFiniteDifferences(t *testing.T) {
	inputs := []struct {
		vals  []float64
		shape []int
		dim   int
	}{
		{[]float64{0.5, -1.3, 1.5, 0.8, 2, 0.7, -1.2, 0.3, 1.1, -0.6}, []int{2, 5}, 1},
		{[]float64{0.5, 0, 1.5, 0, 2, 0, 0.7, -1.2, 0.3, 0}, []int{2, 5}, 1},
		{[]float64{0.5, 0, 1.5, 0, 2, 0, 0.7, -1.2, 0.3, 0}, []int{5, 2}, 0},
		{[]float64{1.5, 0, 0, 0.4, -0.9, 1.2}, []int{3, 2}, -1},
		{[]float64{0, 0.9, 1.4, -0.2, 0.6, 0}, []int{2, 3}, 0},
	}
	for ci, in := range inputs {
		x0 := tensor.FromSlice(append([]float64{}, in.vals...), in.shape...)
		w := tensor.FromSlice([]float64{0.3, -0.8, 1.1, 0.45, -0.25, 0.9, 0.6, -1.4, 0.2, 0.75}[:x0.Numel()], in.shape...)
		u := tensor.FromSlice([]float64{-0.5, 0.35, 0.8, -1.1, 0.65, 0.15, -0.3, 0.95, 0.4, -0.7}[:x0.Numel()], in.shape...)
		grad := func(x *tensor.Tensor, create bool) (*tensor.Tensor, *tensor.Tensor) {
			leaf := x.ContiguousClone()
			SetRequiresGrad(leaf, true, false)
			out := cumprodRec(leaf, in.dim)
			return GradOf([]*tensor.Tensor{out}, []*tensor.Tensor{leaf}, []*tensor.Tensor{w}, create, create, false)[0], leaf
		}
		value := func(x *tensor.Tensor) float64 {
			return tensor.Sum(tensor.Binary(tensor.OpMul, top(tensor.Cumprod(x, in.dim)), top(w), noOpts), nil, false).Item().Float()
		}
		dot := func(a *tensor.Tensor) float64 {
			return tensor.Sum(tensor.Binary(tensor.OpMul, top(a), top(u), noOpts), nil, false).Item().Float()
		}
		g, _ := grad(x0, false)
		gc, leaf := grad(x0, true)
		hv := GradOf([]*tensor.Tensor{gc}, []*tensor.Tensor{leaf}, []*tensor.Tensor{u}, false, false, true)[0]
		const h = 1e-5
		for k := 0; k < x0.Numel(); k++ {
			plus, minus := x0.ContiguousClone(), x0.ContiguousClone()
			tensor.Slice[float64](plus.Storage())[k] += h
			tensor.Slice[float64](minus.Storage())[k] -= h
			num := (value(plus) - value(minus)) / (2 * h)
			gp, _ := grad(plus, false)
			gm, _ := grad(minus, false)
			num2 := (dot(gp) - dot(gm)) / (2 * h)
			for _, c := range []struct {
				what string
				got  *tensor.Tensor
				want float64
			}{{"gradient", g, num}, {"create_graph gradient", gc, num}, {"second derivative", hv, num2}} {
				if c.got == nil {
					t.Errorf("case %d: no %s", ci, c.what)
					continue
				}
				gv := c.got.Contiguous()
				got := gv.Storage().Get(gv.Offset() + k).Float()
				if math.Abs(got-c.want) > 1e-6*math.Max(1, math.Abs(c.want)) {
					t.Errorf("case %d: %s [%d] = %g, finite differences %g", ci, c.what, k, got, c.want)
				}
			}
		}
	}
}
