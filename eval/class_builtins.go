package eval

import (
	"fmt"
)

// The builtins of classes: object's methods, property, classmethod,
// staticmethod, super, type(name, bases, dict), NotImplemented.

// NotImplementedType is the type of NotImplemented.
type NotImplementedType struct{}

// NotImplemented is what a binary special method returns to let the
// other operand try.
var NotImplemented = NotImplementedType{}

func (NotImplementedType) pyTypeName() string       { return "NotImplementedType" }
func (NotImplementedType) pyRepr(*reprState) string { return "NotImplemented" }

// Messages of the class builtins.
const (
	errObjectInitArgs  = "object.__init__() takes exactly one argument (the instance to initialize)"
	errObjectNewArg    = "object.__new__(): not enough arguments"
	errObjectNewUnsafe = "object.__new__(%s) is not safe, use %s.__new__()"
	errFormatObject    = "unsupported format string passed to %s.__format__"
	errSuperNoArgs     = "super(): no arguments"
	errSuperArg1       = "super() argument 1 must be a type, not %s"
	errSuperBadObj     = "super(type, obj): obj must be an instance or subtype of type"
	errSuperNoClass    = "super(): __class__ cell not found"
	errPropertyArgs    = "property() takes at most 4 arguments (%d given)"
)

// objectMethods are object's methods as a subclass inherits them.
var objectMethods = map[string]*Builtin{}

func objMethod(name string, fn func(a *Args) Value) {
	objectMethods[name] = &Builtin{Name: name, Fn: fn}
}

func init() {
	builtinValues["NotImplemented"] = NotImplemented
	objMethod("__init__", func(a *Args) Value {
		if len(a.Pos) > 0 || len(a.Kw) > 0 {
			throw("TypeError", errObjectInitArgs)
		}
		return None
	})
	objMethod("__new__", func(a *Args) Value {
		c, ok := a.Self.(*Class)
		if !ok {
			throw("TypeError", errNewNotType, "object", TypeName(a.Self))
		}
		if c.classInfo == nil {
			if c != objectClass {
				throw("TypeError", errObjectNewUnsafe, c.pyName(), c.pyName())
			}
			return a.s.Call(c, &Args{Pos: a.Pos, Kw: a.Kw})
		}
		if len(a.Pos) > 0 || len(a.Kw) > 0 {
			if initf, _ := c.lookup("__init__"); isObjectSlot(initf, "__init__") {
				throw("TypeError", errClassNoArgs, c.PyName)
			}
		}
		return a.s.newObject(c, &Args{s: a.s})
	})
	objMethod("__repr__", func(a *Args) Value { return Str(defaultRepr(a.Self)) })
	objMethod("__str__", func(a *Args) Value { return Str(Repr(a.Self)) })
	objMethod("__format__", func(a *Args) Value {
		argCount(a, "__format__", 1, 1)
		spec := a.Pos[0]
		if sp, ok := spec.(Str); ok && sp != "" {
			throw("TypeError", errFormatObject, TypeName(a.Self))
		}
		return Str(ToStr(a.Self))
	})
	objMethod("__eq__", func(a *Args) Value {
		if identical(a.Self, a.Pos[0]) {
			return Bool(true)
		}
		return NotImplemented
	})
	objMethod("__ne__", func(a *Args) Value {
		r := a.s.richCompareSlot(a.Self, "__eq__", a.Pos[0])
		if r == NotImplemented {
			return r
		}
		return Bool(!a.s.truth(r))
	})
	for _, n := range []string{"__lt__", "__le__", "__gt__", "__ge__"} {
		objMethod(n, func(a *Args) Value { return NotImplemented })
	}
	objMethod("__hash__", func(a *Args) Value { return MakeInt(identityHash(a.Self)) })
	objMethod("__getattribute__", func(a *Args) Value {
		name := attrName(pyArgs(a, "__getattribute__", 1, "name")[0])
		c := classOfObj(a.Self)
		if v, ok := a.s.genericGetAttr(a.Self, c, dictOfObj(a.Self), name); ok {
			return v
		}
		throwNoAttr(a.Self, name)
		return nil
	})
	objMethod("__setattr__", func(a *Args) Value {
		p := pyArgs(a, "__setattr__", 1, "name, value") // the receiver is a.Self
		n, v := p[0], p[1]
		if c, ok := a.Self.(*Class); ok {
			a.s.classSetAttrRaw(c, attrName(n), v) // type.__setattr__: no metaclass __setattr__ again
			return None
		}
		a.s.genericSetAttr(a.Self, classOfObj(a.Self), dictOfObj(a.Self), attrName(n), v)
		return None
	})
	objMethod("__delattr__", func(a *Args) Value {
		n := pyArgs(a, "__delattr__", 1, "name")[0]
		a.s.genericDelAttr(a.Self, classOfObj(a.Self), dictOfObj(a.Self), attrName(n))
		return None
	})
	objMethod("__init_subclass__", func(a *Args) Value { return None })
	objMethod("__dir__", func(a *Args) Value { return builtinDir(&Args{s: a.s, Pos: []Value{a.Self}}) })
	objMethod("__sizeof__", func(a *Args) Value { return MakeInt(16) })
	objMethod("__reduce_ex__", func(a *Args) Value {
		return Tuple{None, Tuple{classOfObj(a.Self)}, dictOfObj(a.Self)}
	})

	propertyClass.Call = newProperty
	defClass("classmethod", "classmethod", func(a *Args) Value {
		var f Value
		a.Unpack("function", &f)
		return &ClassMethod{Fn: f}
	})
	defClass("staticmethod", "staticmethod", func(a *Args) Value {
		var f Value
		a.Unpack("function", &f)
		return &StaticMethod{Fn: f}
	})
	defClass("super", "super", builtinSuper)
	for _, c := range []*Class{propertyClass} {
		acceptableBases[c] = true
	}
}

