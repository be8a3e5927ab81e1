package eval

import (
	"github.com/tensh/tensh/lang"
)

// Calls of classes (__new__ then __init__), of bound methods, of objects
// with __call__, and the fast path of obj.method(args).

// Messages of calls.
const (
	errInitReturned  = "__init__() should return None, not '%s'"
	errNewNotType    = "%s.__new__(X): X is not a type object (%s)"
	errNewNotSubtype = "%s.__new__(%s): %s is not a subtype of %s"
	errNewNoArg      = "%s.__new__(): not enough arguments"
)

// callClass is C(args): a class defined in Python.
func (s *Session) callClass(c *Class, a *Args) Value {
	if c.Meta != nil {
		if call, ok := c.Meta.lookup("__call__"); ok {
			if !isBuiltinDescr(call) {
				return s.Call(s.bindDescr(call, c, c.Meta), a)
			}
		}
	}
	return s.typeCall(c, a)
}

// typeCall is type.__call__(c, *args): __new__, then __init__ when the
// result is an instance of c.
func (s *Session) typeCall(c *Class, a *Args) Value {
	newf, _ := c.lookup("__new__")
	initf, _ := c.lookup("__init__")
	userNew := !isObjectSlot(newf, "__new__")
	userInit := !isObjectSlot(initf, "__init__")
	var obj Value
	if userNew {
		fn := newf
		if sm, ok := newf.(*StaticMethod); ok {
			fn = sm.Fn
		}
		pos := append([]Value{c}, a.Pos...)
		obj = s.Call(fn, &Args{Pos: pos, Kw: a.Kw})
	} else {
		if !userInit && c.solid == nil && (len(a.Pos) > 0 || len(a.Kw) > 0) {
			throw("TypeError", errClassNoArgs, c.PyName)
		}
		obj = s.newObject(c, a)
	}
	if userNew && !isInstanceOf(obj, c) {
		return obj
	}
	if userInit {
		var r Value
		if fn, ok := initf.(*Function); ok {
			r = s.callWithSelf(fn, obj, a)
		} else {
			r = s.Call(s.bindDescr(initf, obj, c), a)
		}
		if r != None {
			throw("TypeError", errInitReturned, TypeName(r))
		}
	}
	return obj
}

// isObjectSlot reports whether v is object's own method name.
func isObjectSlot(v Value, name string) bool {
	d, ok := v.(*methodDescr)
	return ok && d.owner == objectClass && d.fn.Name == name
}

// isInstanceOf is isinstance(v, c) for a class c.
func isInstanceOf(v Value, c *Class) bool {
	if uc := userClassOf(v); uc != nil {
		return uc.subclassOf(c)
	}
	return isInstance(v, c)
}

// newObject is object.__new__(c) (or the builtin base's __new__): an
// empty object of class c.
func (s *Session) newObject(c *Class, a *Args) Value {
	chargeObject()
	if c.classInfo == nil {
		if c.Call == nil {
			throw("TypeError", errCantCreate, c.Name)
		}
		return c.Call(a)
	}
	switch {
	case c.solid == nil:
		return newInstance(s, c, nil)
	case isExcClass(c.solid):
		typ := c.PyName
		if m := c.Module; m != "" && m != "__main__" && m != "builtins" {
			typ = m + "." + c.QualName // as tracebacks name it: dataclasses.FrozenInstanceError
		}
		e := &Exception{Type: typ, cls: c, dict: NewDict(), HasArgs: true}
		e.Args = Tuple(append([]Value{}, a.Pos...))
		return e
	case c.solid == typeClass:
		return s.Call(typeClass, a)
	}
	o := newInstance(s, c, nil)
	switch c.solid {
	case listClass:
		o.Base = &List{}
	case dictClass:
		o.Base = NewDict()
	case setClass:
		o.Base = NewSet()
	default:
		o.Base = s.Call(c.solid, &Args{Pos: a.Pos, Kw: a.Kw})
	}
	return o
}

const errClassNoArgs = "%s() takes no arguments"

const errCantCreate = "cannot create '%s' instances"

// callWithSelf calls fn with obj prepended to the arguments.
func (s *Session) callWithSelf(fn *Function, obj Value, a *Args) Value {
	if len(a.Kw) == 0 && fn.code.plain && len(a.Pos)+1 == len(fn.code.params) && len(a.Pos) < 6 {
		var buf [6]Value
		vals := buf[:len(a.Pos)+1]
		vals[0] = obj
		copy(vals[1:], a.Pos)
		return s.runFunction(fn, vals, nil)
	}
	pos := make([]Value, 0, len(a.Pos)+1)
	pos = append(append(pos, obj), a.Pos...)
	return s.callFunction(fn, &Args{s: s, Pos: pos, Kw: a.Kw, Name: fn.Name})
}

// callMethodValue calls a bound method.
func (s *Session) callMethodValue(m *PyMethod, a *Args) Value {
	if fn, ok := m.Fn.(*Function); ok {
		return s.callWithSelf(fn, m.Self, a)
	}
	pos := make([]Value, 0, len(a.Pos)+1)
	pos = append(append(pos, m.Self), a.Pos...)
	return s.Call(m.Fn, &Args{Pos: pos, Kw: a.Kw})
}

