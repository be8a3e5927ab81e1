package eval

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
)

// collections.deque: a double-ended queue with an optional maxlen (a full
// deque drops items from the other end), as _collectionsmodule.c behaves.

// Deque is a collections.deque.
type Deque struct {
	Elems  []Value
	Maxlen int // -1: unbounded
	state  int // bumped by every mutation, to catch mutation during iteration
}

func (d *Deque) pyTypeName() string { return "collections.deque" }

// PyLen is len(d).
func (d *Deque) PyLen() int { return len(d.Elems) }

func (d *Deque) pyRepr(st *reprState) string {
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	if !st.enterActive(d) {
		return "[...]"
	}
	defer st.leaveActive()
	if d.Maxlen >= 0 {
		return fmt.Sprintf("deque([%s], maxlen=%d)", st.join(d.Elems), d.Maxlen)
	}
	return "deque([" + st.join(d.Elems) + "])"
}

// Iter iterates over a snapshot check: a deque changed during the loop
// raises RuntimeError.
func (d *Deque) Iter() Iterator {
	i, st := 0, d.state
	return IterFunc(func() (Value, bool) {
		if d.state != st {
			throw("RuntimeError", errDequeMutated)
		}
		if i >= len(d.Elems) {
			return nil, false
		}
		i++
		return d.Elems[i-1], true
	})
}

func (d *Deque) pyReversed() Value {
	i, st := len(d.Elems), d.state
	return NewIterValue("_collections._deque_reverse_iterator", IterFunc(func() (Value, bool) {
		if d.state != st {
			throw("RuntimeError", errDequeMutated)
		}
		if i <= 0 {
			return nil, false
		}
		i--
		return d.Elems[i], true
	}))
}

// Contains is `x in d`.
func (d *Deque) Contains(s *Session, x Value) bool {
	for _, e := range d.Elems {
		if identical(e, x) || s.truth(s.compare(lang.Eq, e, x)) {
			return true
		}
	}
	return false
}

// Truth is bool(d).
func (d *Deque) Truth(*Session) bool { return len(d.Elems) > 0 }

func (d *Deque) index(idx Value) int {
	i, ok := pyIndexOK(idx)
	if !ok {
		throw("TypeError", errDequeIndices, TypeName(idx))
	}
	n := int64(len(d.Elems))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		throw("IndexError", errDequeIndexRange)
	}
	return int(i)
}

// GetItem is d[i] (deques take no slices).
func (d *Deque) GetItem(s *Session, idx Value) Value { return d.Elems[d.index(idx)] }

// SetItem is d[i] = v.
func (d *Deque) SetItem(s *Session, idx, v Value) { d.Elems[d.index(idx)] = v }

func (d *Deque) delItem(idx Value) {
	i := d.index(idx)
	d.Elems = append(d.Elems[:i:i], d.Elems[i+1:]...)
	d.state++
}

func (d *Deque) push(v Value, left bool) {
	checkItems(1)
	d.state++
	if d.Maxlen == 0 {
		return
	}
	if left {
		if d.Maxlen > 0 && len(d.Elems) == d.Maxlen {
			d.Elems = d.Elems[:len(d.Elems)-1]
		}
		d.Elems = append([]Value{v}, d.Elems...)
		return
	}
	if d.Maxlen > 0 && len(d.Elems) == d.Maxlen {
		d.Elems = append(d.Elems[:0:0], d.Elems[1:]...)
	}
	d.Elems = append(d.Elems, v)
}

func (d *Deque) rotate(n int) {
	l := len(d.Elems)
	if l <= 1 {
		return
	}
	n %= l
	if n < 0 {
		n += l
	}
	if n == 0 {
		return
	}
	d.Elems = append(append([]Value{}, d.Elems[l-n:]...), d.Elems[:l-n]...)
	d.state++
}

// Compare is ==, != and the orderings, as sequences compare.
func (d *Deque) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	o, ok := other.(*Deque)
	if !ok {
		return nil, false
	}
	x, y := d, o
	if reflected {
		x, y = o, d
	}
	return s.compare(op, &List{Elems: x.Elems}, &List{Elems: y.Elems}), true
}

// Binary is d + other (another deque) and d * n.
func (d *Deque) Binary(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	switch op {
	case lang.Plus:
		o, ok := other.(*Deque)
		if !ok || reflected {
			if !reflected {
				throw("TypeError", errDequeConcat, TypeName(other))
			}
			return nil, false
		}
		nd := &Deque{Maxlen: d.Maxlen}
		for _, v := range append(append([]Value{}, d.Elems...), o.Elems...) {
			nd.push(v, false)
		}
		return nd, true
	case lang.Star:
		l := s.binary(lang.Star, &List{Elems: d.Elems}, other).(*List)
		nd := &Deque{Maxlen: d.Maxlen}
		for _, v := range l.Elems {
			nd.push(v, false)
		}
		return nd, true
	}
	return nil, false
}

// Inplace is d += iterable (extend) and d *= n.
func (d *Deque) Inplace(s *Session, op lang.Op, other Value) (Value, bool) {
	switch op {
	case lang.Plus:
		for _, v := range iterate(other) {
			d.push(v, false)
		}
		return d, true
	case lang.Star:
		l := s.binary(lang.Star, &List{Elems: d.Elems}, other).(*List)
		d.Elems = nil
		for _, v := range l.Elems {
			d.push(v, false)
		}
		return d, true
	}
	return nil, false
}

