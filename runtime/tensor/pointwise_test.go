package tensor

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/broadcast"
)

// pwRandomLayout returns a tensor of the given shape with a random layout:
// its dimensions stored in a random order, some of them strided (every
// other element), at a random storage offset, and size-1 dimensions
// sometimes expanded from a smaller tensor (stride 0). Values are random
// small numbers of dtype d.
func pwRandomLayout(rng *rand.Rand, shape []int, d DType) *Tensor {
	n := len(shape)
	perm := rng.Perm(n)
	step := make([]int, n)
	for i := range step {
		step[i] = 1
		if rng.Intn(3) == 0 {
			step[i] = 2
		}
	}
	// Lay out the dimensions in the order perm (perm[0] outermost).
	strides := make([]int, n)
	acc := 1
	for k := n - 1; k >= 0; k-- {
		dim := perm[k]
		strides[dim] = acc * step[dim]
		acc *= max(shape[dim], 1) * step[dim]
	}
	offset := rng.Intn(3)
	st := NewStorage(d, offset+acc+1)
	for i := 0; i < st.Len(); i++ {
		switch {
		case d == Bool:
			st.Set(i, BoolS(rng.Intn(2) == 0))
		case d.IsFloat():
			st.Set(i, FloatS(float64(rng.Intn(17)-8)/2))
		default:
			st.Set(i, IntS(int64(rng.Intn(15)-7)))
		}
	}
	t := FromStorage(st, offset, shape, strides)
	// Expand some size-1 dimensions... of a narrower tensor: replace a
	// dimension of size s by an expanded size-1 one when asked.
	for i := range shape {
		if shape[i] > 1 && rng.Intn(6) == 0 {
			small := append([]int{}, t.shape...)
			small[i] = 1
			t = t.view(t.offset, small, append([]int{}, t.strides...)).Expand(shape)
		}
	}
	return t
}

// pwRandomShapes returns a broadcast shape and two operand shapes that
// broadcast to it, with many 1s and 0s.
func pwRandomShapes(rng *rand.Rand, big bool) ([]int, []int, []int) {
	sizes := []int{0, 1, 1, 1, 2, 3, 5}
	nd := rng.Intn(6)
	target := make([]int, nd)
	for i := range target {
		target[i] = sizes[rng.Intn(len(sizes))]
		if big && rng.Intn(2) == 0 {
			target[i] = 40 + rng.Intn(30)
		}
	}
	derive := func() []int {
		lead := rng.Intn(nd + 1)
		s := append([]int{}, target[lead:]...)
		for i := range s {
			if rng.Intn(3) == 0 {
				s[i] = 1
			}
		}
		return s
	}
	a, b := derive(), derive()
	full, err := broadcast.InferSize(a, b)
	if err != nil {
		panic(err)
	}
	return full, a, b
}

// naiveIndex maps an index of the broadcast shape to the operand's
// element (the trailing dimensions align; size-1 dimensions repeat).
func pwNaiveElement(t *Tensor, idx []int) Scalar {
	off := t.offset
	lead := len(idx) - len(t.shape)
	for i := range t.shape {
		j := idx[lead+i]
		if t.shape[i] == 1 {
			j = 0
		}
		off += j * t.strides[i]
	}
	return t.st.Get(off)
}

