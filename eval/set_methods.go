package eval

import (
	"github.com/tensh/tensh/lang"
)

// set and frozenset: constructors, methods and operators, following
// CPython's setobject.c step for step where the order of the result
// depends on it (copies, merges, intersections iterate the tables as
// CPython does).

var (
	setClass       = defClass("set", "set", func(a *Args) Value { return newSetArg(a, false) })
	frozensetClass = defClass("frozenset", "frozenset", func(a *Args) Value { return newSetArg(a, true) })
)

func newSetArg(a *Args, frozen bool) Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, a.Name)
	}
	if len(a.Pos) > 1 {
		throw("TypeError", errExpectedAtMostN, a.Name, 1, pluralS(1), len(a.Pos))
	}
	s := NewSet()
	s.Frozen = frozen
	if len(a.Pos) == 1 {
		if o, ok := a.Pos[0].(*Set); ok && o.Frozen && frozen {
			return o
		}
		s.update(a.Pos[0])
	}
	return s
}

// setOf makes a new set (frozen as the template) holding the items of v
// (make_new_set).
func newSetOf(v Value, frozen bool) *Set {
	s := NewSet()
	s.Frozen = frozen
	s.update(v)
	return s
}

// update adds the items of an iterable (set_update_internal).
func (s *Set) update(v Value) {
	switch o := v.(type) {
	case *Set:
		s.mergeSet(o)
		return
	case *Dict:
		t := s.table()
		if (t.fill+o.Len())*5 >= t.mask()*3 {
			t.resize((t.used + o.Len()) * 2)
		}
		for _, k := range o.Keys {
			s.Add(k)
		}
		return
	}
	it := Iterate(v)
	for {
		x, ok := it.Next()
		if !ok {
			return
		}
		poll()
		s.Add(x)
	}
}

// mergeSet is set_merge: o's items, in o's table order, into s.
func (s *Set) mergeSet(o *Set) {
	ot := o.table()
	if o == s || ot.used == 0 {
		return
	}
	t := s.table()
	if (t.fill+ot.used)*5 >= t.mask()*3 {
		t.resize((t.used + ot.used) * 2)
	}
	appendElem := func(v Value) {
		s.index[mustHash(v)] = len(s.Elems)
		s.Elems = append(s.Elems, v)
	}
	if t.fill == 0 && t.mask() == ot.mask() && ot.fill == ot.used {
		copy(t.slots, ot.slots)
		t.fill, t.used = ot.fill, ot.used
		for _, v := range ot.order() {
			appendElem(v)
		}
		return
	}
	if t.fill == 0 {
		t.fill, t.used = ot.used, ot.used
		for _, sl := range ot.slots {
			if sl.state == slotActive {
				t.insertClean(sl.key, sl.hash)
				appendElem(sl.key)
			}
		}
		return
	}
	for _, v := range ot.order() {
		s.Add(v)
	}
}

// copySet is set_copy: a new set (or frozenset, as frozen says) with s's
// items.
func copySet(s *Set, frozen bool) *Set {
	r := NewSet()
	r.Frozen = frozen
	r.mergeSet(s)
	return r
}

// asSet returns v as a set to combine with s: v itself when it is a set,
// else a new set of its items.
func asSet(v Value) *Set {
	if o, ok := v.(*Set); ok {
		return o
	}
	return newSetOf(v, false)
}

// intersection is set_intersection.
func intersection(s *Set, other Value, frozen bool) *Set {
	r := NewSet()
	r.Frozen = frozen
	if o, ok := other.(*Set); ok {
		a, b := s, o
		if b.Len() > a.Len() {
			a, b = b, a
		}
		for _, v := range b.Order() {
			if a.Has(v) {
				r.Add(v)
			}
		}
		return r
	}
	it := Iterate(other)
	for {
		v, ok := it.Next()
		if !ok {
			return r
		}
		poll()
		if s.Has(v) {
			r.Add(v)
		}
	}
}

// difference is set_difference.
func difference(s *Set, other Value, frozen bool) *Set {
	size := -1
	switch o := other.(type) {
	case *Set:
		size = o.Len()
	case *Dict:
		size = o.Len()
	}
	if size < 0 || s.Len()>>2 > size {
		r := copySet(s, frozen)
		r.differenceUpdate(other)
		return r
	}
	r := NewSet()
	r.Frozen = frozen
	var o *Set
	if os, ok := other.(*Set); ok {
		o = os
	}
	for _, v := range s.Order() {
		if o != nil && o.Has(v) {
			continue
		}
		if d, ok := other.(*Dict); ok {
			if _, in := d.Get(v); in {
				continue
			}
		}
		r.Add(v)
	}
	return r
}

