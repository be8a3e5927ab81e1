package tensor

import (
	"math"
)

// Reductions over all dimensions or a list of them (nil or empty: all),
// with PyTorch's dtype rules and its kernels' accumulation orders.

// SumDType is the dtype sum() and cumsum() give a tensor of dtype d: int64
// for integers and bool, d itself for floating types.
func SumDType(d DType) DType {
	if d.IsIntegral(true) {
		return Int64
	}
	return d
}

// Sum is t.sum(dims, keepdim).
func Sum(t *Tensor, dims []int, keepdim bool) *Tensor {
	return SumAs(t, dims, keepdim, SumDType(t.DType()))
}

// SumAs is t.sum(dims, keepdim, dtype=d): t is converted to d first.
func SumAs(t *Tensor, dims []int, keepdim bool, d DType) *Tensor {
	r := newReduction(t, dims, keepdim)
	in := t.To(d)
	if out := accelReduce("sum", r, in, d); out != nil {
		return out
	}
	if d.IsFloat() {
		return floatSum(r, in)
	}
	out, ost := r.output(d)
	g := r.geom(in, ost, out)
	switch od := out.st.host().(type) {
	case []bool:
		id := in.st.host().([]bool)
		g.forRows(func(o, i, n, os, is int) {
			for k := 0; k < n; k++ {
				pollAt(k)
				od[o+k*os] = od[o+k*os] || id[i+k*is]
			}
		})
	case []uint8:
		g.forRows(sumRows(od, in.st.host().([]uint8)))
	case []int8:
		g.forRows(sumRows(od, in.st.host().([]int8)))
	case []int16:
		g.forRows(sumRows(od, in.st.host().([]int16)))
	case []int32:
		g.forRows(sumRows(od, in.st.host().([]int32)))
	case []int64:
		g.forRows(sumRows(od, in.st.host().([]int64)))
	}
	return out
}

// sumRows adds rows of in into out (integers wrap, so order is free).
func sumRows[T Num](od, id []T) func(o, i, n, os, is int) {
	return func(o, i, n, os, is int) {
		if os == 0 {
			var acc T
			for lo := 0; lo < n; lo += pollEvery {
				CheckInterrupt()
				for k := lo; k < min(n, lo+pollEvery); k++ {
					acc += id[i+k*is]
				}
			}
			od[o] += acc
			return
		}
		for k := 0; k < n; k++ {
			od[o+k*os] += id[i+k*is]
		}
	}
}

// Mean is t.mean(dims, keepdim): floating tensors only.
func Mean(t *Tensor, dims []int, keepdim bool) *Tensor {
	if !t.DType().IsFloat() {
		raise(RuntimeError, errMeanInputDType, t.DType().ScalarName())
	}
	return MeanAs(t, dims, keepdim, t.DType())
}

// MeanAs is t.mean(dims, keepdim, dtype=d): the sum in d divided by the
// number of reduced elements, in d.
func MeanAs(t *Tensor, dims []int, keepdim bool, d DType) *Tensor {
	if !d.IsFloat() {
		raise(RuntimeError, errMeanOptDType, d.ScalarName())
	}
	r := newReduction(t, dims, keepdim)
	n := r.reducedCount()
	s := SumAs(t, dims, keepdim, d)
	divScalarInPlace(s, float64(n))
	return s
}

// divScalarInPlace divides a floating tensor (contiguous, fresh) by n in
// its own dtype.
func divScalarInPlace(t *Tensor, n float64) {
	switch d := t.st.host().(type) {
	case []float32:
		f := float32(n)
		for i := range d {
			d[i] /= f
		}
	case []float64:
		for i := range d {
			d[i] /= n
		}
	case []Half:
		f := HalfFromFloat32(float32(n)).Float32()
		for i := range d {
			d[i] = HalfFromFloat32(d[i].Float32() / f)
		}
	case []BF16:
		f := BF16FromFloat32(float32(n)).Float32()
		for i := range d {
			d[i] = BF16FromFloat32(d[i].Float32() / f)
		}
	}
}

// ProdDType is the dtype prod() gives: int64 for integers and bool.
func ProdDType(d DType) DType { return SumDType(d) }

// Prod is t.prod() over dims (nil: all).
func Prod(t *Tensor, dims []int, keepdim bool) *Tensor {
	return ProdAs(t, dims, keepdim, ProdDType(t.DType()))
}

