package tensor

import (
	"fmt"
	"strings"
)

// Expansion.
//
// Two entry points:
//   - Expand(target) is the unchecked form used by kernels: target must be
//     a broadcast of t's shape (as broadcast.InferSize guarantees), no -1.
//   - ExpandChecked(target) is t.expand(*sizes) as the user calls it: -1
//     keeps a size, and PyTorch's three errors are raised verbatim.
// ExpandCheck reports the failure details without panicking, for callers
// that print their own variant of the message (the in-place broadcast of
// the "docs" compat mode).

// ExpandErrorKind tells which of expand's checks failed.
type ExpandErrorKind int

const (
	// ExpandTooFewSizes: fewer target sizes than tensor dimensions.
	ExpandTooFewSizes ExpandErrorKind = iota
	// ExpandMismatch: a non-singleton size differs from its target.
	ExpandMismatch
	// ExpandLeadingMinusOne: -1 given for a new leading dimension.
	ExpandLeadingMinusOne
)

// ExpandError describes why a shape cannot be expanded to a target.
type ExpandError struct {
	Kind     ExpandErrorKind
	Shape    []int // the tensor's sizes
	Target   []int // the requested sizes, as given
	Dim      int   // the dimension of Target that failed
	Size     int   // Target[Dim] (ExpandMismatch, ExpandLeadingMinusOne)
	Existing int   // the tensor's size at that dimension (ExpandMismatch)
}

// Message is PyTorch's full text for the error; dtype and device name the
// tensor in the too-few-sizes form: expand(torch.LongTensor{[2, 1]}, size=[3]).
func (e *ExpandError) Message(d DType, dev Device) string {
	switch e.Kind {
	case ExpandTooFewSizes:
		return fmt.Sprintf(errExpandTooFew, LegacyTypeName(d, dev), ShapeString(e.Shape), ShapeString(e.Target), len(e.Target), len(e.Shape))
	case ExpandLeadingMinusOne:
		return fmt.Sprintf(errExpandLeading, e.Size, e.Dim)
	}
	return fmt.Sprintf(errExpandMismatch, e.Size, e.Existing, e.Dim) + fmt.Sprintf(errExpandMismatchTail, ShapeString(e.Target), ShapeString(e.Shape))
}

// ShortMessage is the text the seed documents print for a failed in-place
// broadcast: the mismatch form ends after "dimension D." without the
// sizes; the other forms are as in Message.
func (e *ExpandError) ShortMessage(d DType, dev Device) string {
	if e.Kind == ExpandMismatch {
		return fmt.Sprintf(errExpandMismatch, e.Size, e.Existing, e.Dim)
	}
	return e.Message(d, dev)
}

// expandGeometry is ATen's inferExpandGeometry: the sizes and strides that
// view (shape, strides) as target. New leading dimensions get stride 0
// unless their target size is 1, in which case they take the stride a
// contiguous layout would give them.
func expandGeometry(shape, strides, target []int) (sizes, outStrides []int, err *ExpandError) {
	if len(target) < len(shape) {
		return nil, nil, &ExpandError{Kind: ExpandTooFewSizes, Shape: shape, Target: target}
	}
	nd := len(target)
	sizes = make([]int, nd)
	outStrides = make([]int, nd)
	for i := nd - 1; i >= 0; i-- {
		dim := len(shape) - nd + i
		size, stride := 1, 0
		if dim >= 0 {
			size, stride = shape[dim], strides[dim]
		} else if i+1 < nd {
			// (for a 0-d tensor ATen reads past the end here and finds 0)
			stride = sizes[i+1] * outStrides[i+1]
		}
		ts := target[i]
		if ts == -1 {
			if dim < 0 {
				return nil, nil, &ExpandError{Kind: ExpandLeadingMinusOne, Shape: shape, Target: target, Dim: i, Size: ts}
			}
			ts = size
		}
		if size != ts {
			if size != 1 {
				return nil, nil, &ExpandError{Kind: ExpandMismatch, Shape: shape, Target: target, Dim: i, Size: ts, Existing: size}
			}
			size, stride = ts, 0
		}
		sizes[i], outStrides[i] = size, stride
	}
	return sizes, outStrides, nil
}

// ExpandCheck reports whether shape can be expanded to target (with -1
// keeping a size), and the details when it cannot.
func ExpandCheck(shape, target []int) *ExpandError {
	_, _, err := expandGeometry(shape, make([]int, len(shape)), target)
	return err
}

// Expand views t with the broadcast shape target (stride 0 on the
// broadcast dimensions). target must be a broadcast of t's shape; use
// ExpandChecked for user-supplied sizes.
func (t *Tensor) Expand(target []int) *Tensor {
	sizes, strides, err := expandGeometry(t.shape, t.strides, target)
	if err != nil {
		panic("tensor.Expand: " + err.Message(t.DType(), t.device))
	}
	return t.view(t.offset, sizes, strides)
}

// ExpandChecked is t.expand(*target): -1 keeps a size; PyTorch's errors
// for the invalid cases.
func (t *Tensor) ExpandChecked(target []int) *Tensor {
	sizes, strides, err := expandGeometry(t.shape, t.strides, target)
	if err != nil {
		raise(RuntimeError, "%s", err.Message(t.DType(), t.device))
	}
	for _, s := range sizes {
		if s < 0 {
			raise(RuntimeError, errNumelOverflow)
		}
	}
	return t.view(t.offset, sizes, strides)
}

// Select is t.select(dim, index): the view with dimension dim removed at
// index.
func (t *Tensor) Select(dim, index int) *Tensor {
	if t.Dim() == 0 {
		raise(IndexError, errSelect0d)
	}
	d := WrapDim(dim, t.Dim())
	size := t.shape[d]
	if index < -size || index >= size {
		raise(IndexError, errSelectRange, index, ShapeString(t.shape), d)
	}
	if index < 0 {
		index += size
	}
	shape := append(append([]int{}, t.shape[:d]...), t.shape[d+1:]...)
	strides := append(append([]int{}, t.strides[:d]...), t.strides[d+1:]...)
	return t.view(t.offset+index*t.strides[d], shape, strides)
}

// shapesString joins shapes as PyTorch's index messages do: [2], [3].
func shapesString(shapes [][]int) string {
	parts := make([]string, len(shapes))
	for i, s := range shapes {
		parts[i] = ShapeString(s)
	}
	return strings.Join(parts, ", ")
}
