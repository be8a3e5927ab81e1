package eval

import (
	"fmt"

	"github.com/tensh/tensh/lang"
)

// The itertools module: every function of CPython 3.11's itertools as a
// lazy iterator (an *IterValue of type itertools.NAME, consumed once),
// with CPython's reprs (count(10), repeat('a', 3)) and errors.

var itertoolsFuncs = map[string]*Class{}

// itClass registers itertools.NAME, a class whose call makes the iterator.
func itClass(name string, call func(a *Args) Value) *Class {
	c := &Class{Name: "itertools." + name, Call: call}
	itertoolsFuncs[name] = c
	classOf[name] = c
	return c
}

func init() {
	RegisterModule("itertools", func(s *Session) *Module {
		m := &Module{Name: "itertools", Origin: "(built-in)", Members: map[string]Value{}}
		for n, c := range itertoolsFuncs {
			m.Members[n] = c
		}
		return m
	})
}

// unpackArgs is PyArg_UnpackTuple: between lo and hi positional
// arguments, no keywords ("NAME expected N arguments, got M").
func unpackArgs(a *Args, name string, lo, hi int) {
	if len(a.Kw) > 0 {
		throw("TypeError", errItNoKw, name)
	}
	n := len(a.Pos)
	switch {
	case lo == hi && n != lo:
		throw("TypeError", errItExpectedArgs, name, lo, pluralS(lo), n)
	case n < lo:
		throw("TypeError", errItExpectedAtLst, name, lo, pluralS(lo), n)
	case n > hi:
		throw("TypeError", errItExpectedAtMost, name, hi, pluralS(hi), n)
	}
}

// clinicArgs binds the arguments of an Argument Clinic function: names
// in order, the first nreq required; keywords by name.
func clinicArgs(a *Args, name string, nreq int, names ...string) []Value {
	out := make([]Value, len(names))
	if len(a.Pos) > len(names) {
		throw("TypeError", errItTakesAtMost, name, len(names), pluralS(len(names)), len(a.Pos))
	}
	copy(out, a.Pos)
	for _, kw := range a.Kw {
		found := false
		for i, n := range names {
			if n == kw.Name {
				if out[i] != nil {
					throw("TypeError", errMultipleVals, name, n)
				}
				out[i], found = kw.Value, true
			}
		}
		if !found {
			throw("TypeError", errUnexpectedKw, name, kw.Name)
		}
	}
	for i := 0; i < nreq; i++ {
		if out[i] == nil {
			throw("TypeError", errItMissingArg, name, names[i], i+1)
		}
	}
	return out
}

// callFn is fn(args...).
func (s *Session) callFn(fn Value, args ...Value) Value {
	return s.Call(fn, &Args{Pos: args})
}

func itIter(name string, next func() (Value, bool)) *IterValue {
	return NewIterValue("itertools."+name, IterFunc(next))
}

// countIter is itertools.count, with its repr.
type countIter struct {
	s         *Session
	cur, step Value
	stepGiven bool
}

func (c *countIter) pyTypeName() string { return "itertools.count" }
func (c *countIter) Iter() Iterator     { return c }
func (c *countIter) Next() (Value, bool) {
	v := c.cur
	c.cur = c.s.binary(lang.Plus, c.cur, c.step)
	return v, true
}
func (c *countIter) pyRepr(st *reprState) string {
	if n, ok := c.step.(Int); ok && !c.stepGiven || ok && n.String() == "1" {
		return "count(" + st.repr(c.cur) + ")"
	}
	return "count(" + st.repr(c.cur) + ", " + st.repr(c.step) + ")"
}

// repeatIter is itertools.repeat, with its repr.
type repeatIter struct {
	obj  Value
	left int64 // -1: forever
}

func (r *repeatIter) pyTypeName() string { return "itertools.repeat" }
func (r *repeatIter) Iter() Iterator     { return r }
func (r *repeatIter) Next() (Value, bool) {
	if r.left == 0 {
		return nil, false
	}
	if r.left > 0 {
		r.left--
	}
	return r.obj, true
}
func (r *repeatIter) pyRepr(st *reprState) string {
	if r.left < 0 {
		return "repeat(" + st.repr(r.obj) + ")"
	}
	return fmt.Sprintf("repeat(%s, %d)", st.repr(r.obj), r.left)
}

func isNumber(v Value) bool {
	_, ok := number(v)
	return ok || isComplexValue(v)
}

func isComplexValue(v Value) bool { _, ok := v.(Complex); return ok }

