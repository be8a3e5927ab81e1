package lang

import (
	"fmt"
	"os"
	"testing"
)

func TestGen2(t *testing.T) {
	if os.Getenv("GEN") == "" {
		t.Skip()
	}
	srcs := []string{
		"1 +", "x = = 1", "1 = x", "f(x) = 1", "3 +* 4", "x.", "None = 1", "True = 1", "... = 1", "x + 1 = 2", "a < b = 1", "-a = 1",
		"a if b else c = 1", "not a = 1", "(a, 1) = x", "a, 1 = x", "x = 1 = 2", "1, b = 2", "(1) = 2", "\"a\" = 1", "f\"a\" = 1",
		"a, b += 1", "1 += 1", "f() += 1", "[a] += 1", "a += b = 1",
		"del 1", "del f()", "del a, 1", "del *a", "del a + b",
		")", "x = (1]", "(\n]", "x = [1, 2)", "'abc", "x = \"a\nb\"", "1abc", "0x", "0b2", "1_", "007", "1.5e+",
		"€", "x = 1 €", "a\x00b", "\x01", "x = a\u00a0+ b", "$", "a ! b",
		"f\"{}\"", "f\"{ }\"", "f\"}\"", "f\"{x\"", "f\"{x!z}\"", "f\"{x:{y:{z}}}\"", "f\"{!r}\"", "f\"{#}\"", "f\"{a b}\"", "f\"{*x}\"", "f\"{x)}\"", "f\"{1 +}\"",
		"f(a=1, b)", "f(**a, b)", "f(**a, *b)", "f(a=1, a=2)", "f(a.b=1)", "f(True=1)", "f(*a=1)",
		"*a = 1", "a = *b", "*a", "*a, *b = c", "(*a)", "x = (*a)",
		"if x: pass", "for x in y: pass", "  x = 1", "1;;2", ";", "a not b", "x = a if b", "(a if b c)", "(1 2)", "[1 2]", "f(a b)", "a b", "print \"hi\"", "(x = 1)", "[f() = 1]",
		"x = 1 2", "import", "import a.", "from a import", "from a import b,", "x[]", "x[1:2:3:4]", "f(,)", "f(a,,b)", "[,]", "x = -not b", "a * not b",
		"\"\\x4\"", "b\"\\x4\"", "\"\\N{DASH}\"", "b\"é\"", "'a' b'c'", "1j", "x = \\ 1", "x = 1 +  # c",
		"(" , "[", "\"\"\"abc", "x = \\", "f(1,\n2", "x = (1 +", "{",
	}
	for _, s := range srcs {
		_, err := Parse(s, 1)
		if err == nil {
			fmt.Printf("\t{%q, OK},\n", s)
			continue
		}
		e := err.(*Error)
		inc := ""
		if e.Incomplete {
			inc = ", true"
		}
		fmt.Printf("\t{%q, %q, %d, %d%s},\n", s, e.Msg, e.Pos.Line, e.Pos.Col, inc)
	}
}
