package eval

import "strings"

// The reprs of dicts and sets: {'a': 1} and {1, 2} (set() when empty).

func (st *reprState) dictRepr(d *Dict) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range d.Keys {
		poll()
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(st.repr(k))
		b.WriteString(": ")
		b.WriteString(st.repr(d.Vals[i]))
	}
	b.WriteByte('}')
	return b.String()
}

func (st *reprState) setRepr(s *Set) string {
	if s.Len() == 0 {
		return "set()"
	}
	return "{" + st.join(s.Elems) + "}"
}
