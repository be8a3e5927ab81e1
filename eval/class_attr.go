package eval

import (
	"sort"
	"strings"
)

// Attributes of classes and their objects: the lookup through the MRO,
// descriptors (functions, property, classmethod, staticmethod, a class's
// own __get__/__set__), __getattr__/__getattribute__/__setattr__/
// __delattr__, as object.__getattribute__ and type.__getattribute__ do.

// Property is property(fget, fset, fdel, doc).
type Property struct {
	Get, Set, Del Value // nil when absent
	Doc           Value
	name          string
}

// ClassMethod is classmethod(f); StaticMethod staticmethod(f).
type ClassMethod struct{ Fn Value }

// StaticMethod is staticmethod(f).
type StaticMethod struct{ Fn Value }

// PyMethod is a function bound to an object (or a class, for a
// classmethod): x.f.
type PyMethod struct {
	Fn   Value
	Self Value
}

// methodDescr is a method of a builtin class seen through a subclass or
// the class itself (list.append, object.__init__). raw: the method takes
// the object itself, not the builtin value it carries.
type methodDescr struct {
	owner *Class
	fn    *Builtin
	raw   bool
}

// Messages of attributes.
const (
	errTypeNoAttr        = "type object '%s' has no attribute '%s'"
	errClassNameStr      = "can only assign string to %s.%s, not '%s'"
	errPropNoSetter      = "property '%s' of '%s' object has no setter"
	errPropNoDeleter     = "property '%s' of '%s' object has no deleter"
	errPropNoGetter      = "property '%s' of '%s' object has no getter"
	errCantSetBuiltin    = "cannot set '%s' attribute of immutable type '%s'"
	errClassDictRO       = "'mappingproxy' object does not support item assignment"
	errAttrMustBeStr     = "attribute name must be string, not '%s'"
	errDescrNeedsObj     = "descriptor '%s' of '%s' object needs an argument"
	errDescrWrongType    = "descriptor '%s' for '%s' objects doesn't apply to a '%s' object"
	errDescrRequires     = "descriptor '%s' requires a '%s' object but received a '%s'"
	errClassAssignNotCls = "__class__ must be set to a class, not '%s' object"
)

// pyObject is a value whose type is a class with a namespace: an
// Instance, an exception of a user class, a class (whose type is its
// metaclass).
type pyObject interface {
	objClass() *Class
	objDict() *Dict
}

func (o *Instance) objClass() *Class { return o.Class }
func (o *Instance) objDict() *Dict   { return o.Dict }

// userClassOf is the class defined in Python of v, or nil.
func userClassOf(v Value) *Class {
	switch o := v.(type) {
	case *Instance:
		return o.Class
	case *Exception:
		if o.cls != nil && o.cls.classInfo != nil {
			return o.cls
		}
	case *Class:
		if o.classInfo != nil && o.Meta != nil {
			return o.Meta
		}
	}
	return nil
}

// refresh rebuilds a stale lookup cache.
func (c *Class) refresh() {
	if c.cacheEpoch == classEpoch {
		return
	}
	c.cache = map[string]Value{}
	c.cacheEpoch = classEpoch
	var fl slotFlags
	for _, m := range c.mro {
		if m.classInfo == nil {
			continue
		}
		for _, n := range []string{"__getattr__", "__getattribute__", "__setattr__", "__delattr__"} {
			if _, ok := m.Dict.getStr(n); ok {
				switch n {
				case "__getattr__":
					fl.getattr = true
				case "__getattribute__":
					fl.getattribute = true
				case "__setattr__":
					fl.setattr = true
				case "__delattr__":
					fl.delattr = true
				}
			}
		}
	}
	c.slots = fl
}

// lookup finds name along the MRO of c (a class's namespace, the Go
// methods of a library class, the methods of builtin classes).
func (c *Class) lookup(name string) (Value, bool) {
	if c.classInfo == nil {
		return builtinClassAttr(c, name)
	}
	c.refresh()
	if v, ok := c.cache[name]; ok {
		return v, v != nil
	}
	var found Value
	for _, m := range c.mro {
		if m.classInfo != nil {
			if v, ok := m.Dict.getStr(name); ok {
				found = v
				break
			}
			if b, ok := m.goMethods[name]; ok {
				found = &methodDescr{owner: m, fn: b, raw: true}
				break
			}
			continue
		}
		if v, ok := builtinClassAttr(m, name); ok {
			found = v
			break
		}
	}
	if len(c.cache) < 4096 {
		c.cache[name] = found
	}
	return found, found != nil
}

