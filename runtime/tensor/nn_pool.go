package tensor

import "math"

// The pooling kernels over the planes of an (N, C, H, W) input, as ATen's
// cpu_max_pool, cpu_avg_pool and the adaptive ones compute them (window
// bounds, NaN propagation, divisors); 1-d pooling is 2-d pooling over a
// height of 1.

// PoolOutSize is pooling_output_shape: the output length along an input
// of size n, rounding up with ceilMode (a last window must start inside
// the input or its left padding).
func PoolOutSize(n, k, pad, stride, dil int, ceilMode bool) int {
	num := n + 2*pad - dil*(k-1) - 1
	if ceilMode {
		num += stride - 1
	}
	out := floorDiv(num, stride) + 1
	if ceilMode && (out-1)*stride >= n+pad {
		out--
	}
	return out
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// planes views x (N, C, H, W) as its N·C planes of contiguous values.
func planes[T float32 | float64](x *Tensor) ([]T, int, int, int) {
	n := x.shape[0] * x.shape[1]
	return Slice[T](x.st)[x.offset:], n, x.shape[2], x.shape[3]
}

// MaxPool2d is max_pool2d_with_indices: the maxima and their flat
// positions in each plane.
func MaxPool2d(x *Tensor, w Window, oh, ow int) (*Tensor, *Tensor) {
	x = x.Contiguous()
	if x.DType() == Float32 {
		return maxPool[float32](x, w, oh, ow)
	}
	return maxPool[float64](x, w, oh, ow)
}

func maxPool[T float32 | float64](x *Tensor, w Window, oh, ow int) (*Tensor, *Tensor) {
	src, np, h, wd := planes[T](x)
	shape := []int{x.shape[0], x.shape[1], oh, ow}
	out, idx := Empty(shape, x.DType()), Empty(shape, Int64)
	o, ix := Slice[T](out.st), Slice[int64](idx.st)
	for p := 0; p < np; p++ {
		plane := src[p*h*wd:]
		for oi := 0; oi < oh; oi++ {
			hs := oi*w.SH - w.PH
			he := min(hs+(w.KH-1)*w.DH+1, h)
			for hs < 0 {
				hs += w.DH
			}
			for oj := 0; oj < ow; oj++ {
				ws := oj*w.SW - w.PW
				we := min(ws+(w.KW-1)*w.DW+1, wd)
				for ws < 0 {
					ws += w.DW
				}
				best, bi := T(math.Inf(-1)), hs*wd+ws
				for i := hs; i < he; i += w.DH {
					for j := ws; j < we; j += w.DW {
						v := plane[i*wd+j]
						if v > best || v != v {
							best, bi = v, i*wd+j
							if v != v {
								break
							}
						}
					}
				}
				k := (p*oh+oi)*ow + oj
				o[k], ix[k] = best, int64(bi)
			}
		}
	}
	return out, idx
}

// MaxUnpool2d scatters g (N, C, oh, ow) back to (N, C, h, w) at the flat
// plane positions idx, summing repeats: max pooling's backward.
func MaxUnpool2d(g, idx *Tensor, h, w int) *Tensor {
	g, idx = g.Contiguous(), idx.Contiguous()
	out := Full([]int{g.shape[0], g.shape[1], h, w}, FloatS(0), g.DType())
	np, ol := g.shape[0]*g.shape[1], g.shape[2]*g.shape[3]
	ix := Slice[int64](idx.st)[idx.offset:]
	switch g.DType() {
	case Float32:
		unpool(Slice[float32](g.st)[g.offset:], Slice[float32](out.st), ix, np, ol, h*w)
	default:
		unpool(Slice[float64](g.st)[g.offset:], Slice[float64](out.st), ix, np, ol, h*w)
	}
	return out
}

func unpool[T float32 | float64](g, out []T, ix []int64, np, ol, pl int) {
	for p := 0; p < np; p++ {
		for k := 0; k < ol; k++ {
			out[p*pl+int(ix[p*ol+k])] += g[p*ol+k]
		}
	}
}

// AvgOpts are avg_pool2d's options.
type AvgOpts struct {
	CountIncludePad bool
	Divisor         int // divisor_override; 0 for none
}

// AvgPool2d is avg_pool2d (backward=false) or the adjoint spreading g
// over the windows (backward=true, x then the gradient of the output
// and h, w the input's size).
func AvgPool2d(x *Tensor, w Window, o AvgOpts, oh, ow, h, wd int, backward bool) *Tensor {
	x = x.Contiguous()
	n, c := x.shape[0], x.shape[1]
	var out *Tensor
	if backward {
		out = Full([]int{n, c, h, wd}, FloatS(0), x.DType())
	} else {
		out = Empty([]int{n, c, oh, ow}, x.DType())
	}
	if x.DType() == Float32 {
		avgPool(Slice[float32](x.st)[x.offset:], Slice[float32](out.st), n*c, w, o, oh, ow, h, wd, backward)
	} else {
		avgPool(Slice[float64](x.st)[x.offset:], Slice[float64](out.st), n*c, w, o, oh, ow, h, wd, backward)
	}
	return out
}

func avgPool[T float32 | float64](src, dst []T, np int, w Window, o AvgOpts, oh, ow, h, wd int, backward bool) {
	for p := 0; p < np; p++ {
		for oi := 0; oi < oh; oi++ {
			hs := oi*w.SH - w.PH
			he := min(hs+w.KH, h+w.PH)
			size := he - hs
			hs, he = max(hs, 0), min(he, h)
			for oj := 0; oj < ow; oj++ {
				ws := oj*w.SW - w.PW
				we := min(ws+w.KW, wd+w.PW)
				pool := size * (we - ws)
				ws, we = max(ws, 0), min(we, wd)
				div := pool
				switch {
				case o.Divisor != 0:
					div = o.Divisor
				case !o.CountIncludePad:
					div = (he - hs) * (we - ws)
				}
				k := (p*oh+oi)*ow + oj
				if backward {
					g := src[k] / T(div)
					for i := hs; i < he; i++ {
						for j := ws; j < we; j++ {
							dst[p*h*wd+i*wd+j] += g
						}
					}
					continue
				}
				var sum T
				for i := hs; i < he; i++ {
					for j := ws; j < we; j++ {
						sum += src[p*h*wd+i*wd+j]
					}
				}
				dst[k] = sum / T(div)
			}
		}
	}
}

// AdaptiveBounds is the window [start, end) of output i of o over n.
func AdaptiveBounds(i, o, n int) (int, int) {
	return (i * n) / o, ((i+1)*n + o - 1) / o
}

// AdaptivePool2d is adaptive_avg_pool2d (isMax false) or
// adaptive_max_pool2d (isMax true, with the indices) to oh×ow.
func AdaptivePool2d(x *Tensor, oh, ow int, isMax bool) (*Tensor, *Tensor) {
	x = x.Contiguous()
	if x.DType() == Float32 {
		return adaptivePool[float32](x, oh, ow, isMax)
	}
	return adaptivePool[float64](x, oh, ow, isMax)
}

func adaptivePool[T float32 | float64](x *Tensor, oh, ow int, isMax bool) (*Tensor, *Tensor) {
	src, np, h, wd := planes[T](x)
	shape := []int{x.shape[0], x.shape[1], oh, ow}
	out, idx := Empty(shape, x.DType()), Empty(shape, Int64)
	o, ix := Slice[T](out.st), Slice[int64](idx.st)
	for p := 0; p < np; p++ {
		plane := src[p*h*wd:]
		for oi := 0; oi < oh; oi++ {
			hs, he := AdaptiveBounds(oi, oh, h)
			for oj := 0; oj < ow; oj++ {
				ws, we := AdaptiveBounds(oj, ow, wd)
				k := (p*oh+oi)*ow + oj
				if isMax {
					best, bi := T(math.Inf(-1)), hs*wd+ws
					for i := hs; i < he; i++ {
						for j := ws; j < we; j++ {
							if v := plane[i*wd+j]; v > best || v != v {
								best, bi = v, i*wd+j
							}
						}
					}
					o[k], ix[k] = best, int64(bi)
					continue
				}
				var sum T
				for i := hs; i < he; i++ {
					for j := ws; j < we; j++ {
						sum += plane[i*wd+j]
					}
				}
				o[k] = sum / T((he-hs)*(we-ws))
			}
		}
	}
	return out, idx
}

// AdaptiveAvgPool2dBackward spreads g (N, C, oh, ow) evenly over the
// windows of an (N, C, h, w) input.
func AdaptiveAvgPool2dBackward(g *Tensor, h, wd int) *Tensor {
	g = g.Contiguous()
	n, c, oh, ow := g.shape[0], g.shape[1], g.shape[2], g.shape[3]
	out := Full([]int{n, c, h, wd}, FloatS(0), g.DType())
	gs := g.To(Float64).Contiguous()
	src := Slice[float64](gs.st)[gs.offset:]
	res := Full([]int{n, c, h, wd}, FloatS(0), Float64)
	dst := Slice[float64](res.st)
	for p := 0; p < n*c; p++ {
		for oi := 0; oi < oh; oi++ {
			hs, he := AdaptiveBounds(oi, oh, h)
			for oj := 0; oj < ow; oj++ {
				ws, we := AdaptiveBounds(oj, ow, wd)
				v := src[(p*oh+oi)*ow+oj] / float64((he-hs)*(we-ws))
				for i := hs; i < he; i++ {
					for j := ws; j < we; j++ {
						dst[p*h*wd+i*wd+j] += v
					}
				}
			}
		}
	}
	CopyInto(out, res)
	return out
}
