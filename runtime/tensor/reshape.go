package tensor

// Reshaping: view, reshape, flatten, unflatten, and the shape arithmetic
// they share (at::infer_size and at::detail::computeStride).

// InferSize resolves a requested shape against numel elements, as
// at::infer_size does: at most one -1, which takes the remaining size; no
// other negative sizes; the product must equal numel. It returns a new
// slice.
func InferSize(shape []int, numel int) []int {
	res, err := InferShape(shape, numel)
	if err != nil {
		raise(RuntimeError, "%s", err.Error())
	}
	return res
}

// ComputeStride is ATen's computeStride: the strides that let a tensor of
// (oldShape, oldStride) be viewed with newShape without copying, or ok ==
// false when a dimension of the new shape would span two non-contiguous
// chunks of the old layout. newShape must have the same number of elements.
func ComputeStride(oldShape, oldStride, newShape []int) (stride []int, ok bool) {
	stride, _, ok = ComputeStrideSpan(oldShape, oldStride, newShape)
	return stride, ok
}

// ComputeStrideSpan is ComputeStride that also tells, when the view is
// impossible, which dim of newShape would span two chunks (span; -1 when
// it succeeds).
func ComputeStrideSpan(oldShape, oldStride, newShape []int) (stride []int, span int, ok bool) {
	if len(oldShape) == 0 {
		out := make([]int, len(newShape))
		for i := range out {
			out[i] = 1
		}
		return out, -1, true
	}
	numel := Numel(oldShape)
	if numel == 0 && sameShape(oldShape, newShape) {
		return append([]int{}, oldStride...), -1, true
	}
	newStride := make([]int, len(newShape))
	if numel == 0 {
		for d := len(newShape) - 1; d >= 0; d-- {
			if d == len(newShape)-1 {
				newStride[d] = 1
			} else {
				newStride[d] = max(newShape[d+1], 1) * newStride[d+1]
			}
		}
		return newStride, -1, true
	}
	viewD := len(newShape) - 1
	chunkBase := oldStride[len(oldStride)-1]
	tensorNumel, viewNumel := 1, 1
	for td := len(oldShape) - 1; td >= 0; td-- {
		tensorNumel *= oldShape[td]
		// At the end of a contiguous chunk of the old layout, lay the view's
		// dimensions over it.
		if td == 0 || (oldShape[td-1] != 1 && oldStride[td-1] != tensorNumel*chunkBase) {
			for viewD >= 0 && (viewNumel < tensorNumel || newShape[viewD] == 1) {
				newStride[viewD] = viewNumel * chunkBase
				viewNumel *= newShape[viewD]
				viewD--
			}
			if viewNumel != tensorNumel {
				return nil, viewD + 1, false
			}
			if td > 0 {
				chunkBase = oldStride[td-1]
				tensorNumel, viewNumel = 1, 1
			}
		}
	}
	if viewD != -1 {
		return nil, viewD, false
	}
	return newStride, -1, true
}

// View is t.view(*shape): the same storage with a new shape (one -1 is
// inferred). It fails when the shape cannot be laid over t's strides.
func (t *Tensor) View(shape []int) *Tensor {
	size, stride, _, err := ViewGeometry(t.shape, t.strides, shape)
	if err != nil {
		raise(RuntimeError, "%s", viewErrorText(err))
	}
	return t.view(t.offset, size, stride)
}

// Reshape is t.reshape(*shape): a view when View would succeed, otherwise
// a contiguous copy with the new shape.
func (t *Tensor) Reshape(shape []int) *Tensor {
	size, stride, _, err := ViewGeometry(t.shape, t.strides, shape)
	if size == nil {
		raise(RuntimeError, "%s", viewErrorText(err))
	}
	if err == nil {
		return t.view(t.offset, size, stride)
	}
	c := Empty(t.shape, t.DType())
	c.device = t.device
	CopyInto(c, t)
	c.shape = size
	c.strides = ContiguousStrides(size)
	return c
}

// Flatten is t.flatten(start, end). Like PyTorch it returns t itself when
// start == end on a tensor with dimensions (callers may rely on identity).
func (t *Tensor) Flatten(start, end int) *Tensor {
	shape, same := FlattenShape(t.shape, start, end)
	if same {
		return t
	}
	return t.Reshape(shape)
}

// FlattenShape is the rule of flatten(start, end) on a tensor of the given
// shape: the reshaped shape, or same when flatten returns the tensor
// itself (start == end on a tensor with dimensions). It raises for bad
// dims.
func FlattenShape(shape []int, start, end int) (newShape []int, same bool) {
	nd := len(shape)
	start = WrapDim(start, nd)
	end = WrapDim(end, nd)
	if start > end {
		raise(RuntimeError, errFlattenOrder)
	}
	if nd == 0 {
		return []int{1}, false
	}
	if start == end {
		return shape, true
	}
	newShape = append([]int{}, shape[:start]...)
	newShape = append(newShape, Numel(shape[start:end+1]))
	return append(newShape, shape[end+1:]...), false
}

// Unflatten is t.unflatten(dim, sizes): dimension dim split into sizes (one
// of which may be -1).
func (t *Tensor) Unflatten(dim int, sizes []int) *Tensor {
	if t.Dim() == 0 {
		raise(IndexError, errDimNoDims, dim)
	}
	d := WrapDim(dim, t.Dim())
	if len(sizes) == 0 {
		raise(RuntimeError, errUnflattenEmpty)
	}
	inferred := unflattenSizes(sizes, t.shape[d], d)
	shape := append([]int{}, t.shape[:d]...)
	shape = append(shape, inferred...)
	shape = append(shape, t.shape[d+1:]...)
	return t.View(shape)
}

// unflattenSizes is InferSize with unflatten's rewording of its errors:
// "is invalid for input of size" becomes the unflatten message, the other
// plain runtime errors get unflatten's "unexpected error" prefix, and the
// ambiguity and invalid-dimension checks pass through unchanged.
func unflattenSizes(sizes []int, n, d int) (out []int) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		e, ok := r.(*Error)
		if !ok {
			panic(r)
		}
		switch {
		case e.Msg == errInferTwice:
			raise(RuntimeError, errUnflattenUnexpected, e.Msg)
		case len(e.Msg) > 6 && e.Msg[:6] == "shape ":
			raise(RuntimeError, errUnflattenSizes, ShapeString(sizes), d, n)
		}
		panic(r)
	}()
	return InferSize(sizes, n)
}
