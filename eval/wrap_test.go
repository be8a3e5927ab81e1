package eval

import (
	"bytes"
	"strings"
	"testing"
)

// TestExplainFitsWidth: on a terminal, %explain wraps its prose to the
// terminal's width and never breaks a shape row (issue 15, item 8); without
// a terminal width (scripts, --echo, check) nothing is wrapped.
func TestExplainFitsWidth(t *testing.T) {
	run := func(width int) string {
		var out bytes.Buffer
		opts := Options{Out: &out}
		if width > 0 {
			opts.Width = func() int { return width }
		}
		s := NewSession(opts)
		for _, src := range []string{"x = torch.empty(5, 2, 4, 1)", "y = torch.empty(3, 1, 1)", "%explain x + y",
			"a_long_name = torch.empty(7, 1, 5)", "%explain a_long_name * torch.empty(6, 1)"} {
			if e := s.Exec(src, 1); e != nil {
				t.Fatal(e)
			}
		}
		return out.String()
	}
	wide := run(0)
	rows := 0
	for _, l := range strings.Split(wide, "\n") {
		if shapeRow.MatchString(l) {
			rows++
		}
	}
	if rows != 5 || !strings.Contains(wide, "PyTorch: RuntimeError: The size of tensor a (2) must match") {
		t.Fatalf("unexpected %%explain output:\n%s", wide)
	}
	for _, width := range []int{40, 60, 80} {
		got := run(width)
		var shapes []string
		for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if shapeRow.MatchString(l) {
				shapes = append(shapes, l)
				continue
			}
			if len(l) > width {
				t.Errorf("width %d: line of %d columns: %q", width, len(l), l)
			}
		}
		if len(shapes) != rows {
			t.Errorf("width %d: %d shape rows, want %d (never broken)", width, len(shapes), rows)
		}
		if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(wide), " ") {
			t.Errorf("width %d: the words differ from the unwrapped output", width)
		}
	}
}
