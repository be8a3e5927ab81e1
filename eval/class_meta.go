package eval

import "strings"

// Classes as values: what a metaclass's special methods do to its
// classes (len(E), iter(E), E[name], x in E for an enum), and
// subscripted classes (list[int], a class's __class_getitem__).

// metaMethod is the special method name of c's metaclass, bound to c.
func metaMethod(c *Class, name string) (Value, bool) {
	if c.classInfo == nil || c.Meta == nil {
		return nil, false
	}
	f, ok := c.Meta.userMethod(name)
	if !ok || f == None {
		return nil, false
	}
	return f, true
}

// callMeta calls c's metaclass method f with c as self.
func (s *Session) callMeta(c *Class, f Value, args ...Value) Value {
	return s.callMethodOf(f, c, args...)
}

// GenericAlias is list[int], dict[str, float]: a subscripted builtin
// class (types.GenericAlias).
type GenericAlias struct {
	Origin *Class
	Args   Tuple
}

func (g *GenericAlias) pyTypeName() string { return "types.GenericAlias" }

func (g *GenericAlias) pyRepr(*reprState) string {
	parts := make([]string, len(g.Args))
	for i, a := range g.Args {
		parts[i] = typeArgRepr(a)
	}
	if len(parts) == 0 {
		parts = []string{"()"}
	}
	return typeArgRepr(g.Origin) + "[" + strings.Join(parts, ", ") + "]"
}

// typeArgRepr is how typing shows an argument of a generic: a class by
// its (qualified) name, Ellipsis as ..., others by repr.
func typeArgRepr(v Value) string {
	switch x := v.(type) {
	case *Class:
		if x.classInfo != nil {
			if x.Module == "builtins" {
				return x.QualName
			}
			return x.Module + "." + x.QualName
		}
		return x.Name
	case EllipsisType:
		return "..."
	case *List:
		parts := make([]string, len(x.Elems))
		for i, a := range x.Elems {
			parts[i] = typeArgRepr(a)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return Repr(v)
}

func (g *GenericAlias) pyCall(a *Args) Value { return a.s.Call(g.Origin, a) }

func (g *GenericAlias) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "__origin__":
		return g.Origin, true
	case "__args__":
		return g.Args, true
	}
	return nil, false
}

const errIsInstanceGeneric = "isinstance() argument 2 cannot be a parameterized generic"

// genericClasses are the builtin classes that subscripting makes a
// GenericAlias of.
var genericClasses = map[string]bool{"list": true, "dict": true, "tuple": true, "set": true, "frozenset": true, "type": true}

// classGetItem is C[idx].
func (s *Session) classGetItem(c *Class, idx Value) (Value, bool) {
	if f, ok := metaMethod(c, "__getitem__"); ok {
		return s.callMeta(c, f, idx), true
	}
	if c.classInfo != nil {
		if f, ok := c.lookup("__class_getitem__"); ok {
			if fn, isFn := f.(*Function); isFn {
				f = &ClassMethod{Fn: fn} // implicitly a classmethod
			}
			return s.Call(s.bindDescr(f, nil, c), &Args{Pos: []Value{idx}}), true
		}
		return nil, false
	}
	if genericClasses[c.Name] {
		args, ok := idx.(Tuple)
		if !ok {
			args = Tuple{idx}
		}
		return &GenericAlias{Origin: c, Args: args}, true
	}
	return nil, false
}

// classIter and classLen are iter(C) and len(C) through C's metaclass
// (variables: package initialisation would otherwise loop).
var (
	classIter func(c *Class) (Iterator, bool)
	classLen  func(c *Class) (int, bool)
)

func init() {
	classIter = func(c *Class) (Iterator, bool) {
		f, ok := metaMethod(c, "__iter__")
		if !ok {
			return nil, false
		}
		s := sessionOf(c)
		return s.iterOf(s.callMeta(c, f)), true
	}
	classLen = func(c *Class) (int, bool) {
		f, ok := metaMethod(c, "__len__")
		if !ok {
			return 0, false
		}
		return lenResult(sessionOf(c).callMeta(c, f)), true
	}
}
