package lang

// The syntax tree of compound statements, functions and the expressions
// that bind names of their own (lambda, comprehensions), and of dict and
// set displays.

// IfStmt is if Cond: Body else: Else. An elif chain is an IfStmt whose
// Else holds a single IfStmt with Elif set.
type IfStmt struct {
	IfPos  Pos
	Cond   Expr
	Body   []Stmt
	Else   []Stmt
	Elif   bool // this if is an elif of the statement above it
	EndPos Pos
}

// WhileStmt is while Cond: Body else: Else.
type WhileStmt struct {
	WhilePos Pos
	Cond     Expr
	Body     []Stmt
	Else     []Stmt
	EndPos   Pos
}

// ForStmt is for Target in Iter: Body else: Else.
type ForStmt struct {
	ForPos Pos
	Target Expr
	Iter   Expr
	Body   []Stmt
	Else   []Stmt
	EndPos Pos
}

// BreakStmt is break; ContinueStmt is continue.
type BreakStmt struct{ KwPos, EndPos Pos }

// ContinueStmt is continue.
type ContinueStmt struct{ KwPos, EndPos Pos }

// ReturnStmt is return [Value].
type ReturnStmt struct {
	KwPos  Pos
	Value  Expr // nil for a bare return
	EndPos Pos
}

// GlobalStmt is global a, b (Nonlocal: nonlocal a, b).
type GlobalStmt struct {
	KwPos    Pos
	Names    []string
	Nonlocal bool
	EndPos   Pos
}

// RaiseStmt is raise [Exc [from Cause]].
type RaiseStmt struct {
	KwPos  Pos
	Exc    Expr
	Cause  Expr
	EndPos Pos
}

// AssertStmt is assert Test [, Msg].
type AssertStmt struct {
	KwPos  Pos
	Test   Expr
	Msg    Expr
	EndPos Pos
}

// ParamKind is the kind of a function parameter.
type ParamKind int

const (
	ParamNormal  ParamKind = iota // positional or keyword
	ParamPosOnly                  // before '/'
	ParamVarArgs                  // *args
	ParamKwOnly                   // after '*' or *args
	ParamVarKw                    // **kwargs
)

// Param is one parameter of a def or lambda. Default is nil when there is
// none.
type Param struct {
	NamePos    Pos
	Name       string
	Kind       ParamKind
	Default    Expr
	Annotation Expr // a def's `name: annotation`, or nil
}

// FuncDef is def Name(Params): Body, with the decorators above it
// (@expr lines, outermost first).
type FuncDef struct {
	Decorators []Expr
	DefPos     Pos
	NamePos    Pos
	Name       string
	Params     []Param
	Returns    Expr // the -> annotation, or nil
	Body       []Stmt
	EndPos     Pos
}

// ExceptClause is except [Type [as Name]]: Body.
type ExceptClause struct {
	ExceptPos Pos
	Type      Expr // nil for a bare except
	Name      string
	Body      []Stmt
	Star      bool // except*: it handles the matching part of an exception group
}

// TryStmt is try: Body except...: else: Else finally: Finally.
type TryStmt struct {
	TryPos   Pos
	Body     []Stmt
	Handlers []ExceptClause
	Else     []Stmt
	Finally  []Stmt
	EndPos   Pos
}

// WithItem is one Ctx [as Target] of a with statement.
type WithItem struct {
	Ctx    Expr
	Target Expr // nil without 'as'
}

// WithStmt is with Items: Body.
type WithStmt struct {
	WithPos Pos
	Items   []WithItem
	Body    []Stmt
	EndPos  Pos
}

// LambdaExpr is lambda Params: Body.
type LambdaExpr struct {
	LambdaPos Pos
	Params    []Param
	Body      Expr
}

// DictExpr is {k: v, **m}: a nil key marks a ** unpacking of Values[i].
type DictExpr struct {
	Lbrace Pos
	Keys   []Expr
	Values []Expr
	Rbrace Pos // just past '}'
}

// SetExpr is {a, b, *c}.
type SetExpr struct {
	Lbrace Pos
	Elems  []Expr
	Rbrace Pos
}

// CompKind is the kind of a comprehension.
type CompKind int

const (
	CompList CompKind = iota // [x for ...]
	CompSet                  // {x for ...}
	CompDict                 // {k: v for ...}
	CompGen                  // (x for ...)
)

