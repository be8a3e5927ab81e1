package lang

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the statement parser: a hand-written recursive descent
// over the tokens of a whole input (INDENT and DEDENT included) that
// parses the headers of compound statements with the expression parser
// and hands each line of simple statements to the participle grammar.

// blockParser parses the statements of one input.
type blockParser struct {
	p    *parser
	toks []token
	open *openState
	c    *conv // over toks: its index is the parser's position
}

// compoundKeywords start compound statements.
var compoundKeywords = map[string]bool{"if": true, "while": true, "for": true, "def": true, "try": true, "with": true, "class": true}

func (b *blockParser) tok() token { return b.c.tok() }

func (b *blockParser) advance() token { return b.c.advance() }

// file parses statements up to the end of the input.
func (b *blockParser) file() []Stmt {
	var out []Stmt
	for {
		switch b.tok().kind {
		case tEOF:
			return out
		case tNewline, tDedent:
			b.advance()
			continue
		case tIndent:
			b.c.syntaxError()
		}
		out = append(out, b.statement()...)
	}
}

// statement parses one compound statement or one line of simple ones.
func (b *blockParser) statement() []Stmt {
	t := b.tok()
	switch {
	case t.kind == tOp && t.val == "@":
		return []Stmt{b.decorated()}
	}
	if t.kind == tName && t.val == "match" {
		if s, ok := b.tryMatch(); ok {
			return []Stmt{s}
		}
	}
	if t.kind == tKeyword && compoundKeywords[t.val] {
		var s Stmt
		switch t.val {
		case "if":
			s = b.ifStmt(false)
		case "while":
			s = b.whileStmt()
		case "for":
			s = b.forStmt()
		case "def":
			s = b.funcDef()
		case "try":
			s = b.tryStmt()
		case "with":
			s = b.withStmt()
		case "class":
			s = b.classDef()
		}
		return []Stmt{s}
	}
	return b.simpleLine()
}

// simpleLine parses simple statements up to the end of the logical line,
// with the participle grammar.
func (b *blockParser) simpleLine() []Stmt {
	from := b.c.i
	to := from
	for k := b.toks[to].kind; k != tNewline && k != tDedent && k != tEOF; k = b.toks[to].kind {
		to++
	}
	stmts := b.p.parseSimple(b.toks, from, to, b.open)
	b.c.i = to
	if b.tok().kind == tNewline {
		b.advance()
	}
	return stmts
}

// parseSimple parses toks[from:to] (a line of simple statements) with the
// participle grammar. Errors abort with a bailout whose token index is
// in toks.
func (p *parser) parseSimple(toks []token, from, to int, open *openState) []Stmt {
	sub := make([]token, to-from+1)
	copy(sub, toks[from:to])
	eof := toks[to]
	sub[len(sub)-1] = token{kind: tEOF, start: eof.start, end: eof.start}
	openTok := -1
	if open != nil && open.str && open.tok >= from && open.tok < to {
		openTok = open.tok - from
	}
	shift := func(k int) int {
		if k < 0 {
			return k
		}
		return k + from
	}
	c := newConv(p, sub, openTok)
	if g, ok := c.fastLine(); ok {
		return c.line(g)
	}
	key, unregister := register(c)
	defer unregister()
	plex, lerr := lexer.Upgrade(&sliceLexer{toks: toParticiple(sub, key)})
	if lerr != nil {
		panic(&bailout{&Error{Pos: sub[0].start, Msg: errInvalidSyntax}, -1})
	}
	g, perr := lineParser.ParseFromLexer(plex)
	if c.err != nil {
		panic(&bailout{c.err.err, shift(c.err.tok)})
	}
	if perr != nil {
		e := p.participleError(sub, perr)
		panic(&bailout{e.err, shift(e.tok)})
	}
	return c.line(g)
}

// colon consumes the ':' of a compound statement's header.
func (b *blockParser) colon() {
	if b.c.isOp(":") {
		b.advance()
		return
	}
	if k := b.tok().kind; k == tNewline || k == tEOF {
		b.c.fail(b.c.prevEnd(), errExpectedColon)
	}
	b.c.syntaxError()
}