// builtinClassAttr is what a builtin class contributes to a subclass's
// namespace: its methods (list.append), object's and BaseException's.
func builtinClassAttr(c *Class, name string) (Value, bool) {
	if c == objectClass {
		if b, ok := objectMethods[name]; ok {
			return &methodDescr{owner: c, fn: b, raw: true}, true
		}
		return nil, false
	}
	if isExcClass(c) {
		if b, ok := excMethods[name]; ok {
			return &methodDescr{owner: c, fn: b, raw: true}, true
		}
		return nil, false
	}
	if b, ok := builtinSlotMethods[c][name]; ok {
		return &methodDescr{owner: c, fn: b, raw: true}, true
	}
	if m, ok := typeMethods[c.Name[lastDot(c.Name)+1:]][name]; ok {
		return &methodDescr{owner: c, fn: m}, true
	}
	return nil, false
}

// isDataDescr reports whether a class attribute takes precedence over
// the instance's own (property, a class with __set__ or __delete__).
func isDataDescr(v Value) bool {
	switch d := v.(type) {
	case *Property:
		return true
	case *Instance:
		_, set := d.Class.lookup("__set__")
		_, del := d.Class.lookup("__delete__")
		return set || del
	}
	return false
}

// bindDescr is v.__get__(obj, cls): obj nil for an access through the
// class.
func (s *Session) bindDescr(v Value, obj Value, cls *Class) Value {
	switch d := v.(type) {
	case *Function:
		if obj == nil {
			return v
		}
		return &PyMethod{Fn: d, Self: obj}
	case *ClassMethod:
		return &PyMethod{Fn: d.Fn, Self: cls}
	case *StaticMethod:
		return d.Fn
	case *Property:
		if obj == nil {
			return v
		}
		if d.Get == nil {
			throw("AttributeError", errPropNoGetter, d.name, TypeName(obj))
		}
		return s.Call(d.Get, &Args{Pos: []Value{obj}})
	case *methodDescr:
		if obj == nil {
			return v
		}
		return &BoundMethod{Self: d.self(obj), Fn: d.fn}
	case *Instance:
		if g, ok := d.Class.lookup("__get__"); ok {
			var o Value = None
			if obj != nil {
				o = obj
			}
			return s.callMethodOf(g, d, o, cls)
		}
	}
	return v
}

// self is the receiver a builtin method gets for obj.
func (d *methodDescr) self(obj Value) Value {
	if d.raw {
		return obj
	}
	if o, ok := obj.(*Instance); ok && o.Base != nil {
		return o.Base
	}
	return obj
}

// callMethodOf calls the function f found in a class as a method of obj.
func (s *Session) callMethodOf(f Value, obj Value, args ...Value) Value {
	if fn, ok := f.(*Function); ok {
		vals := make([]Value, 0, len(args)+1)
		vals = append(append(vals, obj), args...)
		return s.Call(fn, &Args{Pos: vals})
	}
	return s.Call(s.bindDescr(f, obj, userClassOf(obj)), &Args{Pos: args})
}

// objGetAttr is object.__getattribute__ followed by __getattr__: ok false
// when the attribute does not exist.
func (s *Session) objGetAttr(x Value, c *Class, d *Dict, name string) (Value, bool) {
	c.refresh()
	if c.slots.getattribute {
		ga, _ := c.lookup("__getattribute__")
		if !isBuiltinDescr(ga) {
			v, exc := s.catchAttrError(func() Value { return s.callMethodOf(ga, x, Str(name)) })
			if exc == nil {
				return v, true
			}
			if !c.slots.getattr {
				panic(exc)
			}
			return s.callGetattr(x, c, name), true
		}
	}
	if v, ok := s.genericGetAttr(x, c, d, name); ok {
		return v, true
	}
	if c.slots.getattr {
		return s.callGetattr(x, c, name), true
	}
	return nil, false
}

