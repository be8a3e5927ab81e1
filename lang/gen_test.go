package lang

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestGen(t *testing.T) {
	if os.Getenv("GEN") == "" {
		t.Skip()
	}
	srcs := []string{
		"-2**2", "2**-1", "a-b-c", "2**3**2", "a < b < c", "not a == b", "a if b else c if d else e",
		"x[1:2, ::3, None, ...]", "f(a, *b, k=1, **d)", "a.b[c](d)",
		`f"{x.shape} {v:.3f}"`, `f"{x!r:>10}"`, `f"{{a}} {b}"`, `f"{v:{w}.{p}f}"`, `f"{x=}"`, `f"{ x = !s}"`, `f"{'nested'}"`, `f"{a[1:2]}"`, `"a" f"{b}" "c"`, `f"{x:}"`, `f"{x,y}"`, `rf"\d{x}"`,
		"1.", ".5", "1e-3", "2.5e10", "1_0.5", "1.e3", "0x10", "0o17", "0b101", "1_000", "9223372036854775807", "9223372036854775808", "0x_FFFF_FFFF_FFFF_FFFF_FF", "00", "1e400",
		`"a\nb\t\\\'\"\x41\u00e9\0\101\U0001F600"`, `'unknown \q escape'`, `r"raw\n"`, `b"\xff\x00"`, "'''tri\nple'''", `"a" 'b' """c"""`, "\"line\\\ncont\"",
		"True, False, None, ...", "[a, b,]", "(a,)", "()", "(a)", "[]", "[*a, *b]",
		"x = 1, 2", "x = y = 1", "torch.utils.backcompat.broadcast_warning.enabled = True", "x[0, 1:] = 5", "y[mask] = 0", "a, b = e", "(c, d), e = (3, 4), 5", "[a, *b] = c", "x = *a, b",
		"x += 1", "x **= 2", "x @= w", "x >>= 1", "x.y[0] //= 2", "x |= 1, 2",
		"del a, b[0]", "del (a, b)", "del a,",
		"import torch", "import numpy as np", "import torch.nn as nn", "import a, b.c as d", "from torch import *", "from torch import a, b", "from torch import (a as b, c,)", "from . import x", "from ..a.b import c",
		"pass", "a; b = 1; c;", "x = 1 + \\\n 2", "f(1,\n  2)", "x = [\n  1,  # one\n  2,\n]", "x = 1\ny = 2", "# just a comment", "", "   ", "x = 1  # comment",
		"a or b and not c", "a or b or c", "a | b ^ c & d << e + f * g", "-a ** -b", "~x @ y", "a is not b not in c", "not not a", "x = -1", "f()(g)[h].i",
		"x[:]", "x[::-1]", "x[a:b:c]", "x[*a]", "x[()]", "x[a,]", "print(*args, sep='')", "f(a)(b=1)", "2 ** -3 ** 2", "a + b * c - d / e // f % g @ h",
		"a < b == c != d > e <= f >= g is h in i", "a and b and c", "(a, b)", "((a))", "x.y.z",
	}
	for _, s := range srcs {
		stmts, err := Parse(s, 1)
		if err != nil {
			fmt.Printf("\t{%q, ERR %v},\n", s, err)
			continue
		}
		var out []string
		for _, st := range stmts {
			out = append(out, Dump(st))
		}
		fmt.Printf("\t{%q, %q},\n", s, strings.Join(out, " "))
	}
}
