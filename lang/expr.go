package lang

import (
	"math/big"
	"strconv"
	"strings"
)

// This file holds the expression parser: recursive descent with precedence
// climbing for binary operators, over the tokens of the hand-written lexer.
// It builds the syntax tree directly. Syntax errors are reported at the
// first token that cannot be consumed, as CPython does; checks that CPython
// makes on a whole construct (call arguments, "(*x)") are made once its
// closing bracket is read, so that an incomplete input is reported as such.

func (c *conv) tok() token { return c.toks[c.i] }

func (c *conv) isOp(s string) bool {
	t := c.toks[c.i]
	return t.kind == tOp && t.val == s
}

func (c *conv) isKw(s string) bool {
	t := c.toks[c.i]
	return t.kind == tKeyword && t.val == s
}

// advance consumes and returns the current token.
func (c *conv) advance() token {
	t := c.toks[c.i]
	if t.kind != tEOF {
		c.i++
	}
	return t
}

// prevEnd is the end of the last consumed token.
func (c *conv) prevEnd() Pos { return c.toks[c.i-1].end }

// syntaxError reports an unexpected token at index k (with CPython's hints
// where it gives some).
func (c *conv) syntaxErrorAt(k int) {
	if c.noHints {
		panic(&bailout{&Error{Pos: c.toks[k].start, Msg: errInvalidSyntax}, k})
	}
	e := c.p.syntaxErrorAt(c.toks, k)
	panic(&bailout{e.err, e.tok})
}

func (c *conv) syntaxError() { c.syntaxErrorAt(c.i) }

func (c *conv) expectOp(s string) token {
	if !c.isOp(s) {
		c.syntaxError()
	}
	return c.advance()
}

// canStartItem reports whether the current token can start an element of
// an expression list.
func (c *conv) canStartItem() bool { return c.isOp("*") || canStartExpr(c.tok()) || c.isKw("yield") }

// starExprs parses a comma-separated list of possibly starred expressions
// with an optional trailing comma; with a comma, it is a tuple without
// parentheses.
func (c *conv) starExprs() Expr {
	if c.isKw("yield") {
		return c.yieldExpr()
	}
	first := c.starItem()
	if !c.isOp(",") {
		return first
	}
	t := &TupleExpr{Elems: []Expr{first}}
	for c.isOp(",") {
		c.advance()
		if !c.canStartItem() {
			break
		}
		t.Elems = append(t.Elems, c.starItem())
	}
	t.Rparen = c.prevEnd()
	return t
}

// starItem parses '*' bitwise_or or an expression.
func (c *conv) starItem() Expr {
	if c.isOp("*") {
		star := c.advance()
		return &StarredExpr{StarPos: star.start, X: c.bitOr()}
	}
	return c.test()
}

// test parses a conditional expression (a if b else c), or a disjunction.
func (c *conv) test() Expr {
	if c.isKw("lambda") {
		return c.lambda()
	}
	x := c.binary(precOr)
	if !c.isKw("if") {
		return x
	}
	// a if b else c if d else e is a if b else (c if d else e): parse the
	// chain flat and fold it from the right.
	parts := []Expr{x}
	var conds []Expr
	var ifs []Pos
	for c.isKw("if") {
		ifs = append(ifs, c.advance().start)
		conds = append(conds, c.binary(precOr))
		if !c.isKw("else") {
			c.syntaxError()
		}
		c.advance()
		parts = append(parts, c.binary(precOr))
	}
	r := parts[len(parts)-1]
	for i := len(conds) - 1; i >= 0; i-- {
		r = &CondExpr{Then: parts[i], IfPos: ifs[i], Cond: conds[i], Else: r}
	}
	return r
}

// Binary operator precedences, lowest first. Unary operators bind tighter
// than all of them, and '**' tighter still.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCmp
	precBitOr
	precXor
	precBitAnd
	precShift
	precArith
	precTerm
)

func binOp(s string) (Op, int) {
	switch s {
	case "or":
		return Or, precOr
	case "and":
		return And, precAnd
	case "==":
		return Eq, precCmp
	case "!=":
		return Ne, precCmp
	case "<":
		return Lt, precCmp
	case "<=":
		return Le, precCmp
	case ">":
		return Gt, precCmp
	case ">=":
		return Ge, precCmp
	case "is":
		return Is, precCmp
	case "in":
		return In, precCmp
	case "|":
		return Pipe, precBitOr
	case "^":
		return Caret, precXor
	case "&":
		return Amp, precBitAnd
	case "<<":
		return LtLt, precShift
	case ">>":
		return GtGt, precShift
	case "+":
		return Plus, precArith
	case "-":
		return Minus, precArith
	case "*":
		return Star, precTerm
	case "/":
		return Slash, precTerm
	case "//":
		return SlashSlash, precTerm
	case "%":
		return Percent, precTerm
	case "@":
		return At, precTerm
	case "**":
		return StarStar, precTerm + 1
	}
	return IllegalOp, 0
}

