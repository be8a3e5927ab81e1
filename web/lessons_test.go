package web

import (
	"os"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// TestLessons: every guide of the lesson menu has cells, and run as
// cells in the notebook, they print what the guides say (each cell's
// output is its statements' expected outputs, in order).
func TestLessons(t *testing.T) {
	lessons, err := Lessons("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(lessons) != len(LessonFiles) {
		t.Fatalf("%d lessons", len(lessons))
	}
	for _, l := range lessons {
		if len(l.Cells) == 0 || l.Title == "" {
			t.Errorf("%s: %d cells, title %q", l.File, len(l.Cells), l.Title)
		}
	}
	for _, f := range LessonFiles {
		if f == "docs/magics.md" {
			// It shows %hints off (the notebook, like the REPL, has them
			// on) and errors as transcripts record them (the first line
			// under %compat docs; the notebook, like the REPL, prints all).
			continue
		}
		src := readFile(t, "../"+f)
		nb := NewNotebook(eval.CompatCurrent)
		for _, stmts := range cellChunks(f, src) {
			var want, code []string
			for _, c := range stmts {
				want = append(want, c.Want...)
				code = append(code, c.Code())
			}
			var got []string
			for _, s := range nb.Run(strings.Join(code, "\n")) {
				if s.Kind != Hint && s.Kind != SVG {
					got = append(got, eval.NormalizeOutput(strings.Split(strings.TrimSuffix(s.Text, "\n"), "\n"))...)
				}
			}
			if strings.Join(got, "\n") != strings.Join(eval.NormalizeOutput(want), "\n") {
				t.Errorf("%s, the cell at line %d:\n%s\nprints\n%s\nwant\n%s", f, stmts[0].Line, strings.Join(code, "\n"), strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
