package eval

import (
	"strings"
	"testing"
)

// A registered module is built once per session, on its first import,
// and its members bind as Python binds them.
func TestRegisterModule(t *testing.T) {
	loads := 0
	RegisterModule("tensh_test_mod", func(s *Session) *Module {
		loads++
		return &Module{Name: "tensh_test_mod", Members: map[string]Value{"answer": MakeInt(42), "_hidden": None}}
	})
	RegisterModule("tensh_test_mod.sub", func(s *Session) *Module {
		return &Module{Name: "tensh_test_mod.sub", Members: map[string]Value{"x": Str("sub")}}
	})
	defer delete(moduleLoaders, "tensh_test_mod")
	defer delete(moduleLoaders, "tensh_test_mod.sub")
	var out strings.Builder
	s := NewSession(Options{Out: &out})
	for _, c := range []struct{ src, want string }{
		{"import tensh_test_mod", ""},
		{"tensh_test_mod.answer", "42\n"},
		{"import tensh_test_mod as m; m is tensh_test_mod", "True\n"},
		{"from tensh_test_mod import answer as a; a", "42\n"},
		{"from tensh_test_mod import sub; sub.x", "'sub'\n"},
		{"import tensh_test_mod.sub as ts; ts.x", "'sub'\n"},
		{"from tensh_test_mod import *; answer", "42\n"},
		{"_hidden", "NameError: name '_hidden' is not defined\n"},
		{"from tensh_test_mod import nope", "ImportError: cannot import name 'nope' from 'tensh_test_mod' (unknown location)\n"},
		{"import tensh_test_mod.nope", "ModuleNotFoundError: No module named 'tensh_test_mod.nope'\n"},
		{"import tensh_no_such_module", "ModuleNotFoundError: No module named 'tensh_no_such_module'\n"},
	} {
		out.Reset()
		if e := s.Exec(c.src, 1); e != nil {
			out.WriteString(e.Error() + "\n")
		}
		if out.String() != c.want {
			t.Errorf("%s: got %q, want %q", c.src, out.String(), c.want)
		}
	}
	if loads != 1 {
		t.Errorf("the module was built %d times, want once per session", loads)
	}
	found := false
	for _, n := range ModuleNames() {
		found = found || n == "tensh_test_mod"
	}
	if !found {
		t.Error("ModuleNames does not list a registered module")
	}
}

// The Levenshtein cost of suggestions.c: a case flip costs 1, other edits 2.
func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"apend", []string{"append", "extend"}, "append"},
		{"Print", []string{"print"}, "print"},
		{"xyz", []string{"append"}, ""},
		{"lenght", []string{"length", "len"}, "length"},
		{"a", []string{"b"}, ""},
	} {
		if got := suggest(c.cands, c.name); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if d := levenshtein("abc", "ABC", 100); d != 3 {
		t.Errorf("case flips cost %d, want 3", d)
	}
}
