package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The builtins over iterables: zip, map, filter, enumerate and reversed
// (classes whose instances are lazy iterators, as in Python), iter, next,
// sorted, any and all. sum, min and max are in builtins_reduce.go.

var (
	zipClass       = defClass("zip", "zip", builtinZip)
	mapClass       = defClass("map", "map", builtinMap)
	filterClass    = defClass("filter", "filter", builtinFilter)
	enumerateClass = defClass("enumerate", "enumerate", builtinEnumerate)
	reversedClass  = defClass("reversed", "reversed", builtinReversed)
)

// exactArgs raises CPython's "NAME expected N argument(s), got M".
func exactArgs(a *Args, qual string, n int) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, qual)
	}
	name := qual[strings.LastIndexByte(qual, '.')+1:]
	if len(a.Pos) != n {
		throw("TypeError", errExpectedN, name, n, pluralS(n), len(a.Pos))
	}
}

func builtinZip(a *Args) Value {
	strict := false
	for _, kw := range a.Kw {
		if kw.Name != "strict" {
			throw("TypeError", errInvalidKwFor, kw.Name, "zip")
		}
		strict = a.s.truth(kw.Value)
	}
	its := make([]Iterator, len(a.Pos))
	for i, v := range a.Pos {
		its[i] = Iterate(v)
	}
	done := len(its) == 0
	return NewIterValue("zip", IterFunc(func() (Value, bool) {
		if done {
			return nil, false
		}
		t := make(Tuple, len(its))
		for i, it := range its {
			v, ok := it.Next()
			if !ok {
				done = true
				if strict {
					zipStrictCheck(its, i)
				}
				return nil, false
			}
			t[i] = v
		}
		return t, true
	}))
}

// zipStrictCheck raises zip(strict=True)'s ValueError when iterator i ran
// out while the others did not.
func zipStrictCheck(its []Iterator, i int) {
	if i > 0 {
		if i == 1 {
			throw("ValueError", errZipShorter1, i+1)
		}
		throw("ValueError", errZipShorterN, i+1, i)
	}
	for j := 1; j < len(its); j++ {
		if _, ok := its[j].Next(); ok {
			if j == 1 {
				throw("ValueError", errZipLonger1, j+1)
			}
			throw("ValueError", errZipLongerN, j+1, j)
		}
	}
}

func builtinMap(a *Args) Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, "map")
	}
	if len(a.Pos) < 2 {
		throw("TypeError", errMapArgs)
	}
	fn := a.Pos[0]
	its := make([]Iterator, len(a.Pos)-1)
	for i, v := range a.Pos[1:] {
		its[i] = Iterate(v)
	}
	s := a.s
	return NewIterValue("map", IterFunc(func() (Value, bool) {
		args := make([]Value, len(its))
		for i, it := range its {
			v, ok := it.Next()
			if !ok {
				return nil, false
			}
			args[i] = v
		}
		return s.Call(fn, &Args{Pos: args}), true
	}))
}

func builtinFilter(a *Args) Value {
	exactArgs(a, "filter", 2)
	fn := a.Pos[0]
	it := Iterate(a.Pos[1])
	s := a.s
	_, isNone := fn.(NoneType)
	return NewIterValue("filter", IterFunc(func() (Value, bool) {
		for {
			v, ok := it.Next()
			if !ok {
				return nil, false
			}
			poll()
			test := v
			if !isNone {
				test = s.Call(fn, &Args{Pos: []Value{v}})
			}
			if s.truth(test) {
				return v, true
			}
		}
	}))
}

