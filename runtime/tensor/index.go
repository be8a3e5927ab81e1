package tensor

import (
	"github.com/tensh/tensh/runtime/broadcast"
)

// Indexing: t[idx] and t[idx] = v, as torch/csrc/autograd/python_variable_indexing.cpp
// and ATen's TensorIndexing.h / TensorAdvancedIndexing.cpp do them.
//
// Basic indices (ints, slices, None, ...) are applied left to right as
// views (applySlicing); the tensor indices met on the way are recorded at
// the dimension they index, and then applied by advanced indexing, which
// copies (index) or writes through (index_put_).

// IndexKind is the kind of one index item.
type IndexKind uint8

const (
	IndexInt      IndexKind = iota // x[3]
	IndexSlice                     // x[1:5:2]; Start/Stop/Step as Python's PySlice_Unpack gives them
	IndexNone                      // x[None]
	IndexEllipsis                  // x[...]
	IndexBool                      // x[True]
	IndexTensor                    // x[t], x[[0, 2]] (Python sequences arrive converted)
	IndexDeferred                  // an item whose conversion failed; Err is raised when it is reached
)

// IndexItem is one element of an index tuple.
type IndexItem struct {
	Kind              IndexKind
	Int               int
	Start, Stop, Step int
	Bool              bool
	Tensor            *Tensor
	// FromSeq marks a tensor converted from a Python sequence: PyTorch
	// counts it as one indexed dimension whatever its dtype and rank.
	FromSeq bool
	// Err is the panic value of an IndexDeferred item.
	Err any
}

// SliceUnbounded is the value PySlice_Unpack gives an omitted stop (and
// the clamp of huge bounds).
const SliceUnbounded = 1<<63 - 1

// GetItem is t[items]. tuple tells whether Python's index was a tuple (or
// a sequence treated as one): a single int, slice, None, ... or bool that
// was not in a tuple takes PyTorch's fast paths, whose errors differ. warn
// receives the UserWarnings PyTorch would print (may be nil).
func (t *Tensor) GetItem(items []IndexItem, tuple bool, warn func(string)) *Tensor {
	if !tuple && len(items) == 1 {
		it := items[0]
		switch it.Kind {
		case IndexNone:
			return t.Unsqueeze(0)
		case IndexEllipsis:
			return t.Alias()
		case IndexInt:
			return applySelect(t, 0, it.Int, 0)
		case IndexSlice:
			return applySlice(t, 0, it.Start, it.Stop, it.Step, true)
		case IndexBool:
			u := t.Unsqueeze(0)
			return u.Index([]*Tensor{boolIndexTensor(it.Bool)}, warn)
		}
	}
	sliced, idx := applySlicing(t, items)
	if len(idx) == 0 {
		if sliced == t {
			return t.Alias()
		}
		return sliced
	}
	return sliced.Index(idx, warn)
}

// SetItem is t[items] = value. value is already a tensor (Python scalars
// are converted to 0-d tensors of t's dtype by the caller, with
// CheckScalar); it is broadcast to the indexed shape.
func (t *Tensor) SetItem(items []IndexItem, tuple bool, value *Tensor, warn func(string)) {
	if !tuple && len(items) == 1 {
		it := items[0]
		switch it.Kind {
		case IndexBool:
			if it.Bool {
				copyTo(t.Unsqueeze(0), value)
			}
			return
		case IndexEllipsis:
			copyTo(t, value)
			return
		case IndexNone:
			copyTo(t.Unsqueeze(0), value)
			return
		case IndexInt:
			copyTo(applySelect(t, 0, it.Int, 0), value)
			return
		case IndexSlice:
			copyTo(applySlice(t, 0, it.Start, it.Stop, it.Step, false), value)
			return
		}
	}
	sliced, idx := applySlicing(t, items)
	if len(idx) == 0 {
		copyTo(sliced, value)
		return
	}
	if vs := slicePrefix1s(value.shape); len(vs) != len(value.shape) {
		value = value.View(vs)
	}
	sliced.IndexPut(idx, value, warn)
}

