package tensor

import "github.com/tensh/tensh/runtime/broadcast"

// index_select, index_add_, index_copy_, take, put_, masked_select and
// masked_scatter_.

// indexList returns the values of a 0-d or 1-d int32/int64 index tensor.
func indexList(index *Tensor) []int64 {
	c := index.To(Int64).Contiguous()
	return append([]int64{}, Slice[int64](c.st)[c.offset:c.offset+c.Numel()]...)
}

// IndexSelect is torch.index_select(t, dim, index): the slices of t at the
// given positions along dim.
func IndexSelect(t *Tensor, dim int, index *Tensor) *Tensor {
	if index.Dim() > 1 {
		raise(IndexError, errIndexSelectVector)
	}
	if index.DType() != Int64 && index.DType() != Int32 {
		raise(RuntimeError, errIndexSelectDType)
	}
	ix := indexList(index)
	if t.Dim() == 0 {
		WrapDim(dim, 0)
		for _, k := range ix {
			if k != 0 {
				raise(IndexError, errIndexOutOfRangeSelf)
			}
		}
		return t.ContiguousClone()
	}
	d := WrapDim(dim, t.Dim())
	size := t.shape[d]
	for _, k := range ix {
		if k < 0 || k >= int64(size) {
			if d == 1 {
				// index_select_out_cpu_dim1_'s check
				raise(RuntimeError, errIndexSelectBounds, k, size)
			}
			raise(IndexError, errIndexOutOfRangeSelf)
		}
	}
	shape := append([]int{}, t.shape...)
	shape[d] = len(ix)
	out := Empty(shape, t.DType())
	out.device = t.device
	if onAccelerator(out) && len(ix) > 0 {
		idx := index.To(Int64)
		istr := make([]int, len(shape))
		if idx.Dim() == 1 {
			istr[d] = idx.strides[0]
		}
		tstr := append([]int{}, t.strides...)
		tstr[d] = 0
		if accelerator.Gather(out, labelled(FromStorage(t.st, t.offset, shape, tstr), t.device), labelled(FromStorage(idx.st, idx.offset, shape, istr), idx.device), t.strides[d]) {
			return out
		}
	}
	for i, k := range ix {
		CopyInto(out.Select(d, i), t.Select(d, int(k)))
	}
	return out
}

// IndexAdd is t.index_add_(dim, index, source, alpha=alpha) in place:
// t[index[i]] += alpha*source[i] along dim.
func IndexAdd(t *Tensor, dim int, index, source *Tensor, alpha Scalar) {
	d := indexOpCheck("index_add_", t, dim, index, source)
	ix := indexList(index)
	size := nonemptySize(t, d)
	for _, k := range ix {
		if k < 0 || k >= int64(size) {
			raise(IndexError, errIndexOutOfRangeSelf)
		}
	}
	for i, k := range ix {
		dst, src := sliceAt(t, d, int(k)), sliceAt(source, d, i)
		dt := t.DType()
		forEach3(dst.shape, dst.strides, src.strides, dst.strides, dst.offset, src.offset, 0, func(a, b, _ int) {
			x := src.st.Get(b)
			if !(alpha.Kind == IntScalar && alpha.I == 1) {
				x = mulScalars(x, alpha, dt)
			}
			dst.st.Set(a, addScalars(dst.st.Get(a), x, dt))
		})
	}
}

// indexOpCheck raises index_add_'s errors and returns the wrapped dim.
func indexOpCheck(name string, t *Tensor, dim int, index, source *Tensor) int {
	d := WrapDim(dim, nonemptyDim(t))
	if t.Dim() == 0 {
		d = WrapDim(dim, 0)
	}
	if index.Dim() > 1 {
		raise(IndexError, errIndexAddVector, name, index.Dim(), index.DType().ScalarName(), ShapeString(index.shape))
	}
	if index.DType() != Int64 && index.DType() != Int32 {
		raise(RuntimeError, errIndexAddDType, name, index.DType().ScalarName())
	}
	if t.DType() != source.DType() {
		raise(RuntimeError, errIndexAddSame, name, t.DType().ScalarName(), source.DType().ScalarName())
	}
	if index.Numel() != nonemptySize(source, min(d, nonemptyDim(source)-1)) {
		raise(RuntimeError, errIndexAddCount, name, index.Numel(), nonemptySize(source, min(d, nonemptyDim(source)-1)), d)
	}
	for i := 0; i < nonemptyDim(t); i++ {
		if i != d && (nonemptyDim(source) != nonemptyDim(t) || nonemptySize(source, i) != nonemptySize(t, i)) {
			raise(RuntimeError, errIndexAddShape, name)
		}
	}
	return d
}

// sliceAt is t.select(d, i), a 0-d tensor staying itself.
func sliceAt(t *Tensor, d, i int) *Tensor {
	if t.Dim() == 0 {
		return t
	}
	return t.Select(d, i)
}