var propertyClass = defClass("property", "property", nil)

// classOfObj is type(x) as a class.
func classOfObj(x Value) *Class {
	if c := userClassOf(x); c != nil {
		return c
	}
	return typeOf(x)
}

// dictOfObj is x.__dict__, or nil.
func dictOfObj(x Value) *Dict {
	switch o := x.(type) {
	case *Instance:
		return o.Dict
	case *Exception:
		return o.dict
	}
	return nil
}

// identityHash is object.__hash__: the address divided by 16.
func identityHash(x Value) int64 {
	return int64(objAddr(x) >> 4)
}

// objAddr is id(x) of an object of a class.
func objAddr(x Value) uintptr {
	switch o := x.(type) {
	case *Instance:
		return o.addr
	case *Class:
		if o.classInfo != nil {
			return o.addr
		}
	case *Exception:
		if o.addr == 0 {
			o.addr = nextObjectAddr()
		}
		return o.addr
	}
	return 0
}

// defaultRepr is object.__repr__: <__main__.A object at 0x7f...>.
func defaultRepr(x Value) string {
	c := classOfObj(x)
	name := c.Name
	if c.classInfo != nil {
		name = c.Module + "." + c.QualName
		if c.Module == "builtins" {
			name = c.QualName
		}
	}
	return fmt.Sprintf("<%s object at 0x%x>", name, objAddr(x))
}

// classRepr is repr(C): <class '__main__.A'>.
func classRepr(c *Class) string {
	if c.classInfo == nil {
		return "<class '" + c.Name + "'>"
	}
	if c.Meta != nil {
		if r, ok := c.Meta.lookup("__repr__"); ok {
			if !isBuiltinDescr(r) {
				return sessionOf(c).reprResult(sessionOf(c).callMethodOf(r, c))
			}
		}
	}
	if c.Module == "builtins" {
		return "<class '" + c.QualName + "'>"
	}
	return "<class '" + c.Module + "." + c.QualName + "'>"
}

