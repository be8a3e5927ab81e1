package tensor

import "math"

// The kernels of batch, layer and group normalisation over a contiguous
// input viewed as (A, C, B) with statistics per c over the A·B values
// (batch norm: (N, C, H·W); layer norm: (1, rows, normalized size);
// group norm: (1, N·groups, values per group)). Statistics accumulate in
// double, as ATen's acc_type does on the CPU.

// Moments are the mean and the biased variance of each c.
func Moments(x *Tensor, a, c, b int) (mean, variance []float64) {
	xc := x.Contiguous().To(Float64).Contiguous()
	v := Slice[float64](xc.st)[xc.offset:]
	mean, variance = make([]float64, c), make([]float64, c)
	n := float64(a * b)
	for ci := 0; ci < c; ci++ {
		s := 0.0
		for ai := 0; ai < a; ai++ {
			for _, e := range v[(ai*c+ci)*b : (ai*c+ci+1)*b] {
				s += e
			}
		}
		m := s / n
		q := 0.0
		for ai := 0; ai < a; ai++ {
			for _, e := range v[(ai*c+ci)*b : (ai*c+ci+1)*b] {
				q += (e - m) * (e - m)
			}
		}
		mean[ci], variance[ci] = m, q/n
	}
	return
}

// AffineChannels is out[a, c, b] = x·alpha[c] + beta[c], alpha and beta
// rounded to x's dtype first (batch_norm_cpu_transform_input).
func AffineChannels(x *Tensor, a, c, b int, alpha, beta []float64) *Tensor {
	xc := x.Contiguous()
	out := Empty(x.shape, x.DType())
	if x.DType() == Float32 {
		affineChannels(Slice[float32](xc.st)[xc.offset:], Slice[float32](out.st), a, c, b, alpha, beta)
	} else {
		xd := xc.To(Float64).Contiguous()
		o := Empty(x.shape, Float64)
		affineChannels(Slice[float64](xd.st)[xd.offset:], Slice[float64](o.st), a, c, b, alpha, beta)
		out = o.To(x.DType())
	}
	return out
}

func affineChannels[T float32 | float64](src, dst []T, a, c, b int, alpha, beta []float64) {
	for ai := 0; ai < a; ai++ {
		for ci := 0; ci < c; ci++ {
			al, be := T(alpha[ci]), T(beta[ci])
			k := (ai*c + ci) * b
			for i, e := range src[k : k+b] {
				dst[k+i] = e*al + be
			}
		}
	}
}

// LayerNormRows is layer norm's transform of x (rows, m): (x·rstd -
// rstd·mean)·gamma + beta in x's dtype (gamma, beta nil for none).
func LayerNormRows(x *Tensor, rows, m int, mean, rstd []float64, gamma, beta *Tensor) *Tensor {
	xc := x.Contiguous().To(Float64).Contiguous()
	src := Slice[float64](xc.st)[xc.offset:]
	res := Empty(x.shape, Float64)
	dst := Slice[float64](res.st)
	var g, bt []float64
	if gamma != nil {
		gc := gamma.To(Float64).Contiguous()
		g = Slice[float64](gc.st)[gc.offset : gc.offset+m]
	}
	if beta != nil {
		bc := beta.To(Float64).Contiguous()
		bt = Slice[float64](bc.st)[bc.offset : bc.offset+m]
	}
	f32 := x.DType() == Float32
	round := func(v float64) float64 {
		if f32 {
			return float64(float32(v))
		}
		return v
	}
	for r := 0; r < rows; r++ {
		sc := round(rstd[r])
		bi := round(-sc * round(mean[r]))
		for j := 0; j < m; j++ {
			y := round(round(src[r*m+j]*sc) + bi)
			if g != nil {
				y = round(y * g[j])
			}
			if bt != nil {
				y = round(y + bt[j])
			}
			dst[r*m+j] = y
		}
	}
	return res.To(x.DType())
}

// NormBackward is the input gradient of a normalisation with batch
// statistics: rstd·(d - mean(d) - x̂·mean(d·x̂)) per c, d the gradient of
// the normalised values x̂ = (x - mean)·rstd.
func NormBackward(x, d *Tensor, a, c, b int, mean, rstd []float64) *Tensor {
	xc := x.Contiguous().To(Float64).Contiguous()
	dc := d.Contiguous().To(Float64).Contiguous()
	xv, dv := Slice[float64](xc.st)[xc.offset:], Slice[float64](dc.st)[dc.offset:]
	res := Empty(x.shape, Float64)
	out := Slice[float64](res.st)
	n := float64(a * b)
	for ci := 0; ci < c; ci++ {
		var sd, sdx float64
		for ai := 0; ai < a; ai++ {
			k := (ai*c + ci) * b
			for i := k; i < k+b; i++ {
				xh := (xv[i] - mean[ci]) * rstd[ci]
				sd += dv[i]
				sdx += dv[i] * xh
			}
		}
		md, mdx := sd/n, sdx/n
		for ai := 0; ai < a; ai++ {
			k := (ai*c + ci) * b
			for i := k; i < k+b; i++ {
				xh := (xv[i] - mean[ci]) * rstd[ci]
				out[i] = rstd[ci] * (dv[i] - md - xh*mdx)
			}
		}
	}
	return res.To(x.DType())
}

// Normalized is x̂ = (x - mean[c])·rstd[c] over the (A, C, B) view, in
// double.
func Normalized(x *Tensor, a, c, b int, mean, rstd []float64) *Tensor {
	xc := x.Contiguous().To(Float64).Contiguous()
	xv := Slice[float64](xc.st)[xc.offset:]
	res := Empty(x.shape, Float64)
	out := Slice[float64](res.st)
	for ai := 0; ai < a; ai++ {
		for ci := 0; ci < c; ci++ {
			k := (ai*c + ci) * b
			for i := k; i < k+b; i++ {
				out[i] = (xv[i] - mean[ci]) * rstd[ci]
			}
		}
	}
	return res
}

// Rstd is 1/sqrt(v + eps) of each variance.
func Rstd(variance []float64, eps float64) []float64 {
	out := make([]float64, len(variance))
	for i, v := range variance {
		out[i] = 1 / math.Sqrt(math.Max(v, 0)+eps)
	}
	return out
}
