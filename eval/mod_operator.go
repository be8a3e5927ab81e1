package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
)

// The operator module: Python's operators as functions (add, lt, iadd,
// ... and their __add__ aliases), and the callables itemgetter,
// attrgetter and methodcaller with their reprs.

var operatorFuncs = map[string]*Builtin{}

func opFn(name, sig, doc string, fn func(a *Args) Value) {
	b := &Builtin{Name: name, Sig: "operator." + sig, Doc: doc, Module: "operator", Fn: fn}
	operatorFuncs[name] = b
}

func init() {
	binOps := []struct {
		name string
		op   lang.Op
		sym  string
	}{
		{"add", lang.Plus, "+"}, {"sub", lang.Minus, "-"}, {"mul", lang.Star, "*"},
		{"truediv", lang.Slash, "/"}, {"floordiv", lang.SlashSlash, "//"}, {"mod", lang.Percent, "%"},
		{"pow", lang.StarStar, "**"}, {"matmul", lang.At, "@"}, {"and_", lang.Amp, "&"},
		{"or_", lang.Pipe, "|"}, {"xor", lang.Caret, "^"}, {"lshift", lang.LtLt, "<<"},
		{"rshift", lang.GtGt, ">>"},
	}
	for _, b := range binOps {
		b := b
		dunder := "__" + strings.TrimSuffix(b.name, "_") + "__"
		opFn(b.name, b.name+"(a, b)", "Same as a "+b.sym+" b.", func(a *Args) Value {
			unpackArgs(a, b.name, 2, 2)
			return a.s.binary(b.op, a.Pos[0], a.Pos[1])
		})
		operatorFuncs[dunder] = operatorFuncs[b.name]
		iname := "i" + strings.TrimSuffix(b.name, "_")
		opFn(iname, iname+"(a, b)", "Same as a "+b.sym+"= b; returns the result.", func(a *Args) Value {
			unpackArgs(a, iname, 2, 2)
			return a.s.inplaceBinary(b.op, a.Pos[0], a.Pos[1])
		})
		operatorFuncs["__"+iname+"__"] = operatorFuncs[iname]
	}
	cmpOps := []struct {
		name string
		op   lang.Op
		sym  string
	}{{"lt", lang.Lt, "<"}, {"le", lang.Le, "<="}, {"eq", lang.Eq, "=="}, {"ne", lang.Ne, "!="},
		{"ge", lang.Ge, ">="}, {"gt", lang.Gt, ">"}, {"is_", lang.Is, "is"}, {"is_not", lang.IsNot, "is not"}}
	for _, c := range cmpOps {
		c := c
		opFn(c.name, c.name+"(a, b)", "Same as a "+c.sym+" b.", func(a *Args) Value {
			unpackArgs(a, c.name, 2, 2)
			return a.s.compare(c.op, a.Pos[0], a.Pos[1])
		})
		if !strings.HasPrefix(c.name, "is") {
			operatorFuncs["__"+c.name+"__"] = operatorFuncs[c.name]
		}
	}
	unOps := []struct {
		name string
		op   lang.Op
		sym  string
	}{{"neg", lang.Minus, "-"}, {"pos", lang.Plus, "+"}, {"invert", lang.Tilde, "~"}, {"inv", lang.Tilde, "~"}}
	for _, u := range unOps {
		u := u
		opFn(u.name, u.name+"(a)", "Same as "+u.sym+"a.", func(a *Args) Value {
			unpackArgs(a, u.name, 1, 1)
			return a.s.unary(u.op, a.Pos[0])
		})
		operatorFuncs["__"+u.name+"__"] = operatorFuncs[u.name]
	}
	opFn("not_", "not_(a)", "Same as not a.", func(a *Args) Value {
		unpackArgs(a, "not_", 1, 1)
		return Bool(!a.s.truth(a.Pos[0]))
	})
	operatorFuncs["__not__"] = operatorFuncs["not_"]
	opFn("truth", "truth(a)", "Returns True if a is true, False otherwise.", func(a *Args) Value {
		unpackArgs(a, "truth", 1, 1)
		return Bool(a.s.truth(a.Pos[0]))
	})
	opFn("abs", "abs(a)", "Same as abs(a).", func(a *Args) Value {
		unpackArgs(a, "abs", 1, 1)
		return a.s.Call(pyBuiltins["abs"], &Args{Pos: a.Pos})
	})
	operatorFuncs["__abs__"] = operatorFuncs["abs"]
	opFn("index", "index(a)", "Same as a.__index__().", func(a *Args) Value {
		unpackArgs(a, "index", 1, 1)
		return MakeBigInt(toIndexInt(a.Pos[0]))
	})
	operatorFuncs["__index__"] = operatorFuncs["index"]
	opFn("concat", "concat(a, b)", "Same as a + b, for a and b sequences.", func(a *Args) Value {
		unpackArgs(a, "concat", 2, 2)
		if !isAbcSequence(a.Pos[0]) {
			throw("TypeError", errConcatSeq, TypeName(a.Pos[0]))
		}
		return a.s.binary(lang.Plus, a.Pos[0], a.Pos[1])
	})
	operatorFuncs["__concat__"] = operatorFuncs["concat"]
	opFn("iconcat", "iconcat(a, b)", "Same as a += b, for a and b sequences.", func(a *Args) Value {
		unpackArgs(a, "iconcat", 2, 2)
		if !isAbcSequence(a.Pos[0]) {
			throw("TypeError", errConcatSeq, TypeName(a.Pos[0]))
		}
		return a.s.inplaceBinary(lang.Plus, a.Pos[0], a.Pos[1])
	})
	operatorFuncs["__iconcat__"] = operatorFuncs["iconcat"]
	opFn("contains", "contains(a, b)", "Same as b in a (note reversed operands).", func(a *Args) Value {
		unpackArgs(a, "contains", 2, 2)
		return Bool(a.s.contains(a.Pos[0], a.Pos[1]))
	})
	operatorFuncs["__contains__"] = operatorFuncs["contains"]
	opFn("countOf", "countOf(a, b)", "Returns the number of items in a which are, or which equal, b.", func(a *Args) Value {
		unpackArgs(a, "countOf", 2, 2)
		n := 0
		for _, e := range iterate(a.Pos[0]) {
			if identical(e, a.Pos[1]) || a.s.truth(a.s.compare(lang.Eq, e, a.Pos[1])) {
				n++
			}
		}
		return MakeInt(int64(n))
	})
	opFn("indexOf", "indexOf(a, b)", "Returns the first index of b in a.", func(a *Args) Value {
		unpackArgs(a, "indexOf", 2, 2)
		for i, e := range iterate(a.Pos[0]) {
			if identical(e, a.Pos[1]) || a.s.truth(a.s.compare(lang.Eq, e, a.Pos[1])) {
				return MakeInt(int64(i))
			}
		}
		throw("ValueError", errSeqIndexNotIn)
		return nil
	})
	opFn("getitem", "getitem(a, b)", "Same as a[b].", func(a *Args) Value {
		unpackArgs(a, "getitem", 2, 2)
		return a.s.getItem(a.Pos[0], a.Pos[1])
	})
	operatorFuncs["__getitem__"] = operatorFuncs["getitem"]
	opFn("setitem", "setitem(a, b, c)", "Same as a[b] = c.", func(a *Args) Value {
		unpackArgs(a, "setitem", 3, 3)
		a.s.setItem(a.Pos[0], a.Pos[1], a.Pos[2])
		return None
	})
	operatorFuncs["__setitem__"] = operatorFuncs["setitem"]
	opFn("delitem", "delitem(a, b)", "Same as del a[b].", func(a *Args) Value {
		unpackArgs(a, "delitem", 2, 2)
		delItem(a.Pos[0], a.Pos[1])
		return None
	})
	operatorFuncs["__delitem__"] = operatorFuncs["delitem"]
	opFn("length_hint", "length_hint(obj, default=0)", "Returns len(obj), or default when obj has no length.", func(a *Args) Value {
		unpackArgs(a, "length_hint", 1, 2)
		if _, ok := a.Pos[0].(Iterator); !ok && hasLen(a.Pos[0]) {
			return MakeInt(int64(length(a.Pos[0])))
		}
		if len(a.Pos) == 2 {
			return a.Pos[1]
		}
		return MakeInt(0)
	})
	opFn("call", "call(obj, /, *args, **kwargs)", "Same as obj(*args, **kwargs).", func(a *Args) Value {
		if len(a.Pos) == 0 {
			throw("TypeError", errItExpectedAtLst, "call", 1, "", 0)
		}
		return a.s.Call(a.Pos[0], &Args{Pos: a.Pos[1:], Kw: a.Kw})
	})
	operatorFuncs["__call__"] = operatorFuncs["call"]
	RegisterModule("operator", func(s *Session) *Module {
		m := &Module{Name: "operator", Origin: "from '/usr/lib/python3.11/operator.py'", Members: map[string]Value{
			"itemgetter": itemGetterClass, "attrgetter": attrGetterClass, "methodcaller": methodCallerClass,
		}}
		for n, b := range operatorFuncs {
			m.Members[n] = b
		}
		return m
	})
}

