package eval

import (
	"math"
	"math/big"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/lang"
)

// More builtins: id, hash, dir, hex/oct/bin, format, chr/ord, divmod,
// pow, callable, getattr/hasattr/setattr, ascii, exit/quit.

func init() {
	register(
		&Builtin{Name: "id", Kind: PythonBuiltin, Sig: "id(obj)", Doc: "Returns the identity of obj: equal for two names of the same object.",
			Fn: func(a *Args) Value { oneArg(a, "id"); return MakeInt(int64(objectID(a.Pos[0]) & math.MaxInt64)) }},
		&Builtin{Name: "hash", Kind: PythonBuiltin, Sig: "hash(obj)", Doc: "Returns the hash of obj (equal numbers hash equal); TypeError for lists, dicts and sets.",
			Fn: func(a *Args) Value { oneArg(a, "hash"); return MakeInt(pyHash(a.Pos[0])) }},
		&Builtin{Name: "callable", Kind: PythonBuiltin, Sig: "callable(obj)", Doc: "Tells whether obj can be called.",
			Fn: func(a *Args) Value { oneArg(a, "callable"); return Bool(callable(a.Pos[0])) }},
		&Builtin{Name: "hex", Kind: PythonBuiltin, Sig: "hex(number)", Doc: "Returns an int in hexadecimal: '0xff'.",
			Fn: func(a *Args) Value { return Str(intBase(a, "hex", 16, "0x")) }},
		&Builtin{Name: "oct", Kind: PythonBuiltin, Sig: "oct(number)", Doc: "Returns an int in octal: '0o17'.",
			Fn: func(a *Args) Value { return Str(intBase(a, "oct", 8, "0o")) }},
		&Builtin{Name: "bin", Kind: PythonBuiltin, Sig: "bin(number)", Doc: "Returns an int in binary: '0b101'.",
			Fn: func(a *Args) Value { return Str(intBase(a, "bin", 2, "0b")) }},
		&Builtin{Name: "format", Kind: PythonBuiltin, Sig: "format(value, format_spec='')", Doc: "Formats value by the format mini-language spec, as f'{value:spec}' does.",
			Fn: func(a *Args) Value {
				argCount(a, "format", 1, 2)
				spec := ""
				if len(a.Pos) == 2 {
					sp, ok := a.Pos[1].(Str)
					if !ok {
						throw("TypeError", errFormatArg2, TypeName(a.Pos[1]))
					}
					spec = string(sp)
				}
				return Str(Format(a.Pos[0], spec))
			}},
		&Builtin{Name: "ascii", Kind: PythonBuiltin, Sig: "ascii(obj)", Doc: "Returns repr(obj) with non-ASCII characters escaped.",
			Fn: func(a *Args) Value { oneArg(a, "ascii"); return Str(asciiEscape(Repr(a.Pos[0]))) }},
		&Builtin{Name: "chr", Kind: PythonBuiltin, Sig: "chr(i)", Doc: "Returns the one-character string of code point i.",
			Fn: func(a *Args) Value {
				oneArg(a, "chr")
				if n, isInt := a.Pos[0].(Int); isInt {
					if _, small := n.Int64(); !small {
						throw("OverflowError", errCIntOverflow)
					}
				}
				i, ok := pyIndex("", a.Pos[0])
				if !ok {
					throw("TypeError", errCannotInterpretInt, TypeName(a.Pos[0]))
				}
				if i < 0 || i >= 0x110000 {
					throw("ValueError", errChrRange)
				}
				return Str(string(rune(i)))
			}},
		&Builtin{Name: "ord", Kind: PythonBuiltin, Sig: "ord(c)", Doc: "Returns the code point of the one-character string c.",
			Fn: func(a *Args) Value {
				oneArg(a, "ord")
				s, ok := a.Pos[0].(Str)
				if !ok {
					throw("TypeError", errOrdType, TypeName(a.Pos[0]))
				}
				if n := utf8.RuneCountInString(string(s)); n != 1 {
					throw("TypeError", errOrdLen, n)
				}
				r, _ := utf8.DecodeRuneInString(string(s))
				return MakeInt(int64(r))
			}},
		&Builtin{Name: "divmod", Kind: PythonBuiltin, Sig: "divmod(a, b)", Doc: "Returns (a // b, a % b).",
			Fn: func(a *Args) Value {
				exactArgs(a, "divmod", 2)
				x, y := a.Pos[0], a.Pos[1]
				xn, ok1 := number(x)
				yn, ok2 := number(y)
				if !ok1 || !ok2 {
					_, xNum := number(x)
					_, yNum := number(y)
					if (isTensor(x) || xNum) && (isTensor(y) || yNum) {
						return Tuple{a.s.binary(lang.SlashSlash, x, y), a.s.binary(lang.Percent, x, y)}
					}
					throw("TypeError", errUnsupportedBinary, "divmod()", TypeName(x), TypeName(y))
				}
				if xn.isFloat || yn.isFloat {
					if yn.float() == 0 {
						throw("ZeroDivisionError", errFloatDivmodZero)
					}
					q, r := floatDivmod(xn.float(), yn.float())
					return Tuple{Float(q), Float(r)}
				}
				return Tuple{intBinary(lang.SlashSlash, xn.i, yn.i), intBinary(lang.Percent, xn.i, yn.i)}
			}},
		&Builtin{Name: "pow", Kind: PythonBuiltin, Sig: "pow(base, exp, mod=None)", Doc: "Returns base ** exp, or base ** exp % mod computed efficiently (ints only).",
			Fn: builtinPow},
		&Builtin{Name: "getattr", Kind: PythonBuiltin, Sig: "getattr(obj, name[, default])", Doc: "Returns obj.name, or default when obj has no such attribute.",
			Fn: func(a *Args) Value {
				argCount(a, "getattr", 2, 3)
				name := attrName(a.Pos[1])
				v, ok := a.s.tryGetAttr(a.Pos[0], name, len(a.Pos) == 3)
				if !ok {
					return a.Pos[2]
				}
				return v
			}},
		&Builtin{Name: "hasattr", Kind: PythonBuiltin, Sig: "hasattr(obj, name)", Doc: "Tells whether obj has the attribute name.",
			Fn: func(a *Args) Value {
				exactArgs(a, "hasattr", 2)
				_, ok := a.s.tryGetAttr(a.Pos[0], attrName(a.Pos[1]), true)
				return Bool(ok)
			}},
		&Builtin{Name: "delattr", Kind: PythonBuiltin, Sig: "delattr(obj, name)", Doc: "Deletes obj.name, as del obj.name does.",
			Fn: func(a *Args) Value {
				exactArgs(a, "delattr", 2)
				a.s.delAttr(a.Pos[0], attrName(a.Pos[1]))
				return None
			}},
		&Builtin{Name: "setattr", Kind: PythonBuiltin, Sig: "setattr(obj, name, value)", Doc: "Sets obj.name = value, where obj allows it.",
			Fn: func(a *Args) Value {
				exactArgs(a, "setattr", 3)
				a.s.setAttr(a.Pos[0], attrName(a.Pos[1]), a.Pos[2])
				return None
			}},
		&Builtin{Name: "dir", Kind: PythonBuiltin, Sig: "dir([obj])", Doc: "Returns the sorted names of obj's attributes; without obj, the names defined in the session.",
			Fn: builtinDir},
	)
}

