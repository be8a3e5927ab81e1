package gpu

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// BenchmarkChain is ((x+y)*z).sum() over 1e6 float32 elements, on the
// CPU and on the first OpenCL device (docs/gpu.md records the numbers).
func BenchmarkChain(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	mk := func() *tensor.Tensor {
		x := tensor.NewStorage(tensor.Float32, 1000000)
		for i := 0; i < x.Len(); i++ {
			x.Set(i, tensor.FloatS(rng.Float64()))
		}
		return tensor.FromStorage(x, 0, []int{x.Len()}, []int{1})
	}
	x, y, z := mk(), mk(), mk()
	chain := func(x, y, z *tensor.Tensor) float64 {
		s := tensor.Add(tensor.TensorOperand(x), tensor.TensorOperand(y), tensor.IntS(1), tensor.Opts{})
		p := tensor.Binary(tensor.OpMul, tensor.TensorOperand(s), tensor.TensorOperand(z), tensor.Opts{})
		return tensor.Sum(p, nil, false).Item().Float()
	}
	b.Run("cpu", func(b *testing.B) {
		for b.Loop() {
			chain(x, y, z)
		}
	})
	b.Run("opencl", func(b *testing.B) {
		if len(OpenCLDevices()) == 0 {
			b.Skip("no OpenCL device")
		}
		dev := tensor.Device{Type: "opencl"}
		gx, gy, gz := tensor.OnDevice(x.Clone(), dev), tensor.OnDevice(y.Clone(), dev), tensor.OnDevice(z.Clone(), dev)
		for b.Loop() {
			chain(gx, gy, gz)
		}
	})
}
