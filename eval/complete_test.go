package eval

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

func TestComplete(t *testing.T) {
	s := NewSession(Options{})
	x := tensor.Empty([]int{2, 3}, tensor.Float32)
	s.Globals()["xs"] = x
	s.Globals()["xylophone"] = MakeInt(1)
	s.Globals()["_hidden"] = MakeInt(1)

	cases := []struct {
		line string
		pos  int // -1: end of line
		want func(got []string) bool
		desc string
	}{
		{"xs", -1, eq("xs"), "variable"},
		{"x", -1, has("xs", "xylophone"), "variables by prefix"},
		{"pri", -1, eq("print"), "builtin"},
		{"Tr", -1, eq("True"), "keyword"},
		{"y = 1 if x el", -1, eq("else"), "keyword after other text"},
		{"_h", -1, eq("_hidden"), "underscore names when asked for"},
		{"", -1, func(g []string) bool { return !slices.Contains(g, "_hidden") && slices.Contains(g, "torch") }, "no underscore names by default"},
		{"torch.Si", -1, eq("Size"), "torch members"},
		{"torch.fl", -1, has("float", "float32", "float64"), "torch dtypes"},
		{"torch.utils.backcompat.broadcast_warning.en", -1, eq("enabled"), "dotted module path"},
		{"xs.sh", -1, eq("shape", "short"), "tensor property and method"},
		{"xs.siz", -1, eq("size"), "tensor method"},
		{"(xs + 1).si", -1, none, "no evaluation of expressions"},
		{"f(xs).si", -1, none, "no calls"},
		{"xs[0].si", -1, none, "no subscripts"},
		{"nosuch.a", -1, none, "unknown receiver"},
		{"1.", -1, none, "a number is not a receiver"},
		{"%com", -1, eq("compat"), "magic"},
		{"xs.siz + torch", 6, eq("size"), "completion at the cursor, not the end"},
	}
	for _, c := range cases {
		pos := c.pos
		if pos < 0 {
			pos = len(c.line)
		}
		got := s.Complete(c.line, pos)
		if !c.want(got) {
			t.Errorf("%s: Complete(%q, %d) = %q", c.desc, c.line, pos, got)
		}
	}
	if got := WordStart("a = torch.ad", 12); got != 10 {
		t.Errorf("WordStart = %d, want 10", got)
	}
}

func eq(want ...string) func([]string) bool {
	return func(got []string) bool { return reflect.DeepEqual(got, want) }
}

func has(want ...string) func([]string) bool {
	return func(got []string) bool {
		for _, w := range want {
			if !slices.Contains(got, w) {
				return false
			}
		}
		return slices.IsSorted(got)
	}
}

func none(got []string) bool { return len(got) == 0 }
