package web

import (
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
