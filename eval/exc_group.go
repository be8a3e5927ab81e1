package eval

import (
	"strconv"

	"github.com/tensh/tensh/lang"
)

// Exception groups (PEP 654): BaseExceptionGroup and ExceptionGroup,
// their subgroup/split/derive, and the except* clauses that handle the
// matching part of a group.

// Messages of exception groups (CPython 3.11).
const (
	errEGArgs         = "BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)"
	errEGMsgStr       = "BaseExceptionGroup.__new__() argument 1 must be str, not %s"
	errEGSeq          = "second argument (exceptions) must be a sequence"
	errEGEmpty        = "second argument (exceptions) must be a non-empty sequence"
	errEGItem         = "Item %d of second argument (exceptions) is not an exception"
	errEGNest         = "Cannot nest BaseExceptions in an ExceptionGroup"
	errEGCond         = "expected a function, exception type or tuple of exception types"
	errExceptStarEG   = "catching ExceptionGroup with except* is not allowed. Use except instead."
	errExceptStarType = "catching classes that do not inherit from BaseException is not allowed"
)

// excGroup is what an exception group holds beyond its args.
type excGroup struct {
	msg  Str
	excs Tuple
}

// newExceptionGroup is BaseExceptionGroup(msg, excs) or
// ExceptionGroup(msg, excs).
func newExceptionGroup(typ string, a *Args) *Exception {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, typ)
	}
	if len(a.Pos) != 2 {
		throw("TypeError", errEGArgs, len(a.Pos))
	}
	msg, ok := a.Pos[0].(Str)
	if !ok {
		throw("TypeError", errEGMsgStr, TypeName(a.Pos[0]))
	}
	var items []Value
	switch x := a.Pos[1].(type) {
	case *List:
		items = x.Elems
	case Tuple:
		items = x
	default:
		throw("TypeError", errEGSeq)
	}
	if len(items) == 0 {
		throw("ValueError", errEGEmpty)
	}
	allExc := true
	for i, it := range items {
		e, ok := it.(*Exception)
		if !ok {
			throw("ValueError", errEGItem, i)
		}
		if !e.isA("Exception") {
			allExc = false
		}
	}
	switch {
	case typ == "ExceptionGroup" && !allExc:
		throw("TypeError", errEGNest)
	case typ == "BaseExceptionGroup" && allExc:
		typ = "ExceptionGroup"
	}
	return makeGroup(typ, msg, Tuple(append([]Value(nil), items...)), a.Pos[1])
}

func makeGroup(typ string, msg Str, excs Tuple, given Value) *Exception {
	e := &Exception{Type: typ, Args: Tuple{msg, given}, HasArgs: true, group: &excGroup{msg: msg, excs: excs}}
	e.Msg = groupStr(e.group)
	return e
}

// groupStr is str(eg): "msg (2 sub-exceptions)".
func groupStr(g *excGroup) string {
	n := len(g.excs)
	s := "s"
	if n == 1 {
		s = ""
	}
	return string(g.msg) + " (" + strconv.Itoa(n) + " sub-exception" + s + ")"
}

// groupAttr is eg.message, eg.exceptions, eg.subgroup, eg.split, eg.derive.
func (s *Session) groupAttr(e *Exception, name string) (Value, bool) {
	g := e.group
	switch name {
	case "message":
		return g.msg, true
	case "exceptions":
		return g.excs, true
	case "subgroup":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "subgroup", 1, 1)
			m, _ := a.s.splitGroup(e, a.s.excCondition(a.Pos[0]))
			return orNone(excValue(m))
		}}, true
	case "split":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "split", 1, 1)
			m, r := a.s.splitGroup(e, a.s.excCondition(a.Pos[0]))
			return Tuple{orNone(excValue(m)), orNone(excValue(r))}
		}}, true
	case "derive":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "derive", 1, 1)
			return newExceptionGroup("BaseExceptionGroup", &Args{Pos: []Value{g.msg, a.Pos[0]}})
		}}, true
	}
	return nil, false
}

func excValue(e *Exception) Value {
	if e == nil {
		return nil
	}
	return e
}