// peekBinOp returns the binary operator at the current token, its
// precedence (0 if there is none) and its length in tokens.
func (c *conv) peekBinOp() (Op, int, int) {
	t := c.tok()
	switch t.kind {
	case tOp:
		if t.val == "**" {
			return IllegalOp, 0, 0
		}
		op, prec := binOp(t.val)
		return op, prec, 1
	case tKeyword:
		switch t.val {
		case "not":
			if n := c.toks[c.i+1]; n.kind == tKeyword && n.val == "in" {
				return NotIn, precCmp, 2
			}
			// 'not' after an operand can only start 'not in': CPython fails
			// at the next token, unless "a not b" inside brackets is a
			// missing comma. (When looking for hints, the expression just
			// ends here.)
			if c.noHints {
				return IllegalOp, 0, 0
			}
			if e := c.p.hint(c.toks, c.i); e != nil {
				panic(&bailout{e, c.i})
			}
			c.syntaxErrorAt(c.i + 1)
		case "is":
			if n := c.toks[c.i+1]; n.kind == tKeyword && n.val == "not" {
				return IsNot, precCmp, 2
			}
		}
		op, prec := binOp(t.val)
		return op, prec, 1
	}
	return IllegalOp, 0, 0
}

// binary parses an expression of binary operators of precedence minPrec or
// more by precedence climbing. 'not' may start an operand only where it
// binds less tightly than the operator before it.
func (c *conv) binary(minPrec int) Expr {
	var lhs Expr
	if c.isKw("not") {
		if minPrec > precNot {
			c.syntaxError()
		}
		var nots []Pos
		for c.isKw("not") {
			nots = append(nots, c.advance().start)
		}
		lhs = c.binary(precCmp)
		for i := len(nots) - 1; i >= 0; i-- {
			lhs = &UnaryExpr{OpPos: nots[i], Op: Not, X: lhs}
		}
	} else {
		lhs = c.factor()
	}
	for {
		op, prec, n := c.peekBinOp()
		if prec == 0 || prec < minPrec {
			return lhs
		}
		if prec == precCmp {
			cmp := &CompareExpr{Operands: []Expr{lhs}}
			for prec == precCmp {
				cmp.Ops = append(cmp.Ops, op)
				cmp.OpPos = append(cmp.OpPos, c.tok().start)
				c.i += n
				cmp.Operands = append(cmp.Operands, c.binary(precCmp+1))
				op, prec, n = c.peekBinOp()
			}
			lhs = cmp
			continue
		}
		pos := c.tok().start
		c.i += n
		rhs := c.binary(prec + 1)
		lhs = &BinaryExpr{OpPos: pos, Op: op, X: lhs, Y: rhs}
	}
}

// bitOr parses what may follow '*' in a display: an expression without
// comparisons or boolean operators.
func (c *conv) bitOr() Expr { return c.binary(precBitOr) }

func prefixOp(s string) Op {
	switch s {
	case "-":
		return Minus
	case "+":
		return Plus
	}
	return Tilde
}

func (c *conv) isPrefixOp() bool { return c.isOp("-") || c.isOp("+") || c.isOp("~") }

// factor parses a unary expression: prefix operators and a power.
func (c *conv) factor() Expr {
	if !c.isPrefixOp() {
		return c.power()
	}
	var pre []token
	for c.isPrefixOp() {
		pre = append(pre, c.advance())
	}
	x := c.power()
	for i := len(pre) - 1; i >= 0; i-- {
		x = &UnaryExpr{OpPos: pre[i].start, Op: prefixOp(pre[i].val), X: x}
	}
	return x
}

// power parses primary ('**' factor)?, right-associative: the right
// operand of '**' is a unary expression, so that 2**-1 works while -2**2
// is -(2**2). The chain is parsed flat and folded from the right.
func (c *conv) power() Expr {
	x := c.primary()
	if !c.isOp("**") {
		return x
	}
	type powTail struct {
		pos Pos
		pre []token
	}
	prims := []Expr{x}
	var tails []powTail
	for c.isOp("**") {
		t := powTail{pos: c.advance().start}
		for c.isPrefixOp() {
			t.pre = append(t.pre, c.advance())
		}
		tails = append(tails, t)
		prims = append(prims, c.primary())
	}
	r := prims[len(prims)-1]
	for i := len(tails) - 1; i >= 0; i-- {
		for j := len(tails[i].pre) - 1; j >= 0; j-- {
			p := tails[i].pre[j]
			r = &UnaryExpr{OpPos: p.start, Op: prefixOp(p.val), X: r}
		}
		r = &BinaryExpr{OpPos: tails[i].pos, Op: StarStar, X: prims[i], Y: r}
	}
	return r
}

