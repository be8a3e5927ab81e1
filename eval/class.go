package eval

import (
	"sync"

	"github.com/tensh/tensh/lang"
)

// Classes: the class statement, type(name, bases, dict), the C3
// linearisation of the bases, and the objects classes make. Attribute
// lookup is class_attr.go, calls class_call.go, the special methods of
// operators and protocols class_proto.go.

// classInfo is what a class made by Python code (or by NewClass) has
// beyond a builtin type's name.
type classInfo struct {
	Dict     *Dict // the namespace, __dict__
	Bases    []*Class
	mro      []*Class
	PyName   string // __name__
	QualName string // __qualname__
	Module   string // __module__
	Meta     *Class // the metaclass; nil is type
	// solid is the builtin class whose values the instances carry (list,
	// dict, int, BaseException, ...); nil: plain objects.
	solid *Class
	s     *Session
	addr  uintptr
	// cache holds the results of lookup (nil values: not found), valid
	// while cacheEpoch is classEpoch.
	cache      map[string]Value
	cacheEpoch uint64
	// goMethods are the methods a Go library gave the class (NewClass).
	goMethods map[string]*Builtin
	// hasGetattr etc. are set from the namespace (refreshed with the cache).
	slots slotFlags
	// slotNames, when not nil, are the attributes objects may have
	// (__slots__ along the MRO): they have no __dict__.
	slotNames map[string]bool
}

// slotFlags says which special methods of attribute access a class (or
// one of its bases) defines, for the fast paths.
type slotFlags struct {
	getattr, getattribute, setattr, delattr bool
}

// classEpoch changes whenever a class namespace changes: the lookup
// caches of every class are then stale.
var classEpoch uint64 = 1

// Instance is an object of a class defined in Python (or by NewClass):
// its attributes in Dict; Base holds the builtin value of a subclass of
// list, dict, int, str, ... (nil for others).
type Instance struct {
	Class *Class
	Dict  *Dict
	Base  Value
	addr  uintptr
	sess  *Session // the session that made it: its methods run there
}

// instanceAndDict allocates an Instance and its dict together.
type instanceAndDict struct {
	o Instance
	d Dict
}

// newInstance makes an object of class c (base: the builtin value it
// carries, or nil).
func newInstance(s *Session, c *Class, base Value) *Instance {
	x := &instanceAndDict{}
	x.o = Instance{Class: c, Dict: &x.d, Base: base, addr: nextObjectAddr(), sess: s}
	return &x.o
}

// Messages of classes (CPython 3.11).
const (
	errMetaclassConflict = "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases"
	errMROConflict       = "Cannot create a consistent method resolution\norder (MRO) for bases %s"
	errNoExitMethod      = "'%s' object does not support the context manager protocol (missed __exit__ method)"
	errDuplicateBase     = "duplicate base class %s"
	errBaseNotClass      = "bases must be types"
	errNotAcceptableBase = "type '%s' is not an acceptable base type"
	errLayoutConflict    = "multiple bases have instance lay-out conflict"
	errTypeArgs          = "type() takes 1 or 3 arguments"
	errTypeArg1          = "type.__new__() argument 1 must be str, not %s"
	errTypeArg2          = "type.__new__() argument 2 must be tuple, not %s"
	errTypeArg3          = "type.__new__() argument 3 must be dict, not %s"
	errClassKw           = "%s.__init_subclass__() takes no keyword arguments"
)

// objectClass is object, the root of every class.
var objectClass = defClass("object", "object", nil)

func init() {
	typeClass.Call = builtinType
	objectClass.Call = func(a *Args) Value {
		if len(a.Pos) > 0 || len(a.Kw) > 0 {
			throw("TypeError", errObjectNoArgs)
		}
		chargeObject()
		return &Instance{Class: objectClass, addr: nextObjectAddr(), sess: a.s}
	}
}

const errObjectNoArgs = "object() takes no arguments"

// isUser reports whether c is a class made by Python code or NewClass.
func (c *Class) isUser() bool { return c.classInfo != nil }

// goClassBase is the base of a class implemented in Go that derives from
// a builtin one (collections.Counter from dict), for its __mro__ and
// issubclass.
var goClassBase = map[*Class]*Class{}

// builtinMROs caches the MROs of builtin classes.
var builtinMROs sync.Map

