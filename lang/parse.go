package lang

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Error is a syntax error. Msg is the text CPython 3.11 gives for the same
// error (for example "invalid syntax"); Pos is where it reports it.
type Error struct {
	Pos Pos
	Msg string
	// Incomplete is set when the input ended while a bracket, a
	// triple-quoted string or a backslash continuation was still open: an
	// interactive shell should then read another line and parse again.
	Incomplete bool
}

// Error formats the error as "LINE:COL: Msg".
func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

// Parse parses one logical line of source: one or more simple statements
// separated by ';' (a trailing ';' is allowed), possibly spanning several
// physical lines through open brackets, triple-quoted strings or '\'
// continuation. Several logical lines separated by newlines are accepted
// too, and give the statements of all of them.
//
// firstLine is the line number to give the first line: positions are
// absolute, with offsets counted from the start of src. A line that is
// empty or only a comment returns no statements.
//
// Errors are of type *Error.
func Parse(src string, firstLine int) ([]Stmt, error) {
	p, start, err := newParser(src, firstLine)
	if err != nil {
		return nil, err
	}
	stmts, perr := p.parseLine(start)
	if perr != nil {
		return nil, perr
	}
	return stmts, nil
}

// ParseExpr parses a single expression, as for `%explain EXPR`. Leading
// blanks are ignored; a comma-separated list gives a tuple. Positions start
// at line 1; errors are of type *Error.
func ParseExpr(src string) (Expr, error) {
	p, start, err := newParser(src, 1)
	if err != nil {
		return nil, err
	}
	for start.Offset < len(src) && (src[start.Offset] == ' ' || src[start.Offset] == '\t' || src[start.Offset] == '\f') {
		start.Offset++
		start.Col++
	}
	x, perr := p.parseExprAt(start, len(src), false)
	if perr != nil {
		return nil, perr
	}
	return x, nil
}

// NeedsMore reports whether src is an incomplete input: Parse fails with an
// Error whose Incomplete is set.
func NeedsMore(src string) bool {
	_, err := Parse(src, 1)
	var e *Error
	return errors.As(err, &e) && e.Incomplete
}

// Source returns the source text spanned by n, given the src it was parsed
// from. It returns "" if n's span does not fit in src.
func Source(src string, n Node) string {
	if n == nil {
		return ""
	}
	s, e := n.Span()
	if !s.IsValid() || !e.IsValid() || s.Offset < 0 || e.Offset > len(src) || s.Offset > e.Offset {
		return ""
	}
	return src[s.Offset:e.Offset]
}

// parser holds the state shared by the parse of a line and of the f-string
// fields it contains.
type parser struct {
	src    string
	budget int
}

func newParser(src string, firstLine int) (*parser, Pos, error) {
	if firstLine < 1 {
		firstLine = 1
	}
	start := Pos{Offset: 0, Line: firstLine, Col: 1}
	if !utf8.ValidString(src) {
		return nil, start, utf8Error(src, start)
	}
	return &parser{src: src, budget: maxTokens}, start, nil
}

// utf8Error reports the first invalid UTF-8 sequence like CPython's
// decoder.
func utf8Error(src string, start Pos) *Error {
	tr := newPosTracker(src, start)
	lineStart := 0
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRuneInString(src[i:])
		if src[i] == '\n' {
			lineStart = i + 1
		}
		if r == utf8.RuneError && n == 1 {
			b := src[i]
			why := "invalid start byte"
			if b >= 0xC2 && b <= 0xF4 {
				// A valid start byte: either the input ends early or a
				// continuation byte is wrong.
				need := 2
				if b >= 0xE0 {
					need = 3
				}
				if b >= 0xF0 {
					need = 4
				}
				why = "invalid continuation byte"
				if i+need > len(src) {
					ok := true
					for j := i + 1; j < len(src); j++ {
						if src[j]&0xC0 != 0x80 {
							ok = false
						}
					}
					if ok {
						why = "unexpected end of data"
					}
				}
			}
			return &Error{Pos: tr.at(i), Msg: fmt.Sprintf("(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %d: %s", b, i-lineStart, why)}
		}
		i += n
	}
	return &Error{Pos: start, Msg: "invalid syntax"}
}

// parseLine lexes and parses src from start as statements.
func (p *parser) parseLine(start Pos) (stmts []Stmt, err *Error) {
	toks, open, lerr := lex(p.src, start, len(p.src), false, &p.budget)
	if lerr != nil {
		return nil, lerr.(*Error)
	}
	g, perr := runParser(lineParser, toks)
	if perr != nil {
		e := p.syntaxError(toks, perr)
		if open != nil && e.tok >= open.tok {
			return nil, open.err
		}
		return nil, e.err
	}
	if open != nil {
		return nil, open.err
	}
	c := &conv{p: p, toks: toks}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			stmts, err = nil, b.err
		}
	}()
	stmts = c.line(g)
	for _, s := range stmts {
		checkStmt(s)
	}
	return stmts, nil
}

