package lang

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// conv converts a participle parse tree into the syntax tree, checking what
// the grammar leaves to later (assignment targets, call arguments, ...).
// Errors abort the conversion through a bailout panic, recovered by the
// caller.
type conv struct {
	p    *parser
	toks []token
	// fstring tells the nesting level of format specs when converting the
	// expression of an f-string replacement field, -1 otherwise.
	fstring int
}

type bailout struct{ err *Error }

func (c *conv) fail(p Pos, format string, args ...any) {
	panic(bailout{&Error{Pos: p, Msg: fmt.Sprintf(format, args...)}})
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
		for _, s := range l.Stmts {
			out = c.stmt(out, s)
		}
	}
	return out
}

func (c *conv) stmt(out []Stmt, g *gStmt) []Stmt {
	switch {
	case g.Del != nil:
		d := &DelStmt{DelPos: c.start(g.Pos), EndPos: c.endBefore(g.EndPos)}
		if len(g.Del.Items) == 1 && !g.Del.Comma {
			d.Targets = []Expr{c.starItem(g.Del.Items[0])}
		} else {
			for _, it := range g.Del.Items {
				d.Targets = append(d.Targets, c.starItem(it))
			}
		}
		for _, t := range d.Targets {
			if bad := invalidTarget(t, true); bad != nil {
				c.fail(exprStart(bad), "cannot delete %s", exprName(bad))
			}
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
		f := g.From
		if len(f.Dots) == 0 && len(f.Path) == 0 {
			// from import x
			c.fail(c.toks[g.Pos.Offset+1].start, "invalid syntax")
		}
		if f.Trailing != nil {
			c.fail(c.toks[g.EndPos.Offset].start, "trailing comma not allowed without surrounding parentheses")
		}
		s := &ImportStmt{ImportPos: c.start(g.Pos), Module: strings.Join(f.Dots, "") + strings.Join(f.Path, "."), EndPos: c.endBefore(g.EndPos)}
		if f.Star {
			s.Names = []string{"*"}
			return append(out, s)
		}
		names := f.Names
		if names == nil {
			names = f.PNames
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
		return append(out, s)
	case g.Pass:
		return append(out, &PassStmt{PassPos: c.start(g.Pos), EndPos: c.endBefore(g.EndPos)})
	}
	return append(out, c.exprStmt(g.Expr))
}

func (c *conv) exprStmt(g *gExprStmt) Stmt {
	first := c.exprList(g.First)
	switch {
	case g.Aug != nil && len(g.Assign) > 0:
		c.fail(c.start(g.Assign[0].Pos), "invalid syntax")
	case g.Aug != nil:
		op, _ := binOp(strings.TrimSuffix(g.Aug.Op, "="))
		value := c.exprList(g.Aug.Value)
		t := unparen(first)
		switch t.(type) {
		case *Ident, *AttrExpr, *IndexExpr:
		default:
			c.fail(exprStart(t), "'%s' is an illegal expression for augmented assignment", exprName(t))
		}
		return &AugAssignStmt{Target: first, OpPos: c.start(g.Aug.Pos), Op: op, Value: value}
	case len(g.Assign) > 0:
		targets := []Expr{first}
		for _, a := range g.Assign[:len(g.Assign)-1] {
			targets = append(targets, c.exprList(a.Value))
		}
		last := g.Assign[len(g.Assign)-1]
		value := c.exprList(last.Value)
		c.checkTargets(g, targets)
		return &AssignStmt{Targets: targets, EqPos: c.start(g.Assign[0].Pos), Value: value}
	}
	return &ExprStmt{X: first}
}

// checkTargets reports invalid assignment targets the way CPython's
// parser does (invalid_assignment and invalid_named_expression rules).
func (c *conv) checkTargets(g *gExprStmt, targets []Expr) {
	// Python first reparses the first target as expressions; the last of
	// its elements, when directly followed by '=' and then by something
	// that is not itself followed by '=', gets a "Maybe you meant '=='"
	// error.
	invalid := false
	for _, t := range targets {
		if invalidTarget(t, false) != nil {
			invalid = true
		}
	}
	if !invalid {
		return
	}
	lists := []*gExprList{g.First}
	for _, a := range g.Assign {
		lists = append(lists, a.Value)
	}
	first := g.First
	if !first.Comma {
		last := first.Items[len(first.Items)-1]
		next := lists[1]
		nextIsTarget := len(lists) > 2
		trigger := true
		if next.Items[0].Star != nil {
			trigger = false // b=bitwise_or fails on '*'
		} else if len(next.Items[0].X.Head.Head.Nots) > 0 {
			trigger = false // nor on 'not'
		} else if nextIsTarget && len(next.Items) == 1 && !next.Comma && isBitOr(next.Items[0].X) {
			trigger = false // followed by '='
		}
		if trigger && last.Star == nil && isBitOr(last.X) {
			var e Expr
			if len(first.Items) == 1 {
				e = targets[0]
			} else {
				e = targets[0].(*TupleExpr).Elems[len(first.Items)-1]
			}
			if id, ok := e.(*Ident); ok {
				c.fail(id.NamePos, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?")
			}
			if !startsWithDisplayOrConst(e) {
				c.fail(exprStart(unparen(e)), "cannot assign to %s here. Maybe you meant '==' instead of '='?", exprName(e))
			}
		}
	}
	for _, t := range targets {
		if bad := invalidTarget(t, false); bad != nil {
			c.fail(exprStart(bad), "cannot assign to %s", exprName(bad))
		}
	}
}

// isBitOr reports whether a parsed expression is a plain bitwise_or in
// Python's grammar: no conditional, boolean, not or comparison operator at
// its top level.
func isBitOr(t *gTest) bool {
	if len(t.Conds) > 0 || len(t.Head.Head.Nots) > 0 {
		return false
	}
	for _, r := range t.Head.Rest {
		if r.BoolOp != "" {
			return false
		}
		if _, prec := binOp(r.Op); prec == precCmp {
			return false
		}
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
	}
	return "literal"
}

// ---- Expressions ----

// exprList converts a comma-separated list: a single element without a
// trailing comma is itself, anything else a tuple without parentheses.
func (c *conv) exprList(g *gExprList) Expr {
	if len(g.Items) == 1 && !g.Comma {
		return c.starItem(g.Items[0])
	}
	t := &TupleExpr{Rparen: c.endBefore(g.EndPos)}
	for _, it := range g.Items {
		t.Elems = append(t.Elems, c.starItem(it))
	}
	return t
}

func (c *conv) starItem(g *gStarItem) Expr {
	if g.Star != nil {
		return &StarredExpr{StarPos: c.start(g.Pos), X: c.bitOr(g.Star)}
	}
	return c.test(g.X)
}

func (c *conv) test(g *gTest) Expr {
	head := c.chain(g.Head)
	if len(g.Conds) == 0 {
		return head
	}
	parts := []Expr{head}
	conds := make([]Expr, len(g.Conds))
	for i, ct := range g.Conds {
		conds[i] = c.chain(ct.Cond)
		if ct.Else == nil {
			c.fail(exprStart(parts[i]), "expected 'else' after 'if' expression")
		}
		parts = append(parts, c.chain(ct.Else))
	}
	r := parts[len(parts)-1]
	for i := len(g.Conds) - 1; i >= 0; i-- {
		r = &CondExpr{Then: parts[i], IfPos: c.start(g.Conds[i].Pos), Cond: conds[i], Else: r}
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
	case "isnot":
		return IsNot, precCmp
	case "in":
		return In, precCmp
	case "notin":
		return NotIn, precCmp
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

// climber folds a flat list of operands and binary operators into a tree by
// precedence climbing.
type climber struct {
	c        *conv
	operands []climbOperand
	ops      []climbOp
	next     int // index of the next operand
	notsDone int // index of the operand whose 'not' prefixes are being handled
}

type climbOperand struct {
	nots  []*gNot
	x     Expr // the converted arithmetic operand
	arith *gArithOperand
}

type climbOp struct {
	op   Op
	prec int
	pos  Pos
}

func (c *conv) chain(g *gChain) Expr {
	if len(g.Rest) == 0 && len(g.Head.Nots) == 0 {
		return c.arith(g.Head.Arith)
	}
	cl := &climber{c: c, notsDone: -1}
	cl.operands = append(cl.operands, climbOperand{nots: g.Head.Nots, x: c.arith(g.Head.Arith)})
	for _, r := range g.Rest {
		if r.BoolOp != "" {
			op, prec := binOp(r.BoolOp)
			cl.ops = append(cl.ops, climbOp{op, prec, c.start(r.Pos)})
			cl.operands = append(cl.operands, climbOperand{nots: r.BoolX.Nots, x: c.arith(r.BoolX.Arith)})
		} else {
			op, prec := binOp(r.Op)
			cl.ops = append(cl.ops, climbOp{op, prec, c.start(r.Pos)})
			cl.operands = append(cl.operands, climbOperand{x: c.arith(r.X)})
		}
	}
	return cl.parse(0)
}

func (c *conv) bitOr(g *gBitOr) Expr {
	if len(g.Rest) == 0 {
		return c.arith(g.Head)
	}
	cl := &climber{c: c, notsDone: -1}
	cl.operands = append(cl.operands, climbOperand{x: c.arith(g.Head)})
	for _, r := range g.Rest {
		op, prec := binOp(r.Op)
		cl.ops = append(cl.ops, climbOp{op, prec, c.start(r.Pos)})
		cl.operands = append(cl.operands, climbOperand{x: c.arith(r.X)})
	}
	return cl.parse(0)
}

func (cl *climber) parse(minPrec int) Expr {
	lhs := cl.operand()
	for cl.next-1 < len(cl.ops) {
		op := cl.ops[cl.next-1]
		if op.prec < minPrec {
			break
		}
		if op.prec == precCmp {
			cmp := &CompareExpr{Operands: []Expr{lhs}}
			for cl.next-1 < len(cl.ops) && cl.ops[cl.next-1].prec == precCmp {
				op := cl.ops[cl.next-1]
				rhs := cl.parse(precCmp + 1)
				cmp.Ops = append(cmp.Ops, op.op)
				cmp.OpPos = append(cmp.OpPos, op.pos)
				cmp.Operands = append(cmp.Operands, rhs)
			}
			lhs = cmp
			continue
		}
		rhs := cl.parse(op.prec + 1)
		lhs = &BinaryExpr{OpPos: op.pos, Op: op.op, X: lhs, Y: rhs}
	}
	return lhs
}

// operand returns the next operand. An operand with 'not' prefixes (only
// possible where Python allows them) extends over the comparisons that
// follow it.
func (cl *climber) operand() Expr {
	o := cl.operands[cl.next]
	if len(o.nots) > 0 && cl.notsDone != cl.next {
		cl.notsDone = cl.next
		x := cl.parse(precCmp)
		for i := len(o.nots) - 1; i >= 0; i-- {
			x = &UnaryExpr{OpPos: cl.c.start(o.nots[i].Pos), Op: Not, X: x}
		}
		return x
	}
	cl.next++
	return o.x
}

func (c *conv) arith(g *gArithOperand) Expr {
	x := c.power(g.Power)
	for i := len(g.Prefix) - 1; i >= 0; i-- {
		x = &UnaryExpr{OpPos: c.start(g.Prefix[i].Pos), Op: prefixOp(g.Prefix[i].Op), X: x}
	}
	return x
}

func prefixOp(s string) Op {
	switch s {
	case "-":
		return Minus
	case "+":
		return Plus
	}
	return Tilde
}

func (c *conv) power(g *gPower) Expr {
	first := c.primary(g.Primary)
	if len(g.Pows) == 0 {
		return first
	}
	prims := []Expr{first}
	for _, p := range g.Pows {
		prims = append(prims, c.primary(p.Primary))
	}
	r := prims[len(prims)-1]
	for i := len(g.Pows) - 1; i >= 0; i-- {
		p := g.Pows[i]
		for j := len(p.Prefix) - 1; j >= 0; j-- {
			r = &UnaryExpr{OpPos: c.start(p.Prefix[j].Pos), Op: prefixOp(p.Prefix[j].Op), X: r}
		}
		r = &BinaryExpr{OpPos: c.start(p.Pos), Op: StarStar, X: prims[i], Y: r}
	}
	return r
}

func (c *conv) primary(g *gPrimary) Expr {
	x := c.atom(g.Atom)
	for _, t := range g.Trailers {
		switch {
		case t.Call != nil:
			rparen := c.toks[t.EndPos.Offset-1].start
			x = &CallExpr{Fn: x, Lparen: c.start(t.Pos), Args: c.args(t.Call.Args, rparen), Rparen: c.endBefore(t.EndPos)}
		case t.Index != nil:
			x = &IndexExpr{X: x, Lbrack: c.start(t.Pos), Index: c.subscript(t.Index), Rbrack: c.endBefore(t.EndPos)}
		default:
			x = &AttrExpr{X: x, Dot: c.start(t.Pos), NamePos: c.toks[t.Pos.Offset+1].start, Name: *t.Attr, EndPos: c.endBefore(t.EndPos)}
		}
	}
	return x
}

// plainName returns the name if t is just a name.
func plainName(t *gTest) (string, bool) {
	if len(t.Conds) > 0 || len(t.Head.Rest) > 0 || len(t.Head.Head.Nots) > 0 {
		return "", false
	}
	a := t.Head.Head.Arith
	if len(a.Prefix) > 0 || len(a.Power.Pows) > 0 || len(a.Power.Primary.Trailers) > 0 || a.Power.Primary.Atom.Name == nil {
		return "", false
	}
	return *a.Power.Primary.Atom.Name, true
}

// args converts call arguments. rparen is the position of the closing
// parenthesis, where CPython reports misplaced positional arguments.
func (c *conv) args(gs []*gArg, rparen Pos) []Arg {
	var out []Arg
	seenKw, seenKwUnpack := false, false
	for _, g := range gs {
		start := c.start(g.Pos)
		if g.Kw != nil {
			if g.Star != "" {
				c.fail(c.start(g.Kw.Pos), "invalid syntax")
			}
			name, ok := plainName(g.Value)
			if !ok {
				x := unparen(c.test(g.Value))
				if k, ok := x.(*Const); ok && k.Kind != Ellipsis {
					c.fail(start, "cannot assign to %s", k.Kind)
				}
				c.fail(start, "expression cannot contain assignment, perhaps you meant \"==\"?")
			}
			out = append(out, Arg{NamePos: start, Name: name, Value: c.test(g.Kw.Value)})
			seenKw = true
			continue
		}
		switch g.Star {
		case "**":
			seenKwUnpack = true
			out = append(out, Arg{Star: 2, Value: c.test(g.Value)})
		case "*":
			if seenKwUnpack {
				c.fail(start, "iterable argument unpacking follows keyword argument unpacking")
			}
			out = append(out, Arg{Star: 1, Value: c.test(g.Value)})
		default:
			if seenKwUnpack {
				c.fail(rparen, "positional argument follows keyword argument unpacking")
			}
			if seenKw {
				c.fail(rparen, "positional argument follows keyword argument")
			}
			out = append(out, Arg{Value: c.test(g.Value)})
		}
	}
	return out
}

func (c *conv) subscript(g *gSubscript) Expr {
	if len(g.Items) == 1 && !g.Comma && g.Items[0].Star == nil {
		return c.sliceItem(g.Items[0])
	}
	t := &TupleExpr{Rparen: c.endBefore(g.EndPos)}
	for _, it := range g.Items {
		t.Elems = append(t.Elems, c.sliceItem(it))
	}
	return t
}

func (c *conv) sliceItem(g *gSliceItem) Expr {
	if g.Star != nil {
		return &StarredExpr{StarPos: c.start(g.Pos), X: c.bitOr(g.Star)}
	}
	tail := g.Tail
	var lo Expr
	if g.Lo != nil {
		lo = c.test(g.Lo)
		if tail == nil {
			return lo
		}
	} else {
		tail = g.Only
	}
	s := &SliceExpr{StartPos: c.start(g.Pos), Lo: lo, EndPos: c.endBefore(g.EndPos)}
	if tail.Hi != nil {
		s.Hi = c.test(tail.Hi)
	}
	if tail.Step != nil && tail.Step.Step != nil {
		s.Step = c.test(tail.Step.Step)
	}
	return s
}

func (c *conv) atom(g *gAtom) Expr {
	start := c.start(g.Pos)
	end := c.endBefore(g.EndPos)
	switch {
	case g.Name != nil:
		return &Ident{NamePos: start, EndPos: end, Name: *g.Name}
	case g.Int != nil:
		return intLit(*g.Int, start, end)
	case g.Float != nil:
		v, _ := strconv.ParseFloat(strings.ReplaceAll(*g.Float, "_", ""), 64)
		return &FloatLit{ValuePos: start, EndPos: end, Raw: *g.Float, Value: v}
	case g.Imag != nil:
		c.fail(start, "imaginary literals are not supported")
	case g.Strs != nil:
		return c.strings(g.Pos.Offset, g.EndPos.Offset)
	case g.Const != nil:
		k := map[string]ConstKind{"None": None, "True": True, "False": False, "...": Ellipsis}[*g.Const]
		return &Const{ValuePos: start, EndPos: end, Kind: k}
	case g.Paren != nil:
		in := g.Paren.Inner
		switch {
		case in == nil:
			return &TupleExpr{Lparen: start, Rparen: end}
		case len(in.Items) == 1 && !in.Comma:
			x := c.starItem(in.Items[0])
			if s, ok := x.(*StarredExpr); ok {
				c.fail(s.StarPos, "cannot use starred expression here")
			}
			return &ParenExpr{Lparen: start, X: x, Rparen: end}
		}
		t := &TupleExpr{Lparen: start, Rparen: end}
		for _, it := range in.Items {
			t.Elems = append(t.Elems, c.starItem(it))
		}
		return t
	case g.List != nil:
		l := &ListExpr{Lbrack: start, Rbrack: end}
		if g.List.Inner != nil {
			for _, it := range g.List.Inner.Items {
				l.Elems = append(l.Elems, c.starItem(it))
			}
		}
		return l
	}
	c.fail(start, "invalid syntax")
	return nil
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
