package torch

import (
	"fmt"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestEmptyLikeStrides compares the strides of *_like results with those
// PyTorch 1.13 gives zeros_like(base.as_strided(size, stride)).
func TestEmptyLikeStrides(t *testing.T) {
	cases := []struct{ size, stride, want []int }{
		{[]int{2, 3}, []int{1, 2}, []int{1, 2}},
		{[]int{3, 2}, []int{1, 3}, []int{1, 3}},
		{[]int{2, 3}, []int{3, 1}, []int{3, 1}},
		{[]int{2, 3}, []int{2, 4}, []int{1, 2}},
		{[]int{2, 3, 4}, []int{12, 1, 3}, []int{12, 1, 3}},
		{[]int{2, 3, 4}, []int{1, 2, 6}, []int{1, 2, 6}},
		{[]int{2, 1, 3}, []int{3, 100, 1}, []int{3, 100, 1}},
		{[]int{2, 4, 3}, []int{3, 0, 1}, []int{12, 3, 1}},
		{[]int{3, 4}, []int{0, 1}, []int{4, 1}},
		{[]int{3, 4}, []int{1, 0}, []int{4, 1}},
		{[]int{2, 2}, []int{0, 0}, []int{2, 1}},
		{[]int{4, 3}, []int{3, 1}, []int{3, 1}},
		{[]int{2, 3}, []int{6, 1}, []int{3, 1}},
		{[]int{2, 3}, []int{4, 1}, []int{3, 1}},
		{[]int{3, 2, 2}, []int{1, 3, 6}, []int{1, 3, 6}},
		{[]int{2, 2, 2}, []int{4, 1, 2}, []int{4, 1, 2}},
		{[]int{5}, []int{2}, []int{1}},
		{[]int{5}, []int{1}, []int{1}},
		{[]int{1, 5}, []int{7, 1}, []int{7, 1}},
		{[]int{5, 1}, []int{1, 9}, []int{1, 9}},
		{[]int{0, 3}, []int{1, 5}, []int{1, 5}},
		{[]int{3, 0}, []int{1, 1}, []int{1, 1}},
		{[]int{2, 3, 2}, []int{1, 4, 2}, []int{1, 4, 2}},
		{[]int{2, 2}, []int{2, 2}, []int{2, 1}},
		{[]int{3, 3}, []int{3, 3}, []int{3, 1}},
		{[]int{2, 3}, []int{1, 1}, []int{1, 2}},
		{[]int{6, 2, 1}, []int{2, 1, 1}, []int{2, 1, 1}},
		{[]int{2, 3, 4, 5}, []int{60, 1, 15, 3}, []int{60, 1, 15, 3}},
		{[]int{2, 3, 4}, []int{3, 1, 12}, []int{3, 1, 6}},
		{[]int{4, 1, 1}, []int{1, 1, 1}, []int{1, 1, 1}},
	}
	base := tensor.NewStorage(tensor.Float32, 10000)
	for _, c := range cases {
		x := tensor.FromStorage(base, 0, c.size, c.stride)
		for _, d := range []tensor.DType{tensor.Float32, tensor.Int8} {
			got := tensor.EmptyLike(x, d)
			if fmt.Sprint(got.Strides()) != fmt.Sprint(c.want) || fmt.Sprint(got.Shape()) != fmt.Sprint(c.size) {
				t.Errorf("empty_like(size %v, stride %v) dtype %s: shape %v strides %v, want strides %v", c.size, c.stride, d, got.Shape(), got.Strides(), c.want)
			}
			// The copy of a conversion holds the same values.
			y := convertTensor(x, d, true)
			if fmt.Sprint(y.Values()) != fmt.Sprint(x.To(d).Values()) {
				t.Errorf("convert(size %v, stride %v): values differ", c.size, c.stride)
			}
		}
	}
}
