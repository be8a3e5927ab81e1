package torch

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// creationBlocks splits a transcript into (statement, expected output)
// pairs, as shared/tools/tshdiff.py does.
func creationBlocks(text string) [][2]string {
	var out [][2]string
	var stmt string
	var lines []string
	have := false
	flush := func() {
		if !have {
			return
		}
		for len(lines) > 0 && (lines[len(lines)-1] == "" || strings.HasPrefix(lines[len(lines)-1], "#")) {
			lines = lines[:len(lines)-1]
		}
		out = append(out, [2]string{stmt, strings.Join(lines, "\n")})
	}
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, ">>> "):
			flush()
			stmt, lines, have = l[4:], nil, true
		case strings.HasPrefix(l, "... ") && have && len(lines) == 0:
			stmt += "\n" + l[4:]
		case strings.HasPrefix(l, "#") && (!have || len(lines) == 0):
		case have:
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	flush()
	return out
}

// TestCreationTranscript runs testdata/creation.tsh (statements about
// creation, conversions and dtypes, with what PyTorch 1.13 printed; made by
// testdata/gen_creation.py) and compares every statement's output.
func TestCreationTranscript(t *testing.T) {
	src, err := os.ReadFile("../../testdata/creation.tsh")
	if err != nil {
		t.Fatal(err)
	}
	defer tensor.SetDefaultFloat(tensor.DefaultFloat())
	var buf bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &buf})
	s.RunEcho(string(src))
	want := creationBlocks(string(src))
	got := creationBlocks(buf.String())
	if len(got) != len(want) {
		t.Fatalf("%d statements run, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("statement %d: %s\n got: %s\nwant: %s", i+1, want[i][0], got[i][1], want[i][1])
		}
	}
}
