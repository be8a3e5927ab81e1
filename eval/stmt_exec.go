package eval

import (
	"github.com/tensh/tensh/lang"
)

// Executing compound statements, and the statements that change the flow
// of control.

// ctl is how a statement ends: normally, or by break, continue or
// return (the value of a return is in the frame).
type ctl int

const (
	ctlNone ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

// Messages of the statements.
const (
	errNotContextManager = "'%s' object does not support the context manager protocol"
)

// stmtState is the statement evaluator's state in a Session.
type stmtState struct {
	frame *frame   // the current function frame; nil at module level
	stack []*frame // the frames of the calls under way, outermost first
	// codes caches the scope analysis of the defs, lambdas and
	// comprehensions of the module level of the current input.
	codes map[lang.Node]*funcCode
	// handling is the stack of exceptions being handled by except
	// clauses (what a bare raise raises again).
	handling []*Exception
	// chunkLine is the first line of the input being run.
	chunkLine int
	// lastExc is the last uncaught exception, for %tb.
	lastExc *Exception
	// quiet is set while %timeit runs statements: values are not printed.
	quiet bool
	// blockDepth counts the blocks being run.
	blockDepth int
	// moduleLine is the module level's line while functions run.
	moduleLine int
}

// execBlock runs statements until one ends the block.
func (s *Session) execBlock(stmts []lang.Stmt) ctl {
	// (An exception leaves blockDepth as it was: endStatement resets it,
	// and within the statement a handler runs in a block anyway.)
	s.blockDepth++
	for _, st := range stmts {
		if c := s.execOne(st); c != ctlNone {
			s.blockDepth--
			return c
		}
	}
	s.blockDepth--
	return ctlNone
}

// setLine records the line of the statement being run, in the current
// frame.
func (s *Session) setLine(st lang.Stmt) {
	start, _ := st.Span()
	if start.Line == 0 {
		return
	}
	if f := s.frame; f != nil {
		f.line = start.Line
	}
	if !s.quiet {
		// s.line is the innermost frame's line (where warnings point);
		// the module level's is restored when its call returns. (A
		// timing magic's statements do not move the magic's line.)
		s.line = start.Line
	}
}

// execOne runs one statement.
func (s *Session) execOne(st lang.Stmt) ctl {
	s.setLine(st)
	switch st := st.(type) {
	case *lang.ExprStmt:
		if !s.echoes() { // echo.go
			s.eval(st.X)
			return ctlNone
		}
		s.execStmt(st)
	case *lang.IfStmt:
		for {
			if s.truth(s.eval(st.Cond)) {
				return s.execBlock(st.Body)
			}
			// elif chains are nested IfStmts: follow them in a loop.
			if len(st.Else) == 1 {
				if next, ok := st.Else[0].(*lang.IfStmt); ok && next.Elif {
					st = next
					s.setLine(st)
					continue
				}
			}
			return s.execBlock(st.Else)
		}
	case *lang.WhileStmt:
		return s.execWhile(st)
	case *lang.ForStmt:
		return s.execFor(st)
	case *lang.BreakStmt:
		return ctlBreak
	case *lang.ContinueStmt:
		return ctlContinue
	case *lang.ReturnStmt:
		var v Value = None
		if st.Value != nil {
			v = s.eval(st.Value)
		}
		s.frame.ret = v
		return ctlReturn
	case *lang.FuncDef:
		// Decorators are evaluated first, top to bottom, and applied
		// bottom up to the new function.
		decs := make([]Value, len(st.Decorators))
		for i, d := range st.Decorators {
			decs[i] = s.eval(d)
		}
		var f Value = s.makeFunction(st, st.Name, st.Params)
		for i := len(decs) - 1; i >= 0; i-- {
			f = s.Call(decs[i], &Args{Pos: []Value{f}})
		}
		s.storeName(st.Name, f)
	case *lang.GlobalStmt:
		// Declarations: the scope analysis made them.
	case *lang.RaiseStmt:
		s.execRaise(st)
	case *lang.AssertStmt:
		if !s.truth(s.eval(st.Test)) {
			if st.Msg == nil {
				throw("AssertionError", "")
			}
			m := s.eval(st.Msg)
			panic(&Exception{Type: "AssertionError", Msg: ToStr(m), Args: Tuple{m}, HasArgs: true})
		}
	case *lang.TryStmt:
		return s.execTry(st)
	case *lang.ClassDef:
		s.execClassDef(st)
	case *lang.MatchStmt:
		return s.execMatch(st)
	case *lang.AnnAssignStmt:
		s.execAnnAssign(st)
	case *lang.WithStmt:
		return s.execWith(st, 0)
	default:
		s.execStmt(st)
	}
	return ctlNone
}

func (s *Session) execWhile(st *lang.WhileStmt) ctl {
	for {
		poll()
		if !s.truth(s.eval(st.Cond)) {
			return s.execBlock(st.Else)
		}
		switch s.execBlock(st.Body) {
		case ctlBreak:
			return ctlNone
		case ctlReturn:
			return ctlReturn
		}
	}
}

func (s *Session) execFor(st *lang.ForStmt) ctl {
	it := s.iter(s.eval(st.Iter))
	target, simple := st.Target.(*lang.Ident)
	for {
		v, ok := it.Next()
		if !ok {
			return s.execBlock(st.Else)
		}
		poll()
		if simple {
			s.storeIdent(target, v)
		} else {
			s.assign(st.Target, v)
		}
		switch s.execBlock(st.Body) {
		case ctlBreak:
			return ctlNone
		case ctlReturn:
			return ctlReturn
		}
	}
}

func (s *Session) execRaise(st *lang.RaiseStmt) {
	if st.Exc == nil {
		if len(s.handling) == 0 {
			throw("RuntimeError", errNoActiveExc)
		}
		panic(s.handling[len(s.handling)-1])
	}
	e := s.toException(s.eval(st.Exc), errMustDeriveBase)
	if st.Cause != nil {
		e.Cause = nil
		if c := s.eval(st.Cause); c != None {
			e.Cause = s.toException(c, errCauseMustDerive)
		}
		e.SuppressContext = true
	}
	e.Trace = nil
	e.Line = 0
	panic(e)
}

// execTry runs a try statement.
func (s *Session) execTry(st *lang.TryStmt) ctl {
	depth := len(s.stack)
	var c ctl
	exc := s.catch(func() { c = s.execBlock(st.Body) })
	if exc != nil {
		s.unwindTo(depth, exc)
		if len(st.Handlers) > 0 && st.Handlers[0].Star {
			exc = s.handleStar(st, exc, &c)
		} else {
			exc = s.handle(st, exc, &c)
		}
	} else if st.Else != nil {
		exc = s.catch(func() { c = s.execBlock(st.Else) })
		if exc != nil {
			s.unwindTo(depth, exc)
		}
	}
	if st.Finally != nil {
		var fc ctl
		fexc := s.catch(func() { fc = s.execBlock(st.Finally) })
		if fexc != nil {
			s.unwindTo(depth, fexc)
			panic(fexc)
		}
		if fc != ctlNone {
			// A return, break or continue in finally discards the
			// exception.
			return fc
		}
	}
	if exc != nil {
		panic(exc)
	}
	return c
}

// handle runs the except clause that catches exc, if any, and returns the
// exception that leaves the try statement (nil when handled).
func (s *Session) handle(st *lang.TryStmt, exc *Exception, c *ctl) *Exception {
	depth := len(s.stack)
	for _, h := range st.Handlers {
		matched := true
		if h.Type != nil {
			var cls Value
			if err := s.catch(func() { cls = s.eval(h.Type); matched = excMatches(exc, cls) }); err != nil {
				s.unwindTo(depth, err)
				return err
			}
		}
		if !matched {
			continue
		}
		// The frame that caught it is the last of its traceback (shown
		// when another exception is raised while handling it).
		exc.Trace = append(exc.Trace, s.hereFrame())
		s.handling = append(s.handling, exc)
		err := s.catch(func() {
			if h.Name != "" {
				s.storeName(h.Name, exc)
			}
			*c = s.execBlock(h.Body)
			if h.Name != "" {
				// Python deletes the name at the end of the handler.
				s.unbind(h.Name)
			}
		})
		s.handling = s.handling[:len(s.handling)-1]
		if err == exc {
			// raise again: the frame is added again as it is left.
			exc.Trace = exc.Trace[:len(exc.Trace)-1]
		}
		if err != nil {
			s.unwindTo(depth, err)
			if err != exc && err.Context == nil && !chainHas(exc, err) {
				err.Context = exc
			}
		}
		return err
	}
	return exc
}

// unbind removes a variable if it is bound.
func (s *Session) unbind(name string) {
	if c := s.nameCell(name); c != nil {
		c.v = nil
		return
	}
	delete(s.globals, name)
}

// execWith runs the items of a with statement from the i-th, then its
// body.
func (s *Session) execWith(st *lang.WithStmt, i int) ctl {
	if i == len(st.Items) {
		return s.execBlock(st.Body)
	}
	it := st.Items[i]
	v := s.eval(it.Ctx)
	cm, ok := v.(ContextManager)
	if !ok {
		throw("TypeError", errNotContextManager, TypeName(v))
	}
	r := cm.Enter(s)
	depth := len(s.stack)
	var c ctl
	exc := s.catch(func() {
		if it.Target != nil {
			s.assign(it.Target, orNone(r))
		}
		c = s.execWith(st, i+1)
	})
	if exc != nil {
		s.unwindTo(depth, exc)
		if cm.Exit(s, exc) {
			return ctlNone
		}
		panic(exc)
	}
	cm.Exit(s, nil)
	return c
}

// interactiveCheck is the prompt's rule that a compound statement is an
// input of its own: a statement after it in the same input is a
// SyntaxError (scripts hand each compound statement over alone).
//
// A simple statement followed by another one on a later line (an input
// pasted whole, as CPython 3.11's prompt reads a bracketed paste) is
// compiled as a single statement, and fails as compile(src, '<stdin>',
// 'single') does; statements separated by ';' on one line are one input.
func interactiveCheck(stmts []lang.Stmt) *Exception {
	for i := 0; i+1 < len(stmts); i++ {
		if lang.IsCompound(stmts[i]) {
			start, _ := stmts[i+1].Span()
			return &Exception{Type: "SyntaxError", Msg: errInvalidSyntax, Line: start.Line}
		}
		_, end := stmts[i].Span()
		if next, _ := stmts[i+1].Span(); next.Line > end.Line && end.Line > 0 {
			start, _ := stmts[0].Span()
			return &Exception{Type: "SyntaxError", Msg: errMultipleStatements, Line: start.Line}
		}
	}
	return nil
}

// firstSimpleStmt is the first simple statement of st: st itself, or the
// first one of a compound statement's body (nil for an empty one).
func firstSimpleStmt(st lang.Stmt) lang.Stmt {
	var body []lang.Stmt
	switch s := st.(type) {
	case *lang.ForStmt:
		body = s.Body
	case *lang.WhileStmt:
		body = s.Body
	case *lang.IfStmt:
		body = s.Body
	case *lang.WithStmt:
		body = s.Body
	case *lang.TryStmt:
		body = s.Body
	case *lang.FuncDef:
		body = s.Body
	default:
		return st
	}
	if len(body) == 0 {
		return nil
	}
	return firstSimpleStmt(body[0])
}

// hereFrame is the traceback entry of the statement the current frame
// runs.
func (s *Session) hereFrame() TraceFrame {
	if f := s.frame; f != nil {
		return TraceFrame{Func: f.code.name, Line: f.line, Text: sourceLine(f.code.src, f.code.firstLine, f.line)}
	}
	return TraceFrame{Func: "<module>", Line: s.line, Text: sourceLine(s.src, s.chunkLine, s.line)}
}

// chainHas reports whether e is in the cause/context chain of from (so
// that linking them would make a cycle).
func chainHas(from, e *Exception) bool {
	for x, n := from, 0; x != nil && n < 100; n++ {
		if x == e {
			return true
		}
		if x.Cause != nil {
			x = x.Cause
		} else {
			x = x.Context
		}
	}
	return false
}
