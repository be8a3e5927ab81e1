package eval

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
)

// The functools module: reduce, partial, lru_cache/cache (with
// cache_info), wraps/update_wrapper, cmp_to_key and total_ordering,
// as CPython 3.11's _functools and functools.py behave.

var functoolsMembers = map[string]Value{}

func init() {
	RegisterModule("functools", func(s *Session) *Module {
		m := &Module{Name: "functools", Origin: "from '/usr/lib/python3.11/functools.py'", Members: map[string]Value{}}
		for n, v := range functoolsMembers {
			m.Members[n] = v
		}
		for _, f := range functoolsLate {
			f(s, m)
		}
		return m
	})
}

func ftFn(name, sig, doc string, fn func(a *Args) Value) *Builtin {
	b := &Builtin{Name: name, Sig: sig, Doc: doc, Module: "functools", Fn: fn}
	functoolsMembers[name] = b
	return b
}

// Partial is a functools.partial object.
type Partial struct {
	Fn    Value
	Args  []Value
	Kw    *Dict
	attrs *Dict
}

func (p *Partial) pyTypeName() string { return "functools.partial" }

func (p *Partial) pyRepr(st *reprState) string {
	parts := []string{st.repr(p.Fn)}
	for _, a := range p.Args {
		parts = append(parts, st.repr(a))
	}
	for i, k := range p.Kw.Keys {
		parts = append(parts, ToStr(k)+"="+st.repr(p.Kw.Vals[i]))
	}
	return "functools.partial(" + strings.Join(parts, ", ") + ")"
}

func (p *Partial) pyCall(a *Args) Value {
	kw := make([]KwArg, 0, p.Kw.Len()+len(a.Kw))
	merged := NewDict()
	for i, k := range p.Kw.Keys {
		merged.SetItem(k, p.Kw.Vals[i])
	}
	for _, k := range a.Kw {
		merged.SetItem(Str(k.Name), k.Value)
	}
	for i, k := range merged.Keys {
		kw = append(kw, KwArg{Name: ToStr(k), Value: merged.Vals[i]})
	}
	return a.s.Call(p.Fn, &Args{Pos: append(append([]Value{}, p.Args...), a.Pos...), Kw: kw})
}

func (p *Partial) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "func":
		return p.Fn, true
	case "args":
		return Tuple(append([]Value{}, p.Args...)), true
	case "keywords":
		return p.Kw, true
	case "__dict__":
		if p.attrs == nil {
			p.attrs = NewDict()
		}
		return p.attrs, true
	}
	if p.attrs != nil {
		if v, ok := p.attrs.Get(Str(name)); ok {
			return v, true
		}
	}
	if name == "__doc__" {
		return Str(errPartialDoc), true
	}
	return nil, false
}

func (p *Partial) pySetAttr(name string, v Value) bool {
	switch name {
	case "func", "args", "keywords":
		return false
	}
	if p.attrs == nil {
		p.attrs = NewDict()
	}
	p.attrs.SetItem(Str(name), v)
	return true
}

var partialClass = &Class{Name: "functools.partial", Call: func(a *Args) Value {
	if len(a.Pos) == 0 {
		throw("TypeError", errPartialArgs)
	}
	fn := a.Pos[0]
	if !callable(fn) {
		throw("TypeError", errPartialCallable)
	}
	p := &Partial{Fn: fn, Args: append([]Value{}, a.Pos[1:]...), Kw: NewDict()}
	if inner, ok := fn.(*Partial); ok && inner.attrs == nil {
		p.Fn = inner.Fn
		p.Args = append(append([]Value{}, inner.Args...), p.Args...)
		for i, k := range inner.Kw.Keys {
			p.Kw.SetItem(k, inner.Kw.Vals[i])
		}
	}
	for _, kw := range a.Kw {
		p.Kw.SetItem(Str(kw.Name), kw.Value)
	}
	return p
}}

// cmpKey is what cmp_to_key(cmp)(obj) makes: a key comparing with cmp.
type cmpKey struct {
	cmp, obj Value
}

func (k *cmpKey) pyTypeName() string { return "functools.KeyWrapper" }
func (k *cmpKey) pyRepr(*reprState) string {
	return fmt.Sprintf("<functools.KeyWrapper object at %#x>", objectID(k))
}

