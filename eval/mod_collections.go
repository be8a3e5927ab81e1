package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
)

// The collections module. Counter, defaultdict and OrderedDict are dicts
// (a *Dict whose sub says which), so that everything a dict does they do
// (dict(x), json, isinstance(x, dict), ** unpacking); their own methods,
// repr, __missing__ and operators come from their dictSub. deque is
// mod_collections_deque.go, namedtuple mod_collections_nt.go, ChainMap
// mod_collections_chain.go, Counter mod_collections_counter.go.

// collectionsMembers are the module's names; collectionsLate fill in
// those written in Python source (namedtuple).
var (
	collectionsMembers = map[string]Value{}
	collectionsLate    []func(s *Session, m *Module)
)

func init() {
	RegisterModule("collections", func(s *Session) *Module {
		m := &Module{Name: "collections", Origin: "from '/usr/lib/python3.11/collections/__init__.py'", Members: map[string]Value{}}
		for n, v := range collectionsMembers {
			m.Members[n] = v
		}
		for _, f := range collectionsLate {
			f(s, m)
		}
		return m
	})
	collectionsMembers["deque"] = dequeClass
	classOf["deque"] = dequeClass
}

// dictSub is what makes a dict a Counter, defaultdict or OrderedDict.
type dictSub struct {
	typeName string // tp_name: "Counter", "collections.defaultdict"
	class    *Class
	factory  Value // defaultdict's default_factory (None allowed)
	// missing is __missing__ (nil: KeyError).
	missing func(s *Session, d *Dict, k Value) Value
	repr    func(st *reprState, d *Dict) string
}

// plainRepr is {k: v, ...} for a dict of any kind.
func plainRepr(st *reprState, d *Dict) string {
	st.plainDict = true
	return st.repr(d)
}

// subMethods gives a dict subclass the methods of dict plus its own.
func subMethods(typeName string, own ...*Builtin) {
	for n, b := range typeMethods["dict"] {
		registerMethods(typeName, &Builtin{Name: n, Sig: b.Sig, Doc: b.Doc, Fn: b.Fn})
	}
	registerMethods(typeName, own...)
	// copy() keeps the kind
	registerMethods(typeName, &Builtin{Name: "copy", Sig: "copy()", Doc: "Returns a shallow copy.", Fn: func(a *Args) Value {
		argCount(a, typeName+".copy", 0, 0)
		return copyDictSub(selfDict(a))
	}})
}

func copyDictSub(d *Dict) *Dict {
	n := NewDict()
	for i, k := range d.Keys {
		n.SetItem(k, d.Vals[i])
	}
	if d.sub != nil {
		sub := *d.sub
		n.sub = &sub
	}
	return n
}

// ---- defaultdict ----

var defaultdictClass = &Class{Name: "collections.defaultdict"}

func init() { defaultdictClass.Call = defaultdictClassCall }

func defaultdictClassCall(a *Args) Value {
	var factory Value = None
	pos := a.Pos
	if len(pos) > 0 {
		factory = pos[0]
		pos = pos[1:]
		if factory != None && !callable(factory) {
			throw("TypeError", errDefaultFactory)
		}
	}
	d := a.s.Call(dictClass, &Args{Pos: pos, Kw: a.Kw}).(*Dict)
	d.sub = newDefaultdictSub(factory)
	return d
}

func newDefaultdictSub(factory Value) *dictSub {
	return &dictSub{typeName: "collections.defaultdict", class: defaultdictClass, factory: factory,
		missing: func(s *Session, d *Dict, k Value) Value {
			if d.sub.factory == None {
				raiseKeyError(k)
			}
			v := s.Call(d.sub.factory, &Args{})
			d.SetItem(k, v)
			return v
		},
		repr: func(st *reprState, d *Dict) string {
			return "defaultdict(" + st.repr(d.sub.factory) + ", " + plainRepr(st, d) + ")"
		}}
}

// ---- OrderedDict ----

var orderedDictClass = &Class{Name: "collections.OrderedDict"}

func init() { orderedDictClass.Call = orderedDictClassCall }

func orderedDictClassCall(a *Args) Value {
	if len(a.Pos) > 1 {
		throw("TypeError", errExpectedAtMostN, "OrderedDict", 1, "", len(a.Pos))
	}
	d := a.s.Call(dictClass, &Args{Pos: a.Pos, Kw: a.Kw}).(*Dict)
	d.sub = orderedSub()
	return d
}

func orderedSub() *dictSub {
	return &dictSub{typeName: "collections.OrderedDict", class: orderedDictClass,
		repr: func(st *reprState, d *Dict) string {
			if d.Len() == 0 {
				return "OrderedDict()"
			}
			st.rec.enter(errRecursionRepr)
			defer st.rec.leave()
			if !st.enterActive(d) {
				return "..."
			}
			defer st.leaveActive()
			parts := make([]string, d.Len())
			for i, k := range d.Keys {
				parts[i] = "(" + st.repr(k) + ", " + st.repr(d.Vals[i]) + ")"
			}
			return "OrderedDict([" + strings.Join(parts, ", ") + "])"
		}}
}

// moveToEnd is OrderedDict.move_to_end(key, last).
func moveToEnd(d *Dict, k Value, last bool) {
	v, ok := d.Get(k)
	if !ok {
		raiseKeyError(k)
	}
	i, _ := d.find(mustHash(k))
	key := d.Keys[i]
	d.Delete(k)
	if last {
		d.SetItem(key, v)
		return
	}
	keys := append([]Value{key}, d.Keys...)
	vals := append([]Value{v}, d.Vals...)
	*d = Dict{sub: d.sub}
	for j, kk := range keys {
		d.SetItem(kk, vals[j])
	}
}

