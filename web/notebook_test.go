package web

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// The outputs below are PyTorch 1.13's (checked with the oracle,
// /usr/bin/python3); the first two are the README's tour.
func TestNotebookCells(t *testing.T) {
	nb := NewNotebook(eval.CompatCurrent)
	run := func(cell string, want ...Segment) {
		t.Helper()
		got := nb.Run(cell)
		if len(want) == 0 && len(got) == 0 {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("cell %q:\n got %q\nwant %q", cell, got, want)
		}
	}
	run("x = empty(5,3,4,1); y = empty(3,1,1); (x+y).size()",
		Segment{Out, "torch.Size([5, 3, 4, 1])\n"})
	// Variables live on from cell to cell.
	run("a = torch.arange(6).view(2, 3)")
	got := nb.Run("a + torch.ones(2)")
	if len(got) != 2 || got[0] != (Segment{Error, "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1\n"}) ||
		got[1].Kind != Hint || !strings.HasSuffix(got[1].Text, "\n") {
		t.Errorf("a + torch.ones(2): got %q, want the error and a hint", got)
	}
	// A compound statement, and several statements in a cell.
	run("for i in range(2):\n    print(i)\n\nprint(a.shape[1])",
		Segment{Out, "0\n1\n3\n"})
	// The first uncaught error ends the cell.
	got = nb.Run("print(1)\n1/0\nprint('after')")
	if len(got) < 2 || got[0] != (Segment{Out, "1\n"}) || got[1] != (Segment{Error, "ZeroDivisionError: division by zero\n"}) {
		t.Errorf("cell with an error: got %q", got)
	}
	for _, s := range got {
		if strings.Contains(s.Text, "after") {
			t.Errorf("the cell went on after its error: %q", got)
		}
	}
	// exit() ends the session; the next cell has a fresh one.
	got = nb.Run("exit()\nprint('after')")
	if len(got) != 1 || got[0] != (Segment{Exit, msgRestarted}) {
		t.Errorf("exit(): got %q", got)
	}
	got = nb.Run("a")
	if len(got) == 0 || got[0] != (Segment{Error, "NameError: name 'a' is not defined\n"}) {
		t.Errorf("a after exit(): got %q, want a NameError", got)
	}
	// The library modules are there, as in the terminal.
	run("import numpy as np\nnp.arange(3)", Segment{Out, "array([0, 1, 2])\n"})
	// Comments and empty cells print nothing.
	run("# nothing\n\n")
	run("")
}

// TestCellsScriptAndNotebook: upload takes a plain script (cells at its
// top-level blank lines) and a Jupyter notebook (its code cells), not
// only >>> transcripts (issue 21, issue 24).
func TestCellsScriptAndNotebook(t *testing.T) {
	script := "import torch\nx = torch.ones(2)\n\ndef f(a):\n    b = a + 1\n\n    return b * 2\n\n\nprint(f(x))\n"
	got := Cells("lesson.tsh", script)
	want := []string{"import torch\nx = torch.ones(2)", "def f(a):\n    b = a + 1\n\n    return b * 2", "print(f(x))"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("script cells = %q, want %q", got, want)
	}
	nb := NewNotebook(eval.CompatDocs)
	var out strings.Builder
	for _, c := range got {
		for _, seg := range nb.Run(c) {
			out.WriteString(seg.Text)
		}
	}
	if out.String() != "tensor([4., 4.])\n" {
		t.Errorf("the script's cells print %q", out.String())
	}
	ipynb, err := os.ReadFile("../docs/broadcasting.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	cells := Cells("broadcasting.ipynb", string(ipynb))
	if len(cells) < 10 || cells[0] != "x = torch.empty(5, 7, 3)\ny = torch.empty(5, 7, 3)\n(x + y).size()" {
		t.Errorf("notebook cells: %d, first %q", len(cells), cells[:min(1, len(cells))])
	}
}
