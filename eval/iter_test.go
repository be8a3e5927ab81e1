package eval

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// collect drains Iterate(v) as reprs.
func collect(t *testing.T, v Value) string {
	t.Helper()
	var parts []string
	it := Iterate(v)
	for {
		x, ok := it.Next()
		if !ok {
			break
		}
		parts = append(parts, Repr(x))
	}
	if _, ok := it.Next(); ok {
		t.Errorf("%s: Next after the end yielded an item", Repr(v))
	}
	return strings.Join(parts, " ")
}

func TestIterate(t *testing.T) {
	d := NewDict()
	d.SetItem(Str("a"), MakeInt(1))
	d.SetItem(MakeInt(2), Str("b"))
	s := NewSet()
	for _, n := range []int64{33, 1, 8, 2} {
		s.Add(MakeInt(n))
	}
	cases := []struct {
		v    Value
		want string
	}{
		{&List{Elems: []Value{MakeInt(1), Str("x")}}, "1 'x'"},
		{Tuple{None, Bool(true)}, "None True"},
		{Range{Start: 5, Stop: -5, Step: -3}, "5 2 -1 -4"},
		{Range{Start: 0, Stop: 0, Step: 1}, ""},
		{Str("héllo"), "'h' 'é' 'l' 'l' 'o'"},
		{Size{2, 3}, "2 3"},
		{d, "'a' 2"},
		{&DictView{d, dictValues}, "1 'b'"},
		{&DictView{d, dictItems}, "('a', 1) (2, 'b')"},
		{s, "8 33 2 1"}, // CPython prints {8, 33, 2, 1} after adding 33, 1, 8, 2
		{tensor.Arange(tensor.IntS(0), tensor.IntS(3), tensor.IntS(1), tensor.Int64), "tensor(0) tensor(1) tensor(2)"},
	}
	for _, c := range cases {
		if got := collect(t, c.v); got != c.want {
			t.Errorf("iterate %s = %q, want %q", Repr(c.v), got, c.want)
		}
	}
}

func TestIterateErrors(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want string
	}{
		{MakeInt(5), "TypeError: 'int' object is not iterable"},
		{None, "TypeError: 'NoneType' object is not iterable"},
		{tensor.Full(nil, tensor.FloatS(1), tensor.Float32), "TypeError: iteration over a 0-d tensor"},
	} {
		if got := catch(func() { Iterate(c.v) }); got != c.want {
			t.Errorf("Iterate(%s): %q, want %q", Repr(c.v), got, c.want)
		}
	}
	// A dict that changes size during a loop stops it, as in Python.
	d := NewDict()
	d.SetItem(MakeInt(1), None)
	it := Iterate(d)
	it.Next()
	d.SetItem(MakeInt(2), None)
	if got := catch(func() { it.Next() }); got != "RuntimeError: dictionary changed size during iteration" {
		t.Errorf("dict changed during iteration: %q", got)
	}
}

// catch runs f and returns the Python exception it raised, as printed.
func catch(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Exception); ok {
				msg = e.Error()
				return
			}
			panic(r)
		}
	}()
	f()
	return ""
}

// A list iterator reads the list as it grows; an IterValue is consumed
// once, and stays exhausted.
func TestIterValue(t *testing.T) {
	l := &List{Elems: []Value{MakeInt(1)}}
	it := NewIterValue("list_iterator", Iterate(l))
	x, _ := it.Next()
	l.Elems = append(l.Elems, MakeInt(2))
	y, ok := it.Next()
	if Repr(x) != "1" || !ok || Repr(y) != "2" {
		t.Fatalf("list iterator: %v %v %v", x, y, ok)
	}
	if _, ok := it.Next(); ok {
		t.Fatal("exhausted list iterator yielded")
	}
	l.Elems = append(l.Elems, MakeInt(3))
	if _, ok := it.Next(); ok {
		t.Fatal("an exhausted iterator must stay exhausted")
	}
	if Iterate(it) != Iterator(it) {
		t.Error("iter(iterator) must be the iterator itself")
	}
	if !regexp.MustCompile(`^<list_iterator object at 0x[0-9a-f]+>$`).MatchString(Repr(it)) {
		t.Errorf("repr %q", Repr(it))
	}
	n := 0
	gen := NewIterValue("generator", IterFunc(func() (Value, bool) {
		n++
		return MakeInt(int64(n)), n <= 2
	}))
	if got := collect(t, gen); got != "1 2" {
		t.Errorf("IterFunc: %q", got)
	}
	if TypeName(gen) != "generator" {
		t.Errorf("TypeName %q", TypeName(gen))
	}
}

// The iterator objects print as CPython prints them.
func TestIteratorReprs(t *testing.T) {
	var out strings.Builder
	s := NewSession(Options{Out: &out})
	for _, src := range []string{"zip([1], [2])", "map(str, [1])", "filter(None, [])", "enumerate([])",
		"iter([])", "iter(())", "iter('ab')", "iter(range(3))", "reversed([1])", "reversed((1,))",
		"iter(dict())", "iter(set())", "iter(dict().items())", "reversed(dict())"} {
		out.Reset()
		if e := s.Exec(src, 1); e != nil {
			t.Fatalf("%s: %v", src, e)
		}
		name := map[string]string{"zip([1], [2])": "zip", "map(str, [1])": "map", "filter(None, [])": "filter",
			"enumerate([])": "enumerate", "iter([])": "list_iterator", "iter(())": "tuple_iterator",
			"iter('ab')": "str_ascii_iterator", "iter(range(3))": "range_iterator", "reversed([1])": "list_reverseiterator",
			"reversed((1,))": "reversed", "iter(dict())": "dict_keyiterator", "iter(set())": "set_iterator",
			"iter(dict().items())": "dict_itemiterator", "reversed(dict())": "dict_reversekeyiterator"}[src]
		if !regexp.MustCompile(`^<` + name + ` object at 0x[0-9a-f]+>\n$`).MatchString(out.String()) {
			t.Errorf("%s printed %q", src, out.String())
		}
	}
}
