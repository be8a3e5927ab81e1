package eval

import "testing"

func TestDictKeysEqualNumbers(t *testing.T) {
	d := NewDict()
	d.SetItem(MakeInt(1), Str("a"))
	d.SetItem(Float(1), Str("b"))
	d.SetItem(Bool(true), Str("c"))
	d.SetItem(Tuple{MakeInt(1), Str("x")}, Str("t"))
	if d.Len() != 2 {
		t.Fatalf("len %d, want 2", d.Len())
	}
	if v, ok := d.Get(Tuple{Float(1), Str("x")}); !ok || v != Str("t") {
		t.Fatalf("tuple key: %v %v", v, ok)
	}
	if v, _ := d.Get(MakeInt(1)); v != Str("c") {
		t.Fatalf("d[1] = %v, want 'c'", v)
	}
	if !d.Delete(MakeInt(1)) || d.Len() != 1 {
		t.Fatal("delete")
	}
	if _, ok := d.Get(Tuple{MakeInt(1), Str("x")}); !ok {
		t.Fatal("index not rebuilt after delete")
	}
	s := NewSet()
	s.Add(MakeInt(2))
	s.Add(Float(2))
	if s.Len() != 1 || s.Has(Bool(false)) || !s.Has(MakeInt(2)) {
		t.Fatal("set")
	}
	defer func() {
		if e, ok := recover().(*Exception); !ok || e.Msg != "unhashable type: 'list'" {
			t.Fatalf("unhashable: %v", e)
		}
	}()
	d.SetItem(&List{}, None)
}
