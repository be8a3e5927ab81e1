package lang

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// conv holds the state of the parse of one token slice: it runs the
// hand-written expression parser (expr.go) and converts the participle
// parse tree of statements into the syntax tree, checking what the grammar
// leaves to later (assignment targets, ...). Errors abort through a bailout
// panic, recovered by try or by the caller.
type conv struct {
	p    *parser
	toks []token
	i    int // index of the next token, for the expression parser
	// openTok is the index of an unterminated triple-quoted string token
	// (the input is incomplete), or -1.
	openTok int
	// err is the first error of the expression parser, kept because
	// participle may report another one.
	err *bailout
	// noHints is set when parsing a part of a line to find a hint: its
	// syntax errors are plain, so that finding hints does not recurse.
	noHints bool
}

// bailout carries an error out of the parser. tok is the index of the
// token a syntax error is at, or -1 for errors that are not about an
// unexpected token (those never make the input incomplete).
type bailout struct {
	err *Error
	tok int
}

func (b *bailout) Error() string { return b.err.Error() }

func newConv(p *parser, toks []token, openTok int) *conv {
	return &conv{p: p, toks: toks, openTok: openTok}
}

func (c *conv) fail(p Pos, format string, args ...any) {
	panic(&bailout{&Error{Pos: p, Msg: fmt.Sprintf(format, args...)}, -1})
}

// try runs f, turning a bailout into an error (also kept in c.err).
func (c *conv) try(f func() Expr) (x Expr, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(*bailout)
			if !ok {
				panic(r)
			}
			if c.err == nil {
				c.err = b
			}
			x, err = nil, b
		}
	}()
	return f(), nil
}

// start returns the position of the token a participle position refers to.
func (c *conv) start(p lexer.Position) Pos { return c.toks[p.Offset].start }

// endBefore returns the end of the token before the one p refers to: the
// end of a node whose EndPos is p.
func (c *conv) endBefore(p lexer.Position) Pos { return c.toks[p.Offset-1].end }

// ---- Statements ----

func (c *conv) line(g *gLine) []Stmt {
	var out []Stmt
	for _, l := range g.Lines {
		stmts, _ := sepList(c, l.First, l.More, func(m *gMoreStmt) (*gStmt, lexer.Position) { return m.Stmt, m.Pos })
		for _, s := range stmts {
			out = c.stmt(out, s)
		}
	}
	return out
}

// sepList returns the items of a list written "first (sep item?)*", and
// whether it ends with a separator. A missing item before another separator
// is a syntax error.
func sepList[T, M any](c *conv, first *T, more []M, get func(M) (*T, lexer.Position)) ([]*T, bool) {
	items := []*T{first}
	for i, m := range more {
		it, _ := get(m)
		if it == nil {
			if i < len(more)-1 {
				_, next := get(more[i+1])
				c.fail(c.start(next), errInvalidSyntax)
			}
			return items, true
		}
		items = append(items, it)
	}
	return items, false
}

// elems returns the elements of a bare tuple, or x itself.
func elems(x Expr) []Expr {
	if t, ok := x.(*TupleExpr); ok && !t.Lparen.IsValid() {
		return t.Elems
	}
	return []Expr{x}
}

// trailingComma reports whether x is a bare tuple ending with a comma.
func trailingComma(x Expr) bool {
	t, ok := x.(*TupleExpr)
	if !ok || t.Lparen.IsValid() {
		return false
	}
	_, e := t.Elems[len(t.Elems)-1].Span()
	return e.Offset != t.Rparen.Offset
}

