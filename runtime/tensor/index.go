package tensor

import "github.com/tensh/tensh/runtime/broadcast"

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
		raise(IndexError, errIndexBounds, index, real, size)
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
	if !disable && dim < t.Dim() && start == 0 && stop == t.shape[dim] && step == 1 {
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
	vals := mask.Values()
	for _, v := range vals {
		if v.Bool() {
			for _, x := range idx {
				coords = append(coords, int64(x))
			}
			n++
		}
		for d := nd - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < mask.shape[d] {
				break
			}
			idx[d] = 0
		}
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
		raise(IndexError, errIndexBounds, b[0], b[1], b[2])
	}
}

// visit calls fn for every element of the result, in TensorIterator's
// order for perm (perm[0] the fastest dimension), with the element's
// multi-index, the src storage offset it maps to, and its replacement
// position.
func (info *advIndex) visit(perm []int, r *replacement, fn func(idx []int, srcOff int)) {
	shape := info.shape
	nd := len(shape)
	if Numel(shape) == 0 {
		return
	}
	nrep := len(info.replShape)
	nidx := len(info.sizes)
	srcStride := make([]int, nd)
	for d := 0; d < info.before; d++ {
		srcStride[d] = info.src.strides[d]
	}
	for d := 0; d < info.after; d++ {
		srcStride[info.before+nrep+d] = info.src.strides[info.before+nidx+d]
	}
	replStride := ContiguousStrides(info.replShape)
	idx := make([]int, nd)
	for {
		k := 0
		off := info.src.offset
		for d := 0; d < nd; d++ {
			if d >= info.before && d < info.before+nrep {
				k += idx[d] * replStride[d-info.before]
			} else {
				off += idx[d] * srcStride[d]
			}
		}
		r.check(k)
		fn(idx, off+r.off[k])
		p := 0
		for ; p < nd; p++ {
			d := perm[p]
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
		if p == nd {
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
	info := makeIndexInfo(t, indices, warn)
	ops := info.operands()
	perm := iterPerm(info.shape, ops)
	out := emptyWithPerm(info.shape, perm, t.DType())
	out.device = t.device
	if out.Numel() == 0 {
		return out
	}
	r := info.replacementOffsets()
	srcOffs := make([]int, 0, out.Numel())
	dstOffs := make([]int, 0, out.Numel())
	info.visit(perm, r, func(idx []int, so int) {
		srcOffs = append(srcOffs, so)
		do := out.offset
		for d, x := range idx {
			do += x * out.strides[d]
		}
		dstOffs = append(dstOffs, do)
	})
	moveElems(out.st, dstOffs, t.st, srcOffs)
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
	switch d := dst.data.(type) {
	case []bool:
		moveT(d, dstOffs, src.data.([]bool), srcOffs)
	case []uint8:
		moveT(d, dstOffs, src.data.([]uint8), srcOffs)
	case []int8:
		moveT(d, dstOffs, src.data.([]int8), srcOffs)
	case []int16:
		moveT(d, dstOffs, src.data.([]int16), srcOffs)
	case []int32:
		moveT(d, dstOffs, src.data.([]int32), srcOffs)
	case []int64:
		moveT(d, dstOffs, src.data.([]int64), srcOffs)
	case []Half:
		moveT(d, dstOffs, src.data.([]Half), srcOffs)
	case []BF16:
		moveT(d, dstOffs, src.data.([]BF16), srcOffs)
	case []float32:
		moveT(d, dstOffs, src.data.([]float32), srcOffs)
	case []float64:
		moveT(d, dstOffs, src.data.([]float64), srcOffs)
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
		if mask.DType() == Uint8 && warn != nil {
			warn(WarnMaskedFillUint8)
		}
		if expanded && warn != nil {
			warn(WarnMaskedFillExpanded)
		}
		AssertNoPartialOverlap(t, mask)
		v := value.Item()
		CheckScalar(v, t.DType())
		m := mask.Expand(t.shape)
		mv := m.Values()
		tmp := Scalar0(v, t.DType())
		offs := t.Offsets()
		var dstOffs, srcOffs []int
		for i, b := range mv {
			if b.Bool() {
				dstOffs = append(dstOffs, offs[i])
				srcOffs = append(srcOffs, 0)
			}
		}
		moveElems(t.st, dstOffs, tmp.st, srcOffs)
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
	perm := iterPerm(info.shape, ops)
	r := info.replacementOffsets()
	var dstOffs, srcOffs []int
	info.visit(perm, r, func(idx []int, do int) {
		so := ev.offset
		for d, x := range idx {
			so += x * ev.strides[d]
		}
		dstOffs = append(dstOffs, do)
		srcOffs = append(srcOffs, so)
	})
	moveElems(t.st, dstOffs, ev.st, srcOffs)
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
