package gpu

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestMatmulMatchesCPU: products of random sizes, layouts (transposed
// views, offsets, gaps) and batches (broadcast included): integer results
// bit-exact (wrapping), floating ones within 1e-5 (float32) or 1e-12
// (float64) of |a|·|b| (the order of the additions differs from the
// CPU's blocked GEMM).
func TestMatmulMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(12))
	for _, d := range []tensor.DType{tensor.Int32, tensor.Int64, tensor.Uint8, tensor.Float32, tensor.Float64} {
		if d == tensor.Float64 && !dev.FP64 {
			continue
		}
		for trial := 0; trial < 4; trial++ {
			m, k, n := 1+rng.Intn(20), 1+rng.Intn(20), 1+rng.Intn(20)
			sa, sb := []int{m, k}, []int{k, n}
			if trial%2 == 1 {
				nb := 1 + rng.Intn(3)
				sa = append([]int{nb}, sa...)
				if trial == 3 {
					sb = append([]int{1}, sb...)
				} else {
					sb = append([]int{nb}, sb...)
				}
			}
			a, b := randView(rng, d, sa), randView(rng, d, sb)
			if d.IsFloat() {
				fin := func(x *tensor.Tensor) *tensor.Tensor {
					return tensor.Where(tensor.Unary(tensor.OpIsfinite, x, tensor.Opts{}), tensor.TensorOperand(x), tensor.ScalarOperand(tensor.FloatS(1)), tensor.Opts{})
				}
				a, b = fin(a), fin(b)
			}
			want := linalg.Matmul(a, b)
			before := Launches.Load()
			got := linalg.Matmul(tensor.OnDevice(a, gdev), tensor.OnDevice(b, gdev))
			if Launches.Load() == before {
				t.Fatalf("matmul %v %v @ %v: no kernel ran", d, sa, sb)
			}
			if !d.IsFloat() {
				if err := sameValues(got, want, 0); err != nil {
					t.Errorf("matmul %v %v @ %v: %v", d, sa, sb, err)
				}
				continue
			}
			tol := 1e-5
			if d == tensor.Float64 {
				tol = 1e-12
			}
			abs := func(x *tensor.Tensor) *tensor.Tensor { return tensor.Unary(tensor.OpAbs, x, tensor.Opts{}) }
			bound := linalg.Matmul(abs(a), abs(b)).Contiguous()
			g, w := tensor.OnDevice(got, tensor.CPU).Contiguous(), want.Contiguous()
			for i := 0; i < w.Numel(); i++ {
				x, y, s := g.Storage().Get(g.Offset()+i).Float(), w.Storage().Get(w.Offset()+i).Float(), bound.Storage().Get(i).Float()
				if math.Abs(x-y) > tol*s+1e-30 {
					t.Errorf("matmul %v %v @ %v element %d: %v, want %v", d, sa, sb, i, x, y)
				}
			}
		}
	}
}
