package eval

import "github.com/tensh/tensh/lang"

// classBody walks the body of a class statement inside a function: its
// names are the class namespace's (looked up by name at run time, so
// their identifiers keep Slot 0), the names it reads may be variables of
// the enclosing functions (free variables of this scope), and the
// functions it defines are nested scopes of this one (a method skips the
// class scope when it looks up names).
func (w *scopeWalk) classBody(body []lang.Stmt) {
	inner := &scopeWalk{assigned: map[string]bool{}, loads: map[string]bool{}, nonlocals: map[string]bool{},
		globals: map[string]bool{}, params: map[string]bool{}, class: true}
	inner.block(body)
	for n := range inner.loads {
		if !w.assigned[n] {
			w.loads[n] = true
		}
	}
	for n := range inner.nonlocals {
		w.loads[n] = true
	}
	w.nested = append(w.nested, inner.nested...)
	for _, id := range inner.idents {
		id.Slot = 0
	}
}

// pattern notes the names a match pattern binds and the expressions it
// evaluates.
func (w *scopeWalk) pattern(p lang.Pattern) {
	switch p := p.(type) {
	case *lang.PatCapture:
		if p.Name != "_" {
			w.assigned[p.Name] = true
		}
	case *lang.PatStar:
		if p.Name != "_" {
			w.assigned[p.Name] = true
		}
	case *lang.PatValue:
		w.expr(p.Value)
	case *lang.PatAs:
		w.pattern(p.Pat)
		w.assigned[p.Name] = true
	case *lang.PatOr:
		for _, a := range p.Alts {
			w.pattern(a)
		}
	case *lang.PatSequence:
		for _, e := range p.Elems {
			w.pattern(e)
		}
	case *lang.PatMapping:
		w.exprs(p.Keys)
		for _, v := range p.Values {
			w.pattern(v)
		}
		if p.Rest != "" {
			w.assigned[p.Rest] = true
		}
	case *lang.PatClass:
		w.expr(p.Cls)
		for _, a := range p.Args {
			w.pattern(a)
		}
		for _, a := range p.KwPats {
			w.pattern(a)
		}
	}
}
