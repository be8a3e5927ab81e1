package tensor

import (
	"math"
	"strconv"
)

// Var is t.var(dims, correction=c, keepdim): the sum of squared deviations
// from the mean divided by max(0, N - c).
func Var(t *Tensor, dims []int, correction float64, keepdim bool) *Tensor {
	return stdVar(t, dims, correction, keepdim, false)
}

// Std is t.std(dims, correction=c, keepdim): the square root of Var.
func Std(t *Tensor, dims []int, correction float64, keepdim bool) *Tensor {
	return stdVar(t, dims, correction, keepdim, true)
}

// stdVar follows ATen: a full reduction of a float or double tensor takes
// the float mean and sums squared deviations in double (std_var_all_cpu);
// anything else runs Welford's algorithm in double per output.
func stdVar(t *Tensor, dims []int, correction float64, keepdim, sqrt bool) *Tensor {
	if !t.DType().IsFloat() {
		raise(RuntimeError, errStdVarDType)
	}
	r := newReduction(t, dims, keepdim)
	d := t.DType()
	out, ost := r.output(d)
	if t.Numel() == 0 {
		out.Fill(FloatS(math.NaN()))
		return out
	}
	finish := func(m2, n float64) float64 {
		div := 0.0
		if n > correction {
			div = n - correction
		}
		v := m2 / div
		if sqrt {
			v = math.Sqrt(v)
		}
		return v
	}
	if out.Numel() == 1 && (d == Float32 || d == Float64) {
		mean := Mean(t, nil, false).Item().F
		g := newRedGeom(t.shape, make([]int, t.Dim()), t.strides, 0, t.offset)
		var sum float64
		g.forRows(func(_, i, n, _, is int) {
			switch x := t.st.host().(type) {
			case []float32:
				sum = sqDevSum(x, i, n, is, mean, sum)
			case []float64:
				sum = sqDevSum(x, i, n, is, mean, sum)
			}
		})
		out.st.Set(0, FloatS(finish(sum, float64(t.Numel()))))
		return out
	}
	acc := welfordLines(r, t, out, ost)
	for i, a := range acc {
		out.st.Set(i, FloatS(finish(a.m2, a.n)))
	}
	return out
}

// sqDevSum adds (x - mean)² in double to sum, in order, for the n
// elements of x from i with stride is (std_var_all_cpu's serial loop).
func sqDevSum[T float32 | float64](x []T, i, n, is int, mean, sum float64) float64 {
	for k := 0; k < n; k += 1 << 16 {
		pollAt(0)
		if is == 1 {
			for _, v := range x[i+k : i+min(k+1<<16, n)] {
				dx := float64(v) - mean
				sum += float64(dx * dx) // no FMA (the conversion rounds the product)
			}
			continue
		}
		for j := k; j < min(k+1<<16, n); j++ {
			dx := float64(x[i+j*is]) - mean
			sum += float64(dx * dx)
		}
	}
	return sum
}

// floatValues returns an accessor for the elements of a floating tensor's
// storage as float64.
func floatValues(t *Tensor) func(off int) float64 {
	switch d := t.st.host().(type) {
	case []float32:
		return func(off int) float64 { return float64(d[off]) }
	case []float64:
		return func(off int) float64 { return d[off] }
	case []Half:
		return func(off int) float64 { return float64(d[off].Float32()) }
	case []BF16:
		return func(off int) float64 { return float64(d[off].Float32()) }
	}
	return func(off int) float64 { return t.st.Get(off).Float() }
}

// Norm is t.norm(p, dims, keepdim): (Σ|x|^p)^(1/p) over dims; p may be
// ±Inf (largest or smallest |x|) or 0 (count of non-zeros).
func Norm(t *Tensor, p float64, dims []int, keepdim bool) *Tensor {
	if !t.DType().IsFloat() {
		raise(RuntimeError, errNormDType, t.DType().ScalarName())
	}
	seen := map[int]bool{}
	for _, d := range dims {
		w := WrapDim(d, t.Dim())
		if seen[w] {
			raise(RuntimeError, errDimRepeated, w)
		}
		seen[w] = true
	}
	r := newReduction(t, dims, keepdim)
	d := t.DType()
	out, ost := r.output(d)
	if t.Numel() == 0 {
		return out
	}
	g := r.geom(t, ost, out)
	if d == Float32 && p == 2 && normLastDim(g) {
		// The vectorized path: eight float lanes of x*x, then the tail.
		in := t.st.host().([]float32)
		od := out.st.host().([]float32)
		g.forRows(func(o, i, n, _, is int) {
			var lanes [8]float32
			k := n - n%8
			for c := 0; c < k; c += 1 << 16 {
				pollAt(0)
				sumSqLanesF32(&lanes, in[i+c:i+min(c+1<<16, k)])
			}
			s := lanes[0]
			for l := 1; l < 8; l++ {
				s += lanes[l]
			}
			for ; k < n; k++ {
				x := in[i+k]
				s = fmaf(x, x, s)
			}
			od[o] = float32(math.Sqrt(float64(s)))
		})
		return out
	}
	// binary_kernel_reduce with Norm*Ops: one accumulator per output, in
	// float for the float types and double for double.
	switch in := t.st.host().(type) {
	case []float64:
		acc := normRows(g, in, out.Numel(), out.offset, p)
		copy(out.st.host().([]float64), acc)
	case []float32:
		storeNorm(out, normRows(g, in, out.Numel(), out.offset, p))
	default:
		storeNorm(out, normRows(g, widenStorage(t), out.Numel(), out.offset, p))
	}
	return out
}

// storeNorm rounds float accumulators into out.
func storeNorm(out *Tensor, acc []float32) {
	for i, a := range acc {
		out.st.Set(i, FloatS(float64(a)))
	}
}

