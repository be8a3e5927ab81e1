package tensor

import "math"

// gelu as PyTorch 1.13 computes it (GeluKernelImpl, approximate='none'):
// x * 0.5 * (1 + erf(x / sqrt(2))), with Vectorized<float>::erf (a
// polynomial and SLEEF's exp, fused multiply-adds) in the vectorised
// blocks of 16 floats of a contiguous tensor and the C library's erf on
// the rest.

// vecErff is Vectorized<float>::erf (vec256_float_avx2.h).
func vecErff(x float32) float32 {
	const (
		p  = 0.3275911
		p1 = 0.254829592
		p2 = -0.284496736
		p3 = 1.421413741
		p4 = -1.453152027
		p5 = 1.061405429
	)
	neg := math.Signbit(float64(x))
	ax := float32(math.Abs(float64(x)))
	t := 1 / fmaf(p, ax, 1)
	r := fmaf(fmaf(fmaf(fmaf(p5, t, p4), t, p3), t, p2), t, p1)
	e := -sleefExpf(-(x * x))
	v := fmaf(e*t, r, 1)
	if neg {
		return -v
	}
	return v
}

// Gelu is torch.nn.functional.gelu(t) (approximate='none').
func Gelu(t *Tensor) *Tensor {
	switch t.DType() {
	case Float32, Float64, BFloat16:
	default:
		raise(RuntimeError, errNotImplementedDT, "GeluKernelImpl", t.DType().ScalarName())
	}
	c := t.Contiguous()
	n := t.Numel()
	out := Empty(t.shape, t.DType())
	switch x := c.st.data.(type) {
	case []float32:
		src, dst := x[c.offset:c.offset+n], Slice[float32](out.st)
		const alpha = float32(math.Sqrt2 / 2)
		vec := n - n%vecBlock
		if !t.IsContiguous() {
			vec = 0
		}
		for i, v := range src {
			pollAt(i)
			if i < vec {
				dst[i] = v * 0.5 * (1 + vecErff(v*alpha))
			} else {
				dst[i] = v * 0.5 * (1 + float32(math.Erf(float64(v*alpha))))
			}
		}
	case []float64:
		src, dst := x[c.offset:c.offset+n], Slice[float64](out.st)
		for i, v := range src {
			pollAt(i)
			dst[i] = v * 0.5 * (1 + math.Erf(v*(math.Sqrt2/2)))
		}
	case []BF16:
		return Gelu(c.To(Float32)).To(BFloat16)
	}
	return out
}
