package eval

import (
	"math"

	"github.com/tensh/tensh/lang"
)

// itertools' slicing, grouping and combinatoric iterators: islice,
// groupby, tee, zip_longest, product, permutations, combinations,
// combinations_with_replacement (the index algorithms of CPython's docs
// and itertoolsmodule.c, so the orders match).

// isliceArg is an islice bound: None, or an int in [0, sys.maxsize].
func isliceArg(v Value, stopOnly bool) int64 {
	if v == nil || v == None {
		return -1
	}
	n, ok := pyIndexOK(v)
	if !ok || n < 0 {
		if stopOnly {
			throw("ValueError", errIsliceStop)
		}
		throw("ValueError", errIsliceIndices)
	}
	return n
}

// rArg is the r of permutations and combinations.
func rArg(v Value) int {
	n, ok := pyIndexOK(v)
	if !ok {
		throw("TypeError", errExpectedIntR)
	}
	if n < 0 {
		throw("ValueError", errRNonNegative)
	}
	return int(min(n, math.MaxInt32))
}

func init() {
	itClass("islice", func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errItNoKw, "islice")
		}
		if len(a.Pos) < 2 {
			throw("TypeError", errItExpectedAtLst, "islice", 2, "s", len(a.Pos))
		}
		if len(a.Pos) > 4 {
			throw("TypeError", errItExpectedAtMost, "islice", 4, "s", len(a.Pos))
		}
		it := Iterate(a.Pos[0])
		var start, stop, step int64 = 0, -1, 1
		if len(a.Pos) == 2 {
			stop = isliceArg(a.Pos[1], true)
		} else {
			start = max(isliceArg(a.Pos[1], false), 0)
			stop = isliceArg(a.Pos[2], false)
			if len(a.Pos) == 4 && a.Pos[3] != None {
				n, ok := pyIndexOK(a.Pos[3])
				if !ok || n < 1 {
					throw("ValueError", errIsliceStep)
				}
				step = n
			}
		}
		next := start // index of the next item to yield
		var i int64   // index of the next item of it
		return itIter("islice", func() (Value, bool) {
			if stop >= 0 && next >= stop {
				return nil, false
			}
			for i < next {
				if _, ok := it.Next(); !ok {
					stop = 0
					return nil, false
				}
				i++
			}
			v, ok := it.Next()
			if !ok {
				stop = 0
				return nil, false
			}
			i++
			next += step
			return v, true
		})
	})
	itClass("groupby", func(a *Args) Value {
		p := clinicArgs(a, "groupby", 1, "iterable", "key")
		g := &groupBy{s: a.s, it: Iterate(p[0]), key: p[1]}
		return itIter("groupby", g.next)
	})
}

// groupBy is itertoolsmodule.c's groupbyobject: the current key and value
// (nil when taken), the key of the group being yielded, and the grouper
// allowed to read (an older grouper stops).
type groupBy struct {
	s                      *Session
	it                     Iterator
	key                    Value
	tgtKey, curKey, curVal Value
	grouper                *IterValue
}

func (g *groupBy) step() bool {
	v, ok := g.it.Next()
	if !ok {
		return false
	}
	k := v
	if g.key != nil && g.key != None {
		k = g.s.callFn(g.key, v)
	}
	g.curVal, g.curKey = v, k
	return true
}

func (g *groupBy) next() (Value, bool) {
	g.grouper = nil
	for {
		if g.curKey == nil {
			// read the first item
		} else if g.tgtKey == nil {
			break
		} else if !g.s.truth(g.s.compare(lang.Eq, g.tgtKey, g.curKey)) {
			break
		}
		if !g.step() {
			return nil, false
		}
	}
	g.tgtKey = g.curKey
	tgt := g.tgtKey
	var grouper *IterValue
	grouper = NewIterValue("itertools._grouper", IterFunc(func() (Value, bool) {
		if g.grouper != grouper {
			return nil, false
		}
		if g.curVal == nil && !g.step() {
			return nil, false
		}
		if !g.s.truth(g.s.compare(lang.Eq, tgt, g.curKey)) {
			return nil, false
		}
		v := g.curVal
		g.curVal = nil
		return v, true
	}))
	g.grouper = grouper
	return Tuple{tgt, grouper}, true
}

// teeData is the buffer the iterators of one tee() share.
type teeData struct {
	it    Iterator
	buf   []Value
	done  bool
	start int // index of buf[0]
}

func (t *teeData) at(i int) (Value, bool) {
	for i-t.start >= len(t.buf) {
		if t.done {
			return nil, false
		}
		v, ok := t.it.Next()
		if !ok {
			t.done = true
			return nil, false
		}
		t.buf = append(t.buf, v)
	}
	return t.buf[i-t.start], true
}

func teeIter(d *teeData, pos int) *IterValue {
	return NewIterValue("itertools._tee", IterFunc(func() (Value, bool) {
		v, ok := d.at(pos)
		if ok {
			pos++
		}
		return v, ok
	}))
}

