package lang

// The compile-time checks of compound statements: CPython's compiler
// reports a 'return' outside a function, a 'break' outside a loop, ...
// once the whole input has parsed.

// scope is where a statement is, for checkBlock.
type scope int

const (
	scopeModule scope = 1 << iota
	scopeFunc
	scopeLoop
)

// checkBlock checks stmts (and what they contain) in scope sc.
func checkBlock(stmts []Stmt, sc scope) {
	for _, s := range stmts {
		checkCompound(s, sc)
	}
}

func checkCompound(s Stmt, sc scope) {
	switch s := s.(type) {
	case *IfStmt:
		checkExpr(s.Cond, 0)
		checkBlock(s.Body, sc)
		checkBlock(s.Else, sc)
	case *WhileStmt:
		checkExpr(s.Cond, 0)
		checkBlock(s.Body, sc|scopeLoop)
		checkBlock(s.Else, sc)
	case *ForStmt:
		checkStore(s.Target, 0)
		checkValue(s.Iter)
		checkBlock(s.Body, sc|scopeLoop)
		checkBlock(s.Else, sc)
	case *FuncDef:
		for _, d := range s.Decorators {
			checkValue(d)
		}
		checkParams(s.Params)
		checkDebugParams(s.Params, s.DefPos)
		if s.Returns != nil {
			checkExpr(s.Returns, 0)
		}
		checkBlock(s.Body, scopeFunc)
	case *MatchStmt:
		checkValue(s.Subject)
		for _, mc := range s.Cases {
			if mc.Guard != nil {
				checkExpr(mc.Guard, 0)
			}
			checkBlock(mc.Body, sc)
		}
	case *ClassDef:
		for _, d := range s.Decorators {
			checkValue(d)
		}
		for _, a := range s.Args {
			checkValue(a.Value)
		}
		checkBlock(s.Body, scopeModule)
	case *TryStmt:
		checkBlock(s.Body, sc)
		for _, h := range s.Handlers {
			if h.Type != nil {
				checkExpr(h.Type, 0)
			}
			checkBlock(h.Body, sc)
		}
		checkBlock(s.Else, sc)
		checkBlock(s.Finally, sc)
	case *WithStmt:
		for _, it := range s.Items {
			checkExpr(it.Ctx, 0)
			if it.Target != nil {
				checkStore(it.Target, 0)
			}
		}
		checkBlock(s.Body, sc)
	case *ReturnStmt:
		if sc&scopeFunc == 0 {
			failAt(s.KwPos, errReturnOutside)
		}
		if s.Value != nil {
			checkValue(s.Value)
		}
	case *BreakStmt:
		if sc&scopeLoop == 0 {
			failAt(s.KwPos, errBreakOutside)
		}
	case *ContinueStmt:
		if sc&scopeLoop == 0 {
			failAt(s.KwPos, errContinueOutside)
		}
	case *GlobalStmt:
		if s.Nonlocal && sc&scopeFunc == 0 {
			failAt(s.KwPos, errNonlocalModule)
		}
	case *RaiseStmt:
		if s.Exc != nil {
			checkRaiseTuple(s)
			checkValue(s.Exc)
		}
		if s.Cause != nil {
			checkValue(s.Cause)
		}
	case *AssertStmt:
		checkValue(s.Test)
		if s.Msg != nil {
			checkValue(s.Msg)
		}
	default:
		checkStmt(s)
	}
}

func checkParams(ps []Param) {
	for _, p := range ps {
		if p.Default != nil {
			checkExpr(p.Default, 0)
		}
	}
}