// pwForEachIndex calls fn with every multi-index of shape in row-major order.
func pwForEachIndex(shape []int, fn func(idx []int)) {
	if Numel(shape) == 0 {
		return
	}
	idx := make([]int, len(shape))
	for {
		fn(idx)
		d := len(shape) - 1
		for ; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

func pwSameScalar(a, b Scalar) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == FloatScalar {
		return a.F == b.F || (math.IsNaN(a.F) && math.IsNaN(b.F))
	}
	return a.I == b.I
}

// pwElementwise computes op on one pair of elements through 0-d tensors: the
// reference, which involves no layout at all.
func pwElementwise(op BinaryOp, x, y Scalar, dx, dy DType) (s Scalar, failed bool) {
	defer func() {
		if r := recover(); r != nil {
			failed = true
		}
	}()
	r := Binary(op, TensorOperand(Scalar0(x, dx)), TensorOperand(Scalar0(y, dy)), Opts{})
	return r.Item(), false
}

func pwRunCheck(rng *rand.Rand, t *testing.T, iter int, big bool) {
	dtypes := []DType{Bool, Uint8, Int8, Int32, Int64, Float16, BFloat16, Float32, Float64}
	full, sa, sb := pwRandomShapes(rng, big)
	op := BinaryOp(rng.Intn(int(numBinaryOps)))
	da, db := dtypes[rng.Intn(len(dtypes))], dtypes[rng.Intn(len(dtypes))]
	if rng.Intn(2) == 0 {
		db = da
	}
	a, b := pwRandomLayout(rng, sa, da), pwRandomLayout(rng, sb, db)
	var got *Tensor
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(*Error); !ok {
					panic(r)
				}
				got = nil
			}
		}()
		got = Binary(op, TensorOperand(a), TensorOperand(b), Opts{})
	}()
	if got == nil {
		return
	}
	if !sameShape(got.shape, full) {
		t.Fatalf("iter %d: shape %v, want %v", iter, got.shape, full)
	}
	bad := 0
	common := ResultTypeOf(TensorOperand(a), TensorOperand(b))
	if binInfos[op].float && common.IsIntegral(true) {
		common = DefaultFloat() // inputs convert straight to the float type
	}
	pwForEachIndex(full, func(idx []int) {
		want, failed := pwElementwise(op, pwNaiveElement(a, idx), pwNaiveElement(b, idx), common, common)
		if failed {
			return
		}
		g := got.At(idx...)
		if !pwSameScalar(g, want) && bad < 3 {
			bad++
			t.Errorf("iter %d op %d %v(%v %v strides %v) , %v(%v %v strides %v) at %v: got %v want %v",
				iter, op, da, a.shape, a.offset, a.strides, db, b.shape, b.offset, b.strides, idx, g, want)
		}
	})
}

// TestBinaryLayouts compares every binary operation over random shapes
// and random layouts (transposed, strided, expanded operands) with a naive
// element-by-element reference.
func TestBinaryLayouts(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		pwRunCheck(rng, t, iter, false)
	}
}

// TestBinaryLayoutsParallel does the same above the parallel grain.
func TestBinaryLayoutsParallel(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	n := 0
	for iter := 0; n < 6 && iter < 500; iter++ {
		full, _, _ := pwRandomShapes(rand.New(rand.NewSource(int64(iter))), true)
		if Numel(full) <= grain {
			continue
		}
		pwRunCheck(rand.New(rand.NewSource(int64(iter))), t, iter, true)
		n++
	}
	if n == 0 {
		t.Fatal("no case above the parallel grain")
	}
}

// TestInplaceStridedOutput writes in place into transposed and strided
// tensors.
func TestInplaceStridedOutput(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for iter := 0; iter < 500; iter++ {
		full, _, sb := pwRandomShapes(rng, false)
		x := pwRandomLayout(rng, full, Float64)
		if HasInternalOverlap(x) == OverlapYes {
			continue
		}
		y := pwRandomLayout(rng, sb, Float32)
		before := make([]Scalar, 0)
		pwForEachIndex(full, func(idx []int) { before = append(before, x.At(idx...)) })
		Binary(OpMul, TensorOperand(x), TensorOperand(y), Opts{Inplace: true})
		i := 0
		pwForEachIndex(full, func(idx []int) {
			want := before[i].F * float64(float32(pwNaiveElement(y, idx).F))
			if g := x.At(idx...).F; g != want {
				t.Fatalf("iter %d at %v: got %v want %v", iter, idx, g, want)
			}
			i++
		})
	}
}

func TestOutputLayout(t *testing.T) {
	// TensorIterator's layouts, checked against PyTorch 1.13.
	ones := func(shape ...int) *Tensor { return Full(shape, IntS(1), Float32) }
	tr := func(x *Tensor) *Tensor { // t()
		return x.view(x.offset, []int{x.shape[1], x.shape[0]}, []int{x.strides[1], x.strides[0]})
	}
	perm := func(x *Tensor, p ...int) *Tensor {
		return x.view(x.offset, broadcast.Permute(x.shape, p), broadcast.Permute(x.strides, p))
	}
	cases := []struct {
		got  *Tensor
		want []int
	}{
		{Binary(OpMul, TensorOperand(tr(ones(2, 3))), ScalarOperand(IntS(2)), Opts{}), []int{1, 3}},
		{Binary(OpAdd, TensorOperand(tr(ones(2, 3))), TensorOperand(ones(3, 2)), Opts{}), []int{1, 3}},
		{Binary(OpAdd, TensorOperand(ones(2)), TensorOperand(tr(ones(2, 3))), Opts{}), []int{1, 3}},
		{Binary(OpAdd, TensorOperand(ones(2, 0)), TensorOperand(ones(2, 1)), Opts{}), []int{1, 1}},
		{Binary(OpAdd, TensorOperand(perm(ones(4, 3, 2), 2, 0, 1)), ScalarOperand(IntS(1)), Opts{}), []int{1, 6, 2}},
		{Unary(OpExp, perm(ones(4, 3, 2), 2, 0, 1), Opts{}), []int{1, 6, 2}},
		{Binary(OpAdd, TensorOperand(ones(3, 1)), TensorOperand(ones(1, 3)), Opts{}), []int{3, 1}},
		{Unary(OpExp, ones(3, 1).Expand([]int{3, 4}), Opts{}), []int{4, 1}},
	}
	for i, c := range cases {
		if !sameShape(c.got.strides, c.want) {
			t.Errorf("case %d: strides %v, want %v", i, c.got.strides, c.want)
		}
	}
}