// excCondition is the condition of subgroup and split: a class, a tuple
// of classes or a predicate.
func (s *Session) excCondition(c Value) func(e *Exception) bool {
	switch x := c.(type) {
	case *Class:
		if isExceptionClass(x) {
			return func(e *Exception) bool { return e.objClass().subclassOf(x) }
		}
	case Tuple:
		for _, t := range x {
			if c, ok := t.(*Class); !ok || !isExceptionClass(c) {
				throw("TypeError", errEGCond)
			}
		}
		return func(e *Exception) bool { return excMatches(e, x) }
	}
	if callable(c) {
		return func(e *Exception) bool { return s.truth(s.Call(c, &Args{Pos: []Value{e}})) }
	}
	throw("TypeError", errEGCond)
	return nil
}

// splitGroup splits e (a group, or the group itself when it matches as
// a whole) into the part that matches cond and the rest (nil: none).
func (s *Session) splitGroup(e *Exception, cond func(*Exception) bool) (match, rest *Exception) {
	if cond(e) {
		return e, nil
	}
	if e.group == nil {
		return nil, e
	}
	var ms, rs Tuple
	for _, x := range e.group.excs {
		xe := x.(*Exception)
		m, r := s.splitGroup(xe, cond)
		if m != nil {
			ms = append(ms, m)
		}
		if r != nil {
			rs = append(rs, r)
		}
	}
	// A side that keeps every leaf is the group itself.
	if len(rs) == 0 {
		return e, nil
	}
	if len(ms) == 0 {
		return nil, e
	}
	derive := func(excs Tuple) *Exception {
		if len(excs) == 0 {
			return nil
		}
		typ := "BaseExceptionGroup"
		all := true
		for _, x := range excs {
			all = all && x.(*Exception).isA("Exception")
		}
		if all {
			typ = "ExceptionGroup"
		}
		d := makeGroup(typ, e.group.msg, excs, &List{Elems: excs})
		d.Cause, d.Context, d.SuppressContext, d.notes = e.Cause, e.Context, e.SuppressContext, e.notes
		return d
	}
	return derive(ms), derive(rs)
}

// handleStar runs the except* clauses of a try statement for exc and
// returns the exception that leaves it (nil when every part was
// handled).
func (s *Session) handleStar(st *lang.TryStmt, exc *Exception, c *ctl) *Exception {
	rest := exc
	naked := exc.group == nil
	if naked {
		rest = makeGroup("ExceptionGroup", "", Tuple{exc}, Tuple{exc})
		if !exc.isA("Exception") {
			rest.Type = "BaseExceptionGroup"
		}
	}
	var raised []Value
	depth := len(s.stack)
	for _, h := range st.Handlers {
		if rest == nil {
			break
		}
		cls := s.eval(h.Type)
		s.checkStarType(cls)
		match, r := s.splitGroup(rest, func(e *Exception) bool { return excMatches(e, cls) })
		if match == nil {
			continue
		}
		rest = r
		s.handling = append(s.handling, match)
		err := s.catch(func() {
			if h.Name != "" {
				s.storeName(h.Name, match)
			}
			*c = s.execBlock(h.Body)
			if h.Name != "" {
				s.unbind(h.Name)
			}
		})
		s.handling = s.handling[:len(s.handling)-1]
		if err != nil {
			s.unwindTo(depth, err)
			if err != match && err.Context == nil {
				err.Context = match
			}
			raised = append(raised, err)
		}
	}
	if len(raised) == 0 {
		if rest != nil && naked && len(rest.group.excs) == 1 {
			return exc
		}
		return rest
	}
	if rest != nil {
		raised = append(raised, rest)
	}
	return newExceptionGroup("BaseExceptionGroup", &Args{Pos: []Value{Str(""), &List{Elems: raised}}})
}

// checkStarType checks the class (or classes) of an except* clause.
func (s *Session) checkStarType(cls Value) {
	classes := []Value{cls}
	if t, ok := cls.(Tuple); ok {
		classes = t
	}
	for _, x := range classes {
		c, ok := x.(*Class)
		if !ok || !isExceptionClass(c) {
			throw("TypeError", errExceptStarType)
		}
		if c.subclassOf(excClasses["BaseExceptionGroup"]) {
			throw("TypeError", errExceptStarEG)
		}
	}
}
