package eval

import (
	"bytes"
	"strings"
	"testing"
)

// recordingCM is a context manager that records its calls; it swallows
// the exceptions of type swallow.
type recordingCM struct {
	log     *[]string
	name    string
	swallow string
}

func (c *recordingCM) Enter(s *Session) Value {
	*c.log = append(*c.log, "enter "+c.name)
	return Str(c.name)
}

func (c *recordingCM) Exit(s *Session, exc *Exception) bool {
	if exc == nil {
		*c.log = append(*c.log, "exit "+c.name)
		return false
	}
	*c.log = append(*c.log, "exit "+c.name+" "+exc.Type)
	return exc.Type == c.swallow
}

// TestWith: a with statement enters its context managers in order, binds
// what Enter returns, and exits them in reverse order however the block
// ends, handing them the exception that leaves it.
func TestWith(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	var log []string
	s.globals["a"] = &recordingCM{log: &log, name: "a"}
	s.globals["b"] = &recordingCM{log: &log, name: "b", swallow: "ValueError"}
	for _, tt := range []struct {
		src, log, out, err string
	}{
		{"with a as x, b as y:\n    print(x, y)\n", "enter a|enter b|exit b|exit a", "a b\n", ""},
		{"with a, b:\n    raise ValueError('v')\n", "enter a|enter b|exit b ValueError|exit a", "", ""},
		{"with a, b:\n    1 / 0\n", "enter a|enter b|exit b ZeroDivisionError|exit a ZeroDivisionError", "", "ZeroDivisionError: division by zero"},
		{"def f():\n    for i in range(3):\n        with a:\n            if i == 1:\n                return i\n", "", "", ""},
		{"f()", "enter a|exit a|enter a|exit a", "1\n", ""},
		{"with 5:\n    pass\n", "", "", "TypeError: 'int' object does not support the context manager protocol"},
	} {
		log, out = nil, bytes.Buffer{}
		e := s.Exec(tt.src, 1)
		got := ""
		if e != nil {
			got = e.Error()
		}
		if got != tt.err || strings.Join(log, "|") != tt.log || out.String() != tt.out {
			t.Errorf("%q: error %q, log %q, out %q; want %q, %q, %q", tt.src, got, strings.Join(log, "|"), out.String(), tt.err, tt.log, tt.out)
		}
	}
}

// TestSplitBlocks: a script's compound statement takes its indented lines
// and clauses, blank and comment lines between them; what follows it (to
// the end of an input without a final newline) is read after it.
func TestSplitBlocks(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []string
	}{
		{"def f():\n  return 1\nx = f()", []string{"def f():\n  return 1", "x = f()"}},
		{"if a:\n  b\n\n# c\nelse:\n  d\ne", []string{"if a:\n  b\n\n# c\nelse:\n  d", "e"}},
		{"for i in x:\n  y\n\n# after\nz\n", []string{"for i in x:\n  y", "# after", "z"}},
		{"try:\n  a\nexcept E:\n  b\nfinally:\n  c", []string{"try:\n  a\nexcept E:\n  b\nfinally:\n  c"}},
		{"x = (1,\n2)\nif x:\n  pass", []string{"x = (1,\n2)", "if x:\n  pass"}},
	} {
		var got []string
		for _, c := range SplitSource(tt.src) {
			got = append(got, c.Code())
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("SplitSource(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestExplainLoopBody: %explain of a compound statement explains the
// statement its body starts with.
func TestExplainLoopBody(t *testing.T) {
	s := NewSession(Options{})
	if e := s.Exec("x = torch.ones(2, 3); y = torch.ones(3)", 1); e != nil {
		t.Fatal(e)
	}
	got := s.Explain("for i in range(3): z = x + y")
	if !strings.HasPrefix(got, "x + y\n") || !strings.Contains(got, "x and y are broadcastable") {
		t.Errorf("got %q", got)
	}
}

// TestScopeErrors: CPython's errors for global and nonlocal declarations
// (checked against the real prompt: oracle2's codeop reports "invalid
// syntax" for compile-time errors inside a block).
func TestScopeErrors(t *testing.T) {
	s := NewSession(Options{})
	for _, tt := range []struct{ src, err string }{
		{"def f(x):\n    global x\n", "SyntaxError: name 'x' is parameter and global"},
		{"def g():\n    print(y)\n    global y\n", "SyntaxError: name 'y' is used prior to global declaration"},
		{"def h():\n    y = 1\n    global y\n", "SyntaxError: name 'y' is assigned to before global declaration"},
		{"def k():\n    z = 0\n    def inner(z):\n        nonlocal z\n", "SyntaxError: name 'z' is parameter and nonlocal"},
		{"def m():\n    def inner():\n        nonlocal q\n", "SyntaxError: no binding for nonlocal 'q' found"},
		{"if True:\n    break\n", "SyntaxError: 'break' outside loop"},
		{"def n():\n    continue\n", "SyntaxError: 'continue' not properly in loop"},
		{"if True:\n", "IndentationError: expected an indented block after 'if' statement on line 1"},
		{"try:\n    pass\n", "SyntaxError: expected 'except' or 'finally' block"},
	} {
		e := s.Exec(tt.src, 1)
		if e == nil || e.Error() != tt.err {
			t.Errorf("%q: got %v, want %s", tt.src, e, tt.err)
		}
	}
}
