package eval

import "github.com/tensh/tensh/lang"

// The match statement: patterns matched against the subject as PEP 634
// specifies, binding the names they capture.

// Messages of match (CPython 3.11).
const (
	errMatchNotType     = "called match pattern must be a type"
	errMatchPositional  = "%s() accepts %d positional sub-pattern%s (%d given)"
	errMatchArgsTuple   = "%s.__match_args__ must be a tuple (got %s)"
	errMatchArgsStr     = "__match_args__ elements must be strings (got %s)"
	errMatchRepeatedKw  = "%s() got multiple sub-patterns for attribute '%s'"
	errMatchNoMatchArgs = "%s() accepts 0 positional sub-patterns (%d given)"
)

func (s *Session) execMatch(st *lang.MatchStmt) ctl {
	v := s.eval(st.Subject)
	for _, mc := range st.Cases {
		if s.matchPattern(mc.Pattern, v) && (mc.Guard == nil || s.truth(s.eval(mc.Guard))) {
			return s.execBlock(mc.Body)
		}
	}
	return ctlNone
}

// selfMatching are the builtin classes whose single positional
// sub-pattern matches the subject itself.
var selfMatching = map[string]bool{"bool": true, "bytearray": true, "bytes": true, "dict": true, "float": true,
	"frozenset": true, "int": true, "list": true, "set": true, "str": true, "tuple": true}

func (s *Session) matchPattern(p lang.Pattern, v Value) bool {
	switch p := p.(type) {
	case *lang.PatCapture:
		if p.Name != "_" {
			s.storeName(p.Name, v)
		}
		return true
	case *lang.PatValue:
		want := s.eval(p.Value)
		if c, ok := p.Value.(*lang.Const); ok && c.Kind != lang.Ellipsis {
			return identical(v, want)
		}
		return s.truth(s.compare(lang.Eq, v, want))
	case *lang.PatAs:
		if !s.matchPattern(p.Pat, v) {
			return false
		}
		s.storeName(p.Name, v)
		return true
	case *lang.PatOr:
		for _, alt := range p.Alts {
			if s.matchPattern(alt, v) {
				return true
			}
		}
		return false
	case *lang.PatSequence:
		return s.matchSequence(p, v)
	case *lang.PatMapping:
		return s.matchMapping(p, v)
	case *lang.PatClass:
		return s.matchClass(p, v)
	}
	return false
}

// matchSequenceItems are the items of a subject a sequence pattern may
// match (not str, bytes or dict).
func matchSequenceItems(v Value) ([]Value, bool) {
	switch x := v.(type) {
	case *List:
		return x.Elems, true
	case Tuple:
		return x, true
	case Range, Size, *NamedTuple:
		return iterate(x), true
	case *Instance:
		switch b := x.Base.(type) {
		case *List:
			return b.Elems, true
		case Tuple:
			return b, true
		}
	}
	return nil, false
}

func (s *Session) matchSequence(p *lang.PatSequence, v Value) bool {
	items, ok := matchSequenceItems(v)
	if !ok {
		return false
	}
	star := -1
	for i, e := range p.Elems {
		if _, ok := e.(*lang.PatStar); ok {
			star = i
		}
	}
	if star < 0 {
		if len(items) != len(p.Elems) {
			return false
		}
		for i, e := range p.Elems {
			if !s.matchPattern(e, items[i]) {
				return false
			}
		}
		return true
	}
	after := len(p.Elems) - star - 1
	if len(items) < len(p.Elems)-1 {
		return false
	}
	for i := 0; i < star; i++ {
		if !s.matchPattern(p.Elems[i], items[i]) {
			return false
		}
	}
	for i := 0; i < after; i++ {
		if !s.matchPattern(p.Elems[star+1+i], items[len(items)-after+i]) {
			return false
		}
	}
	if name := p.Elems[star].(*lang.PatStar).Name; name != "_" {
		s.storeName(name, &List{Elems: append([]Value(nil), items[star:len(items)-after]...)})
	}
	return true
}

func (s *Session) matchMapping(p *lang.PatMapping, v Value) bool {
	var d *Dict
	switch x := v.(type) {
	case *Dict:
		d = x
	case *MappingProxy:
		d = x.D
	case *Instance:
		d, _ = x.Base.(*Dict)
	}
	if d == nil {
		return false
	}
	used := NewDict()
	for i, ke := range p.Keys {
		k := s.eval(ke)
		val, ok := d.Get(k)
		if !ok || !s.matchPattern(p.Values[i], val) {
			return false
		}
		used.SetItem(k, None)
	}
	if p.Rest != "" {
		rest := NewDict()
		for i, k := range d.Keys {
			if _, ok := used.Get(k); !ok {
				rest.SetItem(k, d.Vals[i])
			}
		}
		s.storeName(p.Rest, rest)
	}
	return true
}

func (s *Session) matchClass(p *lang.PatClass, v Value) bool {
	cv := s.eval(p.Cls)
	c, ok := cv.(*Class)
	if !ok {
		throw("TypeError", errMatchNotType)
	}
	if !isInstanceOf(v, c) {
		return false
	}
	if len(p.Args) > 0 {
		if c.classInfo == nil && selfMatching[c.Name] {
			if len(p.Args) > 1 {
				throw("TypeError", errMatchPositional, c.pyName(), 1, "", len(p.Args))
			}
			if !s.matchPattern(p.Args[0], v) {
				return false
			}
		} else {
			ma, ok := s.tryGetAttr(c, "__match_args__", true)
			var names Tuple
			if ok {
				t, isTuple := ma.(Tuple)
				if !isTuple {
					throw("TypeError", errMatchArgsTuple, c.pyName(), TypeName(ma))
				}
				names = t
			}
			if len(p.Args) > len(names) {
				throw("TypeError", errMatchPositional, c.pyName(), len(names), pluralS(len(names)), len(p.Args))
			}
			for i, sub := range p.Args {
				n, ok := names[i].(Str)
				if !ok {
					throw("TypeError", errMatchArgsStr, TypeName(names[i]))
				}
				if !s.matchAttr(v, string(n), sub) {
					return false
				}
			}
		}
	}
	for i, n := range p.KwNames {
		if !s.matchAttr(v, n, p.KwPats[i]) {
			return false
		}
	}
	return true
}

func (s *Session) matchAttr(v Value, name string, p lang.Pattern) bool {
	a, ok := s.tryGetAttr(v, name, true)
	return ok && s.matchPattern(p, a)
}