// hasLen reports whether len(v) works.
func hasLen(v Value) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	length(v)
	return true
}

// getter is an itemgetter, attrgetter or methodcaller object.
type getter struct {
	kind  string // "itemgetter", "attrgetter", "methodcaller"
	items []Value
	attrs [][]string // attrgetter: the dotted names, split
	name  string     // methodcaller
	args  []Value
	kw    []KwArg
}

func (g *getter) pyTypeName() string { return "operator." + g.kind }

func (g *getter) pyRepr(st *reprState) string {
	var parts []string
	switch g.kind {
	case "itemgetter":
		for _, v := range g.items {
			parts = append(parts, st.repr(v))
		}
	case "attrgetter":
		for _, a := range g.attrs {
			parts = append(parts, StrRepr(strings.Join(a, ".")))
		}
	default:
		parts = append(parts, StrRepr(g.name))
		for _, v := range g.args {
			parts = append(parts, st.repr(v))
		}
		for _, kw := range g.kw {
			parts = append(parts, kw.Name+"="+st.repr(kw.Value))
		}
	}
	return "operator." + g.kind + "(" + strings.Join(parts, ", ") + ")"
}

func (g *getter) pyCall(a *Args) Value {
	s := a.s
	switch g.kind {
	case "methodcaller":
		unpackArgs(a, "methodcaller", 1, 1)
		return s.Call(s.getAttr(a.Pos[0], g.name), &Args{Pos: append([]Value{}, g.args...), Kw: append([]KwArg{}, g.kw...)})
	case "itemgetter":
		unpackArgs(a, "itemgetter", 1, 1)
		if len(g.items) == 1 {
			return s.getItem(a.Pos[0], g.items[0])
		}
		out := make(Tuple, len(g.items))
		for i, it := range g.items {
			out[i] = s.getItem(a.Pos[0], it)
		}
		return out
	}
	unpackArgs(a, "attrgetter", 1, 1)
	get := func(path []string) Value {
		v := a.Pos[0]
		for _, n := range path {
			v = s.getAttr(v, n)
		}
		return v
	}
	if len(g.attrs) == 1 {
		return get(g.attrs[0])
	}
	out := make(Tuple, len(g.attrs))
	for i, p := range g.attrs {
		out[i] = get(p)
	}
	return out
}

