package tensor

import (
	"math"
	"slices"
	"unsafe"
)

// Reductions along one dimension that also return where the result was
// found: max/min(dim), argmax/argmin, median, mode.

// forEachLine calls fn for every line of t along dim: k numbers the lines
// in row-major order of the other dimensions, base is the storage offset
// of the line's first element.
func forEachLine(t *Tensor, dim int, fn func(k, base int)) {
	var shape, strides []int
	for i := range t.shape {
		if i != dim {
			shape = append(shape, t.shape[i])
			strides = append(strides, t.strides[i])
		}
	}
	k := 0
	ForEachOffset(shape, strides, t.offset, func(off int) {
		if k&255 == 0 {
			CheckInterrupt()
		}
		fn(k, off)
		k++
	})
}

// lineOutput returns the output shape of a reduction of t along dim.
func lineOutput(t *Tensor, dim int, keepdim bool) []int {
	out := []int{}
	for i, s := range t.shape {
		switch {
		case i != dim:
			out = append(out, s)
		case keepdim:
			out = append(out, 1)
		}
	}
	return out
}

// MaxDim is t.max(dim, keepdim): the largest values along dim and the
// index of the first of them (of the first NaN when there is one).
func MaxDim(t *Tensor, dim int, keepdim bool) (values, indices *Tensor) {
	return extremumDim("max", t, dim, keepdim, true, true)
}

// MinDim is t.min(dim, keepdim).
func MinDim(t *Tensor, dim int, keepdim bool) (values, indices *Tensor) {
	return extremumDim("min", t, dim, keepdim, false, true)
}

// Argmax is t.argmax(dim, keepdim).
func Argmax(t *Tensor, dim int, keepdim bool) *Tensor {
	if z := argAlongSizeOne(t, dim, keepdim); z != nil {
		return z
	}
	checkArgDType("argmax_cpu", t)
	_, idx := extremumDim("argmax", t, dim, keepdim, true, false)
	return idx
}

// Argmin is t.argmin(dim, keepdim).
func Argmin(t *Tensor, dim int, keepdim bool) *Tensor {
	if z := argAlongSizeOne(t, dim, keepdim); z != nil {
		return z
	}
	checkArgDType("argmin_cpu", t)
	_, idx := extremumDim("argmin", t, dim, keepdim, false, false)
	return idx
}

// argAlongSizeOne is ATen's shortcut for argmax/argmin along a dim of
// size 1: zeros, before the kernel's dtype dispatch (nil otherwise).
func argAlongSizeOne(t *Tensor, dim int, keepdim bool) *Tensor {
	if t.Dim() == 0 {
		return nil
	}
	d := WrapDim(dim, t.Dim())
	if t.shape[d] != 1 {
		return nil
	}
	return Full(lineOutput(t, d, keepdim), IntS(0), Int64)
}

// ArgmaxAll is t.argmax(): the index into the flattened tensor; with
// keepdim the result has t's rank with every size 1.
func ArgmaxAll(t *Tensor, keepdim bool) *Tensor { return argAll("argmax", t, keepdim, true) }

// ArgminAll is t.argmin().
func ArgminAll(t *Tensor, keepdim bool) *Tensor { return argAll("argmin", t, keepdim, false) }

func argAll(name string, t *Tensor, keepdim, isMax bool) *Tensor {
	checkArgDType(name+"_cpu", t)
	if t.Numel() == 0 {
		raise(IndexError, errArgReduceEmpty, name)
	}
	flat := t.Contiguous()
	flat = labelled(FromStorage(flat.st, flat.offset, []int{t.Numel()}, []int{1}), t.device)
	_, idx := extremumDim(name, flat, 0, false, isMax, false)
	if keepdim {
		shape := make([]int, t.Dim())
		for i := range shape {
			shape[i] = 1
		}
		return labelled(FromStorage(idx.st, idx.offset, shape, ContiguousStrides(shape)), idx.device)
	}
	return idx
}

// checkArgDType raises the kernel's dtype error; an empty input never
// reaches the kernel.
func checkArgDType(kernel string, t *Tensor) {
	if t.DType() == Bool && t.Numel() > 0 {
		raise(RuntimeError, errNotImplementedDT, kernel, "Bool")
	}
}

