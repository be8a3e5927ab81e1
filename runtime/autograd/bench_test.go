package autograd

import (
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// BenchmarkBackwardMulAddSum2p22 times the backward of ((a * b) + c).sum()
// for 2^22-element float32 leaves (the graph is built outside the timer).
func BenchmarkBackwardMulAddSum2p22(b *testing.B) {
	const n = 1 << 22
	mk := func() *tensor.Tensor {
		t := tensor.Full([]int{n}, tensor.FloatS(1.5), tensor.Float32)
		SetRequiresGrad(t, true, false)
		return t
	}
	x, y, z := mk(), mk(), mk()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		SetGrad(x, nil)
		SetGrad(y, nil)
		SetGrad(z, nil)
		p := tensor.Binary(tensor.OpMul, top(x), top(y), noOpts)
		SetHistory(p, RecordBinary(tensor.OpMul, top(x), top(y), one, p, false), 0)
		q := tensor.Binary(tensor.OpAdd, top(p), top(z), noOpts)
		SetHistory(q, RecordBinary(tensor.OpAdd, top(p), top(z), one, q, false), 0)
		s := tensor.Sum(q, nil, false)
		SetHistory(s, RecordSum(q, nil, false, false, s), 0)
		b.StartTimer()
		Backward([]*tensor.Tensor{s}, nil, false, false)
	}
}
