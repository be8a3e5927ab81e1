package eval

import (
	"bytes"
	"testing"
)

// An input holding several statements on separate lines fails as CPython
// 3.11's compile(src, '<stdin>', 'single') does (the prompt reading a
// bracketed paste), and nothing of it runs; ';' keeps one input.
func TestMultipleStatementsInput(t *testing.T) {
	cases := []struct{ src, want string }{
		{"x = 1\ny = 2", "SyntaxError: multiple statements found while compiling a single statement"},
		{"x = 1\n\ny = 2", "SyntaxError: multiple statements found while compiling a single statement"},
		{"x = (1 +\n 2)\ny = 3", "SyntaxError: multiple statements found while compiling a single statement"},
		{"x = 1; y = 2\nz = 3", "SyntaxError: multiple statements found while compiling a single statement"},
		{"if 1:\n  pass\ny = 2", "SyntaxError: invalid syntax"},
		{"def f():\n  pass\nf()", "SyntaxError: invalid syntax"},
		{"x = 1; y = 2", ""},
		{"x = 1\n# c\n", ""},
		{"x = (1 +\n 2)", ""},
	}
	for _, c := range cases {
		var out bytes.Buffer
		s := NewSession(Options{Out: &out})
		got := ""
		if e := s.Exec(c.src, 1); e != nil {
			got = s.ErrorText(e)
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
		if c.want != "" {
			if _, ok := s.Lookup("x"); ok {
				t.Errorf("%q: x was bound, but nothing of a failing input may run", c.src)
			}
		}
	}
}
