package eval

import (
	"math"
	"math/big"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// Complex is Python's complex number: the literal 1j, complex(re, im),
// and the arithmetic of Objects/complexobject.c (CPython 3.11).
type Complex struct{ Re, Im float64 }

// PyTypeName is complex.
func (c Complex) PyTypeName() string { return "complex" }

// Repr is complex_repr: 2j, (1+2j), (-0-1j), (nan+infj).
func (c Complex) Repr() string {
	if c.Re == 0 && !math.Signbit(c.Re) {
		return complexPart(c.Im) + "j"
	}
	im := complexPart(c.Im)
	if !strings.HasPrefix(im, "-") {
		im = "+" + im
	}
	return "(" + complexPart(c.Re) + im + "j)"
}

// complexPart is repr of a float without the ".0" of an integral one
// (PyOS_double_to_string 'r' without Py_DTSF_ADD_DOT_0).
func complexPart(f float64) string {
	return strings.TrimSuffix(FloatRepr(f), ".0")
}

// Truth is c != 0.
func (c Complex) Truth(*Session) bool { return c.Re != 0 || c.Im != 0 }

// complexOperand converts an operand of complex arithmetic: a complex or
// a real number (bool, int, float, NumPy's real scalars).
func complexOperand(v Value) (Complex, bool) {
	switch x := asNumber(v).(type) {
	case Complex:
		return x, true
	case Bool:
		if x {
			return Complex{Re: 1}, true
		}
		return Complex{}, true
	case Int:
		f := x.Float()
		if math.IsInf(f, 0) {
			throw("OverflowError", errIntTooLargeFloat)
		}
		return Complex{Re: f}, true
	case Float:
		return Complex{Re: float64(x)}, true
	}
	return Complex{}, false
}

// Binary is complex's + - * / and **; // and % raise as for any type
// without them.
func (c Complex) Binary(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	if _, isT := other.(*tensor.Tensor); isT {
		throw("TypeError", errComplexTensor)
	}
	o, ok := complexOperand(other)
	if !ok {
		return nil, false
	}
	a, b := c, o
	if reflected {
		a, b = o, c
	}
	switch op {
	case lang.Plus:
		return Complex{a.Re + b.Re, a.Im + b.Im}, true
	case lang.Minus:
		return Complex{a.Re - b.Re, a.Im - b.Im}, true
	case lang.Star:
		return complexProd(a, b), true
	case lang.Slash:
		q, ok := complexQuot(a, b)
		if !ok {
			throw("ZeroDivisionError", errComplexDivZero)
		}
		return q, true
	case lang.StarStar:
		return complexPow(a, b), true
	}
	return nil, false
}

// Compare is == and != (complex numbers have no order).
func (c Complex) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	if op != lang.Eq && op != lang.Ne {
		return nil, false
	}
	o, ok := complexOperand(other)
	if !ok {
		return nil, false
	}
	if i, isInt := asNumber(other).(Int); isInt && i.big != nil {
		o = Complex{Re: math.NaN()} // not equal to any float: CPython compares exactly
	}
	return Bool((c == o) == (op == lang.Eq)), true
}

// Unary is -c and +c.
func (c Complex) Unary(s *Session, op lang.Op) Value {
	switch op {
	case lang.Minus:
		return Complex{-c.Re, -c.Im}
	case lang.Plus:
		return c
	}
	throw("TypeError", errBadUnary, op.String(), "complex")
	return nil
}

// Abs is abs(c): hypot, with OverflowError when a finite c overflows.
func (c Complex) Abs(s *Session) Value {
	r := crHypot(c.Re, c.Im)
	if math.IsInf(r, 0) && !math.IsInf(c.Re, 0) && !math.IsInf(c.Im, 0) && !math.IsNaN(c.Re) && !math.IsNaN(c.Im) {
		throw("OverflowError", errComplexAbs)
	}
	return Float(r)
}

// Attr gives real, imag and conjugate().
func (c Complex) Attr(s *Session, name string) (Value, bool) {
	switch name {
	case "real":
		return Float(c.Re), true
	case "imag":
		return Float(c.Im), true
	case "conjugate":
		return &Builtin{Name: "conjugate", Sig: "conjugate()", Doc: "The complex conjugate: the imaginary part negated.",
			Fn: func(a *Args) Value {
				a.Unpack()
				return Complex{c.Re, -c.Im}
			}}, true
	}
	return nil, false
}

func complexProd(a, b Complex) Complex {
	return Complex{a.Re*b.Re - a.Im*b.Im, a.Re*b.Im + a.Im*b.Re}
}

