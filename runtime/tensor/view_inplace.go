package tensor

// Assume makes t take the layout (sizes, strides, offset) of v, a view of
// t's own storage: the in-place view operations unsqueeze_, squeeze_, t_
// and transpose_ compute the view, then t becomes it.
func (t *Tensor) Assume(v *Tensor) {
	if v.st != t.st {
		panic("tensor.Assume: not a view of the same storage")
	}
	t.shape = append([]int{}, v.shape...)
	t.strides = append([]int{}, v.strides...)
	t.offset = v.offset
}
