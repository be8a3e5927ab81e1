package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
)

// dict: the constructor, the methods, and the keys/values/items views.

var dictClass = defClass("dict", "dict", func(a *Args) Value {
	if len(a.Pos) > 1 {
		throw("TypeError", errExpectedAtMostN, "dict", 1, pluralS(1), len(a.Pos))
	}
	d := NewDict()
	if len(a.Pos) == 1 {
		dictUpdate(d, a.Pos[0])
	}
	for _, kw := range a.Kw {
		d.SetItem(Str(kw.Name), kw.Value)
	}
	return d
})

// Kinds of dict views.
const (
	dictKeys = iota
	dictValues
	dictItems
)

// DictView is what dict.keys(), values() and items() return: a live view
// of the dict.
type DictView struct {
	D    *Dict
	Kind int
}

func (v *DictView) pyTypeName() string {
	return [...]string{"dict_keys", "dict_values", "dict_items"}[v.Kind]
}

// dictIter iterates a dict's keys, values or items, raising Python's
// RuntimeError when the dict changes size during the loop.
type dictIter struct {
	d    *Dict
	kind int
	i, n int
}

func newDictIter(d *Dict, kind int) *dictIter { return &dictIter{d: d, kind: kind, n: d.Len()} }

func (it *dictIter) Next() (Value, bool) {
	if it.d == nil {
		return nil, false
	}
	if it.d.Len() != it.n {
		it.n = -1
		throw("RuntimeError", errDictChangedSize)
	}
	if it.i >= it.n {
		it.d = nil
		return nil, false
	}
	i := it.i
	it.i++
	switch it.kind {
	case dictValues:
		return it.d.Vals[i], true
	case dictItems:
		return Tuple{it.d.Keys[i], it.d.Vals[i]}, true
	}
	return it.d.Keys[i], true
}

// newSetIter iterates a set in CPython's order.
func newSetIter(s *Set) Iterator {
	order := s.Order()
	n := s.Len()
	i := 0
	return IterFunc(func() (Value, bool) {
		if s.Len() != n {
			throw("RuntimeError", errSetChangedSize)
		}
		if i >= len(order) {
			return nil, false
		}
		i++
		return order[i-1], true
	})
}

// dictUpdate is dict.update(other) / dict(other): a dict's items, or an
// iterable of key-value pairs.
func dictUpdate(d *Dict, other Value) {
	if m, ok := other.(interface{ mappingDict() *Dict }); ok { // a mapping: its keys() and items
		other = m.mappingDict()
	}
	if o, ok := other.(*Dict); ok {
		for i, k := range o.Keys {
			d.SetItem(k, o.Vals[i])
		}
		return
	}
	it := Iterate(other)
	for n := 0; ; n++ {
		x, ok := it.Next()
		if !ok {
			return
		}
		poll()
		if !isIterable(x) {
			throw("TypeError", errDictUpdateSeq, n)
		}
		pair := drain(Iterate(x))
		if len(pair) != 2 {
			throw("ValueError", errDictUpdateLen, n, len(pair))
		}
		d.SetItem(pair[0], pair[1])
	}
}

// dictGetItem is d[k]: KeyError with the key's repr when it is missing.
func dictGetItem(d *Dict, k Value) Value {
	v, ok := d.Get(k)
	if !ok {
		raiseKeyError(k)
	}
	return v
}

// viewSet is a keys or items view as a set (for its set operators).
func viewSet(v *DictView) *Set {
	s := NewSet()
	it := newDictIter(v.D, v.Kind)
	for {
		x, ok := it.Next()
		if !ok {
			return s
		}
		s.Add(x)
	}
}

