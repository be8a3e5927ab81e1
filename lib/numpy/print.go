package numpy

import (
	"github.com/tensh/tensh/eval"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy 1.24's printing, ported from numpy/core/arrayprint.py, with the
// options np.set_printoptions sets (printopts.go); floatmode 'maxprec',
// sign '-', legacy off.

// Repr is array_repr (or the scalar's repr).
func (a *NDArray) Repr() string {
	if a.scalar {
		return npScalarRepr(a.item(), a.dtype())
	}
	d := a.dtype()
	skipDType := (d == tensor.Float64 || d == tensor.Int64 || d == tensor.Bool || d == tensor.Complex128) && a.size() > 0
	prefix := "array("
	suffix := ","
	if skipDType {
		suffix = ")"
	}
	var lst string
	switch {
	case a.size() > 0 || (a.ndim() == 1 && a.shape()[0] == 0):
		lst = npArray2String(a, npOpts.linewidth-len(suffix), ", ", prefix)
	default:
		lst = "[], shape=" + eval.Repr(shapeTuple(a.shape()))
	}
	s := prefix + lst + suffix
	if skipDType {
		return s
	}
	dt := "dtype=" + npNames[d] + ")"
	last := len(s) - (strings.LastIndexByte(s, '\n') + 1)
	spacer := " "
	if last+len(dt)+1 > npOpts.linewidth {
		spacer = "\n" + strings.Repeat(" ", len(prefix))
	}
	return s + spacer + dt
}

// Str is array_str (or the scalar's str).
func (a *NDArray) Str() string {
	if a.scalar || a.ndim() == 0 {
		return npScalarRepr(a.item(), a.dtype())
	}
	return npArray2String(a, npOpts.linewidth, " ", "")
}

// npArray2String is array2string's _array2string.
func npArray2String(a *NDArray, lineWidth int, sep, prefix string) string {
	if a.size() == 0 {
		return "[]"
	}
	data := a
	summary := ""
	if a.size() > npOpts.threshold {
		summary = "..."
		data = npLeadingTrailing(a, 0)
	}
	format := npFormatFunction(data)
	p := &npPrinter{a: a, format: format, sep: sep, summary: summary}
	return p.recurse(nil, " "+strings.Repeat(" ", len(prefix)), lineWidth)
}

// npLeadingTrailing keeps the first and last edgeitems of every long axis.
func npLeadingTrailing(a *NDArray, axis int) *NDArray {
	if axis == a.ndim() {
		return a
	}
	n := a.shape()[axis]
	if n > 2*npOpts.edgeitems {
		lead := npLeadingTrailing(a.sliceAxis(axis, 0, npOpts.edgeitems), axis+1)
		trail := npLeadingTrailing(a.sliceAxis(axis, n-npOpts.edgeitems, n), axis+1)
		return npConcat([]*NDArray{lead, trail}, axis)
	}
	return npLeadingTrailing(a, axis+1)
}

// sliceAxis is a[..., lo:hi, ...] on one axis.
func (a *NDArray) sliceAxis(axis, lo, hi int) *NDArray {
	shape := append([]int{}, a.shape()...)
	shape[axis] = hi - lo
	off := a.t.Offset() + lo*a.t.Strides()[axis]
	return a.view(off, shape, append([]int{}, a.t.Strides()...))
}

// at is a[i] along the first axis (negative i counts from the end).
func (a *NDArray) at(i int) *NDArray {
	if i < 0 {
		i += a.shape()[0]
	}
	off := a.t.Offset() + i*a.t.Strides()[0]
	return a.view(off, a.shape()[1:], a.t.Strides()[1:])
}

type npPrinter struct {
	a       *NDArray
	format  func(tensor.Scalar) string
	sep     string
	summary string
}

// recurse is _formatArray's recurser.
func (p *npPrinter) recurse(sub *NDArray, hanging string, width int) string {
	if sub == nil {
		sub = p.a
	}
	axesLeft := sub.ndim()
	if axesLeft == 0 {
		return p.format(sub.item())
	}
	nextHanging := hanging + " "
	nextWidth := width - 1
	n := sub.shape()[0]
	showSummary := p.summary != "" && 2*npOpts.edgeitems < n
	lead, trail := 0, n
	if showSummary {
		lead, trail = npOpts.edgeitems, npOpts.edgeitems
	}
	var s string
	if axesLeft == 1 {
		elemWidth := width - max(len(strings.TrimRight(p.sep, " ")), 1)
		line := hanging
		for i := 0; i < lead; i++ {
			s, line = npExtendLine(s, line, p.recurse(sub.at(i), nextHanging, nextWidth), elemWidth, hanging)
			line += p.sep
		}
		if showSummary {
			s, line = npExtendLine(s, line, p.summary, elemWidth, hanging)
			line += p.sep
		}
		for i := trail; i > 1; i-- {
			s, line = npExtendLine(s, line, p.recurse(sub.at(-i), nextHanging, nextWidth), elemWidth, hanging)
			line += p.sep
		}
		s, line = npExtendLine(s, line, p.recurse(sub.at(-1), nextHanging, nextWidth), elemWidth, hanging)
		s += line
	} else {
		lineSep := strings.TrimRight(p.sep, " ") + strings.Repeat("\n", axesLeft-1)
		var b strings.Builder
		for i := 0; i < lead; i++ {
			b.WriteString(hanging + p.recurse(sub.at(i), nextHanging, nextWidth) + lineSep)
		}
		if showSummary {
			b.WriteString(hanging + p.summary + lineSep)
		}
		for i := trail; i > 1; i-- {
			b.WriteString(hanging + p.recurse(sub.at(-i), nextHanging, nextWidth) + lineSep)
		}
		b.WriteString(hanging + p.recurse(sub.at(-1), nextHanging, nextWidth))
		s = b.String()
	}
	return "[" + s[len(hanging):] + "]"
}

// npExtendLine is _extendLine.
func npExtendLine(s, line, word string, width int, nextPrefix string) (string, string) {
	n := utf8.RuneCountInString // Python's len of str arrays' elements
	wrap := n(line)+n(word) > width
	if n(line) <= n(nextPrefix) {
		wrap = false
	}
	if wrap {
		s += strings.TrimRight(line, " ") + "\n"
		line = nextPrefix
	}
	return s, line + word
}

// npFormatFunction is _get_format_function for the element kinds tensh has.
func npFormatFunction(data *NDArray) func(tensor.Scalar) string {
	d := data.dtype()
	vals := data.values()
	if d.IsComplex() {
		return newNPComplexFormat(vals, d, data.ndim() == 0).format
	}
	switch {
	case d == tensor.Bool:
		t, f := " True", "False"
		if data.ndim() == 0 {
			t = "True"
		}
		return func(v tensor.Scalar) string {
			if v.Bool() {
				return t
			}
			return f
		}
	case !d.IsFloat():
		w := 0
		for _, v := range vals {
			w = max(w, len(npIntText(v, d)))
		}
		return func(v tensor.Scalar) string {
			s := npIntText(v, d)
			return strings.Repeat(" ", max(0, w-len(s))) + s
		}
	}
	ff := newNPFloatFormat(vals, d, data.ndim() == 0)
	return func(v tensor.Scalar) string { return ff.format(v.Float()) }
}

// npFloatFormat is arrayprint's FloatingFormat (floatmode 'maxprec').
type npFloatFormat struct {
	d                 tensor.DType
	exp               bool
	precision         int
	minDigits         int
	unique            bool
	trimK             bool
	padLeft, padRight int
	expSize           int
	plus              bool // sign='+'
}

// signed is the integer part as the format writes it: "+1" under sign='+'.
func (f *npFloatFormat) signed(ip string) string {
	if f.plus && !strings.HasPrefix(ip, "-") {
		return "+" + ip
	}
	return ip
}

func newNPFloatFormat(vals []tensor.Scalar, d tensor.DType, zeroD bool) *npFloatFormat {
	return newNPFloatFormatSign(vals, d, zeroD, false)
}

// newNPFloatFormatSign is FloatingFormat with sign='+' when plus (the
// imaginary parts of complex numbers): non-negative numbers get a '+'.
func newNPFloatFormatSign(vals []tensor.Scalar, d tensor.DType, zeroD, plus bool) *npFloatFormat {
	if npOpts.precision < 0 {
		eval.Throw("ValueError", errNPPrecisionNeg)
	}
	f := &npFloatFormat{d: d, precision: npOpts.precision, unique: true, expSize: -1, plus: plus}
	var finite []float64
	for _, v := range vals {
		if x := v.Float(); !math.IsInf(x, 0) && !math.IsNaN(x) {
			finite = append(finite, x)
		}
	}
	maxV, minV := 0.0, math.Inf(1)
	nonZero := false
	for _, x := range finite {
		if x != 0 {
			nonZero = true
			maxV = math.Max(maxV, math.Abs(x))
			minV = math.Min(minV, math.Abs(x))
		}
	}
	if nonZero {
		// NumPy compares in the array's precision.
		if npRound(maxV, d) >= 1e8 || (!npOpts.suppress && (npRound(minV, d) < npRound(0.0001, d) || npRound(maxV/minV, d) > 1000)) {
			f.exp = true
		}
	}
	switch {
	case len(finite) == 0:
		f.padLeft, f.padRight = 0, 0
		f.expSize = -1
	case f.exp:
		expLen, prec, left := 0, 0, 0
		for _, x := range finite {
			m, e := npScientific(x, d, npOpts.precision)
			ip, fp, _ := strings.Cut(m, ".")
			expLen = max(expLen, len(e))
			prec = max(prec, len(fp))
			left = max(left, len(f.signed(ip)))
		}
		f.expSize = expLen - 1
		f.trimK = true
		f.precision = prec
		f.minDigits = prec
		f.padLeft = left
		f.padRight = f.expSize + 2 + prec
	default:
		left, right := 0, 0
		for _, x := range finite {
			s := npPositional(x, d, npOpts.precision)
			ip, fp, _ := strings.Cut(s, ".")
			left = max(left, len(f.signed(ip)))
			right = max(right, len(fp))
		}
		f.padLeft, f.padRight = left, right
	}
	if len(finite) != len(vals) {
		negInf := plus
		for _, v := range vals {
			if math.IsInf(v.Float(), -1) {
				negInf = true
			}
		}
		inflen := 3
		if negInf {
			inflen++
		}
		offset := f.padRight + 1
		f.padLeft = max(f.padLeft, 3-offset, inflen-offset)
	}
	return f
}

// npRound rounds x to the dtype's precision (for comparisons NumPy does
// in that precision).
func npRound(x float64, d tensor.DType) float64 {
	switch d {
	case tensor.Float32:
		return float64(float32(x))
	case tensor.Float16:
		return float64(tensor.HalfFromFloat64(x).Float32())
	}
	return x
}

func (f *npFloatFormat) format(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		ret := "nan"
		if math.IsInf(x, 1) {
			ret = "inf"
		} else if math.IsInf(x, -1) {
			ret = "-inf"
		}
		if f.plus && !strings.HasPrefix(ret, "-") {
			ret = "+" + ret
		}
		return strings.Repeat(" ", max(0, f.padLeft+f.padRight+1-len(ret))) + ret
	}
	if f.exp {
		m, e := npScientific(x, f.d, f.precision)
		ip, fp, _ := strings.Cut(m, ".")
		if len(fp) < f.minDigits {
			// Dragon4 goes on with the exact digits of x's value.
			m, e = splitE(strconv.FormatFloat(x, 'e', f.minDigits, 64))
			ip, fp, _ = strings.Cut(m, ".")
		}
		sign := e[:1]
		digits := e[1:]
		digits = strings.Repeat("0", max(0, f.expSize-len(digits))) + digits
		ip = f.signed(ip)
		return strings.Repeat(" ", max(0, f.padLeft-len(ip))) + ip + "." + fp + "e" + sign + digits
	}
	s := npPositional(x, f.d, f.precision)
	ip, fp, _ := strings.Cut(s, ".")
	ip = f.signed(ip)
	return strings.Repeat(" ", max(0, f.padLeft-len(ip))) + ip + "." + fp + strings.Repeat(" ", max(0, f.padRight-len(fp)))
}