// extremumDim finds the extremum along dim; values is nil unless
// wantValues.
func extremumDim(name string, t *Tensor, dim int, keepdim, isMax, wantValues bool) (*Tensor, *Tensor) {
	d := WrapDim(dim, t.Dim())
	if t.Dim() == 0 {
		// A 0-d tensor is its own extremum, at index 0.
		var v *Tensor
		if wantValues {
			v = t.ContiguousClone()
		}
		return v, Scalar0(IntS(0), Int64)
	}
	n := t.shape[d]
	if n == 0 {
		raise(IndexError, errReduceZeroSizeDim, name, d)
	}
	oshape := lineOutput(t, d, keepdim)
	if vals, idx := accelExtremum(t, d, oshape, isMax, wantValues); idx != nil {
		return vals, idx
	}
	idx := Empty(oshape, Int64)
	id := idx.st.host().([]int64)
	stride := t.strides[d]
	src := t
	if t.DType() == Float16 || t.DType() == BFloat16 {
		src = t.To(Float32)
		stride = src.strides[d]
	}
	switch sd := src.st.host().(type) {
	case []bool:
		forEachLine(src, d, func(k, base int) {
			best := 0
			for i := 1; i < n; i++ {
				x, b := sd[base+i*stride], sd[base+best*stride]
				if (isMax && x && !b) || (!isMax && !x && b) {
					best = i
				}
			}
			id[k] = int64(best)
		})
	case []uint8:
		argLines(src, d, n, stride, sd, id, isMax)
	case []int8:
		argLines(src, d, n, stride, sd, id, isMax)
	case []int16:
		argLines(src, d, n, stride, sd, id, isMax)
	case []int32:
		argLines(src, d, n, stride, sd, id, isMax)
	case []int64:
		argLines(src, d, n, stride, sd, id, isMax)
	case []float32:
		argLines(src, d, n, stride, sd, id, isMax)
	case []float64:
		argLines(src, d, n, stride, sd, id, isMax)
	}
	if !wantValues {
		return nil, idx
	}
	vals := Empty(oshape, t.DType())
	i := 0
	forEachLine(t, d, func(k, base int) {
		vals.st.Set(i, t.st.Get(base+int(id[k])*t.strides[d]))
		i++
	})
	return vals, idx
}

// argLines stores in id, for every line along dim, the index of its first
// extremum (NaN counts as larger and smaller than everything).
func argLines[T Num](t *Tensor, dim, n, stride int, data []T, id []int64, isMax bool) {
	forEachLine(t, dim, func(k, base int) {
		best := 0
		bv := data[base]
		if bv == bv {
			for i := 1; i < n; i++ {
				x := data[base+i*stride]
				if x != x {
					best = i
					break
				}
				if (isMax && x > bv) || (!isMax && x < bv) {
					best, bv = i, x
				}
			}
		}
		id[k] = int64(best)
	})
}

// Median is t.median(): the lower median of all elements, NaN if any
// element is NaN (or the tensor is empty).
func Median(t *Tensor) *Tensor {
	if t.Numel() == 0 {
		// Before the kernel's dtype dispatch.
		return Scalar0(FloatS(math.NaN()), Float32).To(t.DType())
	}
	checkMedianDType("median_cpu", t)
	out := Empty(nil, t.DType())
	if t.DType().IsIntegral(false) {
		vals := t.To(Int64).Contiguous()
		v := slices.Clone(vals.st.host().([]int64)[vals.offset : vals.offset+t.Numel()])
		slices.Sort(v)
		out.st.Set(0, IntS(v[(len(v)-1)/2]))
		return out
	}
	vals := t.To(Float64).Contiguous()
	v := slices.Clone(vals.st.host().([]float64)[vals.offset : vals.offset+t.Numel()])
	for _, x := range v {
		if x != x {
			out.st.Set(0, FloatS(x))
			return out
		}
	}
	slices.Sort(v)
	out.st.Set(0, FloatS(v[(len(v)-1)/2]))
	return out
}

func checkMedianDType(kernel string, t *Tensor) {
	switch t.DType() {
	case Bool, Float16:
		raise(RuntimeError, errNotImplementedDT, kernel, t.DType().ScalarName())
	}
}

