//go:build !js

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestCompletionList (issue 15, item 3): Tab after "x." on a tensor (some
// 300 names) asks before listing them, pages what is taller than the
// screen, and marks callables with "(" as rlcompleter does.
func TestCompletionList(t *testing.T) {
	sess := eval.NewSession(eval.Options{})
	sess.Globals()["x"] = tensor.Empty([]int{2}, tensor.Float32)
	run := func(line string, keys string) (cands []string, out string, asked int) {
		var buf bytes.Buffer
		c := &completer{sess: sess, t: &terminalReader{stdout: &buf},
			size: func() (int, int) { return 80, 24 },
			key: func() rune {
				asked++
				if keys == "" {
					return 'q'
				}
				k := rune(keys[0])
				keys = keys[1:]
				return k
			}}
		rs := []rune(line)
		got, _ := c.Do(rs, len(rs))
		for _, g := range got {
			cands = append(cands, string(g))
		}
		return cands, buf.String(), asked
	}

	// Many names: a question first; "n" lists nothing.
	cands, out, asked := run("x.", "n")
	if cands != nil || asked != 1 || !strings.HasPrefix(out, "\r\nDisplay all ") || !strings.HasSuffix(out, " possibilities? (y or n)\r\n") {
		t.Errorf("x.<Tab> n: candidates %q, %d keys read, output %q", cands, asked, out)
	}
	// "y": the first page (23 rows of the 24-row screen), then --More--;
	// space shows the next page; q stops.
	_, out, asked = run("x.", "y q")
	lines := strings.Split(out, "\r\n")
	if asked != 3 || strings.Count(out, "--More--") != 2 {
		t.Errorf("x.<Tab> y, space, q: %d keys read, output %q", asked, out)
	}
	if !strings.Contains(lines[4], "abs(") || !strings.Contains(out, "add_(") {
		t.Errorf("no callable marks: %q", lines[:4])
	}
	for _, l := range lines {
		if len(l) > 80 {
			t.Errorf("row wider than the screen: %q", l)
		}
	}
	// A list that fits is readline's to show (no question); a single
	// match is completed with its "(".
	if cands, out, asked = run("x.abs", ""); asked != 0 || out != "" || strings.Join(cands, "|") != "(|_(|olute(|olute_(" {
		t.Errorf("x.abs<Tab>: candidates %q, output %q", cands, out)
	}
	if cands, _, _ = run("x.resha", ""); strings.Join(cands, "|") != "pe(|pe_as(" {
		t.Errorf("x.resha<Tab>: %q", cands)
	}
	if cands, _, _ = run("x.sha", ""); strings.Join(cands, "|") != "pe" {
		t.Errorf("x.sha<Tab>: %q (a property takes no \"(\")", cands)
	}
	if cands, _, _ = run("pri", ""); strings.Join(cands, "|") != "nt(" {
		t.Errorf("pri<Tab>: %q", cands)
	}
	if cands, _, _ = run("1 if x els", ""); strings.Join(cands, "|") != "e" {
		t.Errorf("els<Tab>: %q", cands)
	}
	if cands, _, _ = run("imp", ""); strings.Join(cands, "|") != "ort " {
		t.Errorf("imp<Tab>: %q", cands)
	}
}
