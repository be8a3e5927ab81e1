package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The API of classes for library code: classes defined in Go that
// Python code subclasses (torch.nn.Module, torch.utils.data.Dataset),
// calls of a Python object's methods from Go, and modules whose body is
// tensh-Python source (RegisterPyModule). docs/architecture.md, "Where
// to add: a class users subclass", shows how they fit together.

// GoMethod is a method of a class defined in Go. self is the object the
// method is called on: an *Instance of the class or of a Python subclass
// (a Go method looks its attributes up with s.GetAttr, so that a
// subclass's overrides are seen). a holds the other arguments.
type GoMethod func(s *Session, self Value, a *Args) Value

// GoProperty is a property of a class defined in Go; Set nil makes it
// read-only.
type GoProperty struct {
	Get func(s *Session, self Value) Value
	Set func(s *Session, self Value, v Value)
}

// ClassSpec describes a class defined in Go.
type ClassSpec struct {
	Name     string // __name__: "Module"
	Module   string // __module__: "torch.nn.modules.module"
	QualName string // __qualname__; "" is Name
	Doc      string
	Bases    []*Class // nil: object
	// Methods are the instance methods, special methods included
	// (__init__, __call__, __repr__, __getattr__, __setattr__, ...).
	Methods map[string]GoMethod
	// ClassMethods receive the class (a Python subclass when called
	// through one) as self.
	ClassMethods map[string]GoMethod
	// StaticMethods receive no implicit argument (self is nil).
	StaticMethods map[string]GoMethod
	Properties    map[string]GoProperty
	// Attrs are other class attributes (constants, nested classes).
	Attrs map[string]Value
}

// NewClass makes a class from Go. Its methods live in its namespace like
// those of a class statement: a Python subclass overrides them, and
// super() reaches them.
func NewClass(spec ClassSpec) *Class {
	ns := NewDict()
	ns.SetItem(Str("__module__"), Str(spec.Module))
	if spec.Doc != "" {
		ns.SetItem(Str("__doc__"), Str(spec.Doc))
	}
	qual := spec.QualName
	if qual == "" {
		qual = spec.Name
	}
	bases := spec.Bases
	if len(bases) == 0 {
		bases = []*Class{objectClass}
	}
	ci := &classInfo{Dict: ns, Bases: bases, PyName: spec.Name, QualName: qual, Module: spec.Module, addr: nextObjectAddr()}
	c := &Class{Name: spec.Module + "." + qual, classInfo: ci}
	ci.solid = solidOf(bases)
	ci.mro = c3(c, bases)
	for _, name := range sortedKeys(spec.Methods) {
		ns.SetItem(Str(name), &methodDescr{owner: c, fn: goBuiltin(name, spec.Methods[name]), raw: true})
	}
	for _, name := range sortedKeys(spec.ClassMethods) {
		ns.SetItem(Str(name), &ClassMethod{Fn: goClassFn(name, spec.ClassMethods[name])})
	}
	for _, name := range sortedKeys(spec.StaticMethods) {
		m := spec.StaticMethods[name]
		ns.SetItem(Str(name), &StaticMethod{Fn: &Builtin{Name: name, Fn: func(a *Args) Value { return orNone(m(a.s, nil, a)) }}})
	}
	for _, name := range sortedKeys(spec.Properties) {
		p := spec.Properties[name]
		prop := &Property{Doc: None, name: name}
		get := p.Get
		prop.Get = &Builtin{Name: name, Fn: func(a *Args) Value { return orNone(get(a.s, a.Pos[0])) }}
		if p.Set != nil {
			set := p.Set
			prop.Set = &Builtin{Name: name, Fn: func(a *Args) Value { set(a.s, a.Pos[0], a.Pos[1]); return None }}
		}
		ns.SetItem(Str(name), prop)
	}
	for _, name := range sortedKeys(spec.Attrs) {
		ns.SetItem(Str(name), spec.Attrs[name])
	}
	classEpoch++
	return c
}

func goBuiltin(name string, m GoMethod) *Builtin {
	return &Builtin{Name: name, Fn: func(a *Args) Value { return orNone(m(a.s, a.Self, a)) }}
}

func goClassFn(name string, m GoMethod) *Builtin {
	return &Builtin{Name: name, Fn: func(a *Args) Value {
		return orNone(m(a.s, a.Pos[0], &Args{Name: name, Pos: a.Pos[1:], Kw: a.Kw, s: a.s}))
	}}
}

// Lookup finds name along the class's MRO (without binding it).
func (c *Class) Lookup(name string) (Value, bool) { return c.lookup(name) }

