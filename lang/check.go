package lang

import "fmt"

// This file holds the checks CPython makes when compiling rather than when
// parsing: they are reported only when the whole input parsed.

// maxDepth bounds the nesting of expressions, as CPython's compiler does
// (it fails with a RecursionError somewhere between 1000 and 3000).
const maxDepth = 2000

func checkStmt(s Stmt) {
	switch s := s.(type) {
	case *ExprStmt:
		checkValue(s.X)
	case *AssignStmt:
		checkValue(s.Value)
		for _, t := range s.Targets {
			if st, ok := t.(*StarredExpr); ok {
				failAt(st.StarPos, errStarTarget)
			}
			checkStore(t, 0)
		}
	case *AnnAssignStmt:
		checkExpr(s.Target, 0)
		checkValue(s.Annotation)
		if s.Value != nil {
			checkValue(s.Value)
		}
	case *AugAssignStmt:
		checkDebugStore(s.Target)
		checkExpr(s.Target, 0)
		checkValue(s.Value)
	case *DelStmt:
		for _, t := range s.Targets {
			checkDebugDelete(t)
			checkExpr(t, 0)
		}
	}
}

// failAt reports a compile-time error at p; format is one of the formats of
// errors.go.
func failAt(p Pos, format string, args ...any) {
	panic(&bailout{&Error{Pos: p, Msg: fmt.Sprintf(format, args...)}, -1})
}

// checkValue checks an expression that is the value of a statement: a
// starred expression is only allowed in a tuple there.
func checkValue(x Expr) {
	if st, ok := x.(*StarredExpr); ok {
		failAt(st.StarPos, errStarHereCompile)
	}
	checkExpr(x, 0)
}

// checkStore checks an assignment target.
func checkStore(x Expr, depth int) {
	if depth > maxDepth {
		failAt(exprStart(x), errRecursionCompile)
	}
	var elems []Expr
	switch t := x.(type) {
	case *ParenExpr:
		checkStore(t.X, depth+1)
		return
	case *TupleExpr:
		elems = t.Elems
	case *ListExpr:
		elems = t.Elems
	case *StarredExpr:
		checkStore(t.X, depth+1)
		return
	default:
		checkDebugStore(x)
		checkExpr(x, depth)
		return
	}
	stars := 0
	for _, e := range elems {
		if _, ok := e.(*StarredExpr); ok {
			stars++
		}
	}
	if stars > 1 {
		failAt(exprStart(x), errMultipleStars)
	}
	for _, e := range elems {
		checkStore(e, depth+1)
	}
}

// checkExpr checks an expression in a load context.
func checkExpr(x Expr, depth int) {
	if depth > maxDepth {
		failAt(exprStart(x), errRecursionCompile)
	}
	d := depth + 1
	switch x := x.(type) {
	case *Ident, *IntLit, *FloatLit, *ImagLit, *StringLit, *Const:
	case *FString:
		checkFString(x, d)
	case *ListExpr:
		checkElems(x.Elems, d)
	case *TupleExpr:
		checkElems(x.Elems, d)
	case *ParenExpr:
		checkExpr(x.X, d)
	case *UnaryExpr:
		checkExpr(x.X, d)
	case *BinaryExpr:
		checkExpr(x.X, d)
		checkExpr(x.Y, d)
	case *CompareExpr:
		for _, o := range x.Operands {
			checkExpr(o, d)
		}
	case *CondExpr:
		checkExpr(x.Then, d)
		checkExpr(x.Cond, d)
		checkExpr(x.Else, d)
	case *CallExpr:
		checkExpr(x.Fn, d)
		seen := map[string]bool{}
		for _, a := range x.Args {
			if a.Name != "" {
				if seen[a.Name] {
					failAt(a.NamePos, errKwRepeated, a.Name)
				}
				seen[a.Name] = true
			}
		}
		for _, a := range x.Args {
			checkExpr(a.Value, d)
		}
	case *AttrExpr:
		checkExpr(x.X, d)
	case *IndexExpr:
		checkExpr(x.X, d)
		if t, ok := x.Index.(*TupleExpr); ok && !t.Lparen.IsValid() {
			checkElems(t.Elems, d)
		} else {
			checkExpr(x.Index, d)
		}
	case *SliceExpr:
		for _, e := range []Expr{x.Lo, x.Hi, x.Step} {
			if e != nil {
				checkExpr(e, d)
			}
		}
	case *StarredExpr:
		failAt(x.StarPos, errStarHereCompile)
	case *LambdaExpr:
		checkParams(x.Params)
		checkExpr(x.Body, d)
	case *DictExpr:
		for i, k := range x.Keys {
			if k != nil {
				checkExpr(k, d)
			}
			checkExpr(x.Values[i], d)
		}
	case *SetExpr:
		checkElems(x.Elems, d)
	case *CompExpr:
		for _, cl := range x.Clauses {
			checkStore(cl.Target, d)
			checkExpr(cl.Iter, d)
			for _, e := range cl.Ifs {
				checkExpr(e, d)
			}
		}
		if x.Key != nil {
			checkExpr(x.Key, d)
		}
		checkExpr(x.Elt, d)
	}
}

// checkElems checks the elements of a display, where starred expressions
// are allowed.
func checkElems(elems []Expr, depth int) {
	for _, e := range elems {
		if st, ok := e.(*StarredExpr); ok {
			checkExpr(st.X, depth+1)
		} else {
			checkExpr(e, depth)
		}
	}
}

func checkFString(f *FString, depth int) {
	for _, p := range f.Parts {
		if p.Expr != nil {
			checkExpr(p.Expr, depth)
		}
		if p.Spec != nil {
			checkFString(p.Spec, depth+1)
		}
	}
}
