package tensor

// Bernoulli draws as PyTorch 1.13's CPU kernels make them (a build
// without MKL, as the reference's): bernoulli_(p) with a float p draws
// uniform_real_distribution<double> (53 bits of a 64-bit draw) for each
// element in order and keeps u < p; with a tensor p, each element draws
// bernoulli_distribution<float> (24 bits of a 32-bit draw) against its
// p, or <double> when p is double.

// BernoulliScalar_ fills t with 1 where a uniform double draw is below p,
// else 0.
func (t *Tensor) BernoulliScalar_(p float64, g *Generator) *Tensor {
	g.Lock()
	defer g.Unlock()
	next := func() bool {
		u := float64(g.Random64()&(1<<53-1)) * (1.0 / (1 << 53))
		return u < p
	}
	if t.DType() == Float32 {
		fillNullary(t, Slice[float32](t.st), func() float32 {
			if next() {
				return 1
			}
			return 0
		})
		return t
	}
	shape, strides := nullaryLayout(t)
	if t.IsContiguous() {
		shape, strides = t.shape, t.strides
	}
	ForEachOffset(shape, strides, t.offset, func(off int) {
		v := 0.0
		if next() {
			v = 1
		}
		t.st.Set(off, FloatS(v))
	})
	return t
}

// BernoulliTensor_ fills t with draws against the probabilities p
// (broadcast to t's shape), in t's element order.
func (t *Tensor) BernoulliTensor_(p *Tensor, g *Generator) *Tensor {
	pe := p.Expand(t.shape)
	pv := pe.Contiguous()
	g.Lock()
	defer g.Unlock()
	i := 0
	double := p.DType() == Float64
	t.ForEach(func(off int) {
		pp := pv.st.Get(pv.offset + i).Float()
		i++
		var hit bool
		if double {
			hit = float64(g.Random64()&(1<<53-1))*(1.0/(1<<53)) < pp
		} else {
			hit = float32(g.Random()&(1<<24-1))*(1.0/(1<<24)) < float32(pp)
		}
		v := 0.0
		if hit {
			v = 1
		}
		t.st.Set(off, FloatS(v))
	})
	return t
}
