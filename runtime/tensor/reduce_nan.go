package tensor

import "math"

// var_mean/std_mean, nansum, nanmean and aminmax.

// VarMean is torch.var_mean (std_mean with sqrt): the variance (or
// standard deviation) and the mean over dims, both from one Welford pass
// in double per output, as ATen's std_var_mean_out computes them (so the
// mean's last bit may differ from torch.mean's).
func VarMean(t *Tensor, dims []int, correction float64, keepdim, sqrt bool) (v, mean *Tensor) {
	if !t.DType().IsFloat() {
		name := "var_mean"
		if sqrt {
			name = "std_mean"
		}
		raise(RuntimeError, errStdMeanDType, name)
	}
	r := newReduction(t, dims, keepdim)
	d := t.DType()
	out, ost := r.output(d)
	mean = Empty(out.shape, d)
	if t.Numel() == 0 {
		out.Fill(FloatS(math.NaN()))
		mean.Fill(FloatS(math.NaN()))
		return out, mean
	}
	acc := welfordLines(r, t, out, ost)
	for i, a := range acc {
		div := 0.0
		if a.n > correction {
			div = a.n - correction
		}
		x := a.m2 / div
		if sqrt {
			x = math.Sqrt(x)
		}
		out.st.Set(i, FloatS(x))
		mean.st.Set(i, FloatS(a.mean))
	}
	return out, mean
}

// zeroNaN returns t with its NaNs replaced by zeros (a copy with t's
// layout; t itself when it cannot hold NaN).
func zeroNaN(t *Tensor) *Tensor {
	if !t.DType().IsFloat() {
		return t
	}
	c := t.Clone()
	switch s := c.st.host().(type) {
	case []float32:
		for i, x := range s {
			if x != x {
				s[i] = 0
			}
		}
	case []float64:
		for i, x := range s {
			if x != x {
				s[i] = 0
			}
		}
	case []Half:
		for i, x := range s {
			if x&0x7c00 == 0x7c00 && x&0x3ff != 0 {
				s[i] = 0
			}
		}
	case []BF16:
		for i, x := range s {
			if x&0x7f80 == 0x7f80 && x&0x7f != 0 {
				s[i] = 0
			}
		}
	}
	return c
}

// Nansum is torch.nansum: sum with NaN counted as zero (the same
// summation order as Sum).
func Nansum(t *Tensor, dims []int, keepdim bool) *Tensor {
	return Sum(zeroNaN(t), dims, keepdim)
}

// NansumAs is Nansum computed in dtype d.
func NansumAs(t *Tensor, dims []int, keepdim bool, d DType) *Tensor {
	return SumAs(zeroNaN(t), dims, keepdim, d)
}

// Nanmean is torch.nanmean: nansum divided by the number of non-NaN
// elements.
func Nanmean(t *Tensor, dims []int, keepdim bool, d DType, hasD bool) *Tensor {
	if !t.DType().IsFloat() {
		raise(RuntimeError, errNanmeanDType, t.DType().ScalarName())
	}
	notNaN := Empty(t.shape, Bool)
	b := Slice[bool](notNaN.st)
	vals := floatValues(t)
	k := 0
	t.ForEach(func(off int) {
		x := vals(off)
		b[k] = x == x
		k++
	})
	count := Sum(notNaN, dims, keepdim)
	var s *Tensor
	if hasD {
		s = NansumAs(t, dims, keepdim, d)
	} else {
		s = Nansum(t, dims, keepdim)
	}
	return Div(TensorOperand(s), TensorOperand(count), "", Opts{})
}

// Aminmax is torch.aminmax: Amin and Amax over dim (nil for all).
func Aminmax(t *Tensor, dim *int, keepdim bool) (lo, hi *Tensor) {
	if t.DType() == Float16 && (dim == nil || t.Dim() == 0 || t.shape[WrapDim(*dim, t.Dim())] != 0) {
		raise(RuntimeError, errNotImplementedDT, "aminmax_cpu", "Half")
	}
	if dim == nil {
		if t.Numel() == 0 {
			raise(RuntimeError, errAminmaxEmpty)
		}
		if keepdim {
			ones := make([]int, t.Dim())
			for i := range ones {
				ones[i] = 1
			}
			return Amin(t, nil, false).Reshape(ones), Amax(t, nil, false).Reshape(ones)
		}
		return Amin(t, nil, false), Amax(t, nil, false)
	}
	d := *dim
	if t.Dim() > 0 {
		w := WrapDim(d, t.Dim())
		if t.shape[w] == 0 {
			raise(IndexError, errAminmaxEmptyDim, w)
		}
		if t.DType() == BFloat16 {
			raise(RuntimeError, errNotImplementedDT, "aminmax_cpu", "BFloat16")
		}
	} else {
		WrapDim(d, 0)
		if t.DType() == BFloat16 {
			raise(RuntimeError, errNotImplementedDT, "aminmax_cpu", "BFloat16")
		}
		if keepdim {
			return t.Reshape([]int{1}).ContiguousClone(), t.Reshape([]int{1}).ContiguousClone()
		}
		return t.ContiguousClone(), t.ContiguousClone()
	}
	return Amin(t, []int{d}, keepdim), Amax(t, []int{d}, keepdim)
}