// MRO is c.__mro__: the class, then its bases in C3 order, object last.
func (c *Class) MRO() []*Class {
	if c.classInfo != nil {
		return c.mro
	}
	if m, ok := builtinMROs.Load(c); ok {
		return m.([]*Class)
	}
	var m []*Class
	switch {
	case c == objectClass:
		m = []*Class{c}
	case c.Name == "ExceptionGroup" && isExcClass(c):
		m = []*Class{c, excClasses["BaseExceptionGroup"], excClasses["Exception"], excClasses["BaseException"], objectClass}
	case isExcClass(c):
		for t := c.Name; t != ""; t = excParent[t] {
			m = append(m, excClasses[t])
		}
		m = append(m, objectClass)
	case c == boolClass:
		m = []*Class{c, intClass, objectClass}
	case goClassBase[c] != nil:
		m = append([]*Class{c}, goClassBase[c].MRO()...)
	default:
		m = []*Class{c, objectClass}
	}
	builtinMROs.Store(c, m)
	return m
}

// builtinBases is c.__bases__ of a builtin class.
func (c *Class) bases() []*Class {
	if c.classInfo != nil {
		return c.Bases
	}
	if c.Name == "ExceptionGroup" && isExcClass(c) {
		return []*Class{excClasses["BaseExceptionGroup"], excClasses["Exception"]}
	}
	if c == objectClass {
		return nil
	}
	m := c.MRO()
	return []*Class{m[1]}
}

// subclassOf reports whether c is base or derives from it.
func (c *Class) subclassOf(base *Class) bool {
	if c == base || base == objectClass {
		return true
	}
	if c.classInfo == nil && base.classInfo != nil {
		return false
	}
	for _, m := range c.MRO() {
		if m == base {
			return true
		}
	}
	return false
}

// c3 computes the C3 linearisation of a class with these bases.
func c3(c *Class, bases []*Class) []*Class {
	var seqs [][]*Class
	for _, b := range bases {
		seqs = append(seqs, append([]*Class(nil), b.MRO()...))
	}
	seqs = append(seqs, append([]*Class(nil), bases...))
	out := []*Class{c}
	for {
		empty := true
		for _, s := range seqs {
			if len(s) > 0 {
				empty = false
			}
		}
		if empty {
			return out
		}
		var cand *Class
		for _, s := range seqs {
			if len(s) == 0 {
				continue
			}
			h := s[0]
			inTail := false
			for _, t := range seqs {
				for _, x := range t[min(1, len(t)):] {
					if x == h {
						inTail = true
					}
				}
			}
			if !inTail {
				cand = h
				break
			}
		}
		if cand == nil {
			names := ""
			seen := map[*Class]bool{}
			for _, s := range seqs[:len(seqs)-1] {
				if len(s) > 0 && !seen[s[0]] {
					seen[s[0]] = true
					if names != "" {
						names += ", "
					}
					names += s[0].pyName()
				}
			}
			throw("TypeError", errMROConflict, names)
		}
		out = append(out, cand)
		for i, s := range seqs {
			if len(s) > 0 && s[0] == cand {
				seqs[i] = s[1:]
			}
		}
	}
}

// pyName is c.__name__.
func (c *Class) pyName() string {
	if c.classInfo != nil {
		return c.PyName
	}
	return c.Name[lastDot(c.Name)+1:]
}

// acceptableBases are the builtin classes Python code may subclass.
var acceptableBases = map[*Class]bool{}

func init() {
	for _, c := range []*Class{objectClass, intClass, floatClass, strClass, listClass, tupleClass} {
		acceptableBases[c] = true
	}
}

// solidOf is the builtin class whose values instances of a class with
// these bases carry.
func solidOf(bases []*Class) *Class {
	var solid *Class
	for _, b := range bases {
		var bs *Class
		if b.classInfo != nil {
			bs = b.solid
		} else if b != objectClass {
			bs = b
			if isExcClass(b) {
				bs = excClasses["BaseException"]
			}
		}
		if bs == nil {
			continue
		}
		if solid != nil && solid != bs && !solid.subclassOf(bs) && !bs.subclassOf(solid) {
			throw("TypeError", errLayoutConflict)
		}
		if solid == nil || bs.subclassOf(solid) {
			solid = bs
		}
	}
	return solid
}