// MedianDim is t.median(dim, keepdim): the lower median of each line and
// its index, where equal values are ordered by index; a line with NaN
// gives its first NaN.
func MedianDim(t *Tensor, dim int, keepdim bool) (values, indices *Tensor) {
	if t.Dim() > 0 {
		// The zero-size check comes before the kernel's dtype dispatch.
		if d := WrapDim(dim, t.Dim()); t.shape[d] == 0 && Numel(lineOutput(t, d, keepdim)) != 0 {
			raise(IndexError, errReduceZeroSizeDim, "median", d)
		}
	}
	checkMedianDType("median_out", t)
	return sortedLineReduce("median", t, dim, keepdim, func(p []valIdx) valIdx {
		for _, e := range p {
			if e.v != e.v {
				return e
			}
		}
		k := (len(p) - 1) / 2
		selectValIdx(p, k)
		return p[k]
	})
}

// ModeDim is t.mode(dim, keepdim): the most frequent value of each line
// (the smallest of equally frequent ones) and the index of its last
// occurrence.
func ModeDim(t *Tensor, dim int, keepdim bool) (values, indices *Tensor) {
	return sortedLineReduce("mode", t, dim, keepdim, func(p []valIdx) valIdx {
		slices.SortFunc(p, cmpValIdx)
		best, bestN, run := p[0], 0, 0
		for i := range p {
			run++
			if i == len(p)-1 || p[i].v != p[i+1].v || p[i].iv != p[i+1].iv {
				if run > bestN {
					best, bestN = p[i], run
				}
				run = 0
			}
		}
		return best
	})
}

// selectValIdx reorders p so that p[k] is the k-th smallest in cmpValIdx
// order (quickselect; the order is total, so the result is unique).
func selectValIdx(p []valIdx, k int) {
	lo, hi := 0, len(p)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		// median of three as the pivot
		if cmpValIdx(p[mid], p[lo]) < 0 {
			p[mid], p[lo] = p[lo], p[mid]
		}
		if cmpValIdx(p[hi], p[lo]) < 0 {
			p[hi], p[lo] = p[lo], p[hi]
		}
		if cmpValIdx(p[hi], p[mid]) < 0 {
			p[hi], p[mid] = p[mid], p[hi]
		}
		pivot := p[mid]
		i, j := lo, hi
		for i <= j {
			for cmpValIdx(p[i], pivot) < 0 {
				i++
			}
			for cmpValIdx(p[j], pivot) > 0 {
				j--
			}
			if i <= j {
				p[i], p[j] = p[j], p[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// valIdx is an element of a line and its index. Integers keep their exact
// value in iv (int64 beyond 2^53 does not fit v).
type valIdx struct {
	v  float64
	iv int64
	i  int
}

// cmpValIdx orders by value, then by index.
func cmpValIdx(a, b valIdx) int {
	switch {
	case a.v < b.v, a.v == b.v && a.iv < b.iv:
		return -1
	case a.v > b.v, a.v == b.v && a.iv > b.iv:
		return 1
	}
	return a.i - b.i
}

// sortedLineReduce picks one element of every line along dim with pick.
func sortedLineReduce(name string, t *Tensor, dim int, keepdim bool, pick func([]valIdx) valIdx) (*Tensor, *Tensor) {
	if t.Dim() == 0 {
		WrapDim(dim, 0)
		return t.ContiguousClone(), Scalar0(IntS(0), Int64)
	}
	d := WrapDim(dim, t.Dim())
	n := t.shape[d]
	oshape := lineOutput(t, d, keepdim)
	if n == 0 {
		if Numel(oshape) != 0 {
			raise(IndexError, errReduceZeroSizeDim, name, d)
		}
		return Empty(oshape, t.DType()), Empty(oshape, Int64)
	}
	vals := Empty(oshape, t.DType())
	idx := Empty(oshape, Int64)
	id := idx.st.host().([]int64)
	CheckAllocBytes(int64(n) * int64(unsafe.Sizeof(valIdx{})))
	buf := make([]valIdx, n)
	isFloat := t.DType().IsFloat()
	fv := floatValues(t)
	forEachLine(t, d, func(k, base int) {
		for i := range buf {
			off := base + i*t.strides[d]
			if isFloat {
				buf[i] = valIdx{v: fv(off), i: i}
			} else {
				x := t.st.Get(off).I
				buf[i] = valIdx{v: float64(x), iv: x, i: i}
			}
		}
		e := pick(buf)
		id[k] = int64(e.i)
		vals.st.Set(k, t.st.Get(base+e.i*t.strides[d]))
	})
	return vals, idx
}