// ProdAs is t.prod(..., dtype=d): t is converted to d first.
func ProdAs(t *Tensor, dims []int, keepdim bool, d DType) *Tensor {
	r := newReduction(t, dims, keepdim)
	if (d == Float16 || d == BFloat16) && t.Numel() > 0 {
		// An empty input never reaches the kernel's dtype dispatch.
		raise(RuntimeError, errNotImplementedDT, "prod_cpu", d.ScalarName())
	}
	in := t.To(d)
	if out := accelReduce("prod", r, in, d); out != nil {
		return out
	}
	out, ost := r.output(d)
	out.Fill(IntS(1))
	g := r.geom(in, ost, out)
	switch od := out.st.host().(type) {
	case []bool:
		id := in.st.host().([]bool)
		g.forRows(func(o, i, n, os, is int) {
			for k := 0; k < n; k++ {
				pollAt(k)
				od[o+k*os] = od[o+k*os] && id[i+k*is]
			}
		})
	case []uint8:
		g.forRows(prodRows(od, in.st.host().([]uint8)))
	case []int8:
		g.forRows(prodRows(od, in.st.host().([]int8)))
	case []int16:
		g.forRows(prodRows(od, in.st.host().([]int16)))
	case []int32:
		g.forRows(prodRows(od, in.st.host().([]int32)))
	case []int64:
		g.forRows(prodRows(od, in.st.host().([]int64)))
	case []float32:
		v := &vecReduce[float32]{in: in.st.host().([]float32), out: od, lanes: 8, op: func(a, b float32) float32 { return a * b }}
		g.for2D(v.block)
	case []float64:
		v := &vecReduce[float64]{in: in.st.host().([]float64), out: od, lanes: 4, op: func(a, b float64) float64 { return a * b }}
		g.for2D(v.block)
	}
	return out
}

func prodRows[T Num](od, id []T) func(o, i, n, os, is int) {
	return func(o, i, n, os, is int) {
		for k := 0; k < n; k++ {
			pollAt(k)
			od[o+k*os] *= id[i+k*is]
		}
	}
}

// vecReduce follows binary_kernel_reduce_vec (ATen's cpu/Reduce.h) for an
// associative op on floats: contiguous inner reductions in four vector
// accumulators, outer reductions a vector of columns at a time, anything
// else one element at a time.
type vecReduce[T accFloat] struct {
	in, out []T
	lanes   int
	op      func(a, b T) T
}

func (v *vecReduce[T]) block(oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
	op := v.op
	switch {
	case o0 == 0 && i0 == 1:
		for j := 0; j < size1; j++ {
			v.inner(oBase+j*o1, iBase+j*i1, size0)
		}
	case o0 == 0 && o1 == 1 && i1 == 1:
		v.outer(oBase, iBase, size0, size1, i0)
	default:
		for j := 0; j < size1; j++ {
			CheckInterrupt()
			for i := 0; i < size0; i++ {
				pollAt(i) // a row may be huge: a stride-0 view of 2**40 elements
				o := oBase + j*o1 + i*o0
				v.out[o] = op(v.out[o], v.in[iBase+j*i1+i*i0])
			}
		}
	}
}

func (v *vecReduce[T]) inner(o, base, n int) {
	L, op, in := v.lanes, v.op, v.in
	count := n / (4 * L)
	if count > 0 {
		acc := make([]T, 4*L)
		copy(acc, in[base:base+4*L])
		for i := 1; i < count; i++ {
			pollAt(i * 4 * L)
			row := in[base+i*4*L : base+(i+1)*4*L]
			for k := range acc {
				acc[k] = op(acc[k], row[k])
			}
		}
		for l := 0; l < L; l++ {
			acc[l] = op(op(acc[l], acc[L+l]), op(acc[2*L+l], acc[3*L+l]))
		}
		b := acc[0]
		for l := 1; l < L; l++ {
			b = op(b, acc[l])
		}
		v.out[o] = op(v.out[o], b)
	}
	for k := count * 4 * L; k < n; k++ {
		v.out[o] = op(v.out[o], in[base+k])
	}
}

func (v *vecReduce[T]) outer(oBase, iBase, size0, size1, redStride int) {
	L, op, in, out := v.lanes, v.op, v.in, v.out
	w := 4 * L
	blocks := size1 / w
	acc := make([]T, w)
	for b := 0; b < blocks; b++ {
		CheckInterrupt()
		ib, ob := iBase+b*w, oBase+b*w
		copy(acc, in[ib:ib+w])
		for i := 1; i < size0; i++ {
			row := in[ib+i*redStride : ib+i*redStride+w]
			for k := range acc {
				acc[k] = op(acc[k], row[k])
			}
		}
		for k := range acc {
			out[ob+k] = op(acc[k], out[ob+k])
		}
	}
	for j := blocks * w; j < size1; j++ {
		for i := 0; i < size0; i++ {
			out[oBase+j] = op(out[oBase+j], in[iBase+j+i*redStride])
		}
	}
}