func builtinEnumerate(a *Args) Value {
	var it Value
	var start Value = MakeInt(0)
	if n := len(a.Pos) + len(a.Kw); n > 2 {
		throw("TypeError", errTakesAtMost, "enumerate", 2, "s", n)
	}
	for _, kw := range a.Kw {
		if kw.Name != "iterable" && kw.Name != "start" {
			throw("TypeError", errInvalidKwFor, kw.Name, "enumerate")
		}
	}
	if len(a.Pos) == 0 {
		if _, ok := a.Kwarg("iterable"); !ok {
			if len(a.Kw) > 0 {
				throw("TypeError", errInvalidKwFor, a.Kw[0].Name, "enumerate")
			}
			throw("TypeError", errEnumerateMissing)
		}
	}
	a.Unpack("iterable", &it, "start?", &start)
	n, ok := start.(Int)
	if b, isBool := start.(Bool); isBool {
		n, ok = boolInt(b), true
	}
	if !ok {
		throw("TypeError", errCannotInterpretInt, TypeName(start))
	}
	src := Iterate(it)
	return NewIterValue("enumerate", IterFunc(func() (Value, bool) {
		v, ok := src.Next()
		if !ok {
			return nil, false
		}
		i := n
		if k, small := n.Int64(); small && k < 1<<62 {
			n = MakeInt(k + 1)
		} else {
			n = intBinary(lang.Plus, n, MakeInt(1)).(Int)
		}
		return Tuple{i, v}, true
	}))
}

func builtinReversed(a *Args) Value {
	exactArgs(a, "reversed", 1)
	seq := a.Pos[0]
	if o, ok := seq.(*Instance); ok {
		if r, ok := a.s.reversedInstance(o); ok {
			return r
		}
		seq = o.Base
	}
	switch x := seq.(type) {
	case *tensor.Tensor:
		// Tensor.__reversed__ flips dim 0 (a 0-d tensor is itself).
		if x.Dim() == 0 {
			return x
		}
		return tensor.Flip(x, []int{0})
	case Range:
		n := x.Len()
		return NewIterValue("range_iterator", &rangeIter{next: x.Start + (n-1)*x.Step, step: -x.Step, left: n})
	case *List:
		i := len(x.Elems)
		return NewIterValue("list_reverseiterator", IterFunc(func() (Value, bool) {
			if i > len(x.Elems) {
				i = 0
			}
			if i <= 0 {
				return nil, false
			}
			i--
			return x.Elems[i], true
		}))
	case *Dict:
		i := x.Len()
		return NewIterValue("dict_reversekeyiterator", IterFunc(func() (Value, bool) {
			if i <= 0 || i > x.Len() {
				return nil, false
			}
			i--
			return x.Keys[i], true
		}))
	case Tuple, Str, Size, *NamedTuple:
		elems := iterate(x)
		i := len(elems)
		return NewIterValue("reversed", IterFunc(func() (Value, bool) {
			if i <= 0 {
				return nil, false
			}
			i--
			return elems[i], true
		}))
	}
	if r, ok := seq.(interface{ pyReversed() Value }); ok { // collections.deque, OrderedDict
		return r.pyReversed()
	}
	if c, ok := seq.(*Class); ok && c.classInfo != nil && c.Meta != nil { // a metaclass's __reversed__ (enum)
		if m, ok := c.Meta.lookup("__reversed__"); ok {
			return a.s.callMethodOf(m, c)
		}
	}
	throw("TypeError", errNotReversible, TypeName(seq))
	return nil
}

// lessThan is a < b for sorting, with fast paths for ints, floats and
// strings.
func (s *Session) lessThan(a, b Value) bool {
	switch x := a.(type) {
	case Int:
		if y, ok := b.(Int); ok {
			if xi, ok := x.Int64(); ok {
				if yi, ok := y.Int64(); ok {
					return xi < yi
				}
			}
		}
	case Float:
		if y, ok := b.(Float); ok {
			return x < y
		}
	case Str:
		if y, ok := b.(Str); ok {
			return x < y
		}
	}
	return s.truth(s.compare(lang.Lt, a, b))
}

