package eval

import (
	"strings"
)

// json.loads: _json.c's scanner (scan_once, scanstring, the object and
// array parsers), over the text's code points so that error positions
// count characters as Python's do.

type jsonDecoder struct {
	s                                *Session
	doc                              []rune
	text                             string
	objectHook, pairsHook            Value
	parseFloat, parseInt, parseConst Value
	strict                           bool
}

// jsonStop is scan_once's StopIteration: no value starts at idx.
type jsonStop struct{ idx int }

// fail raises JSONDecodeError(msg, doc, pos).
func (d *jsonDecoder) fail(msg string, pos int) {
	raiseJSONDecodeError(d.text, d.doc, msg, pos)
}

func raiseJSONDecodeError(text string, doc []rune, msg string, pos int) {
	line := 1
	last := -1
	for i := 0; i < pos && i < len(doc); i++ {
		if doc[i] == '\n' {
			line++
			last = i
		}
	}
	col := pos - last
	e := &Exception{Type: jsonDecodeErrorClass, Msg: sprintf(errJSONDecode, msg, line, col, pos)}
	setExcAttrs(e, map[string]Value{"msg": Str(msg), "doc": Str(text), "pos": MakeInt(int64(pos)),
		"lineno": MakeInt(int64(line)), "colno": MakeInt(int64(col))})
	panic(e)
}

