package eval

import (
	"strings"
)

// The types module's SimpleNamespace (an object whose attributes are set
// freely), and vars().

// Namespace is a types.SimpleNamespace: its attributes live in a dict,
// which vars() returns.
type Namespace struct{ Attrs *Dict }

func (n *Namespace) pyTypeName() string { return "types.SimpleNamespace" }

func (n *Namespace) pyRepr(st *reprState) string {
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	if !st.enterActive(n) {
		return "namespace(...)"
	}
	defer st.leaveActive()
	parts := make([]string, len(n.Attrs.Keys))
	for i, k := range n.Attrs.Keys {
		parts[i] = ToStr(k) + "=" + st.repr(n.Attrs.Vals[i])
	}
	return "namespace(" + strings.Join(parts, ", ") + ")"
}

func (n *Namespace) pyGetAttr(name string) (Value, bool) { return n.Attrs.Get(Str(name)) }

func (n *Namespace) pySetAttr(name string, v Value) bool {
	n.Attrs.SetItem(Str(name), v)
	return true
}

var simpleNamespaceClass = &Class{Name: "types.SimpleNamespace", Call: func(a *Args) Value {
	if len(a.Pos) > 0 {
		throw("TypeError", errNamespaceArgs)
	}
	n := &Namespace{Attrs: NewDict()}
	for _, kw := range a.Kw {
		n.Attrs.SetItem(Str(kw.Name), kw.Value)
	}
	return n
}}

func init() {
	classOf["SimpleNamespace"] = simpleNamespaceClass
	RegisterModule("types", func(s *Session) *Module {
		return &Module{Name: "types", Origin: "from '/usr/lib/python3.11/types.py'", Members: map[string]Value{
			"SimpleNamespace": simpleNamespaceClass,
			"GeneratorType":   generatorClass,
		}}
	})
	register(&Builtin{Name: "vars", Kind: PythonBuiltin, Sig: "vars([obj])", Doc: "Returns the attribute dict of a namespace object; without obj, a dict of the session's names.",
		Fn: func(a *Args) Value {
			argCount(a, "vars", 0, 1)
			if len(a.Pos) == 0 {
				d := NewDict()
				for _, n := range sortedKeys(a.s.globals) {
					d.SetItem(Str(n), a.s.globals[n])
				}
				return d
			}
			if n, ok := a.Pos[0].(*Namespace); ok {
				return n.Attrs
			}
			switch o := a.Pos[0].(type) {
			case *Instance:
				if o.Dict != nil && o.Class.slotNames == nil {
					return o.Dict
				}
			case *Class:
				if o.classInfo != nil {
					return &MappingProxy{D: o.Dict}
				}
			case *Exception:
				if o.dict == nil {
					o.dict = NewDict()
				}
				return o.dict
			case *Function:
				if o.Dict == nil {
					o.Dict = NewDict()
				}
				return o.Dict
			}
			throw("TypeError", errVarsArg)
			return nil
		}})
}

// attrGetter and attrSetter are value types with attributes of their own
// (getAttr and setAttr ask them).
type attrGetter interface {
	pyGetAttr(name string) (Value, bool)
}

type attrSetter interface {
	pySetAttr(name string, v Value) bool
}

// kwargsOf is the keyword arguments of f(**mapping): a dict with str keys.
func kwargsOf(fn string, v Value, have []KwArg) []KwArg {
	d, ok := v.(*Dict)
	if !ok {
		throw("TypeError", errKwArgsMappingFn, fn, TypeName(v))
	}
	out := have
	for i, k := range d.Keys {
		ks, isStr := k.(Str)
		if !isStr {
			throw("TypeError", errKeywordsStrings)
		}
		for _, kw := range out {
			if kw.Name == string(ks) {
				throw("TypeError", errKwMultiple, fn, string(ks))
			}
		}
		out = append(out, KwArg{Name: string(ks), Value: d.Vals[i]})
	}
	return out
}

// callName is how a call's errors name the function.
func callName(fn Value) string {
	switch f := fn.(type) {
	case *Function:
		return "__main__." + f.Name
	case *Builtin:
		return f.Name
	case *BoundMethod:
		return f.Fn.Name
	case *Class:
		return f.Name
	}
	return TypeName(fn)
}