func attrName(v Value) string {
	s, ok := v.(Str)
	if !ok {
		throw("TypeError", errAttrNameType, TypeName(v))
	}
	return string(s)
}

// tryGetAttr is obj.name; when catch is set an AttributeError is reported
// as ok == false instead of raised.
func (s *Session) tryGetAttr(obj Value, name string, catch bool) (v Value, ok bool) {
	if catch {
		depth := len(s.stack)
		defer func() {
			if r := recover(); r != nil {
				if e, isExc := r.(*Exception); isExc && e.isA("AttributeError") {
					s.unwindTo(depth, e) // the frames of a __getattr__ that raised
					v, ok = nil, false
					return
				}
				panic(r)
			}
		}()
	}
	return s.getAttr(obj, name), true
}

// intBase is hex/oct/bin.
func intBase(a *Args, name string, base int, prefix string) string {
	oneArg(a, name)
	var b *big.Int
	switch x := a.Pos[0].(type) {
	case Int:
		b = x.Big()
	case Bool:
		b = boolInt(x).Big()
	default:
		if i, ok := pyIndex("", x); ok {
			b = big.NewInt(i)
		} else {
			throw("TypeError", errCannotInterpretInt, TypeName(x))
		}
	}
	if b.Sign() < 0 {
		return "-" + prefix + new(big.Int).Neg(b).Text(base)
	}
	return prefix + b.Text(base)
}