// suite parses the body of a compound statement, after its ':': the rest
// of the line, or an indented block. what names the statement in
// IndentationError's message; line is the header's line.
func (b *blockParser) suite(what string, line int) []Stmt {
	switch b.tok().kind {
	case tEOF:
		b.blockExpected(what, line)
	case tNewline:
		b.advance()
		if b.tok().kind != tIndent {
			b.blockExpected(what, line)
		}
		b.advance()
		var body []Stmt
		for {
			switch b.tok().kind {
			case tDedent:
				b.advance()
				return body
			case tEOF:
				return body
			case tNewline:
				b.advance()
				continue
			case tIndent:
				b.c.syntaxError()
			}
			body = append(body, b.statement()...)
		}
	}
	return b.simpleLine()
}

// blockExpected fails for a missing indented block. At the end of the
// input, the input is incomplete: a prompt reads on, until an empty line.
func (b *blockParser) blockExpected(what string, line int) {
	t := b.tok()
	e := &Error{Pos: t.start, Msg: sprintf(errExpectedBlock, what, line)}
	if b.atInputEnd() {
		e.Incomplete, e.Block = true, true
	}
	panic(&bailout{e, -1})
}

// atInputEnd reports whether only the ends of lines and blocks are left
// (a block nested in another ends the input with DEDENTs): an error there
// is an input cut short, which a prompt reads on for.
func (b *blockParser) atInputEnd() bool {
	for _, t := range b.toks[b.c.i:] {
		if t.kind != tNewline && t.kind != tDedent && t.kind != tEOF {
			return false
		}
	}
	return true
}

// defExpected fails for an input that ends after a decorator: the prompt
// reads on (until an empty line, after which it is invalid syntax).
func (b *blockParser) defExpected() {
	e := &Error{Pos: b.tok().start, Msg: errInvalidSyntax, Incomplete: true, Block: true}
	panic(&bailout{e, -1})
}

// lastEnd is the end of the last token before the parser's position that
// is not a NEWLINE, INDENT or DEDENT: where a compound statement ends.
func (b *blockParser) lastEnd() Pos {
	for k := b.c.i - 1; k >= 0; k-- {
		switch b.toks[k].kind {
		case tNewline, tIndent, tDedent:
			continue
		}
		return b.toks[k].end
	}
	return b.toks[0].start
}

// condition parses the condition of an if, elif or while header. An '='
// after it gets CPython's hint (its invalid_named_expression rule).
func (b *blockParser) condition() Expr {
	x := b.c.test()
	if b.c.isOp("=") {
		if id, ok := x.(*Ident); ok {
			b.c.fail(id.NamePos, errMaybeEquals)
		}
		if isBitOr(x) && !startsWithDisplayOrConst(x) {
			if bad := invalidTarget(x, false); bad != nil {
				b.c.fail(exprStart(unparen(x)), errCannotAssignHere, exprName(x))
			}
		}
	}
	return x
}

func (b *blockParser) ifStmt(elif bool) Stmt {
	kw := b.advance()
	cond := b.condition()
	b.colon()
	s := &IfStmt{IfPos: kw.start, Cond: cond, Elif: elif}
	s.Body = b.suite("'"+kw.val+"' statement", kw.start.Line)
	switch {
	case b.c.isKw("elif"):
		s.Else = []Stmt{b.ifStmt(true)}
	case b.c.isKw("else"):
		s.Else = b.elseSuite()
	}
	s.EndPos = b.lastEnd()
	return s
}

// elseSuite parses else: suite.
func (b *blockParser) elseSuite() []Stmt {
	kw := b.advance()
	b.colon()
	return b.suite("'"+kw.val+"' statement", kw.start.Line)
}

func (b *blockParser) whileStmt() Stmt {
	kw := b.advance()
	cond := b.condition()
	b.colon()
	s := &WhileStmt{WhilePos: kw.start, Cond: cond}
	s.Body = b.suite("'while' statement", kw.start.Line)
	if b.c.isKw("else") {
		s.Else = b.elseSuite()
	}
	s.EndPos = b.lastEnd()
	return s
}

func (b *blockParser) forStmt() Stmt {
	kw := b.advance()
	target := b.c.storeTarget(b.c.targetList())
	if !b.c.isKw("in") {
		b.c.syntaxError()
	}
	b.advance()
	iter := b.c.starExprs()
	b.colon()
	s := &ForStmt{ForPos: kw.start, Target: target, Iter: iter}
	s.Body = b.suite("'for' statement", kw.start.Line)
	if b.c.isKw("else") {
		s.Else = b.elseSuite()
	}
	s.EndPos = b.lastEnd()
	return s
}

