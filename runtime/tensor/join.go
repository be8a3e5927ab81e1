package tensor

// Joining tensors: cat, stack and the *stack helpers.

// catSkipped reports whether cat ignores t: 1-d tensors of size 0 are
// skipped, as the PyTorch of old allowed.
func catSkipped(t *Tensor) bool { return t.Dim() == 1 && t.shape[0] == 0 }

// Cat is torch.cat(ts, dim): the tensors joined along dim, in their
// promoted dtype. Every tensor must have the shape of the first (not
// skipped) one except along dim.
func Cat(ts []*Tensor, dim int) *Tensor {
	for i, t := range ts {
		if t.Dim() == 0 {
			raise(RuntimeError, errCatZeroDim, i)
		}
	}
	valid := -1
	for i, t := range ts {
		if !catSkipped(t) {
			valid = i
			break
		}
	}
	if valid >= 0 {
		dim = WrapDim(dim, ts[valid].Dim())
	}
	if len(ts) == 0 {
		raise(RuntimeError, errCatEmpty)
	}
	dt := ts[0].DType()
	for _, t := range ts[1:] {
		dt = PromoteTypes(dt, t.DType())
	}
	if valid < 0 {
		return Empty([]int{0}, dt)
	}
	ref := ts[valid]
	size := 0
	for i, t := range ts {
		if catSkipped(t) {
			continue
		}
		if t.Dim() != ref.Dim() {
			raise(RuntimeError, errCatDims, ref.Dim(), t.Dim())
		}
		for d := range ref.shape {
			if d != dim && ref.shape[d] != t.shape[d] {
				raise(RuntimeError, errCatSizes, dim, ref.shape[d], t.shape[d], i)
			}
		}
		size += t.shape[dim]
	}
	shape := append([]int{}, ref.shape...)
	shape[dim] = size
	out := EmptyUninit(shape, dt) // the copies below cover it
	for _, t := range ts {
		if !t.device.IsCPU() {
			out.device = t.device // the joined tensors' device (eval checks they share it)
			break
		}
	}
	at := 0
	for _, t := range ts {
		if catSkipped(t) {
			continue
		}
		n := t.shape[dim]
		if n == 0 {
			continue
		}
		dst := out.view(out.offset+at*out.strides[dim], append([]int{}, t.shape...), out.strides)
		CopyInto(dst, t)
		at += n
	}
	return out
}

// Stack is torch.stack(ts, dim): equal-sized tensors joined along a new
// dimension dim.
func Stack(ts []*Tensor, dim int) *Tensor {
	if len(ts) == 0 {
		raise(RuntimeError, errStackEmpty)
	}
	d := WrapDim(dim, ts[0].Dim()+1)
	for i, t := range ts[1:] {
		if !sameShape(t.shape, ts[0].shape) {
			raise(RuntimeError, errStackSizes, ShapeString(ts[0].shape), ShapeString(t.shape), i+1)
		}
	}
	us := make([]*Tensor, len(ts))
	for i, t := range ts {
		us[i] = t.Unsqueeze(d)
	}
	return Cat(us, d)
}

// atLeast views t with leading (or, for 1-d tensors going 3-d, surrounding)
// size-1 dimensions as torch.atleast_{1,2,3}d do.
func atLeast(t *Tensor, n int) *Tensor {
	switch {
	case t.Dim() >= n:
		return t
	case n == 1:
		return t.view(t.offset, []int{1}, []int{1})
	case n == 2:
		if t.Dim() == 0 {
			return t.view(t.offset, []int{1, 1}, []int{1, 1})
		}
		return t.Unsqueeze(0)
	}
	switch t.Dim() {
	case 0:
		return t.view(t.offset, []int{1, 1, 1}, []int{1, 1, 1})
	case 1:
		return t.Unsqueeze(0).Unsqueeze(2)
	}
	return t.Unsqueeze(2)
}

// Hstack is torch.hstack: cat along dim 1 (dim 0 for 1-d tensors) after
// atleast_1d.
func Hstack(ts []*Tensor) *Tensor {
	if len(ts) == 0 {
		raise(RuntimeError, errStackLikeEmpty, "hstack")
	}
	us := mapTensors(ts, func(t *Tensor) *Tensor { return atLeast(t, 1) })
	if us[0].Dim() == 1 {
		return Cat(us, 0)
	}
	return Cat(us, 1)
}

// Vstack is torch.vstack (row_stack): cat along dim 0 after atleast_2d.
func Vstack(ts []*Tensor) *Tensor {
	if len(ts) == 0 {
		raise(RuntimeError, errStackLikeEmpty, "vstack")
	}
	return Cat(mapTensors(ts, func(t *Tensor) *Tensor { return atLeast(t, 2) }), 0)
}

// Dstack is torch.dstack: cat along dim 2 after atleast_3d.
func Dstack(ts []*Tensor) *Tensor {
	if len(ts) == 0 {
		raise(RuntimeError, errStackLikeEmpty, "dstack")
	}
	return Cat(mapTensors(ts, func(t *Tensor) *Tensor { return atLeast(t, 3) }), 2)
}

// ColumnStack is torch.column_stack: 0-d and 1-d tensors become columns,
// then hstack.
func ColumnStack(ts []*Tensor) *Tensor {
	if len(ts) == 0 {
		raise(RuntimeError, errStackLikeEmpty, "column_stack")
	}
	return Hstack(mapTensors(ts, func(t *Tensor) *Tensor {
		if t.Dim() <= 1 {
			n := t.Numel()
			st := 1
			if t.Dim() == 1 {
				st = t.strides[0]
			}
			return t.view(t.offset, []int{n, 1}, []int{st, 1})
		}
		return t
	}))
}

func mapTensors(ts []*Tensor, f func(*Tensor) *Tensor) []*Tensor {
	out := make([]*Tensor, len(ts))
	for i, t := range ts {
		out[i] = f(t)
	}
	return out
}