// newClass makes a class: type(name, bases, ns).
func (s *Session) newClass(meta *Class, name, qualname string, bases []*Class, ns *Dict) *Class {
	if len(bases) == 0 {
		bases = []*Class{objectClass}
	}
	seen := map[*Class]bool{}
	for _, b := range bases {
		if seen[b] {
			throw("TypeError", errDuplicateBase, b.pyName())
		}
		seen[b] = true
		if b.classInfo == nil && !acceptableBases[b] && !isExcClass(b) && ntInfos[b] == nil {
			throw("TypeError", errNotAcceptableBase, b.pyName())
		}
	}
	ci := &classInfo{Dict: ns, Bases: bases, PyName: name, QualName: qualname, Module: "__main__", s: s, addr: nextObjectAddr()}
	if m, ok := ns.Get(Str("__module__")); ok {
		if ms, ok := m.(Str); ok {
			ci.Module = string(ms)
		}
	} else if mn, ok := s.globals["__name__"].(Str); ok {
		ci.Module = string(mn)
	}
	c := &Class{classInfo: ci}
	c.Name = ci.Module + "." + qualname
	if ci.Module == "builtins" {
		c.Name = qualname
	}
	ci.Meta = meta
	ci.solid = solidOf(bases)
	ci.mro = c3(c, bases)
	ci.slotNames = s.slotNamesOf(ns, bases)
	if _, ok := ns.Get(Str("__module__")); !ok {
		ns.SetItem(Str("__module__"), Str(ci.Module))
	}
	if _, ok := ns.Get(Str("__qualname__")); ok {
		ns.Delete(Str("__qualname__"))
	}
	if _, ok := ns.Get(Str("__doc__")); !ok {
		ns.SetItem(Str("__doc__"), None)
	}
	// __eq__ without __hash__ makes the instances unhashable.
	if _, eq := ns.Get(Str("__eq__")); eq {
		if _, h := ns.Get(Str("__hash__")); !h {
			ns.SetItem(Str("__hash__"), None)
		}
	}
	// __new__ and __init_subclass__ are static and class methods.
	if f, ok := ns.Get(Str("__new__")); ok {
		if fn, ok := f.(*Function); ok {
			ns.SetItem(Str("__new__"), &StaticMethod{Fn: fn})
		}
	}
	if f, ok := ns.Get(Str("__init_subclass__")); ok {
		if fn, ok := f.(*Function); ok {
			ns.SetItem(Str("__init_subclass__"), &ClassMethod{Fn: fn})
		}
	}
	for i, v := range ns.Vals {
		setDefClass(v, c, ns.Keys[i])
		if p, ok := v.(*Property); ok {
			if k, ok := ns.Keys[i].(Str); ok {
				p.name = string(k)
			}
		}
	}
	classEpoch++
	s.setNames(c)
	return c
}

// setDefClass records the class a function was defined in (the
// __class__ cell of zero-argument super()) and its qualified name.
func setDefClass(v Value, c *Class, key Value) {
	switch f := v.(type) {
	case *Function:
		if f.defClass == nil {
			f.defClass = c
		}
	case *ClassMethod:
		setDefClass(f.Fn, c, key)
	case *StaticMethod:
		setDefClass(f.Fn, c, key)
	case *Property:
		setDefClass(f.Get, c, key)
		setDefClass(f.Set, c, key)
		setDefClass(f.Del, c, key)
	}
}

// execClassDef runs a class statement.
func (s *Session) execClassDef(st *lang.ClassDef) {
	decs := make([]Value, len(st.Decorators))
	for i, d := range st.Decorators {
		decs[i] = s.eval(d)
	}
	var bases []*Class
	var meta Value
	var kws []KwArg
	for _, a := range st.Args {
		switch {
		case a.Star == 1:
			for _, v := range s.iterValues(s.eval(a.Value)) {
				bases = append(bases, s.baseClass(st.Name, v))
			}
		case a.Star == 2:
			kws = kwargsOf("__build_class__", s.eval(a.Value), kws)
		case a.Name == "metaclass":
			meta = s.eval(a.Value)
		case a.Name != "":
			kws = append(kws, KwArg{Name: a.Name, Value: s.eval(a.Value)})
		default:
			bases = append(bases, s.baseClass(st.Name, s.eval(a.Value)))
		}
	}
	qual := st.Name
	if s.classQual != "" {
		qual = s.classQual + "." + st.Name
	} else if s.frame != nil && s.frame.fn != nil && !s.frame.fn.libraryBody {
		qual = s.frame.fn.qualName() + ".<locals>." + st.Name
	}
	if meta != nil {
		if _, isClass := meta.(*Class); !isClass {
			// A metaclass that is not a class is called as is.
			ns := NewDict()
			s.runClassBody(st.Body, ns, qual)
			s.storeName(st.Name, s.Call(meta, &Args{Pos: []Value{Str(st.Name), basesTuple(bases), ns}, Kw: kws}))
			return
		}
	}
	mc := s.metaclassOf(meta, bases)
	ns := NewDict()
	if mc != nil {
		if p, ok := mc.lookup("__prepare__"); ok {
			if d, ok := s.Call(s.bindDescr(p, nil, mc), &Args{Pos: []Value{Str(st.Name), basesTuple(bases)}, Kw: kws}).(*Dict); ok {
				ns = d
			}
		}
	}
	if mn, ok := s.globals["__name__"]; ok {
		ns.SetItem(Str("__module__"), mn)
	} else {
		ns.SetItem(Str("__module__"), Str("__main__"))
	}
	ns.SetItem(Str("__qualname__"), Str(qual))
	if len(st.Body) > 0 {
		if es, ok := st.Body[0].(*lang.ExprStmt); ok {
			if lit, ok := es.X.(*lang.StringLit); ok {
				ns.SetItem(Str("__doc__"), Str(lit.Value))
			}
		}
	}
	s.runClassBody(st.Body, ns, qual)
	var cls Value
	if mc != nil {
		cls = s.Call(mc, &Args{Pos: []Value{Str(st.Name), basesTuple(bases), ns}, Kw: kws})
	} else {
		c := s.newClass(nil, st.Name, qual, bases, ns)
		s.initSubclass(c, kws)
		cls = c
	}
	for i := len(decs) - 1; i >= 0; i-- {
		cls = s.Call(decs[i], &Args{Pos: []Value{cls}})
	}
	s.storeName(st.Name, cls)
}

