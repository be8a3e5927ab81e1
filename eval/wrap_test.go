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

// TestHelpFits (issue 15, item 5): %help lists the magics one line each
// (two for a long usage) within 79 columns and 30 lines, so that it does
// not scroll past a small terminal; %help NAME tells the rest.
func TestHelpFits(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	if e := s.Exec("%help", 1); e != nil {
		t.Fatal(e)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) > 30 {
		t.Errorf("%%help has %d lines:\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		if len(l) > 79 {
			t.Errorf("%%help line of %d columns: %q", len(l), l)
		}
	}
	for _, n := range MagicNames() {
		if !strings.Contains(out.String(), "  "+LookupMagic(n).Usage) {
			t.Errorf("%%help does not list %%%s", n)
		}
	}
	out.Reset()
	s.Exec("%help save", 1)
	if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), "never written to") {
		t.Errorf("%%help save:\n%s", out.String())
	}
}
