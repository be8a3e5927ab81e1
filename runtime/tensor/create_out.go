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
		t.growStorage(need)
	}
	t.shape = append([]int{}, shape...)
	t.strides = ContiguousStrides(shape)
}

// growStorage makes t's storage hold n elements, keeping its contents. As
// PyTorch's resize_ reallocates the StorageImpl that every view shares,
// the storage grows in place: the other views of it see the new memory.
// (A storage read as another dtype, view(dtype), gets a new one.)
func (t *Tensor) growStorage(n int) {
	st := NewStorage(t.DType(), n)
	castSlice(st, 0, t.st, 0, t.st.n)
	if t.st.root != nil {
		t.st = st
		return
	}
	t.st.host() // the host copy is current
	t.st.data, t.st.n = st.data, st.n
	t.st.dev, t.st.devCurrent, t.st.hostStale = nil, false, false
}
