package tensor

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

// elem returns t's element at idx as a float (for reference checks).
func elem(t *Tensor, idx ...int) float64 { return t.At(idx...).Float() }

func TestCatStackAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for trial := 0; trial < 100; trial++ {
		nd := 1 + r.Intn(3)
		base := randomReduceLayout(r, Int32, nd)
		dim := r.Intn(nd)
		var ts []*Tensor
		for i := 0; i < 1+r.Intn(3); i++ {
			shape := append([]int{}, base.shape...)
			shape[dim] = r.Intn(3)
			x := Empty(shape, []DType{Int32, Int64, Float32}[r.Intn(3)])
			for j := 0; j < x.Numel(); j++ {
				x.st.Set(j, IntS(int64(r.Intn(100))))
			}
			if x.Dim() >= 2 && r.Intn(2) == 0 {
				x = x.Transpose(-2, -1).ContiguousClone().Transpose(-2, -1)
			}
			ts = append(ts, x)
		}
		got := Cat(ts, dim)
		at := 0
		for _, x := range ts {
			for k := 0; k < x.Numel(); k++ {
				idx := indexOf(x.shape, k)
				o := append([]int{}, idx...)
				o[dim] += at
				if elem(got, o...) != elem(x, idx...) {
					t.Fatalf("cat %v dim %d: mismatch at %v", got.shape, dim, o)
				}
			}
			at += x.shape[dim]
		}
		sd := r.Intn(nd + 1)
		same := make([]*Tensor, 1+r.Intn(3))
		for i := range same {
			same[i] = FromStorage(base.st, base.offset, base.shape, base.strides)
		}
		st := Stack(same, sd)
		if st.Dim() != nd+1 || st.shape[sd] != len(same) {
			t.Fatalf("stack shape %v", st.shape)
		}
		for k := 0; k < st.Numel(); k++ {
			idx := indexOf(st.shape, k)
			src := append(append([]int{}, idx[:sd]...), idx[sd+1:]...)
			if elem(st, idx...) != elem(same[idx[sd]], src...) {
				t.Fatalf("stack dim %d mismatch at %v", sd, idx)
			}
		}
	}
}

