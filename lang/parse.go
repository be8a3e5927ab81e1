package lang

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
)

// Parse parses source: logical lines of simple statements separated by
// ';' (a trailing ';' is allowed), each possibly spanning several
// physical lines through open brackets, triple-quoted strings or '\'
// continuation, and compound statements with their indented blocks.
//
// firstLine is the line number to give the first line: positions are
// absolute, with offsets counted from the start of src. A line that is
// empty or only a comment returns no statements.
//
// Errors are of type *Error.
//
// The last input parsed is remembered, so that a prompt or a script
// reader that parses an input to see whether it is complete does not
// pay a second parse to run it: the statements are parsed once.
func Parse(src string, firstLine int) ([]Stmt, error) {
	lastParse.Lock()
	if lastParse.ok && lastParse.line == firstLine && lastParse.src == src {
		stmts, err := lastParse.stmts, lastParse.err
		lastParse.Unlock()
		return stmts, err
	}
	lastParse.Unlock()
	stmts, err := parse(src, firstLine)
	lastParse.Lock()
	lastParse.ok, lastParse.src, lastParse.line, lastParse.stmts, lastParse.err = true, src, firstLine, stmts, err
	lastParse.Unlock()
	return stmts, err
}

// lastParse is the last input Parse parsed, and what it gave.
var lastParse struct {
	sync.Mutex
	ok    bool
	src   string
	line  int
	stmts []Stmt
	err   error
}

func parse(src string, firstLine int) ([]Stmt, error) {
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
	x, perr, _ := p.parseExprAt(start, len(src), false)
	if perr != nil {
		return nil, perr
	}
	return x, nil
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
			why := whyInvalidStart
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
				why = whyInvalidContinuation
				if i+need > len(src) {
					ok := true
					for j := i + 1; j < len(src); j++ {
						if src[j]&0xC0 != 0x80 {
							ok = false
						}
					}
					if ok {
						why = whyUnexpectedEnd
					}
				}
			}
			return &Error{Pos: tr.at(i), Msg: fmt.Sprintf(errUTF8Decode, b, i-lineStart, why)}
		}
		i += n
	}
	return &Error{Pos: start, Msg: errInvalidSyntax}
}

// parseLine lexes and parses src from start as statements.
func (p *parser) parseLine(start Pos) (stmts []Stmt, err *Error) {
	toks, open, lerr := lex(p.src, start, len(p.src), false, &p.budget)
	if lerr != nil {
		return nil, lerr.(*Error)
	}
	b := &blockParser{p: p, toks: toks, open: open, c: newConv(p, toks, openStringTok(toks, open))}
	defer func() {
		if r := recover(); r != nil {
			bo, ok := r.(*bailout)
			if !ok {
				panic(r)
			}
			stmts, err = nil, p.incomplete(*bo, open)
		}
	}()
	stmts = b.file()
	if open != nil {
		return nil, open.err
	}
	checkBlock(stmts, scopeModule)
	return stmts, nil
}

// openStringTok returns the index of the token of an unterminated
// triple-quoted string, or -1.
func openStringTok(toks []token, open *openState) int {
	if open != nil && open.str {
		return open.tok
	}
	return -1
}

// incomplete returns the error to report for a syntax error: the open
// construct's if the parser failed at it or after it (it wanted more
// input).
func (p *parser) incomplete(b bailout, open *openState) *Error {
	if open != nil && b.tok >= open.tok {
		return open.err
	}
	return b.err
}

// parseExprAt parses src[start.Offset:end] as an expression list. inner
// is set for the expressions of f-string fields. lexical tells whether an
// error is the lexer's.
func (p *parser) parseExprAt(start Pos, end int, inner bool) (x Expr, err *Error, lexical bool) {
	toks, open, lerr := lex(p.src, start, end, inner, &p.budget)
	if lerr != nil {
		return nil, lerr.(*Error), true
	}
	c := newConv(p, toks, openStringTok(toks, open))
	x, _ = c.try(func() Expr {
		if inner && c.isOp("**") {
			// CPython parses the field as "(**x)".
			if _, end, ok := p.parsesAs((*conv).test, toks, 1, len(toks)-1, true); ok && toks[end].kind == tEOF {
				c.fail(c.tok().start, errDoubleStarHere)
			}
		}
		if !c.canStartItem() {
			c.syntaxError()
		}
		x := c.starExprs()
		if c.tok().kind != tEOF {
			c.syntaxError()
		}
		return x
	})
	if c.err != nil {
		return nil, p.incomplete(*c.err, open), false
	}
	if open != nil {
		return nil, open.err, false
	}
	_, err2 := c.try(func() Expr {
		if s, ok := x.(*StarredExpr); ok {
			if inner {
				// CPython parses the field as "(*x)".
				c.fail(s.StarPos, errStarHere)
			}
			c.fail(s.StarPos, errStarHereCompile)
		}
		checkExpr(x, 0)
		return x
	})
	if err2 != nil {
		return nil, c.err.err, false
	}
	return x, nil, false
}

