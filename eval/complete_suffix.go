package eval

import (
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// CompleteMarked is Complete for the line editor: each name carries what
// Python's rlcompleter appends to it: "(" to a callable (functions,
// methods, classes), " " to a keyword that is followed by more (not to
// True, False, None or else). Properties are not evaluated.
func (s *Session) CompleteMarked(line string, pos int) []string {
	names := s.Complete(line, pos)
	pos = min(max(pos, 0), len(line))
	before := line[:WordStart(line, pos)]
	if strings.TrimSpace(before) == "%" && strings.HasSuffix(before, "%") {
		return names // magics
	}
	var recv Value
	attr := strings.HasSuffix(before, ".")
	if attr {
		recv, _ = s.lookupDotted(dottedNameBefore(before[:len(before)-1]))
	}
	for i, n := range names {
		if attr {
			if s.attrCallable(recv, n) {
				names[i] += "("
			}
			continue
		}
		if isKeyword(n) {
			if n != "True" && n != "False" && n != "None" && n != "else" {
				names[i] += " "
			}
			continue
		}
		if v, ok := s.lookup(n); ok && isCallable(v) {
			names[i] += "("
		}
	}
	return names
}

func isKeyword(n string) bool {
	for _, k := range keywords {
		if k == n {
			return true
		}
	}
	return false
}

// isCallable reports whether calling v can work (callable(v)).
func isCallable(v Value) bool {
	switch f := v.(type) {
	case *Builtin, *BoundMethod:
		return true
	case *Class:
		return f.Call != nil
	}
	return false
}

// attrCallable reports whether recv.name is a method (or another callable
// member), without reading properties.
func (s *Session) attrCallable(recv Value, name string) bool {
	if _, ok := typeMethods[shortTypeName(recv)][name]; ok {
		return true
	}
	switch x := recv.(type) {
	case *tensor.Tensor:
		_, prop := tensorProps[name]
		return !prop && tensorMethods[name] != nil
	case *Module:
		if v, ok := x.Members[name]; ok {
			return isCallable(v)
		}
	case *Object:
		if v, ok := x.Attrs[name]; ok {
			return isCallable(v)
		}
	}
	return false
}