func (c *conv) stmt(out []Stmt, g *gStmt) []Stmt {
	switch {
	case g.Del != nil:
		d := &DelStmt{DelPos: c.start(g.Pos), Targets: elems(g.Del), EndPos: c.endBefore(g.EndPos)}
		for i, t := range d.Targets {
			if bad := invalidTarget(t, true); bad != nil {
				c.fail(exprStart(bad), errCannotDelete, exprName(bad))
			}
			d.Targets[i] = stripParens(t)
		}
		return append(out, d)
	case g.Import != nil:
		importPos := c.start(g.Pos)
		for _, n := range g.Import.Names {
			s := &ImportStmt{ImportPos: importPos, Module: strings.Join(n.Path, "."), EndPos: c.endBefore(n.EndPos)}
			if n.Alias != nil {
				s.Alias = *n.Alias
			}
			out = append(out, s)
		}
		return out
	case g.From != nil:
		return append(out, c.from(g))
	case g.Pass:
		return append(out, &PassStmt{PassPos: c.start(g.Pos), EndPos: c.endBefore(g.EndPos)})
	case g.Break:
		return append(out, &BreakStmt{KwPos: c.start(g.Pos), EndPos: c.endBefore(g.EndPos)})
	case g.Cont:
		return append(out, &ContinueStmt{KwPos: c.start(g.Pos), EndPos: c.endBefore(g.EndPos)})
	case g.Return != nil:
		return append(out, &ReturnStmt{KwPos: c.start(g.Pos), Value: g.Return.Value, EndPos: c.endBefore(g.EndPos)})
	case g.Raise != nil:
		return append(out, &RaiseStmt{KwPos: c.start(g.Pos), Exc: g.Raise.Exc, Cause: g.Raise.Cause, EndPos: c.endBefore(g.EndPos)})
	case g.Global != nil:
		return append(out, &GlobalStmt{KwPos: c.start(g.Pos), Names: g.Global.Names, EndPos: c.endBefore(g.EndPos)})
	case g.NonLoc != nil:
		return append(out, &GlobalStmt{KwPos: c.start(g.Pos), Names: g.NonLoc.Names, Nonlocal: true, EndPos: c.endBefore(g.EndPos)})
	case g.Assert != nil:
		a := &AssertStmt{KwPos: c.start(g.Pos), Test: g.Assert.Test, EndPos: c.endBefore(g.EndPos)}
		if t, ok := a.Test.(*TupleExpr); ok && !t.Lparen.IsValid() {
			// assert test, msg: the list parser read a tuple.
			if len(t.Elems) != 2 || trailingComma(t) {
				c.fail(c.start(g.Pos), errInvalidSyntax)
			}
			a.Test, a.Msg = t.Elems[0], t.Elems[1]
		}
		return append(out, a)
	}
	return append(out, c.exprStmt(g.Expr))
}

func (c *conv) from(g *gStmt) Stmt {
	f := g.From
	if len(f.Dots) == 0 && len(f.Path) == 0 {
		// from import x
		c.fail(c.toks[g.Pos.Offset+1].start, errInvalidSyntax)
	}
	s := &ImportStmt{ImportPos: c.start(g.Pos), Module: strings.Join(f.Dots, "") + strings.Join(f.Path, "."), EndPos: c.endBefore(g.EndPos)}
	if f.Star {
		s.Names = []string{"*"}
		return s
	}
	get := func(m *gMoreImport) (*gImportAs, lexer.Position) { return m.Item, m.Pos }
	var names []*gImportAs
	if f.Paren {
		names, _ = sepList(c, f.PFirst, f.PMore, get)
	} else {
		var trailing bool
		names, trailing = sepList(c, f.First, f.More, get)
		if trailing {
			c.fail(c.toks[g.EndPos.Offset].start, errTrailingComma)
		}
	}
	renamed := false
	for _, n := range names {
		s.Names = append(s.Names, n.Name)
		alias := ""
		if n.Alias != nil {
			alias = *n.Alias
			renamed = true
		}
		s.Aliases = append(s.Aliases, alias)
	}
	if !renamed {
		s.Aliases = nil
	}
	return s
}