func init() {
	itClass("count", func(a *Args) Value {
		p := clinicArgs(a, "count", 0, "start", "step")
		c := &countIter{s: a.s, cur: orDefault(p[0], MakeInt(0)), step: orDefault(p[1], MakeInt(1)), stepGiven: p[1] != nil}
		if !isNumber(c.cur) || !isNumber(c.step) {
			throw("TypeError", errNumberRequired)
		}
		return c
	})
	itClass("repeat", func(a *Args) Value {
		p := clinicArgs(a, "repeat", 1, "object", "times")
		r := &repeatIter{obj: p[0], left: -1}
		if p[1] != nil {
			r.left = max(toIndexInt(p[1]).Int64(), 0)
		}
		return r
	})
	itClass("cycle", func(a *Args) Value {
		unpackArgs(a, "cycle", 1, 1)
		it := Iterate(a.Pos[0])
		var saved []Value
		i, done := 0, false
		return itIter("cycle", func() (Value, bool) {
			if !done {
				if v, ok := it.Next(); ok {
					saved = append(saved, v)
					return v, true
				}
				done = true
			}
			if len(saved) == 0 {
				return nil, false
			}
			poll()
			v := saved[i%len(saved)]
			i++
			return v, true
		})
	})
	itClass("accumulate", func(a *Args) Value {
		var fn, initial Value
		if len(a.Pos) > 2 {
			throw("TypeError", errItTakesAtMost, "accumulate", 2, "s", len(a.Pos))
		}
		var iterable Value
		pos := append([]Value{}, a.Pos...)
		for _, kw := range a.Kw {
			switch kw.Name {
			case "iterable":
				pos = append([]Value{kw.Value}, pos...)
			case "func":
				fn = kw.Value
			case "initial":
				initial = kw.Value
			default:
				throw("TypeError", errUnexpectedKw, "accumulate", kw.Name)
			}
		}
		if len(pos) == 0 {
			throw("TypeError", errItMissingArg, "accumulate", "iterable", 1)
		}
		iterable = pos[0]
		if len(pos) > 1 {
			fn = pos[1]
		}
		it := Iterate(iterable)
		s := a.s
		var total Value
		if initial != nil && initial != None {
			total = initial
		}
		first := total != nil
		return itIter("accumulate", func() (Value, bool) {
			if first {
				first = false
				return total, true
			}
			v, ok := it.Next()
			if !ok {
				return nil, false
			}
			switch {
			case total == nil:
				total = v
			case fn == nil || fn == None:
				total = s.binary(lang.Plus, total, v)
			default:
				total = s.callFn(fn, total, v)
			}
			return total, true
		})
	})
	chain := itClass("chain", func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errItNoKw, "chain")
		}
		return chainOf(Iterate(Tuple(a.Pos)))
	})
	classAttrs[chain.Name] = map[string]Value{"from_iterable": &Builtin{Name: "from_iterable", Sig: "chain.from_iterable(iterable)",
		Doc: "Chains the iterables that iterable yields, lazily.", Fn: func(a *Args) Value {
			unpackArgs(a, "from_iterable", 1, 1)
			return chainOf(Iterate(a.Pos[0]))
		}}}
	itClass("compress", func(a *Args) Value {
		p := clinicArgs(a, "compress", 2, "data", "selectors")
		data, sel := Iterate(p[0]), Iterate(p[1])
		return itIter("compress", func() (Value, bool) {
			for {
				d, ok := data.Next()
				if !ok {
					return nil, false
				}
				t, ok := sel.Next()
				if !ok {
					return nil, false
				}
				if a.s.truth(t) {
					return d, true
				}
			}
		})
	})
	predIter := func(name string, keep func(s *Session, fn, x Value) bool, drop bool) {
		itClass(name, func(a *Args) Value {
			unpackArgs(a, name, 2, 2)
			fn, it := a.Pos[0], Iterate(a.Pos[1])
			done := false
			return itIter(name, func() (Value, bool) {
				for !done {
					x, ok := it.Next()
					if !ok {
						done = true
						return nil, false
					}
					if drop { // dropwhile
						if keep(a.s, fn, x) {
							continue
						}
						done = true
						return x, true
					}
					if keep(a.s, fn, x) {
						return x, true
					}
					done = true // takewhile
					return nil, false
				}
				if drop {
					return it.Next()
				}
				return nil, false
			})
		})
	}
	predTrue := func(s *Session, fn, x Value) bool { return s.truth(s.callFn(fn, x)) }
	predIter("dropwhile", predTrue, true)
	predIter("takewhile", predTrue, false)
	itClass("filterfalse", func(a *Args) Value {
		unpackArgs(a, "filterfalse", 2, 2)
		fn, it := a.Pos[0], Iterate(a.Pos[1])
		return itIter("filterfalse", func() (Value, bool) {
			for {
				x, ok := it.Next()
				if !ok {
					return nil, false
				}
				t := x
				if fn != None {
					t = a.s.callFn(fn, x)
				}
				if !a.s.truth(t) {
					return x, true
				}
			}
		})
	})
	itClass("starmap", func(a *Args) Value {
		unpackArgs(a, "starmap", 2, 2)
		fn, it := a.Pos[0], Iterate(a.Pos[1])
		return itIter("starmap", func() (Value, bool) {
			x, ok := it.Next()
			if !ok {
				return nil, false
			}
			return a.s.Call(fn, &Args{Pos: iterate(x)}), true
		})
	})
	itClass("pairwise", func(a *Args) Value {
		unpackArgs(a, "pairwise", 1, 1)
		it := Iterate(a.Pos[0])
		var prev Value
		return itIter("pairwise", func() (Value, bool) {
			if prev == nil {
				v, ok := it.Next()
				if !ok {
					return nil, false
				}
				prev = v
			}
			v, ok := it.Next()
			if !ok {
				return nil, false
			}
			pair := Tuple{prev, v}
			prev = v
			return pair, true
		})
	})
}

func chainOf(iterables Iterator) *IterValue {
	var cur Iterator
	return itIter("chain", func() (Value, bool) {
		for {
			if cur == nil {
				src, ok := iterables.Next()
				if !ok {
					return nil, false
				}
				cur = Iterate(src)
			}
			if v, ok := cur.Next(); ok {
				return v, true
			}
			cur = nil
		}
	})
}
