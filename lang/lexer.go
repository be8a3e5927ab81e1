package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a token produced by the hand-written lexer.
type tokKind int

const (
	tEOF     tokKind = iota
	tName            // identifier
	tKeyword         // reserved word: if, not, None, ...
	tInt             // integer literal
	tFloat           // float literal
	tImag            // imaginary literal (1j)
	tString          // string literal, any prefix except f
	tFString         // f-string literal
	tOp              // operator or delimiter
	tNewline         // end of a logical line that is followed by another one
	tError           // a character Python's tokenizer turns into an error token ($, ?, !)
	tIndent          // deeper indentation at the start of a logical line (Python's INDENT)
	tDedent          // shallower indentation: one per block closed (Python's DEDENT)
)

var tokKindNames = [...]string{
	tEOF: "EOF", tName: "Name", tKeyword: "Keyword", tInt: "Int", tFloat: "Float",
	tImag: "Imag", tString: "String", tFString: "FString", tOp: "Op",
	tNewline: "Newline", tError: "Error", tIndent: "Indent", tDedent: "Dedent",
}

func (k tokKind) String() string { return tokKindNames[k] }

// token is one lexed token. val is the canonical text for operators and
// keywords, and the source text otherwise.
type token struct {
	kind  tokKind
	val   string
	start Pos
	end   Pos
	// level is the bracket depth of the token: for an opening bracket, the
	// depth outside it.
	level int
}

// maxNesting is Python's limit on nested brackets (MAXLEVEL in the
// tokenizer).
const maxNesting = 200

// maxTokens bounds the number of tokens of one Parse call (f-string
// fields included), so that absurdly long lines fail quickly instead of
// exhausting memory.
const maxTokens = 1 << 18

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true,
	"assert": true, "async": true, "await": true, "break": true,
	"class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true,
	"global": true, "if": true, "import": true, "in": true, "is": true,
	"lambda": true, "nonlocal": true, "not": true, "or": true, "pass": true,
	"raise": true, "return": true, "try": true, "while": true, "with": true,
	"yield": true,
}

// operators, longest first within each starting character.
var operators = []string{
	"**=", "//=", ">>=", "<<=", "...",
	"**", "//", "<<", ">>", "<=", ">=", "==", "!=", "<>", "->", ":=",
	"+=", "-=", "*=", "/=", "%=", "@=", "&=", "|=", "^=",
	"+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">",
	"(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=",
}

var opByFirst [128][]string

func init() {
	for _, op := range operators {
		opByFirst[op[0]] = append(opByFirst[op[0]], op)
	}
}

// openState describes a construct left open at the end of the input: the
// error to report, were no more input to come.
type openState struct {
	err *Error
	// tok is the index of the first token that belongs to the open
	// construct (the EOF token for brackets and backslashes, the string token
	// for an unterminated triple-quoted string).
	tok int
	str bool // an unterminated triple-quoted string
}

type bracket struct {
	ch  byte
	pos Pos
}

// scanner is the hand-written lexer. It lexes src[off:end], with positions
// relative to the whole of src.
type scanner struct {
	src   string
	end   int
	p     Pos // position of the next byte
	toks  []token
	stack []bracket
	// inner is set when lexing the expression of an f-string replacement
	// field: newlines are insignificant, as inside brackets.
	inner bool
	// budget is the number of tokens still allowed (shared by nested
	// f-string parses).
	budget *int
	open   *openState
	// lineHasTokens tells whether the current logical line has produced a
	// token yet.
	lineHasTokens bool
	// comment is the position of a comment that follows the last token, if
	// any (Line is 0 otherwise): CPython reports errors at the end of a line
	// there.
	comment Pos
	// indents is the stack of indentation widths of the open blocks
	// (Python's tokenizer's indstack), starting with 0.
	indents []int
}