func TestCatErrors(t *testing.T) {
	p := FromSlice([]int64{1, 2, 3, 4}, 2, 2)
	q := FromSlice([]int64{5, 6}, 1, 2)
	for _, c := range []struct {
		f    func()
		want string
	}{
		{func() { Cat([]*Tensor{p, q}, 1) }, "RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 2 but got size 1 for tensor number 1 in the list."},
		{func() { Cat([]*Tensor{Empty([]int{2, 3}, Float32), Empty([]int{2, 3, 1}, Float32)}, 0) }, "RuntimeError: Tensors must have same number of dimensions: got 2 and 3"},
		{func() { Cat(nil, 0) }, "RuntimeError: torch.cat(): expected a non-empty list of Tensors"},
		{func() { Cat([]*Tensor{p, Scalar0(IntS(1), Int64)}, 0) }, "RuntimeError: zero-dimensional tensor (at position 1) cannot be concatenated"},
		{func() { Cat([]*Tensor{p, p}, 2) }, "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
		{func() { Stack([]*Tensor{p, q}, 0) }, "RuntimeError: stack expects each tensor to be equal size, but got [2, 2] at entry 0 and [1, 2] at entry 1"},
		{func() { Stack([]*Tensor{p, p}, 3) }, "IndexError: Dimension out of range (expected to be in range of [-3, 2], but got 3)"},
		{func() { Stack(nil, 0) }, "RuntimeError: stack expects a non-empty TensorList"},
		{func() { Repeat(p, []int{2}) }, "RuntimeError: Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"},
		{func() { Repeat(p, []int{-1, 2}) }, "RuntimeError: Trying to create tensor with negative dimension -2: [-2, 4]"},
		{func() { Roll(p, []int{1, 2}, []int{0}) }, "RuntimeError: shifts and dimensions must align. shifts: 2, dims:1"},
		{func() { Roll(p, nil, nil) }, "RuntimeError: `shifts` required"},
		{func() { Flip(p, []int{0, -2}) }, "RuntimeError: dim 0 appears multiple times in the list of dims"},
		{func() { Tril(FromSlice([]int64{1, 2}, 2), 0) }, "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -2)"},
		{func() { Fliplr(FromSlice([]int64{1, 2}, 2)) }, "RuntimeError: Input must be >= 2-d."},
	} {
		if got := catchError(c.f); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
	// Promotion and the skipped 1-d empty tensor.
	got := Cat([]*Tensor{p, Empty([]int{0}, Float32), FromSlice([]float32{1.5, 2.5}, 1, 2)}, 0)
	if got.DType() != Float32 || fmt.Sprint(got.shape) != "[3 2]" {
		t.Errorf("cat promotion: %s %v", got.DType(), got.shape)
	}
}

func TestShapingAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	for trial := 0; trial < 100; trial++ {
		nd := 1 + r.Intn(3)
		x := randomReduceLayout(r, Int64, nd)
		// repeat
		reps := make([]int, nd+r.Intn(2))
		for i := range reps {
			reps[i] = r.Intn(3)
		}
		rp := Repeat(x, reps)
		lead := len(reps) - nd
		for k := 0; k < rp.Numel(); k++ {
			idx := indexOf(rp.shape, k)
			src := make([]int, nd)
			for i := range src {
				src[i] = idx[i+lead] % x.shape[i]
			}
			if elem(rp, idx...) != elem(x, src...) {
				t.Fatalf("repeat %v by %v at %v", x.shape, reps, idx)
			}
		}
		// flip
		var dims []int
		for i := 0; i < nd; i++ {
			if r.Intn(2) == 0 {
				dims = append(dims, i)
			}
		}
		fl := Flip(x, dims)
		for k := 0; k < fl.Numel(); k++ {
			idx := indexOf(fl.shape, k)
			src := append([]int{}, idx...)
			for _, d := range dims {
				src[d] = x.shape[d] - 1 - idx[d]
			}
			if elem(fl, idx...) != elem(x, src...) {
				t.Fatalf("flip %v dims %v at %v", x.shape, dims, idx)
			}
		}
		// roll along one dim, and flattened
		d := r.Intn(nd)
		shift := r.Intn(11) - 5
		ro := Roll(x, []int{shift}, []int{d})
		for k := 0; k < ro.Numel(); k++ {
			idx := indexOf(ro.shape, k)
			src := append([]int{}, idx...)
			src[d] = ((idx[d]-shift)%x.shape[d] + x.shape[d]) % x.shape[d]
			if elem(ro, idx...) != elem(x, src...) {
				t.Fatalf("roll %v by %d along %d at %v", x.shape, shift, d, idx)
			}
		}
		rf := Roll(x, []int{shift}, nil)
		n := x.Numel()
		for k := 0; k < n; k++ {
			src := ((k-shift)%n + n) % n
			if elem(rf, indexOf(rf.shape, k)...) != elem(x, indexOf(x.shape, src)...) {
				t.Fatalf("flat roll %v by %d at %d", x.shape, shift, k)
			}
		}
		// tril / triu
		if nd >= 2 {
			kd := r.Intn(5) - 2
			lo, up := Tril(x, kd), Triu(x, kd)
			for k := 0; k < x.Numel(); k++ {
				idx := indexOf(x.shape, k)
				i, j := idx[nd-2], idx[nd-1]
				wl, wu := elem(x, idx...), elem(x, idx...)
				if j-i > kd {
					wl = 0
				}
				if j-i < kd {
					wu = 0
				}
				if elem(lo, idx...) != wl || elem(up, idx...) != wu {
					t.Fatalf("tril/triu %v k=%d at %v", x.shape, kd, idx)
				}
			}
		}
	}
}

func TestAllCloseEqual(t *testing.T) {
	a := FromSlice([]float32{1, 2}, 2)
	if !AllClose(a, FromSlice([]float32{1, 2.000001}, 2), 1e-5, 1e-8, false) {
		t.Error("allclose within tolerance")
	}
	if AllClose(a, FromSlice([]float32{1, 2.01}, 2), 1e-5, 1e-8, false) {
		t.Error("allclose outside tolerance")
	}
	if AllClose(Scalar0(FloatS(1), Float32), Scalar0(FloatS(1.00001), Float32), 1e-5, 1e-8, false) {
		t.Error("allclose rounds in float32 (PyTorch: False)")
	}
	nan := FromSlice([]float32{1, float32(nanF())}, 2)
	if AllClose(nan, nan, 1e-5, 1e-8, false) || !AllClose(nan, nan, 1e-5, 1e-8, true) {
		t.Error("equal_nan")
	}
	if got := catchError(func() { AllClose(FromSlice([]int64{1}, 1), a, 1e-5, 1e-8, false) }); got != "RuntimeError: Long did not match Float" {
		t.Error(got)
	}
	if !Equal(FromSlice([]int64{1, 2}, 2), a) || Equal(a, FromSlice([]float32{1, 2}, 1, 2)) || Equal(nan, nan) {
		t.Error("equal")
	}
	if Equal(FromSlice([]int8{-1}, 1), FromSlice([]uint8{255}, 1)) {
		t.Error("equal compares in the promoted dtype")
	}
}

func nanF() float64 { return math.NaN() }