// npShortest is the shortest decimal that reads back as x in dtype d, as
// 'e' digits: mantissa digits and exponent.
func npShortest(x float64, d tensor.DType) string {
	switch d {
	case tensor.Float32:
		return strconv.FormatFloat(x, 'e', -1, 32)
	case tensor.Float16:
		h := tensor.HalfFromFloat64(x)
		for p := 0; p < 17; p++ {
			s := strconv.FormatFloat(x, 'e', p, 64)
			y, _ := strconv.ParseFloat(s, 64)
			if tensor.HalfFromFloat64(y) == h {
				return s
			}
		}
	}
	return strconv.FormatFloat(x, 'e', -1, 64)
}

// npPositional is dragon4_positional(x, precision, min_digits=0,
// unique=True, fractional=True, trim='.') as FloatingFormat calls it: the
// shortest digits, rounded to at most precision fractional digits, "1."
// for integers; min_digits=0 makes Dragon4 write every digit down to the
// units, so a float32 45417608 is "45417608." where its shortest digits
// would give "45417610.".
func npPositional(x float64, d tensor.DType, precision int) string {
	m, e := splitE(npShortest(x, d))
	digits := strings.Replace(m, ".", "", 1)
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	exp, _ := strconv.Atoi(e)
	frac := len(digits) - 1 - exp // fractional digits of the shortest form
	var s string
	if frac > precision {
		s = strconv.FormatFloat(x, 'f', precision, 64)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(s, "0")
		}
	} else if frac <= 0 {
		s = strconv.FormatFloat(x, 'f', 0, 64) + "." // the exact integer digits
	} else {
		s = strconv.FormatFloat(npShortestValue(x, d), 'f', frac, 64)
	}
	if !strings.Contains(s, ".") {
		s += "."
	}
	if neg && !strings.HasPrefix(s, "-") {
		s = "-" + s
	}
	return s
}

