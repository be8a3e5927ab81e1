package eval

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
)

// The typing module: the names used in annotations (Any, Optional, Union,
// List, Dict, Tuple, Callable, Iterable, ..., TypeVar) as objects that
// subscript, compare and print as CPython 3.11's typing prints them
// (typing.Optional[int], typing.Dict[str, typing.List[int]]).

// typingForm is a typing special form or generic alias.
type typingForm struct {
	name     string // "List", "Optional", "Union", ...
	origin   Value  // list for List; nil for the special forms
	params   int    // how many arguments it takes (-1: any number)
	args     []Value
	sub      bool // subscripted
	callable bool
}

// TypeVarObj is a typing.TypeVar.
type TypeVarObj struct {
	name        string
	co, contra  bool
	bound       Value
	constraints Tuple
}

func (t *TypeVarObj) pyTypeName() string { return "typing.TypeVar" }
func (t *TypeVarObj) pyRepr(*reprState) string {
	switch {
	case t.co:
		return "+" + t.name
	case t.contra:
		return "-" + t.name
	}
	return "~" + t.name
}
func (t *TypeVarObj) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "__name__":
		return Str(t.name), true
	case "__bound__":
		return orDefault(t.bound, None), true
	case "__constraints__":
		return append(Tuple{}, t.constraints...), true
	case "__covariant__":
		return Bool(t.co), true
	case "__contravariant__":
		return Bool(t.contra), true
	}
	return nil, false
}

func (f *typingForm) pyTypeName() string {
	if f.sub {
		return "typing._GenericAlias"
	}
	return "typing._SpecialForm"
}

