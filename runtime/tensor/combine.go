package tensor

// Shaping and combining: meshgrid, cartesian_prod, tril/triu_indices,
// repeat_interleave, kron, block_diag, rot90, diag_embed, trace, diff,
// cross.

// Meshgrid is torch.meshgrid(*ts, indexing): views of the 0-d or 1-d
// tensors expanded to the grid of their sizes ("xy" swaps the first two
// grid dimensions).
func Meshgrid(ts []*Tensor, xy bool) []*Tensor {
	if len(ts) == 0 {
		raise(RuntimeError, errMeshgridEmpty)
	}
	for _, t := range ts[1:] {
		if t.DType() != ts[0].DType() {
			raise(RuntimeError, errMeshgridDType)
		}
	}
	in := append([]*Tensor{}, ts...)
	swap := xy && len(in) >= 2
	if swap {
		in[0], in[1] = in[1], in[0]
	}
	shape := make([]int, len(in))
	for i, t := range in {
		if t.Dim() > 1 {
			raise(RuntimeError, errMeshgridDims, t.Dim())
		}
		shape[i] = t.Numel()
	}
	out := make([]*Tensor, len(in))
	for i, t := range in {
		vs := make([]int, len(in))
		for j := range vs {
			vs[j] = 1
		}
		vs[i] = -1
		out[i] = t.View(vs).Expand(shape)
	}
	if swap {
		out[0], out[1] = out[1], out[0]
	}
	return out
}

// CartesianProd is torch.cartesian_prod: the rows of the Cartesian
// product of 1-d tensors (a single tensor is returned as it is).
func CartesianProd(ts []*Tensor) *Tensor {
	for _, t := range ts {
		if t.Dim() != 1 {
			raise(RuntimeError, errExpect1D, ShapeString(t.shape))
		}
	}
	if len(ts) == 1 {
		return ts[0]
	}
	grid := Meshgrid(ts, false)
	flat := make([]*Tensor, len(grid))
	for i, g := range grid {
		flat[i] = g.Reshape([]int{-1})
	}
	return Stack(flat, 1)
}

// TriIndices is torch.tril_indices (lower) or torch.triu_indices: the
// coordinates of the lower (upper) triangle of a row x col matrix, with
// the diagonal moved by offset, as a 2 x N tensor of dtype d.
func TriIndices(row, col, offset int, d DType, lower bool) *Tensor {
	name := "tril_indices"
	if !lower {
		name = "triu_indices"
	}
	if d != Int64 && d != Int32 {
		raise(RuntimeError, errNotImplementedDT, name, d.ScalarName())
	}
	if row < 0 {
		raise(RuntimeError, errTriRowNeg, row)
	}
	if col < 0 {
		raise(RuntimeError, errTriColNeg, col)
	}
	// count first, so that the memory check comes before the work
	count := 0
	for i := 0; i < row; i++ {
		if lower {
			count += min(max(i+offset+1, 0), col)
		} else {
			count += col - min(max(i+offset, 0), col)
		}
	}
	out := Empty([]int{2, count}, d)
	k := 0
	for i := 0; i < row && k < count; i++ {
		pollAt(i)
		lo, hi := 0, min(max(i+offset+1, 0), col)
		if !lower {
			lo, hi = min(max(i+offset, 0), col), col
		}
		for j := lo; j < hi; j++ {
			out.st.Set(k, IntS(int64(i)))
			out.st.Set(count+k, IntS(int64(j)))
			k++
		}
	}
	return out
}

// RepeatInterleave is torch.repeat_interleave(t, repeats, dim): each
// slice along dim (of t flattened when dim is nil) repeated repeats[i]
// times. repeats is a 0-d or 1-d integer tensor.
func RepeatInterleave(t *Tensor, repeats *Tensor, dim *int) *Tensor {
	in := t
	d := 0
	if dim == nil {
		in = t.Reshape([]int{-1})
	} else {
		if t.Dim() == 0 {
			raise(IndexError, errDimNoDims, *dim)
		}
		d = WrapDim(*dim, t.Dim())
	}
	n := in.shape[d]
	var reps []int64
	if repeats.Dim() == 0 || repeats.Numel() == 1 && repeats.Dim() == 1 && n != 1 {
		r := repeats.Item().Int()
		if repeats.DType().IsFloat() {
			raise(RuntimeError, errNotImplementedDT, "repeat_interleave_cpu", repeats.DType().ScalarName())
		}
		reps = make([]int64, n)
		for i := range reps {
			reps[i] = r
		}
	} else {
		if repeats.Dim() != 1 {
			raise(RuntimeError, errRepeatsDim)
		}
		if repeats.Numel() != n {
			raise(RuntimeError, errRepeatsSize)
		}
		reps = RepeatCounts(repeats)
	}
	return IndexSelect(in, d, RepeatIndex(reps))
}

