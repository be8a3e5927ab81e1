package eval

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/runtime/tensor"
)

// str.format (the format mini-language's fields, formatted by Format,
// which f-strings share) and printf-style `str % args`.

// strFormat is fmt.format(*pos, **kw).
func (s *Session) strFormat(f string, pos []Value, kw []KwArg) string {
	auto := 0   // next automatic field number
	manual := 0 // 0 unknown, 1 automatic numbering, 2 manual
	var b strings.Builder
	var field func(name string) Value
	field = func(name string) Value {
		// arg_name, then .attr / [key] parts.
		end := strings.IndexAny(name, ".[")
		if end < 0 {
			end = len(name)
		}
		head, rest := name[:end], name[end:]
		var v Value
		switch {
		case head == "":
			if manual == 2 {
				throw("ValueError", errFormatSwitchToAuto)
			}
			manual = 1
			if auto >= len(pos) {
				throw("IndexError", errFormatIndex, auto)
			}
			v = pos[auto]
			auto++
		case isDigits(head):
			if manual == 1 {
				throw("ValueError", errFormatSwitchToManual)
			}
			manual = 2
			i, err := strconv.Atoi(head)
			if err != nil || i >= len(pos) {
				throw("IndexError", errFormatIndex, i)
			}
			v = pos[i]
		default:
			found := false
			for _, k := range kw {
				if k.Name == head {
					v, found = k.Value, true
				}
			}
			if !found {
				raiseKeyError(Str(head))
			}
		}
		for rest != "" {
			if rest[0] == '.' {
				j := strings.IndexAny(rest[1:], ".[")
				if j < 0 {
					j = len(rest) - 1
				}
				attr := rest[1 : 1+j]
				if attr == "" {
					throw("ValueError", errFormatEmptyAttr)
				}
				v = s.getAttr(v, attr)
				rest = rest[1+j:]
				continue
			}
			j := strings.IndexByte(rest, ']')
			if j < 0 {
				throw("ValueError", errFormatMissingBracket)
			}
			key := rest[1:j]
			var idx Value = Str(key)
			if isDigits(key) {
				n, _ := strconv.Atoi(key)
				idx = MakeInt(int64(n))
			}
			v = s.getItem(v, idx)
			rest = rest[j+1:]
			if rest != "" && rest[0] != '.' && rest[0] != '[' {
				throw("ValueError", errFormatAfterKey)
			}
		}
		return v
	}
	for i := 0; i < len(f); {
		c := f[i]
		if c == '}' {
			if i+1 < len(f) && f[i+1] == '}' {
				b.WriteByte('}')
				i += 2
				continue
			}
			throw("ValueError", errFormatSingleClose)
		}
		if c != '{' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 < len(f) && f[i+1] == '{' {
			b.WriteByte('{')
			i += 2
			continue
		}
		// Find the matching '}' (the spec may nest one level of fields).
		depth, j := 1, i+1
		for ; j < len(f) && depth > 0; j++ {
			switch f[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth > 0 {
			if i+1 == len(f) {
				throw("ValueError", errFormatSingleOpen)
			}
			if strings.ContainsAny(f[i+1:], ":") {
				throw("ValueError", errFormatUnmatched)
			}
			if k := strings.IndexByte(f[i+1:], '!'); k >= 0 {
				if i+1+k+1 == len(f) {
					throw("ValueError", errFormatConvEnd)
				}
				throw("ValueError", errFormatUnmatched)
			}
			throw("ValueError", errFormatExpectedClose)
		}
		body := f[i+1 : j-1]
		i = j
		name, spec := body, ""
		var conv byte
		if k := strings.IndexAny(body, "!:"); k >= 0 {
			name = body[:k]
			if body[k] == '!' {
				if k+1 >= len(body) {
					throw("ValueError", errFormatConvEnd)
				}
				conv = body[k+1]
				if k+2 < len(body) && body[k+2] != ':' {
					throw("ValueError", errFormatConvColon)
				}
				if k+2 < len(body) {
					spec = body[k+3:]
				}
			} else {
				spec = body[k+1:]
			}
		}
		v := field(name)
		if strings.Contains(spec, "{") {
			spec = s.strFormatNested(spec, field)
		}
		switch conv {
		case 0:
		case 'r':
			v = Str(Repr(v))
		case 'a':
			v = Str(asciiEscape(Repr(v)))
		case 's':
			v = Str(ToStr(v))
		default:
			throw("ValueError", errFormatConv, string(conv))
		}
		b.WriteString(Format(v, spec))
		if b.Len() > 1<<20 {
			checkStrBytes(b.Len() * 2)
		}
	}
	return b.String()
}

// strFormatNested replaces the {fields} inside a format spec.
func (s *Session) strFormatNested(spec string, field func(string) Value) string {
	var b strings.Builder
	for i := 0; i < len(spec); i++ {
		if spec[i] != '{' {
			b.WriteByte(spec[i])
			continue
		}
		j := strings.IndexByte(spec[i:], '}')
		if j < 0 {
			throw("ValueError", errFormatUnmatched)
		}
		b.WriteString(ToStr(field(spec[i+1 : i+j])))
		i += j
	}
	return b.String()
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// percentFormat is format % args.
func percentFormat(f string, args Value) string { return percentFormatMode(f, args, false) }

// percentFormatMode is str % args, or (isBytes) bytes % args with the
// bytes as Latin-1 text in f: %s and %b then take bytes, %r and %a give
// ASCII reprs, %c an int below 256 or one byte, and the result's code
// points are all below 256.
func percentFormatMode(f string, args Value, isBytes bool) string {
	var items []Value
	var dict *Dict
	mapping := false // args has __getitem__ (and is not a tuple or a str)
	switch x := args.(type) {
	case Tuple:
		items = x
	case *Dict:
		dict, mapping = x, true
		items = []Value{x}
	case *List, *tensor.Tensor, Range, Size:
		mapping = true
		items = []Value{x}
	default:
		items = []Value{x}
	}
	next := 0
	nextArg := func() Value {
		if next >= len(items) {
			throw("TypeError", errFormatNotEnough)
		}
		next++
		return items[next-1]
	}
	var b strings.Builder
	usedKey := false
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(f) {
			throw("ValueError", errFormatIncomplete)
		}
		if f[i] == '%' {
			b.WriteByte('%')
			continue
		}
		var arg Value
		haveArg := false
		if f[i] == '(' {
			if dict == nil {
				throw("TypeError", errFormatMapping)
			}
			depth, j := 1, i+1
			for ; j < len(f) && depth > 0; j++ {
				switch f[j] {
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			if depth > 0 {
				throw("ValueError", errFormatIncompleteKey)
			}
			var key Value = Str(f[i+1 : j-1])
			if isBytes {
				key = bytesFromLatin1(f[i+1 : j-1])
			}
			arg, haveArg, usedKey = dictGetItem(dict, key), true, true
			i = j
		}
		var flags strings.Builder
		left, zero, plus, space, alt := false, false, false, false, false
	flagLoop:
		for ; i < len(f); i++ {
			switch f[i] {
			case '-':
				left = true
			case '0':
				zero = true
			case '+':
				plus = true
			case ' ':
				space = true
			case '#':
				alt = true
			default:
				break flagLoop
			}
		}
		num := func() string {
			if i < len(f) && f[i] == '*' {
				i++
				n, ok := nextArg().(Int)
				if !ok {
					throw("TypeError", errFormatStarInt)
				}
				k, _ := n.Int64()
				if k < 0 {
					left = true
					k = -k
				}
				return strconv.FormatInt(k, 10)
			}
			st := i
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
			}
			return f[st:i]
		}
		width := num()
		prec := ""
		if i < len(f) && f[i] == '.' {
			i++
			prec = num()
			if prec == "" {
				prec = "0"
			}
		}
		for i < len(f) && (f[i] == 'h' || f[i] == 'l' || f[i] == 'L') {
			i++
		}
		if i >= len(f) {
			throw("ValueError", errFormatIncomplete)
		}
		typ := f[i]
		if !haveArg {
			if typ == '%' {
				b.WriteByte('%')
				continue
			}
			arg = nextArg()
		}
		if t, isT := arg.(*tensor.Tensor); isT && t.Numel() == 1 && strings.IndexByte("diuoxXeEfFgGc", typ) >= 0 {
			arg = FromScalar(t.Item()) // through __int__, __index__, __float__
		} else if isT && strings.IndexByte("diueEfFgG", typ) >= 0 {
			throw("ValueError", errOneElementScalars) // Tensor.__int__ / __float__
		}
		switch {
		case left:
			flags.WriteByte('<')
		case zero && strings.IndexByte("diouxXeEfFgG", typ) >= 0:
			flags.WriteString("0")
		}
		sign := ""
		if plus {
			sign = "+"
		} else if space {
			sign = " "
		}
		altFlag := ""
		if alt {
			altFlag = "#"
		}
		var spec string
		align := flags.String()
		if align == "0" {
			spec = sign + altFlag + "0" + width
		} else {
			spec = align + sign + altFlag + width
		}
		if prec != "" {
			spec += "." + prec
		}
		if isBytes && typ == 'c' {
			typ = 's'
			arg = bytesFormatChar(arg)
		}
		switch typ {
		case 's', 'r', 'a', 'b':
			if typ == 'b' && !isBytes {
				throw("ValueError", errFormatUnsupportedChar, typ, typ, i)
			}
			text := ToStr(arg)
			switch {
			case typ == 'r' || typ == 'a':
				text = Repr(arg)
				if typ == 'a' || isBytes {
					text = asciiEscape(text)
				}
			case isBytes:
				b, ok := arg.(Bytes)
				if !ok {
					throw("TypeError", errBytesFormatS, TypeName(arg))
				}
				text = latin1String(b)
			}
			if prec != "" {
				p, _ := strconv.Atoi(prec)
				if utf8.RuneCountInString(text) > p {
					text = string([]rune(text)[:p])
				}
			}
			b.WriteString(formatStr(text, strAlign(left)+width))
		case 'd', 'i', 'u':
			n, ok := number(arg)
			if !ok {
				throw("TypeError", errFormatRealNumber, string(typ), TypeName(arg))
			}
			var iv Int
			if n.isFloat {
				iv = floatToInt(n.f).(Int)
			} else {
				iv = n.i
			}
			b.WriteString(intPrecision(formatInt(iv, strings.TrimSuffix(spec, "."+prec)+"d", "int"), prec, width))
		case 'o', 'x', 'X':
			var iv Int
			switch x := arg.(type) {
			case Int:
				iv = x
			case Bool:
				iv = boolInt(x)
			default:
				throw("TypeError", errFormatIntRequired, string(typ), TypeName(arg))
			}
			b.WriteString(intPrecision(formatInt(iv, strings.TrimSuffix(spec, "."+prec)+string(typ), "int"), prec, width))
		case 'e', 'E', 'f', 'F', 'g', 'G':
			b.WriteString(formatFloat(toFloat(arg), spec+string(typ), "float"))
		case 'c':
			var r rune
			switch x := arg.(type) {
			case Int:
				k, _ := x.Int64()
				r = rune(k)
			case Bool:
				r = rune(b2f(bool(x)))
			case Str:
				if utf8.RuneCountInString(string(x)) != 1 {
					throw("TypeError", errFormatChar, "%c")
				}
				r, _ = utf8.DecodeRuneInString(string(x))
			default:
				throw("TypeError", errFormatChar, "%c")
			}
			b.WriteString(formatStr(string(r), strAlign(left)+width))
		default:
			throw("ValueError", errFormatUnsupportedChar, typ, typ, i)
		}
		if b.Len() > 1<<20 {
			checkStrBytes(b.Len() * 2)
		}
	}
	if !mapping && next < len(items) && !usedKey {
		throw("TypeError", errFormatNotAll)
	}
	return b.String()
}

// strAlign is the alignment of a printf-style %s: right unless '-'.
func strAlign(left bool) string {
	if left {
		return "<"
	}
	return ">"
}

// intPrecision applies a printf precision to a formatted int: at least
// prec digits, zeros added after the sign and the base prefix; the width
// padding (spaces, either side, or zeros) is redone around the result.
func intPrecision(text, prec, width string) string {
	if prec == "" {
		return text
	}
	p, _ := strconv.Atoi(prec)
	t := strings.TrimSpace(text)
	lead := len(text) - len(strings.TrimLeft(text, " "))
	i := 0
	for i < len(t) && (t[i] == '-' || t[i] == '+' || t[i] == ' ') {
		i++
	}
	if strings.HasPrefix(t[i:], "0x") || strings.HasPrefix(t[i:], "0X") || strings.HasPrefix(t[i:], "0o") {
		i += 2
	}
	head, digits := t[:i], strings.TrimLeft(t[i:], "0")
	if digits == "" {
		digits = "0"
	}
	if len(digits) < p {
		digits = strings.Repeat("0", p-len(digits)) + digits
	}
	out := head + digits
	w, _ := strconv.Atoi(width)
	if len(out) >= w {
		return out
	}
	if lead > 0 || !strings.HasSuffix(text, " ") {
		if lead == 0 && strings.HasPrefix(t[i:], "0") && len(text) == w {
			return head + strings.Repeat("0", w-len(out)) + digits // '0' flag
		}
		return strings.Repeat(" ", w-len(out)) + out
	}
	return out + strings.Repeat(" ", w-len(out))
}
