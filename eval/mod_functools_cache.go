package eval

import "fmt"

// functools.lru_cache and cache: _functools._lru_cache_wrapper's three
// wrappers (uncached for maxsize 0, unbounded for None, bounded LRU),
// with their hit and miss counts, cache_info() and cache_clear().

// lruWrapper is a function wrapped by lru_cache.
type lruWrapper struct {
	fn           Value
	maxsize      int // -1: None
	typed        bool
	cache        *Dict // key -> result, least recently used first
	hits, misses int64
	attrs        *Dict
}

// kwMark separates the positional and keyword arguments in a cache key.
type kwMarkType struct{}

var kwMark = &kwMarkType{}

var cacheInfoClass = newNamedTupleClass("CacheInfo", []string{"hits", "misses", "maxsize", "currsize"}, false, nil, "functools")

func (w *lruWrapper) pyTypeName() string { return errLRUWrapperTp }

func (w *lruWrapper) pyRepr(*reprState) string {
	return fmt.Sprintf("<functools._lru_cache_wrapper object at %#x>", objectID(w))
}

func (w *lruWrapper) key(a *Args) Value {
	if len(a.Kw) == 0 && !w.typed && len(a.Pos) == 1 {
		switch a.Pos[0].(type) { // an exact int or str is its own key
		case Int, Str:
			return a.Pos[0]
		}
	}
	key := append(Tuple{}, a.Pos...)
	if len(a.Kw) > 0 {
		key = append(key, kwMark)
		for _, kw := range a.Kw {
			key = append(key, Str(kw.Name), kw.Value)
		}
	}
	if w.typed {
		for _, v := range a.Pos {
			key = append(key, typeOf(v))
		}
		for _, kw := range a.Kw {
			key = append(key, typeOf(kw.Value))
		}
	}
	for _, v := range key {
		mustHash(v)
	}
	return key
}

func (w *lruWrapper) pyCall(a *Args) Value {
	call := func() Value { return a.s.Call(w.fn, &Args{Pos: a.Pos, Kw: a.Kw}) }
	if w.maxsize == 0 {
		w.misses++
		return call()
	}
	key := w.key(a)
	if v, ok := w.cache.Get(key); ok {
		w.hits++
		if w.maxsize > 0 { // most recently used goes last
			w.cache.Delete(key)
			w.cache.SetItem(key, v)
		}
		return v
	}
	w.misses++
	r := call()
	if w.maxsize > 0 {
		if _, ok := w.cache.Get(key); ok { // added by a recursive call
			return r
		}
		if w.cache.Len() >= w.maxsize {
			w.cache.Delete(w.cache.Keys[0])
		}
	}
	w.cache.SetItem(key, r)
	return r
}

func (w *lruWrapper) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "cache_info":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "cache_info", 0, 0)
			var max Value = None
			if w.maxsize >= 0 {
				max = MakeInt(int64(w.maxsize))
			}
			return cacheInfoClass.Call(&Args{s: a.s, Pos: []Value{MakeInt(w.hits), MakeInt(w.misses), max, MakeInt(int64(w.cache.Len()))}})
		}}, true
	case "cache_clear":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "cache_clear", 0, 0)
			w.cache = NewDict()
			w.hits, w.misses = 0, 0
			return None
		}}, true
	case "cache_parameters":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			argCount(a, "cache_parameters", 0, 0)
			d := NewDict()
			var max Value = None
			if w.maxsize >= 0 {
				max = MakeInt(int64(w.maxsize))
			}
			d.SetItem(Str("maxsize"), max)
			d.SetItem(Str("typed"), Bool(w.typed))
			return d
		}}, true
	case "__dict__":
		return w.attrs, true
	}
	if v, ok := w.attrs.Get(Str(name)); ok {
		return v, true
	}
	return nil, false
}

func (w *lruWrapper) pySetAttr(name string, v Value) bool {
	w.attrs.SetItem(Str(name), v)
	return true
}

func newLRUWrapper(s *Session, fn Value, maxsize int, typed bool) *lruWrapper {
	w := &lruWrapper{fn: fn, maxsize: maxsize, typed: typed, cache: NewDict(), attrs: NewDict()}
	updateWrapper(s, w, fn, wrapperAssignments, wrapperUpdates)
	return w
}

func init() {
	ftFn("lru_cache", "lru_cache(maxsize=128, typed=False)", "Decorator that memoizes a function's results, keeping the maxsize most recently used (None: all); cache_info() tells the hits and misses.",
		func(a *Args) Value {
			p := pyArgs(a, "lru_cache", 0, "maxsize=, typed=")
			typed := p[1] != nil && a.s.truth(p[1])
			maxsize := 128
			switch m := orDefault(p[0], MakeInt(128)).(type) {
			case Int:
				n, _ := m.Int64()
				maxsize = int(max(n, 0))
			case NoneType:
				maxsize = -1
			default:
				_, typedBool := orDefault(p[1], Bool(false)).(Bool)
				if callable(m) && typedBool {
					return newLRUWrapper(a.s, m, 128, typed)
				}
				throw("TypeError", errLRUMaxsize)
			}
			return &Builtin{Name: "decorating_function", Fn: func(b *Args) Value {
				q := pyArgs(b, "decorating_function", 0, "user_function")
				return newLRUWrapper(b.s, q[0], maxsize, typed)
			}}
		})
	ftFn("cache", "cache(user_function)", "Simple lightweight unbounded cache: lru_cache(maxsize=None).",
		func(a *Args) Value {
			p := pyArgs(a, "cache", 0, "user_function")
			return newLRUWrapper(a.s, p[0], -1, false)
		})
}
