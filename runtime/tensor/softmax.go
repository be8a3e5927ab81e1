package tensor

import "math"

// softmax and log_softmax as PyTorch 1.13's CPU kernels compute them
// (aten/src/ATen/native/cpu/SoftMaxKernel.cpp, SoftMax.cpp) with one
// thread: along the last dimension, the vectorised _vec_softmax_lastdim
// and _vec_log_softmax_lastdim (lanes of 8 floats or 4 doubles, SLEEF's
// exp and log, reduce_all's lane order); along another dimension,
// _vec_softmax (8 inner positions at a time, the rest scalar with the C
// library's exp) and, for log_softmax, host_softmax (sum in double).
// bfloat16: log_softmax along the last dimension as its kernel rounds
// (logSoftmaxBF16); otherwise computed in float32 and rounded, which may
// differ from PyTorch's bfloat16 kernels in the last bit.

// Softmax is torch.softmax(t, dim) (log_softmax with log).
func Softmax(t *Tensor, dim int, log bool) *Tensor {
	if t.Numel() == 0 {
		if t.Dim() > 0 {
			WrapDim(dim, t.Dim())
		}
		return Empty(t.shape, t.DType())
	}
	switch t.DType() {
	case Float32, Float64, BFloat16:
	default:
		kernel := "softmax_lastdim_kernel_impl"
		if log {
			kernel = "log_softmax_lastdim_kernel_impl"
		}
		if t.Dim() > 0 && WrapDim(dim, t.Dim()) != t.Dim()-1 {
			kernel = "softmax_kernel_impl"
		}
		raise(RuntimeError, errNotImplementedDT, kernel, t.DType().ScalarName())
	}
	in := t
	if t.Dim() == 0 {
		WrapDim(dim, 0)
		in = t.Reshape([]int{1})
		dim = 0
	}
	d := WrapDim(dim, in.Dim())
	if in.DType() == BFloat16 {
		if log && d == in.Dim()-1 {
			return logSoftmaxBF16(in).Reshape(t.shape)
		}

		return Softmax(in.To(Float32), d, log).To(BFloat16).Reshape(t.shape)
	}
	c := in.Contiguous()
	out := EmptyUninit(in.shape, in.DType()) // every element written below
	n := in.Numel()
	if n == 0 {
		return out.Reshape(t.shape)
	}
	dimSize := in.shape[d]
	inner := 1
	for _, s := range in.shape[d+1:] {
		inner *= s
	}
	outer := n / (dimSize * inner)
	switch x := c.st.host().(type) {
	case []float32:
		src, dst := x[c.offset:c.offset+n], Slice[float32](out.st)
		softmaxDispatch(src, dst, outer, dimSize, inner, log, 8, sleefExpf, sleefLogf, glibcExpf)
	case []float64:
		src, dst := x[c.offset:c.offset+n], Slice[float64](out.st)
		softmaxDispatch(src, dst, outer, dimSize, inner, log, 4, math.Exp, math.Log, math.Exp)
	}
	return out.Reshape(t.shape)
}

func softmaxDispatch[T float32 | float64](src, dst []T, outer, dimSize, inner int, log bool, lanes int, vexp, vlog, sexp func(T) T) {
	switch {
	case inner == 1:
		row := func(in, out []T) { softmaxRowRef(in, out, log, lanes, vexp, vlog) }
		if isF32[T]() {
			row = func(in, out []T) { softmaxRowF32(asF32(in), asF32(out), log) }
		}
		softmaxRows(src, dst, outer, dimSize, row)
	case log:
		hostLogSoftmax(src, dst, outer, dimSize, inner, sexp)
	default:
		vecSoftmaxInner(src, dst, outer, dimSize, inner, lanes, vexp, sexp)
	}
}

// reduceMaxVec is reduce_all with vec::maximum: NaN propagates.
func reduceMaxVec[T float32 | float64](row []T) T {
	mx := row[0]
	for _, x := range row {
		if x != x {
			return x
		}
		if x > mx {
			mx = x
		}
	}
	return mx
}

// laneTree is vec_reduce_all's horizontal sum of a full vector: lane i
// adds lane i^s for s = lanes/2, ..., 1, and lane 0 is the result.
func laneTree[T float32 | float64](acc []T) T {
	v := append([]T{}, acc...)
	for s := len(v) / 2; s >= 1; s /= 2 {
		w := make([]T, len(v))
		for i := range v {
			w[i] = v[i] + v[i^s]
		}
		v = w
	}
	return v[0]
}

// sumVec is reduce_all with + over a row.
func sumVec[T float32 | float64](row []T, lanes int) T {
	return mapSumVecF(row, lanes, func(x T) T { return x })
}