func init() {
	itClass("tee", func(a *Args) Value {
		unpackArgs(a, "tee", 1, 2)
		n := int64(2)
		if len(a.Pos) == 2 {
			n = toIndexInt(a.Pos[1]).Int64()
		}
		if n < 0 {
			throw("ValueError", errTeeN)
		}
		d := &teeData{it: Iterate(a.Pos[0])}
		out := make(Tuple, n)
		for i := range out {
			out[i] = teeIter(d, 0)
		}
		return out
	})
	itClass("zip_longest", func(a *Args) Value {
		var fill Value = None
		for _, kw := range a.Kw {
			if kw.Name != "fillvalue" {
				throw("TypeError", errItUnexpectedKw, "zip_longest")
			}
			fill = kw.Value
		}
		its := make([]Iterator, len(a.Pos))
		for i, v := range a.Pos {
			its[i] = Iterate(v)
		}
		active := len(its)
		return itIter("zip_longest", func() (Value, bool) {
			if len(its) == 0 || active == 0 {
				return nil, false
			}
			out := make(Tuple, len(its))
			for i, it := range its {
				if it == nil {
					out[i] = fill
					continue
				}
				v, ok := it.Next()
				if !ok {
					active--
					its[i] = nil
					if active == 0 {
						return nil, false
					}
					v = fill
				}
				out[i] = v
			}
			return out, true
		})
	})
	itClass("product", func(a *Args) Value {
		repeat := int64(1)
		for _, kw := range a.Kw {
			if kw.Name != "repeat" {
				throw("TypeError", errItInvalidKw, kw.Name, "product")
			}
			repeat = toIndexInt(kw.Value).Int64()
			if repeat < 0 {
				throw("ValueError", errRepeatNegative)
			}
		}
		var pools [][]Value
		for _, v := range a.Pos {
			pools = append(pools, iterate(v))
		}
		var all [][]Value
		for r := int64(0); r < repeat; r++ {
			all = append(all, pools...)
		}
		idx := make([]int, len(all))
		first, done := true, false
		for _, p := range all {
			if len(p) == 0 {
				done = true
			}
		}
		return itIter("product", func() (Value, bool) {
			if done {
				return nil, false
			}
			if !first {
				i := len(all) - 1
				for ; i >= 0; i-- {
					idx[i]++
					if idx[i] < len(all[i]) {
						break
					}
					idx[i] = 0
				}
				if i < 0 {
					done = true
					return nil, false
				}
			}
			first = false
			out := make(Tuple, len(all))
			for i, p := range all {
				out[i] = p[idx[i]]
			}
			return out, true
		})
	})
	itClass("permutations", func(a *Args) Value {
		p := clinicArgs(a, "permutations", 1, "iterable", "r")
		pool := iterate(p[0])
		n := len(pool)
		r := n
		if p[1] != nil && p[1] != None {
			r = rArg(p[1])
		}
		if r > n {
			return itIter("permutations", func() (Value, bool) { return nil, false })
		}
		indices := make([]int, n)
		for i := range indices {
			indices[i] = i
		}
		cycles := make([]int, r)
		for i := range cycles {
			cycles[i] = n - i
		}
		first, done := true, false
		emit := func() (Value, bool) {
			out := make(Tuple, r)
			for i := 0; i < r; i++ {
				out[i] = pool[indices[i]]
			}
			return out, true
		}
		return itIter("permutations", func() (Value, bool) {
			if done {
				return nil, false
			}
			if first {
				first = false
				return emit()
			}
			for i := r - 1; i >= 0; i-- {
				cycles[i]--
				if cycles[i] == 0 {
					x := indices[i]
					copy(indices[i:], indices[i+1:])
					indices[n-1] = x
					cycles[i] = n - i
				} else {
					j := cycles[i]
					indices[i], indices[n-j] = indices[n-j], indices[i]
					return emit()
				}
			}
			done = true
			return nil, false
		})
	})
	combos := func(name string, repl bool) {
		itClass(name, func(a *Args) Value {
			p := clinicArgs(a, name, 2, "iterable", "r")
			pool := iterate(p[0])
			n := len(pool)
			r := rArg(p[1])
			if !repl && r > n || repl && n == 0 && r > 0 {
				return itIter(name, func() (Value, bool) { return nil, false })
			}
			indices := make([]int, r)
			for i := range indices {
				if !repl {
					indices[i] = i
				}
			}
			first, done := true, false
			emit := func() (Value, bool) {
				out := make(Tuple, r)
				for i, j := range indices {
					out[i] = pool[j]
				}
				return out, true
			}
			return itIter(name, func() (Value, bool) {
				if done {
					return nil, false
				}
				if first {
					first = false
					return emit()
				}
				i := r - 1
				if repl {
					for ; i >= 0 && indices[i] == n-1; i-- {
					}
				} else {
					for ; i >= 0 && indices[i] == i+n-r; i-- {
					}
				}
				if i < 0 {
					done = true
					return nil, false
				}
				if repl {
					v := indices[i] + 1
					for j := i; j < r; j++ {
						indices[j] = v
					}
				} else {
					indices[i]++
					for j := i + 1; j < r; j++ {
						indices[j] = indices[j-1] + 1
					}
				}
				return emit()
			})
		})
	}
	combos("combinations", false)
	combos("combinations_with_replacement", true)
}