func (s *scanner) errorf(p Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// peekByte returns the byte at offset i from the current position, or 0
// past the end.
func (s *scanner) peekByte(i int) byte {
	if s.p.Offset+i < s.end {
		return s.src[s.p.Offset+i]
	}
	return 0
}

func (s *scanner) atEnd() bool { return s.p.Offset >= s.end }

// advance moves past n bytes that contain no newline.
func (s *scanner) advance(n int) {
	str := s.src[s.p.Offset : s.p.Offset+n]
	s.p.Offset += n
	for i := 0; i < len(str); i++ {
		if str[i] < utf8.RuneSelf || str[i] >= 0xC0 {
			s.p.Col++
		}
	}
}

// advanceAny moves past n bytes that may contain newlines (\n, \r\n or \r).
func (s *scanner) advanceAny(n int) {
	stop := s.p.Offset + n
	for s.p.Offset < stop {
		c := s.src[s.p.Offset]
		switch {
		case c == '\n':
			s.newline(1)
		case c == '\r':
			if s.p.Offset+1 < stop && s.src[s.p.Offset+1] == '\n' {
				s.newline(2)
			} else {
				s.newline(1)
			}
		default:
			s.advance(1)
		}
	}
}

func (s *scanner) newline(n int) {
	s.p.Offset += n
	s.p.Line++
	s.p.Col = 1
}

// newlineLen returns the length of the newline sequence at offset i from
// the current position, or 0.
func (s *scanner) newlineLen(i int) int {
	switch s.peekByte(i) {
	case '\n':
		return 1
	case '\r':
		if s.peekByte(i+1) == '\n' {
			return 2
		}
		return 1
	}
	return 0
}

func (s *scanner) emit(kind tokKind, val string, start Pos) error {
	return s.emitLevel(kind, val, start, len(s.stack))
}

func (s *scanner) emitLevel(kind tokKind, val string, start Pos, level int) error {
	if *s.budget <= 0 {
		return s.errorf(start, errTooManyTokens)
	}
	*s.budget--
	if s.inner {
		level++
	}
	s.toks = append(s.toks, token{kind: kind, val: val, start: start, end: s.p, level: level})
	s.comment = Pos{}
	s.lineHasTokens = true
	return nil
}

// lex tokenizes src[start.Offset:end]. It returns the tokens, ending with
// tEOF, the open construct at the end of input if any, and the first lexical
// error.
func lex(src string, start Pos, end int, inner bool, budget *int) ([]token, *openState, error) {
	s := &scanner{src: src, end: end, p: start, inner: inner, budget: budget, indents: []int{0}}
	s.toks = make([]token, 0, min((end-start.Offset)/2+2, 256))
	err := s.run()
	if err != nil {
		return nil, nil, err
	}
	return s.toks, s.open, nil
}

func (s *scanner) level() int { return len(s.stack) }

func (s *scanner) run() error {
	atLineStart := !s.inner
	continued := false // the previous physical line ended with a backslash
	for {
		// Whitespace.
		wsStart := s.p
		for !s.atEnd() {
			c := s.src[s.p.Offset]
			if c == ' ' || c == '\t' {
				s.advance(1)
			} else if c == '\f' {
				s.advance(1)
				wsStart = s.p // a form feed resets the indentation
			} else {
				break
			}
		}
		if s.atEnd() {
			return s.finish(continued)
		}
		c := s.src[s.p.Offset]
		if atLineStart {
			atLineStart = false
			if c != '#' && c != '\n' && c != '\r' && !(c == '\\' && s.newlineLen(1) > 0) {
				if err := s.indentation(indentWidth(s.src[wsStart.Offset:s.p.Offset])); err != nil {
					return err
				}
			}
		}
		continued = false
		start := s.p
		switch {
		case c == '#':
			if !s.comment.IsValid() {
				s.comment = start
			}
			for !s.atEnd() && s.src[s.p.Offset] != '\n' && s.src[s.p.Offset] != '\r' {
				_, n := utf8.DecodeRuneInString(s.src[s.p.Offset:s.end])
				s.advance(n)
			}
		case c == '\n' || c == '\r':
			s.advanceAny(s.newlineLen(0))
			if s.level() == 0 && !s.inner {
				if s.lineHasTokens {
					nl := start
					if s.comment.IsValid() {
						nl = s.comment
					}
					s.toks = append(s.toks, token{kind: tNewline, val: "\n", start: nl, end: s.p})
					s.lineHasTokens = false
				}
				atLineStart = true
			}
		case c == '\\':
			n := s.newlineLen(1)
			if n > 0 {
				s.advance(1)
				s.advanceAny(n)
				continued = true
				break
			}
			if s.p.Offset+1 >= s.end {
				s.advance(1)
				continued = true
				break
			}
			// CPython points at the character after the backslash.
			s.advance(1)
			return s.errorf(s.p, errLineContinuation)
		case c >= '0' && c <= '9' || c == '.' && isDigit(s.peekByte(1)):
			if err := s.number(); err != nil {
				return err
			}
		case c == '"' || c == '\'':
			if err := s.str(start, ""); err != nil {
				return err
			}
		case isIdentStart(c) || c >= utf8.RuneSelf:
			if err := s.ident(); err != nil {
				return err
			}
		default:
			if err := s.operator(); err != nil {
				return err
			}
		}
	}
}

// finish handles the end of input: it records open constructs and emits
// the EOF token.
func (s *scanner) finish(continued bool) error {
	eof := s.p
	if s.open == nil && len(s.stack) > 0 {
		b := s.stack[len(s.stack)-1]
		s.open = &openState{err: &Error{Pos: b.pos, Msg: fmt.Sprintf(errNeverClosed, b.ch), Incomplete: true}}
	} else if s.open == nil && continued {
		s.open = &openState{err: &Error{Pos: eof, Msg: errUnexpectedEOF, Incomplete: true}}
	}
	// Report errors at the end of the last line rather than after a final
	// newline.
	if n := len(s.toks); n > 0 && s.toks[n-1].kind == tNewline {
		eof = s.toks[n-1].start
		s.toks = s.toks[:n-1]
	} else if s.comment.IsValid() && s.level() == 0 && !continued {
		eof = s.comment
	}
	if s.open != nil && !s.open.str {
		// Brackets and backslashes: the parser fails at the EOF token (or
		// at the first DEDENT before it).
		s.open.tok = len(s.toks)
	}
	for len(s.indents) > 1 {
		s.indents = s.indents[:len(s.indents)-1]
		s.toks = append(s.toks, token{kind: tDedent, start: eof, end: eof})
	}
	s.toks = append(s.toks, token{kind: tEOF, start: eof, end: eof})
	return nil
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) }

