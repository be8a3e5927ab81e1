package eval

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestInterruptedInPlaceIsWhole (issue 16, item 5): Ctrl-C during an
// operation that writes into an existing tensor lets the write finish,
// then raises KeyboardInterrupt: the tensor is never left half old, half
// new.
func TestInterruptedInPlaceIsWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("long statements")
	}
	for _, stmt := range []string{
		"x.add_(1)",
		"x.sin_()",
		"x.copy_(x.flip(0) + 1)",
		"x.random_(5, 6)",
		"x.fill_(2)",
		"x.clamp_(min=0.75)",
		"x.add_(x.flip(0))",
		"x.exp_()",
		"torch.sin(x, out=x)",
		"x += x.sin()",
		"x[:] = x.cos()",
		"x.mul_(2).sin_()",
	} {
		var out bytes.Buffer
		s := NewSession(Options{Out: &out})
		if e := s.Exec("x = torch.full((40000000,), 0.5)", 1); e != nil {
			t.Fatal(e)
		}
		tensor.ClearInterrupt()
		timer := time.AfterFunc(5*time.Millisecond, tensor.Interrupt)
		e := s.Exec(stmt, 1)
		timer.Stop()
		tensor.ClearInterrupt()
		if e != nil && !e.Interrupt() {
			t.Fatalf("%s: %v", stmt, e)
		}
		// Every element changed the same way: one value throughout.
		out.Reset()
		if e := s.Exec("(x == x[0]).all().item()", 1); e != nil {
			t.Fatal(e)
		}
		// Whole, or (on a machine too busy to finish within
		// tensor.HoldGrace) said to be partial.
		if got := strings.TrimSpace(out.String()); got != "True" && (e == nil || !strings.Contains(e.Msg, "partly updated")) {
			t.Errorf("%s interrupted (%v): %s", stmt, e, got)
		}
	}
}

// TestInterruptedHugeWrite: a write that would run for hours (filling a
// view of 2**40 elements) still stops, HoldGrace after Ctrl-C, and says
// that its tensor is partly updated.
func TestInterruptedHugeWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("long statements")
	}
	for _, stmt := range []string{"x[...] = 1", "x[::2] = 2"} {
		s := NewSession(Options{})
		if e := s.Exec("x = torch.zeros(1).expand(2**40)", 1); e != nil {
			t.Fatal(e)
		}
		tensor.ClearInterrupt()
		timer := time.AfterFunc(50*time.Millisecond, tensor.Interrupt)
		start := time.Now()
		e := s.Exec(stmt, 1)
		took := time.Since(start)
		timer.Stop()
		tensor.ClearInterrupt()
		want := "KeyboardInterrupt: Ctrl-C stopped an in-place operation part-way: the tensor it writes is partly updated"
		if e == nil || e.Error() != want || took > tensor.HoldGrace+2*time.Second {
			t.Errorf("%s: %v after %v, want %s", stmt, e, took, want)
		}
	}
}
