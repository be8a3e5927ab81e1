package lang

// NamedExpr is an assignment expression (PEP 572): name := value. It
// binds Target and has the value's value.
type NamedExpr struct {
	Target *Ident
	Value  Expr
}

// Span is the expression's extent, from its name to the end of its value.
func (x *NamedExpr) Span() (Pos, Pos) {
	_, end := x.Value.Span()
	return x.Target.NamePos, end
}
func (*NamedExpr) exprNode() {}
