package tensor

// MapFloat computes a pointwise function without a vector kernel of its
// own (torch.special's, the Bessel functions, the orthogonal polynomials)
// over its broadcast operands. The operands are promoted as a
// TensorIterator does (result_type, integral and bool results computing
// in the default float dtype); float32 operands are widened to float64
// for f and the result rounded back. kernel names the CPU kernel of
// "not implemented for" messages; types are the dtypes it accepts
// (BFloat16, Float32 and Float64 when nil).
func MapFloat(kernel string, ops []Operand, f func(x []float64) float64, opts Opts) *Tensor {
	return mapFloatOps(kernel, noHalfFloats, ops, func(x []float64, _ bool) float64 { return f(x) }, opts)
}

// MapFloatAll is MapFloat for kernels that also take Half.
func MapFloatAll(kernel string, ops []Operand, f func(x []float64) float64, opts Opts) *Tensor {
	return mapFloatOps(kernel, floatTypes, ops, func(x []float64, _ bool) float64 { return f(x) }, opts)
}

// MapFloatPrec is MapFloat for functions that PyTorch computes in the
// input's precision: f learns whether the compute dtype is narrower than
// float64 (single), to round as float32 arithmetic does.
func MapFloatPrec(kernel string, ops []Operand, f func(x []float64, single bool) float64, opts Opts) *Tensor {
	return mapFloatOps(kernel, noHalfFloats, ops, f, opts)
}

func mapFloatOps(kernel string, types dtypeSet, ops []Operand, f func(x []float64, single bool) float64, opts Opts) *Tensor {
	var buf shapeBuf
	shape := append([]int{}, broadcastShape(&buf, ops, &opts)...)
	compute := ResultTypeOf(ops...)
	if compute.IsIntegral(true) {
		compute = DefaultFloat()
	}
	out := prepareOut(shape, compute, ops, &opts)
	checkSupported(kernel, types, compute)
	args := make([][]float64, len(ops))
	for i, o := range ops {
		t := o.tensorOf(Float64)
		args[i] = Slice[float64](t.Expand(shape).ContiguousClone().Storage())
	}
	n := Numel(shape)
	single := compute != Float64
	res := make([]float64, n)
	x := make([]float64, len(ops))
	for k := 0; k < n; k++ {
		for i := range args {
			x[i] = args[i][k]
		}
		res[k] = f(x, single)
	}
	dst := FromSlice(res, shape...).To(compute)
	return finish(out, dst)
}