// parseExprAt parses src[start.Offset:end] as an expression list. inner
// is set for the expressions of f-string fields.
func (p *parser) parseExprAt(start Pos, end int, inner bool) (x Expr, err *Error) {
	toks, open, lerr := lex(p.src, start, end, inner, &p.budget)
	if lerr != nil {
		return nil, lerr.(*Error)
	}
	g, perr := runParser(exprParser, toks)
	if perr != nil {
		e := p.syntaxError(toks, perr)
		if open != nil && e.tok >= open.tok {
			return nil, open.err
		}
		return nil, e.err
	}
	if open != nil {
		return nil, open.err
	}
	c := &conv{p: p, toks: toks}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			x, err = nil, b.err
		}
	}()
	x = c.exprList(g)
	if s, ok := x.(*StarredExpr); ok {
		if inner {
			// CPython parses the field as "(*x)".
			c.fail(s.StarPos, "cannot use starred expression here")
		}
		c.fail(s.StarPos, "can't use starred expression here")
	}
	checkExpr(x, 0)
	return x, nil
}

func runParser[G any](pp *participle.Parser[G], toks []token) (*G, error) {
	plex, err := lexer.Upgrade(&sliceLexer{toks: toParticiple(toks)})
	if err != nil {
		return nil, err
	}
	return pp.ParseFromLexer(plex)
}

type tokError struct {
	err *Error
	tok int // index of the token the error is at
}

// syntaxError turns a participle error into an Error at the offending
// token, with CPython's hints where it gives some.
func (p *parser) syntaxError(toks []token, err error) tokError {
	k := len(toks) - 1
	var perr participle.Error
	if errors.As(err, &perr) {
		if i := perr.Position().Offset; i >= 0 && i < len(toks) {
			k = i
		}
	}
	if e := p.hint(toks, k); e != nil {
		return tokError{e, k}
	}
	return tokError{&Error{Pos: toks[k].start, Msg: "invalid syntax"}, k}
}

// canStartExpr reports whether t can be the first token of an expression.
func canStartExpr(t token) bool {
	switch t.kind {
	case tName, tInt, tFloat, tImag, tString, tFString:
		return true
	case tKeyword:
		switch t.val {
		case "None", "True", "False", "not", "lambda", "await":
			return true
		}
	case tOp:
		switch t.val {
		case "(", "[", "{", "-", "+", "~", "...":
			return true
		}
	}
	return false
}

// canEndExpr reports whether t can be the last token of an expression.
func canEndExpr(t token) bool {
	switch t.kind {
	case tName, tInt, tFloat, tImag, tString, tFString:
		return true
	case tKeyword:
		switch t.val {
		case "None", "True", "False":
			return true
		}
	case tOp:
		switch t.val {
		case ")", "]", "}", "...":
			return true
		}
	}
	return false
}

var (
	chainParser = participle.MustBuild[gChain](participle.Lexer(tokenDef{}))
	testParser  = participle.MustBuild[gTest](participle.Lexer(tokenDef{}))
	bitOrParser = participle.MustBuild[gBitOr](participle.Lexer(tokenDef{}))
	listParser  = participle.MustBuild[gExprList](participle.Lexer(tokenDef{}))
)

// parsesAs reports whether toks[from:to] parse completely with pp (or, if
// prefix is set, whether a prefix of them does; it then returns the index
// of the token after that prefix).
func parsesAs[G any](pp *participle.Parser[G], toks []token, from, to int, prefix bool) (int, bool) {
	sub := make([]token, 0, to-from+1)
	sub = append(sub, toks[from:to]...)
	eof := toks[len(toks)-1]
	if to < len(toks) {
		eof = token{kind: tEOF, start: toks[to].start, end: toks[to].start}
	}
	eof.kind = tEOF
	sub = append(sub, eof)
	plex, err := lexer.Upgrade(&sliceLexer{toks: toParticiple(sub)})
	if err != nil {
		return 0, false
	}
	if _, err := pp.ParseFromLexer(plex, participle.AllowTrailing(prefix)); err != nil {
		return 0, false
	}
	n := plex.Cursor()
	if n == 0 {
		return 0, false
	}
	return from + n, true
}