func dequeMaxlenArg(v Value) int {
	if v == nil || v == None {
		return -1
	}
	n, ok := pyIndexOK(v)
	if !ok {
		throw("TypeError", errDequeMaxlenInt)
	}
	if n < 0 {
		throw("ValueError", errDequeMaxlen)
	}
	return int(n)
}

var dequeClass = &Class{Name: "collections.deque", Call: func(a *Args) Value {
	p := pyArgs(a, "deque", 0, "iterable=, maxlen=")
	d := &Deque{Maxlen: dequeMaxlenArg(p[1])}
	if p[0] != nil {
		it := Iterate(p[0])
		for {
			v, ok := it.Next()
			if !ok {
				break
			}
			d.push(v, false)
		}
	}
	return d
}}

func (d *Deque) pyGetAttr(name string) (Value, bool) {
	if name == "maxlen" {
		if d.Maxlen < 0 {
			return None, true
		}
		return MakeInt(int64(d.Maxlen)), true
	}
	f, ok := dequeMethods[name]
	if !ok {
		return nil, false
	}
	return &Builtin{Name: name, Fn: func(a *Args) Value { return f(d, a) }}, true
}

var dequeMethods = map[string]func(d *Deque, a *Args) Value{
	"append": func(d *Deque, a *Args) Value { exactArgs(a, "deque.append", 1); d.push(a.Pos[0], false); return None },
	"appendleft": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.appendleft", 1)
		d.push(a.Pos[0], true)
		return None
	},
	"pop": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.pop", 0)
		if len(d.Elems) == 0 {
			throw("IndexError", errDequePopEmpty)
		}
		v := d.Elems[len(d.Elems)-1]
		d.Elems = d.Elems[:len(d.Elems)-1]
		d.state++
		return v
	},
	"popleft": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.popleft", 0)
		if len(d.Elems) == 0 {
			throw("IndexError", errDequePopEmpty)
		}
		v := d.Elems[0]
		d.Elems = append(d.Elems[:0:0], d.Elems[1:]...)
		d.state++
		return v
	},
	"extend": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.extend", 1)
		for _, v := range iterate(a.Pos[0]) {
			d.push(v, false)
		}
		return None
	},
	"extendleft": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.extendleft", 1)
		for _, v := range iterate(a.Pos[0]) {
			d.push(v, true)
		}
		return None
	},
	"rotate": func(d *Deque, a *Args) Value {
		argCount(a, "deque.rotate", 0, 1)
		n := int64(1)
		if len(a.Pos) == 1 {
			n = toIndexInt(a.Pos[0]).Int64()
		}
		d.rotate(int(n % int64(max(len(d.Elems), 1))))
		return None
	},
	"clear": func(d *Deque, a *Args) Value { exactArgs(a, "deque.clear", 0); d.Elems = nil; d.state++; return None },
	"copy": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.copy", 0)
		return &Deque{Elems: append([]Value{}, d.Elems...), Maxlen: d.Maxlen}
	},
	"count": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.count", 1)
		n := 0
		for _, e := range d.Elems {
			if identical(e, a.Pos[0]) || a.s.truth(a.s.compare(lang.Eq, e, a.Pos[0])) {
				n++
			}
		}
		return MakeInt(int64(n))
	},
	"index": func(d *Deque, a *Args) Value {
		argCount(a, "deque.index", 1, 3)
		lo, hi := 0, len(d.Elems)
		if len(a.Pos) > 1 {
			lo = clampIndex(toIndexInt(a.Pos[1]).Int64(), len(d.Elems))
		}
		if len(a.Pos) > 2 {
			hi = clampIndex(toIndexInt(a.Pos[2]).Int64(), len(d.Elems))
		}
		for i := lo; i < hi; i++ {
			e := d.Elems[i]
			if identical(e, a.Pos[0]) || a.s.truth(a.s.compare(lang.Eq, e, a.Pos[0])) {
				return MakeInt(int64(i))
			}
		}
		throw("ValueError", errDequeRemove, Repr(a.Pos[0]))
		return nil
	},
	"insert": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.insert", 2)
		if d.Maxlen >= 0 && len(d.Elems) >= d.Maxlen {
			throw("IndexError", errDequeFull)
		}
		i := clampIndex(toIndexInt(a.Pos[0]).Int64(), len(d.Elems))
		d.Elems = append(d.Elems[:i:i], append([]Value{a.Pos[1]}, d.Elems[i:]...)...)
		d.state++
		return None
	},
	"remove": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.remove", 1)
		for i, e := range d.Elems {
			if identical(e, a.Pos[0]) || a.s.truth(a.s.compare(lang.Eq, e, a.Pos[0])) {
				d.Elems = append(d.Elems[:i:i], d.Elems[i+1:]...)
				d.state++
				return None
			}
		}
		throw("ValueError", errDequeRemove, Repr(a.Pos[0]))
		return nil
	},
	"reverse": func(d *Deque, a *Args) Value {
		exactArgs(a, "deque.reverse", 0)
		for i, j := 0, len(d.Elems)-1; i < j; i, j = i+1, j-1 {
			d.Elems[i], d.Elems[j] = d.Elems[j], d.Elems[i]
		}
		d.state++
		return None
	},
}

// clampIndex is a slice bound: negative from the end, clamped to [0, n].
func clampIndex(i int64, n int) int {
	if i < 0 {
		i += int64(n)
	}
	return int(min(max(i, 0), int64(n)))
}

var _ = strings.Join
