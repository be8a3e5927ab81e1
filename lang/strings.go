package lang

import (
	"strings"
	"unicode/utf8"
)

// posTracker computes positions of byte offsets in src, moving forward
// from a known position.
type posTracker struct {
	src  string
	base Pos
	p    Pos
}

func newPosTracker(src string, base Pos) *posTracker {
	return &posTracker{src: src, base: base, p: base}
}

func (t *posTracker) at(off int) Pos {
	if off < t.p.Offset {
		t.p = t.base
	}
	for t.p.Offset < off {
		c := t.src[t.p.Offset]
		switch {
		case c == '\n':
			t.p.Line++
			t.p.Col = 1
		case c == '\r':
			if t.p.Offset+1 < len(t.src) && t.src[t.p.Offset+1] == '\n' {
				t.p.Offset++
			}
			t.p.Line++
			t.p.Col = 1
		case c < utf8.RuneSelf || c >= 0xC0:
			t.p.Col++
		}
		t.p.Offset++
	}
	return t.p
}

// strLit describes one string token.
type strLit struct {
	tok       token
	raw       bool
	bytes     bool
	f         bool
	bodyStart int // offsets in the source
	bodyEnd   int
}

func splitString(t token) strLit {
	v := t.val
	i := strings.IndexAny(v, "'\"")
	prefix := strings.ToLower(v[:i])
	q := 1
	if len(v) >= i+6 && v[i+1] == v[i] && v[i+2] == v[i] {
		q = 3
	}
	return strLit{
		tok:       t,
		raw:       strings.Contains(prefix, "r"),
		bytes:     strings.Contains(prefix, "b"),
		f:         strings.Contains(prefix, "f"),
		bodyStart: t.start.Offset + i + q,
		bodyEnd:   t.start.Offset + len(v) - q,
	}
}

// strings converts the adjacent string tokens toks[from:to] into a
// StringLit or, when one of them is an f-string, an FString.
func (c *conv) strings(from, to int) Expr {
	src := c.p.src
	start, end := c.toks[from].start, c.toks[to-1].end
	var lit strings.Builder
	var parts []FStringPart
	isF := false
	firstBytes := false
	for i := from; i < to; i++ {
		s := splitString(c.toks[i])
		if i == from {
			firstBytes = s.bytes
		} else if s.bytes != firstBytes {
			// CPython reports it at the token after the strings.
			c.fail(c.toks[to].start, errMixBytes)
		}
		tr := newPosTracker(src, s.tok.start)
		if s.f {
			isF = true
			c.fstringBody(&parts, &lit, s.bodyStart, s.bodyEnd, s.raw, 0, tr)
			continue
		}
		if s.bytes {
			for j := s.bodyStart; j < s.bodyEnd; j++ {
				if src[j] >= utf8.RuneSelf {
					c.fail(s.tok.start, errBytesASCII)
				}
			}
		}
		c.decode(&lit, s.bodyStart, s.bodyEnd, s.raw, s.bytes, tr)
	}
	if !isF {
		return &StringLit{ValuePos: start, EndPos: end, Raw: src[start.Offset:end.Offset], Value: lit.String(), Bytes: firstBytes}
	}
	flushLit(&parts, &lit)
	return &FString{StartPos: start, EndPos: end, Parts: parts}
}

func flushLit(parts *[]FStringPart, lit *strings.Builder) {
	if lit.Len() > 0 {
		*parts = append(*parts, FStringPart{Lit: lit.String()})
		lit.Reset()
	}
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return -1
}

