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
	out, err := InferSizeInto(make([]int, max(len(a), len(b))), a, b)
	if err != nil {
		err.(*Error).A = a
	}
	return out, err
}

// Shapes folds InferSize over several shapes, left to right: for three or
// more operands "tensor a" is the shape accumulated so far.
func Shapes(shapes ...[]int) ([]int, error) {
	out := []int{}
	for k, s := range shapes {
		acc := out
		var err error
		if out, err = InferSize(out, s); err != nil {
			e := err.(*Error)
			e.Operand, e.A = k, acc
			return nil, e
		}
	}
	return out, nil
}

// Size is the rule of one dimension: the broadcast of sizes a and b (a
// size of 1 takes the other size, 0 included; otherwise they must be
// equal), or ok == false when they clash.
func Size(a, b int) (size int, ok bool) {
	switch {
	case a == b || b == 1:
		return a, true
	case a == 1:
		return b, true
	}
	return 0, false
}

// Expanded reports whether result dim i of target is one along which an
// operand of the given shape is broadcast (a new leading dim, or a size
// that differs from the target's, so a size 1 that grows): its expanded
// stride is 0 there.
func Expanded(shape, target []int, i int) bool {
	j := i - (len(target) - len(shape))
	return j < 0 || shape[j] != target[i]
}

// ExpandedDims are the dims of target along which an operand of the given
// shape is broadcast (see Expanded).
func ExpandedDims(shape, target []int) []int {
	var out []int
	for i := range target {
		if Expanded(shape, target, i) {
			out = append(out, i)
		}
	}
	return out
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
		if Expanded(shape, target, i) {
			out[i] = 0
		} else {
			out[i] = strides[i-lead]
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
		s, ok := Size(sa, sb)
		if !ok {
			return nil, &Error{Msg: fmt.Sprintf(errSizeMismatch, sa, sb, i), SizeA: sa, SizeB: sb, Dim: i, Operand: 1}
		}
		out[i] = s
	}
	return out, nil
}
