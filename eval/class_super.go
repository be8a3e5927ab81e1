package eval

// super(), the methods builtin classes give their Python subclasses
// (list.__init__, int.__new__, type.__new__, BaseException's), and
// type(name, bases, dict).

// Super is what super() returns.
type Super struct {
	this    *Class // the class whose followers are searched
	obj     Value  // the instance (or class) the methods bind to
	objType *Class
}

func builtinSuper(a *Args) Value {
	s := a.s
	switch len(a.Pos) {
	case 0:
		fr := s.frame
		if fr == nil || fr.fn == nil {
			throw("RuntimeError", errSuperNoArgs)
		}
		if len(fr.code.params) == 0 || fr.cells[0].v == nil {
			throw("RuntimeError", errSuperNoArgs)
		}
		c := fr.fn.defClass
		if c == nil {
			throw("RuntimeError", errSuperNoClass)
		}
		return newSuper(c, fr.cells[0].v)
	case 1:
		c, ok := a.Pos[0].(*Class)
		if !ok {
			throw("TypeError", errSuperArg1, TypeName(a.Pos[0]))
		}
		return &Super{this: c}
	}
	c, ok := a.Pos[0].(*Class)
	if !ok {
		throw("TypeError", errSuperArg1, TypeName(a.Pos[0]))
	}
	return newSuper(c, a.Pos[1])
}

func newSuper(c *Class, obj Value) *Super {
	if oc, ok := obj.(*Class); ok && oc.subclassOf(c) {
		return &Super{this: c, obj: obj, objType: oc}
	}
	t := classOfObj(obj)
	if !t.subclassOf(c) {
		throw("TypeError", errSuperBadObj)
	}
	return &Super{this: c, obj: obj, objType: t}
}

func (sp *Super) pyTypeName() string { return "super" }

func (sp *Super) pyRepr(*reprState) string {
	if sp.obj == nil {
		return "<super: <class '" + sp.this.pyName() + "'>, NULL>"
	}
	return "<super: <class '" + sp.this.pyName() + "'>, <" + sp.objType.pyName() + " object>>"
}

// Attr is super().name: the first class after this in the MRO of the
// object's class that has name.
func (sp *Super) Attr(s *Session, name string) (Value, bool) {
	if sp.obj == nil {
		return nil, false
	}
	if name == "__class__" {
		return builtinClasses["super"], true
	}
	mro := sp.objType.MRO()
	i := 0
	for i < len(mro) && mro[i] != sp.this {
		i++
	}
	for _, m := range mro[min(i+1, len(mro)):] {
		var v Value
		var ok bool
		if m.classInfo != nil {
			v, ok = m.Dict.getStr(name)
			if !ok {
				var b *Builtin
				if b, ok = m.goMethods[name]; ok {
					v = &methodDescr{owner: m, fn: b, raw: true}
				}
			}
		} else {
			v, ok = builtinClassAttr(m, name)
		}
		if !ok {
			continue
		}
		if _, isClass := sp.obj.(*Class); isClass && sp.obj == Value(sp.objType) {
			if d, ok := v.(*methodDescr); ok && d.fn.Name != "__new__" {
				return &BoundMethod{Self: sp.obj, Fn: d.fn}, true
			}
			return s.bindDescr(v, nil, sp.objType), true
		}
		return s.bindDescr(v, sp.obj, sp.objType), true
	}
	return nil, false
}

// builtinSlotMethods are the special methods builtin classes give their
// subclasses, by class.
var builtinSlotMethods = map[*Class]map[string]*Builtin{}

func slotMethod(c *Class, name string, fn func(a *Args) Value) {
	m := builtinSlotMethods[c]
	if m == nil {
		m = map[string]*Builtin{}
		builtinSlotMethods[c] = m
	}
	m[name] = &Builtin{Name: name, Fn: fn}
}

// baseOf is the builtin value an object carries.
func baseOf(v Value) Value {
	if o, ok := v.(*Instance); ok && o.Base != nil {
		return o.Base
	}
	return v
}