// isPotentialIdentChar is Python's tokenizer test: ASCII identifier
// characters and every non-ASCII byte.
func isPotentialIdentChar(c byte) bool { return isIdentChar(c) || c >= utf8.RuneSelf }

func isXIDStart(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)
}

func isXIDContinue(r rune) bool {
	return isXIDStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

func (s *scanner) ident() error {
	start := s.p
	i := s.p.Offset
	ascii := true
	for i < s.end && isPotentialIdentChar(s.src[i]) {
		if s.src[i] >= utf8.RuneSelf {
			ascii = false
		}
		i++
	}
	word := s.src[s.p.Offset:i]
	if !ascii {
		// Find the first character that cannot be part of an identifier.
		p := s.p
		for j, r := range word {
			ok := isXIDContinue(r)
			if j == 0 {
				ok = isXIDStart(r)
			}
			if r == utf8.RuneError {
				// Invalid UTF-8 is reported before lexing; this is a real
				// U+FFFD.
				ok = false
			}
			if !ok {
				if !unicode.IsPrint(r) {
					return s.errorf(p, errNonPrintable, r)
				}
				return s.errorf(p, errInvalidChar, r, r)
			}
			p.Offset += utf8.RuneLen(r)
			p.Col++
		}
	}
	// String prefix?
	if q := s.byteAt(i); (q == '"' || q == '\'') && len(word) <= 2 && isStringPrefix(word) {
		s.advance(len(word))
		return s.str(start, word)
	}
	s.advance(len(word))
	if keywords[word] {
		return s.emit(tKeyword, word, start)
	}
	return s.emit(tName, word, start)
}

func (s *scanner) byteAt(i int) byte {
	if i < s.end {
		return s.src[i]
	}
	return 0
}

func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "br", "rb", "f", "fr", "rf":
		return true
	}
	return false
}