// exprStartBefore returns the index of the first token of the expression
// that ends just before toks[k], scanning back at toks[k]'s bracket level
// to a separator, or -1.
func exprStartBefore(toks []token, k int) int {
	level := toks[k].level
	s := k - 1
	for ; s >= 0; s-- {
		u := toks[s]
		if u.level < level {
			break
		}
		if u.level == level && (u.kind == tOp && (u.val == "," || u.val == "=" || u.val == ":" || u.val == ":=" || u.val == "**" || u.val == ";") ||
			u.kind == tKeyword && (u.val == "if" || u.val == "else" || u.val == "lambda") || u.kind == tNewline) {
			break
		}
	}
	if s+1 >= k {
		return -1
	}
	return s + 1
}

// hint returns CPython's more specific message for some errors at toks[k].
func (p *parser) hint(toks []token, k int) *Error {
	if k == 0 {
		return nil
	}
	t, prev := toks[k], toks[k-1]
	// print "x"
	if prev.kind == tName && (prev.val == "print" || prev.val == "exec") && canStartExpr(t) && !(t.kind == tOp && t.val == "(") &&
		(k < 2 || !(toks[k-2].kind == tOp && toks[k-2].val == ".")) {
		if _, ok := parsesAs(listParser, toks, k, len(toks)-1, true); ok {
			return &Error{Pos: prev.start, Msg: fmt.Sprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", prev.val, prev.val)}
		}
	}
	if t.level == 0 {
		return nil
	}
	// (a b): two expressions side by side inside brackets.
	if canStartExpr(t) && canEndExpr(prev) {
		a := exprStartBefore(toks, k)
		if a < 0 {
			return nil
		}
		first := toks[a]
		if first.kind == tName && (first.val == "_" || first.val == "match" || first.val == "case") ||
			first.kind == tName && a+1 < len(toks) && (toks[a+1].kind == tString || toks[a+1].kind == tFString) ||
			first.kind == tName && (first.val == "print" || first.val == "exec") && a+1 == k {
			return nil
		}
		if _, ok := parsesAs(chainParser, toks, a, k, false); !ok {
			return nil
		}
		if _, ok := parsesAs(testParser, toks, k, len(toks)-1, true); !ok {
			return nil
		}
		return &Error{Pos: first.start, Msg: "invalid syntax. Perhaps you forgot a comma?"}
	}
	// (x = 1): '=' inside a parenthesized expression, a list or a
	// subscript.
	if t.kind == tOp && t.val == "=" {
		a := exprStartBefore(toks, k)
		if a < 1 {
			return nil
		}
		sep := toks[a-1]
		if !(sep.kind == tOp && (sep.val == "," || sep.level < t.level)) {
			return nil
		}
		// Find the opening bracket, and leave calls alone.
		o := a - 1
		for o >= 0 && toks[o].level >= t.level {
			o--
		}
		if o < 0 || toks[o].val == "(" && o > 0 && canEndExpr(toks[o-1]) {
			return nil
		}
		if _, ok := parsesAs(bitOrParser, toks, a, k, false); !ok {
			return nil
		}
		end, ok := parsesAs(bitOrParser, toks, k+1, len(toks)-1, true)
		if !ok || toks[end].kind == tOp && (toks[end].val == "=" || toks[end].val == ":=") {
			return nil
		}
		if a+1 == k && toks[a].kind == tName {
			return &Error{Pos: toks[a].start, Msg: "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"}
		}
		// Python excludes targets starting with a list, tuple or keyword
		// constant.
		switch {
		case toks[a].kind == tOp && toks[a].val == "[":
			return nil
		case toks[a].kind == tKeyword && toks[a].val != "not":
			return nil
		}
		name := p.quickExprName(toks, a, k)
		if name == "" {
			return nil
		}
		return &Error{Pos: toks[a].start, Msg: fmt.Sprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", name)}
	}
	return nil
}

// quickExprName names the bitwise_or expression toks[a:k] for the error
// message of "(f(x) = 1)", by converting it.
func (p *parser) quickExprName(toks []token, a, k int) (name string) {
	sub := make([]token, 0, k-a+1)
	sub = append(sub, toks[a:k]...)
	sub = append(sub, token{kind: tEOF, start: toks[k].start, end: toks[k].start})
	plex, err := lexer.Upgrade(&sliceLexer{toks: toParticiple(sub)})
	if err != nil {
		return ""
	}
	g, err := bitOrParser.ParseFromLexer(plex)
	if err != nil {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			name = ""
		}
	}()
	c := &conv{p: p, toks: sub}
	x := c.bitOr(g)
	if _, ok := x.(*ParenExpr); ok {
		if _, ok := unparen(x).(*TupleExpr); ok {
			return ""
		}
	}
	return exprName(x)
}
