package tensor

import "testing"

// TestViewDTypeSharesMemory: a dtype view reads and writes the same
// bytes, and counts as the same storage for identity, overlap and
// data_ptr.
func TestViewDTypeSharesMemory(t *testing.T) {
	x := Full([]int{3, 4}, IntS(1), Int64)
	y := x.ViewDType(Int32)
	if got := y.Shape(); got[0] != 3 || got[1] != 8 {
		t.Fatalf("shape %v, want [3 8]", got)
	}
	y.st.Set(2, IntS(5)) // the low half of x[0, 1] (little endian)
	if got := x.st.Get(1).I; got != 5 {
		t.Errorf("x[0, 1] = %d after writing through the view, want 5", got)
	}
	if !SameStorage(x.st, y.st) || x.DataPtr() != y.DataPtr() {
		t.Errorf("not the same storage")
	}
	if s := GetOverlapStatus(x, y); s != StatusPartial { // the same bytes, other strides (as ATen)
		t.Errorf("overlap status %v, want partial", s)
	}
	z := y.ViewDType(Float64) // back to 8 bytes, from a view
	if !SameStorage(x.st, z.st) || z.st.Len() != 12 {
		t.Errorf("view of a view: same %v, len %d", SameStorage(x.st, z.st), z.st.Len())
	}
	odd := Full([]int{3}, IntS(1), Int32).ViewDType(Int16)
	if odd.st.Len() != 6 || odd.Shape()[0] != 6 {
		t.Errorf("int32 as int16: storage %d, shape %v", odd.st.Len(), odd.Shape())
	}
}
