package lang

// The expressions that come with the statement language: lambda, dict
// and set displays, comprehensions and generator expressions.

// lambda parses lambda params: body.
func (c *conv) lambda() Expr {
	kw := c.advance()
	params := c.params(":")
	c.expectOp(":")
	return &LambdaExpr{LambdaPos: kw.start, Params: params, Body: c.test()}
}

// compClauses parses the for/if clauses of a comprehension, at 'for'.
func (c *conv) compClauses() []CompFor {
	var out []CompFor
	for c.isKw("for") {
		f := c.advance()
		target := c.storeTarget(c.targetList())
		if !c.isKw("in") {
			c.syntaxError()
		}
		c.advance()
		cf := CompFor{ForPos: f.start, Target: target, Iter: c.binary(precOr)}
		for c.isKw("if") {
			c.advance()
			cf.Ifs = append(cf.Ifs, c.binary(precOr))
		}
		out = append(out, cf)
	}
	return out
}

// comp builds the comprehension of elt, at its 'for', and consumes the
// closing bracket close.
func (c *conv) comp(kind CompKind, open token, key, elt Expr, close string) Expr {
	if s, ok := elt.(*StarredExpr); ok {
		c.fail(s.StarPos, errCompStar)
	}
	x := &CompExpr{Kind: kind, Lpos: open.start, Key: key, Elt: elt, Clauses: c.compClauses()}
	x.Rpos = c.expectOp(close).end
	return x
}

// brace parses a dict or set display or comprehension, at '{'.
func (c *conv) brace() Expr {
	lb := c.advance()
	if c.isOp("}") {
		return &DictExpr{Lbrace: lb.start, Rbrace: c.advance().end}
	}
	var first Expr
	if c.isOp("**") {
		c.advance()
		d := &DictExpr{Lbrace: lb.start, Keys: []Expr{nil}, Values: []Expr{c.bitOr()}}
		if c.isKw("for") {
			c.fail(lb.start, errDictDoubleStar)
		}
		return c.dictRest(d)
	}
	first = c.namedStarItem()
	if c.isOp(":") {
		if !isPlainItem(first) {
			c.syntaxError()
		}
		c.advance()
		if c.isOp("*") {
			c.fail(c.tok().start, errDictStar)
		}
		v := c.test()
		if c.isKw("for") {
			return c.comp(CompDict, lb, first, v, "}")
		}
		return c.dictRest(&DictExpr{Lbrace: lb.start, Keys: []Expr{first}, Values: []Expr{v}})
	}
	if c.isKw("for") {
		return c.comp(CompSet, lb, nil, first, "}")
	}
	s := &SetExpr{Lbrace: lb.start, Elems: []Expr{first}}
	for c.isOp(",") {
		c.advance()
		if c.isOp("}") {
			break
		}
		s.Elems = append(s.Elems, c.namedStarItem())
	}
	s.Rbrace = c.expectOp("}").end
	return s
}

// dictRest parses the items of a dict display after its first one.
func (c *conv) dictRest(d *DictExpr) Expr {
	for c.isOp(",") {
		c.advance()
		if c.isOp("}") {
			break
		}
		if c.isOp("**") {
			c.advance()
			d.Keys = append(d.Keys, nil)
			d.Values = append(d.Values, c.bitOr())
			continue
		}
		k := c.test()
		c.expectOp(":")
		if c.isOp("*") {
			c.fail(c.tok().start, errDictStar)
		}
		d.Keys = append(d.Keys, k)
		d.Values = append(d.Values, c.test())
	}
	d.Rbrace = c.expectOp("}").end
	return d
}