// RepeatIndex is torch.repeat_interleave(repeats) for the counts reps:
// 0, 1, ... each repeated reps[i] times. The count of the result is
// summed as PyTorch sums it (in int64, wrapping) and the index made like
// torch.empty: a negative count or one past the memory cap fails with
// PyTorch's errors before anything is allocated, and the index is filled
// polling for Ctrl-C.
func RepeatIndex(reps []int64) *Tensor {
	total := int64(0)
	for _, r := range reps {
		if r < 0 {
			raise(RuntimeError, errRepeatsNeg)
		}
		total += r
	}
	if total < symIntMin {
		raise(RuntimeError, errSymIntRange, total)
	}
	index := Empty([]int{int(total)}, Int64)
	idx := Slice[int64](index.st)
	pos := 0
	for i, r := range reps {
		for k := int64(0); k < r; k++ {
			pollAt(pos)
			idx[pos] = int64(i)
			pos++
		}
	}
	return index
}

// RepeatCounts checks a repeats tensor (integer, 0-d or 1-d, no negative
// counts) and returns its counts; torch.repeat_interleave(repeats) is the
// indices 0, 1, ... each repeated that many times.
func RepeatCounts(repeats *Tensor) []int64 {
	if repeats.DType().IsFloat() || repeats.DType() == Bool {
		raise(RuntimeError, errNotImplementedDT, "repeat_interleave_cpu", repeats.DType().ScalarName())
	}
	if repeats.Dim() > 1 {
		raise(RuntimeError, errRepeatsDim)
	}
	reps := indexList(repeats.To(Int64))
	for _, r := range reps {
		if r < 0 {
			raise(RuntimeError, errRepeatsNeg)
		}
	}
	return reps
}

// Kron is torch.kron(a, b): the Kronecker product (each element of a
// times all of b), the shorter shape padded with leading ones.
func Kron(a, b *Tensor) *Tensor {
	nd := max(a.Dim(), b.Dim())
	pad := func(t *Tensor) []int {
		s := make([]int, nd)
		for i := range s {
			s[i] = 1
		}
		copy(s[nd-t.Dim():], t.shape)
		return s
	}
	as, bs := pad(a), pad(b)
	av := make([]int, 0, 2*nd)
	bv := make([]int, 0, 2*nd)
	res := make([]int, nd)
	for i := 0; i < nd; i++ {
		av = append(av, as[i], 1)
		bv = append(bv, 1, bs[i])
		res[i] = as[i] * bs[i]
	}
	p := Binary(OpMul, TensorOperand(a.Reshape(av)), TensorOperand(b.Reshape(bv)), Opts{})
	return p.Reshape(res)
}

// BlockDiag is torch.block_diag: the 0-d, 1-d and 2-d tensors (one row
// for 0-d and 1-d ones) on the diagonal of a matrix of zeros, in their
// promoted dtype.
func BlockDiag(ts []*Tensor) *Tensor {
	d := Bool
	rows, cols := 0, 0
	mats := make([]*Tensor, len(ts))
	for i, t := range ts {
		if t.Dim() > 2 {
			raise(RuntimeError, errBlockDiagDims, i, t.Dim())
		}
		if i == 0 {
			d = t.DType()
		} else {
			d = PromoteTypes(d, t.DType())
		}
		m := t
		switch t.Dim() {
		case 0:
			m = t.Reshape([]int{1, 1})
		case 1:
			m = t.Reshape([]int{1, t.shape[0]})
		}
		mats[i] = m
		rows += m.shape[0]
		cols += m.shape[1]
	}
	if len(ts) == 0 {
		return Empty([]int{1, 0}, Float32)
	}
	out := Empty([]int{rows, cols}, d)
	r, c := 0, 0
	for _, m := range mats {
		if m.Numel() > 0 {
			CopyInto(out.Narrow(0, r, m.shape[0]).Narrow(1, c, m.shape[1]), m)
		}
		r += m.shape[0]
		c += m.shape[1]
	}
	return out
}

// Rot90 is torch.rot90(t, k, dims): a copy rotated by k quarter turns
// from dims[0] towards dims[1] (odd turns are a transposed view of a
// flipped copy, as in PyTorch).
func Rot90(t *Tensor, k int, dims []int) *Tensor {
	if len(dims) != 2 {
		raise(RuntimeError, errRot90Dims, len(dims))
	}
	if t.Dim() < 2 {
		raise(RuntimeError, errRot90Total, t.Dim())
	}
	if dims[0] == dims[1] || abs(dims[0]-dims[1]) == t.Dim() {
		raise(RuntimeError, errRot90Same, dims[0], dims[1])
	}
	d0, d1 := WrapDim(dims[0], t.Dim()), WrapDim(dims[1], t.Dim())
	switch ((k % 4) + 4) % 4 {
	case 1:
		return Flip(t, []int{d1}).Transpose(d0, d1)
	case 2:
		return Flip(t, []int{d0, d1})
	case 3:
		return Flip(t, []int{d0}).Transpose(d0, d1)
	}
	return t.Clone()
}

