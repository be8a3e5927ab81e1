package tensor

// SetGeometry makes t view its storage with other sizes, strides and
// offset: the in-place view operations (t_, unsqueeze_, ...) give t the
// geometry of the view they compute. The geometry must lie within the
// storage (it comes from a view of t).
func (t *Tensor) SetGeometry(shape, strides []int, offset int) {
	checkViewNumel(shape)
	t.shape = append([]int{}, shape...)
	t.strides = append([]int{}, strides...)
	t.offset = offset
}

// SetData makes t view what src views (storage, offset, sizes, strides):
// Python's `t.data = src`.
func (t *Tensor) SetData(src *Tensor) {
	t.st = src.st
	t.SetGeometry(src.shape, src.strides, src.offset)
	t.device = src.device
}
