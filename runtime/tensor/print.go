package tensor

import (
	"math"
	"strconv"
	"strings"
)

// This file is torch/_tensor_str.py (PyTorch 1.13) for strided CPU and GPU
// tensors of tensh's dtypes: _str_intern, _tensor_str, _Formatter,
// get_summarized_data, _tensor_str_with_formatter, _vector_str and
// _add_suffixes. Only the elements a summarized repr shows are read.

// String is repr(t), as torch/_tensor_str.py prints it, with the current
// print options. It panics with an *Error where PyTorch raises (a negative
// precision, edgeitems <= 0 on a summarized matrix).
func (t *Tensor) String() string {
	return t.StringWith(GetPrintOptions())
}

// StringWith is repr(t) under the print options o.
func (t *Tensor) StringWith(o PrintOptions) string {
	const prefix = "tensor("
	indent := len(prefix)
	var suffixes []string
	if t.device.Type != "cpu" {
		suffixes = append(suffixes, "device='"+t.device.String()+"'")
	}
	d := t.DType()
	var body string
	if t.Numel() == 0 {
		// Explicitly print the shape if it is not (0,), as NumPy does; an
		// empty tensor has no elements to tell int64 from float, so any
		// dtype but the default float is shown.
		if t.Dim() != 1 {
			suffixes = append(suffixes, "size="+pyTuple(t.shape))
		}
		if d != DefaultFloat() {
			suffixes = append(suffixes, "dtype="+d.String())
		}
		body = "[]"
	} else {
		if d != DefaultFloat() && d != Int64 && d != Bool && d != defaultComplex() {
			suffixes = append(suffixes, "dtype="+d.String())
		}
		if t.Dim() >= maxPrintDims {
			raise(RecursionError, errPrintRecursion)
		}
		body = t.tensorStr(o, indent)
	}
	if t.Autograd != nil {
		if sfx := t.Autograd.ReprSuffix(); sfx != "" {
			suffixes = append(suffixes, sfx)
		}
	}
	return addSuffixes(prefix+body, suffixes, indent, o.LineWidth)
}

// maxPrintDims is the number of dimensions from which _tensor_str, which
// recurses once per dimension, meets Python's recursion limit (in a
// script's top-level repr).
const maxPrintDims = 495

// pyTuple is str(tuple(shape)): "(2, 0)", "(3,)", "()".
func pyTuple(shape []int) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, s := range shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(s))
	}
	if len(shape) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String()
}

// addSuffixes is _add_suffixes: each suffix follows ", " on the last line,
// or goes to a new line indented by indent when the line would pass the
// line width.
func addSuffixes(s string, suffixes []string, indent int, lineWidth float64) string {
	var b strings.Builder
	b.WriteString(s)
	lastLineLen := len(s) - strings.LastIndexByte(s, '\n') + 1
	for _, suffix := range suffixes {
		if float64(lastLineLen+len(suffix)+2) > lineWidth {
			b.WriteString(",\n")
			b.WriteString(strings.Repeat(" ", indent))
			b.WriteString(suffix)
			lastLineLen = indent + len(suffix)
		} else {
			b.WriteString(", ")
			b.WriteString(suffix)
			lastLineLen += len(suffix) + 2
		}
	}
	b.WriteByte(')')
	return b.String()
}

// printer is one _tensor_str call: the tensor's layout, the options, whether
// it is summarized, and the formatter built from the shown elements.
type printer struct {
	o         PrintOptions
	st        *Storage
	shape     []int
	strides   []int
	summarize bool
	f         formatter
	b         strings.Builder
	im        *printer // the imaginary parts' printer of a complex tensor (print_complex.go)
}

// tensorStr is _tensor_str for a non-empty tensor.
func (t *Tensor) tensorStr(o PrintOptions, indent int) string {
	p := &printer{o: o, st: t.st, shape: t.shape, strides: t.strides}
	p.summarize = float64(t.Numel()) > o.Threshold
	if !p.summarize {
		// Every element is shown: check the formatter's values and the
		// text for memory (Python's MemoryError) before making them.
		CheckMemory(int64(t.Numel()) * 8)
	}
	if t.DType().IsComplex() {
		p.splitComplex(t.offset)
	} else {
		p.f = p.newFormatter(t.offset)
	}
	if !p.summarize {
		// The text, and the copies the caller makes of it (prefix,
		// indentation, suffixes).
		text := int64(t.Numel()) * int64(p.f.width+2+indent)
		CheckMemory(3 * text)
		p.b.Grow(int(text))
	}
	p.write(t.offset, 0, indent)
	return p.b.String()
}

// ellipsisIndex marks where "..." goes in a list of shown indices.
const ellipsisIndex = -1

