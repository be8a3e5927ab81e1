package tensor

// NonzeroColumns is torch.where(condition) (nonzero_numpy): one int64
// tensor per dimension (one for a 0-d tensor) holding the coordinates of
// the non-zero elements of t in row-major order. As in PyTorch, the
// columns are contiguous views of one (n, ndim) result laid out column by
// column: column j starts at storage offset j*n.
//
// Two passes over t (count, then fill), polling for interrupts; the result
// is checked against the memory cap before it is made.
func (t *Tensor) NonzeroColumns() []*Tensor {
	nd := max(t.Dim(), 1)
	count := 0
	t.ForEach(func(off int) {
		if t.st.Get(off).Bool() {
			count++
		}
	})
	out := NewStorage(Int64, count*nd)
	data := Slice[int64](out)
	shape := t.shape
	pos := make([]int, len(shape))
	k := 0
	t.ForEach(func(off int) {
		if t.st.Get(off).Bool() {
			for d, p := range pos {
				data[d*count+k] = int64(p)
			}
			if len(pos) == 0 {
				data[k] = 0
			}
			k++
		}
		for d := len(pos) - 1; d >= 0; d-- {
			pos[d]++
			if pos[d] < shape[d] {
				break
			}
			pos[d] = 0
		}
	})
	cols := make([]*Tensor, nd)
	for j := range cols {
		cols[j] = FromStorage(out, j*count, []int{count}, []int{1})
	}
	return cols
}