// decode appends the value of the string body src[from:to] to out,
// decoding escape sequences unless raw. Bytes are decoded as Latin-1.
func (c *conv) decode(out *strings.Builder, from, to int, raw, isBytes bool, tr *posTracker) {
	src := c.p.src
	if raw {
		out.WriteString(normalizeNewlines(src[from:to]))
		return
	}
	i := from
	for i < to {
		b := src[i]
		if b != '\\' {
			j := i + 1
			for j < to && src[j] != '\\' {
				j++
			}
			out.WriteString(normalizeNewlines(src[i:j]))
			i = j
			continue
		}
		if i+1 >= to {
			// A lone backslash at the end of an f-string literal part.
			out.WriteByte('\\')
			i++
			continue
		}
		e := src[i+1]
		codecErr := func(n int, what string) {
			if isBytes {
				c.fail(tr.at(i), errHexEscape, i-from)
			}
			c.fail(tr.at(i), errUnicodeEscape, i-from, i-from+n-1, what)
		}
		switch e {
		case '\n':
			i += 2
		case '\r':
			i += 2
			if i < to && src[i] == '\n' {
				i++
			}
		case '\\', '\'', '"':
			out.WriteByte(e)
			i += 2
		case 'a':
			out.WriteByte(7)
			i += 2
		case 'b':
			out.WriteByte(8)
			i += 2
		case 'f':
			out.WriteByte(12)
			i += 2
		case 'n':
			out.WriteByte('\n')
			i += 2
		case 'r':
			out.WriteByte('\r')
			i += 2
		case 't':
			out.WriteByte('\t')
			i += 2
		case 'v':
			out.WriteByte(11)
			i += 2
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, j := 0, i+1
			for j < to && j < i+4 && src[j] >= '0' && src[j] <= '7' {
				v = v*8 + int(src[j]-'0')
				j++
			}
			if isBytes {
				v &= 0xFF
			}
			out.WriteRune(rune(v))
			i = j
		case 'x', 'u', 'U':
			n := 2
			what := whyTruncX
			if e == 'u' {
				n, what = 4, whyTruncU
			} else if e == 'U' {
				n, what = 8, whyTruncUU
			}
			if isBytes && e != 'x' {
				out.WriteString(src[i : i+2])
				i += 2
				break
			}
			v, j := 0, i+2
			for j < to && j < i+2+n && hexVal(src[j]) >= 0 {
				v = v*16 + hexVal(src[j])
				j++
			}
			if j-(i+2) < n {
				codecErr(j-i, what)
			}
			if v > utf8.MaxRune {
				codecErr(j-i, "illegal Unicode character")
			}
			out.WriteRune(rune(v))
			i = j
		case 'N':
			if isBytes {
				out.WriteString(src[i : i+2])
				i += 2
				break
			}
			j := i + 2
			if j >= to || src[j] != '{' {
				codecErr(j-i, "malformed \\N character escape")
			}
			k := strings.IndexByte(src[j:to], '}')
			if k < 0 {
				codecErr(to-i, "malformed \\N character escape")
			}
			codecErr(j+k+1-i, "unknown Unicode character name")
		default:
			// Unknown escapes are kept as written.
			out.WriteByte('\\')
			i++
		}
	}
}

// normalizeNewlines turns \r\n and \r into \n, as Python's tokenizer does.
func normalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// fstringBody parses the f-string text src[i:end] at format-spec nesting
// level, appending literal text to lit and replacement fields to parts. At
// level 0 it parses up to end; in a format spec (level > 0) it stops at the
// '}' that closes the spec and returns its offset.
func (c *conv) fstringBody(parts *[]FStringPart, lit *strings.Builder, i, end int, raw bool, level int, tr *posTracker) int {
	src := c.p.src
	chunk := i
	flush := func(to int) {
		c.decode(lit, chunk, to, raw, false, tr)
	}
	for i < end {
		ch := src[i]
		if !raw && ch == '\\' && i+1 < end {
			i++
			ch = src[i]
			if ch == 'N' {
				i++
				if i < end && src[i] == '{' {
					for i < end && src[i] != '}' {
						i++
					}
					if i < end {
						i++
					}
				}
				continue
			}
		}
		if ch != '{' && ch != '}' {
			i++
			continue
		}
		if level == 0 && i+1 < end && src[i+1] == ch {
			// Doubled brace: the literal includes one of them.
			flush(i + 1)
			i += 2
			chunk = i
			continue
		}
		if ch == '}' {
			if level == 0 {
				c.fail(tr.at(i), errFStrSingleBrace)
			}
			flush(i)
			return i
		}
		flush(i)
		flushLit(parts, lit)
		i = c.field(parts, i, end, raw, level, tr)
		chunk = i
	}
	flush(end)
	return end
}