// complexQuot is _Py_c_quot (Smith's method); ok false is division by 0.
func complexQuot(a, b Complex) (Complex, bool) {
	absR, absI := math.Abs(b.Re), math.Abs(b.Im)
	switch {
	case absR >= absI:
		if absR == 0 {
			return Complex{}, false
		}
		ratio := b.Im / b.Re
		denom := b.Re + b.Im*ratio
		return Complex{(a.Re + a.Im*ratio) / denom, (a.Im - a.Re*ratio) / denom}, true
	case absI >= absR:
		ratio := b.Re / b.Im
		denom := b.Re*ratio + b.Im
		return Complex{(a.Re*ratio + a.Im) / denom, (a.Im*ratio - a.Re) / denom}, true
	}
	return Complex{math.NaN(), math.NaN()}, true
}

// complexPow is complex_pow: small integral exponents by repeated
// multiplication (c_powi), others through polar form (_Py_c_pow).
func complexPow(a, b Complex) Value {
	var p Complex
	edom := false
	if b.Im == 0 && b.Re == math.Floor(b.Re) && math.Abs(b.Re) <= 100 {
		n := int64(b.Re)
		if n >= 0 {
			p = complexPowu(a, n)
		} else {
			var ok bool
			p, ok = complexQuot(Complex{Re: 1}, complexPowu(a, -n))
			edom = !ok
		}
	} else {
		p, edom = complexPolarPow(a, b)
	}
	if edom {
		throw("ZeroDivisionError", errComplexZeroPow)
	}
	// _Py_ADJUST_ERANGE2: an infinite part is an overflow (ERANGE).
	if math.IsInf(p.Re, 0) || math.IsInf(p.Im, 0) {
		throw("OverflowError", errComplexPowOverflow)
	}
	return p
}

func complexPowu(x Complex, n int64) Complex {
	r, p := Complex{Re: 1}, x
	for mask := int64(1); mask > 0 && n >= mask; mask <<= 1 {
		if n&mask != 0 {
			r = complexProd(r, p)
		}
		p = complexProd(p, p)
	}
	return r
}

// complexPolarPow is _Py_c_pow; edom reports 0 to a negative or complex power.
func complexPolarPow(a, b Complex) (Complex, bool) {
	switch {
	case b.Re == 0 && b.Im == 0:
		return Complex{Re: 1}, false
	case a.Re == 0 && a.Im == 0:
		return Complex{}, b.Im != 0 || b.Re < 0
	}
	vabs := crHypot(a.Re, a.Im)
	l := tensor.Pow(vabs, b.Re)
	at := crAtan2(a.Im, a.Re)
	phase := at * b.Re
	if b.Im != 0 {
		l /= crExp(at * b.Im)
		phase += b.Im * tensor.Log(vabs)
	}
	// cos and sin of an infinite phase set errno to EDOM, which
	// complex_pow reports as ZeroDivisionError.
	return Complex{l * crCos(phase), l * crSin(phase)}, math.IsInf(phase, 0)
}

// complexHash is complex_hash: hash(re) + 1000003 * hash(im), wrapping.
func complexHash(c Complex) int64 {
	h := uint64(floatHash(c.Re)) + 1000003*uint64(floatHash(c.Im))
	return fixHash(int64(h))
}

func init() {
	// dir(1j) in CPython 3.11: the candidates of "Did you mean".
	pyDirs["complex"] = []string{"__abs__", "__add__", "__bool__", "__class__", "__complex__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__", "__getnewargs__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__le__", "__lt__", "__mul__", "__ne__", "__neg__", "__new__", "__pos__", "__pow__", "__radd__", "__reduce__", "__reduce_ex__", "__repr__", "__rmul__", "__rpow__", "__rsub__", "__rtruediv__", "__setattr__", "__sizeof__", "__str__", "__sub__", "__subclasshook__", "__truediv__", "conjugate", "imag", "real"}
}

// complexPowMod is complex_pow's refusal of pow(x, y, z) when any of
// them is complex.
func complexPowMod(vals ...Value) {
	for _, v := range vals {
		if _, ok := v.(Complex); ok {
			throw("ValueError", errComplexModulo)
		}
	}
}

// crHypot is C's hypot (glibc's, correctly rounded): sqrt(x² + y²) without
// intermediate overflow, inf when either is infinite.
func crHypot(x, y float64) float64 {
	switch {
	case math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Inf(1)
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	}
	bx := new(big.Float).SetPrec(300).SetFloat64(x)
	by := new(big.Float).SetPrec(300).SetFloat64(y)
	bx.Mul(bx, bx)
	by.Mul(by, by)
	bx.Add(bx, by)
	r, _ := bx.Sqrt(bx).Float64()
	return r
}
