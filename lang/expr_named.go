package lang

import "fmt"

// Assignment expressions (PEP 572): CPython's grammar allows name := value
// where it reads a named_expression: if/elif/while conditions, the elements
// of displays and comprehensions, call arguments, subscripts, parentheses,
// match subjects and decorators. Elsewhere ':=' is a syntax error (an
// unparenthesized x := 1 as a statement is "invalid syntax").

// namedExpr parses a named_expression: NAME ':=' test, or a test.
func (c *conv) namedExpr() Expr {
	if t := c.tok(); t.kind == tName {
		if n := c.toks[c.i+1]; n.kind == tOp && n.val == ":=" {
			c.advance()
			c.advance()
			return &NamedExpr{Target: &Ident{NamePos: t.start, EndPos: t.end, Name: t.val}, Value: c.test()}
		}
	}
	x := c.test()
	c.badWalrus(x)
	return x
}

// badWalrus reports ':=' after an expression that is not a name, as
// CPython's invalid_named_expression rule does.
func (c *conv) badWalrus(x Expr) {
	if !c.isOp(":=") {
		return
	}
	if _, ok := x.(*Ident); ok || c.noHints {
		c.syntaxError()
	}
	c.fail(exprStart(x), errWalrusTarget, exprName(x))
}

// namedStarItem parses '*' bitwise_or or a named_expression (CPython's
// star_named_expression), an element of a display.
func (c *conv) namedStarItem() Expr {
	if c.isOp("*") {
		return c.starItem()
	}
	return c.namedExpr()
}

// argExpr parses a positional or keyword argument's first expression: a
// named_expression, where CPython gives no hint for a bad target.
func (c *conv) argExpr() Expr {
	if t := c.tok(); t.kind == tName {
		if n := c.toks[c.i+1]; n.kind == tOp && n.val == ":=" {
			return c.namedExpr()
		}
	}
	return c.test()
}

// isPlainItem reports whether a display's first item may be a dict key:
// neither starred nor an assignment expression.
func isPlainItem(x Expr) bool {
	switch x.(type) {
	case *StarredExpr, *NamedExpr:
		return false
	}
	return true
}

// checkNamed checks an assignment expression's value.
func checkNamed(x *NamedExpr, depth int) {
	checkExpr(x.Value, depth+1)
}

// checkCompNamed makes CPython's symtable checks of the assignment
// expressions in a comprehension: they may not rebind an iteration
// variable of it (or of a comprehension around it), nor appear in an
// iterable expression.
func checkCompNamed(x *CompExpr, iterVars map[string]bool) {
	vars := map[string]bool{}
	for k := range iterVars {
		vars[k] = true
	}
	for _, cl := range x.Clauses {
		targetNames(cl.Target, vars)
	}
	for _, cl := range x.Clauses {
		NamedExprs(cl.Iter, func(n *NamedExpr) {
			failAt(n.Target.NamePos, errWalrusIter)
		}, nil)
	}
	visit := func(n *NamedExpr) {
		if vars[n.Target.Name] {
			failAt(n.Target.NamePos, errWalrusRebind, n.Target.Name)
		}
	}
	nested := func(c *CompExpr) { checkCompNamed(c, vars) }
	for _, cl := range x.Clauses {
		for _, e := range cl.Ifs {
			NamedExprs(e, visit, nested)
		}
	}
	if x.Key != nil {
		NamedExprs(x.Key, visit, nested)
	}
	NamedExprs(x.Elt, visit, nested)
}

func targetNames(t Expr, into map[string]bool) {
	switch t := t.(type) {
	case *Ident:
		into[t.Name] = true
	case *TupleExpr:
		for _, e := range t.Elems {
			targetNames(e, into)
		}
	case *ListExpr:
		for _, e := range t.Elems {
			targetNames(e, into)
		}
	case *StarredExpr:
		targetNames(t.X, into)
	case *ParenExpr:
		targetNames(t.X, into)
	}
}

