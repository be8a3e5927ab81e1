package linalg

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// naiveEinsum evaluates an explicit-output equation by looping over every
// assignment of the labels.
func naiveEinsum(eq string, ops []*tensor.Tensor) (shape []int, vals []float64) {
	lhs, rhs, _ := strings.Cut(eq, "->")
	terms := strings.Split(lhs, ",")
	size := map[byte]int{}
	var labels []byte
	for i, term := range terms {
		for j := 0; j < len(term); j++ {
			c := term[j]
			if _, ok := size[c]; !ok {
				labels = append(labels, c)
				size[c] = 1
			}
			if s := ops[i].Shape()[j]; s != 1 {
				size[c] = s
			}
		}
	}
	for i := 0; i < len(rhs); i++ {
		shape = append(shape, size[rhs[i]])
	}
	vals = make([]float64, tensor.Numel(shape))
	assign := map[byte]int{}
	var rec func(int)
	rec = func(li int) {
		if li == len(labels) {
			p := 1.0
			for i, term := range terms {
				idx := make([]int, len(term))
				for j := 0; j < len(term); j++ {
					if ops[i].Shape()[j] != 1 {
						idx[j] = assign[term[j]]
					}
				}
				p *= ops[i].At(idx...).Float()
			}
			o := 0
			for i := 0; i < len(rhs); i++ {
				o = o*size[rhs[i]] + assign[rhs[i]]
			}
			vals[o] += p
			return
		}
		for v := 0; v < size[labels[li]]; v++ {
			assign[labels[li]] = v
			rec(li + 1)
		}
	}
	rec(0)
	return shape, vals
}

func TestEinsumAgainstLoops(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	small := func(shape ...int) *tensor.Tensor {
		x := tensor.Empty(shape, tensor.Float64)
		for i := 0; i < x.Numel(); i++ {
			x.Storage().Set(i, tensor.FloatS(float64(r.Intn(7)-3)))
		}
		return x
	}
	for _, c := range []struct {
		eq     string
		shapes [][]int
	}{
		{"ij,jk->ik", [][]int{{2, 3}, {3, 4}}},
		{"ij->ji", [][]int{{2, 3}}},
		{"ii->i", [][]int{{3, 3}}},
		{"ii->", [][]int{{3, 3}}},
		{"ij->", [][]int{{2, 3}}},
		{"ij->j", [][]int{{2, 3}}},
		{"i,i->", [][]int{{4}, {4}}},
		{"i,j->ij", [][]int{{2}, {3}}},
		{"bij,bjk->bik", [][]int{{2, 2, 3}, {2, 3, 2}}},
		{"bij,bjk->bk", [][]int{{2, 2, 3}, {2, 3, 2}}},
		{"ij,ij->i", [][]int{{3, 4}, {3, 4}}},
		{"ij,kj->ik", [][]int{{3, 4}, {2, 4}}},
		{"ijk,ikl->jl", [][]int{{2, 3, 4}, {2, 4, 2}}},
		{"i,i,i->", [][]int{{3}, {3}, {3}}},
		{"ij,jk,kl->il", [][]int{{2, 3}, {3, 4}, {4, 2}}},
		{"iij->ij", [][]int{{2, 2, 3}}},
		{"ij,ij->ij", [][]int{{2, 1}, {2, 3}}},
		{"ij,jk->ik", [][]int{{2, 1}, {1, 3}}},
		{"abc,cd,bd->ad", [][]int{{2, 3, 4}, {4, 2}, {3, 2}}},
	} {
		var ops []*tensor.Tensor
		for _, s := range c.shapes {
			ops = append(ops, small(s...))
		}
		got := Einsum(c.eq, ops)
		shape, want := naiveEinsum(c.eq, ops)
		if fmt.Sprint(got.Shape()) != fmt.Sprint(shape) {
			t.Fatalf("%s: shape %v, want %v", c.eq, got.Shape(), shape)
		}
		for i, v := range got.Values() {
			if v.F != want[i] {
				t.Fatalf("%s: element %d = %v, want %v", c.eq, i, v.F, want[i])
			}
		}
	}
}

func TestEinsumImplicitAndEllipsis(t *testing.T) {
	x := tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
	y := tensor.FromSlice([]float64{1, 0, 0, 1, 1, 1}, 3, 2)
	if got := fmt.Sprint(Einsum("ij,jk", []*tensor.Tensor{x, y}).Values()); got != fmt.Sprint(Einsum("ij,jk->ik", []*tensor.Tensor{x, y}).Values()) {
		t.Errorf("implicit output: %s", got)
	}
	b := tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 2, 2, 3)
	got := Einsum("...ij,jk->...ik", []*tensor.Tensor{b, y})
	if fmt.Sprint(got.Shape()) != "[2 2 2]" {
		t.Fatalf("ellipsis shape %v", got.Shape())
	}
	if got := Einsum(" i j ", []*tensor.Tensor{x}); fmt.Sprint(got.Shape()) != "[2 3]" {
		t.Errorf("spaces: %v", got.Shape())
	}
	if got := Einsum("i...", []*tensor.Tensor{x}); fmt.Sprint(got.Shape()) != "[3 2]" {
		t.Errorf("implicit ellipsis goes first: %v", got.Shape())
	}
}

func TestEinsumErrors(t *testing.T) {
	x := tensor.Full([]int{2, 3}, tensor.FloatS(1), tensor.Float32)
	for _, c := range []struct {
		eq   string
		ops  []*tensor.Tensor
		want string
	}{
		{"ij,jk->ik", []*tensor.Tensor{x, x}, "RuntimeError: einsum(): subscript j has size 2 for operand 1 which does not broadcast with previously seen size 3"},
		{"ij,jk->ik", []*tensor.Tensor{x}, "RuntimeError: einsum(): fewer operands were provided than specified in the equation"},
		{"ij", []*tensor.Tensor{x, x}, "RuntimeError: einsum(): more operands were provided than specified in the equation"},
		{"i", []*tensor.Tensor{x}, "RuntimeError: einsum(): the number of subscripts in the equation (1) does not match the number of dimensions (2) for operand 0 and no ellipsis was given"},
		{"ijk...", []*tensor.Tensor{x}, "RuntimeError: einsum(): the number of subscripts in the equation (3) is more than the number of dimensions (2) for operand 0"},
		{"ii", []*tensor.Tensor{x}, "RuntimeError: einsum(): subscript i is repeated for operand 0 but the sizes don't match, 3 != 2"},
		{"i.j", []*tensor.Tensor{x}, "RuntimeError: einsum(): found '.' for operand 0 that is not part of any ellipsis"},
		{"ij->ii", []*tensor.Tensor{x}, "RuntimeError: einsum(): output subscript i appears more than once in the output"},
		{"ij->k", []*tensor.Tensor{x}, "RuntimeError: einsum(): output subscript k does not appear in the equation for any input operand"},
		{"ij->1", []*tensor.Tensor{x}, "RuntimeError: einsum(): invalid subscript given at index 4 in the equation string, subscripts must be in [a-zA-Z]"},
		{"ij,jk->ik", []*tensor.Tensor{x, tensor.Full([]int{3, 2}, tensor.FloatS(1), tensor.Float64)}, "RuntimeError: expected scalar type Float but found Double"},
	} {
		if got := catchError(func() { Einsum(c.eq, c.ops) }); got != c.want {
			t.Errorf("%s: got  %q\nwant %q", c.eq, got, c.want)
		}
	}
}
