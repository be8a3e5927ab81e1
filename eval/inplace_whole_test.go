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
		if got := strings.TrimSpace(out.String()); got != "True" {
			t.Errorf("%s interrupted (%v): %s", stmt, e, got)
		}
	}
}
