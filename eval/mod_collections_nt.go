package eval

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/tensh/tensh/lang"
)

// collections.namedtuple: a factory of tuple classes with named fields.
// Its instances are *NamedTuple values whose Type is the class (so they
// are tuples everywhere: indexing, unpacking, hashing, comparison); the
// class carries _fields, _field_defaults, _make, and the instances
// _replace and _asdict, as collections/__init__.py defines them.

// ntInfo is what a namedtuple class knows.
type ntInfo struct {
	name     string
	fields   []string
	defaults []Value // of the last len(defaults) fields
}

var ntInfos = map[*Class]*ntInfo{}

// pyKeywords are Python 3.11's keywords (keyword.kwlist).
var pyKeywords = map[string]bool{}

const pyKeywordList = "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield"

func init() {
	for _, k := range strings.Fields(pyKeywordList) {
		pyKeywords[k] = true
	}
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

func namedTupleRepr(st *reprState, x *NamedTuple) string {
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	parts := make([]string, len(x.Elems))
	for i, f := range x.Fields {
		parts[i] = f + "=" + st.repr(x.Elems[i])
	}
	return x.TypeName + "(" + strings.Join(parts, ", ") + ")"
}

// newNamedTupleClass is collections.namedtuple(typename, field_names, ...).
func newNamedTupleClass(typename string, fields []string, rename bool, defaults []Value, module string) *Class {
	for i, f := range fields {
		if rename && (!isIdentifier(f) || pyKeywords[f] || strings.HasPrefix(f, "_") || indexOf(fields[:i], f) >= 0) {
			fields[i] = "_" + strconv.Itoa(i)
		}
	}
	for _, n := range append([]string{typename}, fields...) {
		if !isIdentifier(n) {
			throw("ValueError", errNamedTupleIdent, StrRepr(n))
		}
		if pyKeywords[n] {
			throw("ValueError", errNamedTupleKeyword, StrRepr(n))
		}
	}
	for i, f := range fields {
		if strings.HasPrefix(f, "_") && !rename {
			throw("ValueError", errNamedTupleUnder, StrRepr(f))
		}
		if indexOf(fields[:i], f) >= 0 {
			throw("ValueError", errNamedTupleDup, StrRepr(f))
		}
	}
	if len(defaults) > len(fields) {
		throw("TypeError", errNamedTupleDefault)
	}
	info := &ntInfo{name: typename, fields: fields, defaults: defaults}
	spec := make([]string, len(fields))
	for i, f := range fields {
		spec[i] = f
		if i >= len(fields)-len(defaults) {
			spec[i] += "="
		}
	}
	var c *Class
	c = &Class{Name: module + "." + typename, Call: func(a *Args) Value {
		p := pyArgs(a, typename+".__new__", 1, strings.Join(spec, ","))
		for i := range p {
			if p[i] == nil {
				p[i] = defaults[i-(len(fields)-len(defaults))]
			}
		}
		return &NamedTuple{TypeName: typename, Fields: fields, Elems: Tuple(p), Type: c}
	}}
	ntInfos[c] = info
	fieldTuple := make(Tuple, len(fields))
	for i, f := range fields {
		fieldTuple[i] = Str(f)
	}
	fd := NewDict()
	for i, d := range defaults {
		fd.SetItem(Str(fields[len(fields)-len(defaults)+i]), d)
	}
	goClassAttrs[c] = map[string]Value{
		"_fields":         fieldTuple,
		"_field_defaults": fd,
		"__doc__":         Str(typename + "(" + strings.Join(fields, ", ") + ")"),
		"__module__":      Str(module),
		"__qualname__":    Str(typename),
		"__name__":        Str(typename),
		"_make": &Builtin{Name: "_make", Sig: typename + "._make(iterable)", Doc: "Makes a new " + typename + " from a sequence or iterable.",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "_make", 0, "iterable")
				elems := iterate(p[0])
				if len(elems) != len(fields) {
					throw("TypeError", errNamedTupleMake, len(fields), len(elems))
				}
				return &NamedTuple{TypeName: typename, Fields: fields, Elems: Tuple(elems), Type: c}
			}},
	}
	return c
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// namedTupleAttr is an attribute of a namedtuple instance other than a
// field.
func namedTupleAttr(v *NamedTuple, name string) (Value, bool) {
	switch name {
	case "_asdict":
		return &Builtin{Name: "_asdict", Fn: func(a *Args) Value {
			pyArgs(a, v.TypeName+"._asdict", 1, "")
			d := NewDict()
			for i, f := range v.Fields {
				d.SetItem(Str(f), v.Elems[i])
			}
			return d
		}}, true
	case "_replace":
		return &Builtin{Name: "_replace", Fn: func(a *Args) Value {
			if len(a.Pos) > 0 {
				throw("TypeError", errTakesPositional, v.TypeName+"._replace", 1, "", len(a.Pos)+1, "were")
			}
			elems := append(Tuple{}, v.Elems...)
			var bad []Value
			for _, kw := range a.Kw {
				i := indexOf(v.Fields, kw.Name)
				if i < 0 {
					bad = append(bad, Str(kw.Name))
					continue
				}
				elems[i] = kw.Value
			}
			if len(bad) > 0 {
				throw("ValueError", errNamedTupleReplace, Repr(&List{Elems: bad}))
			}
			return &NamedTuple{TypeName: v.TypeName, Fields: v.Fields, Elems: elems, Type: v.Type}
		}}, true
	case "__getnewargs__":
		return &Builtin{Name: "__getnewargs__", Fn: func(a *Args) Value { return append(Tuple{}, v.Elems...) }}, true
	}
	if at, ok := goClassAttrs[v.Type][name]; ok {
		return at, true
	}
	if m, ok := typeMethods["tuple"][name]; ok {
		return &BoundMethod{Self: Tuple(v.Elems), Fn: m}, true
	}
	return nil, false
}

func init() {
	collectionsLate = append(collectionsLate, func(s *Session, m *Module) {
		m.Members["namedtuple"] = s.importModule("_tensh_collections").Members["namedtuple"]
	})
}

// Binary is a namedtuple's (or return type's) tuple operators: + and *.
func (n *NamedTuple) Binary(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	if op != lang.Plus && op != lang.Star {
		return nil, false
	}
	if o, ok := other.(*NamedTuple); ok {
		other = o.Elems
	}
	if reflected {
		return s.binary(op, other, n.Elems), true
	}
	return s.binary(op, n.Elems, other), true
}

// Compare orders namedtuples as tuples.
func (n *NamedTuple) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	var o Value
	switch x := other.(type) {
	case *NamedTuple:
		o = x.Elems
	case Tuple:
		o = x
	default:
		return nil, false
	}
	if reflected {
		return s.compare(op, o, n.Elems), true
	}
	return s.compare(op, n.Elems, o), true
}