// mapSumVec is map_reduce_all(exp(x - mx), +).
func mapSumVec[T float32 | float64](row []T, mx T, lanes int, vexp func(T) T) T {
	return mapSumVecF(row, lanes, func(x T) T { return vexp(x - mx) })
}

func mapSumVecF[T float32 | float64](row []T, lanes int, f func(T) T) T {
	n := len(row)
	if n < lanes {
		s := f(row[0])
		for _, x := range row[1:] {
			s += f(x)
		}
		return s
	}
	acc := make([]T, lanes)
	for i := range acc {
		acc[i] = f(row[i])
	}
	d := lanes
	for ; d < n-n%lanes; d += lanes {
		for i := range acc {
			acc[i] += f(row[d+i])
		}
	}
	for i := 0; d+i < n; i++ {
		acc[i] += f(row[d+i])
	}
	return laneTree(acc)
}

// vecSoftmaxInner is _vec_softmax: softmax along a dimension with inner
// elements after it, lanes inner positions at a time (SLEEF's exp,
// division by the sum), the positions left over one at a time (the C
// library's exp, std::max).
func vecSoftmaxInner[T float32 | float64](src, dst []T, outer, dimSize, inner, lanes int, vexp, sexp func(T) T) {
	total := outer * inner
	for idx := 0; idx < total; {
		pollAt(idx)
		o, in := idx/inner, idx%inner
		base := o*dimSize*inner + in
		if in+lanes <= inner {
			for l := 0; l < lanes; l++ {
				p := base + l
				mx := src[p]
				for k := 1; k < dimSize; k++ {
					x := src[p+k*inner]
					if x != x || mx != mx {
						mx = T(math.NaN())
					} else if x > mx {
						mx = x
					}
				}
				var sum T
				for k := 0; k < dimSize; k++ {
					e := vexp(src[p+k*inner] - mx)
					dst[p+k*inner] = e
					sum += e
				}
				for k := 0; k < dimSize; k++ {
					dst[p+k*inner] /= sum
				}
			}
			idx += lanes
			continue
		}
		tail := inner - in
		for l := 0; l < tail; l++ {
			p := base + l
			mx := src[p]
			for k := 1; k < dimSize; k++ {
				if x := src[p+k*inner]; mx < x {
					mx = x
				}
			}
			var sum T
			for k := 0; k < dimSize; k++ {
				e := sexp(src[p+k*inner] - mx)
				dst[p+k*inner] = e
				sum += e
			}
			for k := 0; k < dimSize; k++ {
				dst[p+k*inner] /= sum
			}
		}
		idx += tail
	}
}

// hostLogSoftmax is host_softmax<scalar_t, LogSoftMax=true>: std::max,
// the C library's exp, the sum and its log in double.
func hostLogSoftmax[T float32 | float64](src, dst []T, outer, dimSize, inner int, sexp func(T) T) {
	for o := 0; o < outer; o++ {
		for in := 0; in < inner; in++ {
			p := o*dimSize*inner + in
			mx := src[p]
			for k := 1; k < dimSize; k++ {
				if x := src[p+k*inner]; mx < x {
					mx = x
				}
			}
			var sum float64
			for k := 0; k < dimSize; k++ {
				sum += float64(sexp(src[p+k*inner] - mx))
			}
			ls := math.Log(sum)
			for k := 0; k < dimSize; k++ {
				dst[p+k*inner] = T(float64(src[p+k*inner]-mx) - ls)
			}
		}
		pollAt(o * dimSize * inner)
	}
}

// logSoftmaxBF16 is _vec_log_softmax_lastdim for bfloat16: the maximum
// and the sum of exponentials in float, the sum and its log stored as
// bfloat16 (the kernel's scalar_t buffers), x - max - log(sum) rounded
// to bfloat16.
func logSoftmaxBF16(t *Tensor) *Tensor {
	f := t.To(Float32).Contiguous()
	n := t.shape[t.Dim()-1]
	src := Slice[float32](f.st)[f.offset : f.offset+f.Numel()]
	out := Empty(t.shape, BFloat16)
	dst := Slice[BF16](out.st)
	r := func(x float32) float32 { return BF16FromFloat32(x).Float32() }
	for o := 0; o+n <= len(src); o += n {
		row := src[o : o+n]
		mx := reduceMaxVec(row)
		sum := r(mapSumVec(row, mx, 8, sleefExpf))
		ls := r(sleefLogf(sum))
		for i, x := range row {
			dst[o+i] = BF16FromFloat32(x - mx - ls)
		}
	}
	return out
}