// differenceUpdate is set_difference_update_internal.
func (s *Set) differenceUpdate(other Value) {
	if other == Value(s) {
		s.clear()
		return
	}
	if o, ok := other.(*Set); ok {
		if o.Len()>>3 > s.Len() {
			o = intersection(s, o, false)
		}
		for _, v := range o.Order() {
			s.Remove(v)
		}
	} else {
		it := Iterate(other)
		for {
			v, ok := it.Next()
			if !ok {
				break
			}
			poll()
			s.Remove(v)
		}
	}
	t := s.table()
	if t.fill-t.used > t.mask()/4 {
		if t.used > 50000 {
			t.resize(t.used * 2)
		} else {
			t.resize(t.used * 4)
		}
	}
}

// symmetricDifferenceUpdate is set_symmetric_difference_update.
func (s *Set) symmetricDifferenceUpdate(other Value) {
	o, ok := other.(*Set)
	if !ok {
		o = newSetOf(other, false)
	}
	if o == s {
		s.clear()
		return
	}
	for _, v := range o.Order() {
		if !s.Remove(v) {
			s.Add(v)
		}
	}
}

func (s *Set) clear() {
	s.Elems = nil
	s.index = map[any]int{}
	s.tab = newSetTable()
}

// isSubset is s <= o.
func isSubset(s, o *Set) bool {
	if s.Len() > o.Len() {
		return false
	}
	for _, v := range s.Elems {
		if !o.Has(v) {
			return false
		}
	}
	return true
}

// setBinary is a set operator (| & - ^) with a set or frozenset on the
// left; ok is false when the right operand is not a set.
func setBinary(op lang.Op, x *Set, y Value) (Value, bool) {
	o, ok := y.(*Set)
	if !ok {
		return nil, false
	}
	switch op {
	case lang.Pipe:
		r := copySet(x, x.Frozen)
		r.mergeSet(o)
		return r, true
	case lang.Amp:
		return intersection(x, o, x.Frozen), true
	case lang.Minus:
		return difference(x, o, x.Frozen), true
	case lang.Caret:
		r := copySet(o, x.Frozen)
		r.symmetricDifferenceUpdate(x)
		return r, true
	}
	return nil, false
}

// setInplace is s op= y for a (mutable) set: in place, as Python does.
func setInplace(op lang.Op, x *Set, y Value) (Value, bool) {
	o, ok := y.(*Set)
	if !ok || x.Frozen {
		return nil, false
	}
	switch op {
	case lang.Pipe:
		x.mergeSet(o)
	case lang.Amp:
		r := intersection(x, o, false)
		*x = *r
	case lang.Minus:
		x.differenceUpdate(o)
	case lang.Caret:
		x.symmetricDifferenceUpdate(o)
	default:
		return nil, false
	}
	return x, true
}

// setCompare is a comparison between two sets (subset order); ok is false
// when y is not a set.
func setCompare(op lang.Op, x *Set, y Value) (bool, bool) {
	o, ok := y.(*Set)
	if !ok {
		return false, false
	}
	switch op {
	case lang.Eq:
		return x.Len() == o.Len() && isSubset(x, o), true
	case lang.Ne:
		return !(x.Len() == o.Len() && isSubset(x, o)), true
	case lang.Le:
		return isSubset(x, o), true
	case lang.Lt:
		return x.Len() < o.Len() && isSubset(x, o), true
	case lang.Ge:
		return isSubset(o, x), true
	case lang.Gt:
		return o.Len() < x.Len() && isSubset(o, x), true
	}
	return false, false
}

func selfSet(a *Args) *Set { return a.Self.(*Set) }

// setArgs returns a method's *others (no keyword arguments).
func setArgs(a *Args) []Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, TypeName(a.Self)+"."+a.Name)
	}
	return a.Pos
}

// setArg1 returns the one argument of a METH_O set method.
func setArg1(a *Args) Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, TypeName(a.Self)+"."+a.Name)
	}
	if len(a.Pos) != 1 {
		throw("TypeError", errTakesOneArg, TypeName(a.Self)+"."+a.Name, len(a.Pos))
	}
	return a.Pos[0]
}