// participleError turns an error of participle (an unexpected token) into
// a syntax error.
func (p *parser) participleError(toks []token, err error) bailout {
	k := len(toks) - 1
	var perr participle.Error
	if errors.As(err, &perr) {
		if i := perr.Position().Offset; i >= 0 && i < len(toks) {
			k = i
		}
	}
	return p.syntaxErrorAt(toks, k)
}

// syntaxErrorAt returns the error for an unexpected token toks[k]:
// "invalid syntax" or one of CPython's more specific messages.
func (p *parser) syntaxErrorAt(toks []token, k int) bailout {
	// Lists may end with a separator: report ",," or ";;" where the second
	// separator is.
	for i := 1; i < k; i++ {
		if toks[i].kind == tOp && toks[i-1].kind == tOp && toks[i].val == toks[i-1].val && (toks[i].val == "," || toks[i].val == ";") {
			return bailout{&Error{Pos: toks[i].start, Msg: errInvalidSyntax}, i}
		}
	}
	if toks[k].kind == tIndent {
		return bailout{&Error{Pos: toks[k].start, Msg: errUnexpectedIndent}, k}
	}
	if e := p.walrusHint(toks, k); e != nil {
		return bailout{e, k}
	}
	if e := p.hint(toks, k); e != nil {
		return bailout{e, k}
	}
	if e := p.targetError(toks, k); e != nil {
		return bailout{e, -1}
	}
	return bailout{&Error{Pos: toks[k].start, Msg: errInvalidSyntax}, k}
}

// targetError returns the error CPython gives for an invalid assignment
// target when the statement fails to parse further on: "f() = (" is
// "cannot assign to function call" rather than "invalid syntax".
func (p *parser) targetError(toks []token, k int) *Error {
	s := k
	for s > 0 && !(toks[s-1].kind == tNewline || toks[s-1].kind == tOp && toks[s-1].val == ";" && toks[s-1].level == 0) {
		s--
	}
	var eqs []int
	for i := s; i < k; i++ {
		if toks[i].kind == tOp && toks[i].val == "=" && toks[i].level == 0 {
			eqs = append(eqs, i)
		}
	}
	if len(eqs) == 0 {
		return nil
	}
	var targets []Expr
	from := s
	for _, eq := range eqs {
		x, _, ok := p.parsesAs((*conv).starExprs, toks, from, eq, false)
		if !ok {
			return nil
		}
		targets = append(targets, x)
		from = eq + 1
	}
	// What follows the first '=' as a bitwise_or, and whether it is itself
	// followed by '='.
	var next Expr
	nextEq := false
	if x, end, ok := p.parsesAs((*conv).bitOr, toks, eqs[0]+1, len(toks)-1, true); ok {
		next = x
		nextEq = toks[end].kind == tOp && (toks[end].val == "=" || toks[end].val == ":=")
	}
	var err *Error
	func() {
		defer func() {
			if r := recover(); r != nil {
				b, ok := r.(*bailout)
				if !ok {
					panic(r)
				}
				err = b.err
			}
		}()
		c := newConv(p, toks, -1)
		c.checkTargetList(targets, next, nextEq)
	}()
	return err
}

