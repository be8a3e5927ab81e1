package lang

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Tests print syntax trees with Dump, an S-expression form.

var parseTests = []struct {
	src, want string
}{
	{"-2**2", "(expr (- (** 2 2)))"},
	{"2**-1", "(expr (** 2 (- 1)))"},
	{"a-b-c", "(expr (- (- a b) c))"},
	{"2**3**2", "(expr (** 2 (** 3 2)))"},
	{"a < b < c", "(expr (cmp a < b < c))"},
	{"not a == b", "(expr (not (cmp a == b)))"},
	{"a if b else c if d else e", "(expr (if b a (if d c e)))"},
	{"x[1:2, ::3, None, ...]", "(expr (index x (tuple (slice 1 2 _) (slice _ _ 3) None ...)))"},
	{"f(a, *b, k=1, **d)", "(expr (call f a (* b) (kw k 1) (** d)))"},
	{"a.b[c](d)", "(expr (call (index (. a b) c) d))"},
	{"f\"{x.shape} {v:.3f}\"", "(expr (fstring (field (. x shape)) \" \" (field v (fstring \".3f\"))))"},
	{"f\"{x!r:>10}\"", "(expr (fstring (field x !r (fstring \">10\"))))"},
	{"f\"{{a}} {b}\"", "(expr (fstring \"{a} \" (field b)))"},
	{"f\"{v:{w}.{p}f}\"", "(expr (fstring (field v (fstring (field w) \".\" (field p) \"f\"))))"},
	{"f\"{x=}\"", "(expr (fstring (field x (debug \"x=\"))))"},
	{"f\"{ x = !s}\"", "(expr (fstring (field x (debug \" x = \") !s)))"},
	{"f\"{'nested'}\"", "(expr (fstring (field \"nested\")))"},
	{"f\"{a[1:2]}\"", "(expr (fstring (field (index a (slice 1 2 _)))))"},
	{"\"a\" f\"{b}\" \"c\"", "(expr (fstring \"a\" (field b) \"c\"))"},
	{"f\"{x:}\"", "(expr (fstring (field x)))"},
	{"f\"{x,y}\"", "(expr (fstring (field (tuple x y))))"},
	{"rf\"\\d{x}\"", "(expr (fstring \"\\\\d\" (field x)))"},
	{"1.", "(expr 1.0)"},
	{".5", "(expr 0.5)"},
	{"1e-3", "(expr 0.001)"},
	{"2.5e10", "(expr 2.5e+10)"},
	{"1_0.5", "(expr 10.5)"},
	{"1.e3", "(expr 1000.0)"},
	{"0x10", "(expr 16)"},
	{"0o17", "(expr 15)"},
	{"0b101", "(expr 5)"},
	{"1_000", "(expr 1000)"},
	{"9223372036854775807", "(expr 9223372036854775807)"},
	{"9223372036854775808", "(expr 9223372036854775808)"},
	{"0x_FFFF_FFFF_FFFF_FFFF_FF", "(expr 4722366482869645213695)"},
	{"00", "(expr 0)"},
	{"1e400", "(expr +Inf)"},
	{"\"a\\nb\\t\\\\\\'\\\"\\x41\\u00e9\\0\\101\\U0001F600\"", "(expr \"a\\nb\\t\\\\'\\\"Aé\\x00A😀\")"},
	{"'unknown \\q escape'", "(expr \"unknown \\\\q escape\")"},
	{"r\"raw\\n\"", "(expr \"raw\\\\n\")"},
	{"b\"\\xff\\x00\"", "(expr \"ÿ\\x00\")"},
	{"'''tri\nple'''", "(expr \"tri\\nple\")"},
	{"\"a\" 'b' \"\"\"c\"\"\"", "(expr \"abc\")"},
	{"\"line\\\ncont\"", "(expr \"linecont\")"},
	{"True, False, None, ...", "(expr (tuple True False None ...))"},
	{"[a, b,]", "(expr (list a b))"},
	{"(a,)", "(expr (tuple a))"},
	{"()", "(expr (tuple))"},
	{"(a)", "(expr (paren a))"},
	{"[]", "(expr (list))"},
	{"[*a, *b]", "(expr (list (* a) (* b)))"},
	{"x = 1, 2", "(= x (tuple 1 2))"},
	{"x = y = 1", "(= x y 1)"},
	{"torch.utils.backcompat.broadcast_warning.enabled = True", "(= (. (. (. (. torch utils) backcompat) broadcast_warning) enabled) True)"},
	{"x[0, 1:] = 5", "(= (index x (tuple 0 (slice 1 _ _))) 5)"},
	{"y[mask] = 0", "(= (index y mask) 0)"},
	{"a, b = e", "(= (tuple a b) e)"},
	{"(c, d), e = (3, 4), 5", "(= (tuple (tuple c d) e) (tuple (tuple 3 4) 5))"},
	{"[a, *b] = c", "(= (list a (* b)) c)"},
	{"x = *a, b", "(= x (tuple (* a) b))"},
	{"(a) = 1", "(= a 1)"},
	{"a, ((b, (c))), [(d), *(e)] = x", "(= (tuple a (tuple b c) (list d (* e))) x)"},
	{"(x.y) += 1", "(+= (. x y) 1)"},
	{"del (a), (b[0])", "(del a (index b 0))"},
	{"x += 1", "(+= x 1)"},
	{"x **= 2", "(**= x 2)"},
	{"x @= w", "(@= x w)"},
	{"x >>= 1", "(>>= x 1)"},
	{"x.y[0] //= 2", "(//= (index (. x y) 0) 2)"},
	{"x |= 1, 2", "(|= x (tuple 1 2))"},
	{"del a, b[0]", "(del a (index b 0))"},
	{"del (a, b)", "(del (tuple a b))"},
	{"del a,", "(del a)"},
	{"import torch", "(import torch)"},
	{"import numpy as np", "(import numpy as np)"},
	{"import torch.nn as nn", "(import torch.nn as nn)"},
	{"import a, b.c as d", "(import a) (import b.c as d)"},
	{"from torch import *", "(from torch import *)"},
	{"from torch import a, b", "(from torch import a b)"},
	{"from torch import (a as b, c,)", "(from torch import (as a b) c)"},
	{"from . import x", "(from . import x)"},
	{"from ..a.b import c", "(from ..a.b import c)"},
	{"pass", "(pass)"},
	{"a; b = 1; c;", "(expr a) (= b 1) (expr c)"},
	{"x = 1 + \\\n 2", "(= x (+ 1 2))"},
	{"f(1,\n  2)", "(expr (call f 1 2))"},
	{"x = [\n  1,  # one\n  2,\n]", "(= x (list 1 2))"},
	{"x = 1\ny = 2", "(= x 1) (= y 2)"},
	{"# just a comment", ""},
	{"", ""},
	{"   ", ""},
	{"x = 1  # comment", "(= x 1)"},
	{"a or b and not c", "(expr (or a (and b (not c))))"},
	{"a or b or c", "(expr (or (or a b) c))"},
	{"a | b ^ c & d << e + f * g", "(expr (| a (^ b (& c (<< d (+ e (* f g)))))))"},
	{"-a ** -b", "(expr (- (** a (- b))))"},
	{"~x @ y", "(expr (@ (~ x) y))"},
	{"a is not b not in c", "(expr (cmp a is not b not in c))"},
	{"not not a", "(expr (not (not a)))"},
	{"x = -1", "(= x (- 1))"},
	{"f()(g)[h].i", "(expr (. (index (call (call f) g) h) i))"},
	{"x[:]", "(expr (index x (slice _ _ _)))"},
	{"x[::-1]", "(expr (index x (slice _ _ (- 1))))"},
	{"x[a:b:c]", "(expr (index x (slice a b c)))"},
	{"x[*a]", "(expr (index x (tuple (* a))))"},
	{"x[()]", "(expr (index x (tuple)))"},
	{"x[a,]", "(expr (index x (tuple a)))"},
	{"print(*args, sep='')", "(expr (call print (* args) (kw sep \"\")))"},
	{"f(a)(b=1)", "(expr (call (call f a) (kw b 1)))"},
	{"2 ** -3 ** 2", "(expr (** 2 (- (** 3 2))))"},
	{"a + b * c - d / e // f % g @ h", "(expr (- (+ a (* b c)) (@ (% (// (/ d e) f) g) h)))"},
	{"a < b == c != d > e <= f >= g is h in i", "(expr (cmp a < b == c != d > e <= f >= g is h in i))"},
	{"a and b and c", "(expr (and (and a b) c))"},
	{"(a, b)", "(expr (tuple a b))"},
	{"((a))", "(expr (paren (paren a)))"},
	{"x.y.z", "(expr (. (. x y) z))"},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		stmts, err := Parse(tt.src, 1)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		var got []string
		for _, s := range stmts {
			got = append(got, Dump(s))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Parse(%q)\n got %s\nwant %s", tt.src, g, tt.want)
		}
		checkTree(t, tt.src, 1, stmts)
	}
}

