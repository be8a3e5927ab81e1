package lang

// Checks of CPython 3.11's compiler (compile.c, forbidden_name) and of its
// grammar's invalid_* rules that tensh's parser leaves to after parsing.

// debugName is the one name that can never be bound or deleted.
const debugName = "__debug__"

// checkDebugStore fails for an assignment to __debug__.
func checkDebugStore(x Expr) {
	if id, ok := x.(*Ident); ok && id.Name == debugName {
		failAt(id.NamePos, errCannotAssign, debugName)
	}
}

// checkDebugDelete fails for `del __debug__`.
func checkDebugDelete(x Expr) {
	if id, ok := x.(*Ident); ok && id.Name == debugName {
		failAt(id.NamePos, errCannotDelete, debugName)
	}
}

// checkDebugParams fails for a parameter named __debug__ (CPython reports
// it at the definition).
func checkDebugParams(ps []Param, at Pos) {
	for _, p := range ps {
		if p.Name == debugName {
			failAt(at, errCannotAssign, debugName)
		}
	}
}

// checkRaiseTuple fails for Python 2's `raise E, v`: an unparenthesized
// tuple after raise is invalid syntax, at its first comma.
func checkRaiseTuple(s *RaiseStmt) {
	if t, ok := s.Exc.(*TupleExpr); ok && !t.Lparen.IsValid() && len(t.Elems) > 0 {
		_, end := t.Elems[0].Span()
		failAt(end, errInvalidSyntax)
	}
}