func TestCoalesce(t *testing.T) {
	// (256,1,256) + (1,256,256): rows of 256 over 65536 rows.
	a := Empty([]int{256, 1, 256}, Float32)
	b := Empty([]int{1, 256, 256}, Float32)
	out := Empty([]int{256, 256, 256}, Float32)
	p := planOver(out, a, b)
	if p.shape[0] != 256 || p.strides[1][0] != 1 || p.strides[2][0] != 1 {
		t.Errorf("plan %v %v", p.shape, p.strides)
	}
	// A transposed operand is walked along its fast dimension.
	tr := Empty([]int{3, 4}, Float32)
	trT := tr.view(0, []int{4, 3}, []int{1, 4})
	p = planOver(allocResult([]int{4, 3}, Float32, trT), trT, trT)
	if p.ndim != 1 || p.shape[0] != 12 {
		t.Errorf("transposed plan %v %v", p.shape, p.strides)
	}
	c := Empty([]int{4, 5, 6}, Float32)
	p = planOver(c, c, c)
	if p.ndim != 1 || p.shape[0] != 120 {
		t.Errorf("contiguous plan %v", p.shape)
	}
}

func TestInterrupt(t *testing.T) {
	x := Empty([]int{1 << 20}, Float32)
	Interrupt()
	defer ClearInterrupt()
	defer func() {
		r := recover()
		e, ok := r.(*Error)
		if !ok || e.Kind != KeyboardInterrupt {
			t.Errorf("recovered %v, want KeyboardInterrupt", r)
		}
	}()
	Binary(OpAdd, TensorOperand(x), TensorOperand(x), Opts{})
	t.Error("no interrupt")
}

func TestInplaceErrors(t *testing.T) {
	msg := func(f func()) (s string) {
		defer func() {
			if r := recover(); r != nil {
				s = r.(*Error).Msg
			}
		}()
		f()
		return ""
	}
	x, y := Empty([]int{1, 3, 1}, Float32), Empty([]int{3, 1, 7}, Float32)
	cases := []struct {
		legacy bool
		a, b   *Tensor
		want   string
	}{
		{true, x, y, "The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2."},
		{false, x, y, "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]"},
		{true, Empty([]int{3}, Float32), Empty([]int{2, 3}, Float32), "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"},
		{false, Empty([]int{3}, Float32), Empty([]int{2}, Float32), "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"},
		{true, Empty([]int{3}, Float32), Empty([]int{2}, Float32), "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0."},
		{false, Empty([]int{3, 1}, Float32).Expand([]int{3, 4}), Empty([]int{3, 4}, Float32), errOverlapInternal},
	}
	for i, c := range cases {
		got := msg(func() { Binary(OpAdd, TensorOperand(c.a), TensorOperand(c.b), Opts{Inplace: true, Legacy: c.legacy}) })
		if got != c.want {
			t.Errorf("case %d: %q, want %q", i, got, c.want)
		}
	}
	if x.shape[0] != 1 || x.shape[2] != 1 {
		t.Errorf("in-place changed shape: %v", x.shape)
	}
}

func TestBackcompatWarning(t *testing.T) {
	var got []string
	opts := Opts{Legacy: true, BroadcastWarning: true, Warn: func(m string) { got = append(got, m) }}
	Binary(OpAdd, TensorOperand(Empty([]int{4, 1}, Float32)), TensorOperand(Empty([]int{4}, Float32)), opts)
	Binary(OpAdd, TensorOperand(Empty([]int{4, 1}, Float32)), TensorOperand(Empty([]int{3}, Float32)), opts)
	Binary(OpAdd, TensorOperand(Empty([]int{4}, Float32)), TensorOperand(Empty([]int{4}, Float32)), opts)
	opts.Legacy = false
	Binary(OpAdd, TensorOperand(Empty([]int{4, 1}, Float32)), TensorOperand(Empty([]int{4}, Float32)), opts)
	want := fmt.Sprintf(errBackcompatWarning, "self", "other")
	if len(got) != 1 || got[0] != want {
		t.Errorf("warnings %q", got)
	}
}