func builtinPow(a *Args) Value {
	if n := len(a.Pos) + len(a.Kw); n > 3 {
		throw("TypeError", errPowAtMost, n)
	}
	if len(a.Pos) == 0 {
		if _, ok := a.Kwarg("base"); !ok {
			throw("TypeError", errPowMissingBase)
		}
	}
	if len(a.Pos) == 1 {
		if _, ok := a.Kwarg("exp"); !ok {
			throw("TypeError", errPowMissingExp)
		}
	}
	for _, kw := range a.Kw {
		if kw.Name != "base" && kw.Name != "exp" && kw.Name != "mod" {
			throw("TypeError", errInvalidKwFor, kw.Name, "pow")
		}
	}
	var base, exp, mod Value
	mod = None
	a.Unpack("base", &base, "exp", &exp, "mod?", &mod)
	if _, none := mod.(NoneType); none {
		return a.s.binary(lang.StarStar, base, exp)
	}
	complexPowMod(base, exp, mod) // complex.go
	bi, ok1 := intOf(base)
	ei, ok2 := intOf(exp)
	mi, ok3 := intOf(mod)
	for _, v := range []Value{base, exp, mod} {
		if _, isNum := number(v); !isNum {
			throw("TypeError", errPowUnsupported3, TypeName(base), TypeName(exp), TypeName(mod))
		}
	}
	if !ok1 || !ok2 || !ok3 {
		throw("TypeError", errPow3rdInts)
	}
	if mi.Sign() == 0 {
		throw("ValueError", errPow3rdZero)
	}
	m := new(big.Int).Abs(mi)
	b := new(big.Int).Mod(bi, m)
	if ei.Sign() < 0 {
		inv := new(big.Int).ModInverse(b, m)
		if inv == nil {
			throw("ValueError", errPowNotInvertible)
		}
		b = inv
		ei = new(big.Int).Neg(ei)
	}
	r := new(big.Int).Exp(b, ei, m)
	if mi.Sign() < 0 && r.Sign() != 0 {
		r.Add(r, mi)
	}
	return MakeBigInt(r)
}

func intOf(v Value) (*big.Int, bool) {
	switch x := v.(type) {
	case Int:
		return x.Big(), true
	case Bool:
		return boolInt(x).Big(), true
	}
	return nil, false
}

// asciiEscape escapes the non-ASCII characters of a repr, as ascii() does.
func asciiEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r <= 0xff:
			b.WriteString(`\x` + hex2(int64(r), 2))
		case r <= 0xffff:
			b.WriteString(`\u` + hex2(int64(r), 4))
		default:
			b.WriteString(`\U` + hex2(int64(r), 8))
		}
	}
	return b.String()
}

func hex2(v int64, width int) string {
	s := big.NewInt(v).Text(16)
	return strings.Repeat("0", max(0, width-len(s))) + s
}

