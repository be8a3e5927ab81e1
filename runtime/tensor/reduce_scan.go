package tensor

// Cumsum is t.cumsum(dim): running sums along dim, int64 for integer and
// bool tensors.
func Cumsum(t *Tensor, dim int) *Tensor { return CumsumAs(t, dim, SumDType(t.DType())) }

// CumsumAs is t.cumsum(dim, dtype=d): t is converted to d first.
func CumsumAs(t *Tensor, dim int, d DType) *Tensor { return scan("cumsum", t, dim, d, false) }

// Cumprod is t.cumprod(dim).
func Cumprod(t *Tensor, dim int) *Tensor { return CumprodAs(t, dim, SumDType(t.DType())) }

// CumprodAs is t.cumprod(dim, dtype=d).
func CumprodAs(t *Tensor, dim int, d DType) *Tensor { return scan("cumprod", t, dim, d, true) }

// scan runs ATen's cpu_cum_base_kernel: along each line, an accumulator of
// the CPU accumulate type (double for float, float for bfloat16, int64 for
// integers) is stored, rounded to d, after every element.
func scan(name string, t *Tensor, dim int, d DType, prod bool) *Tensor {
	w := WrapDim(dim, t.Dim())
	out := Empty(t.shape, d)
	if t.Numel() == 0 {
		return out
	}
	if t.Dim() == 0 {
		// A 0-d tensor is copied before the kernel's dtype dispatch.
		CopyInto(out, t)
		return out
	}
	if d == Float16 || d == Bool {
		raise(RuntimeError, errNotImplementedDT, name+"_out_cpu", d.ScalarName())
	}
	in := t.To(d)
	n, is := in.shape[w], in.strides[w]
	os := out.strides[w]
	if accelScan(prod, out, in, w) {
		return out
	}
	lines := func(fn func(ib, ob int)) {
		var shape, istr, ostr []int
		for i := range in.shape {
			if i != w {
				shape = append(shape, in.shape[i])
				istr = append(istr, in.strides[i])
				ostr = append(ostr, out.strides[i])
			}
		}
		CheckAllocBytes(int64(Numel(shape)) * 8)
		ib := make([]int, 0, Numel(shape))
		ForEachOffset(shape, istr, in.offset, func(off int) { ib = append(ib, off) })
		k := 0
		ForEachOffset(shape, ostr, 0, func(off int) {
			if k&255 == 0 {
				CheckInterrupt()
			}
			fn(ib[k], off)
			k++
		})
	}
	switch od := out.st.host().(type) {
	case []uint8:
		lines(intScan(od, in.st.host().([]uint8), n, is, os, prod))
	case []int8:
		lines(intScan(od, in.st.host().([]int8), n, is, os, prod))
	case []int16:
		lines(intScan(od, in.st.host().([]int16), n, is, os, prod))
	case []int32:
		lines(intScan(od, in.st.host().([]int32), n, is, os, prod))
	case []int64:
		lines(intScan(od, in.st.host().([]int64), n, is, os, prod))
	case []float32:
		id := in.st.host().([]float32)
		lines(func(ib, ob int) {
			acc := 0.0
			if prod {
				acc = 1
			}
			for i := 0; i < n; i++ {
				if prod {
					acc *= float64(id[ib+i*is])
				} else {
					acc += float64(id[ib+i*is])
				}
				od[ob+i*os] = float32(acc)
			}
		})
	case []float64:
		id := in.st.host().([]float64)
		lines(func(ib, ob int) {
			acc := 0.0
			if prod {
				acc = 1
			}
			for i := 0; i < n; i++ {
				if prod {
					acc *= id[ib+i*is]
				} else {
					acc += id[ib+i*is]
				}
				od[ob+i*os] = acc
			}
		})
	case []BF16:
		id := in.st.host().([]BF16)
		lines(func(ib, ob int) {
			var acc float32
			if prod {
				acc = 1
			}
			for i := 0; i < n; i++ {
				if prod {
					acc *= id[ib+i*is].Float32()
				} else {
					acc += id[ib+i*is].Float32()
				}
				od[ob+i*os] = BF16FromFloat32(acc)
			}
		})
	}
	return out
}

// intScan accumulates in int64 and stores each running value truncated to
// the output type.
func intScan[T Num](od, id []T, n, is, os int, prod bool) func(ib, ob int) {
	return func(ib, ob int) {
		var acc int64
		if prod {
			acc = 1
		}
		for i := 0; i < n; i++ {
			if prod {
				acc *= int64(id[ib+i*is])
			} else {
				acc += int64(id[ib+i*is])
			}
			od[ob+i*os] = T(acc)
		}
	}
}