func newProperty(a *Args) Value {
	if len(a.Pos) > 4 {
		throw("TypeError", errPropertyArgs, len(a.Pos))
	}
	var get, set, del, doc Value = None, None, None, None
	a.Unpack("fget?", &get, "fset?", &set, "fdel?", &del, "doc?", &doc)
	p := &Property{Doc: doc}
	if get != None {
		p.Get = get
		if f, ok := get.(*Function); ok {
			p.name = f.Name
			if doc == None {
				p.Doc = f.Doc
			}
		}
	}
	if set != None {
		p.Set = set
	}
	if del != None {
		p.Del = del
	}
	return p
}

// propertyAttr is p.setter, p.getter, p.deleter, p.fget, ...
func (p *Property) pyGetAttr(name string) (Value, bool) {
	with := func(f func(q *Property, v Value)) Value {
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			oneArg(a, name)
			q := *p
			f(&q, a.Pos[0])
			if fn, ok := a.Pos[0].(*Function); ok && q.name == "" {
				q.name = fn.Name
			}
			return &q
		}}
	}
	switch name {
	case "setter":
		return with(func(q *Property, v Value) { q.Set = v }), true
	case "getter":
		return with(func(q *Property, v Value) { q.Get = v }), true
	case "deleter":
		return with(func(q *Property, v Value) { q.Del = v }), true
	case "fget":
		return orNone(p.Get), true
	case "fset":
		return orNone(p.Set), true
	case "fdel":
		return orNone(p.Del), true
	case "__doc__":
		return orNone(p.Doc), true
	}
	return nil, false
}

func (p *Property) pyTypeName() string { return "property" }
func (p *Property) pyRepr(*reprState) string {
	return fmt.Sprintf("<property object at 0x%x>", nextObjectAddr())
}

func (m *ClassMethod) pyTypeName() string  { return "classmethod" }
func (m *StaticMethod) pyTypeName() string { return "staticmethod" }

func (m *ClassMethod) pyGetAttr(name string) (Value, bool) {
	if name == "__func__" {
		return m.Fn, true
	}
	return nil, false
}

func (m *StaticMethod) pyGetAttr(name string) (Value, bool) {
	if name == "__func__" {
		return m.Fn, true
	}
	return nil, false
}

func (m *PyMethod) pyTypeName() string { return "method" }

func (m *PyMethod) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "__self__":
		return m.Self, true
	case "__func__":
		return m.Fn, true
	case "__name__", "__qualname__", "__doc__", "__module__":
		if f, ok := m.Fn.(*Function); ok {
			switch name {
			case "__name__":
				return Str(f.Name), true
			case "__qualname__":
				return Str(f.qualName()), true
			case "__doc__":
				return f.Doc, true
			}
		}
	}
	return nil, false
}

// methodRepr is <bound method A.f of <__main__.A object at 0x...>>.
func methodRepr(m *PyMethod) string {
	name := "?"
	switch f := m.Fn.(type) {
	case *Function:
		name = f.qualName()
	case *Builtin:
		name = f.Name
	}
	return "<bound method " + name + " of " + Repr(m.Self) + ">"
}

// MappingProxy is a class's __dict__, read-only.
type MappingProxy struct{ D *Dict }

func (m *MappingProxy) pyTypeName() string { return "mappingproxy" }
func (m *MappingProxy) pyRepr(st *reprState) string {
	return "mappingproxy(" + st.repr(m.D) + ")"
}
func (m *MappingProxy) PyLen() int      { return m.D.Len() }
func (m *MappingProxy) PyIter() []Value { return append([]Value(nil), m.D.Keys...) }
func (m *MappingProxy) GetItem(s *Session, idx Value) Value {
	v, ok := m.D.Get(idx)
	if !ok {
		raiseKeyError(idx)
	}
	return v
}
func (m *MappingProxy) SetItem(s *Session, idx, v Value) {
	throw("TypeError", errClassDictRO)
}
func (m *MappingProxy) Contains(s *Session, x Value) bool { _, ok := m.D.Get(x); return ok }
func (m *MappingProxy) Attr(s *Session, name string) (Value, bool) {
	switch name {
	case "keys", "values", "items", "get", "copy":
		return s.getAttr(m.D, name), true
	}
	return nil, false
}
