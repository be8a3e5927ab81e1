package tensor

import "github.com/tensh/tensh/runtime/broadcast"

// Expand views t with the broadcast shape target (stride 0 on the
// broadcast dimensions). target must be a broadcast of t's shape.
func (t *Tensor) Expand(target []int) *Tensor {
	return t.view(t.offset, append([]int{}, target...), broadcast.ExpandStrides(t.shape, t.strides, target))
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
		raise(IndexError, errSelectRange, index, ShapeString(t.shape), dim)
	}
	if index < 0 {
		index += size
	}
	shape := append(append([]int{}, t.shape[:d]...), t.shape[d+1:]...)
	strides := append(append([]int{}, t.strides[:d]...), t.strides[d+1:]...)
	return t.view(t.offset+index*t.strides[d], shape, strides)
}
