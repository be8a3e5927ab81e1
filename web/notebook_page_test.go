package web

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// TestTranscriptRoundTrip: a session downloaded as a transcript passes
// tensh check (eval.Check, what `tensh check FILE` runs), and uploading it
// gives back the cells, as far as they ran.
func TestTranscriptRoundTrip(t *testing.T) {
	nb := NewNotebook(eval.CompatCurrent)
	cells := []string{
		"a = torch.arange(6).view(2, 3)\na + torch.tensor([10, 20, 30])",
		"# a comment\nfor i in range(2):\n    print(i * a)\n",
		"a + torch.ones(2)",
		"%explain a + torch.ones(3, 1)",
		"import numpy as np\nnp.arange(4).reshape(2, 2)\nprint('done')",
		"x = 1/0\nprint('not run')",
	}
	for _, c := range cells {
		nb.Run(c)
	}
	tsh := nb.Transcript()
	if !strings.HasPrefix(tsh, msgTranscriptHeader+"\n# cell 1\n>>> a = torch.arange(6).view(2, 3)\n>>> a + torch.tensor([10, 20, 30])\ntensor([[10, 21, 32],\n") {
		t.Errorf("transcript:\n%s", tsh)
	}
	file := filepath.Join(t.TempDir(), "session.tsh")
	if err := os.WriteFile(file, []byte(tsh), 0o644); err != nil {
		t.Fatal(err)
	}
	tr := eval.ParseTranscript(file, tsh)
	res := eval.Check(tr, eval.Options{})
	if len(res) != 9 {
		t.Errorf("%d statements checked, want 9:\n%s", len(res), tsh)
	}
	for _, r := range res {
		if !r.OK {
			t.Errorf("tensh check fails on the downloaded session:\n%s", r.Diff(file))
		}
	}
	want := []string{cells[0], "for i in range(2):\n    print(i * a)", cells[2], cells[3], cells[4], "x = 1/0"}
	if got := Cells("session.tsh", tsh); !reflect.DeepEqual(got, want) {
		t.Errorf("the uploaded cells:\n%q\nwant\n%q", got, want)
	}
	// After exit() the transcript starts again.
	nb.Run("exit()")
	nb.Run("b = 2\nb")
	if got := nb.Transcript(); got != msgTranscriptHeader+"\n# cell 1\n>>> b = 2\n>>> b\n2\n" {
		t.Errorf("after exit():\n%s", got)
	}
}

// TestCellsOfGuides: a guide's code blocks are its cells, split after a
// statement that fails.
func TestCellsOfGuides(t *testing.T) {
	md := "# T\n\ntext\n\n```python\n>>> a = 1\n>>> a + 'x'\nTypeError: unsupported operand type(s) for +: 'int' and 'str'\n>>> a\n1\n```\n\nmore\n\n```\n>>> b = [a,\n...      2]\n```\n"
	want := []string{"a = 1\na + 'x'", "a", "b = [a,\n     2]"}
	if got := Cells("g.md", md); !reflect.DeepEqual(got, want) {
		t.Errorf("cells %q, want %q", got, want)
	}
}

func TestComplete(t *testing.T) {
	nb := NewNotebook(eval.CompatCurrent)
	nb.Run("tensor_a = torch.ones(2)")
	word, cands := nb.Complete("x = tensor_a.resh + 1", len("x = tensor_a.resh"))
	if word != "resh" || !slices.Contains(cands, "reshape(") {
		t.Errorf("Complete: %q %q", word, cands)
	}
	if word, cands := nb.Complete("tens", 4); word != "tens" || !slices.Contains(cands, "tensor_a") {
		t.Errorf("Complete of a name: %q %q", word, cands)
	}
	if word, cands := nb.Complete("%exp", 4); word != "exp" || !slices.Contains(cands, "explain") {
		t.Errorf("Complete of a magic: %q %q", word, cands)
	}
	if word, _ := nb.Complete("tens", 99); word != "tens" {
		t.Errorf("a cursor past the line: %q", word)
	}
}

// TestPictures: %explain and %strides cells end with their picture.
func TestPictures(t *testing.T) {
	nb := NewNotebook(eval.CompatCurrent)
	nb.Run("x = torch.empty(5, 2, 4, 1); y = torch.empty(3, 1, 1)")
	for _, c := range []string{"%explain x + y", "%strides x[0, 0].t()", "%explain z = x * 2"} {
		got := nb.Run(c)
		if len(got) != 2 || got[0].Kind != Out || got[1].Kind != SVG || !strings.HasPrefix(got[1].Text, "<svg ") {
			t.Errorf("%s: %q", c, got)
		}
	}
	// No picture for what it does not draw; the text is there.
	if got := nb.Run("%explain x @ y"); len(got) != 1 || got[0].Kind != Out {
		t.Errorf("%%explain x @ y: %q", got)
	}
	if got := nb.Run("print(1)"); len(got) != 1 {
		t.Errorf("print(1): %q", got)
	}
}
