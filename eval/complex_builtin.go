package eval

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// complex(real=0, imag=0) and complex('1+2j'): complex_new of CPython 3.11.
var complexClass = defClass("complex", "complex", builtinComplex)

func builtinComplex(a *Args) Value {
	var r, i Value
	a.Unpack("real?", &r, "imag?", &i)
	if r == nil {
		r = MakeInt(0)
	}
	if s, ok := r.(Str); ok {
		if i != nil {
			throw("TypeError", errComplexStrSecond)
		}
		return parseComplex(string(s))
	}
	if _, ok := i.(Str); ok {
		throw("TypeError", errComplexSecondStr)
	}
	cr, crComplex := complexArg(r, errComplexFirstType)
	if i == nil {
		return Complex{cr.Re, cr.Im}
	}
	ci, ciComplex := complexArg(i, errComplexSecondType)
	re, im := cr.Re, ci.Re
	if ciComplex {
		re -= ci.Im
	}
	if crComplex {
		im += cr.Im
	}
	return Complex{re, im}
}

// complexArg converts one argument of complex(): a complex, or a number
// (through float(), a 0-d tensor included).
func complexArg(v Value, msg string) (Complex, bool) {
	if c, ok := v.(Complex); ok {
		return c, true
	}
	if t, ok := v.(*tensor.Tensor); ok && t.Numel() == 1 {
		return Complex{Re: t.Item().Float()}, false
	}
	c, ok := complexOperand(v)
	if !ok {
		throw("TypeError", msg, TypeName(v))
	}
	return c, false
}

// complexNum is one number of a complex string: a float or inf/nan, or
// nothing (then the "j" that follows means 1j).
var complexNum = regexp.MustCompile(`^[+-]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d(?:_?\d)*)?|infinity|inf|nan)`)

// parseComplex is complex_from_string_inner: "1", "2j", "1+2j", "-j",
// "(1-2.5e3j)", surrounding spaces allowed.
func parseComplex(src string) Value {
	bad := func() { throw("ValueError", errComplexMalformed) }
	s := strings.TrimSpace(src)
	if strings.HasPrefix(s, "(") {
		if !strings.HasSuffix(s, ")") {
			bad()
		}
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if s == "" {
		bad()
	}
	low := strings.ToLower(s)
	num := func(from int) (float64, int, bool) {
		m := complexNum.FindString(low[from:])
		body := strings.TrimLeft(m, "+-")
		if body == "" || strings.HasPrefix(body, "_") || strings.HasSuffix(body, "_") || strings.Contains(body, "_.") || strings.Contains(body, "._") {
			return 0, from, false
		}
		var f float64
		switch body {
		case "inf", "infinity":
			f = math.Inf(1)
		case "nan":
			f = math.NaN()
		default:
			var err error
			f, err = strconv.ParseFloat(strings.ReplaceAll(body, "_", ""), 64)
			if err != nil && !strings.Contains(err.Error(), "range") {
				return 0, from, false
			}
		}
		if strings.HasPrefix(m, "-") {
			f = -f
		}
		return f, from + len(m), true
	}
	// A sign (or nothing) and "j": ±1j.
	unitJ := func(from int) (float64, bool) {
		rest := low[from:]
		switch rest {
		case "j", "+j":
			return 1, true
		case "-j":
			return -1, true
		}
		return 0, false
	}
	if im, ok := unitJ(0); ok {
		return Complex{Im: im}
	}
	x, end, ok := num(0)
	if !ok {
		bad()
	}
	switch {
	case end == len(low):
		return Complex{Re: x}
	case low[end:] == "j":
		return Complex{Im: x}
	case low[end] != '+' && low[end] != '-':
		bad()
	}
	if im, ok := unitJ(end); ok {
		return Complex{Re: x, Im: im}
	}
	y, end2, ok := num(end)
	if !ok || low[end2:] != "j" {
		bad()
	}
	return Complex{Re: x, Im: y}
}
