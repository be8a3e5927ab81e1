package eval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tensh/tensh/lang"
)

// Functions defined with def and lambda, their scopes and their calls.

// Function is a function value made by def or lambda.
type Function struct {
	Name     string
	code     *funcCode
	defaults []Value          // of the parameters that have one, in order
	kwDefs   map[string]Value // defaults of keyword-only parameters
	closure  []*cell          // the free variables' cells (funcCode.free)
	Doc      Value
	addr     uintptr
}

// cell holds a variable of a function's frame (closures share it). v is
// nil while the variable is unbound.
type cell struct{ v Value }

// funcCode is what the scope analysis of a def, lambda or comprehension
// found: which names are local, declared global, or free (bound in an
// enclosing function).
type funcCode struct {
	name    string
	params  []lang.Param
	body    []lang.Stmt    // a def's body
	expr    lang.Expr      // a lambda's body
	locals  map[string]int // local variables: their slots in a frame
	globals map[string]bool
	free    map[string]int // free variables: their index in the closure
	nlocals int
	// plain is set when every parameter is a positional one (no *args,
	// **kwargs or keyword-only parameters).
	plain bool
	// pool holds frames of finished calls, for reuse.
	pool []*frame
	// children are the scopes nested in this one.
	children map[lang.Node]*funcCode
	// src and firstLine locate the source text the code was parsed from,
	// for tracebacks.
	src       string
	firstLine int
}

// frame is one call of a function (or one run of a comprehension).
type frame struct {
	code  *funcCode
	fn    *Function
	cells []*cell // the local variables, by slot
	ret   Value
	// inline and ptrs hold the cells of functions with few variables.
	inline [6]cell
	ptrs   [6]*cell
	line   int // line of the statement being run
}

// recursionLimit is sys.getrecursionlimit(): Python fails a call that
// would make the 1000th frame (the prompt's own frame counts).
const recursionLimit = 1000