func (c *conv) exprStmt(g *gExprStmt) Stmt {
	first := Expr(g.First)
	switch {
	case g.Aug != nil:
		op, _ := binOp(strings.TrimSuffix(g.Aug.Op, "="))
		t := unparen(first)
		switch t.(type) {
		case *Ident, *AttrExpr, *IndexExpr:
		default:
			c.fail(exprStart(t), errAugAssignTarget, exprName(t))
		}
		return &AugAssignStmt{Target: t, OpPos: c.start(g.Aug.Pos), Op: op, Value: g.Aug.Value}
	case g.Ann != nil:
		t := first
		simple := false
		switch u := t.(type) {
		case *Ident:
			simple = true
		case *ParenExpr:
			t = unparen(u)
		}
		switch t.(type) {
		case *Ident, *AttrExpr, *IndexExpr:
		case *TupleExpr:
			c.fail(exprStart(first), errAnnTuple)
		case *ListExpr:
			c.fail(exprStart(first), errAnnList)
		default:
			c.fail(exprStart(first), errAnnTarget)
		}
		st := &AnnAssignStmt{Target: t, Annotation: g.Ann.Ann, Simple: simple}
		if g.Ann.Value != nil {
			st.Value = g.Ann.Value
		}
		return st
	case len(g.Assign) > 0:
		targets := []Expr{first}
		for _, a := range g.Assign[:len(g.Assign)-1] {
			targets = append(targets, a.Value)
		}
		value := Expr(g.Assign[len(g.Assign)-1].Value)
		c.checkTargets(targets, value)
		for i, t := range targets {
			targets[i] = stripParens(t)
		}
		return &AssignStmt{Targets: targets, EqPos: c.start(g.Assign[0].Pos), Value: value}
	}
	return &ExprStmt{X: first}
}

// checkTargets reports invalid assignment targets the way CPython's
// parser does (its invalid_assignment and invalid_named_expression rules).
func (c *conv) checkTargets(targets []Expr, value Expr) {
	var next Expr = value
	if len(targets) > 1 {
		next = targets[1]
	}
	// The bitwise_or that follows the first '=', if any, and whether it is
	// followed by '='.
	nextFirst := elems(next)[0]
	if !isBitOr(nextFirst) {
		// '*x' or 'not x' is not a bitwise_or, and in 'a < b' only 'a' is.
		for {
			if b, ok := nextFirst.(*BinaryExpr); ok && (b.Op == And || b.Op == Or) {
				nextFirst = b.X
			} else if cmp, ok := nextFirst.(*CompareExpr); ok {
				nextFirst = cmp.Operands[0]
			} else if cond, ok := nextFirst.(*CondExpr); ok {
				nextFirst = cond.Then
			} else {
				break
			}
		}
		if !isBitOr(nextFirst) {
			nextFirst = nil
		}
	}
	nextEq := len(targets) > 1 && nextFirst == next
	c.checkTargetList(targets, nextFirst, nextEq)
}

// checkTargetList reports the first invalid assignment target. next is
// the bitwise_or expression that follows the first '=' (nil if none), and
// nextEq whether it is itself followed by '='.
func (c *conv) checkTargetList(targets []Expr, next Expr, nextEq bool) {
	invalid := false
	for _, t := range targets {
		if invalidTarget(t, false) != nil {
			invalid = true
		}
	}
	if !invalid {
		return
	}
	// CPython first reparses the first target as expressions: the last of
	// them, when directly followed by '=' and then by an expression that is
	// not itself followed by '=', gets a "Maybe you meant '=='" error.
	if !trailingComma(targets[0]) {
		es := elems(targets[0])
		last := es[len(es)-1]
		if next != nil && !nextEq && isBitOr(last) {
			if id, ok := last.(*Ident); ok {
				c.fail(id.NamePos, errMaybeEquals)
			}
			if !startsWithDisplayOrConst(last) {
				c.fail(exprStart(unparen(last)), errCannotAssignHere, exprName(last))
			}
		}
	}
	for _, t := range targets {
		if bad := invalidTarget(t, false); bad != nil {
			c.fail(exprStart(bad), errCannotAssign, exprName(bad))
		}
	}
}