// field parses the replacement field starting at the '{' at src[i] and
// returns the offset after its closing '}'.
func (c *conv) field(parts *[]FStringPart, i, end int, raw bool, level int, tr *posTracker) int {
	src := c.p.src
	if level >= 2 {
		c.fail(tr.at(i), errFStrNested)
	}
	exprStart := i + 1
	j := exprStart
	var stack []byte
	var quote byte
	triple := false
scan:
	for ; j < end; j++ {
		ch := src[j]
		if ch == '\\' {
			c.fail(tr.at(j), errFStrBackslash)
		}
		if quote != 0 {
			if ch == quote {
				if !triple {
					quote = 0
				} else if j+2 < end && src[j+1] == ch && src[j+2] == ch {
					j += 2
					quote, triple = 0, false
				}
			}
			continue
		}
		switch ch {
		case '\'', '"':
			if j+2 < end && src[j+1] == ch && src[j+2] == ch {
				triple = true
				j += 2
			}
			quote = ch
		case '[', '(', '{':
			if len(stack) >= maxNesting {
				c.fail(tr.at(j), errFStrParens)
			}
			stack = append(stack, ch)
		case '#':
			c.fail(tr.at(j), errFStrComment)
		case ']', ')', '}':
			if len(stack) == 0 {
				if ch == '}' {
					break scan
				}
				c.fail(tr.at(j), errFStrUnmatched, ch)
			}
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if closing(open) != ch {
				c.fail(tr.at(j), errFStrParenMismatch, ch, open)
			}
		case '!', ':', '=', '<', '>':
			if len(stack) > 0 {
				continue
			}
			if j+1 < end && src[j+1] == '=' && ch != ':' {
				j++ // !=, ==, <=, >=
				continue
			}
			if ch == '<' || ch == '>' {
				continue
			}
			break scan
		}
	}
	if quote != 0 {
		c.fail(tr.at(j), errFStrUntermString)
	}
	if len(stack) > 0 {
		c.fail(tr.at(j), errFStrUnmatched, stack[len(stack)-1])
	}
	if j >= end {
		c.fail(tr.at(j), errFStrExpectBrace)
	}
	if strings.TrimLeft(src[exprStart:j], " \t\n\r\f") == "" {
		if src[j] == '!' || src[j] == ':' || src[j] == '=' {
			c.fail(tr.at(j), errFStrExprBefore, src[j])
		}
		c.fail(tr.at(j), errFStrEmpty)
	}
	part := FStringPart{Expr: c.fieldExpr(exprStart, j, tr.at(exprStart))}
	if src[j] == '=' {
		j++
		for j < end && strings.IndexByte(" \t\n\r\f\v", src[j]) >= 0 {
			j++
		}
		if j >= end {
			c.fail(tr.at(j), errFStrExpectBrace)
		}
		part.Debug = true
		part.Lit = src[exprStart:j]
	}
	if src[j] == '!' {
		j++
		if j >= end {
			c.fail(tr.at(j), errFStrExpectBrace)
		}
		conv := src[j]
		if conv != 's' && conv != 'r' && conv != 'a' {
			c.fail(tr.at(j), errFStrConversion)
		}
		part.Conv = conv
		j++
	}
	if j < end && src[j] == ':' {
		j++
		specStart := j
		var specParts []FStringPart
		var specLit strings.Builder
		j = c.fstringBody(&specParts, &specLit, j, end, raw, level+1, tr)
		flushLit(&specParts, &specLit)
		if len(specParts) > 0 {
			part.Spec = &FString{StartPos: tr.at(specStart), EndPos: tr.at(j), Parts: specParts}
		}
	}
	if j >= end || src[j] != '}' {
		c.fail(tr.at(j), errFStrExpectBrace)
	}
	*parts = append(*parts, part)
	return j + 1
}

// fieldExpr parses the expression of a replacement field, src[from:to],
// starting at position p. Errors get Python's "f-string: " prefix.
func (c *conv) fieldExpr(from, to int, p Pos) Expr {
	x, err, lexical := c.p.parseExprAt(p, to, true)
	if err != nil {
		e := *err
		e.Incomplete = false
		// CPython prefixes the parser's errors, not the tokenizer's.
		if !lexical && !strings.HasPrefix(e.Msg, "f-string") {
			e.Msg = "f-string: " + e.Msg
		}
		panic(&bailout{&e, -1})
	}
	return x
}
