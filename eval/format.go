package eval

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// evalFString evaluates an f-string.
func (s *Session) evalFString(f *lang.FString) string {
	var b strings.Builder
	for _, p := range f.Parts {
		if p.Expr == nil {
			b.WriteString(p.Lit)
			continue
		}
		if p.Debug {
			b.WriteString(p.Lit)
		}
		v := s.eval(p.Expr)
		spec := ""
		if p.Spec != nil {
			spec = s.evalFString(p.Spec)
		}
		conv := p.Conv
		if p.Debug && conv == 0 && spec == "" {
			conv = 'r'
		}
		switch conv {
		case 'r', 'a':
			v = Str(Repr(v))
		case 's':
			v = Str(ToStr(v))
		}
		part := Format(v, spec)
		growStr(&b, len(part))
		b.WriteString(part)
	}
	return b.String()
}

// Format is Python's format(v, spec).
func Format(v Value, spec string) string {
	if o, ok := v.(*Instance); ok {
		return o.s().formatInstance(o, spec)
	}
	if spec != "" {
		v = asNumber(v) // NumPy scalars format as Python numbers: export.go
	}
	switch x := v.(type) {
	case Str:
		return formatStr(string(x), spec)
	case Bool:
		if spec == "" {
			return Repr(x)
		}
		n, _ := number(x)
		return formatInt(n.i, spec, "bool")
	case Int:
		return formatInt(x, spec, "int")
	case Float:
		return formatFloat(float64(x), spec, "float")
	case Complex:
		return formatComplex(x, spec) // complex_format.go
	case *tensor.Tensor:
		if x.Dim() == 0 {
			return Format(FromScalar(x.Item()), spec)
		}
	}
	if spec == "" {
		return ToStr(v)
	}
	throw("TypeError", errFormatUnsupported, TypeName(v))
	return ""
}

// fmtSpec is a parsed format specification.
type fmtSpec struct {
	fill      rune
	align     byte // 0, '<', '>', '=', '^'
	sign      byte // 0, '+', '-', ' '
	alt       bool
	zero      bool
	width     int
	grouping  byte // 0, ',', '_'
	precision int  // -1 when absent
	typ       byte // 0 when absent
}

func parseSpec(spec, typeName string) fmtSpec {
	fs := fmtSpec{fill: ' ', precision: -1}
	rs := []rune(spec)
	i := 0
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	if len(rs) >= 2 && isAlign(rs[1]) {
		fs.fill, fs.align = rs[0], byte(rs[1])
		i = 2
	} else if len(rs) >= 1 && isAlign(rs[0]) {
		fs.align = byte(rs[0])
		i = 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		fs.sign = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == 'z' {
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		fs.alt = true
		i++
	}
	if i < len(rs) && rs[i] == '0' {
		fs.zero = true
		i++
	}
	start := i
	for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
		i++
	}
	if i > start {
		fs.width = specNumber(string(rs[start:i]))
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		fs.grouping = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		start = i
		for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
			i++
		}
		if i == start {
			throw("ValueError", errFormatPrecision)
		}
		fs.precision = specNumber(string(rs[start:i]))
	}
	if i < len(rs) {
		fs.typ = byte(rs[i])
		i++
	}
	if i < len(rs) || (fs.typ >= 0x80) {
		throw("ValueError", errFormatSpec, spec, typeName)
	}
	if fs.zero && fs.align == 0 {
		fs.fill, fs.align = '0', '='
	}
	return fs
}

// specNumber parses a width or precision: Python's error past the largest
// Py_ssize_t.
func specNumber(digits string) int {
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		throw("ValueError", "Too many decimal digits in format string")
	}
	return int(n)
}

// pad applies width, fill and alignment. prefix is the sign/base prefix
// that '=' alignment keeps in front of the padding.
func (fs fmtSpec) pad(prefix, body string, defAlign byte) string {
	n := utf8.RuneCountInString(prefix) + utf8.RuneCountInString(body)
	if n >= fs.width {
		return prefix + body
	}
	align := fs.align
	if align == 0 {
		align = defAlign
	}
	return padded(prefix, body, fs.fill, fs.width-n, align)
}

func formatStr(s, spec string) string {
	if spec == "" {
		return s
	}
	fs := parseSpec(spec, "str")
	if fs.typ != 0 && fs.typ != 's' {
		throw("ValueError", errUnknownFormatCode, rune(fs.typ), "str")
	}
	if fs.sign != 0 {
		throw("ValueError", errFormatSign)
	}
	if fs.align == '=' {
		throw("ValueError", errFormatAlign)
	}
	if fs.grouping != 0 {
		throw("ValueError", errFormatGroupingStr, fs.grouping)
	}
	if fs.precision >= 0 {
		rs := []rune(s)
		if len(rs) > fs.precision {
			s = string(rs[:fs.precision])
		}
	}
	return fs.pad("", s, '<')
}

func group(digits string, sep byte, every int) string {
	if sep == 0 || len(digits) <= every {
		return digits
	}
	var b strings.Builder
	first := len(digits) % every
	if first > 0 {
		b.WriteString(digits[:first])
	}
	for i := first; i < len(digits); i += every {
		if b.Len() > 0 {
			b.WriteByte(sep)
		}
		b.WriteString(digits[i : i+every])
	}
	return b.String()
}

func signPrefix(neg bool, sign byte) string {
	switch {
	case neg:
		return "-"
	case sign == '+':
		return "+"
	case sign == ' ':
		return " "
	}
	return ""
}

