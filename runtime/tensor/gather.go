package tensor

import "fmt"

// gather and the scatter family, index_select, take and put_, index_add_
// and index_copy_: indexing along one dimension with a tensor of indices,
// with PyTorch 1.13's checks and messages (ScatterGatherChecks.h,
// TensorAdvancedIndexing.cpp).

// forEach3 walks shape in row-major order with three layouts at once and
// calls fn with the three offsets.
func forEach3(shape, s1, s2, s3 []int, o1, o2, o3 int, fn func(a, b, c int)) {
	n := Numel(shape)
	if n == 0 {
		return
	}
	nd := len(shape)
	if nd == 0 {
		fn(o1, o2, o3)
		return
	}
	idx := make([]int, nd)
	last := nd - 1
	inner := shape[last]
	st1, st2, st3 := s1[last], s2[last], s3[last]
	done := 0
	for {
		a, b, c := o1, o2, o3
		for i := 0; i < inner; i++ {
			fn(a, b, c)
			a += st1
			b += st2
			c += st3
		}
		if done += inner; done >= pollEvery {
			CheckInterrupt()
			done = 0
		}
		d := last - 1
		for ; d >= 0; d-- {
			idx[d]++
			o1 += s1[d]
			o2 += s2[d]
			o3 += s3[d]
			if idx[d] < shape[d] {
				break
			}
			o1 -= s1[d] * shape[d]
			o2 -= s2[d] * shape[d]
			o3 -= s3[d] * shape[d]
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

// nonemptyDim and nonemptySize treat a 0-d tensor as having one
// dimension of size 1 (ensure_nonempty_dim / ensure_nonempty_size).
func nonemptyDim(t *Tensor) int { return max(t.Dim(), 1) }

func nonemptySize(t *Tensor, d int) int {
	if t.Dim() == 0 {
		return 1
	}
	return t.shape[d]
}

func nonemptyStride(t *Tensor, d int) int {
	if t.Dim() == 0 {
		return 0
	}
	return t.strides[d]
}

// layout1 is t's shape and strides with a 0-d tensor seen as 1-d.
func layout1(t *Tensor) (shape, strides []int) {
	if t.Dim() == 0 {
		return []int{1}, []int{0}
	}
	return t.shape, t.strides
}

// Gather is torch.gather(t, dim, index): out[i][j][k] = t[i][index[i][j][k]][k]
// (for dim 1), out shaped as index.
func Gather(t *Tensor, dim int, index *Tensor) *Tensor {
	d := WrapDim(dim, nonemptyDim(t))
	if t.Dim() == 0 {
		d = WrapDim(dim, t.Dim())
	}
	out := Empty(index.shape, t.DType())
	out.device = t.device
	if index.Numel() == 0 {
		return out
	}
	if msg := ScatterGatherDTypeError("gather", t.DType(), index.DType(), index.Numel(), nil); msg != "" {
		raise(RuntimeError, "%s", msg)
	}
	if err := ScatterGatherCheck(true, t.shape, index.shape, nil, false, d); err != nil {
		raise(err.Kind, "%s", err.Msg)
	}
	if index.IsContiguous() && index.Dim() <= 1 && !onAccelerator(out) {
		if gatherFlat(out, t, index, nonemptySize(t, d), nonemptyStride(t, d), d) {
			return out
		}
	}
	checkIndexBounds(index, nonemptySize(t, d), d)
	ishape, istr := layout1(index)
	_, ostr := layout1(out)
	tstr := make([]int, len(ishape))
	for i := range tstr {
		if i != d {
			tstr[i] = nonemptyStride(t, i)
		}
	}
	dstride := nonemptyStride(t, d)
	if onAccelerator(out) && t.Dim() > 0 && accelerator.Gather(out, labelled(FromStorage(t.st, t.offset, index.shape, tstr), t.device), index, dstride) {
		return out
	}
	ix := Slice[int64](index.st)
	switch o := out.st.host().(type) {
	case []bool:
		gatherT(o, t.st.host().([]bool), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []uint8:
		gatherT(o, t.st.host().([]uint8), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []int8:
		gatherT(o, t.st.host().([]int8), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []int16:
		gatherT(o, t.st.host().([]int16), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []int32:
		gatherT(o, t.st.host().([]int32), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []int64:
		gatherT(o, t.st.host().([]int64), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []Half:
		gatherT(o, t.st.host().([]Half), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []BF16:
		gatherT(o, t.st.host().([]BF16), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []float32:
		gatherT(o, t.st.host().([]float32), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	case []float64:
		gatherT(o, t.st.host().([]float64), ix, ishape, istr, ostr, tstr, index.offset, out.offset, t.offset, dstride)
	}
	return out
}

// gatherT is the gather loop: out[oo] = src[so + index[io]*dstride].
func gatherT[T Elem](out, src []T, ix []int64, shape, istr, ostr, tstr []int, io, oo, so, dstride int) {
	if IsContiguous(shape, istr) && IsContiguous(shape, ostr) && len(shape) == 1 {
		n := shape[0]
		o := out[oo : oo+n]
		for i, k := range ix[io : io+n] {
			pollAt(i)
			o[i] = src[so+int(k)*dstride]
		}
		return
	}
	forEach3(shape, istr, ostr, tstr, io, oo, so, func(a, b, c int) {
		out[b] = src[c+int(ix[a])*dstride]
	})
}

// checkIndexBounds raises PyTorch's error for the first index outside
// [-size, size) (negative ones are not wrapped by gather and scatter:
// they are out of bounds too).
func checkIndexBounds(index *Tensor, size, dim int) {
	ishape, istr := layout1(index)
	ix := Slice[int64](index.st)
	if index.IsContiguous() {
		for i, v := range ix[index.offset : index.offset+index.Numel()] {
			if uint64(v) >= uint64(size) {
				raise(RuntimeError, errIndexOutOfBoundsDim, v, dim, size)
			}
			pollAt(i)
		}
		return
	}
	bad := false
	var badVal int64
	ForEachOffset(ishape, istr, index.offset, func(off int) {
		if v := ix[off]; !bad && (v < 0 || v >= int64(size)) {
			bad, badVal = true, v
		}
	})
	if bad {
		raise(RuntimeError, errIndexOutOfBoundsDim, badVal, dim, size)
	}
}

// ScatterReduce names scatter's reduce= argument.
type ScatterReduce int

const (
	ScatterNone ScatterReduce = iota
	ScatterAdd
	ScatterMultiply
)

// Scatter writes src (or the scalar v when src is nil) into t in place,
// along dim at the positions of index: t[i][index[i][j][k]][k] = src[i][j][k]
// (for dim 1), combining with what is there for ScatterAdd and
// ScatterMultiply. name is the calling function for messages.
func Scatter(name string, t *Tensor, dim int, index, src *Tensor, v Scalar, red ScatterReduce) {
	d := WrapDim(dim, t.Dim())
	if t.Dim() == 0 {
		d = 0
	}
	var srcDType *DType
	if src != nil {
		sd := src.DType()
		srcDType = &sd
	}
	if msg := ScatterGatherDTypeError(name, t.DType(), index.DType(), index.Numel(), srcDType); msg != "" {
		raise(RuntimeError, "%s", msg)
	}
	if index.Numel() == 0 {
		return
	}
	var srcShape []int
	if src != nil {
		srcShape = src.shape
	}
	if err := ScatterGatherCheck(false, t.shape, index.shape, srcShape, src != nil, d); err != nil {
		raise(err.Kind, "%s", err.Msg)
	}
	checkIndexBounds(index, nonemptySize(t, d), d)
	ishape, istr := layout1(index)
	tstr := make([]int, len(ishape))
	for i := range tstr {
		if i != d {
			tstr[i] = nonemptyStride(t, i)
		}
	}
	sstr := make([]int, len(ishape))
	soff := 0
	if src != nil {
		_, ss := layout1(src)
		copy(sstr, ss)
		soff = src.offset
	}
	dstride := nonemptyStride(t, d)
	ix := Slice[int64](index.st)
	if red == ScatterNone && src != nil {
		scatterCopy(t, src, ix, ishape, istr, sstr, tstr, index.offset, soff, dstride)
		return
	}
	forEach3(ishape, istr, sstr, tstr, index.offset, soff, t.offset, func(a, b, c int) {
		x := v
		if src != nil {
			x = src.st.Get(b)
		}
		off := c + int(ix[a])*dstride
		switch red {
		case ScatterAdd:
			x = addScalars(t.st.Get(off), x, t.DType())
		case ScatterMultiply:
			x = mulScalars(t.st.Get(off), x, t.DType())
		}
		t.st.Set(off, x)
	})
}

func scatterCopy(t, src *Tensor, ix []int64, shape, istr, sstr, tstr []int, io, so, dstride int) {
	switch o := t.st.host().(type) {
	case []bool:
		scatterT(o, src.st.host().([]bool), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []uint8:
		scatterT(o, src.st.host().([]uint8), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []int8:
		scatterT(o, src.st.host().([]int8), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []int16:
		scatterT(o, src.st.host().([]int16), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []int32:
		scatterT(o, src.st.host().([]int32), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []int64:
		scatterT(o, src.st.host().([]int64), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []Half:
		scatterT(o, src.st.host().([]Half), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []BF16:
		scatterT(o, src.st.host().([]BF16), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []float32:
		scatterT(o, src.st.host().([]float32), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	case []float64:
		scatterT(o, src.st.host().([]float64), ix, shape, istr, sstr, tstr, io, so, t.offset, dstride)
	}
}

func scatterT[T Elem](dst, src []T, ix []int64, shape, istr, sstr, tstr []int, io, so, to, dstride int) {
	forEach3(shape, istr, sstr, tstr, io, so, to, func(a, b, c int) {
		dst[c+int(ix[a])*dstride] = src[b]
	})
}

// addScalars and mulScalars are a+b and a*b as dtype d's arithmetic
// computes them (the result is stored back through Storage.Set, which
// rounds or wraps into d).
func addScalars(a, b Scalar, d DType) Scalar {
	switch {
	case d == Bool:
		return BoolS(a.Bool() || b.Bool())
	case d.IsFloat():
		return FloatS(roundTo(d, a.Float()+b.Float()))
	}
	return IntS(a.Int() + b.Int())
}

func mulScalars(a, b Scalar, d DType) Scalar {
	switch {
	case d == Bool:
		return BoolS(a.Bool() && b.Bool())
	case d.IsFloat():
		return FloatS(roundTo(d, a.Float()*b.Float()))
	}
	return IntS(a.Int() * b.Int())
}

// ScatterGatherDTypeError is the dtype rule of gather and scatter (name
// is the one the messages use): an index with elements must be int64, a
// src (src non-nil) must have self's dtype; "" when they do.
func ScatterGatherDTypeError(name string, self, index DType, indexNumel int, src *DType) string {
	if indexNumel != 0 && index != Int64 {
		return fmt.Sprintf(errExpectedInt64Index, name)
	}
	if src != nil && *src != self {
		return fmt.Sprintf(errScatterDType, name)
	}
	return ""
}

// ScatterGatherCheck is the shape rule of gather (gather true) and
// scatter with a value (hasSrc false) or a src, along the wrapped dim,
// before looking at index values: the error, or nil when the shapes are
// fine. Gather and Scatter raise it; %explain predicts it.
func ScatterGatherCheck(gather bool, self, index, src []int, hasSrc bool, dim int) *Error {
	nd := func(s []int) int { return max(len(s), 1) }
	size := func(s []int, d int) int {
		if len(s) == 0 {
			return 1
		}
		return s[d]
	}
	fail := func(format string, args ...any) *Error {
		return &Error{Kind: RuntimeError, Msg: fmt.Sprintf(format, args...)}
	}
	if Numel(index) == 0 {
		return nil
	}
	if gather {
		if nd(self) != nd(index) {
			return fail(errIndexDimsGather)
		}
		for i := 0; i < nd(self); i++ {
			if i != dim && size(index, i) > size(self, i) {
				return fail(errGatherShape, i, ShapeString(index), ShapeString(self), dim)
			}
		}
		return nil
	}
	if nd(self) != nd(index) {
		return fail(errIndexDimsScatter)
	}
	bad := false
	for i := 0; i < nd(self); i++ {
		if i != dim && size(index, i) > size(self, i) {
			bad = true
			break
		}
	}
	for i := 0; !bad && hasSrc && i < nd(self); i++ {
		if len(src) > 0 && i >= len(src) {
			// ensure_nonempty_size's src.size(d)
			return &Error{Kind: IndexError, Msg: fmt.Sprintf(errDimRange, -len(src), len(src)-1, i)}
		}
		if size(index, i) > size(src, i) {
			bad = true
		}
	}
	if hasSrc && nd(src) != nd(index) {
		return fail(errIndexDimsSrc)
	}
	switch {
	case bad && hasSrc:
		return fail(errScatterShapeSrc, ShapeString(index), ShapeString(self), dim, ShapeString(src))
	case bad:
		return fail(errScatterShape, ShapeString(index), ShapeString(self), dim)
	}
	return nil
}

// gatherFlat is gather for a contiguous 0-d or 1-d index (so t is 0-d or
// 1-d too): one pass that checks each index as it reads, in blocks between
// interrupt polls. It reports false for dtypes it leaves to the general
// loop.
func gatherFlat(out, t, index *Tensor, size, stride, dim int) bool {
	n := index.Numel()
	ix := Slice[int64](index.st)[index.offset : index.offset+n]
	switch o := out.st.host().(type) {
	case []float32:
		return gatherFlatT(o[out.offset:out.offset+n], t.st.host().([]float32), t.offset, ix, size, stride, dim)
	case []float64:
		return gatherFlatT(o[out.offset:out.offset+n], t.st.host().([]float64), t.offset, ix, size, stride, dim)
	case []int64:
		return gatherFlatT(o[out.offset:out.offset+n], t.st.host().([]int64), t.offset, ix, size, stride, dim)
	case []int32:
		return gatherFlatT(o[out.offset:out.offset+n], t.st.host().([]int32), t.offset, ix, size, stride, dim)
	}
	return false
}

func gatherFlatT[T Elem](o, src []T, off int, ix []int64, size, stride, dim int) bool {
	const block = 1 << 16
	for lo := 0; lo < len(ix); lo += block {
		CheckInterrupt()
		hi := min(lo+block, len(ix))
		ks, os := ix[lo:hi], o[lo:hi]
		i := 0
		if stride == 1 {
			s := src[off:]
			// four independent loads at a time: their cache misses overlap
			for ; i+4 <= len(ks); i += 4 {
				k0, k1, k2, k3 := uint64(ks[i]), uint64(ks[i+1]), uint64(ks[i+2]), uint64(ks[i+3])
				if max(k0, k1, k2, k3) >= uint64(size) {
					break
				}
				os[i], os[i+1], os[i+2], os[i+3] = s[k0], s[k1], s[k2], s[k3]
			}
		}
		for ; i < len(ks); i++ {
			k := ks[i]
			if uint64(k) >= uint64(size) {
				raise(RuntimeError, errIndexOutOfBoundsDim, k, dim, size)
			}
			os[i] = src[off+int(k)*stride]
		}
	}
	return true
}
