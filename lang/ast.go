// Package lang turns tensh source text into a plain syntax tree.
//
// tensh speaks a small Python: simple statements (expressions,
// assignments, augmented assignments, del, import, return, raise, ...)
// separated by newlines or ';', compound statements (if, while, for, def,
// try, with) with indented blocks, over expressions with Python's
// precedence, lambdas and comprehensions. The lexer is written by hand for
// Python's tokens (INDENT and DEDENT included); compound statements and
// expressions are parsed by hand (block.go, expr.go), simple statements by
// a participle grammar (grammar.go) whose parse tree is converted into the
// types of this file, so that no participle type is visible outside this
// package. The common simple statements take a faster hand-read path to
// the same parse tree (fastpath.go).
//
// Every node records where it starts and ends in the source, so that
// diagnostics can quote the text of a sub-expression (see Source).
package lang

import "fmt"

// Pos is a position in source text. Line and Col are 1-based; Col counts
// runes. Offset is the 0-based byte offset. The zero Pos is "no position".
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Node is implemented by every syntax tree node. Span returns the position
// of the node's first byte and the position just past its last byte.
type Node interface {
	Span() (start, end Pos)
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// ---- Expressions ----

// Ident is a name: x, torch, _.
type Ident struct {
	NamePos Pos
	EndPos  Pos
	Name    string
	// Slot caches where an evaluator's scope analysis found the name
	// (for tensh's: 0 for a global or builtin name, k > 0 for the k-th
	// local variable of its function, -k for its k-th free variable).
	Slot int32
}

// IntLit is an integer literal, as written (Raw may be "0x1f", "1_000").
// Value is set when the literal fits an int64; Big is set otherwise, as a
// decimal string.
type IntLit struct {
	ValuePos Pos
	EndPos   Pos
	Raw      string
	Value    int64
	Big      string
}

// FloatLit is a float literal: 1., .5, 1e-3, 2.5e10.
type FloatLit struct {
	ValuePos Pos
	EndPos   Pos
	Raw      string
	Value    float64
}

// StringLit is a string literal (adjacent literals are concatenated), with
// escapes decoded in Value.
type StringLit struct {
	ValuePos Pos
	EndPos   Pos
	Raw      string
	Value    string
	// Bytes marks a bytes literal (b'...'); Value then holds one rune per
	// byte, each below 256 (the bytes decoded as Latin-1).
	Bytes bool
}

// FString is an f-string. Its parts alternate between literal text and
// replacement fields; adjacent string and f-string literals are merged into
// one FString.
type FString struct {
	StartPos Pos
	EndPos   Pos
	Parts    []FStringPart
}

// FStringPart is either literal text (Expr == nil) or a replacement field
// {Expr!Conv:Spec}. Conv is 0, 'r', 's' or 'a'. Spec, when not nil, is itself
// an f-string (format specs may hold nested fields: {x:{width}}). Debug is set
// for the self-documenting form {x=}, and then Lit holds the text "x=".
type FStringPart struct {
	Lit   string
	Expr  Expr
	Conv  byte
	Spec  *FString
	Debug bool
}

// ConstKind names the keyword constants.
type ConstKind int

const (
	None ConstKind = iota
	True
	False
	Ellipsis // ... (also a valid expression on its own)
)

func (k ConstKind) String() string {
	return [...]string{"None", "True", "False", "..."}[k]
}

// Const is None, True, False or the Ellipsis literal `...`.
type Const struct {
	ValuePos Pos
	EndPos   Pos
	Kind     ConstKind
}

// ListExpr is [a, b, c].
type ListExpr struct {
	Lbrack Pos
	Elems  []Expr
	Rbrack Pos // position just past ']'
}

// TupleExpr is a, b or (a, b) or (). Lparen is invalid for a tuple written
// without parentheses.
type TupleExpr struct {
	Lparen Pos
	Elems  []Expr
	Rparen Pos // position just past ')' or the last element
}

// ParenExpr is a parenthesized expression that is not a tuple: (x + y).
// It is kept so that Source quotes the parentheses.
type ParenExpr struct {
	Lparen Pos
	X      Expr
	Rparen Pos // position just past ')'
}

// UnaryExpr is -x, +x, ~x or not x.
type UnaryExpr struct {
	OpPos Pos
	Op    Op // Minus, Plus, Tilde, Not
	X     Expr
}

// BinaryExpr is x Op y for arithmetic, bitwise and boolean (And, Or)
// operators. It is left-associative except for Pow.
type BinaryExpr struct {
	OpPos Pos
	Op    Op
	X, Y  Expr
}

// CompareExpr is a chain of comparisons: a < b <= c. len(Ops) ==
// len(OpPos) == len(Operands)-1. Ops are Eq, Ne, Lt, Le, Gt, Ge, Is, IsNot,
// In, NotIn.
type CompareExpr struct {
	Operands []Expr
	Ops      []Op
	OpPos    []Pos
}

// CondExpr is Then if Cond else Else.
type CondExpr struct {
	Then  Expr
	IfPos Pos
	Cond  Expr
	Else  Expr
}

// Arg is one argument of a call. Name is set for keyword arguments. Star is
// 1 for *args and 2 for **kwargs.
type Arg struct {
	NamePos Pos
	Name    string
	Star    int
	Value   Expr
}

// CallExpr is Fn(Args...).
type CallExpr struct {
	Fn     Expr
	Lparen Pos
	Args   []Arg
	Rparen Pos // position just past ')'
}

// AttrExpr is X.Name.
type AttrExpr struct {
	X       Expr
	Dot     Pos
	NamePos Pos
	Name    string
	EndPos  Pos
	// Cache is an evaluator's inline cache of the lookup (lang never
	// reads it).
	Cache any
}

// IndexExpr is X[Index]. A subscript with commas (x[0, 1:]) has a TupleExpr
// index; slices appear as SliceExpr elements.
type IndexExpr struct {
	X      Expr
	Lbrack Pos
	Index  Expr
	Rbrack Pos // position just past ']'
}

// SliceExpr is lo:hi:step inside a subscript; absent parts are nil.
type SliceExpr struct {
	StartPos     Pos
	Lo, Hi, Step Expr
	EndPos       Pos
}

// StarredExpr is *X (only in call arguments and tuple/list displays).
type StarredExpr struct {
	StarPos Pos
	X       Expr
}

// ---- Statements ----

// ExprStmt is an expression used as a statement; its value is printed when
// it is not None.
type ExprStmt struct {
	X Expr
}

// AssignStmt is Targets[0] = Targets[1] = ... = Value. Targets are Ident,
// AttrExpr, IndexExpr, or TupleExpr/ListExpr of targets (unpacking).
type AssignStmt struct {
	Targets []Expr
	EqPos   Pos
	Value   Expr
}

// AugAssignStmt is Target Op= Value, with Op one of the binary arithmetic
// and bitwise operators.
type AugAssignStmt struct {
	Target Expr
	OpPos  Pos
	Op     Op
	Value  Expr
}

// DelStmt is del a, b.
type DelStmt struct {
	DelPos  Pos
	Targets []Expr
	EndPos  Pos
}

// ImportStmt is `import a.b as c` (Names nil) or `from a import x, y` /
// `from a import *` (Names == ["*"]). `import a, b` gives one ImportStmt per
// module. Module starts with dots for a relative import (from . import x).
type ImportStmt struct {
	ImportPos Pos
	Module    string
	Alias     string
	Names     []string
	EndPos    Pos
	// Aliases, for `from a import x as y`, is parallel to Names and holds
	// "" for the names that are not renamed; it is nil when none is.
	Aliases []string
}

// PassStmt is pass.
type PassStmt struct {
	PassPos Pos
	EndPos  Pos
}

func (x *Ident) Span() (Pos, Pos)       { return x.NamePos, x.EndPos }
func (x *IntLit) Span() (Pos, Pos)      { return x.ValuePos, x.EndPos }
func (x *FloatLit) Span() (Pos, Pos)    { return x.ValuePos, x.EndPos }
func (x *StringLit) Span() (Pos, Pos)   { return x.ValuePos, x.EndPos }
func (x *FString) Span() (Pos, Pos)     { return x.StartPos, x.EndPos }
func (x *Const) Span() (Pos, Pos)       { return x.ValuePos, x.EndPos }
func (x *ListExpr) Span() (Pos, Pos)    { return x.Lbrack, x.Rbrack }
func (x *ParenExpr) Span() (Pos, Pos)   { return x.Lparen, x.Rparen }
func (x *UnaryExpr) Span() (Pos, Pos)   { _, e := x.X.Span(); return x.OpPos, e }
func (x *BinaryExpr) Span() (Pos, Pos)  { s, _ := x.X.Span(); _, e := x.Y.Span(); return s, e }
func (x *CondExpr) Span() (Pos, Pos)    { s, _ := x.Then.Span(); _, e := x.Else.Span(); return s, e }
func (x *CallExpr) Span() (Pos, Pos)    { s, _ := x.Fn.Span(); return s, x.Rparen }
func (x *AttrExpr) Span() (Pos, Pos)    { s, _ := x.X.Span(); return s, x.EndPos }
func (x *IndexExpr) Span() (Pos, Pos)   { s, _ := x.X.Span(); return s, x.Rbrack }
func (x *SliceExpr) Span() (Pos, Pos)   { return x.StartPos, x.EndPos }
func (x *StarredExpr) Span() (Pos, Pos) { _, e := x.X.Span(); return x.StarPos, e }
func (x *CompareExpr) Span() (Pos, Pos) {
	s, _ := x.Operands[0].Span()
	_, e := x.Operands[len(x.Operands)-1].Span()
	return s, e
}
func (x *TupleExpr) Span() (Pos, Pos) {
	if x.Lparen.IsValid() || len(x.Elems) == 0 {
		return x.Lparen, x.Rparen
	}
	s, _ := x.Elems[0].Span()
	return s, x.Rparen
}

func (s *ExprStmt) Span() (Pos, Pos) { return s.X.Span() }
func (s *AssignStmt) Span() (Pos, Pos) {
	b, _ := s.Targets[0].Span()
	_, e := s.Value.Span()
	return b, e
}
func (s *AugAssignStmt) Span() (Pos, Pos) {
	b, _ := s.Target.Span()
	_, e := s.Value.Span()
	return b, e
}
func (s *DelStmt) Span() (Pos, Pos)    { return s.DelPos, s.EndPos }
func (s *ImportStmt) Span() (Pos, Pos) { return s.ImportPos, s.EndPos }
func (s *PassStmt) Span() (Pos, Pos)   { return s.PassPos, s.EndPos }

func (*Ident) exprNode()       {}
func (*IntLit) exprNode()      {}
func (*FloatLit) exprNode()    {}
func (*StringLit) exprNode()   {}
func (*FString) exprNode()     {}
func (*Const) exprNode()       {}
func (*ListExpr) exprNode()    {}
func (*TupleExpr) exprNode()   {}
func (*ParenExpr) exprNode()   {}
func (*UnaryExpr) exprNode()   {}
func (*BinaryExpr) exprNode()  {}
func (*CompareExpr) exprNode() {}
func (*CondExpr) exprNode()    {}
func (*CallExpr) exprNode()    {}
func (*AttrExpr) exprNode()    {}
func (*IndexExpr) exprNode()   {}
func (*SliceExpr) exprNode()   {}
func (*StarredExpr) exprNode() {}

func (*ExprStmt) stmtNode()      {}
func (*AssignStmt) stmtNode()    {}
func (*AugAssignStmt) stmtNode() {}
func (*DelStmt) stmtNode()       {}
func (*ImportStmt) stmtNode()    {}
func (*PassStmt) stmtNode()      {}