func (b *blockParser) funcDef() Stmt {
	kw := b.advance()
	if b.tok().kind != tName {
		b.c.syntaxError()
	}
	name := b.advance()
	b.c.expectOp("(")
	params := b.c.params(")")
	b.c.expectOp(")")
	s := &FuncDef{DefPos: kw.start, NamePos: name.start, Name: name.val, Params: params}
	if b.c.isOp("->") {
		b.advance()
		s.Returns = b.c.test()
	}
	b.colon()
	s.Body = b.suite("function definition", kw.start.Line)
	s.EndPos = b.lastEnd()
	return s
}

// decorated parses one or more decorator lines (@expr) and the def they
// decorate.
func (b *blockParser) decorated() Stmt {
	var decs []Expr
	for b.c.isOp("@") {
		b.advance()
		decs = append(decs, b.c.test())
		switch b.tok().kind {
		case tNewline:
			b.advance()
		case tEOF:
			b.defExpected()
		default:
			b.c.syntaxError()
		}
	}
	switch t := b.tok(); {
	case t.kind == tKeyword && t.val == "class":
		s := b.classDef().(*ClassDef)
		s.Decorators = decs
		return s
	case t.kind == tEOF:
		b.defExpected()
	case t.kind != tKeyword || t.val != "def":
		b.c.syntaxError()
	}
	s := b.funcDef().(*FuncDef)
	s.Decorators = decs
	return s
}

// classDef parses class Name[(bases, keywords)]: suite, and mangles the
// private names (__x) of its body as CPython's compiler does.
func (b *blockParser) classDef() Stmt {
	kw := b.advance()
	if b.tok().kind != tName {
		b.c.syntaxError()
	}
	name := b.advance()
	s := &ClassDef{ClassPos: kw.start, NamePos: name.start, Name: name.val}
	if b.c.isOp("(") {
		call := b.c.call(&Ident{NamePos: name.start, Name: name.val}).(*CallExpr)
		s.Args = call.Args
	}
	b.colon()
	s.Body = b.suite("class definition", kw.start.Line)
	s.EndPos = b.lastEnd()
	mangleBlock(s.Body, name.val)
	return s
}

func (b *blockParser) tryStmt() Stmt {
	kw := b.advance()
	b.colon()
	s := &TryStmt{TryPos: kw.start}
	s.Body = b.suite("'try' statement", kw.start.Line)
	for b.c.isKw("except") {
		ex := b.advance()
		h := ExceptClause{ExceptPos: ex.start}
		if b.c.isOp("*") {
			b.advance()
			h.Star = true
			if b.c.isOp(":") {
				b.c.fail(b.tok().start, errExceptStarTypes)
			}
		}
		if len(s.Handlers) > 0 && s.Handlers[0].Star != h.Star {
			b.c.fail(ex.start, errExceptMixed)
		}
		if !b.c.isOp(":") {
			h.Type = b.c.test()
			if b.c.isOp(",") {
				b.c.fail(exprStart(h.Type), errExceptParens)
			}
			if b.c.isKw("as") {
				b.advance()
				if b.tok().kind != tName {
					b.c.syntaxError()
				}
				h.Name = b.advance().val
			}
		}
		b.colon()
		h.Body = b.suite("'except' statement", ex.start.Line)
		s.Handlers = append(s.Handlers, h)
	}
	if len(s.Handlers) > 0 && b.c.isKw("else") {
		s.Else = b.elseSuite()
	}
	if b.c.isKw("finally") {
		s.Finally = b.elseSuite()
	}
	if len(s.Handlers) == 0 && s.Finally == nil {
		t := b.tok()
		e := &Error{Pos: t.start, Msg: errExpectedExcept}
		if b.atInputEnd() {
			e.Incomplete, e.Block = true, true
		}
		panic(&bailout{e, -1})
	}
	s.EndPos = b.lastEnd()
	return s
}

