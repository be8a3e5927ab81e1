package lang

import "strings"

// Private name mangling: inside a class body, an identifier __x (not
// ending in two underscores) becomes _Class__x, as CPython's compiler
// rewrites it (names, attributes, parameters, def and class names).

// Mangle is the private name name would become in class cls.
func Mangle(cls, name string) string {
	if !strings.HasPrefix(name, "__") || strings.HasSuffix(name, "__") || strings.Contains(name, ".") {
		return name
	}
	stripped := strings.TrimLeft(cls, "_")
	if stripped == "" {
		return name
	}
	return "_" + stripped + name
}

func mangleBlock(stmts []Stmt, cls string) {
	m := mangler{cls}
	for _, s := range stmts {
		m.stmt(s)
	}
}

type mangler struct{ cls string }

func (m mangler) name(n *string) { *n = Mangle(m.cls, *n) }

func (m mangler) block(stmts []Stmt) {
	for _, s := range stmts {
		m.stmt(s)
	}
}

func (m mangler) params(ps []Param) {
	for i := range ps {
		m.name(&ps[i].Name)
		m.expr(ps[i].Default)
		m.expr(ps[i].Annotation)
	}
}

func (m mangler) stmt(s Stmt) {
	switch s := s.(type) {
	case *ExprStmt:
		m.expr(s.X)
	case *AssignStmt:
		m.exprs(s.Targets)
		m.expr(s.Value)
	case *AnnAssignStmt:
		m.expr(s.Target)
		m.expr(s.Annotation)
		m.expr(s.Value)
	case *AugAssignStmt:
		m.expr(s.Target)
		m.expr(s.Value)
	case *DelStmt:
		m.exprs(s.Targets)
	case *IfStmt:
		m.expr(s.Cond)
		m.block(s.Body)
		m.block(s.Else)
	case *WhileStmt:
		m.expr(s.Cond)
		m.block(s.Body)
		m.block(s.Else)
	case *ForStmt:
		m.expr(s.Target)
		m.expr(s.Iter)
		m.block(s.Body)
		m.block(s.Else)
	case *ReturnStmt:
		m.expr(s.Value)
	case *GlobalStmt:
		for i := range s.Names {
			m.name(&s.Names[i])
		}
	case *RaiseStmt:
		m.expr(s.Exc)
		m.expr(s.Cause)
	case *AssertStmt:
		m.expr(s.Test)
		m.expr(s.Msg)
	case *FuncDef:
		m.exprs(s.Decorators)
		m.name(&s.Name)
		m.params(s.Params)
		m.expr(s.Returns)
		m.block(s.Body)
	case *ClassDef:
		// Its body is mangled with its own name already.
		m.exprs(s.Decorators)
		m.name(&s.Name)
		for _, a := range s.Args {
			m.expr(a.Value)
		}
	case *TryStmt:
		m.block(s.Body)
		for i := range s.Handlers {
			h := &s.Handlers[i]
			m.expr(h.Type)
			m.name(&h.Name)
			m.block(h.Body)
		}
		m.block(s.Else)
		m.block(s.Finally)
	case *WithStmt:
		for _, it := range s.Items {
			m.expr(it.Ctx)
			m.expr(it.Target)
		}
		m.block(s.Body)
	}
}

func (m mangler) exprs(es []Expr) {
	for _, e := range es {
		m.expr(e)
	}
}

func (m mangler) expr(e Expr) {
	switch e := e.(type) {
	case nil:
	case *Ident:
		m.name(&e.Name)
	case *AttrExpr:
		m.expr(e.X)
		m.name(&e.Name)
	case *FString:
		for _, p := range e.Parts {
			m.expr(p.Expr)
			if p.Spec != nil {
				m.expr(p.Spec)
			}
		}
	case *ListExpr:
		m.exprs(e.Elems)
	case *TupleExpr:
		m.exprs(e.Elems)
	case *SetExpr:
		m.exprs(e.Elems)
	case *DictExpr:
		m.exprs(e.Keys)
		m.exprs(e.Values)
	case *ParenExpr:
		m.expr(e.X)
	case *UnaryExpr:
		m.expr(e.X)
	case *BinaryExpr:
		m.expr(e.X)
		m.expr(e.Y)
	case *CompareExpr:
		m.exprs(e.Operands)
	case *CondExpr:
		m.expr(e.Then)
		m.expr(e.Cond)
		m.expr(e.Else)
	case *CallExpr:
		m.expr(e.Fn)
		for i := range e.Args {
			m.expr(e.Args[i].Value)
		}
	case *IndexExpr:
		m.expr(e.X)
		m.expr(e.Index)
	case *SliceExpr:
		m.expr(e.Lo)
		m.expr(e.Hi)
		m.expr(e.Step)
	case *StarredExpr:
		m.expr(e.X)
	case *YieldExpr:
		m.expr(e.Value)
	case *LambdaExpr:
		m.params(e.Params)
		m.expr(e.Body)
	case *CompExpr:
		m.expr(e.Key)
		m.expr(e.Elt)
		for _, c := range e.Clauses {
			m.expr(c.Target)
			m.expr(c.Iter)
			m.exprs(c.Ifs)
		}
	}
}
