package tensor

import (
	"math"
	"slices"
)

// This file holds the in-place writes that are not arithmetic: fill_,
// zero_, copy_, masked_fill_ and index_fill_ (and their out-of-place
// forms), on the same loop engine.

// scalarValue returns the number an Operand stands for: a Python number,
// or the element of a 0-d tensor (dimMsg is the error for other tensors).
func scalarValue(v Operand, dimMsg string) Scalar {
	if v.T == nil {
		return v.S
	}
	if v.T.Dim() != 0 {
		raise(RuntimeError, dimMsg, v.T.Dim())
	}
	return v.T.Item()
}

// writeView returns a view of t that writes each memory location once:
// dimensions of stride 0 (expanded ones) shrink to size 1.
func writeView(t *Tensor) *Tensor {
	shape := append([]int{}, t.shape...)
	for i, s := range t.strides {
		if s == 0 && shape[i] > 1 {
			shape[i] = 1
		}
	}
	return t.view(t.offset, shape, append([]int{}, t.strides...))
}

// Fill is x.fill_(value): every element set to value (a Python number or a
// 0-d tensor), converted to x's dtype. An expanded x is allowed.
func Fill(x *Tensor, value Operand) *Tensor {
	v := scalarValue(value, errFillDim)
	CheckScalar(v, x.DType())
	fillScalar(x, v)
	return x
}

// fillScalar sets every element of x to v (no checks).
func fillScalar(x *Tensor, v Scalar) {
	w := writeView(x)
	src := Scalar0(v, x.DType())
	runCopy(w, src)
}

// Zero is x.zero_().
func Zero(x *Tensor) *Tensor {
	fillScalar(x, IntS(0))
	return x
}

// Copy is dst.copy_(src): src broadcast to dst's shape (in place: dst
// never changes shape) and converted to dst's dtype as a C++ cast does.
func Copy(dst *Tensor, src Operand, opts Opts) *Tensor {
	var sb shapeBuf
	ops := []Operand{TensorOperand(dst), src}
	opts.Inplace = true
	AssertNoInternalOverlap(dst)
	if src.T != nil && src.T != dst {
		AssertNoPartialOverlap(dst, src.T)
	}
	broadcastShape(&sb, ops, &opts)
	if src.T == dst {
		return dst
	}
	runCopy(dst, src.tensorOf(dst.DType()))
	return dst
}

// runCopy copies src (of dst's dtype, broadcastable to dst's shape) into
// dst.
func runCopy(dst, src *Tensor) {
	if onAccelerator(dst) && accelerator.Copy(dst, src) {
		return
	}
	p := planOver(dst, src)
	s := [2]int{p.strides[0][0], p.strides[1][0]}
	switch o := dst.st.host().(type) {
	case []bool:
		runLoop(&p, copyKernel[bool]{o, src.st.host().([]bool), s})
	case []uint8:
		runLoop(&p, copyKernel[uint8]{o, src.st.host().([]uint8), s})
	case []int8:
		runLoop(&p, copyKernel[int8]{o, src.st.host().([]int8), s})
	case []int16:
		runLoop(&p, copyKernel[int16]{o, src.st.host().([]int16), s})
	case []int32:
		runLoop(&p, copyKernel[int32]{o, src.st.host().([]int32), s})
	case []int64:
		runLoop(&p, copyKernel[int64]{o, src.st.host().([]int64), s})
	case []Half:
		runLoop(&p, copyKernel[Half]{o, src.st.host().([]Half), s})
	case []BF16:
		runLoop(&p, copyKernel[BF16]{o, src.st.host().([]BF16), s})
	case []float32:
		runLoop(&p, copyKernel[float32]{o, src.st.host().([]float32), s})
	case []float64:
		runLoop(&p, copyKernel[float64]{o, src.st.host().([]float64), s})
	}
}

// copyKernel copies elements of one type.
//
// Reference loop: o[i] = a[i].
type copyKernel[T Elem] struct {
	o, a []T
	s    [2]int
}

