package tensor

import (
	"math/rand"
	"testing"
)

// numbered returns a tensor of the given shape in a random non-overlapping
// layout whose element at multi-index i holds the row-major number of i.
func numbered(r *rand.Rand, shape []int) *Tensor {
	x := guarded(shape, randomLayout(r, shape), 2)
	k := 0
	x.ForEach(func(off int) { x.st.Set(off, IntS(int64(k))); k++ })
	return x
}

// rowMajor is the number numbered gives multi-index idx.
func rowMajor(shape, idx []int) float64 {
	n := 0
	for d, x := range idx {
		n = n*shape[d] + x
	}
	return float64(n)
}

func TestPermuteMovedimReference(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for iter := 0; iter < 2000; iter++ {
		shape := randomShape(r, 4, 4)
		x := numbered(r, shape)
		nd := len(shape)
		perm := r.Perm(nd)
		p := x.Permute(perm)
		for _, idx := range rowMajorIndices(p.shape) {
			src := make([]int, nd)
			for i, d := range perm {
				src[d] = idx[i]
			}
			if p.At(idx...).F != rowMajor(shape, src) {
				t.Fatalf("permute %v of %v wrong at %v", perm, shape, idx)
			}
		}
		if nd == 0 {
			continue
		}
		// movedim of k dims against its definition: the moved dims land at
		// the destinations, the others keep their order.
		k := 1 + r.Intn(nd)
		src := r.Perm(nd)[:k]
		dst := r.Perm(nd)[:k]
		m := x.Movedim(src, dst)
		order := make([]int, nd)
		for i := range order {
			order[i] = -1
		}
		used := map[int]bool{}
		for i := range src {
			order[dst[i]] = src[i]
			used[src[i]] = true
		}
		rest := []int{}
		for d := 0; d < nd; d++ {
			if !used[d] {
				rest = append(rest, d)
			}
		}
		for i := range order {
			if order[i] < 0 {
				order[i], rest = rest[0], rest[1:]
			}
		}
		want := x.Permute(order)
		if !sameShape(m.shape, want.shape) || !sameShape(m.strides, want.strides) {
			t.Fatalf("movedim(%v, %v) of %v: %v/%v, want %v/%v", src, dst, shape, m.shape, m.strides, want.shape, want.strides)
		}
	}
}

func TestDiagonalReference(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for iter := 0; iter < 2000; iter++ {
		shape := randomShape(r, 4, 5)
		if len(shape) < 2 {
			continue
		}
		x := numbered(r, shape)
		d1, d2 := r.Intn(len(shape)), r.Intn(len(shape))
		if d1 == d2 {
			continue
		}
		off := r.Intn(9) - 4
		dg := x.Diagonal(off, d1, d2)
		for _, idx := range rowMajorIndices(dg.shape) {
			i := idx[len(idx)-1]
			src := make([]int, 0, len(shape))
			k := 0
			for d := range shape {
				switch d {
				case d1:
					src = append(src, i+max(-off, 0))
				case d2:
					src = append(src, i+max(off, 0))
				default:
					src = append(src, idx[k])
					k++
				}
			}
			if dg.At(idx...).F != rowMajor(shape, src) {
				t.Fatalf("diagonal(%d, %d, %d) of %v wrong at %v", off, d1, d2, shape, idx)
			}
		}
		n1, n2 := shape[d1], shape[d2]
		want := 0
		for i := 0; i < n1; i++ {
			if j := i + off; j >= 0 && j < n2 {
				want++
			}
		}
		if got := dg.shape[len(dg.shape)-1]; got != want {
			t.Fatalf("diagonal(%d) of %v: length %d, want %d", off, shape, got, want)
		}
	}
}

func TestUnfoldReference(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	for iter := 0; iter < 2000; iter++ {
		shape := randomShape(r, 3, 6)
		if len(shape) == 0 {
			continue
		}
		x := numbered(r, shape)
		d := r.Intn(len(shape))
		size := r.Intn(shape[d] + 1)
		step := 1 + r.Intn(3)
		u := x.Unfold(d, size, step)
		if want := (shape[d]-size)/step + 1; u.shape[d] != want {
			t.Fatalf("unfold(%d, %d, %d) of %v: %d windows, want %d", d, size, step, shape, u.shape[d], want)
		}
		for _, idx := range rowMajorIndices(u.shape) {
			src := append([]int{}, idx[:len(shape)]...)
			src[d] = idx[d]*step + idx[len(shape)]
			if u.At(idx...).F != rowMajor(shape, src) {
				t.Fatalf("unfold(%d, %d, %d) of %v wrong at %v", d, size, step, shape, idx)
			}
		}
	}
}

// TestViewWritesReachBase writes through views and checks the base, and
// that no write escapes the viewed region.
func TestViewWritesReachBase(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for iter := 0; iter < 2000; iter++ {
		shape := randomShape(r, 3, 5)
		x := numbered(r, shape)
		before := x.Values()
		var v *Tensor
		switch {
		case len(shape) >= 2 && r.Intn(2) == 0:
			v = x.Transpose(0, 1)
		case len(shape) >= 1 && shape[0] > 0:
			v = x.Narrow(0, r.Intn(shape[0]), 1)
		default:
			v = x.Unsqueeze(0)
		}
		v.Fill(FloatS(-5))
		after := x.Values()
		changed := 0
		for i := range after {
			if after[i] != before[i] {
				if after[i].F != -5 {
					t.Fatalf("unexpected value %v", after[i])
				}
				changed++
			}
		}
		if changed > v.Numel() {
			t.Fatalf("wrote %d elements through a view of %d", changed, v.Numel())
		}
		checkGuards(t, x, 2)
	}
}

func TestExpandErrors(t *testing.T) {
	e := FromSlice([]int64{1, 2}, 2, 1)
	msg := func(target []int) (m string) {
		defer func() {
			if err, ok := recover().(*Error); ok {
				m = err.Msg
			}
		}()
		e.ExpandChecked(target)
		return ""
	}
	cases := []struct {
		target []int
		want   string
	}{
		{[]int{3}, "expand(torch.LongTensor{[2, 1]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"},
		{[]int{2, 3, -1}, "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 1.  Target sizes: [2, 3, -1].  Tensor sizes: [2, 1]"},
		{[]int{-1, 2, 3}, "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"},
		{[]int{-1, 3}, ""},
	}
	for _, c := range cases {
		if got := msg(c.target); got != c.want {
			t.Errorf("expand%v: %q, want %q", c.target, got, c.want)
		}
	}
	err := ExpandCheck([]int{1, 7}, []int{1, 3, 1})
	if err == nil || err.ShortMessage(Float32, CPU) != "The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2." {
		t.Errorf("ExpandCheck short message: %v", err)
	}
	if err.Dim != 2 || err.Size != 1 || err.Existing != 7 {
		t.Errorf("ExpandCheck details: %+v", err)
	}
	if ExpandCheck([]int{3, 1}, []int{2, 3, 4}) != nil {
		t.Errorf("a valid expansion reported an error")
	}
}