func (d *Dict) pyReversed() Value {
	i := d.Len()
	return NewIterValue("odict_iterator", IterFunc(func() (Value, bool) {
		if i <= 0 || i > d.Len() {
			return nil, false
		}
		i--
		return d.Keys[i], true
	}))
}

func init() {
	collectionsMembers["defaultdict"] = defaultdictClass
	collectionsMembers["OrderedDict"] = orderedDictClass
	classOf["defaultdict"] = defaultdictClass
	classOf["OrderedDict"] = orderedDictClass
	goClassBase[defaultdictClass] = dictClass
	goClassBase[orderedDictClass] = dictClass
	subMethods("defaultdict", &Builtin{Name: "__missing__", Sig: "__missing__(key)", Doc: "Sets and returns self[key] = default_factory().",
		Fn: func(a *Args) Value {
			argCount(a, "defaultdict.__missing__", 1, 1)
			d := selfDict(a)
			return d.sub.missing(a.s, d, a.Pos[0])
		}})
	subMethods("OrderedDict",
		&Builtin{Name: "move_to_end", Sig: "move_to_end(key, last=True)", Doc: "Moves key to the end (last=False: to the start).",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "move_to_end", 0, "key, last=")
				moveToEnd(selfDict(a), p[0], p[1] == nil || a.s.truth(p[1]))
				return None
			}},
		&Builtin{Name: "popitem", Sig: "popitem(last=True)", Doc: "Removes and returns the last (last=False: first) (key, value) pair.",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "popitem", 0, "last=")
				d := selfDict(a)
				if d.Len() == 0 {
					raiseKeyError(Str(errOrderedDictEmpty))
				}
				i := d.Len() - 1
				if p[0] != nil && !a.s.truth(p[0]) {
					i = 0
				}
				k, v := d.Keys[i], d.Vals[i]
				d.Delete(k)
				return Tuple{k, v}
			}})
	classAttrs[orderedDictClass.Name] = map[string]Value{"fromkeys": &Builtin{Name: "fromkeys", Sig: "fromkeys(iterable, value=None)",
		Doc: "Returns a new OrderedDict with keys from iterable and values equal to value.",
		Fn: func(a *Args) Value {
			p := pyArgs(a, "fromkeys", 0, "iterable, value=")
			d := NewDict()
			d.sub = orderedSub()
			for _, k := range iterate(p[0]) {
				d.SetItem(k, orDefault(p[1], None))
			}
			return d
		}}}
}

// defaultdictAttr is dd.default_factory.
func dictSubAttr(d *Dict, name string) (Value, bool) {
	if d.sub != nil && d.sub.class == defaultdictClass && name == "default_factory" {
		return d.sub.factory, true
	}
	return nil, false
}

func (d *Dict) pySetAttr(name string, v Value) bool {
	if d.sub != nil && d.sub.class == defaultdictClass && name == "default_factory" {
		if v != None && !callable(v) {
			throw("TypeError", errDefaultFactory)
		}
		d.sub.factory = v
		return true
	}
	return false
}

func (d *Dict) pyGetAttr(name string) (Value, bool) { return dictSubAttr(d, name) }

// Compare is == between OrderedDicts (order matters) and Counter's
// comparisons (missing elements count as zero).
func (d *Dict) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	o, ok := other.(*Dict)
	if !ok || d.sub == nil {
		return nil, false
	}
	if d.sub.class == counterClass {
		return counterCompare(s, op, d, o, reflected)
	}
	if d.sub.class == orderedDictClass && o.sub != nil && o.sub.class == orderedDictClass && (op == lang.Eq || op == lang.Ne) {
		eq := d.Len() == o.Len() && s.dictEqual(d, o)
		for i := 0; eq && i < d.Len(); i++ {
			eq = s.truth(s.compare(lang.Eq, d.Keys[i], o.Keys[i]))
		}
		return Bool(eq == (op == lang.Eq)), true
	}
	return nil, false
}

// Binary, Inplace and Unary are Counter's operators.
func (d *Dict) Binary(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	if d.sub == nil || d.sub.class != counterClass {
		return nil, false
	}
	o, ok := other.(*Dict)
	if !ok || o.sub == nil || o.sub.class != counterClass {
		return nil, false
	}
	x, y := d, o
	if reflected {
		x, y = o, d
	}
	return counterBinary(s, op, x, y)
}

func (d *Dict) Inplace(s *Session, op lang.Op, other Value) (Value, bool) {
	if d.sub == nil || d.sub.class != counterClass {
		return nil, false
	}
	o, ok := other.(*Dict)
	if !ok || o.sub == nil || o.sub.class != counterClass {
		return nil, false
	}
	return counterInplace(s, op, d, o)
}

func (d *Dict) Unary(s *Session, op lang.Op) Value {
	if d.sub != nil && d.sub.class == counterClass && (op == lang.Plus || op == lang.Minus) {
		return counterUnary(s, op, d)
	}
	throw("TypeError", errBadUnary, op, TypeName(d))
	return nil
}

// pyReversed is reversed(d.keys()), reversed(d.values()),
// reversed(d.items()).
func (v *DictView) pyReversed() Value {
	d := v.D
	i := d.Len()
	name := [...]string{"dict_reversekeyiterator", "dict_reversevalueiterator", "dict_reverseitemiterator"}[v.Kind]
	return NewIterValue(name, IterFunc(func() (Value, bool) {
		if i <= 0 || i > d.Len() {
			return nil, false
		}
		i--
		switch v.Kind {
		case dictValues:
			return d.Vals[i], true
		case dictItems:
			return Tuple{d.Keys[i], d.Vals[i]}, true
		}
		return d.Keys[i], true
	}))
}