func (s *Session) callGetattr(x Value, c *Class, name string) Value {
	g, _ := c.lookup("__getattr__")
	v, exc := s.catchAttrError(func() Value { return s.callMethodOf(g, x, Str(name)) })
	if exc != nil {
		if exc.suggestion == "" && exc.lateSuggestion == nil && strings.HasSuffix(exc.Msg, "has no attribute '"+name+"'") {
			// CPython 3.11 suggests from dir(x) for the AttributeError a
			// __getattr__ raises
			exc.lateSuggestion = func() string { return s.dirSuggestion(x, c, name) }
		}
		panic(exc)
	}
	return v
}

// dirSuggestion is the suggestion for name among dir(x) (x's __dir__
// where its class defines one).
func (s *Session) dirSuggestion(x Value, c *Class, name string) string {
	var names []string
	if e := s.catch(func() {
		if f, ok := c.lookup("__dir__"); ok && !isBuiltinDescr(f) {
			for _, v := range iterate(s.callMethodOf(f, x)) {
				if n, isStr := v.(Str); isStr {
					names = append(names, string(n))
				}
			}
			return
		}
		names = classAttrNames(c, dictOfObj(x))
	}); e != nil {
		return ""
	}
	sort.Strings(names)
	return suggest(names, name)
}

// catchAttrError runs f; an AttributeError it raises is returned.
func (s *Session) catchAttrError(f func() Value) (v Value, exc *Exception) {
	depth := len(s.stack)
	e := s.catch(func() { v = f() })
	if e != nil {
		s.unwindTo(depth, e)
		if !e.isA("AttributeError") {
			panic(e)
		}
		return nil, e
	}
	return v, nil
}

// genericGetAttr is object.__getattribute__.
func (s *Session) genericGetAttr(x Value, c *Class, d *Dict, name string) (Value, bool) {
	t, found := c.lookup(name)
	if found && isDataDescr(t) {
		return s.bindDescr(t, x, c), true
	}
	switch name {
	case "__class__":
		return c, true
	case "__dict__":
		if d != nil && c.slotNames == nil {
			return d, true
		}
	}
	if d != nil {
		if v, ok := d.getStr(name); ok {
			return v, true
		}
	}
	if found {
		return s.bindDescr(t, x, c), true
	}
	if o, ok := x.(*Instance); ok && o.Base != nil {
		if v, ok := s.tryGetAttr(o.Base, name, true); ok {
			return v, true
		}
	}
	return nil, false
}

// instanceAttr is x.name for an Instance.
func (s *Session) instanceAttr(o *Instance, name string) Value {
	if v, ok := s.objGetAttr(o, o.Class, o.Dict, name); ok {
		return v
	}
	throwNoAttr(o, name)
	return nil
}

// classGetAttr is type.__getattribute__: C.name.
func (s *Session) classGetAttr(c *Class, name string) (Value, bool) {
	if v, ok := classSpecial(c, name); ok {
		return v, true
	}
	if c.classInfo == nil {
		if v, ok := builtinClassAttr(c, name); ok {
			return s.bindDescr(v, nil, c), true
		}
		return nil, false
	}
	meta := c.Meta
	var mt Value
	var mfound bool
	if meta != nil {
		mt, mfound = meta.lookup(name)
		if mfound && isDataDescr(mt) {
			return s.bindDescr(mt, c, meta), true
		}
	}
	if v, ok := c.lookup(name); ok {
		if _, isProp := v.(*Property); isProp {
			return v, true
		}
		return s.bindDescr(v, nil, c), true
	}
	if mfound {
		return s.bindDescr(mt, c, meta), true
	}
	if meta != nil {
		meta.refresh()
		if meta.slots.getattr {
			return s.callGetattr(c, meta, name), true
		}
	}
	return nil, false
}

// classSpecial are the attributes every class has.
func classSpecial(c *Class, name string) (Value, bool) {
	switch name {
	case "__name__":
		return Str(c.pyName()), true
	case "__qualname__":
		if c.classInfo != nil {
			return Str(c.QualName), true
		}
		return Str(c.pyName()), true
	case "__module__":
		if c.classInfo != nil {
			v, _ := c.Dict.getStr("__module__")
			return orNone(v), true
		}
		if i := lastDot(c.Name); i >= 0 {
			return Str(c.Name[:i]), true
		}
		return Str("builtins"), true
	case "__mro__":
		return basesTuple(c.MRO()), true
	case "mro":
		return &Builtin{Name: "mro", Fn: func(a *Args) Value {
			return &List{Elems: basesTuple(c.MRO())}
		}}, true
	case "__subclasses__":
		return &Builtin{Name: "__subclasses__", Fn: func(a *Args) Value { return &List{} }}, true
	case "__bases__":
		return basesTuple(c.bases()), true
	case "__base__":
		b := c.bases()
		if len(b) == 0 {
			return None, true
		}
		if c.classInfo != nil && c.solid != nil {
			for _, x := range b {
				if x.subclassOf(c.solid) || x.classInfo != nil && x.solid == c.solid {
					return x, true
				}
			}
		}
		return b[0], true
	case "__dict__":
		if c.classInfo != nil {
			return &MappingProxy{D: c.Dict}, true
		}
	case "__class__":
		if c.classInfo != nil && c.Meta != nil {
			return c.Meta, true
		}
		return typeClass, true
	case "__doc__":
		if c.classInfo != nil {
			v, _ := c.Dict.getStr("__doc__")
			return orNone(v), true
		}
	}
	return nil, false
}

