package eval

import (
	"fmt"

	"github.com/tensh/tensh/lang"
)

// Generator functions: a def whose body has `yield`. A call makes a
// PyGenerator; its body runs on a goroutine of its own that hands
// control back and forth with the caller (only one of them runs at a
// time, so the session's state is never shared), stopping at each yield.
// send, throw and close, `yield from`, StopIteration's value, and the
// generator's attributes are CPython's.

// Messages of generators (CPython 3.11).
const (
	errPyGenRunning     = "generator already executing"
	errGenSendNonNone   = "can't send non-None value to a just-started generator"
	errGenRaisedStop    = "generator raised StopIteration"
	errGenIgnoredExit   = "generator ignored GeneratorExit"
	errYieldOutsideFunc = "'yield' outside function"
	errThrowArg         = "exceptions must be classes or instances deriving from BaseException, not %s"
)

// PyGenerator is the generator a generator function's call returns.
type PyGenerator struct {
	s       *Session
	fn      *Function
	fr      *frame
	state   genState
	resume  chan genMsg // caller -> body
	out     chan genMsg // body -> caller
	addr    uintptr
	yfrom   Value // the iterator `yield from` delegates to
	handled []*Exception
}

type genState int

const (
	genCreated genState = iota
	genSuspended
	genRunning
	genDone
)

// genMsg is a value (or an exception, exc) passed between the caller
// and the body; done: the body returned v.
type genMsg struct {
	v    Value
	exc  any
	done bool
}

// newGenerator makes the generator of a call of f whose arguments are
// bound in fr.
func (s *Session) newPyGenerator(f *Function, fr *frame) *PyGenerator {
	chargeObject()
	g := &PyGenerator{s: s, fn: f, fr: fr, addr: nextObjectAddr()}
	fr.gen = g
	return g
}

func (g *PyGenerator) pyTypeName() string { return "generator" }

func (g *PyGenerator) pyRepr(*reprState) string {
	return fmt.Sprintf("<generator object %s at 0x%x>", g.fn.qualName(), g.addr)
}

// run is the body's goroutine.
func (g *PyGenerator) run() {
	var m genMsg
	defer func() {
		if r := recover(); r != nil {
			m = genMsg{exc: r}
		}
		g.out <- m
	}()
	if g.s.execBlock(g.fr.code.body) == ctlReturn {
		m = genMsg{v: g.fr.ret, done: true}
	} else {
		m = genMsg{v: None, done: true}
	}
}

// step resumes the body with m (a sent value, or an exception to raise
// at the yield) and returns what it yielded; ok false when it returned
// (ret is the return value). An exception the body raises is raised.
func (g *PyGenerator) step(m genMsg) (v Value, ok bool) {
	s := g.s
	switch g.state {
	case genRunning:
		throw("ValueError", errPyGenRunning)
	case genDone:
		if m.exc != nil {
			panic(m.exc)
		}
		return nil, false
	}
	s.pushFrame(g.fr)
	prevNode, prevCtx, hdepth := s.curNode, s.teach.ctx, len(s.handling)
	s.handling = append(s.handling, g.handled...)
	started := g.state != genCreated
	g.state = genRunning
	if !started {
		if m.exc != nil {
			s.popFrame()
			g.state = genDone
			panic(m.exc)
		}
		g.resume, g.out = make(chan genMsg), make(chan genMsg)
		go g.run()
	} else {
		g.resume <- m
	}
	r := <-g.out
	s.curNode, s.teach.ctx = prevNode, prevCtx
	g.handled = append(g.handled[:0], s.handling[hdepth:]...)
	s.handling = s.handling[:hdepth]
	if r.exc != nil {
		g.state = genDone
		g.handled = nil
		if e, isExc := r.exc.(*Exception); isExc && e.isA("StopIteration") {
			re := &Exception{Type: "RuntimeError", Msg: errGenRaisedStop, Cause: e, SuppressContext: true, Context: e}
			panic(re)
		}
		panic(r.exc)
	}
	s.popFrame()
	if r.done {
		g.state = genDone
		g.handled = nil
		g.fr.ret = r.v
		return nil, false
	}
	g.state = genSuspended
	return r.v, true
}

// Next is next(g): false when the generator is exhausted.
func (g *PyGenerator) Next() (Value, bool) { return g.step(genMsg{v: None}) }

// Iter is iter(g): g itself.
func (g *PyGenerator) Iter() Iterator { return g }

// send is g.send(v): StopIteration (with the return value) at the end.
func (g *PyGenerator) send(v Value) Value {
	if g.state == genCreated && v != None {
		throw("TypeError", errGenSendNonNone)
	}
	r, ok := g.step(genMsg{v: v})
	if !ok {
		g.stop()
	}
	return r
}

// stop raises StopIteration with the generator's return value.
func (g *PyGenerator) stop() {
	ret := g.fr.ret
	g.fr.ret = nil
	if ret == nil || ret == None {
		panic(&Exception{Type: "StopIteration"})
	}
	panic(&Exception{Type: "StopIteration", Msg: ToStr(ret), Args: Tuple{ret}, HasArgs: true})
}