// str lexes a string literal whose prefix (already consumed) started at
// start.
func (s *scanner) str(start Pos, prefix string) error {
	q := s.src[s.p.Offset]
	triple := s.peekByte(1) == q && s.peekByte(2) == q
	if triple {
		s.advance(3)
	} else {
		s.advance(1)
	}
	kind := tString
	if strings.ContainsAny(prefix, "fF") {
		kind = tFString
	}
	for {
		if s.atEnd() {
			if triple {
				// Make a token of what there is, so that the parser can tell
				// whether the input before it is valid.
				if err := s.emit(kind, s.src[start.Offset:s.p.Offset], start); err != nil {
					return err
				}
				s.open = &openState{
					err: &Error{Pos: start, Msg: fmt.Sprintf(errUntermTriple, s.p.Line), Incomplete: true},
					tok: len(s.toks) - 1,
					str: true,
				}
				return nil
			}
			return s.errorf(start, errUntermString, s.p.Line)
		}
		c := s.src[s.p.Offset]
		switch {
		case c == '\\':
			s.advance(1)
			if s.atEnd() {
				continue
			}
			if n := s.newlineLen(0); n > 0 {
				s.advanceAny(n)
			} else {
				_, n := utf8.DecodeRuneInString(s.src[s.p.Offset:s.end])
				s.advance(n)
			}
		case c == '\n' || c == '\r':
			if !triple {
				return s.errorf(start, errUntermString, s.p.Line)
			}
			s.advanceAny(s.newlineLen(0))
		case c == q:
			if !triple {
				s.advance(1)
				return s.emit(kind, s.src[start.Offset:s.p.Offset], start)
			}
			if s.peekByte(1) == q && s.peekByte(2) == q {
				s.advance(3)
				return s.emit(kind, s.src[start.Offset:s.p.Offset], start)
			}
			s.advance(1)
		case c < utf8.RuneSelf:
			s.advance(1)
		default:
			_, n := utf8.DecodeRuneInString(s.src[s.p.Offset:s.end])
			s.advance(n)
		}
	}
}

func (s *scanner) operator() error {
	start := s.p
	c := s.src[s.p.Offset]
	if c < utf8.RuneSelf {
		for _, op := range opByFirst[c] {
			if strings.HasPrefix(s.src[s.p.Offset:s.end], op) {
				s.advance(len(op))
				level := len(s.stack)
				switch c {
				case '(', '[', '{':
					if len(s.stack) >= maxNesting {
						return s.errorf(start, errTooNested)
					}
					s.stack = append(s.stack, bracket{c, start})
				case ')', ']', '}':
					if len(s.stack) == 0 {
						return s.errorf(start, errUnmatched, c)
					}
					b := s.stack[len(s.stack)-1]
					if closing(b.ch) != c {
						if b.pos.Line != start.Line {
							return s.errorf(start, errParenMismatchLine, c, b.ch, b.pos.Line)
						}
						return s.errorf(start, errParenMismatch, c, b.ch)
					}
					s.stack = s.stack[:len(s.stack)-1]
					level = len(s.stack)
				}
				return s.emitLevel(tOp, op, start, level)
			}
		}
		if c == '!' || c == '$' || c == '?' || c == '`' {
			s.advance(1)
			return s.emit(tError, string(c), start)
		}
		if c == 0 || !unicode.IsPrint(rune(c)) {
			return s.errorf(start, errNonPrintable, c)
		}
		return s.errorf(start, errInvalidChar, c, c)
	}
	r, _ := utf8.DecodeRuneInString(s.src[s.p.Offset:s.end])
	return s.errorf(start, errInvalidChar, r, r)
}

