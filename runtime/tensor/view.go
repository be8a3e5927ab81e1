package tensor

import (
	"math"
	"math/bits"
)

// View operations: every function here returns a tensor sharing t's
// storage (writes through one are seen through the other), with the
// geometry ATen computes for the same operation.

// without returns s without the dimensions listed in drop (ascending).
func without(s []int, drop ...int) []int {
	out := make([]int, 0, len(s))
next:
	for i, v := range s {
		for _, d := range drop {
			if i == d {
				continue next
			}
		}
		out = append(out, v)
	}
	return out
}

// Detach is t.detach(): a new tensor object over the same view.
func (t *Tensor) Detach() *Tensor { return t.Alias() }

// Transpose is t.transpose(d0, d1): dimensions d0 and d1 swapped.
func (t *Tensor) Transpose(d0, d1 int) *Tensor {
	nd := t.Dim()
	d0 = WrapDim(d0, nd)
	d1 = WrapDim(d1, nd)
	u := t.Alias()
	if d0 == d1 {
		return u
	}
	u.shape[d0], u.shape[d1] = u.shape[d1], u.shape[d0]
	u.strides[d0], u.strides[d1] = u.strides[d1], u.strides[d0]
	return u
}

// T is t.t(): the transpose of a tensor of at most 2 dimensions.
func (t *Tensor) T() *Tensor {
	if t.Dim() > 2 {
		raise(RuntimeError, errTDims, t.Dim())
	}
	return t.Transpose(0, max(t.Dim()-1, 0))
}

// NumpyT is the property t.T: the dimensions reversed. PyTorch warns
// (once) when t is neither 0-d nor 2-d; the caller decides about that.
func (t *Tensor) NumpyT() *Tensor {
	n := t.Dim()
	dims := make([]int, n)
	for i := range dims {
		dims[i] = n - 1 - i
	}
	return t.Permute(dims)
}

// MatrixT is t.mT: the last two dimensions swapped. A 0-d tensor is
// returned as it is (PyTorch returns the same object).
func (t *Tensor) MatrixT(name string) *Tensor {
	switch t.Dim() {
	case 0:
		return t
	case 1:
		raise(RuntimeError, errMatrixT, name, t.Dim())
	}
	return t.Transpose(-2, -1)
}

// MatrixH is t.H for real tensors: the transpose of a 2-d tensor; a 0-d
// tensor is returned as it is.
func (t *Tensor) MatrixH() *Tensor {
	switch t.Dim() {
	case 0:
		return t
	case 2:
		return t.Transpose(0, 1)
	}
	tail := ""
	if t.Dim() > 2 {
		tail = errMatrixHTail
	}
	raise(RuntimeError, errMatrixH, t.Dim(), tail)
	return nil
}

// Permute is t.permute(dims).
func (t *Tensor) Permute(dims []int) *Tensor {
	nd := t.Dim()
	if len(dims) != nd {
		raise(RuntimeError, errPermuteLen, nd, len(dims))
	}
	seen := make([]bool, nd)
	shape := make([]int, nd)
	strides := make([]int, nd)
	for i, d := range dims {
		w := WrapDim(d, nd)
		if seen[w] {
			raise(RuntimeError, errPermuteDup)
		}
		seen[w] = true
		shape[i] = t.shape[w]
		strides[i] = t.strides[w]
	}
	return t.view(t.offset, shape, strides)
}

// Movedim is t.movedim(src, dst): the dimensions src moved to positions
// dst, the others keeping their relative order.
func (t *Tensor) Movedim(src, dst []int) *Tensor {
	if len(src) != len(dst) {
		raise(RuntimeError, errMovedimLen, ShapeString(src), ShapeString(dst))
	}
	nd := t.Dim()
	ns := make([]int, len(src))
	ndst := make([]int, len(dst))
	for i, d := range src {
		ns[i] = WrapDim(d, nd)
	}
	for i, d := range dst {
		ndst[i] = WrapDim(d, nd)
	}
	if hasDuplicate(ns) {
		raise(RuntimeError, errMovedimRepeat, "source", ShapeString(src))
	}
	if hasDuplicate(ndst) {
		raise(RuntimeError, errMovedimRepeat, "destination", ShapeString(dst))
	}
	if nd == 0 {
		return t.Alias()
	}
	order := make([]int, nd)
	srcLeft := make([]int, nd)
	dstLeft := make([]int, nd)
	for i := range order {
		order[i], srcLeft[i], dstLeft[i] = -1, i, i
	}
	for i := range ns {
		order[ndst[i]] = ns[i]
		srcLeft[ns[i]] = -1
		dstLeft[ndst[i]] = -1
	}
	rs, rd := dropNeg(srcLeft), dropNeg(dstLeft)
	for i := range rs {
		order[rd[i]] = rs[i]
	}
	return t.Permute(order)
}

