package eval

import (
	"github.com/tensh/tensh/lang"
)

// Operators on dicts, sets and dict views (pyops.go calls these before its
// own cases).

// containerBinary is x op y when x or y is a set, a dict or a dict view;
// ok is false when neither is, or when Python has no such operator (the
// caller then raises its TypeError).
func containerBinary(op lang.Op, x, y Value) (Value, bool) {
	switch xv := x.(type) {
	case Str:
		if op == lang.Percent {
			return Str(percentFormat(string(xv), y)), true
		}
		return nil, false
	case *Set:
		if _, isView := y.(*DictView); !isView {
			return setBinary(op, xv, y)
		}
	case *Dict:
		if yv, ok := y.(*Dict); ok && op == lang.Pipe {
			r := NewDict()
			dictUpdate(r, xv)
			dictUpdate(r, yv)
			return r, true
		}
		return nil, false
	}
	return viewBinary(op, x, y)
}

// containerCompare is a comparison between sets (or keys/items views,
// which compare as sets); ok is false for other operands.
func containerCompare(op lang.Op, x, y Value) (bool, bool) {
	asSetLike := func(v Value) (*Set, bool) {
		switch o := v.(type) {
		case *Set:
			return o, true
		case *DictView:
			if o.Kind != dictValues {
				return viewSet(o), true
			}
		}
		return nil, false
	}
	xs, ok := asSetLike(x)
	if !ok {
		return false, false
	}
	ys, ok := asSetLike(y)
	if !ok {
		if op == lang.Eq || op == lang.Ne {
			return op == lang.Ne, true
		}
		return false, false
	}
	return setCompare(op, xs, ys)
}

// dictEqual is d == e: the same keys, with equal values.
func (s *Session) dictEqual(d, e *Dict) bool {
	if d.Len() != e.Len() {
		return false
	}
	s.cmpRec.enter(errRecursionCompare)
	defer s.cmpRec.leave()
	for i, k := range d.Keys {
		poll()
		v, ok := e.Get(k)
		if !ok {
			return false
		}
		if !identical(d.Vals[i], v) && !s.truth(s.compare(lang.Eq, d.Vals[i], v)) {
			return false
		}
	}
	return true
}

// containerContains is `x in c` for dicts, sets, views and iterators.
func (s *Session) containerContains(c, x Value) (bool, bool) {
	switch cv := c.(type) {
	case *Dict:
		_, ok := cv.Get(x)
		return ok, true
	case *Set:
		return cv.Has(x), true
	case *DictView:
		switch cv.Kind {
		case dictKeys:
			_, ok := cv.D.Get(x)
			return ok, true
		case dictItems:
			t, ok := x.(Tuple)
			if !ok || len(t) != 2 {
				return false, true
			}
			v, ok := cv.D.Get(t[0])
			return ok && (identical(v, t[1]) || s.truth(s.compare(lang.Eq, v, t[1]))), true
		}
	}
	if !isIterable(c) {
		return false, false
	}
	it := Iterate(c)
	for {
		e, ok := it.Next()
		if !ok {
			return false, true
		}
		poll()
		if identical(e, x) || s.truth(s.compare(lang.Eq, e, x)) {
			return true, true
		}
	}
}