// typeRepr is typing._type_repr.
func typeRepr(v Value) string {
	switch x := v.(type) {
	case *Class:
		return x.Name
	case EllipsisType:
		return "..."
	case *Function:
		return x.Name
	case *List:
		parts := make([]string, len(x.Elems))
		for i, e := range x.Elems {
			parts[i] = typeRepr(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return Repr(v)
}

func (f *typingForm) pyRepr(*reprState) string {
	if !f.sub {
		return "typing." + f.name
	}
	if f.name == "Union" && len(f.args) == 2 && (f.args[1] == noneClass || f.args[0] == noneClass) {
		other := f.args[0]
		if other == noneClass {
			other = f.args[1]
		}
		return "typing.Optional[" + typeRepr(other) + "]"
	}
	if f.name == "Tuple" && len(f.args) == 0 {
		return "typing.Tuple[()]"
	}
	parts := make([]string, len(f.args))
	for i, a := range f.args {
		parts[i] = typeRepr(a)
	}
	return "typing." + f.name + "[" + strings.Join(parts, ", ") + "]"
}

// typeArg converts an argument as typing's _type_check does: None is
// NoneType.
func typeArg(v Value) Value {
	if v == None {
		return noneClass
	}
	return v
}

func (f *typingForm) GetItem(s *Session, idx Value) Value {
	if f.sub {
		throw("TypeError", errTypingNotGeneric, f.pyRepr(nil))
	}
	var args []Value
	if t, ok := idx.(Tuple); ok {
		args = append(args, t...)
	} else {
		args = []Value{idx}
	}
	switch f.name {
	case "Any", "NoReturn":
		throw("TypeError", errTypingNotGeneric, "typing."+f.name)
	case "Optional":
		if len(args) != 1 {
			throw("TypeError", errTypingSingle, "typing.Optional", Repr(Tuple(args)))
		}
		return unionOf(s, []Value{typeArg(args[0]), noneClass})
	case "Union":
		return unionOf(s, args)
	case "Callable":
		if len(args) != 2 {
			throw("TypeError", errTypingCallable, Repr(idx))
		}
		ps := args[0]
		if l, ok := ps.(*List); ok {
			el := make([]Value, len(l.Elems))
			for i, e := range l.Elems {
				el[i] = typeArg(e)
			}
			ps = &List{Elems: el}
		} else if ps != Ellipsis {
			throw("TypeError", errTypingCallable, typeRepr(ps))
		}
		return &typingForm{name: f.name, origin: f.origin, sub: true, args: []Value{ps, typeArg(args[1])}}
	case "Literal", "Annotated":
		return &typingForm{name: f.name, sub: true, args: args}
	case "Tuple":
		if t, ok := idx.(Tuple); ok && len(t) == 0 {
			return &typingForm{name: f.name, origin: f.origin, sub: true}
		}
	}
	for i := range args {
		args[i] = typeArg(args[i])
	}
	if f.params >= 0 && len(args) != f.params && !(f.name == "Tuple") {
		throw("TypeError", errTypingTooMany, "typing."+f.name, len(args), f.params)
	}
	return &typingForm{name: f.name, origin: f.origin, sub: true, args: args}
}

// unionOf is Union[args]: nested unions flattened, duplicates dropped,
// one type alone is that type.
func unionOf(s *Session, args []Value) Value {
	var flat []Value
	for _, a := range args {
		a = typeArg(a)
		if u, ok := a.(*typingForm); ok && u.sub && u.name == "Union" {
			flat = append(flat, u.args...)
			continue
		}
		flat = append(flat, a)
	}
	var out []Value
	for _, a := range flat {
		dup := false
		for _, b := range out {
			if s.equal(a, b) || identical(a, b) {
				dup = true
			}
		}
		if !dup {
			out = append(out, a)
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	return &typingForm{name: "Union", sub: true, args: out}
}

// Compare is == between aliases (a Union's arguments as a set).
func (f *typingForm) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	o, ok := other.(*typingForm)
	if !ok || op != lang.Eq && op != lang.Ne {
		return nil, false
	}
	return Bool(typingEqual(s, f, o) == (op == lang.Eq)), true
}

func (f *typingForm) pyCall(a *Args) Value {
	if f.origin != nil && !f.sub {
		throw("TypeError", errTypingInstantiate, f.name, typeRepr(f.origin))
	}
	if f.origin != nil {
		return a.s.Call(f.origin, a)
	}
	if f.name == "Any" {
		throw("TypeError", errTypingAnyInst, f.name)
	}
	throw("TypeError", errTypingCannotInst, "typing."+f.name)
	return nil
}

func (f *typingForm) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "__origin__":
		if f.origin != nil {
			return f.origin, true
		}
		if f.sub {
			return &typingForm{name: f.name, params: -1}, true
		}
	case "__args__":
		if f.sub {
			return Tuple(append([]Value{}, f.args...)), true
		}
	case "_name", "__name__":
		return Str(f.name), true
	}
	return nil, false
}

func typingEqual(s *Session, x, y *typingForm) bool {
	if x.name != y.name || x.sub != y.sub || len(x.args) != len(y.args) {
		return false
	}
	if x.name == "Union" {
		for _, a := range x.args {
			found := false
			for _, b := range y.args {
				found = found || identical(a, b) || s.equal(a, b)
			}
			if !found {
				return false
			}
		}
		return true
	}
	for i := range x.args {
		if !identical(x.args[i], y.args[i]) && !s.equal(x.args[i], y.args[i]) {
			return false
		}
	}
	return true
}

var _ = fmt.Sprint

func init() {
	RegisterModule("typing", func(s *Session) *Module {
		m := map[string]Value{"TYPE_CHECKING": Bool(false)}
		special := func(name string, params int) {
			m[name] = &typingForm{name: name, params: params}
		}
		for _, n := range []string{"Any", "NoReturn", "Optional", "Union", "Callable", "Literal", "ClassVar", "Final", "Annotated"} {
			special(n, -1)
		}
		m["ClassVar"].(*typingForm).params = 1
		m["Final"].(*typingForm).params = 1
		generic := func(name string, origin Value, params int) {
			m[name] = &typingForm{name: name, origin: origin, params: params}
		}
		generic("List", listClass, 1)
		generic("Dict", dictClass, 2)
		generic("Set", builtinClasses["set"], 1)
		generic("FrozenSet", builtinClasses["frozenset"], 1)
		generic("Tuple", tupleClass, -1)
		generic("Type", typeClass, 1)
		generic("Deque", dequeClass, 1)
		generic("DefaultDict", defaultdictClass, 2)
		generic("OrderedDict", orderedDictClass, 2)
		generic("Counter", counterClass, 1)
		generic("ChainMap", chainMapClass, 2)
		abc := func(name string, params int) {
			m[name] = &typingForm{name: name, origin: &Class{Name: "collections.abc." + name}, params: params}
		}
		for _, n := range []string{"Iterable", "Iterator", "Sequence", "MutableSequence", "Collection", "Container",
			"AbstractSet", "MutableSet", "Reversible", "Awaitable", "AsyncIterable", "AsyncIterator"} {
			abc(n, 1)
		}
		for _, n := range []string{"Mapping", "MutableMapping"} {
			abc(n, 2)
		}
		abc("Generator", 3)
		abc("Hashable", 0)
		abc("Sized", 0)
		m["TypeVar"] = &Builtin{Name: "TypeVar", Module: "typing", Sig: "TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False)",
			Doc: "Returns a type variable, for generic annotations.",
			Fn: func(a *Args) Value {
				if len(a.Pos) == 0 {
					throw("TypeError", errMissingPos, "TypeVar.__init__", 1, "", "'name'")
				}
				tv := &TypeVarObj{name: ToStr(a.Pos[0]), constraints: append(Tuple{}, a.Pos[1:]...)}
				for _, kw := range a.Kw {
					switch kw.Name {
					case "covariant":
						tv.co = a.s.truth(kw.Value)
					case "contravariant":
						tv.contra = a.s.truth(kw.Value)
					case "bound":
						tv.bound = typeArg(kw.Value)
					default:
						throw("TypeError", errUnexpectedKw, "TypeVar.__init__", kw.Name)
					}
				}
				return tv
			}}
		m["cast"] = &Builtin{Name: "cast", Module: "typing", Sig: "cast(typ, val)", Doc: "Returns val unchanged (tells a type checker its type is typ).",
			Fn: func(a *Args) Value { return pyArgs(a, "cast", 0, "typ, val")[1] }}
		for _, n := range []string{"overload", "final", "no_type_check", "runtime_checkable"} {
			n := n
			m[n] = &Builtin{Name: n, Module: "typing", Sig: n + "(f)", Doc: "A decorator for type checkers: returns f unchanged.",
				Fn: func(a *Args) Value { return pyArgs(a, n, 0, "f")[0] }}
		}
		m["get_origin"] = &Builtin{Name: "get_origin", Module: "typing", Sig: "get_origin(tp)", Doc: "Returns the unsubscripted form of a generic alias (list for List[int]), or None.",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "get_origin", 0, "tp")
				if f, ok := p[0].(*typingForm); ok && f.sub {
					v, _ := f.pyGetAttr("__origin__")
					return v
				}
				return None
			}}
		m["get_args"] = &Builtin{Name: "get_args", Module: "typing", Sig: "get_args(tp)", Doc: "Returns the arguments of a generic alias ((str, int) for Dict[str, int]), or ().",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "get_args", 0, "tp")
				if f, ok := p[0].(*typingForm); ok && f.sub {
					return Tuple(append([]Value{}, f.args...))
				}
				return Tuple{}
			}}
		m["NamedTuple"] = s.importModule("_tensh_collections").Members["NamedTuple"]
		return &Module{Name: "typing", Origin: "from '/usr/lib/python3.11/typing.py'", Members: m}
	})
}