// builtinNew is C.__new__(cls, *args) of an immutable builtin class C.
func builtinNew(c *Class) func(a *Args) Value {
	return func(a *Args) Value {
		cls, ok := a.Self.(*Class)
		if !ok {
			throw("TypeError", errNewNotType, c.pyName(), TypeName(a.Self))
		}
		if !cls.subclassOf(c) {
			throw("TypeError", errNewNotSubtype, c.pyName(), cls.pyName(), cls.pyName(), c.pyName())
		}
		v := a.s.Call(c, &Args{Pos: a.Pos, Kw: a.Kw})
		if cls.classInfo == nil {
			return v
		}
		chargeObject()
		return newInstance(a.s, cls, v)
	}
}

func init() {
	for _, c := range []*Class{intClass, floatClass, strClass, tupleClass, boolClass} {
		slotMethod(c, "__new__", builtinNew(c))
	}
	slotMethod(listClass, "__init__", func(a *Args) Value {
		l := baseOf(a.Self).(*List)
		argCount(a, "list", 0, 1)
		var it Value = Tuple{}
		if len(a.Pos) == 1 {
			it = a.Pos[0]
		}
		l.Elems = append([]Value(nil), a.s.iterValues(it)...)
		return None
	})
	slotMethod(dictClass, "__init__", func(a *Args) Value {
		d := baseOf(a.Self).(*Dict)
		src := a.s.Call(dictClass, &Args{Pos: a.Pos, Kw: a.Kw}).(*Dict)
		for i, k := range src.Keys {
			d.SetItem(k, src.Vals[i])
		}
		return None
	})
	slotMethod(setClass, "__init__", func(a *Args) Value {
		st := baseOf(a.Self).(*Set)
		src := a.s.Call(setClass, &Args{Pos: a.Pos, Kw: a.Kw}).(*Set)
		for _, e := range src.Order() {
			st.Add(e)
		}
		return None
	})
	slotMethod(typeClass, "__new__", func(a *Args) Value {
		mc, ok := a.Self.(*Class)
		if !ok {
			throw("TypeError", errNewNotType, "type", TypeName(a.Self))
		}
		if len(a.Pos) != 3 {
			throw("TypeError", errTypeArgs)
		}
		return a.s.typeNew(mc, a.Pos[0], a.Pos[1], a.Pos[2], a.Kw)
	})
	slotMethod(typeClass, "__init__", func(a *Args) Value { return None })
	slotMethod(typeClass, "__call__", func(a *Args) Value {
		return a.s.typeCall(a.Self.(*Class), a)
	})
	for _, c := range []*Class{dictClass, setClass, typeClass} {
		acceptableBases[c] = true
	}
}

// typeNew is type.__new__(meta, name, bases, dict).
func (s *Session) typeNew(meta *Class, name, bases, dict Value, kws []KwArg) *Class {
	n, ok := name.(Str)
	if !ok {
		throw("TypeError", errTypeArg1, TypeName(name))
	}
	bt, ok := bases.(Tuple)
	if !ok {
		throw("TypeError", errTypeArg2, TypeName(bases))
	}
	d, ok := dict.(*Dict)
	if !ok {
		throw("TypeError", errTypeArg3, TypeName(dict))
	}
	var bs []*Class
	for _, b := range bt {
		c, ok := b.(*Class)
		if !ok {
			throw("TypeError", errMetaclassConflict)
		}
		bs = append(bs, c)
	}
	ns := NewDict()
	for i, k := range d.Keys {
		ns.SetItem(k, d.Vals[i])
	}
	qual := string(n)
	if q, ok := ns.getStr("__qualname__"); ok {
		if qs, ok := q.(Str); ok {
			qual = string(qs)
		}
	}
	var m *Class
	if meta != typeClass {
		m = meta
	}
	c := s.newClass(m, string(n), qual, bs, ns)
	s.initSubclass(c, kws)
	return c
}

// chargeObject checks a new object against the memory cap.
func chargeObject() { checkMemory(1, 256) }
