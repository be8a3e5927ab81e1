package tensor

import "math"

// The kernels of F.interpolate's nearest, nearest-exact and (bi)linear
// modes over (N, C, H, W) inputs (1-d inputs have H = 1), as ATen's
// upsample kernels index and weigh: each output position reads two
// source positions per axis with weights (l0, l1).

// Axis is the source positions and weights of each output position
// along one axis.
type Axis struct {
	I0, I1 []int
	L0, L1 []float64
}

// areaScale is area_pixel_compute_scale.
func areaScale(in, out int, alignCorners bool, scale float64) float64 {
	if alignCorners {
		if out > 1 {
			return float64(in-1) / float64(out-1)
		}
		return 0
	}
	if scale > 0 {
		return 1 / scale
	}
	return float64(in) / float64(out)
}

// LinearAxis is the axis of upsample_linear: source index
// scale·(o + 0.5) - 0.5 (or scale·o with align_corners), clamped at 0,
// in float32 when f32 (ATen's opmath for float).
func LinearAxis(in, out int, alignCorners bool, scale float64, f32 bool) Axis {
	a := Axis{make([]int, out), make([]int, out), make([]float64, out), make([]float64, out)}
	sc := areaScale(in, out, alignCorners, scale)
	r := func(v float64) float64 {
		if f32 {
			return float64(float32(v))
		}
		return v
	}
	sc = r(sc)
	for o := 0; o < out; o++ {
		var src float64
		if alignCorners {
			src = r(sc * float64(o))
		} else {
			src = r(r(sc*r(float64(o)+0.5)) - 0.5)
			if src < 0 {
				src = 0
			}
		}
		i := int(src)
		p := 0
		if i < in-1 {
			p = 1
		}
		l1 := r(src - float64(i))
		a.I0[o], a.I1[o], a.L0[o], a.L1[o] = i, i+p, r(1-l1), l1
	}
	return a
}

// NearestAxis is the axis of upsample_nearest (exact: nearest-exact's
// rounding), scale the given scale factor (0 for none).
func NearestAxis(in, out int, scale float64, exact bool) Axis {
	a := Axis{make([]int, out), make([]int, out), make([]float64, out), make([]float64, out)}
	sc := float32(areaScale(in, out, false, scale))
	for o := 0; o < out; o++ {
		var i int
		switch {
		case out == in && !exact:
			i = o
		case out == 2*in && !exact:
			i = o >> 1
		case exact:
			i = min(int(math.Floor(float64(float32((float32(o)+0.5)*sc)))), in-1)
		default:
			i = min(int(math.Floor(float64(float32(o)*sc))), in-1)
		}
		a.I0[o], a.I1[o], a.L0[o], a.L1[o] = i, i, 1, 0
	}
	return a
}

// Interp2d is the upsampling of x (N, C, H, W) along the axes ah, aw
// (backward: the adjoint, x the gradient of the output and h, w the
// input's size).
func Interp2d(x *Tensor, ah, aw Axis, h, w int, backward bool) *Tensor {
	x = x.Contiguous()
	if x.DType() == Float32 {
		return interp2d[float32](x, ah, aw, h, w, backward)
	}
	return interp2d[float64](x.To(Float64), ah, aw, h, w, backward).To(x.DType())
}

func interp2d[T float32 | float64](x *Tensor, ah, aw Axis, h, w int, backward bool) *Tensor {
	np := x.shape[0] * x.shape[1]
	oh, ow := len(ah.I0), len(aw.I0)
	src := Slice[T](x.st)[x.offset:]
	var out *Tensor
	if backward {
		out = Full([]int{x.shape[0], x.shape[1], h, w}, FloatS(0), x.DType())
	} else {
		out = Empty([]int{x.shape[0], x.shape[1], oh, ow}, x.DType())
	}
	dst := Slice[T](out.st)
	for p := 0; p < np; p++ {
		in := p * h * w
		for i := 0; i < oh; i++ {
			h0, h1, hl0, hl1 := ah.I0[i], ah.I1[i], T(ah.L0[i]), T(ah.L1[i])
			for j := 0; j < ow; j++ {
				w0, w1, wl0, wl1 := aw.I0[j], aw.I1[j], T(aw.L0[j]), T(aw.L1[j])
				k := (p*oh+i)*ow + j
				if backward {
					g := src[k]
					dst[in+h0*w+w0] += hl0 * wl0 * g
					dst[in+h0*w+w1] += hl0 * wl1 * g
					dst[in+h1*w+w0] += hl1 * wl0 * g
					dst[in+h1*w+w1] += hl1 * wl1 * g
					continue
				}
				dst[k] = hl0*(wl0*src[in+h0*w+w0]+wl1*src[in+h0*w+w1]) + hl1*(wl0*src[in+h1*w+w0]+wl1*src[in+h1*w+w1])
			}
		}
	}
	return out
}