func hasDuplicate(v []int) bool {
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if v[i] == v[j] {
				return true
			}
		}
	}
	return false
}

func dropNeg(v []int) []int {
	out := v[:0:0]
	for _, x := range v {
		if x >= 0 {
			out = append(out, x)
		}
	}
	return out
}

// Unsqueeze is t.unsqueeze(dim): a size-1 dimension inserted at dim.
func (t *Tensor) Unsqueeze(dim int) *Tensor {
	nd := t.Dim()
	d := WrapDim(dim, nd+1)
	st := 1
	if d < nd {
		st = t.shape[d] * t.strides[d]
	}
	shape := append(append(append([]int{}, t.shape[:d]...), 1), t.shape[d:]...)
	strides := append(append(append([]int{}, t.strides[:d]...), st), t.strides[d:]...)
	return t.view(t.offset, shape, strides)
}

// Squeeze is t.squeeze(): every size-1 dimension removed.
func (t *Tensor) Squeeze() *Tensor {
	var shape, strides []int
	for i, s := range t.shape {
		if s != 1 {
			shape = append(shape, s)
			strides = append(strides, t.strides[i])
		}
	}
	return t.view(t.offset, append([]int{}, shape...), append([]int{}, strides...))
}

// SqueezeDim is t.squeeze(dim): dimension dim removed if its size is 1.
func (t *Tensor) SqueezeDim(dim int) *Tensor {
	nd := t.Dim()
	d := WrapDim(dim, nd)
	if nd == 0 || t.shape[d] != 1 {
		return t.Alias()
	}
	return t.view(t.offset, without(t.shape, d), without(t.strides, d))
}

// SliceDim is at::slice(t, dim, start, end, step): start and end are
// Python-style (negative counts from the end) and clamped to the size;
// step must be positive.
func (t *Tensor) SliceDim(dim, start, end, step int) *Tensor {
	if t.Dim() == 0 {
		raise(IndexError, errSlice0d)
	}
	d := WrapDim(dim, t.Dim())
	if step <= 0 {
		raise(ValueError, errSliceStep)
	}
	size := t.shape[d]
	if start < 0 {
		start += size
	}
	if end < 0 {
		end += size
	}
	start = min(max(start, 0), size)
	end = min(max(end, start), size)
	n := 0
	if end > start {
		n = (end - start + step - 1) / step
	}
	u := t.Alias()
	u.offset = t.offset + start*t.strides[d]
	u.shape[d] = n
	u.strides[d] = t.strides[d] * step
	if u.strides[d] < 0 {
		// the product overflowed; PyTorch's as_strided then refuses it
		raise(RuntimeError, errAsStridedNeg, ShapeString(u.strides))
	}
	if n < 0 {
		// end-start+step-1 overflowed (a step near 2**63), in PyTorch's
		// int64 arithmetic too; its storage size check then refuses the
		// negative size.
		raise(RuntimeError, errStorageOverflow, ShapeString(u.shape), ShapeString(u.strides))
	}
	return u
}

// Narrow is t.narrow(dim, start, length).
func (t *Tensor) Narrow(dim, start, length int) *Tensor {
	if t.Dim() == 0 {
		raise(RuntimeError, errNarrow0d)
	}
	size := t.Size(dim)
	if start != size {
		start = WrapDim(start, size)
	}
	if length < 0 || start > size-length {
		raise(RuntimeError, errNarrowRange, start, length, size)
	}
	return t.SliceDim(dim, start, start+length, 1)
}