// npShortestValue is the float64 nearest to the shortest decimal of x.
func npShortestValue(x float64, d tensor.DType) float64 {
	y, _ := strconv.ParseFloat(npShortest(x, d), 64)
	return y
}

// npScientific is dragon4_scientific(x, precision, unique=True,
// trim='.'): mantissa ("1." or "1.5") and exponent ("-05", "+00").
func npScientific(x float64, d tensor.DType, precision int) (string, string) {
	m, e := splitE(npShortest(x, d))
	ip, fp, _ := strings.Cut(m, ".")
	if len(fp) > precision {
		m, e = splitE(strconv.FormatFloat(x, 'e', precision, 64))
		ip, fp, _ = strings.Cut(m, ".")
		fp = strings.TrimRight(fp, "0")
	}
	if len(e) == 2 { // Go writes e+5 as "+05" already; keep two digits
		e = e[:1] + "0" + e[1:]
	}
	return ip + "." + fp, e
}

func splitE(s string) (string, string) {
	m, e, _ := strings.Cut(s, "e")
	return m, e
}

// npScalarRepr is the repr of a NumPy scalar (1.24: like Python's).
func npScalarRepr(v tensor.Scalar, d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		if v.Bool() {
			return "True"
		}
		return "False"
	case d.IsComplex():
		return npComplexScalarRepr(v, d)
	case !d.IsFloat():
		return npIntText(v, d)
	case d == tensor.Float64:
		return eval.FloatRepr(v.Float())
	}
	x := v.Float()
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if ax := math.Abs(x); ax == 0 || (ax >= 1e-4 && ax < 1e16) {
		s := strconv.FormatFloat(npShortestValue(x, d), 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	m, e := splitE(npShortest(x, d))
	if strings.Contains(m, ".") {
		m = strings.TrimRight(strings.TrimRight(m, "0"), ".")
	}
	return m + "e" + e
}