// IndexCopy is t.index_copy_(dim, index, source) in place.
func IndexCopy(t *Tensor, dim int, index, source *Tensor) {
	d := WrapDim(dim, nonemptyDim(t))
	if t.Dim() == 0 {
		d = WrapDim(dim, 0)
	}
	if index.Dim() > 1 {
		raise(IndexError, errIndexCopyVector)
	}
	if index.DType() != Int64 {
		raise(RuntimeError, errIndexCopyDType, index.DType().ScalarName())
	}
	if t.DType() != source.DType() {
		raise(RuntimeError, errIndexCopySame, t.DType().ScalarName(), source.DType().ScalarName())
	}
	if source.Dim() != 0 && t.Dim() != 0 && source.Dim() != t.Dim() {
		raise(IndexError, errIndexCopyDims, source.Dim(), t.Dim())
	}
	if index.Numel() != nonemptySize(source, min(d, nonemptyDim(source)-1)) {
		raise(IndexError, errIndexCopyCount, index.Numel(), nonemptySize(source, min(d, nonemptyDim(source)-1)))
	}
	for i := 0; i < nonemptyDim(t) && t.Dim() == source.Dim(); i++ {
		if i != d && t.shape[i] != source.shape[i] {
			j := i // the dimension of the slice (t without dim d)
			if i > d {
				j--
			}
			raise(RuntimeError, errIndexCopySlice, t.shape[i], j, source.shape[i], j)
		}
	}
	size := nonemptySize(t, d)
	ix := indexList(index)
	for _, k := range ix {
		if k < 0 || k >= int64(size) {
			raise(IndexError, errIndexCopyBounds, k, d, size)
		}
	}
	for i, k := range ix {
		CopyInto(sliceAt(t, d, int(k)), sliceAt(source, d, i))
	}
}

// Take is torch.take(t, index): t flattened, read at index (negative
// indices count from the end), shaped as index.
func Take(t *Tensor, index *Tensor) *Tensor {
	if index.DType() != Int64 {
		raise(RuntimeError, errTakeDType, "take", index.DType().ScalarName())
	}
	n := int64(t.Numel())
	flat := t.Reshape([]int{int(n)})
	ix := indexList(index)
	if n == 0 && len(ix) > 0 {
		raise(IndexError, errTakeEmpty)
	}
	out := Empty(index.shape, t.DType())
	for i, k := range ix {
		if k < -n || k >= n {
			raise(IndexError, errTakeRange, k, n)
		}
		if k < 0 {
			k += n
		}
		out.st.Set(i, flat.st.Get(flat.offset+int(k)*flat.strides[0]))
	}
	return out
}

// Put is t.put_(index, source, accumulate) in place: t flattened, written
// (or added to) at index.
func Put(t, index, source *Tensor, accumulate bool) {
	if index.DType() != Int64 {
		raise(RuntimeError, errTakeDType, "put_", index.DType().ScalarName())
	}
	if t.DType() != source.DType() {
		raise(RuntimeError, errPutDType, t.DType().ScalarName(), source.DType().ScalarName())
	}
	if index.Numel() != source.Numel() {
		raise(IndexError, errPutCount, source.Numel(), index.Numel())
	}
	n := int64(t.Numel())
	offs := t.Offsets()
	ix := indexList(index)
	src := source.Contiguous()
	for i, k := range ix {
		if k < -n || k >= n {
			raise(IndexError, errTakeRange, k, n)
		}
		if k < 0 {
			k += n
		}
		x := src.st.Get(src.offset + i)
		if accumulate {
			x = addScalars(t.st.Get(offs[k]), x, t.DType())
		}
		t.st.Set(offs[k], x)
	}
}

// MaskedSelect is torch.masked_select(t, mask): the elements of t (and
// mask, broadcast together) where mask is true, as a 1-d tensor.
func MaskedSelect(t, mask *Tensor) *Tensor {
	shape, err := broadcast.InferSize(mask.shape, t.shape)
	if err != nil {
		raise(RuntimeError, "%s", err.Error())
	}
	tv := t.Expand(shape)
	mv := mask.Expand(shape).To(Bool)
	var offs []int
	mo := mv.Offsets()
	to := tv.Offsets()
	mb := Slice[bool](mv.st)
	for i, o := range mo {
		if mb[o] {
			offs = append(offs, to[i])
		}
	}
	out := Empty([]int{len(offs)}, t.DType())
	for i, o := range offs {
		out.st.Set(i, t.st.Get(o))
	}
	return out
}

// MaskedScatter is t.masked_scatter_(mask, source) in place: the elements
// of t where mask (broadcast to t) is true take source's elements in order.
func MaskedScatter(t, mask, source *Tensor) {
	if t.DType() != source.DType() {
		raise(RuntimeError, errMaskedScatterDType, t.DType().ScalarName(), source.DType().ScalarName())
	}
	if _, err := broadcast.InferSize(t.shape, mask.shape); err != nil {
		raise(RuntimeError, "%s", err.Error())
	}
	mv := mask.ExpandChecked(t.shape).To(Bool)
	mo := mv.Offsets()
	to := t.Offsets()
	mb := Slice[bool](mv.st)
	src := source.Contiguous()
	count := 0
	for _, o := range mo {
		if mb[o] {
			count++
		}
	}
	if count > source.Numel() {
		raise(RuntimeError, errMaskedScatterCount)
	}
	k := 0
	for i, o := range mo {
		if mb[o] {
			t.st.Set(to[i], src.st.Get(src.offset+k))
			k++
		}
	}
}
