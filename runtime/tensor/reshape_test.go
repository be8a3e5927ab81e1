package tensor

import (
	"math/rand"
	"testing"
)

// rowMajorOffsets is the brute-force reference for a layout: the storage
// offset of every element, in row-major order of its multi-index.
func rowMajorOffsets(shape, strides []int, offset int) []int {
	n := Numel(shape)
	out := make([]int, n)
	idx := make([]int, len(shape))
	for k := 0; k < n; k++ {
		off := offset
		for d, x := range idx {
			off += x * strides[d]
		}
		out[k] = off
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

// randomView returns (shape, strides) of a random view: a contiguous
// tensor, then random transposes, slices with steps, expansions of
// size-1 dimensions and unsqueezes.
func randomView(r *rand.Rand) (shape, strides []int) {
	shape = randomShape(r, 4, 5)
	strides = ContiguousStrides(shape)
	t := FromStorage(NewStorage(Float32, max(Numel(shape), 1)), 0, shape, strides)
	for step := r.Intn(4); step > 0; step-- {
		if t.Dim() == 0 {
			t = t.Unsqueeze(0)
			continue
		}
		d := r.Intn(t.Dim())
		switch r.Intn(5) {
		case 0:
			t = t.Transpose(d, r.Intn(t.Dim()))
		case 1:
			if n := t.shape[d]; n > 0 {
				t = t.SliceDim(d, r.Intn(n), n, 1+r.Intn(2))
			}
		case 2:
			if t.shape[d] == 1 {
				sh := append([]int{}, t.shape...)
				sh[d] = 1 + r.Intn(3)
				t = t.Expand(sh)
			}
		case 3:
			t = t.Unsqueeze(r.Intn(t.Dim() + 1))
		case 4:
			t = t.Permute(r.Perm(t.Dim()))
		}
	}
	return t.shape, t.strides
}

// randomFactor splits n into a random shape with n elements.
func randomFactor(r *rand.Rand, n int) []int {
	var out []int
	for n > 1 && len(out) < 5 {
		var divs []int
		for d := 2; d <= n; d++ {
			if n%d == 0 {
				divs = append(divs, d)
			}
		}
		d := divs[r.Intn(len(divs))]
		out = append(out, d)
		n /= d
		if r.Intn(4) == 0 {
			out = append(out, 1)
		}
	}
	if n != 1 {
		out = append(out, n)
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// viewableReference decides by brute force whether newShape can view the
// layout: each dimension of size >= 2 has one stride (the offset step of
// its unit vector), and every element must then land where the layout's
// element of the same row-major index is.
func viewableReference(shape, strides, newShape []int) bool {
	old := rowMajorOffsets(shape, strides, 0)
	if len(old) == 0 {
		return true
	}
	cs := ContiguousStrides(newShape)
	st := make([]int, len(newShape))
	for d, n := range newShape {
		if n >= 2 {
			st[d] = old[cs[d]] - old[0]
		}
	}
	got := rowMajorOffsets(newShape, st, old[0])
	for k := range old {
		if got[k] != old[k] {
			return false
		}
	}
	return true
}

func TestComputeStrideRandom(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	viewable, refused := 0, 0
	for iter := 0; iter < 20000; iter++ {
		shape, strides := randomView(r)
		newShape := randomFactor(r, Numel(shape))
		st, ok := ComputeStride(shape, strides, newShape)
		want := viewableReference(shape, strides, newShape)
		if ok != want {
			t.Fatalf("ComputeStride(%v, %v, %v) ok=%v, brute force says %v", shape, strides, newShape, ok, want)
		}
		if !ok {
			refused++
			continue
		}
		viewable++
		if Numel(shape) == 0 {
			continue
		}
		a, b := rowMajorOffsets(shape, strides, 0), rowMajorOffsets(newShape, st, 0)
		for k := range a {
			if a[k] != b[k] {
				t.Fatalf("ComputeStride(%v, %v, %v) = %v: element %d at %d, want %d", shape, strides, newShape, st, k, b[k], a[k])
			}
		}
	}
	if viewable < 1000 || refused < 1000 {
		t.Fatalf("poor coverage: %d viewable, %d refused", viewable, refused)
	}
}

// TestComputeStrideCases checks the strides PyTorch chooses (size-1
// dimensions included), from PyTorch 1.13.
func TestComputeStrideCases(t *testing.T) {
	cases := []struct {
		shape, strides, newShape, want []int
	}{
		{[]int{12}, []int{1}, []int{12, 1, 1}, []int{1, 1, 1}},
		{[]int{4, 3}, []int{1, 4}, []int{2, 2, 3}, []int{2, 1, 4}},
		{[]int{3, 2}, []int{4, 1}, []int{3, 1, 2}, []int{4, 2, 1}},
		{[]int{5, 4}, []int{1, 5}, []int{5, 2, 2}, []int{1, 10, 5}},
		{[]int{4, 2, 3}, []int{0, 3, 1}, []int{4, 6}, []int{0, 1}},
		{[]int{4, 3}, []int{0, 1}, []int{2, 2, 3}, []int{0, 0, 1}},
		{[]int{0, 3}, []int{3, 1}, []int{3, 0}, []int{1, 1}},
		{[]int{0, 3}, []int{3, 1}, []int{0, 3}, []int{3, 1}},
		{[]int{}, []int{}, []int{1, 1}, []int{1, 1}},
	}
	for _, c := range cases {
		st, ok := ComputeStride(c.shape, c.strides, c.newShape)
		if !ok || !sameShape(st, c.want) {
			t.Errorf("ComputeStride(%v, %v, %v) = %v, %v; want %v", c.shape, c.strides, c.newShape, st, ok, c.want)
		}
	}
	if _, ok := ComputeStride([]int{4, 2, 3}, []int{0, 3, 1}, []int{8, 3}); ok {
		t.Errorf("an expanded dimension cannot merge with a real one")
	}
}

func TestIsContiguousReference(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for iter := 0; iter < 20000; iter++ {
		shape, strides := randomView(r)
		if r.Intn(3) == 0 {
			// arbitrary strides on size-1 dimensions do not matter
			for d := range shape {
				if shape[d] == 1 {
					strides[d] = r.Intn(50)
				}
			}
		}
		offs := rowMajorOffsets(shape, strides, 0)
		want := true
		for k := range offs {
			if offs[k] != k {
				want = false
			}
		}
		if got := IsContiguous(shape, strides); got != want {
			t.Fatalf("IsContiguous(%v, %v) = %v, want %v", shape, strides, got, want)
		}
		// Non-overlapping and dense: the offsets are a permutation of
		// 0..n-1. (For empty tensors c10's answer depends on the strides;
		// it is not checked here.)
		if len(offs) == 0 {
			continue
		}
		seen := make([]bool, len(offs))
		dense := true
		for _, o := range offs {
			if o < 0 || o >= len(offs) || seen[o] {
				dense = false
				break
			}
			seen[o] = true
		}
		if got := IsNonOverlappingAndDense(shape, strides); got != dense {
			t.Fatalf("IsNonOverlappingAndDense(%v, %v) = %v, want %v", shape, strides, got, dense)
		}
	}
}

func TestInferSizeErrors(t *testing.T) {
	msg := func(shape []int, n int) (m string) {
		defer func() {
			if e, ok := recover().(*Error); ok {
				m = e.Msg
			}
		}()
		InferSize(shape, n)
		return ""
	}
	cases := []struct {
		shape []int
		n     int
		want  string
	}{
		{[]int{5, 3}, 12, "shape '[5, 3]' is invalid for input of size 12"},
		{[]int{-1, 5}, 12, "shape '[-1, 5]' is invalid for input of size 12"},
		{[]int{-1, -1}, 12, "only one dimension can be inferred"},
		{[]int{3, -2}, 12, "invalid shape dimension -2"},
		{[]int{-2, -1, -1}, 12, "invalid shape dimension -2"},
		{[]int{-1, 0}, 0, "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"},
		{[]int{-1, 4}, 12, ""},
	}
	for _, c := range cases {
		if got := msg(c.shape, c.n); got != c.want {
			t.Errorf("InferSize(%v, %d): %q, want %q", c.shape, c.n, got, c.want)
		}
	}
}

func TestReshapeCopiesOnlyWhenNeeded(t *testing.T) {
	x := FromSlice([]int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4)
	if v := x.Reshape([]int{6, 2}); v.st != x.st {
		t.Errorf("reshape of a contiguous tensor copied")
	}
	tr := x.Transpose(0, 1)
	c := tr.Reshape([]int{12})
	if c.st == x.st || !c.IsContiguous() {
		t.Errorf("reshape of a transposed tensor should copy")
	}
	want := []int64{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}
	for i, v := range c.Values() {
		if v.I != want[i] {
			t.Fatalf("reshape copy: %v", c.Values())
		}
	}
}

// TestIsNonOverlappingAndDenseCases: c10's is_non_overlapping_and_dense
// on hand-picked layouts.
func TestIsNonOverlappingAndDenseCases(t *testing.T) {
	cases := []struct {
		shape, strides []int
		want           bool
	}{
		{[]int{2, 3}, []int{3, 1}, true},
		{[]int{3, 2}, []int{1, 3}, true},  // transposed
		{[]int{2, 2}, []int{3, 2}, false}, // every other column
		{[]int{2, 3}, []int{0, 1}, false}, // expanded
		{[]int{1, 3}, []int{7, 1}, true},  // size-1 dims are free
		{[]int{4}, []int{2}, false},
		{[]int{1}, []int{5}, true},
		{[]int{}, []int{}, true},
		{[]int{2, 3, 4}, []int{1, 8, 2}, true},
	}
	for _, c := range cases {
		if got := IsNonOverlappingAndDense(c.shape, c.strides); got != c.want {
			t.Errorf("dense(%v, %v) = %v, want %v", c.shape, c.strides, got, c.want)
		}
	}
}