// viewBinary is a set operator with a keys or items view on either side:
// the result is a set, as in Python.
func viewBinary(op lang.Op, x, y Value) (Value, bool) {
	toSet := func(v Value) (*Set, bool) {
		switch o := v.(type) {
		case *DictView:
			if o.Kind == dictValues {
				return nil, false
			}
			return viewSet(o), true
		case *Set:
			return o, true
		}
		if isIterable(v) {
			return newSetOf(v, false), true
		}
		return nil, false
	}
	xv, xIsView := x.(*DictView)
	_, yIsView := y.(*DictView)
	if (!xIsView && !yIsView) || (xIsView && xv.Kind == dictValues) {
		return nil, false
	}
	switch op {
	case lang.Pipe, lang.Amp, lang.Minus, lang.Caret:
	default:
		return nil, false
	}
	xs, ok1 := toSet(x)
	ys, ok2 := toSet(y)
	if !ok1 || !ok2 {
		for _, v := range []Value{x, y} {
			if _, isView := v.(*DictView); !isView {
				Iterate(v) // Python's TypeError for what it cannot iterate
			}
		}
		return nil, false
	}
	xs = copySet(xs, false)
	return setBinary(op, xs, ys)
}

// argCount raises CPython's "NAME expected at least/most N argument(s)" for
// a method taking between lo and hi positional arguments, and "TYPE.NAME()
// takes no keyword arguments" (qual is TYPE.NAME, or NAME for a builtin).
func argCount(a *Args, qual string, lo, hi int) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, qual)
	}
	name := qual[strings.LastIndexByte(qual, '.')+1:]
	n := len(a.Pos)
	if n < lo {
		throw("TypeError", errExpectedAtLeastN, name, lo, pluralS(lo), n)
	}
	if n > hi {
		throw("TypeError", errExpectedAtMostN, name, hi, pluralS(hi), n)
	}
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func selfDict(a *Args) *Dict { return a.Self.(*Dict) }

func init() {
	registerMethods("dict",
		method("keys", "keys()", "Returns a live view of the keys.", func(a *Args) Value {
			noArgsM(a, "dict.keys")
			return &DictView{selfDict(a), dictKeys}
		}),
		method("values", "values()", "Returns a live view of the values.", func(a *Args) Value {
			noArgsM(a, "dict.values")
			return &DictView{selfDict(a), dictValues}
		}),
		method("items", "items()", "Returns a live view of the (key, value) pairs.", func(a *Args) Value {
			noArgsM(a, "dict.items")
			return &DictView{selfDict(a), dictItems}
		}),
		method("get", "get(key, default=None)", "Returns d[key], or default when key is missing.", func(a *Args) Value {
			argCount(a, "dict.get", 1, 2)
			if v, ok := selfDict(a).Get(a.Pos[0]); ok {
				return v
			}
			if len(a.Pos) == 2 {
				return a.Pos[1]
			}
			return None
		}),
		method("pop", "pop(key[, default])", "Removes key and returns its value (or default when key is missing).", func(a *Args) Value {
			argCount(a, "dict.pop", 1, 2)
			d := selfDict(a)
			if v, ok := d.Get(a.Pos[0]); ok {
				d.Delete(a.Pos[0])
				return v
			}
			if len(a.Pos) == 2 {
				return a.Pos[1]
			}
			raiseKeyError(a.Pos[0])
			return nil
		}),
		method("popitem", "popitem()", "Removes and returns the last (key, value) pair.", func(a *Args) Value {
			noArgsM(a, "dict.popitem")
			d := selfDict(a)
			if d.Len() == 0 {
				throw("KeyError", errPopitemEmpty)
			}
			k, v := d.Keys[d.Len()-1], d.Vals[d.Len()-1]
			d.Delete(k)
			return Tuple{k, v}
		}),
		method("setdefault", "setdefault(key, default=None)", "Returns d[key], first setting it to default when key is missing.", func(a *Args) Value {
			argCount(a, "dict.setdefault", 1, 2)
			d := selfDict(a)
			if v, ok := d.Get(a.Pos[0]); ok {
				return v
			}
			var def Value = None
			if len(a.Pos) == 2 {
				def = a.Pos[1]
			}
			d.SetItem(a.Pos[0], def)
			return def
		}),
		method("update", "update([other], **kwargs)", "Sets the items of other (a dict or pairs) and of the keyword arguments.", func(a *Args) Value {
			if len(a.Pos) > 1 {
				throw("TypeError", errExpectedAtMostN, "update", 1, pluralS(1), len(a.Pos))
			}
			d := selfDict(a)
			if len(a.Pos) == 1 {
				dictUpdate(d, a.Pos[0])
			}
			for _, kw := range a.Kw {
				d.SetItem(Str(kw.Name), kw.Value)
			}
			return None
		}),
		method("copy", "copy()", "Returns a shallow copy.", func(a *Args) Value {
			noArgsM(a, "dict.copy")
			r := NewDict()
			dictUpdate(r, selfDict(a))
			return r
		}),
		method("clear", "clear()", "Removes every item.", func(a *Args) Value {
			noArgsM(a, "dict.clear")
			*selfDict(a) = *NewDict()
			return None
		}),
		dictFromkeys,
	)
	classAttrs["dict"] = map[string]Value{"fromkeys": dictFromkeys}
}

