package eval

import "strings"

// collections.ChainMap: several mappings looked up in order, as one;
// writes and deletions go to the first.

// ChainMap is a collections.ChainMap; Maps is its maps attribute.
type ChainMap struct {
	Maps *List
	s    *Session
}

func (c *ChainMap) mappingDict() *Dict { return c.asDict(c.s) }

func (c *ChainMap) pyTypeName() string { return "ChainMap" }

func (c *ChainMap) pyRepr(st *reprState) string {
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	if !st.enterActive(c) {
		return "..."
	}
	defer st.leaveActive()
	parts := make([]string, len(c.Maps.Elems))
	for i, m := range c.Maps.Elems {
		parts[i] = st.repr(m)
	}
	return "ChainMap(" + strings.Join(parts, ", ") + ")"
}

func (c *ChainMap) lookup(s *Session, k Value) (Value, bool) {
	for _, m := range c.Maps.Elems {
		if d, ok := m.(*Dict); ok {
			if v, ok := d.Get(k); ok {
				return v, true
			}
			if d.sub == nil || d.sub.missing == nil {
				continue
			}
		}
		if s.contains(m, k) {
			return s.getItem(m, k), true
		}
	}
	return nil, false
}

// GetItem is c[k].
func (c *ChainMap) GetItem(s *Session, k Value) Value {
	if v, ok := c.lookup(s, k); ok {
		return v
	}
	raiseKeyError(k)
	return nil
}

// SetItem is c[k] = v, in the first mapping.
func (c *ChainMap) SetItem(s *Session, k, v Value) { s.setItem(c.first(), k, v) }

func (c *ChainMap) first() Value {
	if len(c.Maps.Elems) == 0 {
		throw("IndexError", errIndexOutOfRange, "list")
	}
	return c.Maps.Elems[0]
}

func (c *ChainMap) delItem(k Value) {
	first := c.first()
	if d, ok := first.(*Dict); ok {
		if !d.Delete(k) {
			raiseKeyError(Str(sprintf(errChainMapKeyEmpty, Repr(k))))
		}
		return
	}
	delItem(first, k)
}

// keys are the keys of all the maps, the last map's first (a dict built
// from the maps in reverse).
func (c *ChainMap) keys() *Dict {
	d := NewDict()
	for i := len(c.Maps.Elems) - 1; i >= 0; i-- {
		for _, k := range iterate(c.Maps.Elems[i]) {
			d.SetItem(k, None)
		}
	}
	return d
}

// PyLen is len(c).
func (c *ChainMap) PyLen() int { return c.keys().Len() }

// Iter iterates over the keys.
func (c *ChainMap) Iter() Iterator { return newDictIter(c.keys(), dictKeys) }

// Contains is `k in c`.
func (c *ChainMap) Contains(s *Session, k Value) bool {
	for _, m := range c.Maps.Elems {
		if s.contains(m, k) {
			return true
		}
	}
	return false
}

// Truth is bool(c).
func (c *ChainMap) Truth(s *Session) bool {
	for _, m := range c.Maps.Elems {
		if s.truth(m) {
			return true
		}
	}
	return false
}

// asDict is the ChainMap's items as one dict, in its iteration order.
func (c *ChainMap) asDict(s *Session) *Dict {
	d := c.keys()
	for i, k := range d.Keys {
		d.Vals[i] = c.GetItem(s, k)
	}
	return d
}

var chainMapClass = &Class{Name: "collections.ChainMap"}

func init() {
	chainMapClass.Call = func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errUnexpectedKw, "ChainMap.__init__", a.Kw[0].Name)
		}
		maps := append([]Value{}, a.Pos...)
		if len(maps) == 0 {
			maps = []Value{NewDict()}
		}
		return &ChainMap{s: a.s, Maps: &List{Elems: maps}}
	}
	collectionsMembers["ChainMap"] = chainMapClass
	classOf["ChainMap"] = chainMapClass
}

func (c *ChainMap) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "maps":
		return c.Maps, true
	case "parents":
		rest := []Value{}
		if len(c.Maps.Elems) > 1 {
			rest = append(rest, c.Maps.Elems[1:]...)
		}
		if len(rest) == 0 {
			rest = []Value{NewDict()}
		}
		return &ChainMap{s: c.s, Maps: &List{Elems: rest}}, true
	}
	m := func(fn func(a *Args) Value) (Value, bool) { return &Builtin{Name: name, Fn: fn}, true }
	switch name {
	case "new_child":
		return m(func(a *Args) Value {
			p := pyArgs(a, "new_child", 1, "m=")
			var first Value = NewDict()
			if p[0] != nil && p[0] != None {
				first = p[0]
			}
			if d, ok := first.(*Dict); ok {
				for _, kw := range a.Kw {
					d.SetItem(Str(kw.Name), kw.Value)
				}
			}
			return &ChainMap{s: c.s, Maps: &List{Elems: append([]Value{first}, c.Maps.Elems...)}}
		})
	case "get":
		return m(func(a *Args) Value {
			argCount(a, "get", 1, 2)
			if v, ok := c.lookup(a.s, a.Pos[0]); ok {
				return v
			}
			if len(a.Pos) == 2 {
				return a.Pos[1]
			}
			return None
		})
	case "keys", "values", "items":
		kind := map[string]int{"keys": dictKeys, "values": dictValues, "items": dictItems}[name]
		return m(func(a *Args) Value {
			argCount(a, name, 0, 0)
			return &DictView{D: c.asDict(a.s), Kind: kind}
		})
	case "copy", "__copy__":
		return m(func(a *Args) Value {
			argCount(a, name, 0, 0)
			first := a.s.callMethod(c.first(), "copy")
			return &ChainMap{s: c.s, Maps: &List{Elems: append([]Value{first}, c.Maps.Elems[1:]...)}}
		})
	case "pop":
		return m(func(a *Args) Value {
			argCount(a, "pop", 1, 2)
			d, ok := c.first().(*Dict)
			if ok {
				if v, ok := d.Get(a.Pos[0]); ok {
					d.Delete(a.Pos[0])
					return v
				}
			}
			if len(a.Pos) == 2 {
				return a.Pos[1]
			}
			raiseKeyError(Str(sprintf(errChainMapKeyEmpty, Repr(a.Pos[0]))))
			return nil
		})
	case "popitem":
		return m(func(a *Args) Value {
			argCount(a, "popitem", 0, 0)
			d, ok := c.first().(*Dict)
			if !ok || d.Len() == 0 {
				raiseKeyError(Str(errChainMapPopEmpty))
			}
			k, v := d.Keys[d.Len()-1], d.Vals[d.Len()-1]
			d.Delete(k)
			return Tuple{k, v}
		})
	case "clear":
		return m(func(a *Args) Value {
			argCount(a, "clear", 0, 0)
			a.s.callMethod(c.first(), "clear")
			return None
		})
	case "update":
		return m(func(a *Args) Value {
			return a.s.Call(a.s.getAttr(c.first(), "update"), &Args{Pos: a.Pos, Kw: a.Kw})
		})
	}
	return nil, false
}