func init() {
	common := []*Builtin{
		method("copy", "copy()", "Returns a shallow copy of the set.", func(a *Args) Value {
			noArgsM(a, TypeName(a.Self)+".copy")
			s := selfSet(a)
			if s.Frozen {
				return s
			}
			return copySet(s, false)
		}),
		method("union", "union(*others)", "Returns a new set with the items of the set and of all others.", func(a *Args) Value {
			s := selfSet(a)
			r := copySet(s, s.Frozen)
			for _, o := range setArgs(a) {
				r.update(o)
			}
			return r
		}),
		method("intersection", "intersection(*others)", "Returns a new set with the items common to the set and all others.", func(a *Args) Value {
			s := selfSet(a)
			r := copySet(s, s.Frozen)
			for _, o := range setArgs(a) {
				r = intersection(r, o, s.Frozen)
			}
			return r
		}),
		method("difference", "difference(*others)", "Returns a new set with the items of the set that are in none of the others.", func(a *Args) Value {
			s := selfSet(a)
			others := setArgs(a)
			if len(others) == 1 {
				return difference(s, others[0], s.Frozen)
			}
			r := copySet(s, s.Frozen)
			for _, o := range others {
				r.differenceUpdate(o)
			}
			return r
		}),
		method("symmetric_difference", "symmetric_difference(other)", "Returns a new set with the items in exactly one of the set and other.", func(a *Args) Value {
			o := setArg1(a)
			s := selfSet(a)
			r := newSetOf(o, s.Frozen)
			r.symmetricDifferenceUpdate(s)
			return r
		}),
		method("isdisjoint", "isdisjoint(other)", "Tells whether the set and other have no item in common.", func(a *Args) Value {
			o := setArg1(a)
			return Bool(intersection(selfSet(a), o, false).Len() == 0)
		}),
		method("issubset", "issubset(other)", "Tells whether every item of the set is in other.", func(a *Args) Value {
			o := setArg1(a)
			return Bool(isSubset(selfSet(a), asSet(o)))
		}),
		method("issuperset", "issuperset(other)", "Tells whether every item of other is in the set.", func(a *Args) Value {
			o := setArg1(a)
			return Bool(isSubset(asSet(o), selfSet(a)))
		}),
	}
	registerMethods("frozenset", common...)
	registerMethods("set", common...)
	registerMethods("set",
		method("add", "add(elem)", "Adds elem to the set.", func(a *Args) Value {
			v := setArg1(a)
			selfSet(a).Add(v)
			return None
		}),
		method("remove", "remove(elem)", "Removes elem from the set; KeyError if it is not there.", func(a *Args) Value {
			v := setArg1(a)
			if !selfSet(a).Remove(v) {
				raiseKeyError(v)
			}
			return None
		}),
		method("discard", "discard(elem)", "Removes elem from the set if it is there.", func(a *Args) Value {
			v := setArg1(a)
			selfSet(a).Remove(v)
			return None
		}),
		method("pop", "pop()", "Removes and returns an arbitrary item (the first in iteration order).", func(a *Args) Value {
			noArgsM(a, "set.pop")
			s := selfSet(a)
			if s.Len() == 0 {
				throw("KeyError", errPopEmptySet)
			}
			t := s.table()
			n := len(t.slots)
			for k := 0; k < n; k++ {
				i := (t.finger + k) % n
				if t.slots[i].state == slotActive {
					v := t.slots[i].key
					s.Remove(v)
					t.finger = i + 1
					return v
				}
			}
			return None
		}),
		method("clear", "clear()", "Removes every item.", func(a *Args) Value {
			noArgsM(a, "set.clear")
			selfSet(a).clear()
			return None
		}),
		method("update", "update(*others)", "Adds the items of all others.", func(a *Args) Value {
			s := selfSet(a)
			for _, o := range setArgs(a) {
				s.update(o)
			}
			return None
		}),
		method("intersection_update", "intersection_update(*others)", "Keeps only the items found in all others.", func(a *Args) Value {
			s := selfSet(a)
			for _, o := range setArgs(a) {
				*s = *intersection(s, o, false)
			}
			return None
		}),
		method("difference_update", "difference_update(*others)", "Removes the items found in any of the others.", func(a *Args) Value {
			s := selfSet(a)
			for _, o := range setArgs(a) {
				s.differenceUpdate(o)
			}
			return None
		}),
		method("symmetric_difference_update", "symmetric_difference_update(other)", "Keeps the items found in exactly one of the set and other.", func(a *Args) Value {
			o := setArg1(a)
			selfSet(a).symmetricDifferenceUpdate(o)
			return None
		}),
	)
}