// DiagEmbed is torch.diag_embed(t, offset, dim1, dim2): the last
// dimension of t laid on the diagonals (offset) of new dims dim1 and dim2.
func DiagEmbed(t *Tensor, offset, dim1, dim2 int) *Tensor {
	nd := t.Dim() + 1
	d1, d2 := WrapDim(dim1, nd), WrapDim(dim2, nd)
	if d1 == d2 {
		raise(RuntimeError, errDiagEmbedSame, d1, d2)
	}
	n := 0
	if t.Dim() > 0 {
		n = t.shape[t.Dim()-1]
	} else {
		n = 1
	}
	size := n + abs(offset)
	rest := []int{}
	if t.Dim() > 0 {
		rest = t.shape[:t.Dim()-1]
	}
	shape := make([]int, nd)
	k := 0
	for i := range shape {
		if i == d1 || i == d2 {
			shape[i] = size
		} else {
			shape[i] = rest[k]
			k++
		}
	}
	out := Empty(shape, t.DType())
	diag := out.Diagonal(offset, d1, d2)
	src := t
	if t.Dim() == 0 {
		src = t.Reshape([]int{1})
	}
	CopyInto(diag, src)
	return out
}

// Trace is torch.trace: the sum of a matrix's main diagonal, summed in
// order in double (int64 for integer types).
func Trace(t *Tensor) *Tensor {
	if t.Dim() != 2 {
		raise(RuntimeError, errTraceDims, t.Dim())
	}
	switch t.DType() {
	case Bool, Float16, BFloat16:
		raise(RuntimeError, errNotImplementedDT, "trace", t.DType().ScalarName())
	}
	n := min(t.shape[0], t.shape[1])
	step := t.strides[0] + t.strides[1]
	if t.DType().IsFloat() {
		var s float64
		for i := 0; i < n; i++ {
			s += t.st.Get(t.offset + i*step).F
		}
		return Scalar0(FloatS(s), t.DType())
	}
	var s int64
	for i := 0; i < n; i++ {
		s += t.st.Get(t.offset + i*step).I
	}
	return Scalar0(IntS(s), Int64)
}

// Diff is torch.diff(t, n, dim, prepend, append): the n-th forward
// difference along dim (logical xor for bool), after concatenating
// prepend and append.
func Diff(t *Tensor, n, dim int, prepend, app *Tensor) *Tensor {
	if t.Dim() == 0 {
		raise(RuntimeError, errDiffDims)
	}
	for _, p := range []*Tensor{prepend, app} {
		if p != nil && p.Dim() != t.Dim() {
			raise(RuntimeError, errDiffPrepend)
		}
	}
	d := WrapDim(dim, t.Dim())
	x := t
	if prepend != nil || app != nil {
		parts := []*Tensor{}
		if prepend != nil {
			parts = append(parts, prepend)
		}
		parts = append(parts, t)
		if app != nil {
			parts = append(parts, app)
		}
		x = Cat(parts, d)
	}
	if n <= 0 {
		return x
	}
	for i := 0; i < n; i++ {
		m := x.shape[d]
		if m == 0 {
			break
		}
		hi, lo := x.Narrow(d, 1, m-1), x.Narrow(d, 0, m-1)
		if x.DType() == Bool {
			x = Binary(OpLogicalXor, TensorOperand(hi), TensorOperand(lo), Opts{})
		} else {
			x = Binary(OpSub, TensorOperand(hi), TensorOperand(lo), Opts{})
		}
	}
	return x
}

// Cross is torch.cross / torch.linalg.cross(a, b, dim): the cross product
// of 3-vectors along dim (dim < 0 wraps; defaultDim picks the first
// dimension of size 3, as torch.cross without dim does).
func Cross(a, b *Tensor, dim int, defaultDim bool) *Tensor {
	if a.Dim() != b.Dim() {
		raise(RuntimeError, errCrossDims)
	}
	if a.DType() != b.DType() {
		raise(RuntimeError, errExpectedScalarType2, a.DType().ScalarName(), b.DType().ScalarName())
	}
	switch a.DType() {
	case Bool, Float16:
		raise(RuntimeError, errNotImplementedDT, "cross", a.DType().ScalarName())
	}
	if defaultDim {
		dim = -1
		found := false
		for i, s := range a.shape {
			if s == 3 {
				dim, found = i, true
				break
			}
		}
		if !found {
			raise(RuntimeError, errCrossNo3)
		}
	}
	d := WrapDim(dim, a.Dim())
	if a.shape[d] != 3 || b.shape[d] != 3 {
		raise(RuntimeError, errCrossLen, d, a.shape[d], b.shape[d])
	}
	comp := func(t *Tensor, i int) Operand { return TensorOperand(t.Narrow(d, i, 1)) }
	term := func(i, j int) *Tensor {
		return Binary(OpSub,
			TensorOperand(Binary(OpMul, comp(a, i), comp(b, j), Opts{})),
			TensorOperand(Binary(OpMul, comp(a, j), comp(b, i), Opts{})), Opts{})
	}
	return Cat([]*Tensor{term(1, 2), term(2, 0), term(0, 1)}, d)
}