// countSpecified is count_specified_dimensions: the dimensions an index
// tuple consumes (None, ... and Python bools consume none; a bool or uint8
// tensor consumes its rank).
func countSpecified(items []IndexItem) int {
	n := 0
	for _, it := range items {
		switch it.Kind {
		case IndexNone, IndexEllipsis, IndexBool:
		case IndexTensor:
			if d := it.Tensor.DType(); !it.FromSeq && (d == Bool || d == Uint8) {
				n += it.Tensor.Dim()
			} else {
				n++
			}
		default:
			n++
		}
	}
	return n
}

// applySlicing applies the basic indices of items to t, left to right, and
// records the tensor indices at the dimensions they index (nil elsewhere).
func applySlicing(t *Tensor, items []IndexItem) (*Tensor, []*Tensor) {
	specified := countSpecified(items)
	if specified > t.Dim() {
		raise(IndexError, errTooManyIndices, t.Dim())
	}
	var out []*Tensor
	record := func(ix *Tensor, dim *int) {
		for len(out) < *dim+1 {
			out = append(out, nil)
		}
		out[*dim] = ix
		*dim++
	}
	result := t
	dim := 0
	for i, it := range items {
		switch it.Kind {
		case IndexInt:
			result = applySelect(result, dim, it.Int, i)
		case IndexSlice:
			result = applySlice(result, dim, it.Start, it.Stop, it.Step, false)
			dim++
		case IndexEllipsis:
			dim += t.Dim() - specified
		case IndexNone:
			result = result.Unsqueeze(dim)
			dim++
		case IndexBool:
			result = result.Unsqueeze(dim)
			record(boolIndexTensor(it.Bool), &dim)
		case IndexTensor:
			ix := it.Tensor
			d := ix.DType()
			if ix.Dim() == 0 && d.IsIntegral(true) {
				if d != Uint8 && d != Bool {
					result = applySelect(result, dim, int(ix.Item().Int()), i)
				} else {
					result = result.Unsqueeze(dim)
					record(boolIndexTensor(ix.Item().Bool()), &dim)
				}
			} else {
				record(ix, &dim)
			}
		case IndexDeferred:
			panic(it.Err)
		}
	}
	return result, out
}

// applySelect is TensorIndexing's applySelect: real is the position of
// the index in the user's tuple, which the message names. A dimension past
// the end counts as size 0, as PyTorch reads it.
func applySelect(t *Tensor, dim, index, real int) *Tensor {
	if index == 0 && dim == 0 && t.Dim() == 0 {
		raise(IndexError, errIndex0d)
	}
	size := 0
	if dim < t.Dim() {
		size = t.shape[dim]
	}
	if !(size >= -index && size > index) {
		raise(IndexError, errIndexOutOfBounds, index, real, size)
	}
	return t.Select(dim, index)
}

// applySlice is TensorIndexing's applySlice: a full slice returns t itself
// unless disable is set.
func applySlice(t *Tensor, dim, start, stop, step int, disable bool) *Tensor {
	if step <= 0 {
		raise(ValueError, errSliceStep)
	}
	if start < symIntMin || stop < symIntMin {
		// PyTorch 1.13 stores slice bounds as SymInts, which take the
		// integers below -2**62 for symbolic values.
		raise(RuntimeError, errSymbolicInt)
	}
	length := 0 // a dimension past the end reads as size 0, as in PyTorch
	if dim < t.Dim() {
		length = t.shape[dim]
	}
	if !disable && start == 0 && stop == length && step == 1 {
		return t
	}
	return t.SliceDim(dim, start, stop, step)
}

// symIntMin is the smallest integer a c10::SymInt holds as a plain value.
const symIntMin = -1 << 62

