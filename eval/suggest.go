package eval

import (
	"sort"
	"strings"
)

// Python 3.11's "Did you mean: 'x'?" after NameError and AttributeError:
// the candidate nearest to the missing name by CPython's Levenshtein cost
// (Python/suggestions.c: a case flip costs 1, any other edit 2; at most a
// third of the characters may change; names of over 40 characters and
// namespaces of 750 names or more get no suggestion). The suggestion is
// part of what the prompt prints, not of the exception's message (str(e)).

const (
	maxCandidateItems = 750
	maxStringSize     = 40
	moveCost          = 2
	caseCost          = 1
)

func substitutionCost(a, b byte) int {
	if a&31 != b&31 {
		return moveCost
	}
	if a == b {
		return 0
	}
	if 'A' <= a && a <= 'Z' {
		a += 'a' - 'A'
	}
	if 'A' <= b && b <= 'Z' {
		b += 'a' - 'A'
	}
	if a == b {
		return caseCost
	}
	return moveCost
}

// levenshtein is suggestions.c's levenshtein_distance (over UTF-8 bytes).
func levenshtein(a, b string, maxCost int) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 || len(b) == 0 {
		return (len(a) + len(b)) * moveCost
	}
	if len(a) > maxStringSize || len(b) > maxStringSize {
		return maxCost + 1
	}
	if len(b) < len(a) {
		a, b = b, a
	}
	if (len(b)-len(a))*moveCost > maxCost {
		return maxCost + 1
	}
	var buffer [maxStringSize]int
	for i := range a {
		buffer[i] = (i + 1) * moveCost
	}
	result := 0
	for bi := 0; bi < len(b); bi++ {
		code := b[bi]
		distance := bi * moveCost
		result = distance
		minimum := int(^uint(0) >> 1)
		for i := 0; i < len(a); i++ {
			substitute := distance + substitutionCost(code, a[i])
			distance = buffer[i]
			insertDelete := min(result, distance) + moveCost
			result = min(insertDelete, substitute)
			buffer[i] = result
			minimum = min(minimum, result)
		}
		if minimum > maxCost {
			return maxCost + 1
		}
	}
	return result
}

// suggest is calculate_suggestions: the best candidate for name, or "".
func suggest(candidates []string, name string) string {
	if len(candidates) >= maxCandidateItems {
		return ""
	}
	best, bestDist := "", int(^uint(0)>>1)
	for _, c := range candidates {
		if c == name {
			continue
		}
		maxDist := (len(name) + len(c) + 3) * moveCost / 6
		maxDist = min(maxDist, bestDist-1)
		d := levenshtein(name, c, maxDist)
		if d > maxDist {
			continue
		}
		if best == "" || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// mainDunders are the names of a fresh prompt's namespace before torch,
// in their order.
var mainDunders = []string{"__name__", "__doc__", "__package__", "__loader__", "__spec__", "__annotations__", "__builtins__"}

// suggestName adds the suggestion to a NameError raised for a name of the
// session: among the globals (the prompt's own names, torch, then the
// session's names, sorted: tensh does not keep their order), then
// Python's builtins.
func (s *Session) suggestName(e *Exception) {
	if e.Type != "NameError" || e.suggestion != "" {
		return
	}
	name, ok := strings.CutPrefix(e.Msg, "name '")
	if !ok {
		return
	}
	name, ok = strings.CutSuffix(name, "' is not defined")
	if !ok || strings.ContainsAny(name, "' ") {
		return
	}
	globals := append([]string{}, mainDunders...)
	var user []string
	for n := range s.globals {
		if n != "torch" {
			user = append(user, n)
		}
	}
	sort.Strings(user)
	if _, ok := s.globals["torch"]; ok {
		globals = append(globals, "torch")
	}
	globals = append(globals, user...)
	if c := suggest(globals, name); c != "" {
		e.suggestion = c
		return
	}
	e.suggestion = suggest(pyBuiltinNames, name)
}

// attrSuggestion is the suggestion for a missing attribute of x: among
// CPython's dir() of x's type where tensh has it, else tensh's names.
func attrSuggestion(x Value, name string) string {
	if m, ok := x.(*Module); ok {
		if m.Name == "torch" {
			return "" // dir(torch) has more than 750 names
		}
		names := append([]string{"__doc__", "__loader__", "__name__", "__package__", "__spec__"}, attrNames(m)...)
		sort.Strings(names)
		return suggest(names, name)
	}
	if c := userClassOf(x); c != nil {
		names := classAttrNames(c, dictOfObj(x))
		sort.Strings(names)
		return suggest(names, name)
	}
	if names, ok := pyDirs[shortTypeName(x)]; ok {
		return suggest(names, name)
	}
	names := attrNames(x)
	sort.Strings(names)
	return suggest(names, name)
}

// throwNoAttr raises AttributeError for x.name, with its suggestion.
func throwNoAttr(x Value, name string) {
	e := &Exception{Type: "AttributeError"}
	if m, ok := x.(*Module); ok {
		e.Msg = sprintf(errModuleNoAttr, m.Name, name)
	} else {
		e.Msg = sprintf(errNoAttr, TypeName(x), name)
	}
	e.suggestion = attrSuggestion(x, name)
	panic(e)
}