// callInstance is obj(args): __call__.
func (s *Session) callInstance(x Value, c *Class, a *Args) Value {
	f, ok := c.lookup("__call__")
	if !ok {
		throw("TypeError", errNotCallable, TypeName(x))
	}
	if fn, ok := f.(*Function); ok {
		return s.callWithSelf(fn, x, a)
	}
	return s.Call(s.bindDescr(f, x, c), a)
}

// callDescr calls a builtin class's method through the class:
// list.append(l, 1), object.__init__(self).
func (s *Session) callDescr(d *methodDescr, a *Args) Value {
	if len(a.Pos) == 0 {
		throw("TypeError", errDescrNeedsObj, d.fn.Name, d.owner.pyName())
	}
	self := a.Pos[0]
	if !isInstanceOf(self, d.owner) && d.owner != objectClass && !(d.fn.Name == "__new__") {
		if len(d.fn.Name) > 4 && d.fn.Name[:2] == "__" {
			throw("TypeError", errDescrRequires, d.fn.Name, d.owner.pyName(), TypeName(self))
		}
		throw("TypeError", errDescrWrongType, d.fn.Name, d.owner.pyName(), TypeName(self))
	}
	b := &Args{Name: d.fn.Name, Self: d.self(self), Pos: a.Pos[1:], Kw: a.Kw, s: s}
	return orNone(d.fn.Fn(b))
}

// methodCache is the inline cache of a call site obj.name(...): the
// function name found in class cls while the classes were at epoch.
type methodCache struct {
	cls   *Class
	epoch uint64
	fn    *Function
}

// evalMethodCall is the fast path of obj.name(args) where obj is an
// Instance and name a plain function of its class: no bound method is
// made. ok false: take the general path.
func (s *Session) evalMethodCall(e *lang.CallExpr, ae *lang.AttrExpr, o *Instance) (Value, bool) {
	c := o.Class
	var f *Function
	if ac, ok := ae.Cache.(*methodCache); ok && ac.cls == c && ac.epoch == classEpoch {
		f = ac.fn
	} else {
		c.refresh()
		if c.slots.getattribute || len(e.Args) > 5 {
			return nil, false
		}
		t, ok := c.lookup(ae.Name)
		if !ok {
			return nil, false
		}
		f, ok = t.(*Function)
		if !ok || !f.code.plain || len(f.code.params) != len(e.Args)+1 {
			return nil, false
		}
		for _, a := range e.Args {
			if a.Star != 0 || a.Name != "" {
				return nil, false
			}
		}
		ae.Cache = &methodCache{cls: c, epoch: classEpoch, fn: f}
	}
	if o.Dict.Len() > 0 {
		if _, shadowed := o.Dict.strIndex(ae.Name); shadowed {
			return nil, false
		}
	}
	var buf [6]Value
	vals := buf[:len(e.Args)+1]
	vals[0] = o
	for i, a := range e.Args {
		vals[i+1] = s.eval(a.Value)
	}
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: e, Fn: f}
	s.curNode = e
	r := s.runFunction(f, vals, nil)
	s.teach.ctx, s.curNode = prev, prevNode
	return r, true
}

// augInstanceAttr is the fast path of o.name op= value for an attribute
// in o's own dict (no descriptor, no __getattr__/__setattr__ of the
// class): false to take the general path.
func (s *Session) augInstanceAttr(o *Instance, t *lang.AttrExpr, st *lang.AugAssignStmt) bool {
	c := o.Class
	c.refresh()
	if c.slots.getattribute || c.slots.setattr || o.Dict == nil {
		return false
	}
	i, ok := o.Dict.strIndex(t.Name)
	if !ok {
		return false
	}
	if d, found := c.lookup(t.Name); found && isDataDescr(d) {
		return false
	}
	old := o.Dict.Vals[i]
	y := s.eval(st.Value)
	r, ok := fastIntOp(st.Op, old, y)
	if !ok {
		r = s.inplaceAt(st, old, y)
	}
	if j, ok := o.Dict.strIndex(t.Name); ok {
		o.Dict.Vals[j] = r
	} else {
		s.setAttr(o, t.Name, r)
	}
	return true
}

// evalNewObject is the fast path of C(args) for a class whose __new__ is
// object's and whose __init__ is a plain function taking the arguments
// positionally: no Args is made. ok false: take the general path.
func (s *Session) evalNewObject(e *lang.CallExpr, c *Class) (Value, bool) {
	if c.Meta != nil || c.solid != nil || len(e.Args) > 5 {
		return nil, false
	}
	newf, _ := c.lookup("__new__")
	initv, _ := c.lookup("__init__")
	f, ok := initv.(*Function)
	if !ok || !isObjectSlot(newf, "__new__") || !f.code.plain || len(f.code.params) != len(e.Args)+1 {
		return nil, false
	}
	for _, a := range e.Args {
		if a.Star != 0 || a.Name != "" {
			return nil, false
		}
	}
	var buf [6]Value
	vals := buf[:len(e.Args)+1]
	for i, a := range e.Args {
		vals[i+1] = s.eval(a.Value)
	}
	chargeObject()
	o := newInstance(s, c, nil)
	vals[0] = o
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: e, Fn: c}
	s.curNode = e
	r := s.runFunction(f, vals, nil)
	s.teach.ctx, s.curNode = prev, prevNode
	if r != None {
		throw("TypeError", errInitReturned, TypeName(r))
	}
	return o, true
}
