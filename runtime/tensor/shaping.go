package tensor

// Copies that rearrange a tensor: repeat, tile, flip, roll, tril, triu.

// Repeat is t.repeat(reps): t tiled reps[i] times along dimension i; t is
// first viewed with leading size-1 dimensions up to len(reps).
func Repeat(t *Tensor, reps []int) *Tensor {
	if len(reps) < t.Dim() {
		raise(RuntimeError, errRepeatDims)
	}
	lead := len(reps) - t.Dim()
	in := make([]int, len(reps))
	inStrides := make([]int, len(reps))
	shape := make([]int, len(reps))
	for i := range reps {
		in[i], inStrides[i] = 1, 0
		if i >= lead {
			in[i], inStrides[i] = t.shape[i-lead], t.strides[i-lead]
		}
		shape[i] = in[i] * reps[i]
	}
	out := Empty(shape, t.DType())
	out.device = t.device
	if out.Numel() == 0 {
		return out
	}
	// View out as [r0, s0, r1, s1, ...] and copy t expanded over the r's.
	var vshape, ostr, istr []int
	for i := range reps {
		vshape = append(vshape, reps[i], in[i])
		ostr = append(ostr, in[i]*out.strides[i], out.strides[i])
		istr = append(istr, 0, inStrides[i])
	}
	copySame(out.view(0, vshape, ostr), t.view(t.offset, vshape, istr))
	return out
}

// Tile is t.tile(reps): Repeat with reps padded with leading 1s to t's
// rank.
func Tile(t *Tensor, reps []int) *Tensor {
	if len(reps) < t.Dim() {
		pad := make([]int, t.Dim()-len(reps), t.Dim())
		for i := range pad {
			pad[i] = 1
		}
		reps = append(pad, reps...)
	}
	return Repeat(t, reps)
}

// Flip is t.flip(dims): a copy with the order of elements reversed along
// each of dims.
func Flip(t *Tensor, dims []int) *Tensor {
	mask := make([]bool, t.Dim())
	for _, d := range dims {
		w := WrapDim(d, t.Dim())
		if t.Dim() > 0 && mask[w] {
			raise(RuntimeError, errDimRepeated, w)
		}
		if t.Dim() > 0 {
			mask[w] = true
		}
	}
	off := t.offset
	strides := append([]int{}, t.strides...)
	for i, m := range mask {
		if m && t.shape[i] > 0 {
			off += (t.shape[i] - 1) * strides[i]
			strides[i] = -strides[i]
		}
	}
	return t.view(off, append([]int{}, t.shape...), strides).ContiguousClone()
}

// Fliplr is t.fliplr(): flip along dim 1.
func Fliplr(t *Tensor) *Tensor {
	if t.Dim() < 2 {
		raise(RuntimeError, errFlipDims, 2)
	}
	return Flip(t, []int{1})
}

// Flipud is t.flipud(): flip along dim 0.
func Flipud(t *Tensor) *Tensor {
	if t.Dim() < 1 {
		raise(RuntimeError, errFlipDims, 1)
	}
	return Flip(t, []int{0})
}

// Roll is t.roll(shifts, dims): elements shifted circularly by shifts[i]
// along dims[i]; with no dims, over the flattened tensor.
func Roll(t *Tensor, shifts, dims []int) *Tensor {
	if len(dims) != 1 || len(shifts) != 1 {
		if len(shifts) == 0 {
			raise(RuntimeError, errRollShifts)
		}
		if len(dims) == 0 && len(shifts) == 1 {
			flat := t.Contiguous()
			r := Roll(flat.view(flat.offset, []int{t.Numel()}, []int{1}), shifts, []int{0})
			return r.view(r.offset, append([]int{}, t.shape...), ContiguousStrides(t.shape))
		}
		if len(shifts) != len(dims) {
			raise(RuntimeError, errRollAlign, len(shifts), len(dims))
		}
		r := Roll(t, shifts[:1], dims[:1])
		return Roll(r, shifts[1:], dims[1:])
	}
	if t.Numel() == 0 {
		return t.ContiguousClone()
	}
	d := dims[0]
	size := t.Size(d)
	d = WrapDim(d, t.Dim())
	start := (size - shifts[0]) % size
	if start < 0 {
		start += size
	}
	out := Empty(t.shape, t.DType())
	out.device = t.device
	// out[:size-start] = t[start:], out[size-start:] = t[:start]
	head := append([]int{}, t.shape...)
	head[d] = size - start
	copySame(out.view(0, head, out.strides), t.view(t.offset+start*t.strides[d], head, t.strides))
	if start > 0 {
		tail := append([]int{}, t.shape...)
		tail[d] = start
		copySame(out.view((size-start)*out.strides[d], tail, out.strides), t.view(t.offset, tail, t.strides))
	}
	return out
}

// Tril is t.tril(k): a copy with the elements above the k-th diagonal of
// the last two dimensions zeroed.
func Tril(t *Tensor, k int) *Tensor { return triangle(t, k, true) }

// Triu is t.triu(k): the elements below the k-th diagonal zeroed.
func Triu(t *Tensor, k int) *Tensor { return triangle(t, k, false) }

func triangle(t *Tensor, k int, lower bool) *Tensor {
	if t.Dim() == 0 {
		raise(IndexError, errDimNoDims, -2)
	}
	out := t.ContiguousClone()
	if out.Numel() == 0 {
		return out // even a 1-d one
	}
	t.Size(-2) // PyTorch's error for 1-d tensors
	nd := t.Dim()
	rows, cols := t.shape[nd-2], t.shape[nd-1]
	if out.Numel() == 0 {
		return out
	}
	mats := out.Numel() / (rows * cols)
	for m := 0; m < mats; m++ {
		base := m * rows * cols
		for i := 0; i < rows; i++ {
			CheckInterrupt()
			// Row i keeps j-i <= k (tril) or j-i >= k (triu).
			lo, hi := max(i+k+1, 0), cols
			if !lower {
				lo, hi = 0, min(i+k, cols)
			}
			if lo < hi {
				out.st.clearRange(base+i*cols+lo, base+i*cols+hi)
			}
		}
	}
	return out
}