// CompFor is one `for Target in Iter if Ifs...` clause.
type CompFor struct {
	ForPos Pos
	Target Expr
	Iter   Expr
	Ifs    []Expr
}

// CompExpr is a comprehension or generator expression. Elt is the element
// (the value for a dict comprehension, whose key is Key).
type CompExpr struct {
	Kind    CompKind
	Lpos    Pos
	Key     Expr
	Elt     Expr
	Clauses []CompFor
	Rpos    Pos // just past the closing bracket
}

func (x *LambdaExpr) Span() (Pos, Pos) { _, e := x.Body.Span(); return x.LambdaPos, e }
func (x *DictExpr) Span() (Pos, Pos)   { return x.Lbrace, x.Rbrace }
func (x *SetExpr) Span() (Pos, Pos)    { return x.Lbrace, x.Rbrace }
func (x *CompExpr) Span() (Pos, Pos)   { return x.Lpos, x.Rpos }

func (*LambdaExpr) exprNode() {}
func (*DictExpr) exprNode()   {}
func (*SetExpr) exprNode()    {}
func (*CompExpr) exprNode()   {}

func (s *IfStmt) Span() (Pos, Pos)       { return s.IfPos, s.EndPos }
func (s *WhileStmt) Span() (Pos, Pos)    { return s.WhilePos, s.EndPos }
func (s *ForStmt) Span() (Pos, Pos)      { return s.ForPos, s.EndPos }
func (s *BreakStmt) Span() (Pos, Pos)    { return s.KwPos, s.EndPos }
func (s *ContinueStmt) Span() (Pos, Pos) { return s.KwPos, s.EndPos }
func (s *ReturnStmt) Span() (Pos, Pos)   { return s.KwPos, s.EndPos }
func (s *GlobalStmt) Span() (Pos, Pos)   { return s.KwPos, s.EndPos }
func (s *RaiseStmt) Span() (Pos, Pos)    { return s.KwPos, s.EndPos }
func (s *AssertStmt) Span() (Pos, Pos)   { return s.KwPos, s.EndPos }
func (s *FuncDef) Span() (Pos, Pos)      { return s.DefPos, s.EndPos }
func (s *TryStmt) Span() (Pos, Pos)      { return s.TryPos, s.EndPos }
func (s *WithStmt) Span() (Pos, Pos)     { return s.WithPos, s.EndPos }

func (*IfStmt) stmtNode()       {}
func (*WhileStmt) stmtNode()    {}
func (*ForStmt) stmtNode()      {}
func (*BreakStmt) stmtNode()    {}
func (*ContinueStmt) stmtNode() {}
func (*ReturnStmt) stmtNode()   {}
func (*GlobalStmt) stmtNode()   {}
func (*RaiseStmt) stmtNode()    {}
func (*AssertStmt) stmtNode()   {}
func (*FuncDef) stmtNode()      {}
func (*TryStmt) stmtNode()      {}
func (*WithStmt) stmtNode()     {}

// IsCompound reports whether s is a compound statement (one that ends, at
// an interactive prompt, with an empty line).
func IsCompound(s Stmt) bool {
	switch s.(type) {
	case *IfStmt, *WhileStmt, *ForStmt, *FuncDef, *TryStmt, *WithStmt, *ClassDef, *MatchStmt:
		return true
	}
	return false
}

// ClassDef is class Name(Args): Body, with the decorators above it. Args
// are the bases and keywords (metaclass=...) as a call's arguments.
type ClassDef struct {
	Decorators []Expr
	ClassPos   Pos
	NamePos    Pos
	Name       string
	Args       []Arg
	Body       []Stmt
	EndPos     Pos
}

func (s *ClassDef) Span() (Pos, Pos) { return s.ClassPos, s.EndPos }
func (*ClassDef) stmtNode()          {}

// AnnAssignStmt is Target: Annotation [= Value]. Simple is set when the
// target is a bare name (not in parentheses): only those are recorded in
// __annotations__.
type AnnAssignStmt struct {
	Target     Expr
	Annotation Expr
	Value      Expr // nil without '= value'
	Simple     bool
}

func (s *AnnAssignStmt) Span() (Pos, Pos) {
	b, e := s.Target.Span()
	if s.Value != nil {
		_, e = s.Value.Span()
	} else {
		_, e = s.Annotation.Span()
	}
	return b, e
}
func (*AnnAssignStmt) stmtNode() {}