// boolIndexTensor is boolToIndexingTensor: [0] for true, [] for false.
func boolIndexTensor(b bool) *Tensor {
	if b {
		return Empty([]int{1}, Int64)
	}
	return Empty([]int{0}, Int64)
}

// slicePrefix1s strips leading size-1 dimensions (NumPy's rule for the
// right side of an assignment).
func slicePrefix1s(shape []int) []int {
	for i, s := range shape {
		if s != 1 {
			return shape[i:]
		}
	}
	return shape[len(shape):]
}

// copyTo is TensorIndexing's copy_to: dst.copy_(src) after broadcasting
// src to dst's shape; a 0-d src fills dst (with the checked conversion of
// fill_).
func copyTo(dst, src *Tensor) {
	if sameShape(dst.shape, src.shape) {
		CopyChecked(dst, src)
		return
	}
	if src.Dim() == 0 {
		dst.FillChecked(src.Item())
		return
	}
	sv := src.View(slicePrefix1s(src.shape))
	CopyChecked(dst, sv.ExpandChecked(dst.shape))
}

// advIndex is ATen's AdvancedIndex: src (possibly with its indexed
// dimensions moved to the front) and, per dimension, the broadcast index
// tensor or nil.
type advIndex struct {
	src           *Tensor
	indices       []*Tensor
	before, after int
	replShape     []int // the broadcast shape of the index tensors
	sizes         []int // src's sizes at the indexed dimensions
	strides       []int // src's strides at the indexed dimensions
	shape         []int // the result: src.shape[:before] + replShape + the trailing sizes
}

// makeIndexInfo is ATen's make_info: type checks, masks turned into their
// nonzero() columns, index tensors broadcast together, and the indexed
// dimensions moved to the front when they are not adjacent.
func makeIndexInfo(self *Tensor, orig []*Tensor, warn func(string)) *advIndex {
	for _, ix := range orig {
		if ix != nil {
			if d := ix.DType(); d != Int64 && d != Uint8 && d != Bool {
				raise(IndexError, errIndexType)
			}
		}
	}
	var idx []*Tensor
	for _, ix := range orig {
		if ix == nil {
			idx = append(idx, nil)
			continue
		}
		d := ix.DType()
		if d != Uint8 && d != Bool {
			idx = append(idx, ix)
			continue
		}
		if d == Uint8 && warn != nil {
			warn(WarnIndexUint8)
		}
		for j := 0; j < ix.Dim(); j++ {
			src := len(idx) + j
			if ix.shape[j] != self.Size(src) {
				raise(IndexError, errIndexMask, ShapeString(ix.shape), j, ShapeString(self.shape), src)
			}
		}
		idx = append(idx, nonzeroColumns(ix)...)
	}
	var shapes [][]int
	for _, ix := range idx {
		if ix != nil {
			shapes = append(shapes, ix.shape)
		}
	}
	repl, err := broadcast.Shapes(shapes...)
	if err != nil {
		raise(IndexError, errIndexBroadcast, shapesString(shapes))
	}
	for i, ix := range idx {
		if ix != nil && !sameShape(ix.shape, repl) {
			idx[i] = ix.Expand(repl)
		}
	}
	for len(idx) < self.Dim() {
		idx = append(idx, nil)
	}
	src := self
	if !contiguousSubspace(idx) {
		var dims []int
		var moved []*Tensor
		for i, ix := range idx {
			if ix != nil {
				dims = append(dims, i)
				moved = append(moved, ix)
			}
		}
		for i, ix := range idx {
			if ix == nil {
				dims = append(dims, i)
				moved = append(moved, nil)
			}
		}
		src = self.Permute(dims)
		idx = moved
	}
	info := &advIndex{src: src, indices: idx, replShape: repl}
	indexed := 0
	for d, ix := range idx {
		if ix == nil {
			if indexed == 0 {
				info.before++
			} else {
				info.after++
			}
			continue
		}
		indexed++
		info.sizes = append(info.sizes, src.shape[d])
		info.strides = append(info.strides, src.strides[d])
	}
	hasZero := func(s []int) bool {
		for _, v := range s {
			if v == 0 {
				return true
			}
		}
		return false
	}
	if hasZero(info.sizes) && !hasZero(repl) {
		raise(IndexError, errIndexEmptyDim)
	}
	info.shape = append(append(append([]int{}, src.shape[:info.before]...), repl...), src.shape[info.before+indexed:]...)
	return info
}

