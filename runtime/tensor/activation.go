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

// GeluTanh is F.gelu(t, approximate='tanh'): 0.5·x·(1 + tanh(β(x + κx³))),
// SLEEF's tanh in the vectorised blocks, the C library's on the rest
// (GCC fuses x + κx³ into a multiply-add on both paths: its vector
// intrinsics are plain vector arithmetic to it).
func GeluTanh(t *Tensor) *Tensor {
	switch t.DType() {
	case Float32:
	case Float64, BFloat16:
		// computed in float64 (bfloat16 rounded from float32)
		if t.DType() == BFloat16 {
			return GeluTanh(t.To(Float32)).To(BFloat16)
		}
	default:
		raise(RuntimeError, errNotImplementedDT, "GeluKernelImpl", t.DType().ScalarName())
	}
	c := t.Contiguous()
	n := t.Numel()
	out := Empty(t.shape, t.DType())
	if x, ok := c.st.host().([]float64); ok {
		src, dst := x[c.offset:c.offset+n], Slice[float64](out.st)
		beta := math.Sqrt2 * (2 / math.SqrtPi) * 0.5
		for i, v := range src {
			inner := beta * math.FMA(0.044715, v*v*v, v)
			dst[i] = 0.5 * v * (1 + math.Tanh(inner))
		}
		return out
	}
	src, dst := Slice[float32](c.st)[c.offset:c.offset+n], Slice[float32](out.st)
	beta := float32(math.Sqrt2 * (2 / math.SqrtPi) * 0.5)
	const kappa = float32(0.044715)
	vec := n - n%vecBlock
	if !t.IsContiguous() {
		vec = 0
	}
	for i, v := range src {
		pollAt(i)
		cube := v * v * v
		inner := beta * fmaf(kappa, cube, v)
		if i < vec {
			dst[i] = 0.5 * v * (1 + sleefTanhf(inner))
		} else {
			dst[i] = 0.5 * v * (1 + float32(math.Tanh(float64(inner))))
		}
	}
	return out
}

// oneDNN (v2.6.3, which PyTorch 1.13 calls for contiguous float32 inputs
// of more than one element: use_mkldnn in Activation.cpp) computes gelu
// with its JIT eltwise injector: its own exp and Abramowitz–Stegun erf,
// the result as 0.5s + 0.5s·erf(s/√2), every step in float32 with fused multiply-adds.

// dnnlExpf is jit_uni_eltwise_injector's exp_compute_vector_fwd.
func dnnlExpf(x float32) float32 {
	const (
		log2e    = float32(1.44269502)   // 0x3fb8aa3b
		ln2      = float32(0.693147182)  // 0x3f317218
		lnFltMax = float32(88.7228394)   // 0x42b17218
		lnFltMin = float32(-87.3365479)  // 0xc2aeac50
		p1       = float32(0.999999701)  // 0x3f7ffffb
		p2       = float32(0.499991506)  // 0x3efffee3
		p3       = float32(0.166676521)  // 0x3e2aad40
		p4       = float32(0.0418978221) // 0x3d2b9d0d
		p5       = float32(0.00828929059)
	)
	under := x < lnFltMin
	x = min(x, lnFltMax)
	x = max(x, lnFltMin)
	fx := x*log2e + 0.5
	n := float32(math.Floor(float64(fx)))
	r := fmaf(-n, ln2, x)
	var pow2 float32
	if !under {
		pow2 = math.Float32frombits(uint32(int32(n-1)+127) << 23)
	}
	p := fmaf(fmaf(fmaf(fmaf(fmaf(p5, r, p4), r, p3), r, p2), r, p1), r, 1)
	return p * pow2 * 2
}

// dnnlGeluErf is jit_uni_eltwise_injector's gelu_erf_compute_vector_fwd.
func dnnlGeluErf(s float32) float32 {
	const (
		c  = float32(0.707106769) // 0x3f3504f3
		p  = float32(0.3275911)
		a1 = float32(0.254829592)
		a2 = float32(-0.284496736)
		a3 = float32(1.421413741)
		a4 = float32(-1.453152027)
		a5 = float32(1.061405429)
	)
	x := s * c
	e := -dnnlExpf(-(x * x))
	neg := math.Signbit(float64(x))
	ax := float32(math.Abs(float64(x)))
	t := 1 / fmaf(p, ax, 1)
	e *= t
	r := fmaf(fmaf(fmaf(fmaf(a5, t, a4), t, a3), t, a2), t, a1)
	erf := fmaf(e, r, 1)
	if neg {
		erf = -erf
	}
	half := 0.5 * s
	return fmaf(erf, half, half)
}

// Gelu is torch.nn.functional.gelu(t) (approximate='none').
func Gelu(t *Tensor) *Tensor {
	if t.DType() == Float32 && t.IsContiguous() && t.Numel() > 1 {
		n := t.Numel()
		src := Slice[float32](t.st)[t.offset : t.offset+n]
		out := Empty(t.shape, Float32)
		dst := Slice[float32](out.st)
		for i, v := range src {
			pollAt(i)
			dst[i] = dnnlGeluErf(v)
		}
		return out
	}
	switch t.DType() {
	case Float32, Float64, BFloat16:
	default:
		raise(RuntimeError, errNotImplementedDT, "GeluKernelImpl", t.DType().ScalarName())
	}
	c := t.Contiguous()
	n := t.Numel()
	out := Empty(t.shape, t.DType())
	switch x := c.st.host().(type) {
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