// sessionDunders are the names Python's prompt has bound before anything
// is typed (dir() lists them).
var sessionDunders = []string{"__annotations__", "__builtins__", "__doc__", "__loader__", "__name__", "__package__", "__spec__"}

func builtinDir(a *Args) Value {
	argCount(a, "dir", 0, 1)
	var names []string
	if len(a.Pos) == 0 {
		names = append(names, sessionDunders...)
		for n := range a.s.globals {
			if n != "_" { // the prompt keeps _ among the builtins
				names = append(names, n)
			}
		}
	} else if c := userClassOf(a.Pos[0]); c != nil {
		names = classAttrNames(c, dictOfObj(a.Pos[0]))
	} else if c, ok := a.Pos[0].(*Class); ok && c.classInfo != nil {
		names = classAttrNames(c, nil)
		names = append(names, "__dict__", "__module__", "__doc__")
	} else if ns, ok := a.Pos[0].(*Namespace); ok {
		// The type's names and the instance's own attributes.
		names = append(names, pyDirs[shortTypeName(ns)]...)
		for _, k := range ns.Attrs.Keys {
			if n, ok := k.(Str); ok {
				names = append(names, string(n))
			}
		}
	} else if d, ok := pyDirs[shortTypeName(a.Pos[0])]; ok && !isModule(a.Pos[0]) {
		names = append(names, d...) // CPython's own list, dunders included
	} else {
		names = attrNames(a.Pos[0])
	}
	sort.Strings(names)
	out := make([]Value, 0, len(names))
	for i, n := range names {
		if i > 0 && n == names[i-1] {
			continue
		}
		out = append(out, Str(n))
	}
	return &List{Elems: out}
}

func isModule(v Value) bool { _, ok := v.(*Module); return ok }

// attrNames are the attribute names of v that tensh knows (methods and
// data attributes; Python's dunder methods are not listed).
func attrNames(v Value) []string {
	var names []string
	switch x := v.(type) {
	case *Module:
		names = append(names, "__doc__", "__loader__", "__name__", "__package__", "__spec__")
		for n := range x.Members {
			names = append(names, n)
		}
		for n := range x.Getters {
			names = append(names, n)
		}
	case *Object:
		names = append(names, x.Order...)
		for n := range x.Attrs {
			names = append(names, n)
		}
	case *NamedTuple:
		names = append(names, x.Fields...)
		names = append(names, "count", "index")
	case *Class:
		for n := range classAttrs[x.Name] {
			names = append(names, n)
		}
		for n := range typeMethods[x.Name[lastDot(x.Name)+1:]] {
			names = append(names, n)
		}
	}
	if isTensor(v) {
		for n := range tensorMethods {
			names = append(names, n)
		}
		for n := range tensorProps {
			names = append(names, n)
		}
	}
	for n := range typeMethods[shortTypeName(v)] {
		names = append(names, n)
	}
	names = append(names, typeAttrNames[shortTypeName(v)]...)
	return names
}

// typeAttrNames are the data attributes of the builtin types.
var typeAttrNames = map[string][]string{
	"int":   {"real", "imag", "numerator", "denominator"},
	"bool":  {"real", "imag", "numerator", "denominator"},
	"float": {"real", "imag"},
	"range": {"start", "stop", "step"},
	"slice": {"start", "stop", "step"},
}

// quitter is exit and quit: callable, and printing how to leave.
type quitter struct{ name string }

func (q *quitter) pyTypeName() string { return "Quitter" }
func (q *quitter) pyRepr(*reprState) string {
	return "Use " + q.name + "() or Ctrl-D (i.e. EOF) to exit"
}
func (q *quitter) pyCallable() bool     { return true }
func (q *quitter) pyCall(a *Args) Value { argCount(a, q.name, 0, 1); return raiseExit(a.Pos) }

// pyClassRepr is repr(type(v)): <class 'str'>.
func pyClassRepr(v Value) string { return "<class '" + TypeName(v) + "'>" }
