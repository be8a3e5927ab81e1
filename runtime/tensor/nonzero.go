package tensor

// NonzeroColumns is torch.where(condition) (nonzero_numpy): one int64
// tensor per dimension (one for a 0-d tensor) holding the coordinates of
// the non-zero elements of t in row-major order. As in PyTorch, the
// columns are contiguous views of one (n, ndim) result laid out column by
// column: column j starts at storage offset j*n.
//
// Two passes over a contiguous copy of t (count, then fill), polling for
// interrupts; the result is checked against the memory cap before it is
// made.
func (t *Tensor) NonzeroColumns() []*Tensor {
	c := t.Contiguous()
	n := c.Numel()
	var set []int // positions (in row-major order) of the non-zero elements
	switch d := c.st.host().(type) {
	case []bool:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []uint8:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []int8:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []int16:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []int32:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []int64:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []Half:
		set = nonzeroPositions16(d[c.offset : c.offset+n])
	case []BF16:
		set = nonzeroPositions16(d[c.offset : c.offset+n])
	case []float32:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	case []float64:
		set = nonzeroPositions(d[c.offset : c.offset+n])
	}
	nd := max(t.Dim(), 1)
	count := len(set)
	out := NewStorage(Int64, count*nd)
	data := Slice[int64](out)
	if t.Dim() > 0 {
		for k, p := range set {
			pollAt(k)
			for d := t.Dim() - 1; d >= 0; d-- {
				data[d*count+k] = int64(p % t.shape[d])
				p /= t.shape[d]
			}
		}
	}
	cols := make([]*Tensor, nd)
	for j := range cols {
		cols[j] = FromStorage(out, j*count, []int{count}, []int{1})
	}
	return cols
}

// nonzeroPositions returns the indices i where s[i] != 0 (NaN included,
// -0.0 not), after counting them (and checking the memory for them) first.
func nonzeroPositions[T bool | Num](s []T) []int {
	var zero T
	count := 0
	for i, v := range s {
		pollAt(i)
		if v != zero {
			count++
		}
	}
	CheckAllocBytes(int64(count) * 8)
	out := make([]int, 0, count)
	for i, v := range s {
		pollAt(i)
		if v != zero {
			out = append(out, i)
		}
	}
	return out
}

// nonzeroPositions16 is nonzeroPositions for Half and BFloat16 (both
// zeros have every bit but the sign clear).
func nonzeroPositions16[T Half | BF16](s []T) []int {
	count := 0
	for i, v := range s {
		pollAt(i)
		if v&0x7fff != 0 {
			count++
		}
	}
	CheckAllocBytes(int64(count) * 8)
	out := make([]int, 0, count)
	for i, v := range s {
		pollAt(i)
		if v&0x7fff != 0 {
			out = append(out, i)
		}
	}
	return out
}
