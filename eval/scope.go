package eval

import (
	"sort"

	"github.com/tensh/tensh/lang"
)

// ---- Scope analysis ----

// analyzeScope analyzes a def (a *lang.FuncDef), lambda or comprehension
// node and the scopes nested in it, given the enclosing function scopes
// (innermost last), and records them in s.codes.
func (s *Session) analyzeScope(n lang.Node, enclosing []*funcCode) *funcCode {
	if len(enclosing) > 0 {
		if c, ok := enclosing[len(enclosing)-1].children[n]; ok {
			return c
		}
	} else if c, ok := s.codes[n]; ok {
		return c
	}
	c := &funcCode{children: map[lang.Node]*funcCode{}, locals: map[string]int{}, globals: map[string]bool{}, free: map[string]int{}, src: s.src, firstLine: s.chunkLine}
	sc := &scopeWalk{assigned: map[string]bool{}, loads: map[string]bool{}, nonlocals: map[string]bool{}, globals: c.globals, params: map[string]bool{}}
	if d, ok := n.(*lang.FuncDef); ok {
		for _, p := range d.Params {
			sc.params[p.Name] = true
		}
	}
	switch n := n.(type) {
	case *lang.FuncDef:
		c.name, c.params, c.body = n.Name, n.Params, n.Body
		for _, st := range n.Body {
			sc.stmt(st)
		}
		c.generator = sc.yields
	case *lang.LambdaExpr:
		c.name, c.params, c.expr = "<lambda>", n.Params, n.Body
		sc.expr(n.Body)
	case *lang.CompExpr:
		c.name = compName(n.Kind)
		for i, cl := range n.Clauses {
			sc.target(cl.Target)
			if i > 0 {
				sc.expr(cl.Iter)
			}
			for _, e := range cl.Ifs {
				sc.expr(e)
			}
		}
		if n.Key != nil {
			sc.expr(n.Key)
		}
		sc.expr(n.Elt)
	}
	c.plain = true
	for _, p := range c.params {
		c.locals[p.Name] = len(c.locals)
		c.plain = c.plain && (p.Kind == lang.ParamNormal || p.Kind == lang.ParamPosOnly)
	}
	var others []string
	for name := range sc.assigned {
		if _, isParam := c.locals[name]; !isParam && !c.globals[name] && !sc.nonlocals[name] {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	for _, name := range others {
		c.locals[name] = len(c.locals)
	}
	c.nlocals = len(c.locals)
	inner := append(append([]*funcCode(nil), enclosing...), c)
	free := map[string]bool{}
	for name := range sc.nonlocals {
		if !boundIn(enclosing, name) {
			throw("SyntaxError", errNoBindingNonloc, name)
		}
		free[name] = true
	}
	// The free variables must be known before the nested scopes are
	// analysed (they look them up through boundIn): first those of this
	// scope's own names, then those its children need.
	for name := range sc.loads {
		if _, local := c.locals[name]; !local && !c.globals[name] && boundIn(enclosing, name) {
			free[name] = true
		}
	}
	c.setFree(free)
	for _, child := range sc.nested {
		cc := s.analyzeScope(child, inner)
		for name := range cc.free {
			if _, local := c.locals[name]; !local && !c.globals[name] && !free[name] && boundIn(enclosing, name) {
				free[name] = true
			}
		}
	}
	c.setFree(free)
	for _, id := range sc.idents {
		id.Slot = c.slotOf(id.Name)
	}
	if len(enclosing) > 0 {
		enclosing[len(enclosing)-1].children[n] = c
	} else {
		s.codes[n] = c
	}
	return c
}

// boundIn reports whether name is a variable of one of the enclosing
// function scopes (the innermost that mentions it decides).
func boundIn(enclosing []*funcCode, name string) bool {
	for i := len(enclosing) - 1; i >= 0; i-- {
		e := enclosing[i]
		if e.globals[name] {
			return false
		}
		if _, ok := e.locals[name]; ok {
			return true
		}
		if _, ok := e.free[name]; ok {
			return true
		}
	}
	return false
}

func compName(k lang.CompKind) string {
	return [...]string{"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"}[k]
}

// scopeWalk collects the names a scope binds and uses.
type scopeWalk struct {
	assigned, loads, nonlocals, globals map[string]bool
	params                              map[string]bool // a def's parameters
	nested                              []lang.Node
	idents                              []*lang.Ident // the names of the scope's code
	yields                              bool          // the scope has a yield
}

func (w *scopeWalk) target(t lang.Expr) {
	switch t := t.(type) {
	case *lang.Ident:
		w.assigned[t.Name] = true
		w.idents = append(w.idents, t)
	case *lang.TupleExpr:
		for _, e := range t.Elems {
			w.target(e)
		}
	case *lang.ListExpr:
		for _, e := range t.Elems {
			w.target(e)
		}
	case *lang.StarredExpr:
		w.target(t.X)
	case *lang.ParenExpr:
		w.target(t.X)
	default:
		w.expr(t)
	}
}

func (w *scopeWalk) block(stmts []lang.Stmt) {
	for _, st := range stmts {
		w.stmt(st)
	}
}

func (w *scopeWalk) stmt(st lang.Stmt) {
	switch st := st.(type) {
	case *lang.ExprStmt:
		w.expr(st.X)
	case *lang.AssignStmt:
		w.expr(st.Value)
		for _, t := range st.Targets {
			w.target(t)
		}
	case *lang.AugAssignStmt:
		w.target(st.Target)
		w.expr(st.Value)
	case *lang.DelStmt:
		for _, t := range st.Targets {
			w.target(t)
		}
	case *lang.ImportStmt:
		// The import statement binds module-level names (tensh's imports
		// set globals), so they are not locals of the function.
	case *lang.IfStmt:
		w.expr(st.Cond)
		w.block(st.Body)
		w.block(st.Else)
	case *lang.WhileStmt:
		w.expr(st.Cond)
		w.block(st.Body)
		w.block(st.Else)
	case *lang.ForStmt:
		w.target(st.Target)
		w.expr(st.Iter)
		w.block(st.Body)
		w.block(st.Else)
	case *lang.FuncDef:
		w.assigned[st.Name] = true
		for _, d := range st.Decorators {
			w.expr(d)
		}
		for _, p := range st.Params {
			if p.Default != nil {
				w.expr(p.Default)
			}
			w.expr(p.Annotation)
		}
		w.expr(st.Returns)
		w.nested = append(w.nested, st)
	case *lang.MatchStmt:
		w.expr(st.Subject)
		for _, mc := range st.Cases {
			w.pattern(mc.Pattern)
			w.expr(mc.Guard)
			w.block(mc.Body)
		}
	case *lang.ClassDef:
		w.assigned[st.Name] = true
		w.exprs(st.Decorators)
		for _, a := range st.Args {
			w.expr(a.Value)
		}
		w.classBody(st.Body)
	case *lang.AnnAssignStmt:
		if st.Value != nil {
			w.expr(st.Value)
		}
		w.target(st.Target)
		if st.Simple {
			// (the annotation of a local is not evaluated)
			break
		}
		w.expr(st.Annotation)
	case *lang.ReturnStmt:
		if st.Value != nil {
			w.expr(st.Value)
		}
	case *lang.GlobalStmt:
		for _, n := range st.Names {
			kw := "global"
			if st.Nonlocal {
				kw = "nonlocal"
			}
			switch {
			case w.params[n]:
				throw("SyntaxError", errDeclParam, n, kw)
			case w.loads[n]:
				throw("SyntaxError", errDeclAfterUse, n, kw)
			case w.assigned[n]:
				throw("SyntaxError", errDeclAfterAssign, n, kw)
			}
			if st.Nonlocal {
				w.nonlocals[n] = true
			} else {
				w.globals[n] = true
			}
		}
	case *lang.RaiseStmt:
		if st.Exc != nil {
			w.expr(st.Exc)
		}
		if st.Cause != nil {
			w.expr(st.Cause)
		}
	case *lang.AssertStmt:
		w.expr(st.Test)
		if st.Msg != nil {
			w.expr(st.Msg)
		}
	case *lang.TryStmt:
		w.block(st.Body)
		for _, h := range st.Handlers {
			if h.Type != nil {
				w.expr(h.Type)
			}
			if h.Name != "" {
				w.assigned[h.Name] = true
			}
			w.block(h.Body)
		}
		w.block(st.Else)
		w.block(st.Finally)
	case *lang.WithStmt:
		for _, it := range st.Items {
			w.expr(it.Ctx)
			if it.Target != nil {
				w.target(it.Target)
			}
		}
		w.block(st.Body)
	}
}

func (w *scopeWalk) exprs(es []lang.Expr) {
	for _, e := range es {
		w.expr(e)
	}
}

func (w *scopeWalk) expr(e lang.Expr) {
	switch e := e.(type) {
	case nil:
	case *lang.Ident:
		w.loads[e.Name] = true
		w.idents = append(w.idents, e)
	case *lang.FString:
		for _, p := range e.Parts {
			if p.Expr != nil {
				w.expr(p.Expr)
			}
			if p.Spec != nil {
				w.expr(p.Spec)
			}
		}
	case *lang.ListExpr:
		w.exprs(e.Elems)
	case *lang.TupleExpr:
		w.exprs(e.Elems)
	case *lang.SetExpr:
		w.exprs(e.Elems)
	case *lang.DictExpr:
		for i, k := range e.Keys {
			if k != nil {
				w.expr(k)
			}
			w.expr(e.Values[i])
		}
	case *lang.ParenExpr:
		w.expr(e.X)
	case *lang.UnaryExpr:
		w.expr(e.X)
	case *lang.BinaryExpr:
		w.expr(e.X)
		w.expr(e.Y)
	case *lang.CompareExpr:
		w.exprs(e.Operands)
	case *lang.CondExpr:
		w.expr(e.Then)
		w.expr(e.Cond)
		w.expr(e.Else)
	case *lang.CallExpr:
		w.expr(e.Fn)
		for _, a := range e.Args {
			w.expr(a.Value)
		}
	case *lang.AttrExpr:
		w.expr(e.X)
	case *lang.IndexExpr:
		w.expr(e.X)
		w.expr(e.Index)
	case *lang.SliceExpr:
		w.expr(e.Lo)
		w.expr(e.Hi)
		w.expr(e.Step)
	case *lang.StarredExpr:
		w.expr(e.X)
	case *lang.YieldExpr:
		w.yields = true
		w.expr(e.Value)
	case *lang.LambdaExpr:
		for _, p := range e.Params {
			if p.Default != nil {
				w.expr(p.Default)
			}
		}
		w.nested = append(w.nested, e)
	case *lang.CompExpr:
		// The first iterable is evaluated in the enclosing scope.
		w.expr(e.Clauses[0].Iter)
		w.nested = append(w.nested, e)
	}
}

// CPython's symtable errors for global and nonlocal declarations.
const (
	errDeclParam       = "name '%s' is parameter and %s"
	errDeclAfterUse    = "name '%s' is used prior to %s declaration"
	errDeclAfterAssign = "name '%s' is assigned to before %s declaration"
)