func (b *blockParser) withStmt() Stmt {
	kw := b.advance()
	s := &WithStmt{WithPos: kw.start}
	for {
		it := WithItem{Ctx: b.c.test()}
		if b.c.isKw("as") {
			b.advance()
			it.Target = b.c.storeTarget(b.c.targetItem())
		}
		s.Items = append(s.Items, it)
		if !b.c.isOp(",") {
			break
		}
		b.advance()
	}
	b.colon()
	s.Body = b.suite("'with' statement", kw.start.Line)
	s.EndPos = b.lastEnd()
	return s
}

// targetList parses star_targets: targets separated by commas (a bare
// tuple when there is a comma), stopping before 'in' or '='.
func (c *conv) targetList() Expr {
	first := c.targetItem()
	if !c.isOp(",") {
		return first
	}
	t := &TupleExpr{Elems: []Expr{first}}
	for c.isOp(",") {
		c.advance()
		if !c.canStartItem() {
			break
		}
		t.Elems = append(t.Elems, c.targetItem())
	}
	t.Rparen = c.prevEnd()
	return t
}

// targetItem parses one star_target: '*'? followed by an expression
// without comparisons.
func (c *conv) targetItem() Expr {
	if c.isOp("*") {
		star := c.advance()
		return &StarredExpr{StarPos: star.start, X: c.bitOr()}
	}
	return c.bitOr()
}

// storeTarget checks an assignment target (of for, with, a comprehension)
// and strips its parentheses.
func (c *conv) storeTarget(t Expr) Expr {
	if bad := invalidTarget(t, false); bad != nil {
		c.fail(exprStart(bad), errCannotAssign, exprName(bad))
	}
	return stripParens(t)
}

// params parses the parameters of a def (up to ')') or a lambda (up to
// ':').
// annotation parses a parameter's `: annotation` (in a def's parameter
// list, whose end is ')'; a lambda's parameters have none).
func (c *conv) annotation(end string) Expr {
	if end != ")" || !c.isOp(":") {
		return nil
	}
	c.advance()
	return c.test()
}

func (c *conv) params(end string) []Param {
	var out []Param
	kwOnly, slashed := false, false
	seenDefault := false
	bareStar := -1 // index in out of the first parameter after a bare '*'
	seen := map[string]bool{}
	name := func() token {
		if c.tok().kind != tName {
			c.syntaxError()
		}
		t := c.advance()
		if seen[t.val] {
			c.fail(t.start, errDuplicateArg, t.val)
		}
		seen[t.val] = true
		return t
	}
	for !c.isOp(end) {
		switch {
		case c.isOp("/"):
			slash := c.advance()
			if slashed {
				c.fail(slash.start, errSlashOnce)
			}
			if kwOnly || len(out) == 0 {
				c.fail(slash.start, errInvalidSyntax)
			}
			slashed = true
			for i := range out {
				out[i].Kind = ParamPosOnly
			}
		case c.isOp("**"):
			c.advance()
			t := name()
			out = append(out, Param{NamePos: t.start, Name: t.val, Kind: ParamVarKw, Annotation: c.annotation(end)})
			if c.isOp(",") {
				c.advance()
			}
			if !c.isOp(end) {
				c.syntaxError()
			}
			return out
		case c.isOp("*"):
			star := c.advance()
			if kwOnly {
				c.fail(star.start, errStarOnce)
			}
			kwOnly = true
			if c.tok().kind == tName {
				t := name()
				out = append(out, Param{NamePos: t.start, Name: t.val, Kind: ParamVarArgs, Annotation: c.annotation(end)})
			} else {
				bareStar = len(out)
				next := c.toks[min(c.i+1, len(c.toks)-1)]
				if c.isOp(end) || c.isOp(",") && next.kind == tOp && (next.val == end || next.val == "**") {
					c.fail(star.start, errBareStar)
				}
			}
		default:
			t := name()
			p := Param{NamePos: t.start, Name: t.val, Annotation: c.annotation(end)}
			if kwOnly {
				p.Kind = ParamKwOnly
			}
			if c.isOp("=") {
				c.advance()
				p.Default = c.test()
				seenDefault = seenDefault || !kwOnly
			} else if seenDefault && !kwOnly {
				c.fail(t.start, errNonDefaultFollows)
			}
			out = append(out, p)
		}
		if !c.isOp(",") {
			break
		}
		c.advance()
	}
	if bareStar == len(out) {
		c.fail(c.tok().start, errBareStar)
	}
	return out
}