// ShortName is the class's __name__.
func (c *Class) ShortName() string { return c.pyName() }

// IsSubclass is issubclass(c, base).
func (c *Class) IsSubclass(base *Class) bool { return c.subclassOf(base) }

// ObjectClass is object.
func ObjectClass() *Class { return objectClass }

// ClassOf is type(v).
func ClassOf(v Value) *Class { return classOfObj(v) }

// IsInstanceOf is isinstance(v, c).
func IsInstanceOf(v Value, c *Class) bool { return isInstanceOf(v, c) }

// ObjectDict is v.__dict__ (nil when v has none).
func ObjectDict(v Value) *Dict { return dictOfObj(v) }

// NewObject is object.__new__(c): an empty object of c (whose __init__
// is not run).
func (s *Session) NewObject(c *Class) Value { return s.newObject(c, &Args{s: s}) }

// CallMethod is obj.name(*args, **kw).
func (s *Session) CallMethod(obj Value, name string, args []Value, kw []KwArg) Value {
	return s.Call(s.getAttr(obj, name), &Args{Pos: args, Kw: kw})
}

// HasAttr is hasattr(x, name).
func (s *Session) HasAttr(x Value, name string) bool {
	_, ok := s.tryGetAttr(x, name, true)
	return ok
}

// SetAttr is x.name = v.
func (s *Session) SetAttr(x Value, name string, v Value) { s.setAttr(x, name, v) }

// DelAttr is del x.name.
func (s *Session) DelAttr(x Value, name string) { s.delAttr(x, name) }

// GenericGetAttr is object.__getattribute__(x, name), for a Go
// __getattr__ or __getattribute__: ok false when x has no such attribute.
func (s *Session) GenericGetAttr(x Value, name string) (Value, bool) {
	return s.genericGetAttr(x, classOfObj(x), dictOfObj(x), name)
}

// GenericSetAttr is object.__setattr__(x, name, v), for a Go __setattr__.
func (s *Session) GenericSetAttr(x Value, name string, v Value) {
	s.genericSetAttr(x, classOfObj(x), dictOfObj(x), name, v)
}

// GenericDelAttr is object.__delattr__(x, name).
func (s *Session) GenericDelAttr(x Value, name string) {
	s.genericDelAttr(x, classOfObj(x), dictOfObj(x), name)
}

// Super is super(cls, obj).
func (s *Session) Super(cls *Class, obj Value) Value { return newSuper(cls, obj) }

// ThrowNoAttr raises AttributeError for x.name as CPython words it, with
// its "Did you mean".
func ThrowNoAttr(x Value, name string) { throwNoAttr(x, name) }

// NotImplementedValue is NotImplemented.
func NotImplementedValue() Value { return NotImplemented }

// RegisterPyModule registers a module whose body is tensh-Python source,
// run at its first import in a namespace of its own whose __name__ is
// name (so that its classes print as <class 'name.Cls'>). members, when
// not nil, seeds the namespace first (the module's Go-defined classes
// and functions, which the source may use and subclass).
func RegisterPyModule(name, src string, members func(s *Session) map[string]Value) {
	RegisterModule(name, func(s *Session) *Module {
		ns := map[string]Value{"__name__": Str(name), "__doc__": None}
		if members != nil {
			for k, v := range members(s) {
				ns[k] = v
			}
		}
		m := &Module{Name: name, Members: ns, Origin: "from '" + strings.ReplaceAll(name, ".", "/") + ".py'"}
		if exc := s.runModuleSource(ns, src); exc != nil {
			panic(exc)
		}
		return m
	})
}

// runModuleSource runs src as a module body in the namespace ns.
func (s *Session) runModuleSource(ns map[string]Value, src string) (exc *Exception) {
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		return &Exception{Type: "SyntaxError", Msg: err.Error()}
	}
	prevG, prevFrame, prevStack := s.globals, s.frame, s.stack
	prevNS, prevQual, prevSrc, prevChunk, prevLine := s.classNS, s.classQual, s.src, s.chunkLine, s.line
	s.globals, s.frame, s.stack, s.classNS, s.classQual = ns, nil, nil, nil, ""
	s.src, s.chunkLine = src, 1
	defer func() {
		s.globals, s.frame, s.stack = prevG, prevFrame, prevStack
		s.classNS, s.classQual, s.src, s.chunkLine, s.line = prevNS, prevQual, prevSrc, prevChunk, prevLine
	}()
	for _, st := range stmts {
		e := s.catch(func() {
			tensor.CheckInterrupt()
			s.execOne(st)
		})
		if e != nil {
			s.unwindTo(0, e)
			return e
		}
	}
	return nil
}
