package tensor

// The kernels of convolution, F.unfold and F.fold: im2col and its
// adjoint col2im over (N, C, H, W) inputs. A convolution is a matrix
// product of its weight (O, C·kh·kw) with the columns im2col makes (as
// PyTorch's slow_conv2d and thnn_conv2d do); its input gradient is col2im
// of the weight's transpose times the output gradient.

// Window is the geometry of a 2-d sliding window: kernel size, stride,
// padding and dilation along the height and the width.
type Window struct {
	KH, KW, SH, SW, PH, PW, DH, DW int
}

// OutSize is the number of window positions along an input of size n:
// (n + 2p - d(k-1) - 1) / s + 1.
func OutSize(n, k, s, p, d int) int {
	return (n+2*p-d*(k-1)-1)/s + 1
}

// Out is the output height and width of the window over h×w.
func (w Window) Out(h, wd int) (int, int) {
	return OutSize(h, w.KH, w.SH, w.PH, w.DH), OutSize(wd, w.KW, w.SW, w.PW, w.DW)
}

// Im2Col is F.unfold: for x (N, C, H, W), the (N, C·kh·kw, L) tensor of
// the window's patches, L = outH·outW, zeros where the window reaches
// into the padding.
func Im2Col(x *Tensor, w Window) *Tensor {
	x = x.Contiguous()
	switch x.DType() {
	case Float32:
		return im2col[float32](x, w)
	case Float64:
		return im2col[float64](x, w)
	}
	return im2col[float64](x.To(Float64), w).To(x.DType())
}

func im2col[T float32 | float64](x *Tensor, w Window) *Tensor {
	n, c, h, wd := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	oh, ow := w.Out(h, wd)
	rows, l := c*w.KH*w.KW, oh*ow
	out := Empty([]int{n, rows, l}, x.DType())
	src := Slice[T](x.st)[x.offset:]
	dst := Slice[T](out.st)
	for b := 0; b < n; b++ {
		for ch := 0; ch < c; ch++ {
			plane := src[(b*c+ch)*h*wd:]
			for ki := 0; ki < w.KH; ki++ {
				for kj := 0; kj < w.KW; kj++ {
					row := dst[((b*rows)+(ch*w.KH+ki)*w.KW+kj)*l:][:l]
					for oi := 0; oi < oh; oi++ {
						ii := oi*w.SH - w.PH + ki*w.DH
						line := row[oi*ow : (oi+1)*ow]
						if ii < 0 || ii >= h {
							clear(line)
							continue
						}
						in := plane[ii*wd : (ii+1)*wd]
						for oj := range line {
							jj := oj*w.SW - w.PW + kj*w.DW
							if jj < 0 || jj >= wd {
								line[oj] = 0
							} else {
								line[oj] = in[jj]
							}
						}
					}
				}
			}
		}
	}
	return out
}

// Col2Im is F.fold: the adjoint of Im2Col, summing each column entry of
// cols (N, C·kh·kw, L) into its place of an (N, C, h, wd) result.
func Col2Im(cols *Tensor, h, wd int, w Window) *Tensor {
	cols = cols.Contiguous()
	switch cols.DType() {
	case Float32:
		return col2im[float32](cols, h, wd, w)
	case Float64:
		return col2im[float64](cols, h, wd, w)
	}
	return col2im[float64](cols.To(Float64), h, wd, w).To(cols.DType())
}

func col2im[T float32 | float64](cols *Tensor, h, wd int, w Window) *Tensor {
	n, rows := cols.shape[0], cols.shape[1]
	c := rows / (w.KH * w.KW)
	oh, ow := w.Out(h, wd)
	l := oh * ow
	out := Full([]int{n, c, h, wd}, FloatS(0), cols.DType())
	src := Slice[T](cols.st)[cols.offset:]
	dst := Slice[T](out.st)
	for b := 0; b < n; b++ {
		for ch := 0; ch < c; ch++ {
			plane := dst[(b*c+ch)*h*wd:]
			for ki := 0; ki < w.KH; ki++ {
				for kj := 0; kj < w.KW; kj++ {
					row := src[((b*rows)+(ch*w.KH+ki)*w.KW+kj)*l:][:l]
					for oi := 0; oi < oh; oi++ {
						ii := oi*w.SH - w.PH + ki*w.DH
						if ii < 0 || ii >= h {
							continue
						}
						in := plane[ii*wd : (ii+1)*wd]
						for oj := 0; oj < ow; oj++ {
							jj := oj*w.SW - w.PW + kj*w.DW
							if jj >= 0 && jj < wd {
								in[jj] += row[oi*ow+oj]
							}
						}
					}
				}
			}
		}
	}
	return out
}
