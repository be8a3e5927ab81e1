package tensor

import "math"

// The float32 arithmetic of ATen's normalisation kernels, as PyTorch's
// AVX2 build computes it (its multiply-adds fused): RowwiseMoments'
// cascaded Welford over 8-lane vectors for layer and group norm, and
// y = fma(x, scale, bias) for the transforms.

func fmaf32(a, b, c float32) float32 { return float32(math.FMA(float64(a), float64(b), float64(c))) }

// RowMomentsF32 is utils::RowwiseMoments<float>(X, N): the mean and the
// biased variance of row, in float.
func RowMomentsF32(row []float32) (float32, float32) {
	const vec, chunk = 8, 16
	n := len(row) / vec
	m := (n + chunk - 1) / chunk
	depth := 0
	for (1 << depth) < m {
		depth++
	}
	type acc struct {
		m0     int
		m1, m2 [vec]float32
	}
	stk := make([]acc, max(depth, 1))
	add := func(src acc, dst *acc) {
		nn := dst.m0 + src.m0
		var c float32
		if nn != 0 {
			c = float32(src.m0) / float32(nn)
		}
		for l := 0; l < vec; l++ {
			delta := src.m1[l] - dst.m1[l]
			dst.m1[l] = fmaf32(delta, c, dst.m1[l])
			dst.m2[l] += fmaf32(delta*delta*c, float32(dst.m0), src.m2[l])
		}
		dst.m0 = nn
	}
	for i := 0; i < m; i++ {
		m0 := min(chunk, n-i*chunk)
		var cur acc
		for j := 0; j < m0; j++ {
			x := row[(i*chunk+j)*vec:]
			c := 1 / float32(j+1)
			for l := 0; l < vec; l++ {
				delta := x[l] - cur.m1[l]
				cur.m1[l] = fmaf32(delta, c, cur.m1[l])
				cur.m2[l] = fmaf32(delta, x[l]-cur.m1[l], cur.m2[l])
			}
		}
		cur.m0 = m0
		add(cur, &stk[0])
		mask := i + 1
		for j := 1; j < depth && mask&1 == 0; j++ {
			add(stk[j-1], &stk[j])
			stk[j-1] = acc{}
			mask >>= 1
		}
	}
	for i := 1; i < depth; i++ {
		add(stk[i], &stk[0])
	}
	m0, m1, m2 := 0, float32(0), float32(0)
	for i := n * vec; i < len(row); i++ {
		x := row[i]
		delta := x - m1
		m0++
		m1 += delta / float32(m0)
		m2 = fmaf32(delta, x-m1, m2)
	}
	for l := 0; l < vec; l++ {
		// AddMoments(n, m1_arr[l], m2_arr[l], m0, m1, m2), scalar
		addN := n
		nn := m0 + addN
		var c float32
		if nn != 0 {
			c = float32(addN) / float32(nn)
		}
		delta := stk[0].m1[l] - m1
		m1 = fmaf32(c, delta, m1)
		m2 += fmaf32(delta*delta*c, float32(m0), stk[0].m2[l])
		m0 = nn
	}
	return m1, m2 / float32(len(row))
}

// LayerNormF32 is LayerNormKernelImplInternal<float> over x (rows, m):
// y = fma(fma(x, rstd, -rstd·mean), gamma, beta); it returns the
// output, the means and the rstds.
func LayerNormF32(x *Tensor, rows, m int, eps float64, gamma, beta *Tensor) (*Tensor, []float64, []float64) {
	xc := x.Contiguous()
	src := Slice[float32](xc.st)[xc.offset:]
	out := Empty(x.shape, Float32)
	dst := Slice[float32](out.st)
	var g, b []float32
	if gamma != nil {
		gc := gamma.To(Float32).Contiguous()
		g = Slice[float32](gc.st)[gc.offset:]
	}
	if beta != nil {
		bc := beta.To(Float32).Contiguous()
		b = Slice[float32](bc.st)[bc.offset:]
	}
	means, rstds := make([]float64, rows), make([]float64, rows)
	for r := 0; r < rows; r++ {
		row := src[r*m : (r+1)*m]
		mean, v := RowMomentsF32(row)
		rstd := 1 / float32(math.Sqrt(float64(max(v, 0)+float32(eps))))
		scale, bias := rstd, -rstd*mean
		for j, xv := range row {
			y := fmaf32(xv, scale, bias)
			gv, bv := float32(1), float32(0)
			if g != nil {
				gv = g[j]
			}
			if b != nil {
				bv = b[j]
			}
			dst[r*m+j] = fmaf32(y, gv, bv)
		}
		means[r], rstds[r] = float64(mean), float64(rstd)
	}
	return out, means, rstds
}

// AffineChannelsFMA is AffineChannels with the multiply-add fused, as
// the AVX2 transforms of batch norm compute it.
func AffineChannelsFMA(x *Tensor, a, c, b int, alpha, beta []float64) *Tensor {
	xc := x.Contiguous()
	src := Slice[float32](xc.st)[xc.offset:]
	out := Empty(x.shape, Float32)
	dst := Slice[float32](out.st)
	for ai := 0; ai < a; ai++ {
		for ci := 0; ci < c; ci++ {
			al, be := float32(alpha[ci]), float32(beta[ci])
			k := (ai*c + ci) * b
			for i, e := range src[k : k+b] {
				dst[k+i] = fmaf32(e, al, be)
			}
		}
	}
	return out
}

// BatchMomentsF32 are batch norm's statistics of a float input viewed as
// (A, C, B): the mean rounded to float, the variance sum of float
// differences; channels-last (B = 1) inputs accumulate in float as
// ATen's channels-last kernel does.
func BatchMomentsF32(x *Tensor, a, c, b int) (mean, variance []float64) {
	xc := x.Contiguous()
	v := Slice[float32](xc.st)[xc.offset:]
	mean, variance = make([]float64, c), make([]float64, c)
	n := a * b
	for ci := 0; ci < c; ci++ {
		var sd float64
		var sf float32
		for ai := 0; ai < a; ai++ {
			for _, e := range v[(ai*c+ci)*b : (ai*c+ci+1)*b] {
				sd += float64(e)
				sf += e
			}
		}
		if b == 1 {
			sd = float64(sf)
		}
		m := float32(sd / float64(n))
		var qd float64
		var qf float32
		for ai := 0; ai < a; ai++ {
			for _, e := range v[(ai*c+ci)*b : (ai*c+ci+1)*b] {
				d := e - m
				qd += float64(d * d)
				qf = fmaf32(d, d, qf)
			}
		}
		if b == 1 {
			qd = float64(qf)
		}
		mean[ci], variance[ci] = float64(m), qd/float64(n)
	}
	return
}
