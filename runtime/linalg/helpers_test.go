package linalg

import (
	"math/rand"

	"github.com/tensh/tensh/runtime/tensor"
)

// catchError runs f and returns the *tensor.Error it panics with as
// "Kind: message", or "" when it returns normally.
func catchError(f func()) (msg string) {
	defer func() {
		if e, ok := recover().(*tensor.Error); ok {
			msg = e.Kind.String() + ": " + e.Msg
		}
	}()
	f()
	return ""
}

// randomFloats fills a new tensor of the given shape with random floats.
func randomFloats(r *rand.Rand, d tensor.DType, shape ...int) *tensor.Tensor {
	t := tensor.Empty(shape, d)
	for i := 0; i < t.Numel(); i++ {
		t.Storage().Set(i, tensor.FloatS(r.NormFloat64()))
	}
	return t
}

// roundTo rounds x to the precision of the float dtype d.
func roundTo(d tensor.DType, x float64) float64 {
	if d == tensor.Float32 {
		return float64(float32(x))
	}
	return x
}

// indexOf is the row-major multi-index of the k-th element of shape.
func indexOf(shape []int, k int) []int {
	idx := make([]int, len(shape))
	for i := len(shape) - 1; i >= 0; i-- {
		idx[i] = k % shape[i]
		k /= shape[i]
	}
	return idx
}
