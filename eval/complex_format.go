package eval

import (
	"math"
	"strconv"
	"strings"
)

// formatComplex is complex.__format__ (format_complex_internal of
// CPython 3.11): the real and imaginary parts formatted as floats (the
// imaginary one always signed), "j", parentheses when no type is given,
// then the width, fill and alignment applied to the whole.
func formatComplex(c Complex, spec string) string {
	if spec == "" {
		return c.Repr()
	}
	fs := parseSpec(spec, "complex")
	if fs.zero {
		throw("ValueError", errComplexZeroPad)
	}
	if fs.align == '=' {
		throw("ValueError", errComplexEqAlign)
	}
	switch fs.typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n':
	default:
		throw("ValueError", errUnknownFormatCode, rune(fs.typ), "complex")
	}
	// The parts' own spec: sign, '#', grouping, precision and type.
	part := func(sign byte) string {
		var b strings.Builder
		if sign != 0 {
			b.WriteByte(sign)
		}
		if fs.alt {
			b.WriteByte('#')
		}
		if fs.grouping != 0 {
			b.WriteByte(fs.grouping)
		}
		if fs.precision >= 0 {
			b.WriteString("." + strconv.Itoa(fs.precision))
		}
		typ := fs.typ
		if typ == 0 || typ == 'n' {
			typ = 'g'
		}
		b.WriteByte(typ)
		return b.String()
	}
	var re, im string
	parens, skipRe := false, false
	if fs.typ == 0 {
		if c.Re == 0 && !math.Signbit(c.Re) {
			skipRe = true
		} else {
			parens = true
		}
	}
	if fs.typ == 0 && fs.precision < 0 {
		// repr of each part, without ".0" (the 'r' format).
		re = complexPart(c.Re)
		if fs.sign == '+' && !strings.HasPrefix(re, "-") {
			re = "+" + re
		} else if fs.sign == ' ' && !strings.HasPrefix(re, "-") {
			re = " " + re
		}
		im = complexPart(c.Im)
		if !strings.HasPrefix(im, "-") {
			im = "+" + im
		}
		if fs.grouping != 0 {
			re, im = groupRepr(re, fs.grouping), groupRepr(im, fs.grouping)
		}
	} else {
		re = formatFloat(c.Re, part(fs.sign), "complex")
		im = formatFloat(c.Im, part('+'), "complex")
	}
	var body string
	if skipRe {
		im = strings.TrimPrefix(im, "+")
		if fs.sign == '+' || fs.sign == ' ' {
			if !strings.HasPrefix(im, "-") {
				im = string(fs.sign) + im
			}
		}
		body = im + "j"
	} else {
		body = re + im + "j"
	}
	if parens {
		body = "(" + body + ")"
	}
	fs.zero = false
	return fs.pad("", body, '>')
}

// groupRepr inserts the grouping separator into the integer digits of a
// signed repr ("+1234567.5" -> "+1_234_567.5").
func groupRepr(s string, sep byte) string {
	sign := ""
	if s != "" && (s[0] == '+' || s[0] == '-' || s[0] == ' ') {
		sign, s = s[:1], s[1:]
	}
	intPart, rest := s, ""
	if i := strings.IndexAny(s, ".e"); i >= 0 {
		intPart, rest = s[:i], s[i:]
	}
	if _, err := strconv.Atoi(intPart); err != nil {
		return sign + s
	}
	return sign + group(intPart, sep, 3) + rest
}