var dictFromkeys = method("fromkeys", "fromkeys(iterable, value=None)", "Returns a new dict with the items of iterable as keys, each set to value.", func(a *Args) Value {
	argCount(a, "dict.fromkeys", 1, 2)
	var v Value = None
	if len(a.Pos) == 2 {
		v = a.Pos[1]
	}
	d := NewDict()
	it := Iterate(a.Pos[0])
	for {
		k, ok := it.Next()
		if !ok {
			return d
		}
		poll()
		d.SetItem(k, v)
	}
})

// classAttrs are attributes of builtin classes other than their methods
// (dict.fromkeys), keyed by class name.
var classAttrs = map[string]map[string]Value{}

// goClassAttrs are the attributes of classes that Go code makes at run
// time (collections.namedtuple's _fields, _make, ...), keyed by class.
var goClassAttrs = map[*Class]map[string]Value{}

// classAttr is C.name for a builtin class: a class attribute, or a method
// of the type unbound (str.upper("a") is "a".upper()).
func classAttr(c *Class, name string) (Value, bool) {
	if v, ok := goClassAttrs[c][name]; ok {
		return v, true
	}
	if v, ok := classAttrs[c.Name][name]; ok {
		return v, true
	}
	m, ok := typeMethods[c.Name[lastDot(c.Name)+1:]][name]
	if !ok {
		return nil, false
	}
	return &Builtin{Name: m.Name, Sig: m.Sig, Doc: m.Doc, Fn: func(a *Args) Value {
		if len(a.Pos) == 0 {
			throw("TypeError", errUnboundNoSelf, c.Name, m.Name)
		}
		self := a.Pos[0]
		if !isInstance(self, c) {
			throw("TypeError", errUnboundSelfType, m.Name, c.Name, TypeName(self))
		}
		b := &Args{Name: a.Name, Self: self, Pos: a.Pos[1:], Kw: a.Kw, s: a.s}
		return m.Fn(b)
	}}, true
}

// Helpers for the displays of the statement language (the parser and the
// evaluator of `{k: v, **m}` and `{a, *b}` call these):

// DictDisplayMerge is `**m` inside a dict display: m's items into d, or
// CPython's TypeError when m is not a mapping.
func DictDisplayMerge(d *Dict, m Value) {
	o, ok := m.(*Dict)
	if !ok {
		throw("TypeError", errNotMapping, TypeName(m))
	}
	for i, k := range o.Keys {
		d.SetItem(k, o.Vals[i])
	}
}

// SetDisplay is `{a, b, *c}` once its items are evaluated (starred ones
// expanded with Iterate): a set built as CPython's BUILD_SET builds it.
func SetDisplay(items []Value) *Set {
	s := NewSet()
	for _, v := range items {
		s.Add(v)
	}
	return s
}