// Compare is cmp(x, y) op 0.
func (k *cmpKey) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	o, ok := other.(*cmpKey)
	if !ok {
		if reflected {
			return nil, false
		}
		throw("TypeError", errKInstance)
	}
	x, y := k, o
	if reflected {
		x, y = o, k
	}
	r := s.callFn(x.cmp, x.obj, y.obj)
	return s.compare(op, r, MakeInt(0)), true
}

// keyWrapper is cmp_to_key(cmp): the callable that makes cmpKeys.
type keyWrapper struct{ cmp Value }

func (k *keyWrapper) pyTypeName() string { return "functools.KeyWrapper" }
func (k *keyWrapper) pyRepr(*reprState) string {
	return fmt.Sprintf("<functools.KeyWrapper object at %#x>", objectID(k))
}
func (k *keyWrapper) pyCall(a *Args) Value {
	p := pyArgs(a, "K", 0, "obj")
	return &cmpKey{cmp: k.cmp, obj: p[0]}
}

var (
	wrapperAssignments = Tuple{Str("__module__"), Str("__name__"), Str("__qualname__"), Str("__doc__"), Str("__annotations__")}
	wrapperUpdates     = Tuple{Str("__dict__")}
)

func init() {
	functoolsMembers["partial"] = partialClass
	classAttrs[partialClass.Name] = map[string]Value{"__doc__": Str(errPartialDoc)}
	classOf["partial"] = partialClass
	functoolsMembers["WRAPPER_ASSIGNMENTS"] = wrapperAssignments
	functoolsMembers["WRAPPER_UPDATES"] = wrapperUpdates
	ftFn("reduce", "reduce(function, iterable[, initial])", "Applies function of two arguments cumulatively to the items of iterable, from left to right, reducing it to a single value.",
		func(a *Args) Value {
			unpackArgs(a, "reduce", 2, 3)
			if !isIterable(a.Pos[1]) {
				throw("TypeError", errReduceArg2)
			}
			it := Iterate(a.Pos[1])
			var acc Value
			if len(a.Pos) == 3 {
				acc = a.Pos[2]
			}
			for {
				x, ok := it.Next()
				if !ok {
					break
				}
				poll()
				if acc == nil {
					acc = x
					continue
				}
				acc = a.s.callFn(a.Pos[0], acc, x)
			}
			if acc == nil {
				throw("TypeError", errReduceEmpty)
			}
			return acc
		})
	ftFn("cmp_to_key", "cmp_to_key(mycmp)", "Converts an old-style comparison function (negative, zero, positive) to a key function.",
		func(a *Args) Value {
			p := pyArgs(a, "cmp_to_key", 0, "mycmp")
			return &keyWrapper{cmp: p[0]}
		})
	update := ftFn("update_wrapper", "update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES)",
		"Makes wrapper look like wrapped: copies its __module__, __name__, __qualname__, __doc__ and __annotations__, updates its __dict__, and sets __wrapped__.",
		func(a *Args) Value {
			p := pyArgs(a, "update_wrapper", 0, "wrapper, wrapped, assigned=, updated=")
			return updateWrapper(a.s, p[0], p[1], orDefault(p[2], wrapperAssignments), orDefault(p[3], wrapperUpdates))
		})
	ftFn("wraps", "wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES)", "A decorator that applies update_wrapper to the function it decorates, with wrapped.",
		func(a *Args) Value {
			p := pyArgs(a, "wraps", 0, "wrapped, assigned=, updated=")
			kw := NewDict()
			kw.SetItem(Str("wrapped"), p[0])
			kw.SetItem(Str("assigned"), orDefault(p[1], wrapperAssignments))
			kw.SetItem(Str("updated"), orDefault(p[2], wrapperUpdates))
			return &Partial{Fn: update, Kw: kw}
		})
}

func updateWrapper(s *Session, wrapper, wrapped, assigned, updated Value) Value {
	for _, n := range iterate(assigned) {
		name := ToStr(n)
		if v, ok := s.tryGetAttr(wrapped, name, true); ok {
			s.setAttr(wrapper, name, v)
		}
	}
	for _, n := range iterate(updated) {
		name := ToStr(n)
		var from Value = NewDict()
		if v, ok := s.tryGetAttr(wrapped, name, true); ok {
			from = v
		}
		s.callMethod(s.getAttr(wrapper, name), "update", from)
	}
	s.setAttr(wrapper, "__wrapped__", wrapped)
	return wrapper
}
