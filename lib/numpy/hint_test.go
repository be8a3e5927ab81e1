package numpy_test

import (
	"bytes"
	"testing"

	"github.com/tensh/tensh/eval"
)

// The REPL's hint line after NumPy's broadcast error names the shapes and
// the clashing dimension, as it does for tensors.
func TestHintBroadcast(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Hints: true})
	for _, l := range []string{"import numpy as np", "x = np.ones((5, 2, 4, 1))", "y = np.ones((3, 1, 1))"} {
		if e := s.Exec(l, 1); e != nil {
			t.Fatal(e)
		}
	}
	e := s.Exec("x + y", 1)
	if e == nil {
		t.Fatal("no error")
	}
	want := "x + y: x is [5, 2, 4, 1], y is [3, 1, 1]; result dim 1: 2 vs 3"
	if h := s.Hint(e); h != want {
		t.Errorf("hint %q, want %q", h, want)
	}
}