// Messages are CPython 3.11's; positions are CPython's too, except where
// it is vague (f-strings, string escapes), where they point at the culprit.
var errorTests = []struct {
	src        string
	msg        string
	line, col  int
	incomplete bool
}{
	{"1 +", "invalid syntax", 1, 4, false},
	{"x = = 1", "invalid syntax", 1, 5, false},
	{"1 = x", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"f(x) = 1", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"3 +* 4", "invalid syntax", 1, 4, false},
	{"x.", "invalid syntax", 1, 3, false},
	{"None = 1", "cannot assign to None", 1, 1, false},
	{"True = 1", "cannot assign to True", 1, 1, false},
	{"... = 1", "cannot assign to ellipsis here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"x + 1 = 2", "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"a < b = 1", "cannot assign to comparison", 1, 1, false},
	{"-a = 1", "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"a if b else c = 1", "cannot assign to conditional expression", 1, 1, false},
	{"not a = 1", "cannot assign to expression", 1, 1, false},
	{"(a, 1) = x", "cannot assign to literal", 1, 5, false},
	{"a, 1 = x", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 4, false},
	{"x = 1 = 2", "cannot assign to literal", 1, 5, false},
	{"1, b = 2", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 4, false},
	{"(1) = 2", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 2, false},
	{"\"a\" = 1", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"f\"a\" = 1", "cannot assign to f-string expression here. Maybe you meant '==' instead of '='?", 1, 1, false},
	{"a, b += 1", "'tuple' is an illegal expression for augmented assignment", 1, 1, false},
	{"1 += 1", "'literal' is an illegal expression for augmented assignment", 1, 1, false},
	{"f() += 1", "'function call' is an illegal expression for augmented assignment", 1, 1, false},
	{"[a] += 1", "'list' is an illegal expression for augmented assignment", 1, 1, false},
	{"a += b = 1", "invalid syntax", 1, 8, false},
	{"del 1", "cannot delete literal", 1, 5, false},
	{"del f()", "cannot delete function call", 1, 5, false},
	{"del a, 1", "cannot delete literal", 1, 8, false},
	{"del *a", "cannot delete starred", 1, 5, false},
	{"del a + b", "cannot delete expression", 1, 5, false},
	{")", "unmatched ')'", 1, 1, false},
	{"x = (1]", "closing parenthesis ']' does not match opening parenthesis '('", 1, 7, false},
	{"(\n]", "closing parenthesis ']' does not match opening parenthesis '(' on line 1", 2, 1, false},
	{"x = [1, 2)", "closing parenthesis ')' does not match opening parenthesis '['", 1, 10, false},
	{"'abc", "unterminated string literal (detected at line 1)", 1, 1, false},
	{"x = \"a\nb\"", "unterminated string literal (detected at line 1)", 1, 5, false},
	{"1abc", "invalid decimal literal", 1, 1, false},
	{"0x", "invalid hexadecimal literal", 1, 2, false},
	{"0b2", "invalid digit '2' in binary literal", 1, 3, false},
	{"1_", "invalid decimal literal", 1, 2, false},
	{"007", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 1, false},
	{"1.5e+", "invalid decimal literal", 1, 5, false},
	{"€", "invalid character '€' (U+20AC)", 1, 1, false},
	{"x = 1 €", "invalid character '€' (U+20AC)", 1, 7, false},
	{"a\x00b", "invalid non-printable character U+0000", 1, 2, false},
	{"\x01", "invalid non-printable character U+0001", 1, 1, false},
	{"x = a\u00a0+ b", "invalid non-printable character U+00A0", 1, 6, false},
	{"$", "invalid syntax", 1, 1, false},
	{"a ! b", "invalid syntax", 1, 3, false},
	{"f\"{}\"", "f-string: empty expression not allowed", 1, 4, false},
	{"f\"{ }\"", "f-string: empty expression not allowed", 1, 5, false},
	{"f\"}\"", "f-string: single '}' is not allowed", 1, 3, false},
	{"f\"{x\"", "f-string: expecting '}'", 1, 5, false},
	{"f\"{x!z}\"", "f-string: invalid conversion character: expected 's', 'r', or 'a'", 1, 6, false},
	{"f\"{x:{y:{z}}}\"", "f-string: expressions nested too deeply", 1, 9, false},
	{"f\"{!r}\"", "f-string: expression required before '!'", 1, 4, false},
	{"f\"{#}\"", "f-string expression part cannot include '#'", 1, 4, false},
	{"f\"{a b}\"", "f-string: invalid syntax. Perhaps you forgot a comma?", 1, 4, false},
	{"f\"{*x}\"", "f-string: cannot use starred expression here", 1, 4, false},
	{"f\"{x)}\"", "f-string: unmatched ')'", 1, 5, false},
	{"f\"{1 +}\"", "f-string: invalid syntax", 1, 7, false},
	{"f(a=1, b)", "positional argument follows keyword argument", 1, 9, false},
	{"f(**a, b)", "positional argument follows keyword argument unpacking", 1, 9, false},
	{"f(**a, *b)", "iterable argument unpacking follows keyword argument unpacking", 1, 8, false},
	{"f(a=1, a=2)", "keyword argument repeated: a", 1, 8, false},
	{"f(a.b=1)", "expression cannot contain assignment, perhaps you meant \"==\"?", 1, 3, false},
	{"f(True=1)", "cannot assign to True", 1, 3, false},
	{"f(*a=1)", "invalid syntax", 1, 5, false},
	{"*a = 1", "starred assignment target must be in a list or tuple", 1, 1, false},
	{"a = *b", "can't use starred expression here", 1, 5, false},
	{"*a", "can't use starred expression here", 1, 1, false},
	{"*a, *b = c", "multiple starred expressions in assignment", 1, 1, false},
	{"(*a)", "cannot use starred expression here", 1, 2, false},
	{"x = (*a)", "cannot use starred expression here", 1, 6, false},
	{"if x\n", "expected ':'", 1, 5, false},
	{"for x in y\n    pass", "expected ':'", 1, 11, false},
	{"if x:\n", "expected an indented block after 'if' statement on line 1", 1, 6, true},
	{"if x:\ny", "expected an indented block after 'if' statement on line 1", 2, 1, false},
	{"def f():\n  return 1\n return 2", "unindent does not match any outer indentation level", 3, 2, false},
	{"return 1", "'return' outside function", 1, 1, false},
	{"break", "'break' outside loop", 1, 1, false},
	{"if x:\n    continue", "'continue' not properly in loop", 2, 5, false},
	{"try:\n    x\ny", "expected 'except' or 'finally' block", 3, 1, false},
	{"def f(a=1, b): pass", "non-default argument follows default argument", 1, 12, false},
	{"def f(a, a): pass", "duplicate argument 'a' in function definition", 1, 10, false},
	{"f(x for x in y, 1)", "Generator expression must be parenthesized", 1, 3, false},
	{"for f() in y: pass", "cannot assign to function call", 1, 5, false},
	{"  x = 1", "unexpected indent", 1, 2, false},
	{"1;;2", "invalid syntax", 1, 3, false},
	{";", "invalid syntax", 1, 1, false},
	{"a not b", "invalid syntax", 1, 7, false},
	{"x = a if b", "expected 'else' after 'if' expression", 1, 5, false},
	{"(a if b c)", "expected 'else' after 'if' expression", 1, 2, false},
	{"(1 2)", "invalid syntax. Perhaps you forgot a comma?", 1, 2, false},
	{"[1 2]", "invalid syntax. Perhaps you forgot a comma?", 1, 2, false},
	{"f(a b)", "invalid syntax. Perhaps you forgot a comma?", 1, 3, false},
	{"a b", "invalid syntax", 1, 3, false},
	{"print \"hi\"", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 1, false},
	{"(x = 1)", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 2, false},
	{"[f() = 1]", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 2, false},
	{"x = 1 2", "invalid syntax", 1, 7, false},
	{"import", "invalid syntax", 1, 7, false},
	{"import a.", "invalid syntax", 1, 10, false},
	{"from a import", "invalid syntax", 1, 14, false},
	{"from a import b,", "trailing comma not allowed without surrounding parentheses", 1, 17, false},
	{"x[]", "invalid syntax", 1, 3, false},
	{"x[1:2:3:4]", "invalid syntax", 1, 8, false},
	{"f(,)", "invalid syntax", 1, 3, false},
	{"f(a,,b)", "invalid syntax", 1, 5, false},
	{"[,]", "invalid syntax", 1, 2, false},
	{"x = -not b", "invalid syntax", 1, 6, false},
	{"a * not b", "invalid syntax", 1, 5, false},
	{"\"\\x4\"", "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \\xXX escape", 1, 2, false},
	{"b\"\\x4\"", "(value error) invalid \\x escape at position 0", 1, 3, false},
	{"\"\\N{DASH}\"", "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-7: unknown Unicode character name", 1, 2, false},
	{"b\"é\"", "bytes can only contain ASCII literal characters", 1, 1, false},
	{"'a' b'c'", "cannot mix bytes and nonbytes literals", 1, 9, false},
	{"x = \\ 1", "unexpected character after line continuation character", 1, 6, false},
	{"x = 1 +  # c", "invalid syntax", 1, 10, false},
	{"(", "'(' was never closed", 1, 1, true},
	{"[", "'[' was never closed", 1, 1, true},
	{"\"\"\"abc", "unterminated triple-quoted string literal (detected at line 1)", 1, 1, true},
	{"x = \\", "unexpected EOF while parsing", 1, 6, true},
	{"f(1,\n2", "'(' was never closed", 1, 2, true},
	{"x = (1 +", "'(' was never closed", 1, 5, true},
	{"{", "'{' was never closed", 1, 1, true},
}

func TestErrors(t *testing.T) {
	for _, tt := range errorTests {
		_, err := Parse(tt.src, 1)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want error %q", tt.src, err, tt.msg)
			continue
		}
		if e.Msg != tt.msg || e.Pos.Line != tt.line || e.Pos.Col != tt.col || e.Incomplete != tt.incomplete {
			t.Errorf("Parse(%q):\n got %d:%d %q (incomplete %v)\nwant %d:%d %q (incomplete %v)",
				tt.src, e.Pos.Line, e.Pos.Col, e.Msg, e.Incomplete, tt.line, tt.col, tt.msg, tt.incomplete)
		}
		checkPos(t, tt.src, 1, e.Pos)
		if Incomplete(tt.src) != tt.incomplete {
			t.Errorf("NeedsMore(%q) = %v", tt.src, !tt.incomplete)
		}
	}
}