// NamedExprs calls f on the assignment expressions of e that bind in e's
// scope: those of nested comprehensions too (which bind in the scope
// around them), not those of lambdas. With comp non-nil, a nested
// comprehension is handed to comp instead of being walked.
func NamedExprs(e Expr, f func(*NamedExpr), comp func(*CompExpr)) {
	var walk func(e Expr)
	walks := func(es []Expr) {
		for _, e := range es {
			walk(e)
		}
	}
	walk = func(e Expr) {
		switch x := e.(type) {
		case *NamedExpr:
			f(x)
			walk(x.Value)
		case *FString:
			for _, p := range x.Parts {
				if p.Expr != nil {
					walk(p.Expr)
				}
			}
		case *ListExpr:
			walks(x.Elems)
		case *TupleExpr:
			walks(x.Elems)
		case *SetExpr:
			walks(x.Elems)
		case *DictExpr:
			for i, k := range x.Keys {
				if k != nil {
					walk(k)
				}
				walk(x.Values[i])
			}
		case *ParenExpr:
			walk(x.X)
		case *UnaryExpr:
			walk(x.X)
		case *BinaryExpr:
			walk(x.X)
			walk(x.Y)
		case *CompareExpr:
			walks(x.Operands)
		case *CondExpr:
			walk(x.Then)
			walk(x.Cond)
			walk(x.Else)
		case *CallExpr:
			walk(x.Fn)
			for _, a := range x.Args {
				walk(a.Value)
			}
		case *AttrExpr:
			walk(x.X)
		case *IndexExpr:
			walk(x.X)
			walk(x.Index)
		case *SliceExpr:
			for _, p := range []Expr{x.Lo, x.Hi, x.Step} {
				if p != nil {
					walk(p)
				}
			}
		case *StarredExpr:
			walk(x.X)
		case *YieldExpr:
			if x.Value != nil {
				walk(x.Value)
			}
		case *CompExpr:
			if comp != nil {
				comp(x)
				return
			}
			for _, cl := range x.Clauses {
				walk(cl.Iter)
				walks(cl.Ifs)
			}
			if x.Key != nil {
				walk(x.Key)
			}
			walk(x.Elt)
		}
	}
	walk(e)
}

// walrusHint returns CPython's error for ':=' at toks[k] after an
// expression that is not a name ("x.a := 1": "cannot use assignment
// expressions with attribute"), or nil. The expression is the longest one
// that ends at k, back to a separator of its level; a call's arguments
// get no hint, as in CPython.
func (p *parser) walrusHint(toks []token, k int) *Error {
	t := toks[k]
	if k == 0 || t.kind != tOp || t.val != ":=" {
		return nil
	}
	s := k
	for s > 0 {
		u := toks[s-1]
		if u.level < t.level {
			if u.kind == tOp && u.val == "(" && s > 1 && canEndExpr(toks[s-2]) {
				return nil
			}
			break
		}
		if u.level == t.level && (u.kind == tNewline || u.kind == tOp && (u.val == "," || u.val == ";" || isAssignOp(u.val))) {
			break
		}
		s--
	}
	for a := s; a < k; a++ {
		if toks[a].level != t.level {
			continue
		}
		x, _, ok := p.parsesAs((*conv).test, toks, a, k, false)
		if !ok {
			continue
		}
		if _, isName := x.(*Ident); isName {
			return nil
		}
		return &Error{Pos: exprStart(x), Msg: fmt.Sprintf(errWalrusTarget, exprName(x))}
	}
	return nil
}

// matchSubject parses a match statement's subject: an assignment
// expression, or star expressions.
func (c *conv) matchSubject() Expr {
	if t := c.tok(); t.kind == tName {
		if n := c.toks[c.i+1]; n.kind == tOp && n.val == ":=" {
			return c.namedExpr()
		}
	}
	return c.starExprs()
}