// Unbind is t.unbind(dim): the slices of t along dim.
func (t *Tensor) Unbind(dim int) []*Tensor {
	if t.Dim() == 0 {
		raise(IndexError, errDimNoDims, dim)
	}
	d := WrapDim(dim, t.Dim())
	checkViews(t, t.shape[d])
	out := make([]*Tensor, t.shape[d])
	for i := range out {
		pollAt(i)
		out[i] = t.Select(d, i)
	}
	return out
}

// checkViews raises MemoryError when n views of t (and the tuple holding
// them) do not fit in memory: t.unbind(), t.split(1) and t.chunk(n) make
// one view per piece, however small t's storage is.
func checkViews(t *Tensor, n int) {
	per := int64(256 + 16*t.Dim())
	if int64(n) > math.MaxInt64/per {
		panic(&Error{Kind: MemoryError})
	}
	CheckMemory(int64(n) * per)
}

// Split is t.split(size, dim): pieces of size elements along dim (the
// last may be smaller).
func (t *Tensor) Split(size, dim int) []*Tensor {
	if t.Dim() == 0 {
		raise(RuntimeError, errSplit0d)
	}
	if size < 0 {
		raise(RuntimeError, errSplitNegative, size)
	}
	dimSize := t.Size(dim)
	if size == 0 && dimSize != 0 {
		raise(RuntimeError, errSplitZero, dimSize)
	}
	n := 1
	if size != 0 {
		n = max((dimSize+size-1)/size, 1)
	}
	last := size - (size*n - dimSize)
	checkViews(t, n)
	out := make([]*Tensor, n)
	for i := range out {
		pollAt(i)
		l := size
		if i == n-1 {
			l = last
		}
		out[i] = t.Narrow(dim, i*size, l)
	}
	return out
}

// SplitWithSizes is t.split(sizes, dim) for a list of sizes.
func (t *Tensor) SplitWithSizes(sizes []int, dim int) []*Tensor {
	if t.Dim() == 0 {
		raise(RuntimeError, errSplit0d)
	}
	dimSize := t.Size(dim)
	total := 0
	for _, l := range sizes {
		if l < 0 {
			raise(RuntimeError, errSplitSizesNeg, ShapeString(sizes))
		}
		total += l
	}
	if total != dimSize {
		raise(RuntimeError, errSplitSizesSum, dimSize, dim, ShapeString(sizes))
	}
	checkViews(t, len(sizes))
	out := make([]*Tensor, len(sizes))
	start := 0
	for i, l := range sizes {
		pollAt(i)
		out[i] = t.Narrow(dim, start, l)
		start += l
	}
	return out
}

// Chunk is t.chunk(chunks, dim).
func (t *Tensor) Chunk(chunks, dim int) []*Tensor {
	if t.Dim() == 0 {
		raise(RuntimeError, errChunk0d)
	}
	if chunks <= 0 {
		raise(RuntimeError, errChunkCount, chunks)
	}
	dimSize := t.Size(dim)
	size := (dimSize + chunks - 1) / chunks
	if size == 0 && dimSize == 0 {
		checkViews(t, chunks)
		sizes := make([]int, chunks)
		return t.SplitWithSizes(sizes, dim)
	}
	return t.Split(size, dim)
}

// Diagonal is t.diagonal(offset, dim1, dim2): the diagonal of the (dim1,
// dim2) planes, as a new last dimension.
func (t *Tensor) Diagonal(offset, dim1, dim2 int) *Tensor {
	nd := t.Dim()
	d1 := WrapDim(dim1, nd)
	d2 := WrapDim(dim2, nd)
	if d1 == d2 {
		raise(RuntimeError, errDiagSame, dim1, dim2)
	}
	var n int
	if offset >= 0 {
		n = max(min(t.shape[d1], t.shape[d2]-offset), 0)
	} else {
		n = max(min(t.shape[d1]+offset, t.shape[d2]), 0)
	}
	off := t.offset
	switch {
	case n == 0:
	case offset >= 0:
		off += offset * t.strides[d2]
	default:
		off -= offset * t.strides[d1]
	}
	lo, hi := min(d1, d2), max(d1, d2)
	shape := append(without(t.shape, lo, hi), n)
	strides := append(without(t.strides, lo, hi), t.strides[d1]+t.strides[d2])
	return t.view(off, shape, strides)
}

