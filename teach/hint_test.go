package teach

import (
	"github.com/tensh/tensh/eval"

	"bytes"
	"strings"
	"testing"
)

// execHint runs the lines in a session with hints on and returns the hint
// of the last line's exception.
func execHint(t *testing.T, lines ...string) (exc *eval.Exception, hint string) {
	t.Helper()
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Hints: true})
	for i, l := range lines {
		e := s.Exec(l, 1)
		if i < len(lines)-1 && e != nil {
			t.Fatalf("%s: %v", l, e)
		}
		exc = e
	}
	if exc == nil {
		t.Fatalf("%s: no error", lines[len(lines)-1])
	}
	return exc, Hint(s, exc)
}

func TestHintBroadcast(t *testing.T) {
	e, h := execHint(t, "x = torch.empty(5,2,4,1)", "y = torch.empty(3,1,1)", "(x+y).size()")
	if !strings.Contains(e.Msg, "non-singleton dimension 1") {
		t.Fatalf("unexpected error %v", e)
	}
	want := "x+y: x is [5, 2, 4, 1], y is [3, 1, 1]; result dim 1: 2 vs 3"
	if h != want {
		t.Errorf("hint %q, want %q", h, want)
	}
}

func TestHintNestedOperand(t *testing.T) {
	_, h := execHint(t, "a = torch.empty(3)", "b = torch.empty(4)", "c = a + (a + b)")
	want := "a + b: a is [3], b is [4]; result dim 0: 3 vs 4"
	if h != want {
		t.Errorf("hint %q, want %q", h, want)
	}
}

func TestHintOffAndUnrelated(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	s.Exec("x = torch.empty(2); y = torch.empty(3)", 1)
	e := s.Exec("x + y", 1)
	if e == nil || Hint(s, e) != "" {
		t.Fatalf("hints are off: got %q", Hint(s, e))
	}
	if CauseOf(s, e) == "" {
		t.Errorf("CauseOf should explain the error whether or not hints are on")
	}
	s.SetHints(true)
	if Hint(s, e) == "" {
		t.Errorf("no hint after SetHints(true)")
	}
	// an error with no tensor operation has no hint
	e = s.Exec("zz", 1)
	if h := Hint(s, e); h != "" {
		t.Errorf("NameError hint %q", h)
	}
	// the hint belongs to the last exception only
	e1 := s.Exec("x + y", 1)
	s.Exec("1", 1)
	e2 := s.Exec("zz", 1)
	if Hint(s, e1) != "" || Hint(s, e2) != "" {
		t.Errorf("stale hint")
	}
}

// Hints never appear in transcript output (--echo, check).
func TestHintsNeverInEcho(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Hints: true})
	s.RunEcho(">>> x = torch.empty(5,2,4,1)\n>>> y = torch.empty(3,1,1)\n>>> x + y\n>>> %hints on\n>>> x + y\n")
	got := out.String()
	want := ">>> x = torch.empty(5,2,4,1)\n>>> y = torch.empty(3,1,1)\n>>> x + y\n" +
		"RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1\n" +
		">>> %hints on\n>>> x + y\n" +
		"RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1\n"
	if got != want {
		t.Errorf("echo output:\n%s\nwant:\n%s", got, want)
	}
}

// Hints never appear in what check compares, even when the options (or
// %hints on) turn them on.
func TestHintsNeverInCheck(t *testing.T) {
	src := ">>> %hints on\n>>> x = torch.empty(5,2,4,1)\n>>> y = torch.empty(3,1,1)\n>>> x + y\n" +
		"RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1\n"
	for _, r := range eval.Check(eval.ParseTranscript("hints.tsh", src), eval.Options{Hints: true}) {
		if !r.OK {
			t.Errorf("statement %d: got %q", r.N, r.Got)
		}
	}
}