// sortValues sorts vs in place (by keys, when keys is not nil) as
// list.sort does: stably, comparing with < only; reverse keeps equal items
// in their order. Short lists are sorted as CPython's timsort sorts them
// (a run, then binary insertion), so that a comparison that fails fails on
// the same pair.
func (s *Session) sortValues(vs, keys []Value, reverse bool) {
	if keys == nil {
		keys = vs
	}
	n := len(vs)
	rev := func() {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			vs[i], vs[j] = vs[j], vs[i]
			if &keys[0] != &vs[0] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	if n < 2 {
		return
	}
	if reverse {
		rev()
	}
	swap := func(i, j int) {
		vs[i], vs[j] = vs[j], vs[i]
		if &keys[0] != &vs[0] {
			keys[i], keys[j] = keys[j], keys[i]
		}
	}
	if n < 64 {
		// count_run
		run := 2
		if s.lessThan(keys[1], keys[0]) {
			for run < n && s.lessThan(keys[run], keys[run-1]) {
				run++
			}
			for i, j := 0, run-1; i < j; i, j = i+1, j-1 {
				swap(i, j)
			}
		} else {
			for run < n && !s.lessThan(keys[run], keys[run-1]) {
				run++
			}
		}
		// binarysort
		for start := run; start < n; start++ {
			poll()
			pk, pv := keys[start], vs[start]
			l, r := 0, start
			for l < r {
				p := l + (r-l)/2
				if s.lessThan(pk, keys[p]) {
					r = p
				} else {
					l = p + 1
				}
			}
			copy(vs[l+1:start+1], vs[l:start])
			vs[l] = pv
			if &keys[0] != &vs[0] {
				copy(keys[l+1:start+1], keys[l:start])
				keys[l] = pk
			}
		}
	} else {
		s.mergeSort(vs, keys)
	}
	if reverse {
		rev()
	}
}

// mergeSort sorts vs (by keys) stably: a merge sort over an index
// permutation that skips the merge of runs already in order, so that
// sorted and nearly sorted input takes linear time, as timsort does.
func (s *Session) mergeSort(vs, keys []Value) {
	n := len(vs)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	tmp := make([]int, n)
	calls := 0
	less := func(i, j int) bool {
		if calls++; calls&1023 == 0 {
			poll()
		}
		return s.lessThan(keys[i], keys[j])
	}
	var sortRange func(lo, hi int)
	sortRange = func(lo, hi int) {
		if hi-lo < 2 {
			return
		}
		mid := (lo + hi) / 2
		sortRange(lo, mid)
		sortRange(mid, hi)
		if !less(idx[mid], idx[mid-1]) {
			return // already in order
		}
		copy(tmp[lo:hi], idx[lo:hi])
		i, j, k := lo, mid, lo
		for i < mid && j < hi {
			if less(tmp[j], tmp[i]) {
				idx[k] = tmp[j]
				j++
			} else {
				idx[k] = tmp[i]
				i++
			}
			k++
		}
		k += copy(idx[k:], tmp[i:mid])
		copy(idx[k:], tmp[j:hi])
	}
	sortRange(0, n)
	sortedVs := make([]Value, n)
	for k, i := range idx {
		sortedVs[k] = vs[i]
	}
	if &keys[0] != &vs[0] {
		sortedKeys := make([]Value, n)
		for k, i := range idx {
			sortedKeys[k] = keys[i]
		}
		copy(keys, sortedKeys)
	}
	copy(vs, sortedVs)
}

// sortArgs reads list.sort's and sorted's keyword arguments key= and
// reverse=.
func sortArgs(a *Args, name string) (key Value, reverse bool) {
	key = None
	for _, kw := range a.Kw {
		switch kw.Name {
		case "key":
			key = kw.Value
		case "reverse":
			r, ok := pyIndex("", kw.Value)
			if !ok {
				throw("TypeError", errCannotInterpretInt, TypeName(kw.Value))
			}
			reverse = r != 0
		default:
			throw("TypeError", errInvalidKwFor, kw.Name, name)
		}
	}
	return key, reverse
}

// sortList sorts vs in place with a key function (None: the items
// themselves).
func (s *Session) sortList(vs []Value, key Value, reverse bool) {
	var keys []Value
	if _, none := key.(NoneType); !none {
		keys = make([]Value, len(vs))
		for i, v := range vs {
			keys[i] = s.Call(key, &Args{Pos: []Value{v}})
		}
	}
	s.sortValues(vs, keys, reverse)
}

func init() {
	register(
		&Builtin{Name: "sorted", Kind: PythonBuiltin, Sig: "sorted(iterable, /, *, key=None, reverse=False)",
			Doc: "Returns a new list of the items of iterable in ascending order (by key(item) when key is given); stable.",
			Fn: func(a *Args) Value {
				if len(a.Pos) != 1 {
					throw("TypeError", errExpectedN, "sorted", 1, "", len(a.Pos))
				}
				key, rev := sortArgs(a, "sort")
				elems := append([]Value{}, iterate(a.Pos[0])...)
				a.s.sortList(elems, key, rev)
				return &List{Elems: elems}
			}},
		&Builtin{Name: "iter", Kind: PythonBuiltin, Sig: "iter(iterable) or iter(callable, sentinel)",
			Doc: "Returns an iterator over iterable; or one calling callable until it returns sentinel.",
			Fn: func(a *Args) Value {
				argCount(a, "iter", 1, 2)
				v := a.Pos[0]
				if len(a.Pos) == 2 {
					if !callable(v) {
						throw("TypeError", errIterCallable)
					}
					sentinel, s := a.Pos[1], a.s
					return NewIterValue("callable_iterator", IterFunc(func() (Value, bool) {
						r := s.Call(v, &Args{})
						if s.equal(r, sentinel) {
							return nil, false
						}
						return r, true
					}))
				}
				switch it := v.(type) {
				case *IterValue, *Generator, *PyGenerator:
					return it // an iterator is its own iterator
				case *Instance:
					if f, ok := it.Class.userMethod("__iter__"); ok && f != None {
						r := it.call(f)
						if !isIterator(r) {
							throw("TypeError", errIterReturned, TypeName(r))
						}
						return r
					}
					if it.Base == nil {
						return NewIterValue("iterator", it.Iter())
					}
				}
				return NewIterValue(iterName(v), Iterate(v))
			}},
		&Builtin{Name: "next", Kind: PythonBuiltin, Sig: "next(iterator[, default])",
			Doc: "Returns the next item of iterator; default (or StopIteration) when it is exhausted.",
			Fn: func(a *Args) Value {
				argCount(a, "next", 1, 2)
				it, ok := a.Pos[0].(Iterator) // an iterator object or a generator
				if !ok {
					throw("TypeError", errNotIterator, TypeName(a.Pos[0]))
				}
				v, ok := it.Next()
				if !ok {
					if len(a.Pos) == 2 {
						return a.Pos[1]
					}
					if g, isGen := it.(*PyGenerator); isGen {
						g.stop() // StopIteration(return value)
					}
					throw("StopIteration", "")
				}
				return v
			}},
		&Builtin{Name: "any", Kind: PythonBuiltin, Sig: "any(iterable)", Doc: "Tells whether some item of iterable is true.",
			Fn: func(a *Args) Value {
				oneArg(a, "any")
				it := Iterate(a.Pos[0])
				for {
					v, ok := it.Next()
					if !ok {
						return Bool(false)
					}
					poll()
					if a.s.truth(v) {
						return Bool(true)
					}
				}
			}},
		&Builtin{Name: "all", Kind: PythonBuiltin, Sig: "all(iterable)", Doc: "Tells whether every item of iterable is true.",
			Fn: func(a *Args) Value {
				oneArg(a, "all")
				it := Iterate(a.Pos[0])
				for {
					v, ok := it.Next()
					if !ok {
						return Bool(true)
					}
					poll()
					if !a.s.truth(v) {
						return Bool(false)
					}
				}
			}},
	)
}

// oneArg raises CPython's error for a builtin that takes exactly one
// positional argument (METH_O).
func oneArg(a *Args, name string) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, name)
	}
	if len(a.Pos) != 1 {
		throw("TypeError", errTakesOneArg, name, len(a.Pos))
	}
}

// callable is Python's callable(v).
func callable(v Value) bool {
	switch x := v.(type) {
	case *Builtin, *BoundMethod:
		return true
	case *Class:
		return x.Call != nil || x.classInfo != nil
	case *PyMethod, *methodDescr, *Function:
		return true
	case *Instance:
		_, ok := x.Class.userMethod("__call__")
		return ok
	case interface{ pyCallable() bool }:
		return x.pyCallable()
	case pyCaller, Caller: // functools.partial, operator.itemgetter, ...
		return true
	}
	return false
}