// contiguousSubspace reports whether the non-nil entries are adjacent.
func contiguousSubspace(idx []*Tensor) bool {
	state := 0 // 0 before the first, 1 inside, 2 after the run
	for _, ix := range idx {
		switch {
		case ix != nil && state == 2:
			return false
		case ix != nil:
			state = 1
		case state == 1:
			state = 2
		}
	}
	return true
}

// nonzeroColumns is mask.nonzero() split into its columns: one int64
// tensor per dimension of the mask, holding the coordinates of its
// non-zero elements in row-major order.
func nonzeroColumns(mask *Tensor) []*Tensor {
	nd := mask.Dim()
	var coords []int64
	n := 0
	idx := make([]int, nd)
	hit := func() {
		for _, x := range idx {
			coords = append(coords, int64(x))
		}
		n++
	}
	step := func() {
		for d := nd - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < mask.shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	count := 0
	switch data := mask.st.host().(type) {
	case []bool:
		mask.ForEach(func(off int) {
			if data[off] {
				count++
			}
		})
	case []uint8:
		mask.ForEach(func(off int) {
			if data[off] != 0 {
				count++
			}
		})
	}
	CheckAlloc(Int64, count*nd)
	coords = make([]int64, 0, count*nd)
	switch data := mask.st.host().(type) {
	case []bool:
		mask.ForEach(func(off int) {
			if data[off] {
				hit()
			}
			step()
		})
	case []uint8:
		mask.ForEach(func(off int) {
			if data[off] != 0 {
				hit()
			}
			step()
		})
	}
	if coords == nil {
		coords = []int64{}
	}
	all := FromSlice(coords, n, nd)
	cols := make([]*Tensor, nd)
	for j := range cols {
		cols[j] = all.Select(1, j)
	}
	return cols
}

// mover batches element moves between two storages of one dtype, so that
// a long gather or scatter needs no per-element type switch and no
// offset arrays as long as the tensor.
type mover struct {
	dst, src *Storage
	d, s     []int
}

const moverBatch = 4096

func newMover(dst, src *Storage) *mover {
	return &mover{dst: dst, src: src, d: make([]int, 0, moverBatch), s: make([]int, 0, moverBatch)}
}

func (m *mover) add(do, so int) {
	m.d = append(m.d, do)
	m.s = append(m.s, so)
	if len(m.d) == moverBatch {
		m.flush()
	}
}

// addRun adds n moves along the given steps; long contiguous runs are
// copied at once.
func (m *mover) addRun(do, so, n, dstep, sstep int) {
	if n >= 16 && dstep == 1 && sstep == 1 {
		m.flush()
		for lo := 0; lo < n; lo += pollEvery {
			CheckInterrupt()
			copyBlock(m.dst, do+lo, m.src, so+lo, min(pollEvery, n-lo))
		}
		return
	}
	for i := 0; i < n; i++ {
		m.add(do+i*dstep, so+i*sstep)
	}
}

func (m *mover) flush() {
	CheckInterrupt()
	moveElems(m.dst, m.d, m.src, m.s)
	m.d, m.s = m.d[:0], m.s[:0]
}

// forEach2 calls fn with the offsets of the same element in two layouts
// of one shape, in row-major order, polling for interrupts between rows.
func forEach2(shape, st1 []int, off1 int, st2 []int, off2 int, fn func(o1, o2 int)) {
	if Numel(shape) == 0 {
		return
	}
	nd := len(shape)
	if nd == 0 {
		fn(off1, off2)
		return
	}
	idx := make([]int, nd)
	last := nd - 1
	done := 0 // elements since the last interrupt poll
	for {
		for i := 0; i < shape[last]; i++ {
			fn(off1+i*st1[last], off2+i*st2[last])
		}
		if done += shape[last]; done >= pollEvery {
			done = 0
			CheckInterrupt()
		}
		d := last - 1
		for ; d >= 0; d-- {
			idx[d]++
			off1 += st1[d]
			off2 += st2[d]
			if idx[d] < shape[d] {
				break
			}
			off1 -= idx[d] * st1[d]
			off2 -= idx[d] * st2[d]
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

// iterOperand is the strides TensorIterator sees for an operand of the
// given shape broadcast to shape (stride 0 where it broadcasts).
func iterOperand(opShape, opStrides, shape []int) []int {
	out := make([]int, len(shape))
	off := len(shape) - len(opShape)
	for i := range opShape {
		if opShape[i] == 1 && shape[off+i] != 1 {
			out[off+i] = 0
		} else {
			out[off+i] = opStrides[i]
		}
	}
	return out
}

// indexOperands returns, for TensorIterator's ordering, the restrided
// source (stride 0 on the replacement dimensions) and the index tensors
// viewed with size-1 dimensions around them.
func (info *advIndex) operands() [][]int {
	src := info.src
	nrep := len(info.replShape)
	nidx := len(info.sizes)
	st := append([]int{}, src.strides[:info.before]...)
	for range nrep {
		st = append(st, 0)
	}
	st = append(st, src.strides[info.before+nidx:]...)
	ops := [][]int{iterOperand(info.shape, st, info.shape)}
	for _, ix := range info.indices {
		if ix == nil {
			continue
		}
		shape := make([]int, 0, len(info.shape))
		for range info.before {
			shape = append(shape, 1)
		}
		shape = append(shape, ix.shape...)
		for range info.after {
			shape = append(shape, 1)
		}
		strides, _ := ComputeStride(ix.shape, ix.strides, shape)
		ops = append(ops, iterOperand(shape, strides, info.shape))
	}
	return ops
}

// replacement computes, for every position of the replacement shape
// (row-major), the storage offset the index tensors select within src
// (before wrapping by the other dimensions), and the bounds error of the
// positions that select out of range (checked when they are reached).
type replacement struct {
	off []int
	bad map[int][3]int // position -> (value, index number, size)
}

func (info *advIndex) replacementOffsets() *replacement {
	n := Numel(info.replShape)
	CheckAllocBytes(int64(n) * 8)
	r := &replacement{off: make([]int, n)}
	j := 0
	for _, ix := range info.indices {
		if ix == nil {
			continue
		}
		size, stride := info.sizes[j], info.strides[j]
		k := 0
		data := Slice[int64](ix.st)
		ix.ForEach(func(o int) {
			v := int(data[o])
			if v < -size || v >= size {
				if r.bad == nil {
					r.bad = map[int][3]int{}
				}
				if _, seen := r.bad[k]; !seen {
					r.bad[k] = [3]int{v, j, size}
				}
			} else {
				if v < 0 {
					v += size
				}
				r.off[k] += v * stride
			}
			k++
		})
		j++
	}
	return r
}

// check raises the bounds error of replacement position k, if any.
func (r *replacement) check(k int) {
	if b, ok := r.bad[k]; ok {
		raise(IndexError, errIndexOutOfBounds, b[0], b[1], b[2])
	}
}

// visit calls fn for every run of elements of the result, in
// TensorIterator's order for perm (perm[0] the fastest dimension), with
// the src storage offset of the run's first element, its offset in a
// second layout (other, otherOff) of the result's shape (the output of a
// gather, the value of a scatter), the run's length and the steps of both
// offsets along it. A run is a line along the fastest dimension when that
// dimension is not indexed, else one element. Offsets are kept
// incrementally.
func (info *advIndex) visit(perm []int, r *replacement, other []int, otherOff int, fn func(srcOff, otherOff, n, srcStep, otherStep int)) {
	shape := info.shape
	nd := len(shape)
	if Numel(shape) == 0 {
		return
	}
	nrep := len(info.replShape)
	nidx := len(info.sizes)
	srcStride := make([]int, nd) // src strides of the non-replaced dimensions
	kStride := make([]int, nd)   // steps of the replacement position
	for d := 0; d < info.before; d++ {
		srcStride[d] = info.src.strides[d]
	}
	for d := 0; d < info.after; d++ {
		srcStride[info.before+nrep+d] = info.src.strides[info.before+nidx+d]
	}
	copy(kStride[info.before:], ContiguousStrides(info.replShape))
	outer := perm
	n, sStep, oStep := 1, 0, 0
	if nd > 0 {
		if in := perm[0]; in < info.before || in >= info.before+nrep {
			n, sStep, oStep = shape[in], srcStride[in], other[in]
			outer = perm[1:]
		}
	}
	idx := make([]int, nd)
	off, k, oo := info.src.offset, 0, otherOff
	for runs := 0; ; runs++ {
		pollAt(runs)
		if r.bad != nil {
			r.check(k)
		}
		fn(off+r.off[k], oo, n, sStep, oStep)
		p := 0
		for ; p < len(outer); p++ {
			d := outer[p]
			idx[d]++
			off += srcStride[d]
			k += kStride[d]
			oo += other[d]
			if idx[d] < shape[d] {
				break
			}
			off -= idx[d] * srcStride[d]
			k -= idx[d] * kStride[d]
			oo -= idx[d] * other[d]
			idx[d] = 0
		}
		if p == len(outer) {
			return
		}
	}
}

// Index is t.index(indices) (advanced indexing): indices has one entry
// per leading dimension, nil where the dimension is not indexed. The
// result is a new tensor, laid out as TensorIterator lays out its output.
func (t *Tensor) Index(indices []*Tensor, warn func(string)) *Tensor {
	if len(indices) > t.Dim() {
		raise(IndexError, errTooManyIndicesGot, t.Dim(), len(indices))
	}
	if out := t.maskSelect(indices, warn); out != nil {
		return out
	}
	info := makeIndexInfo(t, indices, warn)
	ops := info.operands()
	perm := broadcast.Reorder(info.shape, ops, nil)
	out := emptyWithPerm(info.shape, perm, t.DType())
	out.device = t.device
	if out.Numel() == 0 {
		return out
	}
	r := info.replacementOffsets()
	mv := newMover(out.st, t.st)
	info.visit(perm, r, out.strides, out.offset, func(so, do, n, ss, ds int) { mv.addRun(do, so, n, ds, ss) })
	mv.flush()
	return out
}

// maskSelect is the fast path of t[mask] for a mask of t's shape (the
// only index): the elements where the mask is set, in row-major order,
// without building the mask's nonzero() coordinates. It returns nil when
// the index is not of that form.
func (t *Tensor) maskSelect(indices []*Tensor, warn func(string)) *Tensor {
	if len(indices) != 1 || indices[0] == nil {
		return nil
	}
	m := indices[0]
	if d := m.DType(); (d != Bool && d != Uint8) || !sameShape(m.shape, t.shape) || t.Dim() == 0 {
		return nil
	}
	if m.DType() == Uint8 && warn != nil {
		warn(WarnIndexUint8)
	}
	// set reports whether the mask element at storage offset i is set.
	var set func(i int) bool
	switch md := m.st.host().(type) {
	case []bool:
		set = func(i int) bool { return md[i] }
	case []uint8:
		set = func(i int) bool { return md[i] != 0 }
	}
	var offs []int
	if t.IsContiguous() && m.IsContiguous() {
		n := t.Numel()
		count := 0
		if md, ok := m.st.host().([]bool); ok {
			for i, b := range md[m.offset : m.offset+n] {
				pollAt(i)
				if b {
					count++
				}
			}
			CheckAllocBytes(int64(count) * 16) // offs, and dst below
			offs = make([]int, 0, count)
			for i, b := range md[m.offset : m.offset+n] {
				pollAt(i)
				if b {
					offs = append(offs, t.offset+i)
				}
			}
		} else {
			for i := 0; i < n; i++ {
				pollAt(i)
				if set(m.offset + i) {
					count++
				}
			}
			CheckAllocBytes(int64(count) * 16)
			offs = make([]int, 0, count)
			for i := 0; i < n; i++ {
				pollAt(i)
				if set(m.offset + i) {
					offs = append(offs, t.offset+i)
				}
			}
		}
	} else {
		count := 0
		forEach2(t.shape, t.strides, t.offset, m.strides, m.offset, func(_, mo int) {
			if set(mo) {
				count++
			}
		})
		CheckAllocBytes(int64(count) * 16)
		offs = make([]int, 0, count)
		forEach2(t.shape, t.strides, t.offset, m.strides, m.offset, func(o, mo int) {
			if set(mo) {
				offs = append(offs, o)
			}
		})
	}
	out := Empty([]int{len(offs)}, t.DType())
	out.device = t.device
	dst := make([]int, len(offs))
	for i := range dst {
		dst[i] = i
	}
	for lo := 0; lo < len(offs); lo += pollEvery {
		CheckInterrupt()
		hi := min(lo+pollEvery, len(offs))
		moveElems(out.st, dst[lo:hi], t.st, offs[lo:hi])
	}
	return out
}

// emptyWithPerm allocates the output TensorIterator would: row-major when
// perm is the reversed identity, otherwise dense in perm's order.
func emptyWithPerm(shape, perm []int, d DType) *Tensor {
	nd := len(shape)
	inverted := true
	for i, p := range perm {
		if p != nd-1-i {
			inverted = false
		}
	}
	out := Empty(shape, d)
	if inverted {
		return out
	}
	acc := 1
	for _, p := range perm {
		out.strides[p] = acc
		acc *= shape[p]
	}
	return out
}

// moveElems copies src[srcOffs[i]] to dst[dstOffs[i]] for every i, in
// order (same dtype).
func moveElems(dst *Storage, dstOffs []int, src *Storage, srcOffs []int) {
	switch d := dst.host().(type) {
	case []bool:
		moveT(d, dstOffs, src.host().([]bool), srcOffs)
	case []uint8:
		moveT(d, dstOffs, src.host().([]uint8), srcOffs)
	case []int8:
		moveT(d, dstOffs, src.host().([]int8), srcOffs)
	case []int16:
		moveT(d, dstOffs, src.host().([]int16), srcOffs)
	case []int32:
		moveT(d, dstOffs, src.host().([]int32), srcOffs)
	case []int64:
		moveT(d, dstOffs, src.host().([]int64), srcOffs)
	case []Half:
		moveT(d, dstOffs, src.host().([]Half), srcOffs)
	case []BF16:
		moveT(d, dstOffs, src.host().([]BF16), srcOffs)
	case []float32:
		moveT(d, dstOffs, src.host().([]float32), srcOffs)
	case []float64:
		moveT(d, dstOffs, src.host().([]float64), srcOffs)
	}
}

// copyBlock copies n consecutive elements between storages of one dtype.
func copyBlock(dst *Storage, do int, src *Storage, so, n int) {
	switch d := dst.host().(type) {
	case []bool:
		copy(d[do:do+n], src.host().([]bool)[so:so+n])
	case []uint8:
		copy(d[do:do+n], src.host().([]uint8)[so:so+n])
	case []int8:
		copy(d[do:do+n], src.host().([]int8)[so:so+n])
	case []int16:
		copy(d[do:do+n], src.host().([]int16)[so:so+n])
	case []int32:
		copy(d[do:do+n], src.host().([]int32)[so:so+n])
	case []int64:
		copy(d[do:do+n], src.host().([]int64)[so:so+n])
	case []Half:
		copy(d[do:do+n], src.host().([]Half)[so:so+n])
	case []BF16:
		copy(d[do:do+n], src.host().([]BF16)[so:so+n])
	case []float32:
		copy(d[do:do+n], src.host().([]float32)[so:so+n])
	case []float64:
		copy(d[do:do+n], src.host().([]float64)[so:so+n])
	}
}

func moveT[T Elem](dst []T, dstOffs []int, src []T, srcOffs []int) {
	for i, o := range dstOffs {
		dst[o] = src[srcOffs[i]]
	}
}

// IndexPut is t.index_put_(indices, value) without accumulation: value
// (of t's dtype) is broadcast to the indexed shape and written through.
func (t *Tensor) IndexPut(indices []*Tensor, value *Tensor, warn func(string)) {
	if len(indices) > t.Dim() {
		raise(IndexError, errTooManyIndicesGot, t.Dim(), len(indices))
	}
	expanded := HasInternalOverlap(t) == OverlapYes
	if expanded && warn != nil {
		warn(WarnIndexPutExpanded)
	}
	if mask := maskedFillMask(t, indices, value); mask != nil {
		// index_put_ hands this case to masked_fill_.
		MaskedFill(t, mask, ScalarOperand(value.Item()), Opts{Inplace: true, Warn: warn})
		return
	}
	AssertNoOverlap(t, value)
	for _, ix := range indices {
		if ix != nil {
			AssertNoOverlap(t, ix)
		}
	}
	info := makeIndexInfo(t, indices, warn)
	if !isExpandableTo(value.shape, info.shape) {
		raise(RuntimeError, errIndexPutShape, ShapeString(value.shape), ShapeString(info.shape))
	}
	if value.DType() != t.DType() {
		raise(RuntimeError, errIndexPutDType, t.DType().ScalarName(), value.DType().ScalarName())
	}
	ev := value.Expand(info.shape)
	ops := append([][]int{}, info.operands()...)
	ops = append(ops[:1], append([][]int{iterOperand(ev.shape, ev.strides, info.shape)}, ops[1:]...)...)
	perm := broadcast.Reorder(info.shape, ops, nil)
	r := info.replacementOffsets()
	mv := newMover(t.st, ev.st)
	info.visit(perm, r, ev.strides, ev.offset, func(do, so, n, ds, ss int) { mv.addRun(do, so, n, ds, ss) })
	mv.flush()
}

// maskedFillMask is canDispatchToMaskedFill: when value has one element
// and the only index is one bool/uint8 mask, the mask (with size-1
// dimensions appended up to t's rank) that masked_fill_ applies.
func maskedFillMask(t *Tensor, indices []*Tensor, value *Tensor) *Tensor {
	if value.Numel() != 1 {
		return nil
	}
	n := 0
	var mask *Tensor
	for _, ix := range indices {
		if ix == nil {
			n++
			continue
		}
		if d := ix.DType(); (d != Uint8 && d != Bool) || mask != nil {
			return nil
		}
		mask = ix
		for j := 0; j < ix.Dim(); j++ {
			src := n + j
			if ix.shape[j] != t.Size(src) {
				raise(IndexError, errIndexMask, ShapeString(ix.shape), j, ShapeString(t.shape), src)
			}
		}
		n += mask.Dim()
	}
	if mask == nil {
		return nil
	}
	for i := n; i < t.Dim(); i++ {
		mask = mask.Unsqueeze(-1)
	}
	return mask
}

// isExpandableTo is at::is_expandable_to.
func isExpandableTo(shape, desired []int) bool {
	if len(shape) > len(desired) {
		return false
	}
	for i := 1; i <= len(shape); i++ {
		s, d := shape[len(shape)-i], desired[len(desired)-i]
		if s != d && s != 1 {
			return false
		}
	}
	return true
}
