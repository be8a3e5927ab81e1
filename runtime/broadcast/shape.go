// Package broadcast is tensh's broadcasting engine: shape inference as
// PyTorch's infer_size does it, expansion of strides (stride 0 on broadcast
// dimensions), and the iterator that runs kernels over broadcast operands.
//
// It works on sizes and strides only (plain ints), so that runtime/tensor
// can build its kernels on it.
package broadcast

import "fmt"

// InferSize is at::infer_size: the broadcast shape of a and b. Walking from
// the trailing dimension, a size of 1 takes the other size (0 included);
// otherwise the sizes must be equal. The error names the dimension of the
// result.
func InferSize(a, b []int) ([]int, error) {
	return InferSizeInto(make([]int, max(len(a), len(b))), a, b)
}

// Shapes folds InferSize over several shapes, left to right: for three or
// more operands "tensor a" is the shape accumulated so far.
func Shapes(shapes ...[]int) ([]int, error) {
	out := []int{}
	for _, s := range shapes {
		var err error
		if out, err = InferSize(out, s); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ExpandStrides returns the strides that view a tensor of the given shape
// and strides as the broadcast target shape: stride 0 on new leading
// dimensions and on size-1 dimensions that grow. target must be a broadcast
// of shape (as InferSize guarantees).
func ExpandStrides(shape, strides, target []int) []int {
	out := make([]int, len(target))
	ExpandStridesInto(out, shape, strides, target)
	return out
}

// ExpandStridesInto is ExpandStrides writing into out (of target's length).
func ExpandStridesInto(out, shape, strides, target []int) {
	lead := len(target) - len(shape)
	for i := range target {
		j := i - lead
		switch {
		case j < 0:
			out[i] = 0
		case shape[j] == target[i]:
			out[i] = strides[j]
		default:
			out[i] = 0
		}
	}
}

// InferSizeInto is InferSize writing the result into dst (which must have
// room for max(len(a), len(b)) sizes and may alias a or b); it returns the
// filled prefix of dst.
func InferSizeInto(dst, a, b []int) ([]int, error) {
	n := max(len(a), len(b))
	out := dst[:n]
	for i := n - 1; i >= 0; i-- {
		offset := n - 1 - i
		da, db := len(a)-1-offset, len(b)-1-offset
		sa, sb := 1, 1
		if da >= 0 {
			sa = a[da]
		}
		if db >= 0 {
			sb = b[db]
		}
		switch {
		case sa == sb || sb == 1:
			out[i] = sa
		case sa == 1:
			out[i] = sb
		default:
			return nil, &Error{fmt.Sprintf(errSizeMismatch, sa, sb, i)}
		}
	}
	return out, nil
}