// yieldValue hands v to the caller and returns what the caller sends
// back (or raises what it throws in). It runs on the body's goroutine.
func (g *PyGenerator) yieldValue(v Value) Value {
	g.out <- genMsg{v: v}
	m := <-g.resume
	if m.exc != nil {
		panic(m.exc)
	}
	return m.v
}

// evalYield is a yield expression.
func (s *Session) evalYield(e *lang.YieldExpr) Value {
	if s.frame == nil || s.frame.gen == nil || s.classNS != nil {
		throw("SyntaxError", errYieldOutsideFunc)
	}
	g := s.frame.gen
	if !e.From {
		var v Value = None
		if e.Value != nil {
			v = s.eval(e.Value)
		}
		return g.yieldValue(v)
	}
	it := s.eval(e.Value)
	if sub, ok := it.(*PyGenerator); ok {
		g.yfrom = sub
		defer func() { g.yfrom = nil }()
		var sent Value = None
		for {
			var v Value
			var ok bool
			if sent == None {
				v, ok = sub.Next()
			} else {
				if sub.state == genCreated {
					throw("TypeError", errGenSendNonNone)
				}
				v, ok = sub.step(genMsg{v: sent})
			}
			if !ok {
				ret := sub.fr.ret
				sub.fr.ret = nil
				return orNone(ret)
			}
			sent = g.yieldValue(v)
		}
	}
	iter := Iterate(it)
	g.yfrom = it
	defer func() { g.yfrom = nil }()
	for {
		v, ok := iter.Next()
		if !ok {
			return None
		}
		g.yieldValue(v)
	}
}

// throwIn is g.throw(exc): exc raised at the yield where g is suspended.
func (g *PyGenerator) throwIn(a *Args) Value {
	argCount(a, "throw", 1, 3)
	var exc *Exception
	switch x := a.Pos[0].(type) {
	case *Exception:
		exc = x
	case *Class:
		if !isExceptionClass(x) {
			throw("TypeError", errThrowArg, TypeName(x))
		}
		var args []Value
		if len(a.Pos) > 1 && a.Pos[1] != None {
			args = []Value{a.Pos[1]}
		}
		exc = a.s.Call(x, &Args{Pos: args}).(*Exception)
	default:
		throw("TypeError", errThrowArg, TypeName(a.Pos[0]))
	}
	if g.state == genCreated {
		g.state = genDone
		panic(exc)
	}
	r, ok := g.step(genMsg{exc: exc})
	if !ok {
		g.stop()
	}
	return r
}

// close is g.close(): GeneratorExit raised at the yield.
func (g *PyGenerator) close() {
	if g.state == genCreated || g.state == genDone {
		g.state = genDone
		return
	}
	s := g.s
	depth := len(s.stack)
	var yielded bool
	exc := s.catch(func() {
		_, yielded = g.step(genMsg{exc: &Exception{Type: "GeneratorExit"}})
	})
	if exc != nil {
		s.unwindTo(depth, exc)
		if exc.isA("GeneratorExit") || exc.isA("StopIteration") {
			return
		}
		panic(exc)
	}
	if yielded {
		throw("RuntimeError", errGenIgnoredExit)
	}
}

func (g *PyGenerator) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "send":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "send", 1, 1)
			return g.send(a.Pos[0])
		}}, true
	case "throw":
		return &Builtin{Name: name, Fn: g.throwIn}, true
	case "close":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "close", 0, 0)
			g.close()
			return None
		}}, true
	case "__next__":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			v, ok := g.Next()
			if !ok {
				g.stop()
			}
			return v
		}}, true
	case "__iter__":
		return &Builtin{Name: name, Fn: func(a *Args) Value { return g }}, true
	case "gi_running":
		return Bool(g.state == genRunning), true
	case "gi_suspended":
		return Bool(g.state == genSuspended), true
	case "gi_frame":
		if g.state == genDone {
			return None, true
		}
		return &Object{TypeName: "frame", Attrs: map[string]Value{"f_lineno": MakeInt(int64(g.fr.line)),
			"f_locals": g.frameLocals()}, ReprFn: func() string {
			return fmt.Sprintf("<frame at 0x%x, code %s>", g.addr+0x40, g.fn.Name)
		}}, true
	case "gi_yieldfrom":
		return orNone(g.yfrom), true
	case "__name__":
		return Str(g.fn.Name), true
	case "__qualname__":
		return Str(g.fn.qualName()), true
	}
	return nil, false
}

// frameLocals is gi_frame.f_locals: the bound local variables.
func (g *PyGenerator) frameLocals() *Dict {
	d := NewDict()
	names := make([]string, len(g.fr.code.locals))
	for n, i := range g.fr.code.locals {
		names[i] = n
	}
	for i, n := range names {
		if v := g.fr.cells[i].v; v != nil {
			d.SetItem(Str(n), v)
		}
	}
	return d
}

// generatorClass is types.GeneratorType.
var generatorClass = defClass("generator", "generator", nil)

func init() { delete(builtinClasses, "generator") }