// normRows accumulates |x|^p per output (NormOps and friends) in T and
// finishes with the root; 1/p is computed in T.
func normRows[T float32 | float64](g *redGeom, in []T, nOut, oOff int, p float64) []T {
	CheckAllocBytes(int64(nOut) * 8)
	acc := make([]T, nOut)
	// glibc's pow is correctly rounded; Go's math.Pow is not, which
	// double results show (float ones are rounded again).
	pow := math.Pow
	if _, isDouble := any(acc).([]float64); isDouble {
		pow = Pow
	}
	if math.IsInf(p, -1) {
		for i := range acc {
			acc[i] = T(math.Inf(1))
		}
	}
	g.forRows(func(o, i, n, os, is int) {
		o -= oOff
		for k := 0; k < n; k++ {
			pollAt(k)
			a := &acc[o+k*os]
			x := in[i+k*is]
			if x < 0 {
				x = -x
			}
			switch {
			case p == 2:
				// GCC contracts acc + x*x into an FMA.
				*a = fmaT(x, x, *a)
			case p == 1:
				*a += x
			case p == 0:
				if x != 0 {
					*a++
				}
			case math.IsInf(p, 1):
				if x > *a || x != x {
					*a = x
				}
			case math.IsInf(p, -1):
				if x < *a || x != x {
					*a = x
				}
			default:
				*a += T(pow(float64(x), p))
			}
		}
	})
	inv := float64(T(1) / T(p))
	for i, a := range acc {
		switch {
		case p == 2:
			acc[i] = T(math.Sqrt(float64(a)))
		case p != 0 && p != 1 && !math.IsInf(p, 0):
			acc[i] = T(pow(float64(a), inv))
		}
	}
	return acc
}

// fmaT is x*y+z rounded once to T.
func fmaT[T float32 | float64](x, y, z T) T {
	if f, ok := any(x).(float32); ok {
		return T(fmaf(f, any(y).(float32), any(z).(float32)))
	}
	return T(math.FMA(float64(x), float64(y), float64(z)))
}

// accDType is the opmath type of a floating dtype: float for the half
// types and float, double for double.
func accDType(d DType) DType {
	if d == Float64 {
		return Float64
	}
	return Float32
}

// normLastDim is ATen's is_reduce_lastdim: one reduced dimension, the
// innermost, contiguous in the input.
func normLastDim(g *redGeom) bool {
	if len(g.shape) == 0 || g.out[0] != 0 || g.in[0] != 1 {
		return false
	}
	for _, s := range g.out[1:] {
		if s == 0 {
			return false
		}
	}
	return true
}

// FormatP prints a norm order as PyTorch's messages do.
func FormatP(p float64) string { return strconv.FormatFloat(p, 'g', -1, 64) }

// NormP is the norm order of a Scalar p: PyTorch's norm kernel takes
// integers and floats, not bools.
func NormP(p Scalar) float64 {
	if p.Kind == BoolScalar {
		raise(RuntimeError, errNormP)
	}
	return p.Float()
}

// NormAs is t.norm(p, dims, keepdim, dtype=d): the norm computed in d,
// which must be a floating dtype.
func NormAs(t *Tensor, p float64, dims []int, keepdim bool, d DType) *Tensor {
	if !d.IsFloat() {
		raise(RuntimeError, errNormOutDType, d.ScalarName())
	}
	return Norm(t.To(d), p, dims, keepdim)
}

// FrobeniusNorm is PyTorch's frobenius_norm(t, dims, keepdim): the 2-norm
// over no dims (all of them) or one, and over two dims
// sqrt(sum(x*x, dims)), each step in t's dtype.
func FrobeniusNorm(t *Tensor, dims []int, keepdim bool) *Tensor {
	if len(dims) > 2 {
		raise(RuntimeError, errFroDims, len(dims))
	}
	if len(dims) <= 1 {
		return Norm(t, 2, dims, keepdim)
	}
	if WrapDim(dims[0], t.Dim()) == WrapDim(dims[1], t.Dim()) {
		raise(RuntimeError, errNormDimsRepeated, ShapeString(dims))
	}
	switch t.DType() {
	case Float16:
		raise(RuntimeError, errNotImplementedDT, "sqrt_vml_cpu", t.DType().ScalarName())
	case Float32, Float64, BFloat16:
	default:
		raise(RuntimeError, errFroIntegral)
	}
	sq := mapFloat(t, func(x float64) float64 { return x * x })
	return mapFloat(Sum(sq, dims, keepdim), math.Sqrt)
}

// welford is one output's running count, mean and sum of squared
// deviations.
type welford struct{ mean, m2, n float64 }

// welfordLines runs Welford's algorithm in double over each output's line
// of t (the reduction r into out, of strides ost), as ATen's var/std
// kernels do.
func welfordLines(r *reduction, t, out *Tensor, ost []int) []welford {
	CheckAllocBytes(int64(out.Numel()) * 24)
	acc := make([]welford, out.Numel())
	g := r.geom(t, ost, out)
	if normLastDim(g) {
		switch x := t.st.host().(type) {
		case []float32:
			welfordRowsLast(g, x, acc, out.offset)
			return acc
		case []float64:
			welfordRowsLast(g, x, acc, out.offset)
			return acc
		}
	}
	vals := floatValues(t)
	g.forRows(func(o, i, n, os, is int) {
		for k := 0; k < n; k++ {
			pollAt(k)
			a := &acc[o-out.offset+k*os]
			x := vals(i + k*is)
			a.n++
			delta := x - a.mean
			a.mean += delta / a.n
			// GCC contracts m2 + delta*new_delta into an FMA in
			// ATen's AVX2 kernels.
			a.m2 = math.FMA(delta, x-a.mean, a.m2)
		}
	})
	return acc
}