var (
	itemGetterClass = &Class{Name: "operator.itemgetter", Call: func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errItNoKw, "itemgetter")
		}
		if len(a.Pos) == 0 {
			throw("TypeError", errItemGetterArgs)
		}
		return &getter{kind: "itemgetter", items: append([]Value{}, a.Pos...)}
	}}
	attrGetterClass = &Class{Name: "operator.attrgetter", Call: func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errItNoKw, "attrgetter")
		}
		if len(a.Pos) == 0 {
			throw("TypeError", errAttrGetterArgs)
		}
		g := &getter{kind: "attrgetter"}
		for _, v := range a.Pos {
			n, ok := v.(Str)
			if !ok {
				throw("TypeError", errAttrGetterName)
			}
			g.attrs = append(g.attrs, strings.Split(string(n), "."))
		}
		return g
	}}
	methodCallerClass = &Class{Name: "operator.methodcaller", Call: func(a *Args) Value {
		if len(a.Pos) == 0 {
			throw("TypeError", errMethodCallerArg)
		}
		n, ok := a.Pos[0].(Str)
		if !ok {
			throw("TypeError", errMethodName)
		}
		return &getter{kind: "methodcaller", name: string(n), args: append([]Value{}, a.Pos[1:]...), kw: append([]KwArg{}, a.Kw...)}
	}}
)