func (d *jsonDecoder) ws(i int) int {
	for i < len(d.doc) {
		switch d.doc[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	return i
}

func (d *jsonDecoder) has(i int, lit string) bool {
	r := []rune(lit)
	if i+len(r) > len(d.doc) {
		return false
	}
	for j, c := range r {
		if d.doc[i+j] != c {
			return false
		}
	}
	return true
}

// scanOnce is the value starting at idx and the index after it; a
// jsonStop panic when there is none.
func (d *jsonDecoder) scanOnce(idx int) (Value, int) {
	poll()
	if idx >= len(d.doc) {
		panic(jsonStop{idx})
	}
	switch c := d.doc[idx]; {
	case c == '"':
		return d.scanString(idx + 1)
	case c == '{':
		return d.parseObject(idx + 1)
	case c == '[':
		return d.parseArray(idx + 1)
	case c == 'n' && d.has(idx, "null"):
		return None, idx + 4
	case c == 't' && d.has(idx, "true"):
		return Bool(true), idx + 4
	case c == 'f' && d.has(idx, "false"):
		return Bool(false), idx + 5
	case c == 'N' && d.has(idx, "NaN"):
		return d.constant("NaN"), idx + 3
	case c == 'I' && d.has(idx, "Infinity"):
		return d.constant("Infinity"), idx + 8
	case c == '-' && d.has(idx, "-Infinity"):
		return d.constant("-Infinity"), idx + 9
	}
	return d.number(idx)
}

func (d *jsonDecoder) constant(name string) Value {
	if d.parseConst != nil && d.parseConst != None {
		return d.s.callFn(d.parseConst, Str(name))
	}
	return d.s.Call(floatClass, &Args{Pos: []Value{Str(name)}})
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// number is _match_number_unicode: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?
func (d *jsonDecoder) number(start int) (Value, int) {
	i := start
	n := len(d.doc)
	if i < n && d.doc[i] == '-' {
		i++
	}
	switch {
	case i < n && d.doc[i] >= '1' && d.doc[i] <= '9':
		for i++; i < n && isDigit(d.doc[i]); i++ {
		}
	case i < n && d.doc[i] == '0':
		i++
	default:
		panic(jsonStop{start})
	}
	isFloat := false
	if i+1 < n && d.doc[i] == '.' && isDigit(d.doc[i+1]) {
		isFloat = true
		for i += 2; i < n && isDigit(d.doc[i]); i++ {
		}
	}
	if i < n && (d.doc[i] == 'e' || d.doc[i] == 'E') {
		j := i + 1
		if j < n && (d.doc[j] == '-' || d.doc[j] == '+') {
			j++
		}
		if j < n && isDigit(d.doc[j]) {
			for ; j < n && isDigit(d.doc[j]); j++ {
			}
			isFloat = true
			i = j
		}
	}
	text := Str(string(d.doc[start:i]))
	if isFloat {
		if d.parseFloat != nil && d.parseFloat != None {
			return d.s.callFn(d.parseFloat, text), i
		}
		return d.s.Call(floatClass, &Args{Pos: []Value{text}}), i
	}
	if d.parseInt != nil && d.parseInt != None {
		return d.s.callFn(d.parseInt, text), i
	}
	return d.s.Call(intClass, &Args{Pos: []Value{text}}), i
}

func hexVal(rs []rune) (rune, bool) {
	var v rune
	for _, r := range rs {
		v <<= 4
		switch {
		case r >= '0' && r <= '9':
			v |= r - '0'
		case r >= 'a' && r <= 'f':
			v |= r - 'a' + 10
		case r >= 'A' && r <= 'F':
			v |= r - 'A' + 10
		default:
			return 0, false
		}
	}
	return v, true
}

// scanString is scanstring_unicode: the string whose opening quote is
// at end-1.
func (d *jsonDecoder) scanString(end int) (Value, int) {
	begin := end - 1
	var b strings.Builder
	n := len(d.doc)
	i := end
	for {
		for i < n && d.doc[i] != '"' && d.doc[i] != '\\' {
			if d.strict && d.doc[i] <= 0x1f {
				d.fail(errJSONControlChar, i)
			}
			b.WriteRune(d.doc[i])
			i++
		}
		if i >= n {
			d.fail(errJSONUnterminated, begin)
		}
		if d.doc[i] == '"' {
			return Str(b.String()), i + 1
		}
		i++ // the backslash
		if i >= n {
			d.fail(errJSONUnterminated, begin)
		}
		c := d.doc[i]
		if c != 'u' {
			esc := map[rune]rune{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
			r, ok := esc[c]
			if !ok {
				d.fail(errJSONBadEscape, i-1)
			}
			b.WriteRune(r)
			i++
			continue
		}
		i++
		if i+4 > n {
			d.fail(errJSONBadUEscape, i-1)
		}
		u, ok := hexVal(d.doc[i : i+4])
		if !ok {
			d.fail(errJSONBadUEscape, i-1)
		}
		i += 4
		if u >= 0xd800 && u <= 0xdbff && i+6 <= n && d.doc[i] == '\\' && d.doc[i+1] == 'u' {
			u2, ok := hexVal(d.doc[i+2 : i+6])
			if !ok {
				d.fail(errJSONBadUEscape, i+1)
			}
			if u2 >= 0xdc00 && u2 <= 0xdfff {
				u = 0x10000 + ((u - 0xd800) << 10) | (u2 - 0xdc00)
				i += 6
			}
		}
		b.WriteRune(u)
	}
}

func (d *jsonDecoder) value(idx int) (Value, int) {
	var v Value
	var next int
	func() {
		defer func() {
			if r := recover(); r != nil {
				if st, ok := r.(jsonStop); ok {
					d.fail(errJSONExpectValue, st.idx)
				}
				panic(r)
			}
		}()
		v, next = d.scanOnce(idx)
	}()
	return v, next
}

func (d *jsonDecoder) parseObject(idx int) (Value, int) {
	n := len(d.doc)
	var pairs []Tuple
	idx = d.ws(idx)
	if idx >= n || d.doc[idx] != '}' {
		for {
			if idx >= n || d.doc[idx] != '"' {
				d.fail(errJSONExpectName, idx)
			}
			key, next := d.scanString(idx + 1)
			idx = d.ws(next)
			if idx >= n || d.doc[idx] != ':' {
				d.fail(errJSONExpectColon, idx)
			}
			idx = d.ws(idx + 1)
			val, next := d.value(idx)
			pairs = append(pairs, Tuple{key, val})
			idx = d.ws(next)
			if idx < n && d.doc[idx] == '}' {
				break
			}
			if idx >= n || d.doc[idx] != ',' {
				d.fail(errJSONExpectComma, idx)
			}
			idx = d.ws(idx + 1)
		}
	}
	idx++
	if d.pairsHook != nil && d.pairsHook != None {
		l := make([]Value, len(pairs))
		for i, p := range pairs {
			l[i] = p
		}
		return d.s.callFn(d.pairsHook, &List{Elems: l}), idx
	}
	obj := NewDict()
	for _, p := range pairs {
		obj.SetItem(p[0], p[1])
	}
	if d.objectHook != nil && d.objectHook != None {
		return d.s.callFn(d.objectHook, obj), idx
	}
	return obj, idx
}

func (d *jsonDecoder) parseArray(idx int) (Value, int) {
	n := len(d.doc)
	l := &List{}
	idx = d.ws(idx)
	if idx >= n || d.doc[idx] != ']' {
		for {
			val, next := d.value(idx)
			l.Elems = append(l.Elems, val)
			idx = d.ws(next)
			if idx < n && d.doc[idx] == ']' {
				break
			}
			if idx >= n || d.doc[idx] != ',' {
				d.fail(errJSONExpectComma, idx)
			}
			idx = d.ws(idx + 1)
		}
	}
	return l, idx + 1
}

// decode is JSONDecoder.decode: one value, then only whitespace.
func (d *jsonDecoder) decode(text string) Value {
	d.text = text
	d.doc = []rune(text)
	if strings.HasPrefix(text, "\ufeff") {
		d.fail(errJSONBOM, 0)
	}
	v, end := d.value(d.ws(0))
	end = d.ws(end)
	if end != len(d.doc) {
		d.fail(errJSONExtraData, end)
	}
	return v
}
