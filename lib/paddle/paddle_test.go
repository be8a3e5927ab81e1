package paddle

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/eval"
)

// shapesBroadcast is NumPy's rule, written independently of the package.
func shapesBroadcast(x, y []int) ([]int, bool) {
	n := max(len(x), len(y))
	out := make([]int, n)
	for i := range out {
		a, b := 1, 1
		if j := i - (n - len(x)); j >= 0 {
			a = x[j]
		}
		if j := i - (n - len(y)); j >= 0 {
			b = y[j]
		}
		switch {
		case a == b || b == 1:
			out[i] = a
		case a == 1:
			out[i] = b
		default:
			return nil, false
		}
	}
	return out, true
}

// raises reports whether f raised a Python exception.
func raises(f func()) (raised bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*eval.Exception); !ok {
				panic(r)
			}
			raised = true
		}
	}()
	f()
	return false
}

// Paddle's axis rule against NumPy's: axis=-1 is NumPy's trailing
// alignment, and axis=k is NumPy's rule after giving y (the smaller
// operand) trailing 1s so that it ends where x's dim k+len(y)-1 is.
func TestAxisRuleAgainstNumPy(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	randShape := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = []int{1, 1, 2, 3}[r.Intn(4)]
		}
		return s
	}
	for k := 0; k < 5000; k++ {
		x := randShape(1 + r.Intn(4))
		y := randShape(1 + r.Intn(len(x)))
		axis := -1
		if r.Intn(2) == 0 {
			axis = r.Intn(len(x) - len(y) + 1)
		}
		yy := append([]int{}, y...)
		if axis >= 0 {
			for i := axis + len(y); i < len(x); i++ {
				yy = append(yy, 1)
			}
		}
		want, ok := shapesBroadcast(x, yy)
		var got []int
		failed := raises(func() { _, _, got = pdBroadcast(x, y, axis, false) })
		if failed != !ok {
			t.Fatalf("x %v y %v axis %d: paddle raised=%v, numpy broadcastable=%v", x, y, axis, failed, ok)
		}
		if ok && len(got) != len(want) {
			t.Fatalf("x %v y %v axis %d: %v, want %v", x, y, axis, got, want)
		}
		for i := range want {
			if ok && got[i] != want[i] {
				t.Fatalf("x %v y %v axis %d: %v, want %v", x, y, axis, got, want)
			}
		}
	}
}
