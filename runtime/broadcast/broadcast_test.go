package broadcast

import (
	"fmt"
	"reflect"
	"testing"
)

// shapeOf turns fuzz bytes into a shape of up to 6 dimensions with sizes
// 0..5 (1 is the most common).
func shapeOf(b []byte) []int {
	if len(b) > 6 {
		b = b[:6]
	}
	s := make([]int, len(b))
	for i, x := range b {
		switch x % 8 {
		case 6, 7:
			s[i] = 1
		default:
			s[i] = int(x % 6)
		}
	}
	return s
}

// bruteBroadcast is the definition of broadcasting: pad both shapes with
// leading 1s; in each dimension the sizes other than 1 must agree, and the
// result is that size (1 when there is none). It returns the first failing
// dimension, counted from the right, as an index of the result.
func bruteBroadcast(a, b []int) ([]int, error) {
	n := max(len(a), len(b))
	pa, pb := make([]int, n), make([]int, n)
	for i := range pa {
		pa[i], pb[i] = 1, 1
	}
	copy(pa[n-len(a):], a)
	copy(pb[n-len(b):], b)
	out := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		set := map[int]bool{}
		for _, s := range []int{pa[i], pb[i]} {
			if s != 1 {
				set[s] = true
			}
		}
		switch len(set) {
		case 0:
			out[i] = 1
		case 1:
			for s := range set {
				out[i] = s
			}
		default:
			return nil, fmt.Errorf(errSizeMismatch, pa[i], pb[i], i)
		}
	}
	return out, nil
}

func FuzzBroadcast(f *testing.F) {
	f.Add([]byte{5, 3, 4, 1}, []byte{3, 1, 1})
	f.Add([]byte{0}, []byte{2, 2})
	f.Add([]byte{}, []byte{1, 0})
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, b := shapeOf(x), shapeOf(y)
		got, err := InferSize(a, b)
		want, werr := bruteBroadcast(a, b)
		if (err == nil) != (werr == nil) {
			t.Fatalf("InferSize(%v, %v) = %v, %v; want %v, %v", a, b, got, err, want, werr)
		}
		if err != nil {
			if err.Error() != werr.Error() {
				t.Fatalf("InferSize(%v, %v) error %q, want %q", a, b, err, werr)
			}
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("InferSize(%v, %v) = %v, want %v", a, b, got, want)
		}
		// Broadcasting is symmetric in its result and idempotent.
		if back, err := InferSize(b, a); err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("InferSize(%v, %v) = %v, %v; not symmetric", b, a, back, err)
		}
		if again, err := InferSize(got, a); err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("InferSize(%v, %v) = %v, %v; result does not absorb its operand", got, a, again, err)
		}
		// Expanded strides walk the operand: every stride is the operand's
		// own or 0 on a broadcast dimension.
		st := ExpandStrides(a, contiguous(a), got)
		for i := range got {
			j := i - (len(got) - len(a))
			if j < 0 || (a[j] == 1 && got[i] != 1) {
				if st[i] != 0 {
					t.Fatalf("ExpandStrides(%v -> %v) = %v", a, got, st)
				}
			}
		}
	})
}

func contiguous(shape []int) []int {
	st := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= max(shape[i], 1)
	}
	return st
}

func TestShapes(t *testing.T) {
	cases := []struct {
		in   [][]int
		want []int
		err  string
	}{
		{[][]int{{3, 1, 1}, {1, 4, 1}, {1, 1, 5}}, []int{3, 4, 5}, ""},
		{[][]int{{2, 1}, {3}, {4, 1, 1}}, []int{4, 2, 3}, ""},
		{[][]int{{2, 1}, {3}, {2, 1, 2}}, nil, "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 2"},
		{nil, []int{}, ""},
	}
	for _, c := range cases {
		got, err := Shapes(c.in...)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Shapes(%v) error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Shapes(%v) = %v, %v", c.in, got, err)
		}
	}
}

func TestReorderCoalesce(t *testing.T) {
	// A transposed 2x3 operand: its fast dimension (0) goes first.
	perm := Reorder([]int{3, 2}, [][]int{{1, 3}}, nil)
	if !reflect.DeepEqual(perm, []int{0, 1}) {
		t.Errorf("perm %v", perm)
	}
	// Contiguous operands coalesce into one dimension.
	shape, strides := Coalesce([]int{4, 3, 2}, [][]int{{1, 4, 12}, {1, 4, 12}})
	if !reflect.DeepEqual(shape, []int{24}) || !reflect.DeepEqual(strides, [][]int{{1}, {1}}) {
		t.Errorf("coalesce %v %v", shape, strides)
	}
	// A broadcast operand stops coalescing across its stride-0 dimension.
	shape, _ = Coalesce([]int{4, 3}, [][]int{{1, 4}, {1, 0}})
	if !reflect.DeepEqual(shape, []int{4, 3}) {
		t.Errorf("coalesce %v", shape)
	}
	if got := OutputStrides([]int{2, 3}, []int{0, 1}); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Errorf("output strides %v", got)
	}
	// Reducing dim 0 of a contiguous 4x3 input: the output (strides 0, 1)
	// puts the reduced dimension innermost, against the input's order.
	if got := ReorderReduction([]int{4, 3}, []int{0, 1}, []int{3, 1}); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Errorf("reduction perm %v", got)
	}
	if got := Reorder([]int{4, 3}, [][]int{{0, 1}, {3, 1}}, nil); !reflect.DeepEqual(got, []int{1, 0}) {
		t.Errorf("perm %v", got)
	}
}
