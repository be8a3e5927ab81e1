package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The copy module: copy (shallow) and deepcopy (with its memo, so shared
// and recursive structure is kept), over the core's types; tensors as
// PyTorch copies them (copy: a new tensor on the same storage; deepcopy:
// new storage, requires_grad and .grad kept, graph leaves only).

var copyHooks []func(s *Session, x Value, deep bool, memo map[any]Value) (Value, bool)

// RegisterCopy lets a library copy its own value types (copy.copy when
// deep is false, copy.deepcopy when true): ok false leaves x to the next.
func RegisterCopy(f func(s *Session, x Value, deep bool, memo map[any]Value) (Value, bool)) {
	copyHooks = append(copyHooks, f)
}

func isAtomic(x Value) bool {
	switch x.(type) {
	case NoneType, Bool, Int, Float, Complex, Str, Range, EllipsisType, *Class, *Function, *Builtin,
		*BoundMethod, DTypeValue, DeviceValue, Size, *Slice:
		return true
	}
	return false
}

func (s *Session) shallowCopy(x Value) Value {
	if isAtomic(x) {
		return x
	}
	switch v := x.(type) {
	case Tuple:
		return x
	case *NamedTuple:
		return &NamedTuple{TypeName: v.TypeName, Fields: v.Fields, Elems: v.Elems, Type: v.Type}
	case *List:
		return &List{Elems: append([]Value{}, v.Elems...)}
	case *Dict:
		return copyDictSub(v)
	case *Set:
		if v.Frozen {
			return x
		}
		return copySet(v, false)
	case *Deque:
		return &Deque{Elems: append([]Value{}, v.Elems...), Maxlen: v.Maxlen}
	case *ChainMap:
		return s.callMethod(v, "copy")
	case *Namespace:
		return &Namespace{Attrs: copyDictSub(v.Attrs)}
	case *Partial:
		return &Partial{Fn: v.Fn, Args: v.Args, Kw: copyDictSub(v.Kw)}
	case *tensor.Tensor:
		t := s.callMethod(v, "detach")
		if s.truth(s.getAttr(v, "requires_grad")) {
			t = s.callMethod(t, "requires_grad_")
		}
		return t
	}
	for _, h := range copyHooks {
		if r, ok := h(s, x, false, nil); ok {
			return r
		}
	}
	throw("TypeError", errCannotPickle, TypeName(x))
	return nil
}

// memoKey is the identity deepcopy's memo keys a value by.
func memoKey(x Value) any {
	switch v := x.(type) {
	case Tuple:
		if len(v) > 0 {
			return &v[0]
		}
	}
	return x
}

func (s *Session) deepCopy(x Value, memo map[any]Value) Value {
	if isAtomic(x) {
		return x
	}
	key := memoKey(x)
	if _, hashable := any(key).(interface{}); hashable {
		if y, ok := lookupMemo(memo, key); ok {
			return y
		}
	}
	poll()
	var y Value
	switch v := x.(type) {
	case *List:
		l := &List{}
		memo[key] = l
		for _, e := range v.Elems {
			l.Elems = append(l.Elems, s.deepCopy(e, memo))
		}
		return l
	case Tuple:
		out := make(Tuple, len(v))
		same := true
		for i, e := range v {
			out[i] = s.deepCopy(e, memo)
			same = same && identical(out[i], e)
		}
		if y, ok := lookupMemo(memo, key); ok { // a recursive tuple
			return y
		}
		if same {
			y = x
		} else {
			y = out
		}
	case *NamedTuple:
		out := make(Tuple, len(v.Elems))
		for i, e := range v.Elems {
			out[i] = s.deepCopy(e, memo)
		}
		y = &NamedTuple{TypeName: v.TypeName, Fields: v.Fields, Elems: out, Type: v.Type}
	case *Dict:
		d := NewDict()
		if v.sub != nil {
			sub := *v.sub
			d.sub = &sub
			if sub.factory != nil {
				d.sub.factory = s.deepCopy(sub.factory, memo)
			}
		}
		memo[key] = d
		for i, k := range v.Keys {
			d.SetItem(s.deepCopy(k, memo), s.deepCopy(v.Vals[i], memo))
		}
		return d
	case *Set:
		n := NewSet()
		n.Frozen = v.Frozen
		if !v.Frozen {
			memo[key] = n
		}
		for _, e := range v.Order() {
			n.Add(s.deepCopy(e, memo))
		}
		y = n
	case *Deque:
		d := &Deque{Maxlen: v.Maxlen}
		memo[key] = d
		for _, e := range v.Elems {
			d.Elems = append(d.Elems, s.deepCopy(e, memo))
		}
		return d
	case *ChainMap:
		c := &ChainMap{s: v.s}
		memo[key] = c
		c.Maps = s.deepCopy(v.Maps, memo).(*List)
		return c
	case *Namespace:
		n := &Namespace{}
		memo[key] = n
		n.Attrs = s.deepCopy(v.Attrs, memo).(*Dict)
		return n
	case *Partial:
		p := &Partial{}
		memo[key] = p
		p.Fn = s.deepCopy(v.Fn, memo)
		p.Args = s.deepCopy(Tuple(v.Args), memo).(Tuple)
		p.Kw = s.deepCopy(v.Kw, memo).(*Dict)
		return p
	case *tensor.Tensor:
		if !s.truth(s.getAttr(v, "is_leaf")) {
			throw("RuntimeError", errDeepcopyLeaves)
		}
		t := s.callMethod(s.callMethod(v, "detach"), "clone")
		if s.truth(s.getAttr(v, "requires_grad")) {
			t = s.callMethod(t, "requires_grad_")
		}
		memo[key] = t
		if g := s.getAttr(v, "grad"); g != None {
			s.setAttr(t, "grad", s.deepCopy(g, memo))
		}
		return t
	default:
		for _, h := range copyHooks {
			if r, ok := h(s, x, true, memo); ok {
				memo[key] = r
				return r
			}
		}
		throw("TypeError", errCannotPickle, TypeName(x))
	}
	memo[key] = y
	return y
}

func lookupMemo(memo map[any]Value, key any) (v Value, ok bool) {
	defer func() {
		if recover() != nil { // an unhashable Go value (never a pointer)
			v, ok = nil, false
		}
	}()
	v, ok = memo[key]
	return
}

func init() {
	RegisterModule("copy", func(s *Session) *Module {
		return &Module{Name: "copy", Origin: "from '/usr/lib/python3.11/copy.py'", Members: map[string]Value{
			"copy": &Builtin{Name: "copy", Module: "copy", Sig: "copy(x)", Doc: "Returns a shallow copy of x: a new container holding the same items.",
				Fn: func(a *Args) Value {
					p := pyArgs(a, "copy", 0, "x")
					return a.s.shallowCopy(p[0])
				}},
			"deepcopy": &Builtin{Name: "deepcopy", Module: "copy", Sig: "deepcopy(x, memo=None)", Doc: "Returns a deep copy of x: its containers copied recursively, shared parts shared once.",
				Fn: func(a *Args) Value {
					p := pyArgs(a, "deepcopy", 0, "x, memo=")
					memo := map[any]Value{}
					user, _ := p[1].(*Dict)
					if user != nil { // the caller's memo: id(x) -> copy
						if y, ok := user.Get(MakeInt(int64(objectID(p[0])))); ok {
							return y
						}
					}
					y := a.s.deepCopy(p[0], memo)
					if user != nil {
						for k, v := range memo {
							if x, ok := k.(Value); ok {
								user.SetItem(MakeInt(int64(objectID(x))), v)
							}
						}
					}
					return y
				}},
			"Error": excClasses["Exception"],
		}}
	})
}
