package eval

import "strings"

// For front ends that keep their own grouping of inputs (the browser's
// cells, web.Notebook): the inputs' numbers, and what %save writes for a
// range of them.

// Inputs is how many inputs (top-level statements and magics) this
// session has run; TranscriptRange takes such numbers as marks.
func (s *Session) Inputs() int { return s.teach.count }

// TranscriptRange is what %save writes for the inputs numbered after+1 to
// upTo (marks from Inputs), without %save's header line: the statements
// that completed, each with what it printed, as a transcript that
// tensh check tests and tensh --echo replays.
func (s *Session) TranscriptRange(after, upTo int) string {
	var entries []*Input
	for _, h := range s.teach.history {
		if h.n > after && h.n <= upTo && h != s.teach.cur && savedInput(h) {
			entries = append(entries, h)
		}
	}
	_, body, _ := strings.Cut(transcriptOf(entries, CompatCurrent), "\n")
	return body
}
