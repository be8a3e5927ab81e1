package tensor

import (
	"fmt"

	"github.com/tensh/tensh/runtime/broadcast"
)

// Shape rules as pure functions of sizes and strides, for the operations
// whose result shape or error a teacher wants to predict without running
// them: the in-place broadcast, view/reshape's size inference and
// strides, expand's geometry. The operations themselves call these, so
// that a prediction and a run cannot disagree. (Broadcasting proper is in
// runtime/broadcast, matrix products in runtime/linalg.)

// InferErrorKind tells which of infer_size's checks failed.
type InferErrorKind int

const (
	// InferTwice: more than one -1.
	InferTwice InferErrorKind = iota
	// InferBadDim: a negative size other than -1.
	InferBadDim
	// InferAmbiguous: a -1 among sizes whose product is 0.
	InferAmbiguous
	// InferInvalid: the sizes do not hold numel elements.
	InferInvalid
)

// InferError says why sizes cannot be resolved against numel elements.
type InferError struct {
	Kind  InferErrorKind
	Sizes []int // the requested sizes
	Numel int
	Size  int // the bad size (InferBadDim)
}

func (e *InferError) Error() string {
	switch e.Kind {
	case InferTwice:
		return errInferTwice
	case InferBadDim:
		return fmt.Sprintf(errInvalidShapeDim, e.Size)
	case InferAmbiguous:
		return fmt.Sprintf(errInferAmbiguous, ShapeString(e.Sizes))
	}
	return fmt.Sprintf(errShapeInvalid, ShapeString(e.Sizes), e.Numel)
}

// InferShape is at::infer_size: sizes resolved against numel elements (at
// most one -1, which takes the remaining size; no other negative size;
// the product must be numel). It returns a new slice.
func InferShape(sizes []int, numel int) ([]int, *InferError) {
	res := append([]int{}, sizes...)
	newsize := 1
	infer := -1
	for d, s := range sizes {
		switch {
		case s == -1:
			if infer >= 0 {
				return nil, &InferError{Kind: InferTwice, Sizes: sizes, Numel: numel}
			}
			infer = d
		case s >= 0:
			newsize *= s
		default:
			return nil, &InferError{Kind: InferBadDim, Sizes: sizes, Numel: numel, Size: s}
		}
	}
	if numel == newsize || (infer >= 0 && newsize > 0 && numel%newsize == 0) {
		if infer >= 0 {
			if newsize == 0 {
				return nil, &InferError{Kind: InferAmbiguous, Sizes: sizes, Numel: numel}
			}
			res[infer] = numel / newsize
		}
		return res, nil
	}
	return nil, &InferError{Kind: InferInvalid, Sizes: sizes, Numel: numel}
}

// ErrViewStride is the error of a view whose sizes are valid but that no
// strides of the tensor's layout can give (see ViewGeometry).
var ErrViewStride = &Error{Kind: RuntimeError, Msg: errViewStride}

// ViewGeometry is the rule of t.view(sizes) for a tensor of (shape,
// strides): the resolved sizes and the view's strides. err is an
// *InferError when the sizes are invalid (size is then nil), or
// ErrViewStride when no strides fit: size is then set (reshape copies to
// it) and span is the dim of size that would straddle two chunks of the
// layout.
func ViewGeometry(shape, strides, sizes []int) (size, stride []int, span int, err error) {
	size, ierr := InferShape(sizes, Numel(shape))
	if ierr != nil {
		return nil, nil, -1, ierr
	}
	stride, span, ok := ComputeStrideSpan(shape, strides, size)
	if !ok {
		return size, nil, span, ErrViewStride
	}
	return size, stride, -1, nil
}

// ExpandGeometry is ATen's inferExpandGeometry, the rule of
// t.expand(target): the sizes and strides that view (shape, strides) as
// target (-1 keeps a size), or why it cannot.
func ExpandGeometry(shape, strides, target []int) (sizes, outStrides []int, err *ExpandError) {
	return expandGeometry(shape, strides, target)
}