// primary parses an atom followed by calls, subscripts and attributes.
func (c *conv) primary() Expr {
	x := c.atom()
	for {
		switch {
		case c.isOp("("):
			x = c.call(x)
		case c.isOp("["):
			x = c.index(x)
		case c.isOp("."):
			dot := c.advance()
			if c.tok().kind != tName {
				c.syntaxError()
			}
			name := c.advance()
			x = &AttrExpr{X: x, Dot: dot.start, NamePos: name.start, Name: name.val, EndPos: name.end}
		default:
			return x
		}
	}
}

type rawArg struct {
	start Pos
	star  int
	value Expr
	eq    Pos  // position of '=' for keyword arguments
	kw    Expr // value of a keyword argument
}

func (c *conv) call(fn Expr) Expr {
	lp := c.advance()
	var raw []rawArg
	for !c.isOp(")") {
		a := rawArg{start: c.tok().start}
		if c.isOp("*") {
			c.advance()
			a.star = 1
		} else if c.isOp("**") {
			c.advance()
			a.star = 2
		}
		a.value = c.test()
		if a.star == 0 && c.isKw("for") {
			// f(x for x in y): a generator expression, the only argument.
			g := &CompExpr{Kind: CompGen, Lpos: lp.start, Elt: a.value, Clauses: c.compClauses()}
			if len(raw) > 0 || !c.isOp(")") {
				c.fail(exprStart(a.value), errGenNotParen)
			}
			g.Rpos = c.tok().end
			a.value = g
		}
		if c.isOp("=") {
			a.eq = c.advance().start
			a.kw = c.test()
		}
		raw = append(raw, a)
		if !c.isOp(",") {
			break
		}
		c.advance()
	}
	rp := c.expectOp(")")
	return &CallExpr{Fn: fn, Lparen: lp.start, Args: c.args(raw, rp.start), Rparen: rp.end}
}

// args checks call arguments the way CPython does. rparen is the position
// of the closing parenthesis, where it reports misplaced positional
// arguments.
func (c *conv) args(raw []rawArg, rparen Pos) []Arg {
	var out []Arg
	seenKw, seenKwUnpack := false, false
	for _, a := range raw {
		if a.kw != nil {
			if a.star != 0 {
				c.fail(a.eq, errInvalidSyntax)
			}
			id, ok := a.value.(*Ident)
			if !ok {
				if k, ok := unparen(a.value).(*Const); ok && k.Kind != Ellipsis {
					c.fail(a.start, errCannotAssign, k.Kind)
				}
				c.fail(a.start, errKwAssignment)
			}
			out = append(out, Arg{NamePos: id.NamePos, Name: id.Name, Value: a.kw})
			seenKw = true
			continue
		}
		switch a.star {
		case 2:
			seenKwUnpack = true
		case 1:
			if seenKwUnpack {
				c.fail(a.start, errUnpackAfterKwUnpack)
			}
		default:
			if seenKwUnpack {
				c.fail(rparen, errPosAfterKwUnpack)
			}
			if seenKw {
				c.fail(rparen, errPosAfterKw)
			}
		}
		out = append(out, Arg{Star: a.star, Value: a.value})
	}
	return out
}

func (c *conv) index(x Expr) Expr {
	lb := c.advance()
	first := c.sliceItem()
	idx := first
	_, starred := first.(*StarredExpr)
	if c.isOp(",") || starred {
		t := &TupleExpr{Elems: []Expr{first}}
		for c.isOp(",") {
			c.advance()
			if c.isOp("]") {
				break
			}
			t.Elems = append(t.Elems, c.sliceItem())
		}
		t.Rparen = c.prevEnd()
		idx = t
	}
	rb := c.expectOp("]")
	return &IndexExpr{X: x, Lbrack: lb.start, Index: idx, Rbrack: rb.end}
}

// sliceItem parses an element of a subscript: an expression, a slice
// lo:hi:step with every part optional, or '*' bitwise_or.
func (c *conv) sliceItem() Expr {
	start := c.tok().start
	if c.isOp("*") {
		c.advance()
		return &StarredExpr{StarPos: start, X: c.bitOr()}
	}
	var lo Expr
	if !c.isOp(":") {
		lo = c.test()
		if !c.isOp(":") {
			return lo
		}
	}
	c.advance()
	s := &SliceExpr{StartPos: start, Lo: lo}
	if canStartExpr(c.tok()) {
		s.Hi = c.test()
	}
	if c.isOp(":") {
		c.advance()
		if canStartExpr(c.tok()) {
			s.Step = c.test()
		}
	}
	s.EndPos = c.prevEnd()
	return s
}

