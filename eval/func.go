package eval

import (
	"fmt"
	"sort"

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
	// qual is __qualname__ when it differs from Name (a method: A.f);
	// defClass the class whose body defined it (zero-argument super()).
	qual     string
	defClass *Class
	// libraryBody marks a library source's _build function: what it
	// defines is named as at module level (library_source.go).
	libraryBody bool
	// Dict holds the function's attributes (f.x = 1).
	Dict *Dict
	// globals is the namespace of the module that defined it.
	globals map[string]Value
	// annotations is __annotations__ (nil: made empty on first use).
	annotations *Dict
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
	// generator is set when the body has a yield (generator.go).
	generator bool
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
	// callerNode is the expression of the caller that made this call
	// (for the carets of tracebacks).
	callerNode lang.Node
	// savedNS and savedQual are the class body the call was made from.
	savedNS      *Dict
	savedQual    string
	savedGlobals map[string]Value
	// gen is the generator whose body this frame runs (generator.go).
	gen *PyGenerator
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
	errNoBindingNonloc = "no binding for nonlocal '%s' found"
)

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
			s.lastIdent = id
			if id.Slot > 0 {
				throw("UnboundLocalError", errUnboundLocal, id.Name)
			}
			throw("NameError", errUnboundFree, id.Name)
		}
		return c.v
	}
	s.lastIdent = id // the name a NameError is about (traceback_carets.go)
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
	if s.classNS != nil {
		if v, ok := s.classNS.getStr(name); ok {
			return v
		}
	}
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
	if s.classNS != nil {
		s.classNS.SetItem(Str(name), v)
		return
	}
	if c := s.nameCell(name); c != nil {
		c.v = v
		return
	}
	s.globals[name] = v
}

// delName is del name.
func (s *Session) delName(name string) {
	if s.classNS != nil {
		if !s.classNS.Delete(Str(name)) {
			throw("NameError", errNameNotDefined, name)
		}
		return
	}
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
	f := &Function{Name: name, code: code, Doc: None, globals: s.globals}
	f.addr = nextObjectAddr()
	switch {
	case s.classNS != nil:
		f.qual = s.classQual + "." + name
	case s.frame != nil && s.frame.fn != nil && !s.frame.fn.libraryBody:
		f.qual = s.frame.fn.qualName() + ".<locals>." + name
	}
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
	if d, ok := n.(*lang.FuncDef); ok {
		f.annotations = s.evalAnnotations(d)
	}
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
		suffix := s.recSuffix
		s.recSuffix = ""
		throw("RecursionError", errRecursion+"%s", suffix)
	}
	s.recSuffix = ""
	poll()
	if len(s.stack) == 0 {
		s.moduleLine = s.line
	}
	s.stack = append(s.stack, fr)
	s.frame = fr
	fr.savedNS, fr.savedQual, fr.savedGlobals = s.classNS, s.classQual, s.globals
	s.classNS, s.classQual = nil, ""
	if fr.fn != nil && fr.fn.globals != nil {
		s.globals = fr.fn.globals
	}
}

// popFrame leaves the current frame.
func (s *Session) popFrame() {
	top := s.stack[len(s.stack)-1]
	s.classNS, s.classQual, s.globals = top.savedNS, top.savedQual, top.savedGlobals
	top.savedNS, top.savedGlobals = nil, nil
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
	if code.generator {
		fr := newFrame(code, f)
		if a != nil {
			s.bindArgs(f, fr, a)
		} else {
			for i, v := range vals {
				fr.cells[i].v = v
			}
		}
		return s.newPyGenerator(f, fr)
	}
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
	fr.callerNode = s.curNode
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
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: e, Fn: f}
	s.curNode = e
	r := s.runFunction(f, vals, nil)
	s.teach.ctx, s.curNode = prev, prevNode
	return r, true
}

// maxPooledFrames bounds the frames a function keeps for reuse.
const maxPooledFrames = 4

func exprLine(e lang.Expr) int {
	p, _ := e.Span()
	return p.Line
}

// functionRepr is <function name at 0x...>.
func functionRepr(f *Function) string {
	return fmt.Sprintf("<function %s at 0x%x>", f.qualName(), f.addr)
}

func (f *Function) qualName() string {
	if f.qual != "" {
		return f.qual
	}
	return f.Name
}

// objectAddr hands out addresses for the reprs of objects that show one,
// in the range CPython's heap objects have.
var objectAddr uintptr = 0x7f3a1c2b4000

func nextObjectAddr() uintptr {
	objectAddr += 0x90
	return objectAddr
}