// runClassBody runs a class body with ns as its namespace. An exception
// first unwinds the frames the body made, so that the namespace in
// effect where it is caught is the one outside the class.
func (s *Session) runClassBody(body []lang.Stmt, ns *Dict, qual string) {
	prevNS, prevQual := s.classNS, s.classQual
	s.classNS, s.classQual = ns, qual
	depth := len(s.stack)
	exc := s.catch(func() { s.execBlock(body) })
	if exc != nil {
		s.unwindTo(depth, exc)
	}
	s.classNS, s.classQual = prevNS, prevQual
	if exc != nil {
		panic(exc)
	}
}

// initSubclass calls __init_subclass__ of the new class's parent.
func (s *Session) initSubclass(c *Class, kws []KwArg) {
	if len(c.mro) < 2 {
		return
	}
	parent := c.mro[1]
	if f, ok := parent.lookup("__init_subclass__"); ok {
		if cm, ok := f.(*ClassMethod); ok {
			s.Call(cm.Fn, &Args{Pos: []Value{c}, Kw: kws})
			return
		}
	}
	if len(kws) > 0 {
		throw("TypeError", errClassKw, c.PyName)
	}
}

func basesTuple(bases []*Class) Tuple {
	t := make(Tuple, len(bases))
	for i, b := range bases {
		t[i] = b
	}
	return t
}

// baseClass checks a base of a class statement: a base that is not a
// class has its type called as the metaclass would be, as CPython does
// (class C(5) calls int('C', (5,), ns)), which fails.
func (s *Session) baseClass(name string, v Value) *Class {
	c, ok := v.(*Class)
	if !ok {
		s.Call(typeOf(v), &Args{Pos: []Value{Str(name), Tuple{v}, NewDict()}})
		throw("TypeError", errBaseNotClass)
	}
	return c
}

// metaclassOf is the metaclass of a new class: the explicit one or the
// most derived of the bases' (nil: type).
func (s *Session) metaclassOf(explicit Value, bases []*Class) *Class {
	var winner *Class
	if explicit != nil {
		mc, ok := explicit.(*Class)
		if !ok {
			return nil
		}
		if mc != typeClass {
			winner = mc
		}
	}
	for _, b := range bases {
		var bm *Class
		if b.classInfo != nil {
			bm = b.Meta
		}
		switch {
		case bm == nil:
			if winner != nil && !winner.subclassOf(typeClass) {
				throw("TypeError", errMetaclassConflict)
			}
		case winner == nil || bm.subclassOf(winner):
			winner = bm
		case winner.subclassOf(bm):
		default:
			throw("TypeError", errMetaclassConflict)
		}
	}
	return winner
}

// setNames calls __set_name__(cls, name) of the namespace's values that
// have one, as type.__new__ does before __init_subclass__
// (functools.cached_property learns its name so).
func (s *Session) setNames(c *Class) {
	if c.Dict == nil {
		return
	}
	keys := append([]Value(nil), c.Dict.Keys...)
	vals := append([]Value(nil), c.Dict.Vals...)
	for i, v := range vals {
		if o, ok := v.(*Instance); ok {
			if m, ok := o.Class.userMethod("__set_name__"); ok {
				s.callMethodOf(m, o, c, keys[i])
			}
		}
	}
}
