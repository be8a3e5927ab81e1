package teach

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tensh/tensh/eval"
)

// TestGraphDeep (issue 27 item 6): %graph of a 30,000-deep graph is drawn
// in time and text linear in its size (it built a string quadratic in
// the depth and aborted): the indent stops growing, at most
// maxGraphNodes nodes are drawn, and the rest are counted.
func TestGraphDeep(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	for _, src := range []string{"w = torch.ones(2, requires_grad=True)", "y = w * 1", "for _ in range(30000): y = y * 1\n"} {
		if e := s.Exec(src, 1); e != nil {
			t.Fatal(e)
		}
	}
	start := time.Now()
	g := Graph(s, "y")
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%%graph of a 30,000-deep graph took %v", d)
	}
	lines := strings.Split(strings.TrimSuffix(g, "\n"), "\n")
	if len(g) > 400*maxGraphNodes || len(lines) != maxGraphNodes+3 {
		t.Fatalf("%d bytes, %d lines", len(g), len(lines))
	}
	if want := "... and 28002 more nodes (%graph draws the first 2000)"; lines[len(lines)-2] != want {
		t.Errorf("got %q, want %q", lines[len(lines)-2], want)
	}
	if want := "(levels deeper than 32 are drawn at that indent)"; lines[len(lines)-1] != want {
		t.Errorf("got %q, want %q", lines[len(lines)-1], want)
	}
	if l := lines[maxGraphNodes]; !strings.HasPrefix(l, strings.Repeat("│  ", maxGraphIndent)+"├─ [2000] MulBackward0") {
		t.Errorf("the 2000th node: %q", l)
	}
}