func (c *conv) atom() Expr {
	t := c.tok()
	switch t.kind {
	case tName:
		c.advance()
		return &Ident{NamePos: t.start, EndPos: t.end, Name: t.val}
	case tInt:
		c.advance()
		return intLit(t.val, t.start, t.end)
	case tFloat:
		c.advance()
		v, _ := strconv.ParseFloat(strings.ReplaceAll(t.val, "_", ""), 64)
		return &FloatLit{ValuePos: t.start, EndPos: t.end, Raw: t.val, Value: v}
	case tImag:
		c.advance()
		return imagLit(t)
	case tString, tFString:
		from := c.i
		for k := c.tok().kind; k == tString || k == tFString; k = c.tok().kind {
			if c.i == c.openTok {
				// An unterminated triple-quoted string: the input is
				// incomplete.
				c.syntaxError()
			}
			c.advance()
		}
		return c.strings(from, c.i)
	case tKeyword:
		switch t.val {
		case "None", "True", "False":
			c.advance()
			k := map[string]ConstKind{"None": None, "True": True, "False": False}[t.val]
			return &Const{ValuePos: t.start, EndPos: t.end, Kind: k}
		}
	case tOp:
		switch t.val {
		case "...":
			c.advance()
			return &Const{ValuePos: t.start, EndPos: t.end, Kind: Ellipsis}
		case "(":
			return c.paren()
		case "[":
			return c.list()
		case "{":
			return c.brace()
		}
	}
	c.syntaxError()
	return nil
}

func (c *conv) paren() Expr {
	lp := c.advance()
	if c.isKw("yield") {
		y := c.yieldExpr()
		rp := c.expectOp(")")
		return &ParenExpr{Lparen: lp.start, X: y, Rparen: rp.end}
	}
	if c.isOp(")") {
		rp := c.advance()
		return &TupleExpr{Lparen: lp.start, Rparen: rp.end}
	}
	if (c.isOp("*") || c.isOp("**")) && !c.noHints {
		// (*x) is an error even when x is not a bitwise_or: (*not x).
		_, end, ok := c.p.parsesAs((*conv).test, c.toks, c.i+1, len(c.toks)-1, true)
		if ok && c.toks[end].kind == tOp && c.toks[end].val == ")" {
			if c.isOp("**") {
				c.fail(c.tok().start, errDoubleStarHere)
			}
			c.fail(c.tok().start, errStarHere)
		}
	}
	first := c.starItem()
	if c.isKw("for") {
		return c.comp(CompGen, lp, nil, first, ")")
	}
	if c.isOp(")") {
		rp := c.advance()
		if s, ok := first.(*StarredExpr); ok {
			c.fail(s.StarPos, errStarHere)
		}
		return &ParenExpr{Lparen: lp.start, X: first, Rparen: rp.end}
	}
	if !c.isOp(",") {
		c.syntaxError()
	}
	t := &TupleExpr{Lparen: lp.start, Elems: []Expr{first}}
	for c.isOp(",") {
		c.advance()
		if c.isOp(")") {
			break
		}
		t.Elems = append(t.Elems, c.starItem())
	}
	t.Rparen = c.expectOp(")").end
	return t
}

func (c *conv) list() Expr {
	lb := c.advance()
	l := &ListExpr{Lbrack: lb.start}
	for !c.isOp("]") {
		l.Elems = append(l.Elems, c.starItem())
		if len(l.Elems) == 1 && c.isKw("for") {
			return c.comp(CompList, lb, nil, l.Elems[0], "]")
		}
		if !c.isOp(",") {
			break
		}
		c.advance()
	}
	l.Rbrack = c.expectOp("]").end
	return l
}

func intLit(raw string, start, end Pos) *IntLit {
	lit := &IntLit{ValuePos: start, EndPos: end, Raw: raw}
	s := strings.ReplaceAll(raw, "_", "")
	if len(s) > 1 && s[0] == '0' && (s[1]|0x20 == 'x' || s[1]|0x20 == 'o' || s[1]|0x20 == 'b') {
		s = "0" + string(s[1]|0x20) + s[2:]
	} else {
		s = strings.TrimLeft(s, "0")
		if s == "" {
			s = "0"
		}
	}
	if v, err := strconv.ParseInt(s, 0, 64); err == nil {
		lit.Value = v
		return lit
	}
	var b big.Int
	if _, ok := b.SetString(s, 0); ok {
		lit.Big = b.String()
	}
	return lit
}