// checkNonEmptyReduce raises PyTorch's errors for max-like reductions of
// empty tensors: with no dims when the tensor is empty, or over a reduced
// dimension of size zero.
func checkNonEmptyReduce(name string, t *Tensor, dims []int) {
	if t.Numel() != 0 {
		return
	}
	if len(dims) == 0 {
		raise(RuntimeError, errReduceEmptyNoDim, name)
	}
	for _, d := range dims {
		w := WrapDim(d, t.Dim())
		if t.Dim() > 0 && t.shape[w] == 0 {
			raise(IndexError, errReduceZeroSizeDim, name, d) // as given
		}
	}
}

// Amax is t.amax(dims, keepdim): the largest value over dims; NaN wins.
func Amax(t *Tensor, dims []int, keepdim bool) *Tensor {
	return extremum("amax", t, dims, keepdim, true)
}

// Amin is t.amin(dims, keepdim).
func Amin(t *Tensor, dims []int, keepdim bool) *Tensor {
	return extremum("amin", t, dims, keepdim, false)
}

// MaxAll is t.max(): the largest element as a 0-d tensor.
func MaxAll(t *Tensor) *Tensor { return extremum("max", t, nil, false, true) }

// MinAll is t.min().
func MinAll(t *Tensor) *Tensor { return extremum("min", t, nil, false, false) }

func extremum(name string, t *Tensor, dims []int, keepdim, isMax bool) *Tensor {
	// zero_numel_check_dims comes before make_reduction's checks.
	checkNonEmptyReduce(name, t, dims)
	r := newReduction(t, dims, keepdim)
	d := t.DType()
	if d == Float16 || d == BFloat16 {
		return extremum(name, t.To(Float32), dims, keepdim, isMax).To(d)
	}
	op := "amin"
	if isMax {
		op = "amax"
	}
	if out := accelReduce(op, r, t, d); out != nil {
		return out
	}
	out, ost := r.output(d)
	g := r.geom(t, ost, out)
	switch od := out.st.host().(type) {
	case []bool:
		id := t.st.host().([]bool)
		for i := range od {
			od[i] = !isMax
		}
		g.forRows(func(o, i, n, os, is int) {
			for k := 0; k < n; k++ {
				pollAt(k)
				if isMax {
					od[o+k*os] = od[o+k*os] || id[i+k*is]
				} else {
					od[o+k*os] = od[o+k*os] && id[i+k*is]
				}
			}
		})
	case []uint8:
		extremumRows(g, od, t.st.host().([]uint8), isMax, 0, math.MaxUint8)
	case []int8:
		extremumRows(g, od, t.st.host().([]int8), isMax, math.MinInt8, math.MaxInt8)
	case []int16:
		extremumRows(g, od, t.st.host().([]int16), isMax, math.MinInt16, math.MaxInt16)
	case []int32:
		extremumRows(g, od, t.st.host().([]int32), isMax, math.MinInt32, math.MaxInt32)
	case []int64:
		extremumRows(g, od, t.st.host().([]int64), isMax, math.MinInt64, math.MaxInt64)
	case []float32:
		extremumRows(g, od, t.st.host().([]float32), isMax, float32(math.Inf(-1)), float32(math.Inf(1)))
	case []float64:
		extremumRows(g, od, t.st.host().([]float64), isMax, math.Inf(-1), math.Inf(1))
	}
	return out
}

// All is t.all(dims, keepdim): bool, or uint8 for a uint8 tensor.
func All(t *Tensor, dims []int, keepdim bool) *Tensor { return allAny(t, dims, keepdim, true) }

// Any is t.any(dims, keepdim).
func Any(t *Tensor, dims []int, keepdim bool) *Tensor { return allAny(t, dims, keepdim, false) }

func allAny(t *Tensor, dims []int, keepdim, isAll bool) *Tensor {
	r := newReduction(t, dims, keepdim)
	od := Bool
	if t.DType() == Uint8 {
		od = Uint8
	}
	nz := t.To(Bool)
	res, ost := r.output(Bool)
	rd := res.st.host().([]bool)
	for i := range rd {
		rd[i] = isAll
	}
	id := nz.st.host().([]bool)
	g := r.geom(nz, ost, res)
	g.forRows(func(o, i, n, os, is int) {
		for k := 0; k < n; k++ {
			pollAt(k)
			if id[i+k*is] != isAll {
				rd[o+k*os] = !isAll
			}
		}
	})
	return res.To(od)
}

