package tensor

// Resize is Tensor.resize_ as a function's out= argument uses it: t takes
// the given shape with contiguous strides; its storage grows (keeping its
// contents) when the new shape needs more elements than it holds.
func (t *Tensor) Resize(shape []int) {
	if sameShape(t.shape, shape) {
		return
	}
	n := CheckedNumel(shape, t.DType())
	if need := t.offset + n; n > 0 && need > t.st.n {
		st := NewStorage(t.DType(), need)
		castSlice(st, 0, t.st, 0, t.st.n)
		t.st = st
	}
	t.shape = append([]int{}, shape...)
	t.strides = ContiguousStrides(shape)
}
