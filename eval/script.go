package eval

import (
	"fmt"
	"io"
	"strings"

	"github.com/tensh/tensh/lang"
)

// Chunk is one unit of a source file: a logical statement line (with its
// continuation lines), or a comment line of a transcript.
type Chunk struct {
	Line    int      // 1-based line of the first line
	Lines   []string // code lines without prompts, or the comment line
	Comment bool
}

// Code is the chunk's source text.
func (c Chunk) Code() string { return strings.Join(c.Lines, "\n") }

// IsTranscript reports whether src is a transcript: some line starts with
// ">>> ". Only its ">>> " and "... " lines are code.
func IsTranscript(src string) bool {
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, ">>> ") || l == ">>>" {
			return true
		}
	}
	return false
}

// SplitSource splits a script or transcript into chunks.
func SplitSource(src string) []Chunk {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	lines := strings.Split(src, "\n")
	var out []Chunk
	if IsTranscript(src) {
		var cur *Chunk
		for i, l := range lines {
			switch {
			case strings.HasPrefix(l, ">>> ") || l == ">>>":
				out = append(out, Chunk{Line: i + 1, Lines: []string{strings.TrimPrefix(strings.TrimPrefix(l, ">>>"), " ")}})
				cur = &out[len(out)-1]
			case (strings.HasPrefix(l, "... ") || l == "...") && cur != nil:
				cur.Lines = append(cur.Lines, strings.TrimPrefix(strings.TrimPrefix(l, "..."), " "))
			case strings.HasPrefix(l, "#"):
				out = append(out, Chunk{Line: i + 1, Lines: []string{l}, Comment: true})
				cur = nil
			default:
				cur = nil // expected output: ignored
			}
		}
		return out
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(l) == "" {
			continue
		}
		c := Chunk{Line: i + 1, Lines: []string{l}}
		for lang.NeedsMore(c.Code()) && i+1 < len(lines) {
			i++
			c.Lines = append(c.Lines, lines[i])
		}
		out = append(out, c)
	}
	return out
}

// FirstLine is the first line of an exception message, as transcripts
// record errors.
func (e *Exception) FirstLine() string {
	msg, _, _ := strings.Cut(e.Msg, "\n")
	if msg == "" {
		return e.Type
	}
	return e.Type + ": " + msg
}

// RunEcho runs src in transcript mode: every statement is printed as it was
// written (">>> line", "... line"), followed by everything it prints, errors
// included, on s's output; comment lines of a transcript are kept. Execution
// continues after errors.
func (s *Session) RunEcho(src string) {
	for _, c := range SplitSource(src) {
		if c.Comment {
			s.write(c.Lines[0] + "\n")
			continue
		}
		for i, l := range c.Lines {
			p := ">>> "
			if i > 0 {
				p = "... "
			}
			s.write(p + l + "\n")
		}
		if e := s.Exec(c.Code(), c.Line); e != nil {
			s.write(e.FirstLine() + "\n")
		}
	}
}

// RunScript runs src as a script: expression values are printed; the first
// uncaught error is printed on errw as "FILE:LINE: Type: message" and stops
// the script. It returns the exception, or nil.
func (s *Session) RunScript(name, src string, errw io.Writer) *Exception {
	for _, c := range SplitSource(src) {
		if c.Comment {
			continue
		}
		if e := s.Exec(c.Code(), c.Line); e != nil {
			fmt.Fprintf(errw, "%s:%d: %s\n", name, e.Line, e.Error())
			return e
		}
	}
	return nil
}
