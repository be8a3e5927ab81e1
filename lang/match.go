package lang

// The match statement (PEP 634): its syntax tree and its parser. `match`
// and `case` are soft keywords: a line starting with `match` is a match
// statement when what follows reads as `match subject:` and a block of
// `case` clauses.

// MatchStmt is match Subject: Cases.
type MatchStmt struct {
	MatchPos Pos
	Subject  Expr
	Cases    []MatchCase
	EndPos   Pos
}

// MatchCase is case Pattern [if Guard]: Body.
type MatchCase struct {
	CasePos Pos
	Pattern Pattern
	Guard   Expr
	Body    []Stmt
}

// Pattern is a pattern of a case clause.
type Pattern interface{ patternNode() }

// PatValue is a literal or value pattern (compared with ==, or with
// `is` for None, True and False).
type PatValue struct{ Value Expr }

// PatCapture binds the subject to Name; Name "_" is the wildcard.
type PatCapture struct {
	NamePos Pos
	Name    string
}

// PatStar is *name inside a sequence pattern (Name "_": *_).
type PatStar struct{ Name string }

// PatSequence is [p, ...] or (p, ...) or p, ...
type PatSequence struct{ Elems []Pattern }

// PatMapping is {key: p, ..., **rest}.
type PatMapping struct {
	Keys   []Expr
	Values []Pattern
	Rest   string
}

// PatClass is Cls(p, ..., name=p, ...).
type PatClass struct {
	Cls     Expr
	Args    []Pattern
	KwNames []string
	KwPats  []Pattern
}

// PatOr is p | q | ...
type PatOr struct{ Alts []Pattern }

// PatAs is p as name.
type PatAs struct {
	Pat  Pattern
	Name string
}

func (*PatValue) patternNode()    {}
func (*PatCapture) patternNode()  {}
func (*PatStar) patternNode()     {}
func (*PatSequence) patternNode() {}
func (*PatMapping) patternNode()  {}
func (*PatClass) patternNode()    {}
func (*PatOr) patternNode()       {}
func (*PatAs) patternNode()       {}

func (s *MatchStmt) Span() (Pos, Pos) { return s.MatchPos, s.EndPos }
func (*MatchStmt) stmtNode()          {}

// Messages of match statements (CPython 3.11).
const (
	errMatchIrrefutable = "name capture '%s' makes remaining patterns unreachable"
	errWildcardUnreach  = "wildcard makes remaining patterns unreachable"
	errMultipleStarPats = "multiple starred names in sequence pattern"
)

// tryMatch parses a match statement at `match`, or reports false (and
// consumes nothing) when the line is not one.
func (b *blockParser) tryMatch() (Stmt, bool) {
	start := b.c.i
	kw := b.tok()
	next := b.c.toks[min(start+1, len(b.c.toks)-1)]
	if next.kind == tNewline || next.kind == tEOF || next.kind == tOp && (next.val == "=" || next.val == "." || next.val == ":" || next.val == "," || next.val == ";" || augOps[next.val] || next.val == ")") {
		return nil, false
	}
	var subject Expr
	ok := func() (ok bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, isBail := r.(*bailout); !isBail {
					panic(r)
				}
				ok = false
			}
		}()
		b.c.advance()
		subject = b.c.matchSubject()
		// `match x:` at the end of the input wants its block (the prompt
		// reads on; a script reports the missing block).
		return b.c.isOp(":") && (b.c.toks[b.c.i+1].kind == tNewline || b.c.toks[b.c.i+1].kind == tEOF)
	}()
	if !ok {
		b.c.i, b.c.err = start, nil
		return nil, false
	}
	b.advance() // ':'
	if b.tok().kind == tEOF {
		b.blockExpected("'match' statement", kw.start.Line)
	}
	b.advance() // NEWLINE
	if b.tok().kind != tIndent {
		b.blockExpected("'match' statement", kw.start.Line)
	}
	b.advance()
	s := &MatchStmt{MatchPos: kw.start, Subject: subject}
	for {
		for b.tok().kind == tNewline {
			b.advance()
		}
		t := b.tok()
		if t.kind == tDedent {
			b.advance()
			break
		}
		if t.kind == tEOF {
			break
		}
		if t.kind != tName || t.val != "case" {
			b.c.syntaxError()
		}
		b.advance()
		mc := MatchCase{CasePos: t.start, Pattern: b.c.patterns()}
		if b.c.isKw("if") {
			b.advance()
			mc.Guard = b.c.test()
		}
		b.colon()
		mc.Body = b.suite("'case' statement", t.start.Line)
		s.Cases = append(s.Cases, mc)
	}
	if len(s.Cases) == 0 {
		b.c.syntaxError()
	}
	for i, mc := range s.Cases[:len(s.Cases)-1] {
		if mc.Guard != nil {
			continue
		}
		switch p := mc.Pattern.(type) {
		case *PatCapture:
			if p.Name == "_" {
				b.c.fail(s.Cases[i].CasePos, errWildcardUnreach)
			}
			b.c.fail(p.NamePos, errMatchIrrefutable, p.Name)
		}
	}
	s.EndPos = b.lastEnd()
	return s, true
}