// shown returns the indices of a dimension of size n that a repr shows, in
// order, with ellipsisIndex where the "..." goes. The last dimension
// (vector) is cut with Python slices self[:e] and self[-e:], the others
// with range(0, e) and range(n-e, n); they differ only when edgeitems <= 0.
func (p *printer) shown(n int, vector bool) []int {
	e := p.o.EdgeItems
	if !p.summarize || n <= 2*e {
		CheckMemory(int64(n) * 8)
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	var headStop, tailStart int
	if vector {
		headStop = pySliceBound(e, n)
		tailStart = pySliceBound(-e, n)
	} else {
		headStop, tailStart = max(e, 0), n
		if e > 0 {
			tailStart = n - e
		}
	}
	idx := make([]int, 0, headStop+1+n-tailStart)
	for i := 0; i < headStop; i++ {
		idx = append(idx, i)
	}
	idx = append(idx, ellipsisIndex)
	for i := tailStart; i < n; i++ {
		idx = append(idx, i)
	}
	return idx
}

// pySliceBound normalizes a Python slice bound i for a sequence of length n.
func pySliceBound(i, n int) int {
	if i < 0 {
		i += n
		if i < 0 {
			i = 0
		}
	}
	if i > n {
		i = n
	}
	return i
}

// visitShown calls fn with the storage offset of every shown element, in
// order: the elements get_summarized_data keeps. Like torch.stack in
// get_summarized_data, it raises when a summarized dimension above the last
// keeps no slice at all (edgeitems <= 0).
func (p *printer) visitShown(off, dim int, fn func(off int)) {
	nd := len(p.shape) - dim
	if nd == 0 {
		fn(off)
		return
	}
	idx := p.shown(p.shape[dim], nd == 1)
	stride := p.strides[dim]
	if nd > 1 && len(idx) == 1 && idx[0] == ellipsisIndex {
		raise(RuntimeError, errStackEmpty)
	}
	for k, i := range idx {
		pollAt(k)
		if i == ellipsisIndex {
			continue
		}
		p.visitShown(off+i*stride, dim+1, fn)
	}
}

// write is _tensor_str_with_formatter.
func (p *printer) write(off, dim, indent int) {
	nd := len(p.shape) - dim
	if nd == 0 {
		p.b.WriteString(p.element(off))
		return
	}
	n, stride := p.shape[dim], p.strides[dim]
	if nd == 1 {
		p.writeVector(off, n, stride, indent)
		return
	}
	sep := "," + strings.Repeat("\n", nd-1) + strings.Repeat(" ", indent+1)
	p.b.WriteByte('[')
	for k, i := range p.shown(n, false) {
		if k > 0 {
			p.b.WriteString(sep)
		}
		if i == ellipsisIndex {
			p.b.WriteString("...")
			continue
		}
		p.write(off+i*stride, dim+1, indent+1)
	}
	p.b.WriteByte(']')
}

// writeVector is _vector_str: elements of the formatter's width joined by
// ", ", as many per line as fit in the line width.
func (p *printer) writeVector(off, n, stride, indent int) {
	elementLength := p.f.width + 2
	if p.im != nil {
		elementLength += p.im.f.width + 1 // the imaginary part and its "j"
	}
	// int(math.floor(...)) in Python, with its errors for a linewidth of
	// ±inf or nan.
	q := math.Floor((p.o.LineWidth - float64(indent)) / float64(elementLength))
	switch {
	case math.IsInf(q, 0):
		raise(OverflowError, errPrintFloorInf)
	case math.IsNaN(q):
		raise(ValueError, errPrintFloorNaN)
	}
	perLine := 1
	if q > 1 {
		perLine = int(min(q, math.MaxInt32))
	}
	newline := ",\n" + strings.Repeat(" ", indent+1)
	p.b.WriteByte('[')
	for k, i := range p.shown(n, true) {
		pollAt(k)
		if k > 0 {
			if k%perLine == 0 {
				p.b.WriteString(newline)
			} else {
				p.b.WriteString(", ")
			}
		}
		if i == ellipsisIndex {
			p.b.WriteString(" ...")
			continue
		}
		p.b.WriteString(p.element(off + i*stride))
	}
	p.b.WriteByte(']')
}

// formatter is _Formatter.
type formatter struct {
	floating bool
	intMode  bool
	sci      bool
	width    int
	prec     int
}

// newFormatter is _Formatter.__init__ over the shown elements of the
// tensor at off (get_summarized_data when summarizing). Half and bfloat16
// elements are widened to float32 first, as _tensor_str does; widening to
// float64 after that is exact, so every float is handled as a float64: the
// integral test (x != ceil(x)) and the min/max of |x| (taken in float64 by
// PyTorch too) give the same answers.
func (p *printer) newFormatter(off int) formatter {
	f := formatter{floating: p.st.dtype.IsFloat(), intMode: true, width: 1, prec: p.o.Precision}
	if !f.floating {
		p.visitShown(off, 0, func(off int) {
			f.width = max(f.width, len(scalarStr(p.st.Get(off))))
		})
		return f
	}
	var vals []float64 // nonzero_finite_vals
	minAbs, maxAbs := math.Inf(1), 0.0
	p.visitShown(off, 0, func(off int) {
		v := p.st.Get(off).F
		if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		vals = append(vals, v)
		a := math.Abs(v)
		minAbs = min(minAbs, a)
		maxAbs = max(maxAbs, a)
		if v != math.Ceil(v) {
			f.intMode = false
		}
	})
	if len(vals) == 0 {
		// No valid number: PyTorch returns before applying sci_mode.
		return f
	}
	if f.intMode {
		if maxAbs/minAbs > 1000 || maxAbs > 1e8 {
			f.sci = true
			for i, v := range vals {
				pollAt(i)
				f.width = max(f.width, len(pyFormatE(v, f.prec)))
			}
		} else {
			for i, v := range vals {
				pollAt(i)
				f.width = max(f.width, len(pyFormatF(v, 0))+1)
			}
		}
	} else {
		if maxAbs/minAbs > 1000 || maxAbs > 1e8 || minAbs < 1e-4 {
			f.sci = true
			for i, v := range vals {
				pollAt(i)
				f.width = max(f.width, len(pyFormatE(v, f.prec)))
			}
		} else {
			for i, v := range vals {
				pollAt(i)
				f.width = max(f.width, len(pyFormatF(v, f.prec)))
			}
		}
	}
	switch p.o.SciMode {
	case SciOn:
		f.sci = true
	case SciOff:
		f.sci = false
	}
	return f
}

// format is _Formatter.format: the element's text, right-aligned to the
// formatter's width.
func (f *formatter) format(s Scalar) string {
	var ret string
	switch {
	case !f.floating:
		ret = scalarStr(s)
	case f.sci:
		ret = pyFormatE(s.F, f.prec)
	case f.intMode:
		ret = pyFormatF(s.F, 0)
		if !math.IsInf(s.F, 0) && !math.IsNaN(s.F) {
			ret += "."
		}
	default:
		ret = pyFormatF(s.F, f.prec)
	}
	if pad := f.width - len(ret); pad > 0 {
		return strings.Repeat(" ", pad) + ret
	}
	return ret
}

// scalarStr is Python's str() of an element as tolist() returns it.
func scalarStr(s Scalar) string {
	switch s.Kind {
	case BoolScalar:
		if s.I != 0 {
			return "True"
		}
		return "False"
	case IntScalar:
		return strconv.FormatInt(s.I, 10)
	}
	return pyFloatRepr(s.F)
}

// pyNonFinite is Python's text for nan and ±inf in every float format.
func pyNonFinite(v float64) (string, bool) {
	switch {
	case math.IsNaN(v):
		return "nan", true
	case math.IsInf(v, 1):
		return "inf", true
	case math.IsInf(v, -1):
		return "-inf", true
	}
	return "", false
}

// pyFormatF is Python's '{:.<prec>f}'.format(v). Like CPython, strconv
// rounds the exact binary value, ties to even.
func pyFormatF(v float64, prec int) string {
	if s, ok := pyNonFinite(v); ok {
		return s
	}
	if prec < 0 {
		raise(ValueError, errPrintMissingPrecision)
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// pyFormatE is Python's '{:.<prec>e}'.format(v): at least two exponent
// digits, as strconv writes them.
func pyFormatE(v float64, prec int) string {
	if s, ok := pyNonFinite(v); ok {
		return s
	}
	if prec < 0 {
		raise(ValueError, errPrintMissingPrecision)
	}
	return strconv.FormatFloat(v, 'e', prec, 64)
}

// pyFloatRepr is Python's repr(float): the shortest text that reads back
// exactly, positional when 1e-4 <= |v| < 1e16, else d.ddde±XX.
func pyFloatRepr(v float64) string {
	if s, ok := pyNonFinite(v); ok {
		return s
	}
	e := strconv.FormatFloat(v, 'e', -1, 64) // [-]d[.ddd]e±XX
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	switch {
	case exp < -4 || exp >= 16:
		out = digits[:1]
		if len(digits) > 1 {
			out += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		es := strconv.Itoa(exp)
		if len(es) < 2 {
			es = "0" + es
		}
		out += "e" + sign + es
	case exp >= 0:
		if len(digits) <= exp+1 {
			out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
		} else {
			out = digits[:exp+1] + "." + digits[exp+1:]
		}
	default:
		out = "0." + strings.Repeat("0", -exp-1) + digits
	}
	if neg {
		out = "-" + out
	}
	return out
}

// StorageString is repr(t.storage()) as PyTorch 1.13 prints a
// TypedStorage: every element of the whole storage on its own line after a
// space (str() of the Python scalar), then the type line.
func (t *Tensor) StorageString() string {
	var b strings.Builder
	b.WriteByte(' ')
	n := t.st.Len()
	CheckMemory(3 * int64(n)) // a line of at least " 0\n" each
	for i := 0; i < n; i++ {
		pollAt(i)
		if i > 0 {
			b.WriteString("\n ")
		}
		s := scalarStr(t.st.Get(i))
		if len(s)+2 > b.Cap()-b.Len() {
			// The text is checked before each time it grows.
			CheckMemory(2*int64(b.Cap()) + int64(len(s)) + 2)
			b.Grow(len(s) + 2)
		}
		b.WriteString(s)
	}
	b.WriteString("\n[torch.storage.TypedStorage(dtype=")
	b.WriteString(t.DType().String())
	b.WriteString(", device=")
	b.WriteString(t.device.String())
	b.WriteString(") of size ")
	b.WriteString(strconv.Itoa(n))
	b.WriteByte(']')
	return b.String()
}
