package eval

import "testing"

func TestDisplays(t *testing.T) {
	d := NewDict()
	d.SetItem(MakeInt(1), Str("a"))
	m := NewDict()
	m.SetItem(Float(1), Str("b"))
	m.SetItem(Str("k"), None)
	DictDisplayMerge(d, m)
	if got := Repr(d); got != "{1: 'b', 'k': None}" {
		t.Errorf("{1: 'a', **m} = %s", got)
	}
	if got := catch(func() { DictDisplayMerge(d, MakeInt(1)) }); got != "TypeError: 'int' object is not a mapping" {
		t.Errorf("{**1}: %q", got)
	}
	if got := Repr(SetDisplay([]Value{MakeInt(3), MakeInt(1), MakeInt(2), Bool(true)})); got != "{1, 2, 3}" {
		t.Errorf("{3, 1, 2, True} = %s", got)
	}
	if got := catch(func() { SetDisplay([]Value{&List{}}) }); got != "TypeError: unhashable type: 'list'" {
		t.Errorf("{[]}: %q", got)
	}
}
