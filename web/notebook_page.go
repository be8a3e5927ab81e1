package web

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/eval"
)

// Complete is the REPL's Tab completion (eval.Session.CompleteMarked) for
// a line with the cursor at byte pos: the word before the cursor, and the
// candidates that replace it ("(" after what can be called).
func (n *Notebook) Complete(line string, pos int) (word string, cands []string) {
	pos = max(0, min(pos, len(line)))
	word = line[eval.WordStart(line, pos):pos]
	return word, n.sess.CompleteMarked(line, pos)
}

// Transcript is the session since it started (since the last exit())
// as a transcript that tensh check tests and tensh --echo replays: each
// cell's statements that completed, with what they printed (what %save
// writes), after a "# cell N" line; Cells splits it into the same cells.
func (n *Notebook) Transcript() string {
	var b strings.Builder
	b.WriteString(msgTranscriptHeader + "\n")
	if n.opts.Compat == eval.CompatDocs {
		b.WriteString(">>> %compat docs\n")
	}
	prev := 0
	for i, m := range n.marks {
		if part := n.sess.TranscriptRange(prev, m); part != "" {
			fmt.Fprintf(&b, "%s %d\n", cellMark, i+1)
			b.WriteString(part)
		}
		prev = m
	}
	return b.String()
}

const msgTranscriptHeader = "# A tensh session from the browser: tensh check FILE tests it, tensh --echo FILE replays it."
