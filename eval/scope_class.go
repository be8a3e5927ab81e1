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
		globals: map[string]bool{}, params: map[string]bool{}}
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