func (k copyKernel[T]) row(offs rowOffsets, n int) {
	o, a := k.o[offs[0]:], k.a[offs[1]:]
	os, as := k.s[0], k.s[1]
	switch {
	case os == 1 && as == 1:
		copy(o[:n], a[:n])
	case os == 1 && as == 0:
		v := a[0]
		o = o[:n]
		for i := range o {
			o[i] = v
		}
	default:
		for i := 0; i < n; i++ {
			o[i*os] = a[i*as]
		}
	}
}

// MaskedFill is x.masked_fill_(mask, value) (Inplace) or
// x.masked_fill(mask, value): value where mask is true. The mask
// broadcasts; value is a Python number or a 0-d tensor.
func MaskedFill(x, mask *Tensor, value Operand, opts Opts) *Tensor {
	var sb shapeBuf
	var shape []int
	if !opts.Inplace {
		// PyTorch's masked_fill first expands the mask and the input
		// (expand_outplace(mask, self): the mask is "tensor a"), then
		// fills a copy with masked_fill_, whose checks come after.
		shape = broadcastShape(&sb, []Operand{TensorOperand(mask), TensorOperand(x)}, &opts)
	}
	if value.T != nil {
		if msg := MaskedFillValueError(value.T.Dim()); msg != "" {
			raise(RuntimeError, "%s", msg)
		}
	}
	v := scalarValue(value, errMaskedFillDim)
	m := maskAsBool(mask, opts)
	if !opts.Inplace {
		r := Empty(shape, x.DType())
		r.device = x.device
		runCopy(r, x)
		x = r
	} else {
		if HasInternalOverlap(x) == OverlapYes {
			opts.warn(errExpandedWrite, "masked_fill_", 1651)
		}
		AssertNoPartialOverlap(x, mask)
		broadcastShape(&sb, []Operand{TensorOperand(x), TensorOperand(m)}, &opts)
	}
	CheckScalar(v, x.DType())
	src := Scalar0(v, x.DType())
	if onAccelerator(x) && HasInternalOverlap(x) != OverlapYes && accelerator.Where(x, m, src, x) {
		return x
	}
	w := x
	p := planOver(w, m)
	s := [2]int{p.strides[0][0], p.strides[1][0]}
	md := m.st.host().([]bool)
	switch o := w.st.host().(type) {
	case []bool:
		runMasked(&p, maskedFillKernel[bool]{o, md, src.st.host().([]bool)[0], s}, w)
	case []uint8:
		runMasked(&p, maskedFillKernel[uint8]{o, md, src.st.host().([]uint8)[0], s}, w)
	case []int8:
		runMasked(&p, maskedFillKernel[int8]{o, md, src.st.host().([]int8)[0], s}, w)
	case []int16:
		runMasked(&p, maskedFillKernel[int16]{o, md, src.st.host().([]int16)[0], s}, w)
	case []int32:
		runMasked(&p, maskedFillKernel[int32]{o, md, src.st.host().([]int32)[0], s}, w)
	case []int64:
		runMasked(&p, maskedFillKernel[int64]{o, md, src.st.host().([]int64)[0], s}, w)
	case []Half:
		runMasked(&p, maskedFillKernel[Half]{o, md, src.st.host().([]Half)[0], s}, w)
	case []BF16:
		runMasked(&p, maskedFillKernel[BF16]{o, md, src.st.host().([]BF16)[0], s}, w)
	case []float32:
		runMasked(&p, maskedFillKernel[float32]{o, md, src.st.host().([]float32)[0], s}, w)
	case []float64:
		runMasked(&p, maskedFillKernel[float64]{o, md, src.st.host().([]float64)[0], s}, w)
	}
	return x
}