// AsStrided is t.as_strided(size, stride, offset): any geometry over t's
// storage that stays inside it. Pass KeepOffset to keep t's own offset.
func (t *Tensor) AsStrided(size, stride []int, offset int) *Tensor {
	return asStrided(t, size, stride, offset)
}

// KeepOffset passed as AsStrided's offset keeps t's storage offset.
const KeepOffset = -1 << 62

func asStrided(t *Tensor, size, stride []int, offset int) *Tensor {
	if offset == KeepOffset {
		offset = t.offset
	}
	if len(size) != len(stride) {
		raise(RuntimeError, errAsStridedLen)
	}
	for _, s := range stride {
		if s < 0 {
			raise(RuntimeError, errAsStridedNeg, ShapeString(stride))
		}
	}
	need := storageBytes(size, stride, t.DType().ItemSize())
	if need != 0 {
		have := t.st.Len() * t.DType().ItemSize()
		total := need
		if offset > 0 {
			// PyTorch's int64 sum wraps here and reads outside the
			// storage; the overflow is an error.
			hi, lo := bits.Mul64(uint64(offset), uint64(t.DType().ItemSize()))
			sum, carry := bits.Add64(lo, uint64(need), 0)
			if hi != 0 || carry != 0 || sum > math.MaxInt64 {
				raise(RuntimeError, errStorageOffsetOverflow, ShapeString(size), ShapeString(stride), offset)
			}
			total = int(sum)
		}
		if total > have {
			raise(RuntimeError, errAsStridedBounds, ShapeString(size), ShapeString(stride), offset, t.DType().ItemSize(), total, have)
		}
	}
	if offset < 0 {
		raise(RuntimeError, errAsStridedOffset, offset)
	}
	return t.view(offset, append([]int{}, size...), append([]int{}, stride...))
}

// storageBytes is at::detail::computeStorageNbytes: the bytes a layout
// needs from its offset (0 when it has no elements), raising on overflow
// (negative sizes included).
func storageBytes(size, stride []int, itemSize int) int {
	n := uint64(1)
	overflow := false
	for i, s := range size {
		if s == 0 {
			return 0
		}
		if s < 0 {
			overflow = true
			continue
		}
		hi, lo := bits.Mul64(uint64(stride[i]), uint64(s-1))
		sum, carry := bits.Add64(n, lo, 0)
		if hi != 0 || carry != 0 || sum > 1<<62 {
			overflow = true
		}
		n = sum
	}
	hi, lo := bits.Mul64(n, uint64(itemSize))
	if hi != 0 || lo > 1<<62 {
		overflow = true
	}
	if overflow {
		raise(RuntimeError, errStorageOverflow, ShapeString(size), ShapeString(stride))
	}
	return int(lo)
}

// Unfold is t.unfold(dim, size, step): windows of size elements every step
// elements along dim, as a new last dimension.
func (t *Tensor) Unfold(dim, size, step int) *Tensor {
	nd := t.Dim()
	d := WrapDim(dim, nd)
	maxSize := 1
	if nd > 0 {
		maxSize = t.shape[d]
	}
	if size > maxSize {
		raise(RuntimeError, errUnfoldSize, d, maxSize, size)
	}
	if step <= 0 {
		raise(RuntimeError, errUnfoldStep, step)
	}
	shape := make([]int, nd+1)
	strides := make([]int, nd+1)
	shape[nd] = size
	strides[nd] = 1
	if nd > 0 {
		strides[nd] = t.strides[d]
	}
	for i := 0; i < nd; i++ {
		if i == d {
			shape[i] = (t.shape[i]-size)/step + 1
			strides[i] = step * t.strides[i]
		} else {
			shape[i] = t.shape[i]
			strides[i] = t.strides[i]
		}
	}
	return asStrided(t, shape, strides, KeepOffset)
}