// CountNonzero is t.count_nonzero(dims): int64 counts.
func CountNonzero(t *Tensor, dims []int) *Tensor {
	r := newReduction(t, dims, false)
	nz := t.To(Bool)
	out, ost := r.output(Int64)
	od := out.st.host().([]int64)
	id := nz.st.host().([]bool)
	g := r.geom(nz, ost, out)
	g.forRows(func(o, i, n, os, is int) {
		for k := 0; k < n; k++ {
			pollAt(k)
			if id[i+k*is] {
				od[o+k*os]++
			}
		}
	})
	return out
}

// Logsumexp is t.logsumexp(dims, keepdim): log(sum(exp(t - m))) + m with
// m the (finite) maximum, in t's floating dtype (the default float dtype
// for integer tensors).
func Logsumexp(t *Tensor, dims []int, keepdim bool) *Tensor {
	if t.DType().IsIntegral(true) {
		t = t.To(DefaultFloat())
	}
	d := t.DType()
	if t.Numel() == 0 {
		// sum(exp(t), dims): exp's dtype check comes first.
		if d == Float16 {
			raise(RuntimeError, errNotImplementedDT, "exp_vml_cpu", "Half")
		}
		e := mapFloat(t, math.Exp)
		s := Sum(e, dims, keepdim)
		return mapFloat(s, math.Log)
	}
	newReduction(t, dims, keepdim) // amax's checks of dims
	if d == Float16 {
		raise(RuntimeError, errNotImplementedDT, "exp_vml_cpu", "Half")
	}
	maxes := Amax(t, dims, true)
	mapFloatInPlace(maxes, func(x float64) float64 {
		if math.IsInf(x, 0) {
			return 0
		}
		return x
	})
	// exp(t - maxes), each step rounded to d.
	ex := Empty(t.shape, d)
	i := 0
	switch ed := ex.st.host().(type) {
	case []float32:
		a, m := t.st.host().([]float32), maxes.st.host().([]float32)
		forEachPair(t, maxes.Expand(t.shape), func(ao, bo int) {
			ed[i] = float32(math.Exp(float64(a[ao] - m[bo])))
			i++
		})
	case []float64:
		a, m := t.st.host().([]float64), maxes.st.host().([]float64)
		forEachPair(t, maxes.Expand(t.shape), func(ao, bo int) {
			ed[i] = expCorrect(a[ao] - m[bo])
			i++
		})
	default:
		forEachPair(t, maxes.Expand(t.shape), func(ao, bo int) {
			x := roundTo(d, t.st.Get(ao).F-maxes.st.Get(bo).F)
			ex.st.Set(i, FloatS(roundTo(d, math.Exp(x))))
			i++
		})
	}
	log := math.Log
	if d == Float64 {
		log = crLog
	}
	s := mapFloat(Sum(ex, dims, keepdim), log)
	m := maxes
	if !keepdim {
		m = FromStorage(maxes.st, maxes.offset, s.shape, ContiguousStrides(s.shape))
	}
	forEachPair(s, m, func(so, mo int) {
		s.st.Set(so, FloatS(roundTo(d, s.st.Get(so).F+m.st.Get(mo).F)))
	})
	return s
}

// expCorrect is glibc's exp (libm_glibc.go; Go's math.Exp may be an ulp
// off, which float64 results show).
func expCorrect(x float64) float64 { return GlibcExp(x) }

// roundTo rounds x to the precision of the floating dtype d.
func roundTo(d DType, x float64) float64 {
	switch d {
	case Float32:
		return float64(float32(x))
	case Float16:
		return float64(HalfFromFloat32(float32(x)).Float32())
	case BFloat16:
		return float64(BF16FromFloat32(float32(x)).Float32())
	}
	return x
}

// mapFloat applies f elementwise to a floating tensor, computing in
// float64 and rounding to t's dtype; the result is contiguous.
func mapFloat(t *Tensor, f func(float64) float64) *Tensor {
	out := Empty(t.shape, t.DType())
	i := 0
	switch od := out.st.host().(type) {
	case []float32:
		in := t.st.host().([]float32)
		t.ForEach(func(off int) {
			od[i] = float32(f(float64(in[off])))
			i++
		})
	case []float64:
		in := t.st.host().([]float64)
		t.ForEach(func(off int) {
			od[i] = f(in[off])
			i++
		})
	default:
		t.ForEach(func(off int) {
			out.st.Set(i, FloatS(roundTo(t.DType(), f(t.st.Get(off).F))))
			i++
		})
	}
	return out
}

// mapFloatInPlace applies f to every element of a contiguous floating
// tensor.
func mapFloatInPlace(t *Tensor, f func(float64) float64) {
	t.ForEach(func(off int) {
		t.st.Set(off, FloatS(roundTo(t.DType(), f(t.st.Get(off).F))))
	})
}