func TestIncomplete(t *testing.T) {
	for _, src := range []string{
		"(1,", "[", `"""abc`, "x = \\", "f(1,\n2", "x = (1 +", "x = [1,\n2,\n", "x = f(a,\n  b=", "'''a\nb",
		"x = 1 \\", "f(a=1, b", "print(f'''{x", "if (", "x = {", "if x:", "if x: y", "for x in y:\n  z",
		"try:\n  x", "def f():\n  if x:\n    y\n  return 3", "if x:\n  y\nelse:",
	} {
		if !NeedsMore(src) {
			_, err := Parse(src, 1)
			t.Errorf("NeedsMore(%q) = false (%v)", src, err)
		}
	}
	for _, src := range []string{
		"1 +", "'abc", "x = = (", "x.", "", "# (", "x = 1", "(1, 2)", "\"\"\"a\"\"\"", ")", "(]",
		"x = 1 2 (", "f(a=1, b)", "$ (", "if x", "if x:\n    y\n\n", "x = {1}",
	} {
		if NeedsMore(src) {
			t.Errorf("NeedsMore(%q) = true", src)
		}
	}
}

func TestErrorString(t *testing.T) {
	_, err := Parse("x = = 1", 3)
	if got, want := err.Error(), "3:5: invalid syntax"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestFirstLine(t *testing.T) {
	src := "x = (1 +\n  2) * y"
	stmts, err := Parse(src, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkTree(t, src, 10, stmts)
	y := stmts[0].(*AssignStmt).Value.(*BinaryExpr).Y
	if s, _ := y.Span(); s != (Pos{Offset: 16, Line: 11, Col: 8}) {
		t.Errorf("y starts at %+v", s)
	}
	_, err = Parse("x = 1\n  y", 10)
	var e *Error
	if !errors.As(err, &e) || e.Pos.Line != 11 || e.Msg != "unexpected indent" {
		t.Errorf("got %v", err)
	}
}

func TestSource(t *testing.T) {
	src := "(x + y) * z"
	x, err := ParseExpr(src)
	if err != nil {
		t.Fatal(err)
	}
	b := x.(*BinaryExpr)
	for _, c := range []struct {
		n    Node
		want string
	}{
		{b, "(x + y) * z"},
		{b.X, "(x + y)"},
		{b.X.(*ParenExpr).X, "x + y"},
		{b.Y, "z"},
	} {
		if got := Source(src, c.n); got != c.want {
			t.Errorf("Source(%T) = %q, want %q", c.n, got, c.want)
		}
	}

	src = "w = torch.ones(2, 3)[:, 1:] @ f\"{v.shape!r:>{n}}\"  # done"
	stmts, err := Parse(src, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	walk(stmts[0], func(n Node) {
		if _, ok := n.(Expr); ok {
			got = append(got, Source(src, n))
		}
	})
	want := []string{
		"w", `torch.ones(2, 3)[:, 1:] @ f"{v.shape!r:>{n}}"`, "torch.ones(2, 3)[:, 1:]", "torch.ones(2, 3)",
		"torch.ones", "torch", "2", "3", ":, 1:", ":", "1:", "1", `f"{v.shape!r:>{n}}"`, "v.shape", "v", "n",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sources:\n got %q\nwant %q", got, want)
	}
	if Source(src, nil) != "" || Source("", b) != "" {
		t.Error("Source of nil or out of range is not empty")
	}
}

// TestSpans checks that the source of every sub-expression parses back to
// the same tree (except in assignment targets, whose parentheses are
// dropped).
func TestSpans(t *testing.T) {
	for _, tt := range parseTests {
		stmts, _ := Parse(tt.src, 1)
		for _, s := range stmts {
			var root Node = s
			switch s := s.(type) {
			case *AssignStmt:
				root = s.Value
			case *AugAssignStmt:
				root = s.Value
			case *DelStmt:
				continue
			}
			walk(root, func(n Node) {
				switch n := n.(type) {
				case Stmt, *StarredExpr, *SliceExpr:
					return
				case *TupleExpr:
					// Subscripts: x[1:, *a]
					for _, e := range n.Elems {
						switch e.(type) {
						case *StarredExpr, *SliceExpr:
							return
						}
					}
				}
				text := Source(tt.src, n)
				x, err := ParseExpr(text)
				if err != nil {
					t.Errorf("%q: ParseExpr(%q): %v", tt.src, text, err)
				} else if Dump(x) != Dump(n) {
					t.Errorf("%q: ParseExpr(%q) = %s, want %s", tt.src, text, Dump(x), Dump(n))
				}
			})
		}
	}
}

func TestParseExpr(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"  a + b", "(+ a b)"},
		{"a, b", "(tuple a b)"},
		{"x.shape", "(. x shape)"},
		{"f(x)[0]\n", "(index (call f x) 0)"},
	} {
		x, err := ParseExpr(c.src)
		if err != nil || Dump(x) != c.want {
			t.Errorf("ParseExpr(%q) = %v, %v; want %s", c.src, x, err, c.want)
		}
	}
	for _, src := range []string{"", "x = 1", "*a", "a b", "import x", "pass", "a;"} {
		if x, err := ParseExpr(src); err == nil {
			t.Errorf("ParseExpr(%q) = %s, want error", src, Dump(x))
		}
	}
}

// TestLongInputs checks that huge or deeply nested inputs fail (or parse)
// quickly rather than exhausting the stack or memory.
func TestLongInputs(t *testing.T) {
	const mb = 1 << 20
	for name, src := range map[string]string{
		"nested":     strings.Repeat("(", 10000) + strings.Repeat(")", 10000),
		"nestedOpen": strings.Repeat("[", 10000),
		"plus":       strings.Repeat("1+", 5*mb) + "1",
		"plusDeep":   strings.Repeat("1+", 50000) + "1",
		"list":       "[" + strings.Repeat("1,", 5*mb) + "]",
		"list100k":   "[" + strings.Repeat("1,", 100000) + "]",
		"string":     `"` + strings.Repeat("a", 10*mb) + `"`,
		"escapes":    `"` + strings.Repeat(`\n`, 5*mb) + `"`,
		"name":       strings.Repeat("x", 10*mb),
		"comment":    "#" + strings.Repeat("x", 10*mb),
		"not":        strings.Repeat("not ", 2*mb) + "x",
		"neg":        strings.Repeat("-", 10*mb) + "x",
		"pow":        strings.Repeat("2**", 3*mb) + "2",
		"attr":       "x" + strings.Repeat(".a", 5*mb),
		"call":       "f" + strings.Repeat("()", 5*mb),
		"cond":       strings.Repeat("a if b else ", mb) + "c",
		"fstring":    `f"` + strings.Repeat("{x}", 3*mb) + `"`,
		"lines":      strings.Repeat("x\n", 5*mb),
		"invalid":    strings.Repeat("\xff", 10*mb),
		"nul":        strings.Repeat("\x00", 10*mb),
		"fnested":    `f'{f"{f'''{x}'''}"}'` + strings.Repeat(" ", 10*mb),
	} {
		start := time.Now()
		_, err := Parse(src, 1)
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Errorf("%s: error %T", name, err)
		}
		if e != nil {
			checkPos(t, src, 1, e.Pos)
		}
	}
	_, err := Parse(strings.Repeat("(", 201), 1)
	if err == nil || err.(*Error).Msg != "too many nested parentheses" || err.(*Error).Pos.Col != 201 {
		t.Errorf("201 brackets: %v", err)
	}
	if _, err := Parse(strings.Repeat("(", 200)+strings.Repeat(")", 200), 1); err != nil {
		t.Errorf("200 brackets: %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	done := make(chan string)
	for i := 0; i < 8; i++ {
		go func(i int) {
			src := fmt.Sprintf("x%d = f(%d, *a)[1:] + g(k=%d)", i, i, i)
			want := fmt.Sprintf("(= x%d (+ (index (call f %d (* a)) (slice 1 _ _)) (call g (kw k %d))))", i, i, i)
			for j := 0; j < 200; j++ {
				stmts, err := Parse(src, 1)
				if err != nil || Dump(stmts[0]) != want {
					done <- fmt.Sprintf("%s: %v", src, err)
					return
				}
			}
			done <- ""
		}(i)
	}
	for i := 0; i < 8; i++ {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for _, src := range []string{
		"y = torch.randn(3, 4) @ w + b",
		`print(f"{x.shape} {v:.3f}")`,
		"x[0, 1:] = torch.where(mask, a, -b ** 2) if c else None",
	} {
		b.Run(src, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				// parse, not Parse: Parse would remember the input.
				if _, err := parse(src, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// ---- Helpers ----

// checkPos checks that p is a position of src (or just past its end)
// whose line and column agree with its offset.
func checkPos(t *testing.T, src string, firstLine int, p Pos) {
	t.Helper()
	if p.Offset < 0 || p.Offset > len(src) {
		t.Errorf("%.40q: offset %d out of range", src, p.Offset)
		return
	}
	line, col := firstLine, 1
	for i := 0; i < p.Offset; {
		r, n := utf8.DecodeRuneInString(src[i:])
		switch {
		case r == '\n':
			line, col = line+1, 1
		case r == '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				n = 2
			}
			line, col = line+1, 1
		default:
			col++
		}
		i += n
	}
	if p.Line != line || p.Col != col {
		t.Errorf("%.40q: position %d:%d at offset %d, want %d:%d", src, p.Line, p.Col, p.Offset, line, col)
	}
}

// checkTree checks the spans of every node of a tree.
func checkTree(t *testing.T, src string, firstLine int, stmts []Stmt) {
	t.Helper()
	for _, s := range stmts {
		walk(s, func(n Node) {
			start, end := n.Span()
			checkPos(t, src, firstLine, start)
			checkPos(t, src, firstLine, end)
			if start.Offset > end.Offset {
				t.Errorf("%q: %T spans %v-%v", src, n, start, end)
			}
		})
	}
}

// walk calls f for n and its descendants, in source order.
func walk(n Node, f func(Node)) {
	f(n)
	exprs := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				walk(e, f)
			}
		}
	}
	switch n := n.(type) {
	case *ExprStmt:
		exprs(n.X)
	case *AssignStmt:
		exprs(n.Targets...)
		exprs(n.Value)
	case *AugAssignStmt:
		exprs(n.Target, n.Value)
	case *DelStmt:
		exprs(n.Targets...)
	case *ListExpr:
		exprs(n.Elems...)
	case *TupleExpr:
		exprs(n.Elems...)
	case *ParenExpr:
		exprs(n.X)
	case *UnaryExpr:
		exprs(n.X)
	case *BinaryExpr:
		exprs(n.X, n.Y)
	case *CompareExpr:
		exprs(n.Operands...)
	case *CondExpr:
		exprs(n.Then, n.Cond, n.Else)
	case *CallExpr:
		exprs(n.Fn)
		for _, a := range n.Args {
			exprs(a.Value)
		}
	case *AttrExpr:
		exprs(n.X)
	case *IndexExpr:
		exprs(n.X, n.Index)
	case *SliceExpr:
		exprs(n.Lo, n.Hi, n.Step)
	case *StarredExpr:
		exprs(n.X)
	case *FString:
		for _, p := range n.Parts {
			exprs(p.Expr)
			if p.Spec != nil {
				for _, q := range p.Spec.Parts {
					exprs(q.Expr)
				}
			}
		}
	}
}
