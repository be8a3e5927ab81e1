package torch

import (
	"testing"

	"github.com/tensh/tensh/eval"
)

// TestHashBytes checks hashBytes against libstdc++'s std::_Hash_bytes
// (the values its shared library gives with std::hash<std::string>'s seed).
func TestHashBytes(t *testing.T) {
	for _, c := range []struct {
		s    string
		want uint64
	}{
		{"", 0x553e93901e462a6e},
		{"a", 0x454ddee488c1ed6b},
		{"out", 0x688f4691f5f908d},
		{"keepdim", 0x5e90416989ca3738},
		{"rounding_mode", 0x43c627185476ea98},
		{"k15", 0x21f18bb36d4e0584},
		{"dim0", 0xa6ea652c23558794},
	} {
		if got := hashBytes(c.s, 0xc70f6907); got != c.want {
			t.Errorf("hashBytes(%q) = %#x, want %#x", c.s, got, c.want)
		}
	}
}

// TestKwargsOrder checks the unordered_map order of keywords that
// PyTorch 1.13 prints (numpy's std passes axis, dtype, out, ddof).
func TestKwargsOrder(t *testing.T) {
	a := &eval.Args{Kw: []eval.KwArg{{Name: "axis", Value: eval.None}, {Name: "dtype", Value: eval.None}, {Name: "out", Value: eval.None}, {Name: "ddof", Value: eval.MakeInt(0)}}}
	var names []string
	for _, kw := range kwargsOrder(a) {
		names = append(names, kw.Name)
	}
	if got := eval.Sprintf("%v", names); got != "[ddof dtype out axis]" {
		t.Errorf("kwargsOrder = %s, want [ddof dtype out axis]", got)
	}
}
