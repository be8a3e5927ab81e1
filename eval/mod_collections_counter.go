package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
)

// collections.Counter: a dict of counts (missing elements count 0),
// with collections/__init__.py's methods and operators.

var counterClass = &Class{Name: "collections.Counter"}

func init() { counterClass.Call = counterClassCall }

func counterClassCall(a *Args) Value {
	if len(a.Pos) > 1 {
		throw("TypeError", errTakesFromToPos, "Counter.__init__", 1, 2, len(a.Pos)+1, "were")
	}
	d := NewDict()
	d.sub = counterSub()
	counterUpdate(a.s, d, a.Pos, a.Kw, 1)
	return d
}

func counterSub() *dictSub {
	return &dictSub{typeName: "Counter", class: counterClass,
		missing: func(s *Session, d *Dict, k Value) Value { return MakeInt(0) },
		repr: func(st *reprState, d *Dict) string {
			if d.Len() == 0 {
				return "Counter()"
			}
			var items []Value
			func() {
				defer func() {
					if recover() != nil { // unorderable counts: the dict's order
						items = nil
					}
				}()
				items = counterMostCommon(nil, d, -1)
			}()
			if items == nil {
				return "Counter(" + plainRepr(st, d) + ")"
			}
			parts := make([]string, len(items))
			for i, it := range items {
				kv := it.(Tuple)
				parts[i] = st.repr(kv[0]) + ": " + st.repr(kv[1])
			}
			return "Counter({" + strings.Join(parts, ", ") + "})"
		}}
}

func newCounter() *Dict {
	d := NewDict()
	d.sub = counterSub()
	return d
}

func isCounter(v Value) bool {
	d, ok := v.(*Dict)
	return ok && d.sub != nil && d.sub.class == counterClass
}

// counterUpdate is update (sign 1) and subtract (sign -1).
func counterUpdate(s *Session, d *Dict, pos []Value, kw []KwArg, sign int) {
	op := lang.Plus
	if sign < 0 {
		op = lang.Minus
	}
	get := func(k Value) Value {
		if v, ok := d.Get(k); ok {
			return v
		}
		return MakeInt(0)
	}
	if len(pos) == 1 && pos[0] != None {
		if m, ok := pos[0].(*Dict); ok {
			if sign > 0 && d.Len() == 0 && !isCounter(m) {
				for i, k := range m.Keys {
					d.SetItem(k, m.Vals[i])
				}
			} else {
				for i, k := range m.Keys {
					d.SetItem(k, s.binary(op, get(k), m.Vals[i]))
				}
			}
		} else {
			it := Iterate(pos[0])
			for {
				x, ok := it.Next()
				if !ok {
					break
				}
				poll()
				d.SetItem(x, s.binary(op, get(x), MakeInt(1)))
			}
		}
	}
	for _, k := range kw {
		d.SetItem(Str(k.Name), s.binary(op, get(Str(k.Name)), k.Value))
	}
}

// counterMostCommon is most_common(n) (n < 0: all): by count, largest
// first, ties in insertion order.
func counterMostCommon(s *Session, d *Dict, n int) []Value {
	items := make([]Value, d.Len())
	keys := make([]Value, d.Len())
	for i, k := range d.Keys {
		items[i] = Tuple{k, d.Vals[i]}
		keys[i] = d.Vals[i]
	}
	s.sortValues(items, keys, true)
	if n >= 0 && n < len(items) {
		items = items[:n]
	}
	return items
}

func counterGet(d *Dict, k Value) Value {
	if v, ok := d.Get(k); ok {
		return v
	}
	return MakeInt(0)
}

func counterBinary(s *Session, op lang.Op, x, y *Dict) (Value, bool) {
	gt0 := func(v Value) bool { return s.lessThan(MakeInt(0), v) }
	r := newCounter()
	switch op {
	case lang.Plus, lang.Minus:
		for i, k := range x.Keys {
			if n := s.binary(op, x.Vals[i], counterGet(y, k)); gt0(n) {
				r.SetItem(k, n)
			}
		}
		for i, k := range y.Keys {
			if _, in := x.Get(k); in {
				continue
			}
			if op == lang.Plus && gt0(y.Vals[i]) {
				r.SetItem(k, y.Vals[i])
			}
			if op == lang.Minus && s.lessThan(y.Vals[i], MakeInt(0)) {
				r.SetItem(k, s.binary(lang.Minus, MakeInt(0), y.Vals[i]))
			}
		}
	case lang.Pipe, lang.Amp:
		for i, k := range x.Keys {
			c, o := x.Vals[i], counterGet(y, k)
			n := c
			if (op == lang.Pipe) == s.lessThan(c, o) {
				n = o
			}
			if gt0(n) {
				r.SetItem(k, n)
			}
		}
		if op == lang.Pipe {
			for i, k := range y.Keys {
				if _, in := x.Get(k); !in && gt0(y.Vals[i]) {
					r.SetItem(k, y.Vals[i])
				}
			}
		}
	default:
		return nil, false
	}
	return r, true
}

func keepPositive(s *Session, d *Dict) {
	var drop []Value
	for i, k := range d.Keys {
		if !s.lessThan(MakeInt(0), d.Vals[i]) {
			drop = append(drop, k)
		}
	}
	for _, k := range drop {
		d.Delete(k)
	}
}