func formatInt(n Int, spec, typeName string) string {
	if spec == "" {
		return n.Decimal()
	}
	fs := parseSpec(spec, typeName)
	switch fs.typ {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return formatFloat(n.Float(), spec, typeName)
	}
	if fs.precision >= 0 {
		throw("ValueError", errFormatIntPrecision)
	}
	b := n.Big()
	neg := b.Sign() < 0
	b.Abs(b)
	var digits, prefix string
	every := 3
	switch fs.typ {
	case 0, 'd', 'n':
		digits = MakeBigInt(b).Decimal()
	case 'b':
		digits, prefix, every = b.Text(2), "0b", 4
	case 'o':
		digits, prefix, every = b.Text(8), "0o", 4
	case 'x':
		digits, prefix, every = b.Text(16), "0x", 4
	case 'X':
		digits, prefix, every = strings.ToUpper(b.Text(16)), "0X", 4
	case 'c':
		return fs.pad("", string(rune(b.Int64())), '<')
	default:
		throw("ValueError", errUnknownFormatCode, rune(fs.typ), typeName)
	}
	if !fs.alt {
		prefix = ""
	}
	digits = group(digits, fs.grouping, every)
	return fs.pad(signPrefix(neg, fs.sign)+prefix, digits, '>')
}

func formatFloat(f float64, spec, typeName string) string {
	if spec == "" {
		return FloatRepr(f)
	}
	fs := parseSpec(spec, typeName)
	neg := math.Signbit(f) && !math.IsNaN(f)
	a := math.Abs(f)
	var body string
	prec := fs.precision
	if prec > math.MaxInt32 {
		throw("ValueError", "precision too big")
	}
	if (fs.typ == 'g' || fs.typ == 'G' || fs.typ == 'n' || fs.typ == 0) && !fs.alt {
		// A double has at most 767 significant digits: past that, 'g'
		// only adds zeros, which it then drops.
		prec = min(prec, 800)
	}
	if prec > 0 {
		// The digits (and those before the point), and a few copies.
		checkStrBytes(repeatedLen(prec+400, 3))
	}
	switch fs.typ {
	case 'f', 'F', '%':
		if prec < 0 {
			prec = 6
		}
		if fs.typ == '%' {
			a *= 100
		}
		body = strconv.FormatFloat(a, 'f', prec, 64)
		if fs.alt && prec == 0 {
			body += "."
		}
		if fs.typ == '%' {
			body += "%"
		}
	case 'e', 'E':
		if prec < 0 {
			prec = 6
		}
		body = pyExp(strconv.FormatFloat(a, 'e', prec, 64))
		if fs.alt && prec == 0 {
			body = strings.Replace(body, "e", ".e", 1)
		}
	case 'g', 'G', 'n':
		if prec < 0 {
			prec = 6
		}
		body = formatG(a, prec, fs.alt, false)
	case 0:
		if prec < 0 {
			body = FloatRepr(a)
		} else {
			body = formatG(a, prec, fs.alt, true)
		}
	default:
		throw("ValueError", errUnknownFormatCode, rune(fs.typ), typeName)
	}
	if math.IsInf(a, 0) {
		body = strings.Replace(body, "+Inf", "inf", 1)
		body = "inf" + strings.TrimPrefix(body, "inf")
		if fs.typ == '%' {
			body = "inf%"
		}
	}
	if math.IsNaN(f) {
		body = "nan"
		if fs.typ == '%' {
			body = "nan%"
		}
	}
	if fs.typ == 'E' || fs.typ == 'F' || fs.typ == 'G' {
		body = strings.ToUpper(body)
	}
	if fs.grouping != 0 {
		intPart, rest := body, ""
		if i := strings.IndexAny(body, ".e%"); i >= 0 {
			intPart, rest = body[:i], body[i:]
		}
		if _, err := strconv.Atoi(intPart); err == nil {
			body = group(intPart, fs.grouping, 3) + rest
		}
	}
	return fs.pad(signPrefix(neg, fs.sign), body, '>')
}

// pyExp rewrites Go's exponent (e+00 style already) to Python's: at least
// two exponent digits.
func pyExp(s string) string {
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return s
	}
	mant, exp := s[:i], s[i+1:]
	sign := exp[0]
	digits := strings.TrimLeft(exp[1:], "0")
	for len(digits) < 2 {
		digits = "0" + digits
	}
	return mant + "e" + string(sign) + digits
}

// formatG is the 'g' presentation (and the no-type presentation when
// noType: fixed notation keeps at least one decimal digit).
func formatG(a float64, prec int, alt, noType bool) string {
	if prec == 0 {
		prec = 1
	}
	if math.IsInf(a, 0) {
		return "inf"
	}
	if math.IsNaN(a) {
		return "nan"
	}
	e := strconv.FormatFloat(a, 'e', prec-1, 64)
	expStr := e[strings.IndexByte(e, 'e')+1:]
	exp, _ := strconv.Atoi(expStr)
	var body string
	if exp >= -4 && exp < prec {
		body = strconv.FormatFloat(a, 'f', prec-1-exp, 64)
		if !alt && strings.Contains(body, ".") {
			body = strings.TrimRight(strings.TrimRight(body, "0"), ".")
		}
		if noType && !strings.Contains(body, ".") {
			body += ".0"
		}
	} else {
		mant := e[:strings.IndexByte(e, 'e')]
		if !alt && strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		body = pyExp(mant + "e" + expStr)
	}
	return body
}
