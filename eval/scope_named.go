package eval

import "github.com/tensh/tensh/lang"

// Assignment expressions in scope analysis (PEP 572): name := value binds
// name in the scope it is in, except in a comprehension, where it binds in
// the nearest enclosing function (or the module), as CPython does.

// named records the target of an assignment expression of the scope.
func (w *scopeWalk) named(id *lang.Ident) {
	if w.comp {
		// The name is the enclosing scope's: a free variable or a global.
		w.loads[id.Name] = true
		w.idents = append(w.idents, id)
		return
	}
	w.target(id)
}

// compNamed binds, in this scope, the targets of the assignment
// expressions of comprehension e (a comprehension scope passes them on to
// its own enclosing scope).
func (w *scopeWalk) compNamed(e *lang.CompExpr) {
	lang.NamedExprs(e, func(n *lang.NamedExpr) {
		if w.comp {
			w.loads[n.Target.Name] = true
			return
		}
		if w.class {
			throw("SyntaxError", errWalrusClass)
		}
		if !w.globals[n.Target.Name] && !w.nonlocals[n.Target.Name] {
			w.assigned[n.Target.Name] = true
		}
	}, nil)
}

// checkClassComp rejects assignment expressions in a comprehension run in
// a class body, as CPython's symtable does.
func checkClassComp(e *lang.CompExpr) {
	lang.NamedExprs(e, func(*lang.NamedExpr) { throw("SyntaxError", errWalrusClass) }, nil)
}

const errWalrusClass = "assignment expression within a comprehension cannot be used in a class body"