func counterInplace(s *Session, op lang.Op, d, o *Dict) (Value, bool) {
	switch op {
	case lang.Plus, lang.Minus:
		for i, k := range o.Keys {
			d.SetItem(k, s.binary(op, counterGet(d, k), o.Vals[i]))
		}
	case lang.Pipe:
		for i, k := range o.Keys {
			if s.lessThan(counterGet(d, k), o.Vals[i]) {
				d.SetItem(k, o.Vals[i])
			}
		}
	case lang.Amp:
		for i, k := range d.Keys {
			if oc := counterGet(o, k); s.lessThan(oc, d.Vals[i]) {
				d.Vals[i] = oc
			}
		}
	default:
		return nil, false
	}
	keepPositive(s, d)
	return d, true
}

func counterUnary(s *Session, op lang.Op, d *Dict) Value {
	r := newCounter()
	for i, k := range d.Keys {
		c := d.Vals[i]
		if op == lang.Plus && s.lessThan(MakeInt(0), c) {
			r.SetItem(k, c)
		}
		if op == lang.Minus && s.lessThan(c, MakeInt(0)) {
			r.SetItem(k, s.binary(lang.Minus, MakeInt(0), c))
		}
	}
	return r
}

// counterCompare is Counter's ==, !=, <=, <, >=, > (3.10+): every
// element's count compared, missing ones as zero.
func counterCompare(s *Session, op lang.Op, d, o *Dict, reflected bool) (Value, bool) {
	if !isCounter(o) {
		return nil, false
	}
	x, y := d, o
	if reflected {
		x, y = o, d
	}
	all := func(cmp lang.Op) bool {
		for _, c := range []*Dict{x, y} {
			for _, k := range c.Keys {
				if !s.truth(s.compare(cmp, counterGet(x, k), counterGet(y, k))) {
					return false
				}
			}
		}
		return true
	}
	switch op {
	case lang.Eq:
		return Bool(all(lang.Eq)), true
	case lang.Ne:
		return Bool(!all(lang.Eq)), true
	case lang.Le:
		return Bool(all(lang.Le)), true
	case lang.Lt:
		return Bool(all(lang.Le) && !all(lang.Eq)), true
	case lang.Ge:
		return Bool(all(lang.Ge)), true
	case lang.Gt:
		return Bool(all(lang.Ge) && !all(lang.Eq)), true
	}
	return nil, false
}

func init() {
	collectionsMembers["Counter"] = counterClass
	classOf["Counter"] = counterClass
	goClassBase[counterClass] = dictClass
	classAttrs[counterClass.Name] = map[string]Value{"fromkeys": &Builtin{Name: "fromkeys", Fn: func(a *Args) Value {
		throw("NotImplementedError", errCounterFromkeys)
		return nil
	}}}
	subMethods("Counter",
		&Builtin{Name: "most_common", Sig: "most_common(n=None)", Doc: "Lists the n most common elements and their counts, most common first.",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "Counter.most_common", 1, "n=")
				n := -1
				if p[0] != nil && p[0] != None {
					n = int(max(toIndexInt(p[0]).Int64(), 0))
				}
				return &List{Elems: counterMostCommon(a.s, selfDict(a), n)}
			}},
		&Builtin{Name: "elements", Sig: "elements()", Doc: "Iterates over the elements, each repeated as many times as its count.",
			Fn: func(a *Args) Value {
				pyArgs(a, "Counter.elements", 1, "")
				d := selfDict(a)
				var items []Value
				for i, k := range d.Keys {
					items = append(items, &repeatIter{obj: k, left: max(toIndexInt(d.Vals[i]).Int64(), 0)})
				}
				return chainOf(Iterate(Tuple(items)))
			}},
		&Builtin{Name: "total", Sig: "total()", Doc: "Returns the sum of the counts.",
			Fn: func(a *Args) Value {
				pyArgs(a, "Counter.total", 1, "")
				var t Value = MakeInt(0)
				for _, v := range selfDict(a).Vals {
					t = a.s.binary(lang.Plus, t, v)
				}
				return t
			}},
		&Builtin{Name: "update", Sig: "update(iterable=None, /, **kwds)", Doc: "Adds counts from an iterable or another mapping.",
			Fn: func(a *Args) Value {
				if len(a.Pos) > 1 {
					throw("TypeError", errCounterArgs, len(a.Pos))
				}
				counterUpdate(a.s, selfDict(a), a.Pos, a.Kw, 1)
				return None
			}},
		&Builtin{Name: "subtract", Sig: "subtract(iterable=None, /, **kwds)", Doc: "Subtracts counts (which may go to zero or below).",
			Fn: func(a *Args) Value {
				if len(a.Pos) > 1 {
					throw("TypeError", errCounterArgs, len(a.Pos))
				}
				counterUpdate(a.s, selfDict(a), a.Pos, a.Kw, -1)
				return None
			}},
		&Builtin{Name: "__missing__", Sig: "__missing__(key)", Doc: "The count of a missing element: 0.",
			Fn: func(a *Args) Value { return MakeInt(0) }},
	)
}