// patterns is a case's pattern: an open sequence (p, q) or one pattern.
func (c *conv) patterns() Pattern {
	p := c.asPattern()
	if !c.isOp(",") {
		if st, ok := p.(*PatStar); ok {
			return &PatSequence{Elems: []Pattern{st}}
		}
		return p
	}
	seq := &PatSequence{Elems: []Pattern{p}}
	for c.isOp(",") {
		c.advance()
		if c.isOp(":") || c.isKw("if") {
			break
		}
		seq.Elems = append(seq.Elems, c.asPattern())
	}
	c.checkStars(seq.Elems)
	return seq
}

func (c *conv) checkStars(ps []Pattern) {
	n := 0
	for _, p := range ps {
		if _, ok := p.(*PatStar); ok {
			n++
		}
	}
	if n > 1 {
		c.fail(c.tok().start, errMultipleStarPats)
	}
}

// asPattern is or_pattern ['as' NAME], or a star pattern.
func (c *conv) asPattern() Pattern {
	if c.isOp("*") {
		c.advance()
		t := c.tok()
		if t.kind != tName {
			c.syntaxError()
		}
		c.advance()
		return &PatStar{Name: t.val}
	}
	p := c.orPattern()
	if c.isKw("as") {
		c.advance()
		t := c.tok()
		if t.kind != tName {
			c.syntaxError()
		}
		c.advance()
		return &PatAs{Pat: p, Name: t.val}
	}
	return p
}

func (c *conv) orPattern() Pattern {
	p := c.closedPattern()
	if !c.isOp("|") {
		return p
	}
	or := &PatOr{Alts: []Pattern{p}}
	for c.isOp("|") {
		c.advance()
		or.Alts = append(or.Alts, c.closedPattern())
	}
	return or
}

func (c *conv) closedPattern() Pattern {
	t := c.tok()
	switch {
	case t.kind == tName:
		c.advance()
		var x Expr = &Ident{NamePos: t.start, EndPos: t.end, Name: t.val}
		dotted := false
		for c.isOp(".") {
			c.advance()
			n := c.tok()
			if n.kind != tName {
				c.syntaxError()
			}
			c.advance()
			x = &AttrExpr{X: x, NamePos: n.start, Name: n.val, EndPos: n.end}
			dotted = true
		}
		if c.isOp("(") {
			return c.classPattern(x)
		}
		if dotted {
			return &PatValue{Value: x}
		}
		return &PatCapture{NamePos: t.start, Name: t.val}
	case t.kind == tOp && (t.val == "(" || t.val == "["):
		c.advance()
		end := ")"
		if t.val == "[" {
			end = "]"
		}
		var elems []Pattern
		trailingComma := false
		for !c.isOp(end) {
			elems = append(elems, c.asPattern())
			trailingComma = false
			if !c.isOp(",") {
				break
			}
			c.advance()
			trailingComma = true
		}
		c.expectOp(end)
		c.checkStars(elems)
		if end == ")" && len(elems) == 1 && !trailingComma {
			if _, isStar := elems[0].(*PatStar); !isStar {
				return elems[0] // a group
			}
		}
		return &PatSequence{Elems: elems}
	case t.kind == tOp && t.val == "{":
		return c.mappingPattern()
	}
	return &PatValue{Value: c.literalPattern()}
}