// objSetAttr is x.name = v for an object of a Python class.
func (s *Session) objSetAttr(x Value, c *Class, d *Dict, name string, v Value) {
	c.refresh()
	if c.slots.setattr {
		sa, _ := c.lookup("__setattr__")
		if !isBuiltinDescr(sa) {
			s.callMethodOf(sa, x, Str(name), v)
			return
		}
	}
	s.genericSetAttr(x, c, d, name, v)
}

// genericSetAttr is object.__setattr__.
func (s *Session) genericSetAttr(x Value, c *Class, d *Dict, name string, v Value) {
	if t, ok := c.lookup(name); ok {
		switch p := t.(type) {
		case *Property:
			if p.Set == nil {
				throw("AttributeError", errPropNoSetter, p.name, TypeName(x))
			}
			s.Call(p.Set, &Args{Pos: []Value{x, v}})
			return
		case *Instance:
			if set, ok := p.Class.lookup("__set__"); ok {
				s.callMethodOf(set, p, x, v)
				return
			}
		}
	}
	if name == "__class__" {
		nc, ok := v.(*Class)
		if !ok {
			throw("TypeError", errClassAssignNotCls, TypeName(v))
		}
		if o, ok := x.(*Instance); ok {
			o.Class = nc
			return
		}
	}
	if d == nil || c.slotNames != nil && !c.slotNames[name] {
		throw("AttributeError", errNoAttr, TypeName(x), name)
	}
	if i, ok := d.strIndex(name); ok {
		d.Vals[i] = v
		return
	}
	d.SetItem(Str(name), v)
}

// objDelAttr is del x.name.
func (s *Session) objDelAttr(x Value, c *Class, d *Dict, name string) {
	c.refresh()
	if c.slots.delattr {
		da, _ := c.lookup("__delattr__")
		if !isBuiltinDescr(da) {
			s.callMethodOf(da, x, Str(name))
			return
		}
	}
	s.genericDelAttr(x, c, d, name)
}

func (s *Session) genericDelAttr(x Value, c *Class, d *Dict, name string) {
	if t, ok := c.lookup(name); ok {
		switch p := t.(type) {
		case *Property:
			if p.Del == nil {
				throw("AttributeError", errPropNoDeleter, p.name, TypeName(x))
			}
			s.Call(p.Del, &Args{Pos: []Value{x}})
			return
		case *Instance:
			if del, ok := p.Class.lookup("__delete__"); ok {
				s.callMethodOf(del, p, x)
				return
			}
		}
	}
	if d == nil || !d.Delete(Str(name)) {
		throwNoAttr(x, name)
	}
}

// classSetAttrRaw is type.__setattr__(c, name, v): the class namespace
// set, without the metaclass's __setattr__.
func (s *Session) classSetAttrRaw(c *Class, name string, v Value) {
	if c.classInfo == nil {
		throw("TypeError", errCantSetBuiltin, name, c.pyName())
	}
	switch name {
	case "__name__", "__qualname__":
		str, ok := v.(Str)
		if !ok {
			throw("TypeError", errClassNameStr, c.PyName, name, TypeName(v))
		}
		if name == "__name__" {
			c.PyName = string(str)
		} else {
			c.QualName = string(str)
		}
		return
	case "__module__":
		if m, ok := v.(Str); ok {
			c.Module = string(m) // the repr's <class 'module.Name'>
		}
	}
	setDefClass(v, c, Str(name))
	c.Dict.SetItem(Str(name), v)
	classEpoch++
}