// InplaceError says why operands cannot be written into self in place.
type InplaceError struct {
	Self []int
	// Operand is the index (in InplaceShape's others) of the operand that
	// does not expand to self (Expand set, the legacy rule).
	Operand int
	Expand  *ExpandError
	// Broadcast is set when the operands do not broadcast together.
	Broadcast *broadcast.Error
	// Shape is their broadcast shape, which is not self's (neither of the
	// above set).
	Shape []int
}

// Message is PyTorch's text; d and dev are the failing operand's (they
// name it in expand's too-few-sizes form).
func (e *InplaceError) Message(d DType, dev Device) string {
	switch {
	case e.Expand != nil:
		return e.Expand.ShortMessage(d, dev)
	case e.Broadcast != nil:
		return e.Broadcast.Msg
	}
	return OutShapeError(e.Self, e.Shape)
}

// OutShapeError is the error of writing a result of the given shape into
// an output of another shape that may not be resized (self in place, or
// an out= tensor that is also an input).
func OutShapeError(out, shape []int) string {
	return fmt.Sprintf(errOutputShape, ShapeString(out), ShapeString(shape))
}

// MaskedFillValueError is masked_fill's rule for its value: a number or a
// 0-dim tensor (valueDims dims); "" when it is one.
func MaskedFillValueError(valueDims int) string {
	if valueDims != 0 {
		return fmt.Sprintf(errMaskedFillDim, valueDims)
	}
	return ""
}

// ExpandedDim is the rule of internal overlap (MemOverlap::Yes): the first
// dim of (shape, strides) with size > 1 and stride 0, whose elements share
// memory, or -1.
func ExpandedDim(shape, strides []int) int {
	for i, s := range strides {
		if s == 0 && shape[i] > 1 {
			return i
		}
	}
	return -1
}

// The overlap errors (AssertNoInternalOverlap, AssertNoPartialOverlap).
var (
	ErrInternalOverlap = &Error{Kind: RuntimeError, Msg: errOverlapInternal}
	ErrPartialOverlap  = &Error{Kind: RuntimeError, Msg: errOverlapPartial}
)

// InplaceShape is the shape rule of an in-place operation self op= others
// (self's shape never changes). With legacy (the seed documents'
// PyTorch, tensh's docs mode) every other operand must expand to self's
// shape, the first that does not fails; otherwise all must broadcast
// together, to self's shape. A nil shape in others stands for a Python
// number: it broadcasts, and legacy skips it.
func InplaceShape(self []int, others [][]int, legacy bool) *InplaceError {
	if legacy {
		for k, o := range others {
			if o == nil {
				continue
			}
			if err := ExpandCheck(o, self); err != nil {
				return &InplaceError{Self: self, Operand: k, Expand: err}
			}
		}
		return nil
	}
	shape, err := broadcast.Shapes(append([][]int{self}, others...)...)
	if err != nil {
		return &InplaceError{Self: self, Broadcast: err.(*broadcast.Error)}
	}
	if !sameShape(shape, self) {
		return &InplaceError{Self: self, Shape: shape}
	}
	return nil
}

// viewErrorText is the message of a ViewGeometry error.
func viewErrorText(err error) string {
	if e, ok := err.(*Error); ok {
		return e.Msg
	}
	return err.Error()
}

// Geometry is a stand-in with the given geometry and dtype and no
// elements, as a tensor on PyTorch's meta device is: a view operation
// (transpose, permute, unsqueeze, select, slicing, ...) on it works out
// its result's geometry with the runtime's own code. Nothing that reads or
// writes elements may be given it.
func Geometry(shape, strides []int, offset int, d DType) *Tensor {
	return FromStorage(NewStorage(d, 0), offset, shape, strides)
}

// OutStrides is the layout of an out= tensor of (shape, strides) after a
// result of resultShape is written into it: kept when the shapes agree,
// else resized (resizeInPlace) to the contiguous layout.
func OutStrides(shape, strides, resultShape []int) []int {
	if sameShape(shape, resultShape) {
		return strides
	}
	return ContiguousStrides(resultShape)
}
