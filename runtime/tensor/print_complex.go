package tensor

import "strings"

// Printing complex tensors as _tensor_str does: one _Formatter over the
// real parts, one over the imaginary parts, and each element written as
// real_str + imag_str + "j" (with a "+" when the imaginary text has no
// sign), the imaginary text stripped of its padding.

// defaultComplex is the complex dtype whose repr shows no dtype: complex128
// when the default float is float64, else complex64.
func defaultComplex() DType {
	if DefaultFloat() == Float64 {
		return Complex128
	}
	return Complex64
}

// splitComplex turns p, a printer of a complex tensor, into a printer of
// its real parts (same layout, float64 storage) with p.im the printer of
// its imaginary parts, each with its formatter.
func (p *printer) splitComplex(off int) {
	n := p.st.Len()
	re, im := NewStorage(Float64, n), NewStorage(Float64, n)
	rd, id := Slice[float64](re), Slice[float64](im)
	for i := 0; i < n; i++ {
		v := p.st.Get(i)
		rd[i], id[i] = v.F, v.Im
	}
	p.im = &printer{o: p.o, st: im, shape: p.shape, strides: p.strides, summarize: p.summarize}
	p.st = re
	p.f = p.newFormatter(off)
	p.im.f = p.im.newFormatter(off)
}

// element is the text of the element at off.
func (p *printer) element(off int) string {
	if p.im == nil {
		return p.f.format(p.st.Get(off))
	}
	real := p.f.format(p.st.Get(off))
	imag := strings.TrimLeft(p.im.f.format(p.im.st.Get(off))+"j", " ")
	if imag[0] == '+' || imag[0] == '-' {
		return real + imag
	}
	return real + "+" + imag
}
