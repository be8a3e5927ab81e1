package numpy

import (
	"math"
	"strconv"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy's complex64 and complex128 arrays: made from Python complex
// numbers (np.array([1+2j])), printed as NumPy prints them, indexed and
// reshaped, converted to torch (torch.tensor, torch.from_numpy). Their
// ufuncs and reductions are not in tensh: they raise errNPComplexOp.

// promoteComplex is promote_types when one side is complex: the complex
// type whose parts hold the other's values (complex64 at least).
func promoteComplex(a, b npType) npType {
	c, o := a, b
	if b.kind == 3 {
		c, o = b, a
	}
	if o.kind == 3 {
		return npType{3, max(c.size, o.size), false}
	}
	part := promoteT(npType{2, 2, false}, o) // the float that holds o
	return npType{3, max(c.size, 2*part.size, 8), false}
}

// npComplexToWhat is the builtin whose TypeError storing a complex into a
// real array raises (NumPy calls float() or int() on it).
func npComplexToWhat(d tensor.DType) string {
	if d.IsFloat() {
		return "float() argument must be a string or a real number"
	}
	return "int() argument must be a string, a bytes-like object or a real number"
}

// npComplexGuard raises for the NumPy operations tensh has no complex
// loops for.
func npComplexGuard(what string, arrs ...*NDArray) {
	for _, a := range arrs {
		if a != nil && a.dtype().IsComplex() {
			eval.Throw("TypeError", errNPComplexOp, what)
		}
	}
}

// npComplexPart is repr of one part of a complex scalar: Python's float
// repr (the shortest float32 digits for complex64) without ".0".
func npComplexPart(x float64, d tensor.DType) string {
	s := eval.FloatRepr(x)
	if d == tensor.Complex64 && !math.IsInf(x, 0) && !math.IsNaN(x) {
		s = npFloat32Repr(x)
	}
	return strings.TrimSuffix(s, ".0")
}

// npFloat32Repr is repr(np.float32(x)) in Python's float style.
func npFloat32Repr(x float64) string {
	y, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', -1, 32), 64)
	return eval.FloatRepr(y)
}

// npComplexScalarRepr is the repr of a complex scalar: 1j, (1+2j).
func npComplexScalarRepr(v tensor.Scalar, d tensor.DType) string {
	if v.F == 0 && !math.Signbit(v.F) {
		return npComplexPart(v.Im, d) + "j"
	}
	im := npComplexPart(v.Im, d)
	if !strings.HasPrefix(im, "-") {
		im = "+" + im
	}
	return "(" + npComplexPart(v.F, d) + im + "j)"
}

// npComplexFormat is arrayprint's ComplexFloatingFormat: the real parts
// formatted together, the imaginary parts together with a forced sign,
// "j" before the imaginary part's trailing padding.
type npComplexFormat struct{ re, im *npFloatFormat }

func newNPComplexFormat(vals []tensor.Scalar, d tensor.DType, zeroD bool) *npComplexFormat {
	part := tensor.Float64
	if d == tensor.Complex64 {
		part = tensor.Float32
	}
	re := make([]tensor.Scalar, len(vals))
	im := make([]tensor.Scalar, len(vals))
	for i, v := range vals {
		re[i], im[i] = tensor.FloatS(v.F), tensor.FloatS(v.Im)
	}
	f := &npComplexFormat{re: newNPFloatFormat(re, part, zeroD), im: newNPFloatFormatSign(im, part, zeroD, true)}
	return f
}

func (f *npComplexFormat) format(v tensor.Scalar) string {
	r := f.re.format(v.F)
	i := f.im.format(v.Im)
	sp := len(strings.TrimRight(i, " "))
	return r + i[:sp] + "j" + i[sp:]
}

// npComplexMethodOK are the ndarray methods complex arrays have in tensh:
// the layout ones, and the copies.
var npComplexMethodOK = map[string]bool{
	"reshape": true, "transpose": true, "copy": true, "tolist": true, "flatten": true, "ravel": true,
	"squeeze": true, "swapaxes": true, "astype": true, "item": true, "view": true,
}
