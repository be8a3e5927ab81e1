package tensor

// MapElems is f of each element of the floating tensor x, computed in
// float64 and stored in x's dtype: the kernel of the activations of
// torch.nn.functional that have no vectorised kernel here.
func MapElems(x *Tensor, f func(float64) float64) *Tensor {
	xc := x.Contiguous()
	out := Empty(x.shape, x.DType())
	n := x.Numel()
	switch x.DType() {
	case Float32:
		src, dst := Slice[float32](xc.st)[xc.offset:xc.offset+n], Slice[float32](out.st)
		for i, v := range src {
			dst[i] = float32(f(float64(v)))
		}
	case Float64:
		src, dst := Slice[float64](xc.st)[xc.offset:xc.offset+n], Slice[float64](out.st)
		for i, v := range src {
			dst[i] = f(v)
		}
	default:
		for i := 0; i < n; i++ {
			out.st.Set(i, FloatS(f(xc.st.Get(xc.offset+i).Float())))
		}
	}
	return out
}

// MapFloat2 is f of the elements of a and b (b broadcast to a's shape),
// in a's dtype: the backward kernels g·f'(x).
func MapFloat2(a, b *Tensor, f func(x, y float64) float64) *Tensor {
	ac, bc := a.Contiguous(), b.Expand(a.shape).Contiguous().To(a.DType())
	out := Empty(a.shape, a.DType())
	n := a.Numel()
	switch a.DType() {
	case Float32:
		x, y, dst := Slice[float32](ac.st)[ac.offset:ac.offset+n], Slice[float32](bc.st)[bc.offset:bc.offset+n], Slice[float32](out.st)
		for i := range dst {
			dst[i] = float32(f(float64(x[i]), float64(y[i])))
		}
	case Float64:
		x, y, dst := Slice[float64](ac.st)[ac.offset:ac.offset+n], Slice[float64](bc.st)[bc.offset:bc.offset+n], Slice[float64](out.st)
		for i := range dst {
			dst[i] = f(x[i], y[i])
		}
	default:
		for i := 0; i < n; i++ {
			out.st.Set(i, FloatS(f(ac.st.Get(ac.offset+i).Float(), bc.st.Get(bc.offset+i).Float())))
		}
	}
	return out
}
