package tensor

import (
	"sync/atomic"
	"testing"
)

// pollElems is the size of the inputs of TestKernelsPollThroughout, and
// pollDensity the most elements a kernel may handle per interrupt poll.
// Ctrl-C is noticed within one poll interval: at pollDensity elements that
// is about a millisecond of work for the slowest kernels below.
const (
	pollElems   = 1 << 22
	pollDensity = 1 << 19
)

// TestKernelsPollThroughout counts the interrupt polls of every kernel
// that a long statement can spend its time in, and checks that each polls
// at least once per pollDensity elements of work. This is what makes
// Ctrl-C stop a statement within milliseconds at any size; unlike a timed
// test it cannot be fooled by a fast or a busy machine.
func TestKernelsPollThroughout(t *testing.T) {
	g := NewGenerator(1)
	x := Rand([]int{1 << 11, 1 << 11}, Float32, g) // pollElems elements
	v := Rand([]int{1 << 11}, Float32, g)
	mask := Binary(OpGt, TensorOperand(x), ScalarOperand(FloatS(0.5)), Opts{})
	list2 := []*Tensor{x, x}
	cases := []struct {
		name string
		f    func()
	}{
		{"exp", func() { Unary(OpExp, x, Opts{}) }},
		{"sin", func() { Unary(OpSin, x, Opts{}) }},
		{"cos transposed", func() { Unary(OpCos, x.T(), Opts{}) }},
		{"atan", func() { Unary(OpAtan, x, Opts{}) }},
		{"sinh", func() { Unary(OpSinh, x, Opts{}) }},
		{"expm1 float64", func() { Unary(OpExpm1, x.To(Float64), Opts{}) }},
		{"log2", func() { Unary(OpLog2, x, Opts{}) }},
		{"tanh", func() { Unary(OpTanh, x, Opts{}) }},
		{"sigmoid", func() { Unary(OpSigmoid, x, Opts{}) }},
		{"mul", func() { Binary(OpMul, TensorOperand(x), TensorOperand(x), Opts{}) }},
		{"add transposed", func() { Binary(OpAdd, TensorOperand(x.T()), TensorOperand(x), Opts{}) }},
		{"gt", func() { Binary(OpGt, TensorOperand(x), ScalarOperand(FloatS(0.5)), Opts{}) }},
		{"outer", func() {
			Binary(OpMul, TensorOperand(v.Unsqueeze(1)), TensorOperand(v), Opts{})
		}},
		{"rand", func() { Rand([]int{pollElems}, Float64, g) }},
		{"randn", func() { Randn([]int{pollElems}, Float32, g) }},
		{"randperm", func() { Randperm(pollElems, Int64, g) }},
		{"arange", func() { Arange(IntS(0), IntS(pollElems), IntS(1), Int64) }},
		{"linspace", func() { Linspace(FloatS(0), FloatS(1), pollElems, Float64) }},
		{"logspace", func() { Logspace(FloatS(0), FloatS(1), pollElems, 10, Float64) }},
		{"full", func() { Full([]int{pollElems}, FloatS(1), Float32) }},
		{"contiguous", func() { x.T().Contiguous() }},
		{"clone", func() { x.Clone() }},
		{"to float16", func() { x.To(Float16) }},
		{"to float64 transposed", func() { x.T().To(Float64) }},
		{"mask index", func() { x.Index([]*Tensor{mask}, nil) }},
		{"mask assign", func() { x.Clone().IndexPut([]*Tensor{mask}, Full(nil, FloatS(0), Float32), nil) }},
		{"masked_fill", func() { MaskedFill(x, mask, ScalarOperand(FloatS(0)), Opts{}) }},
		{"where", func() { Where(mask, TensorOperand(x), ScalarOperand(FloatS(0)), Opts{}) }},
		{"nonzero", func() { mask.NonzeroColumns() }},
		{"sum", func() { Sum(x, nil, false) }},
		{"sum dim 0", func() { Sum(x, []int{0}, false) }},
		{"sum dim 1", func() { Sum(x, []int{1}, false) }},
		{"prod", func() { Prod(x, nil, false) }},
		{"amax dim 1", func() { Amax(x, []int{1}, false) }},
		{"argmin dim 0", func() { Argmin(x, 0, false) }},
		{"max dim 0", func() { MaxDim(x, 0, false) }},
		{"var", func() { Var(x, nil, 1, false) }},
		{"std dim 0", func() { Std(x, []int{0}, 1, false) }},
		{"norm", func() { Norm(x, 2, nil, false) }},
		{"logsumexp dim 1", func() { Logsumexp(x, []int{1}, false) }},
		{"cumsum dim 0", func() { Cumsum(x, 0) }},
		{"cumsum dim 1", func() { Cumsum(x, 1) }},
		{"cumprod dim 1", func() { Cumprod(x, 1) }},
		{"cat dim 0", func() { Cat(list2, 0) }},
		{"cat dim 1", func() { Cat(list2, 1) }},
		{"stack dim 1", func() { Stack(list2, 1) }},
		{"repeat", func() { Repeat(x.T(), []int{2, 1}) }},
		{"flip", func() { Flip(x, []int{0, 1}) }},
		{"roll", func() { Roll(x.T(), []int{3}, []int{1}) }},
		{"tril", func() { Tril(x, 0) }},
		{"triu transposed", func() { Triu(x.T(), -2) }},
	}
	defer func() { pollCount = nil }()
	for _, c := range cases {
		var n atomic.Int64
		pollCount = &n
		c.f()
		pollCount = nil
		if want := int64(pollElems / pollDensity); n.Load() < want {
			t.Errorf("%s: %d interrupt polls for %d elements, want at least %d", c.name, n.Load(), pollElems, want)
		}
	}
}