// runMasked runs a masked write; on an expanded tensor (several elements
// at one location) it runs on one goroutine, so that the writes are
// ordered as PyTorch's.
func runMasked[K rowKernel](p *loopPlan, k K, w *Tensor) {
	if HasInternalOverlap(w) == OverlapYes {
		if p.numel > 0 {
			runRange(p, k, 0, p.numel)
		}
		return
	}
	runLoop(p, k)
}

// maskedFillKernel writes v where the mask is true.
//
// Reference loop: if m[i] { o[i] = v }.
type maskedFillKernel[T Elem] struct {
	o []T
	m []bool
	v T
	s [2]int
}

func (k maskedFillKernel[T]) row(offs rowOffsets, n int) {
	o, m := k.o[offs[0]:], k.m[offs[1]:]
	os, ms := k.s[0], k.s[1]
	for i := 0; i < n; i++ {
		if m[i*ms] {
			o[i*os] = k.v
		}
	}
}

// maskAsBool returns a masked_fill mask as a bool tensor. A uint8 mask is
// deprecated (with a warning); other dtypes are read as PyTorch 1.13 reads
// them, by the first byte of each element.
func maskAsBool(mask *Tensor, opts Opts) *Tensor {
	switch mask.DType() {
	case Bool:
		return mask
	case Uint8:
		opts.warn(WarnMaskedFillUint8)
		return mask.To(Bool)
	}
	c := mask.Contiguous()
	out := Empty(c.shape, Bool)
	o := out.st.host().([]bool)
	n := c.Numel()
	switch d := c.st.host().(type) {
	case []int8:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = v != 0
		}
	case []int16:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = v&0xff != 0
		}
	case []int32:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = v&0xff != 0
		}
	case []int64:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = v&0xff != 0
		}
	case []Half:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = v&0xff != 0
		}
	case []BF16:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = v&0xff != 0
		}
	case []float32:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = math.Float32bits(v)&0xff != 0
		}
	case []float64:
		for i, v := range d[c.offset : c.offset+n] {
			o[i] = math.Float64bits(v)&0xff != 0
		}
	}
	return out
}

// IndexFill is x.index_fill_(dim, index, value) (Inplace) or
// x.index_fill(...): the slices of x at the given indices along dim set to
// value (a Python number or a 0-d tensor).
func IndexFill(x *Tensor, dim int, index *Tensor, value Operand, opts Opts) *Tensor {
	v := scalarValue(value, errIndexFillDim)
	if index.DType() != Int64 {
		raise(IndexError, errIndexFillDType)
	}
	d := WrapDim(dim, x.Dim())
	if index.Dim() > 1 {
		raise(RuntimeError, errIndexFillVector)
	}
	if !opts.Inplace {
		r := Empty(x.shape, x.DType())
		runCopy(r, x)
		x = r
	} else if HasInternalOverlap(x) == OverlapYes {
		opts.warn(errExpandedWrite, "index_fill_", 1278)
	}
	CheckScalar(v, x.DType())
	size := 1
	if x.Dim() > 0 {
		size = x.shape[d]
		// ATen restrides self to index.numel() along dim with stride 0
		// (as_strided, with its bounds check: an empty dim with a
		// non-empty index fails there), and then checks only the
		// indices that the restrided loop visits.
		sizes, strides := slices.Clone(x.shape), slices.Clone(x.strides)
		sizes[d], strides[d] = index.Numel(), 0
		x.AsStrided(sizes, strides, x.offset)
		if Numel(sizes) == 0 {
			return x
		}
	}
	idx := index.Contiguous()
	data := idx.st.host().([]int64)[idx.offset : idx.offset+idx.Numel()]
	for _, i := range data {
		if i < -int64(size) || i >= int64(size) {
			raise(IndexError, errIndexOutOfBounds, i, d, size)
		}
	}
	for _, i := range data {
		if i < 0 {
			i += int64(size)
		}
		if x.Dim() == 0 {
			fillScalar(x, v)
			continue
		}
		fillScalar(x.Select(d, int(i)), v)
	}
	return x
}
