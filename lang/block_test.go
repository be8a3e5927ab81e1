package lang

import (
	"errors"
	"strings"
	"testing"
)

// blockTests are inputs with compound statements and the new
// expressions, and their dumps.
var blockTests = []struct{ src, dump string }{
	{"if x:\n    y = 1\nelif z:\n    pass\nelse:\n    w\n", "(if x (then (= y 1)) (else (if z (then (pass)) (else (expr w)))))"},
	{"if a: b; c\n", "(if a (then (expr b) (expr c)))"},
	{"for i, *r in x:\n    continue\nelse:\n    pass\n", "(for (tuple i (* r)) x (do (continue)) (else (pass)))"},
	{"while n > 0:\n    n -= 1\n", "(while (cmp n > 0) (do (-= n 1)))"},
	{"def f(a, b=2, /, c=3, *args, d, e=5, **kw) -> int:\n    return a\n", "(def f (/a /b=2 c=3 *args kw:d kw:e=5 **kw) (body (return a)))"},
	{"def g():\n    global x, y\n    nonlocal z\n", "(def g () (body (global x y) (nonlocal z)))"},
	{"try:\n    x\nexcept (A, B) as e:\n    raise\nexcept C:\n    raise E from e\nelse:\n    pass\nfinally:\n    y\n",
		"(try (body (expr x)) (except (tuple A B) as e (do (raise))) (except C (do (raise E e))) (else (pass)) (finally (expr y)))"},
	{"with a as b, c:\n    pass\n", "(with a as b c (do (pass)))"},
	{"assert x, 'm'", "(assert x \"m\")"},
	{"f = lambda a, *b, c=1: a", "(= f (lambda (a *b kw:c=1) a))"},
	{"{1: 2, **d}, {1, *s}, {}", "(expr (tuple (dict 1:2 **d) (set 1 (* s)) (dict)))"},
	{"[x for x in y if x for z in x]", "(expr (listcomp x (for x y (if x)) (for z x)))"},
	{"{k: v for k, v in d}", "(expr (dictcomp k:v (for (tuple k v) d)))"},
	{"sum(x for x in y)", "(expr (call sum (genexp x (for x y))))"},
	{"def f():\n\n    # comment\n    if x:\n        return 1\n\n    return 2\n", "(def f () (body (if x (then (return 1))) (return 2)))"},
	{"if x:\n\ty\n", "(if x (then (expr y)))"},
}

func TestBlocks(t *testing.T) {
	for _, tt := range blockTests {
		stmts, err := Parse(tt.src, 1)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if len(stmts) != 1 {
			t.Errorf("Parse(%q): %d statements", tt.src, len(stmts))
			continue
		}
		if got := Dump(stmts[0]); got != tt.dump {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, got, tt.dump)
		}
		checkTree(t, tt.src, 1, stmts)
	}
}

// TestNeedsMoreBlocks: the prompt reads a compound statement until an
// empty line.
func TestNeedsMoreBlocks(t *testing.T) {
	for _, tt := range []struct {
		src  string
		more bool
	}{
		{"if x:", true},
		{"if x:\n", false}, // the empty line: IndentationError
		{"if x:\n    y", true},
		{"if x:\n    y\n", false},
		{"if x:\n    y\n    ", false},
		{"for i in x: y", true},
		{"def f(a,", true},
		{"def f(a,\n", true},
		{"try:\n    x\n", false},
		{"try:\n    x", true},
		{"x = 1", false},
		{"if x:\n    f(1,\n", true},
		{"if x:\n    y = 1 +\n", false},
		{"@d", true},
		{"@d\ndef f():", true},
		{"@d\n@e(1)\ndef f(): pass", true},
		{"@d\ndef f(): pass\n", false},
		// A try (or a block's header) nested in a block (issue 27, item 9).
		{"def f():\n    try:", true},
		{"def f():\n    try:\n        x = 1", true},
		{"for i in r:\n    if i:\n        try:\n            pass", true},
		{"def f():\n    try:\n        x = 1\n    except E:", true},
		{"def f():\n    try:\n        x = 1\n", false},
		{"def f():\n    if x:", true},
	} {
		if got := NeedsMore(tt.src); got != tt.more {
			_, err := Parse(tt.src, 1)
			t.Errorf("NeedsMore(%q) = %v (%v)", tt.src, got, err)
		}
	}
	var e *Error
	if _, err := Parse("try:\n    x\n", 1); !errors.As(err, &e) || e.Msg != errExpectedExcept {
		t.Errorf("try without except: %v", err)
	}
}

// TestTooManyIndentLevels (issue 27, item 12): 99 open blocks parse; the
// 100th level is CPython's IndentationError, found by the lexer before any
// parse of the deep blocks (which stays cheap however deep the input).
func TestTooManyIndentLevels(t *testing.T) {
	nest := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat("    ", i) + "if x:\n")
		}
		b.WriteString(strings.Repeat("    ", n) + "pass\n")
		return b.String()
	}
	if _, err := Parse(nest(99), 1); err != nil {
		t.Errorf("99 levels: %v", err)
	}
	for _, n := range []int{100, 3000} {
		var e *Error
		if _, err := Parse(nest(n), 1); !errors.As(err, &e) || e.Msg != errTooDeep || e.Pos.Line != 101 {
			t.Errorf("%d levels: %v, want line 101: %s", n, err, errTooDeep)
		}
	}
}