// literalPattern is a number (signed, or a complex sum), strings, None,
// True or False.
func (c *conv) literalPattern() Expr {
	t := c.tok()
	if t.kind == tOp && t.val == "-" {
		c.advance()
		x := c.atom()
		var e Expr = &UnaryExpr{OpPos: t.start, Op: Minus, X: x}
		return c.complexTail(e)
	}
	switch t.kind {
	case tInt, tFloat, tImag:
		return c.complexTail(c.atom())
	case tString:
		return c.atom()
	case tKeyword:
		if t.val == "None" || t.val == "True" || t.val == "False" {
			return c.atom()
		}
	}
	c.syntaxError()
	return nil
}

func (c *conv) complexTail(x Expr) Expr {
	if c.isOp("+") || c.isOp("-") {
		op := c.advance()
		o := Plus
		if op.val == "-" {
			o = Minus
		}
		y := c.atom()
		return &BinaryExpr{X: x, OpPos: op.start, Op: o, Y: y}
	}
	return x
}

func (c *conv) mappingPattern() Pattern {
	c.advance()
	m := &PatMapping{}
	for !c.isOp("}") {
		if c.isOp("**") {
			c.advance()
			t := c.tok()
			if t.kind != tName {
				c.syntaxError()
			}
			c.advance()
			m.Rest = t.val
			if c.isOp(",") {
				c.advance()
			}
			break
		}
		var key Expr
		if t := c.tok(); t.kind == tName {
			key = c.valueName()
		} else {
			key = c.literalPattern()
		}
		c.expectOp(":")
		m.Keys = append(m.Keys, key)
		m.Values = append(m.Values, c.asPattern())
		if !c.isOp(",") {
			break
		}
		c.advance()
	}
	c.expectOp("}")
	return m
}

// valueName is a dotted name used as a value (a mapping key).
func (c *conv) valueName() Expr {
	t := c.advance()
	var x Expr = &Ident{NamePos: t.start, EndPos: t.end, Name: t.val}
	for c.isOp(".") {
		c.advance()
		n := c.advance()
		x = &AttrExpr{X: x, NamePos: n.start, Name: n.val, EndPos: n.end}
	}
	return x
}

func (c *conv) classPattern(cls Expr) Pattern {
	c.advance() // (
	p := &PatClass{Cls: cls}
	for !c.isOp(")") {
		t := c.tok()
		next := c.toks[min(c.i+1, len(c.toks)-1)]
		if t.kind == tName && next.kind == tOp && next.val == "=" {
			c.advance()
			c.advance()
			p.KwNames = append(p.KwNames, t.val)
			p.KwPats = append(p.KwPats, c.asPattern())
		} else {
			if len(p.KwNames) > 0 {
				c.syntaxError()
			}
			p.Args = append(p.Args, c.asPattern())
		}
		if !c.isOp(",") {
			break
		}
		c.advance()
	}
	c.expectOp(")")
	return p
}

// YieldExpr is `yield [Value]` or `yield from Value`.
type YieldExpr struct {
	YieldPos Pos
	Value    Expr // nil for a bare yield
	From     bool
	EndPos   Pos
}

func (x *YieldExpr) Span() (Pos, Pos) { return x.YieldPos, x.EndPos }
func (*YieldExpr) exprNode()          {}

// yieldExpr parses yield [expressions] or yield from expression.
func (c *conv) yieldExpr() Expr {
	kw := c.advance()
	y := &YieldExpr{YieldPos: kw.start}
	if c.isKw("from") {
		c.advance()
		y.From = true
		y.Value = c.test()
	} else if c.canStartItem() {
		first := c.starItem()
		if c.isOp(",") {
			t := &TupleExpr{Elems: []Expr{first}}
			for c.isOp(",") {
				c.advance()
				if !c.canStartItem() {
					break
				}
				t.Elems = append(t.Elems, c.starItem())
			}
			t.Rparen = c.prevEnd()
			first = t
		}
		y.Value = first
	}
	y.EndPos = c.prevEnd()
	return y
}