// Messages of functions and scopes (Python 3.11).
const (
	errUnboundLocal    = "cannot access local variable '%s' where it is not associated with a value"
	errUnboundFree     = "cannot access free variable '%s' where it is not associated with a value in enclosing scope"
	errTakesPositional = "%s() takes %d positional argument%s but %d %s given"
	errTakesFromToPos  = "%s() takes from %d to %d positional arguments but %d %s given"
	errMissingPos      = "%s() missing %d required positional argument%s: %s"
	errMissingKwOnly   = "%s() missing %d required keyword-only argument%s: %s"
	errUnexpectedKw    = "%s() got an unexpected keyword argument '%s'"
	errMultipleVals    = "%s() got multiple values for argument '%s'"
	errPosOnlyAsKw     = "%s() got some positional-only arguments passed as keyword arguments: '%s'"
	errKwMustBeStrings = "keywords must be strings"
	errNoBindingNonloc = "no binding for nonlocal '%s' found"
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
	sc := &scopeWalk{assigned: map[string]bool{}, loads: map[string]bool{}, nonlocals: map[string]bool{}, globals: c.globals}
	switch n := n.(type) {
	case *lang.FuncDef:
		c.name, c.params, c.body = n.Name, n.Params, n.Body
		for _, st := range n.Body {
			sc.stmt(st)
		}
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
	nested                              []lang.Node
	idents                              []*lang.Ident // the names of the scope's code
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
		for _, p := range st.Params {
			if p.Default != nil {
				w.expr(p.Default)
			}
		}
		w.nested = append(w.nested, st)
	case *lang.ReturnStmt:
		if st.Value != nil {
			w.expr(st.Value)
		}
	case *lang.GlobalStmt:
		for _, n := range st.Names {
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

// ---- Variables ----

// enclosingCodes is the chain of function scopes the current frame is in,
// for analysing a def or lambda met at run time.
func (s *Session) enclosingCodes() []*funcCode {
	if s.frame == nil {
		return nil
	}
	return []*funcCode{s.frame.code}
}

// setFree numbers the free variables, in name order.
func (c *funcCode) setFree(free map[string]bool) {
	names := make([]string, 0, len(free))
	for n := range free {
		names = append(names, n)
	}
	sort.Strings(names)
	c.free = make(map[string]int, len(names))
	for i, n := range names {
		c.free[n] = i
	}
}

// slotOf is the lang.Ident.Slot of a name of the scope.
func (c *funcCode) slotOf(name string) int32 {
	if i, ok := c.locals[name]; ok {
		return int32(i + 1)
	}
	if i, ok := c.free[name]; ok {
		return int32(-i - 1)
	}
	return 0
}

// newFrame makes the frame of a call of code (in one allocation when
// the function has few variables).
func newFrame(code *funcCode, fn *Function) *frame {
	fr := &frame{code: code, fn: fn}
	n := code.nlocals
	var backing []cell
	if n <= len(fr.inline) {
		fr.cells, backing = fr.ptrs[:n], fr.inline[:n]
	} else {
		fr.cells, backing = make([]*cell, n), make([]cell, n)
	}
	for i := range fr.cells {
		fr.cells[i] = &backing[i]
	}
	return fr
}

// loadIdent reads the variable an identifier names.
func (s *Session) loadIdent(id *lang.Ident) Value {
	if id.Slot != 0 && s.frame != nil {
		var c *cell
		if id.Slot > 0 {
			c = s.frame.cells[id.Slot-1]
		} else {
			c = s.frame.fn.closure[-id.Slot-1]
		}
		if c.v == nil {
			if id.Slot > 0 {
				throw("UnboundLocalError", errUnboundLocal, id.Name)
			}
			throw("NameError", errUnboundFree, id.Name)
		}
		return c.v
	}
	return s.loadName(id.Name)
}

// storeIdent binds the variable an identifier names.
func (s *Session) storeIdent(id *lang.Ident, v Value) {
	if id.Slot != 0 && s.frame != nil {
		if id.Slot > 0 {
			s.frame.cells[id.Slot-1].v = v
		} else {
			s.frame.fn.closure[-id.Slot-1].v = v
		}
		return
	}
	s.storeName(id.Name, v)
}

// loadName reads a variable.
func (s *Session) loadName(name string) Value {
	if c := s.nameCell(name); c != nil {
		if c.v == nil {
			if _, local := s.frame.code.locals[name]; local {
				throw("UnboundLocalError", errUnboundLocal, name)
			}
			throw("NameError", errUnboundFree, name)
		}
		return c.v
	}
	v, ok := s.lookup(name)
	if !ok {
		throw("NameError", errNameNotDefined, name)
	}
	return v
}

// nameCell returns the cell of a local or free variable of the current
// frame, or nil for a global.
func (s *Session) nameCell(name string) *cell {
	f := s.frame
	if f == nil {
		return nil
	}
	if i, ok := f.code.locals[name]; ok {
		return f.cells[i]
	}
	if i, ok := f.code.free[name]; ok {
		return f.fn.closure[i]
	}
	return nil
}

// storeName binds a variable.
func (s *Session) storeName(name string, v Value) {
	if c := s.nameCell(name); c != nil {
		c.v = v
		return
	}
	s.globals[name] = v
}

// delName is del name.
func (s *Session) delName(name string) {
	if c := s.nameCell(name); c != nil {
		if c.v == nil {
			throw("UnboundLocalError", errUnboundLocal, name)
		}
		c.v = nil
		return
	}
	if _, ok := s.globals[name]; !ok {
		throw("NameError", errNameNotDefined, name)
	}
	delete(s.globals, name)
}

// ---- Making and calling functions ----

// makeFunction evaluates a def's or lambda's defaults and captures its
// free variables.
func (s *Session) makeFunction(n lang.Node, name string, params []lang.Param) *Function {
	code := s.analyzeScope(n, s.enclosingCodes())
	f := &Function{Name: name, code: code, Doc: None}
	f.addr = nextObjectAddr()
	for _, p := range params {
		if p.Default == nil {
			continue
		}
		v := s.eval(p.Default)
		if p.Kind == lang.ParamKwOnly {
			if f.kwDefs == nil {
				f.kwDefs = map[string]Value{}
			}
			f.kwDefs[p.Name] = v
		} else {
			f.defaults = append(f.defaults, v)
		}
	}
	f.closure = s.capture(code)
	if d, ok := n.(*lang.FuncDef); ok && len(d.Body) > 0 {
		if es, ok := d.Body[0].(*lang.ExprStmt); ok {
			if lit, ok := es.X.(*lang.StringLit); ok {
				f.Doc = Str(lit.Value)
			}
		}
	}
	return f
}

// pushFrame enters a new frame for code, checking the recursion limit.
func (s *Session) pushFrame(fr *frame) {
	if len(s.stack)+1 >= recursionLimit {
		throw("RecursionError", errRecursion)
	}
	poll()
	if len(s.stack) == 0 {
		s.moduleLine = s.line
	}
	s.stack = append(s.stack, fr)
	s.frame = fr
}

// popFrame leaves the current frame.
func (s *Session) popFrame() {
	s.stack[len(s.stack)-1] = nil
	s.stack = s.stack[:len(s.stack)-1]
	s.frame = nil
	if n := len(s.stack); n > 0 {
		s.frame = s.stack[n-1]
		s.line = s.frame.line
	} else {
		s.line = s.moduleLine
	}
}

// callFunction calls a def or lambda function. An exception leaves the
// frame on s.stack for the traceback; whoever catches it unwinds the
// stack (see unwindTo).
func (s *Session) callFunction(f *Function, a *Args) Value {
	return s.runFunction(f, nil, a)
}

// runFunction runs a call of f with the arguments a, or (a nil) with
// vals, one per parameter.
func (s *Session) runFunction(f *Function, vals []Value, a *Args) Value {
	code := f.code
	var fr *frame
	if n := len(code.pool); n > 0 {
		fr = code.pool[n-1]
		code.pool = code.pool[:n-1]
		fr.fn = f
	} else {
		fr = newFrame(code, f)
	}
	if a != nil {
		s.bindArgs(f, fr, a)
	} else {
		for i, v := range vals {
			fr.cells[i].v = v
		}
	}
	s.pushFrame(fr)
	var r Value = None
	if code.expr != nil {
		fr.line = exprLine(code.expr)
		r = s.eval(code.expr)
	} else if s.execBlock(code.body) == ctlReturn {
		r = fr.ret
	}
	s.popFrame()
	if len(code.children) == 0 && len(code.pool) < maxPooledFrames {
		// No closure can hold this frame's cells: keep it for the next
		// call. (A frame an exception left is not reused.)
		for _, c := range fr.cells {
			c.v = nil
		}
		fr.ret, fr.fn = nil, nil
		code.pool = append(code.pool, fr)
	}
	return r
}

// callPlain calls f with the positional arguments of e, one per
// parameter, without making an Args (the common call). ok is false when
// e has other kinds of arguments.
func (s *Session) callPlain(e *lang.CallExpr, f *Function) (Value, bool) {
	for _, a := range e.Args {
		if a.Star != 0 || a.Name != "" {
			return nil, false
		}
	}
	var buf [6]Value
	vals := buf[:len(e.Args)]
	for i, a := range e.Args {
		vals[i] = s.eval(a.Value)
	}
	prev := s.teach.ctx
	s.teach.ctx = opContext{node: e, fn: f}
	r := s.runFunction(f, vals, nil)
	s.teach.ctx = prev
	return r, true
}

// maxPooledFrames bounds the frames a function keeps for reuse.
const maxPooledFrames = 4

func exprLine(e lang.Expr) int {
	p, _ := e.Span()
	return p.Line
}

// bindArgs binds a call's arguments to the parameters, with Python's
// errors.
func (s *Session) bindArgs(f *Function, fr *frame, a *Args) {
	params := f.code.params
	if len(a.Kw) == 0 && len(a.Pos) == len(params) && f.code.plain {
		// The common call: one positional argument per parameter (whose
		// slots come first, in order).
		for i, v := range a.Pos {
			fr.cells[i].v = v
		}
		return
	}
	set := func(name string, v Value) { fr.cells[f.code.locals[name]].v = v }
	isSet := func(name string) bool { return fr.cells[f.code.locals[name]].v != nil }
	var varArgs, varKw *lang.Param
	var positional []lang.Param // parameters that take positional arguments
	nDefaults := len(f.defaults)
	for i := range params {
		p := &params[i]
		switch p.Kind {
		case lang.ParamNormal, lang.ParamPosOnly:
			positional = append(positional, *p)
		case lang.ParamVarArgs:
			varArgs = p
		case lang.ParamVarKw:
			varKw = p
		}
	}
	// Positional arguments.
	n := min(len(a.Pos), len(positional))
	for i := 0; i < n; i++ {
		set(positional[i].Name, a.Pos[i])
	}
	if varArgs != nil {
		rest := Tuple{}
		if len(a.Pos) > n {
			rest = append(Tuple(nil), a.Pos[n:]...)
		}
		set(varArgs.Name, rest)
	} else if len(a.Pos) > len(positional) {
		was := "were"
		if len(a.Pos) == 1 {
			was = "was"
		}
		given := len(a.Pos)
		if nDefaults > 0 {
			throw("TypeError", errTakesFromToPos, f.Name, len(positional)-nDefaults, len(positional), given, was)
		}
		throw("TypeError", errTakesPositional, f.Name, len(positional), pluralS(len(positional)), given, was)
	}
	// Keyword arguments.
	var kwDict *Dict
	if varKw != nil {
		kwDict = NewDict()
	}
	var posOnlyAsKw []string
	for _, kw := range a.Kw {
		i := paramIndex(params, kw.Name)
		if i < 0 || params[i].Kind == lang.ParamVarArgs || params[i].Kind == lang.ParamVarKw || params[i].Kind == lang.ParamPosOnly {
			if kwDict != nil {
				kwDict.SetItem(Str(kw.Name), kw.Value)
				continue
			}
			if i >= 0 && params[i].Kind == lang.ParamPosOnly {
				posOnlyAsKw = append(posOnlyAsKw, kw.Name)
				continue
			}
			throw("TypeError", errUnexpectedKw, f.Name, kw.Name)
		}
		if isSet(kw.Name) {
			throw("TypeError", errMultipleVals, f.Name, kw.Name)
		}
		set(kw.Name, kw.Value)
	}
	if len(posOnlyAsKw) > 0 {
		throw("TypeError", errPosOnlyAsKw, f.Name, strings.Join(posOnlyAsKw, ", "))
	}
	if varKw != nil {
		set(varKw.Name, kwDict)
	}
	// Defaults, and what is missing.
	var missing []string
	for i, p := range positional {
		if isSet(p.Name) {
			continue
		}
		if d := i - (len(positional) - nDefaults); d >= 0 {
			set(p.Name, f.defaults[d])
			continue
		}
		missing = append(missing, p.Name)
	}
	if len(missing) > 0 {
		throw("TypeError", errMissingPos, f.Name, len(missing), pluralS(len(missing)), nameList(missing))
	}
	for _, p := range params {
		if p.Kind != lang.ParamKwOnly || isSet(p.Name) {
			continue
		}
		if v, ok := f.kwDefs[p.Name]; ok {
			set(p.Name, v)
			continue
		}
		missing = append(missing, p.Name)
	}
	if len(missing) > 0 {
		throw("TypeError", errMissingKwOnly, f.Name, len(missing), pluralS(len(missing)), nameList(missing))
	}
}

func paramIndex(params []lang.Param, name string) int {
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// nameList is Python's list of missing arguments: 'a', 'b' and 'c'.
func nameList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " and " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
}

// functionRepr is <function name at 0x...>.
func functionRepr(f *Function) string {
	return fmt.Sprintf("<function %s at 0x%x>", f.qualName(), f.addr)
}

func (f *Function) qualName() string { return f.Name }

// objectAddr hands out addresses for the reprs of objects that show one,
// in the range CPython's heap objects have.
var objectAddr uintptr = 0x7f3a1c2b4000

func nextObjectAddr() uintptr {
	objectAddr += 0x90
	return objectAddr
}