func closing(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

// number lexes a numeric literal following the rules of CPython's
// tokenizer, including its error messages and positions.
func (s *scanner) number() error {
	start := s.p
	// last is the position of the last consumed character, where most
	// errors are reported.
	var last Pos
	next := func() {
		last = s.p
		s.advance(1)
	}
	cur := func() byte { return s.peekByte(0) }
	// digits consumes digits of a numeric literal with single underscores
	// between them. ok reports whether at least one digit was read; bad is
	// set when an underscore is not followed by a digit.
	digits := func(isDig func(byte) bool) (ok, bad bool) {
		for {
			if isDig(cur()) {
				next()
				ok = true
				continue
			}
			if cur() == '_' && ok {
				next()
				if !isDig(cur()) {
					return ok, true
				}
				continue
			}
			return ok, false
		}
	}
	endCheck := func(kind tokKind, what string) error {
		c := cur()
		if c == 0 && s.atEnd() || !isPotentialIdentChar(c) {
			return s.emit(kind, s.src[start.Offset:s.p.Offset], start)
		}
		// CPython accepts (with a warning) a number followed by a keyword
		// that may follow one: 1if x else 2.
		rest := s.src[s.p.Offset:s.end]
		word := func(w string) bool {
			return strings.HasPrefix(rest, w) && (len(rest) == len(w) || !isPotentialIdentChar(rest[len(w)]))
		}
		ok := false
		switch c {
		case 'a':
			ok = word("and")
		case 'e':
			ok = word("else")
		case 'f':
			ok = word("for")
		case 'i':
			ok = len(rest) > 1 && (rest[1] == 'f' || rest[1] == 'n' || rest[1] == 's')
		case 'o':
			ok = word("or")
		case 'n':
			ok = word("not")
		}
		if ok {
			return s.emit(kind, s.src[start.Offset:s.p.Offset], start)
		}
		return s.errorf(last, errInvalidLiteral, what)
	}

	if cur() == '0' {
		switch s.peekByte(1) | 0x20 {
		case 'x', 'o', 'b':
			next()
			radix := cur() | 0x20
			next()
			var isDig func(byte) bool
			var name string
			switch radix {
			case 'x':
				isDig = func(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
				name = "hexadecimal"
			case 'o':
				isDig = func(c byte) bool { return c >= '0' && c <= '7' }
				name = "octal"
			default:
				isDig = func(c byte) bool { return c == '0' || c == '1' }
				name = "binary"
			}
			if cur() == '_' {
				next()
			}
			ok, bad := digits(isDig)
			if isDigit(cur()) && radix != 'x' {
				return s.errorf(s.p, errInvalidDigit, cur(), name)
			}
			if !ok || bad {
				return s.errorf(last, errInvalidLiteral, name)
			}
			return endCheck(tInt, name)
		}
	}

	kind := tInt
	if cur() == '.' {
		// .5
		next()
		if _, bad := digits(isDigit); bad {
			return s.errorf(last, errInvalidDecimal)
		}
		kind = tFloat
	} else {
		leadingZero := cur() == '0'
		_, bad := digits(isDigit)
		if bad {
			return s.errorf(last, errInvalidDecimal)
		}
		if cur() == '.' {
			next()
			kind = tFloat
			if isDigit(cur()) {
				if _, bad := digits(isDigit); bad {
					return s.errorf(last, errInvalidDecimal)
				}
			}
		} else if leadingZero && cur()|0x20 != 'e' && cur()|0x20 != 'j' {
			if strings.Trim(s.src[start.Offset:s.p.Offset], "0_") != "" {
				return s.errorf(start, errLeadingZeros)
			}
		}
	}
	if cur()|0x20 == 'e' {
		// Exponent, unless what follows is not one.
		c1 := s.peekByte(1)
		if c1 == '+' || c1 == '-' {
			if !isDigit(s.peekByte(2)) {
				next()
				next()
				return s.errorf(last, errInvalidDecimal)
			}
			next()
			next()
			digits(isDigit)
			kind = tFloat
		} else if isDigit(c1) {
			next()
			if _, bad := digits(isDigit); bad {
				return s.errorf(last, errInvalidDecimal)
			}
			kind = tFloat
		}
	}
	if cur()|0x20 == 'j' {
		next()
		return endCheck(tImag, "imaginary")
	}
	return endCheck(kind, "decimal")
}
