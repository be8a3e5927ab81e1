package eval

import (
	"sort"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// keywords are the Python keywords of the language, offered by completion.
var keywords = []string{"False", "None", "True", "and", "as", "del", "else", "from", "if", "import", "in", "is", "not", "or"}

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// WordStart is where the word that completion replaces begins: the
// identifier characters just before pos (after a '.' or '%', if any).
func WordStart(line string, pos int) int {
	pos = min(max(pos, 0), len(line))
	i := pos
	for i > 0 && isIdentByte(line[i-1]) {
		i--
	}
	return i
}

// Complete returns the completions of the word before pos in line, sorted:
// names of variables, builtins, torch functions and keywords; members after
// "torch." (or any module); tensor methods and attributes after "x."; magic
// names after a leading '%'. Each completion replaces line[WordStart:pos].
// The receiver before a '.' is only looked up when it is a plain or dotted
// name, so completing never runs user code.
func (s *Session) Complete(line string, pos int) []string {
	pos = min(max(pos, 0), len(line))
	start := WordStart(line, pos)
	word := line[start:pos]
	before := line[:start]
	var names []string
	switch {
	case strings.TrimSpace(before) == "%" && strings.HasSuffix(before, "%"):
		names = MagicNames()
	case strings.HasSuffix(before, "."):
		recv := dottedNameBefore(before[:len(before)-1])
		if recv == "" {
			return nil
		}
		v, ok := s.lookupDotted(recv)
		if !ok {
			return nil
		}
		names = s.attrNames(v)
	default:
		if start > 0 && line[start-1] >= '0' && line[start-1] <= '9' {
			return nil
		}
		for n := range s.globals {
			names = append(names, n)
		}
		names = append(names, BuiltinNames()...)
		for n := range builtinClasses {
			names = append(names, n)
		}
		names = append(names, TorchFunctionNames()...)
		names = append(names, keywords...)
	}
	return filterPrefix(names, word)
}

// dottedNameBefore returns the dotted name (a, a.b.c) that ends s, or ""
// when s does not end in one (a call, a subscript, a number).
func dottedNameBefore(s string) string {
	i := len(s)
	for i > 0 && (isIdentByte(s[i-1]) || s[i-1] == '.') {
		i--
	}
	name := s[i:]
	if name == "" || i > 0 && (s[i-1] == ')' || s[i-1] == ']' || s[i-1] == '\'' || s[i-1] == '"') {
		return ""
	}
	for _, part := range strings.Split(name, ".") {
		if part == "" || part[0] >= '0' && part[0] <= '9' {
			return ""
		}
	}
	return name
}

// lookupDotted evaluates a dotted name by lookups and attribute reads only.
func (s *Session) lookupDotted(name string) (v Value, ok bool) {
	parts := strings.Split(name, ".")
	v, ok = s.lookup(parts[0])
	if !ok {
		return nil, false
	}
	defer func() {
		if recover() != nil {
			v, ok = nil, false
		}
	}()
	for _, p := range parts[1:] {
		v = s.getAttr(v, p)
	}
	return v, true
}

// attrNames lists the attributes of v that completion offers.
func (s *Session) attrNames(v Value) []string {
	var names []string
	switch x := v.(type) {
	case *tensor.Tensor:
		names = append(names, TensorMethodNames()...)
		for n := range tensorProps {
			names = append(names, n)
		}
	case *Module:
		for n := range x.Members {
			names = append(names, n)
		}
		for n := range x.Getters {
			names = append(names, n)
		}
		for n := range x.Setters {
			names = append(names, n)
		}
	case *NamedTuple:
		names = append(names, x.Fields...)
	case *Object:
		names = append(names, x.Order...)
	}
	for n := range typeMethods[shortTypeName(v)] {
		names = append(names, n)
	}
	return names
}

// filterPrefix returns the distinct names that start with prefix, sorted;
// names starting with '_' only when prefix does.
func filterPrefix(names []string, prefix string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if seen[n] || !strings.HasPrefix(n, prefix) || strings.HasPrefix(n, "_") && !strings.HasPrefix(prefix, "_") {
			continue
		}
		seen[n] = true
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