// isBitOr reports whether x is a bitwise_or in Python's grammar: neither
// starred nor a conditional, boolean, not or comparison expression.
func isBitOr(x Expr) bool {
	switch x := x.(type) {
	case *StarredExpr, *CondExpr, *CompareExpr:
		return false
	case *UnaryExpr:
		return x.Op != Not
	case *BinaryExpr:
		return x.Op != And && x.Op != Or
	}
	return true
}

// startsWithDisplayOrConst reports whether e starts with a list display, a
// parenthesized tuple or True/False/None (Python's lookahead
// !(list|tuple|genexp|'True'|'None'|'False')).
func startsWithDisplayOrConst(e Expr) bool {
	for {
		switch x := e.(type) {
		case *ListExpr:
			return true
		case *TupleExpr:
			if x.Lparen.IsValid() {
				return true
			}
			if len(x.Elems) == 0 {
				return false
			}
			e = x.Elems[0]
		case *Const:
			return x.Kind != Ellipsis
		case *BinaryExpr:
			e = x.X
		case *CompareExpr:
			e = x.Operands[0]
		case *CondExpr:
			e = x.Then
		case *CallExpr:
			e = x.Fn
		case *AttrExpr:
			e = x.X
		case *IndexExpr:
			e = x.X
		default:
			return false
		}
	}
}

// invalidTarget returns the first sub-expression of an assignment (or del)
// target that cannot be assigned to, like CPython's
// _PyPegen_get_invalid_target.
func invalidTarget(e Expr, del bool) Expr {
	switch x := e.(type) {
	case *Ident, *AttrExpr, *IndexExpr:
		return nil
	case *ParenExpr:
		return invalidTarget(x.X, del)
	case *TupleExpr:
		for _, el := range x.Elems {
			if bad := invalidTarget(el, del); bad != nil {
				return bad
			}
		}
		return nil
	case *ListExpr:
		for _, el := range x.Elems {
			if bad := invalidTarget(el, del); bad != nil {
				return bad
			}
		}
		return nil
	case *StarredExpr:
		if del {
			return x
		}
		return invalidTarget(x.X, del)
	}
	return e
}

// stripParens removes the parentheses around an assignment target and its
// elements: (a), [(b), *(c)] = ... assigns to a, b and c.
func stripParens(e Expr) Expr {
	e = unparen(e)
	switch x := e.(type) {
	case *TupleExpr:
		for i, el := range x.Elems {
			x.Elems[i] = stripParens(el)
		}
	case *ListExpr:
		for i, el := range x.Elems {
			x.Elems[i] = stripParens(el)
		}
	case *StarredExpr:
		x.X = stripParens(x.X)
	}
	return e
}

func unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func exprStart(e Expr) Pos {
	s, _ := e.Span()
	return s
}

// exprName names an expression in error messages like CPython's
// _PyPegen_get_expr_name.
func exprName(e Expr) string {
	switch x := unparen(e).(type) {
	case *Ident:
		return "name"
	case *AttrExpr:
		return "attribute"
	case *IndexExpr:
		return "subscript"
	case *StarredExpr:
		return "starred"
	case *ListExpr:
		return "list"
	case *TupleExpr:
		return "tuple"
	case *CallExpr:
		return "function call"
	case *BinaryExpr, *UnaryExpr:
		return "expression"
	case *CompareExpr:
		return "comparison"
	case *CondExpr:
		return "conditional expression"
	case *FString:
		return "f-string expression"
	case *Const:
		if x.Kind == Ellipsis {
			return "ellipsis"
		}
		return x.Kind.String()
	case *SliceExpr:
		return "slice"
	case *NamedExpr:
		return "named expression"
	case *LambdaExpr:
		return "lambda"
	}
	return "literal"
}