// canStartExpr reports whether t can be the first token of an expression.
func canStartExpr(t token) bool {
	switch t.kind {
	case tName, tInt, tFloat, tImag, tString, tFString:
		return true
	case tKeyword:
		switch t.val {
		case "None", "True", "False", "not", "lambda":
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

// parsesAs reports whether toks[from:to] parse completely with f (or, if
// prefix is set, whether a prefix of them does). It returns the
// expression and the index of the token after it.
//
// Like CPython's PEG parser, a prefix parse backtracks a little over a
// failure: the prefix of "a + else" is "a".
func (p *parser) parsesAs(f func(*conv) Expr, toks []token, from, to int, prefix bool) (Expr, int, bool) {
	x, end, failedAt := p.parseSub(f, toks, from, to, prefix)
	for tries := 0; prefix && x == nil && failedAt > from+1 && tries < 4; tries++ {
		to = failedAt - 1
		x, end, failedAt = p.parseSub(f, toks, from, to, false)
	}
	return x, end, x != nil
}

// parseSub parses toks[from:to] with f. It returns the expression and the
// index of the token after it, or nil and the index of the token the parse
// failed at.
func (p *parser) parseSub(f func(*conv) Expr, toks []token, from, to int, prefix bool) (Expr, int, int) {
	sub := make([]token, 0, to-from+1)
	sub = append(sub, toks[from:to]...)
	eof := toks[len(toks)-1]
	if to < len(toks) {
		eof = token{start: toks[to].start, end: toks[to].start}
	}
	eof.kind = tEOF
	sub = append(sub, eof)
	c := newConv(p, sub, -1)
	c.noHints = true
	x, err := c.try(func() Expr { return f(c) })
	switch {
	case err != nil:
		if c.err.tok >= 0 {
			return nil, 0, from + c.err.tok
		}
		return nil, 0, -1
	case c.i == 0 || !prefix && c.i != len(sub)-1:
		return nil, 0, from + c.i
	}
	return x, from + c.i, 0
}

func (c *conv) disjunction() Expr { return c.binary(precOr) }

// exprStartBefore returns the index of the first token of the expression
// that ends just before toks[k], scanning back at its bracket level to a
// separator, or -1.
func exprStartBefore(toks []token, k int) int {
	if k == 0 {
		return -1
	}
	level := toks[k-1].level
	s := k - 1
	for ; s >= 0; s-- {
		u := toks[s]
		if u.level < level {
			break
		}
		if u.level == level && (u.kind == tOp && (u.val == "," || u.val == ":" || u.val == ";" || isAssignOp(u.val)) ||
			u.kind == tOp && (u.val == "*" || u.val == "**") && s > 0 && toks[s-1].kind == tOp && (toks[s-1].val == "," || toks[s-1].val == "(") ||
			u.kind == tKeyword && (u.val == "if" || u.val == "else" || u.val == "lambda") || u.kind == tNewline) {
			break
		}
	}
	if s+1 >= k {
		return -1
	}
	return s + 1
}

// ifBefore returns the index of the 'if' keyword of the conditional
// expression that toks[k] is in the condition of, or -1.
func ifBefore(toks []token, k int) int {
	if k == 0 {
		return -1
	}
	level := toks[k-1].level
	if isOpenBracket(toks[k-1]) {
		level++
	}
	for j := k - 1; j >= 0; j-- {
		u := toks[j]
		if u.kind == tNewline {
			return -1
		}
		if u.level < level {
			// The error is inside brackets within the condition.
			level = u.level
			continue
		}
		if u.level > level {
			continue
		}
		switch {
		case u.kind == tKeyword && u.val == "if":
			return j
		case u.kind == tKeyword && (u.val == "else" || u.val == "lambda"),
			u.kind == tOp && (u.val == "," || u.val == ":" || u.val == ";" || isAssignOp(u.val)):
			return -1
		}
	}
	return -1
}

// isAssignOp reports whether op is '=', ':=' or an augmented assignment.
func isAssignOp(op string) bool {
	return len(op) >= 2 && op[len(op)-1] == '=' && op != "==" && op != "!=" && op != "<=" && op != ">=" || op == "="
}

func isOpenBracket(t token) bool {
	return t.kind == tOp && (t.val == "(" || t.val == "[" || t.val == "{")
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
		if _, _, ok := p.parsesAs((*conv).starExprs, toks, k, len(toks)-1, true); ok {
			return &Error{Pos: prev.start, Msg: fmt.Sprintf(errMissingParens, prev.val, prev.val)}
		}
	}
	// a if b: a conditional expression without else.
	if j := ifBefore(toks, k); j > 0 {
		if a := exprStartBefore(toks, j); a >= 0 {
			_, _, okA := p.parsesAs((*conv).disjunction, toks, a, j, false)
			_, end, okB := p.parsesAs((*conv).disjunction, toks, j+1, len(toks)-1, true)
			if okA && okB && end <= k && !(toks[end].kind == tKeyword && toks[end].val == "else" || toks[end].kind == tOp && toks[end].val == ":") {
				return &Error{Pos: toks[a].start, Msg: errExpectedElse}
			}
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
		if a > 1 && toks[a-1].kind == tOp && toks[a-1].val == "(" && toks[a-2].kind == tKeyword && toks[a-2].val == "import" {
			return nil
		}
		if a+1 < k && toks[a].kind == tOp && toks[a].val == "*" && a > 0 && toks[a-1].kind == tOp && toks[a-1].val == "[" {
			a++
		}
		first := toks[a]
		// CPython takes any prefix of a soft keyword for one here: (c d)
		// gets no hint.
		if first.kind == tName && (first.val == "_" || strings.HasPrefix("match", first.val) || strings.HasPrefix("case", first.val)) ||
			first.kind == tName && a+1 < len(toks) && (toks[a+1].kind == tString || toks[a+1].kind == tFString) ||
			first.kind == tName && (first.val == "print" || first.val == "exec") && a+1 == k {
			return nil
		}
		if _, _, ok := p.parsesAs((*conv).disjunction, toks, a, k, false); !ok {
			return nil
		}
		if _, _, ok := p.parsesAs((*conv).disjunction, toks, k, len(toks)-1, true); !ok {
			return nil
		}
		return &Error{Pos: first.start, Msg: errForgotComma}
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
		x, _, ok := p.parsesAs((*conv).bitOr, toks, a, k, false)
		if !ok {
			return nil
		}
		_, end, ok := p.parsesAs((*conv).bitOr, toks, k+1, len(toks)-1, true)
		if !ok || toks[end].kind == tOp && (toks[end].val == "=" || toks[end].val == ":=") {
			return nil
		}
		if a+1 == k && toks[a].kind == tName {
			return &Error{Pos: toks[a].start, Msg: errMaybeEquals}
		}
		// CPython excludes targets starting with a list, tuple or keyword
		// constant.
		if startsWithDisplayOrConst(x) {
			return nil
		}
		return &Error{Pos: exprStart(unparen(x)), Msg: fmt.Sprintf(errCannotAssignHere, exprName(x))}
	}
	return nil
}
