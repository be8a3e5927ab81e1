package eval

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tensh/tensh/lang"
)

// Chunk is one unit of a source file: a logical statement line (with its
// continuation lines), or a comment line.
type Chunk struct {
	Line    int      // 1-based line of the first line
	Lines   []string // code lines without prompts, or the comment line
	Comment bool
	// Err is set (to a SyntaxError) when the statement could not be read:
	// a line or statement over SourceReader's limits.
	Err *Exception

	// For the statements of a transcript: the expected output written under
	// the statement, each line without trailing spaces, trailing blank and
	// comment lines left out (the comparison rules of tshdiff.py).
	Want []string

	// Expected output occupies source lines [outStart, outEnd) (0-based);
	// indent is the indentation of a Markdown code fence.
	outStart, outEnd int
	indent           string
}

// Code is the chunk's source text.
func (c Chunk) Code() string { return strings.Join(c.Lines, "\n") }

// Echo is the statement as a transcript shows it: ">>> " before the first
// line, "... " before continuation lines.
func (c Chunk) Echo() string {
	var b strings.Builder
	for i, l := range c.Lines {
		switch {
		case i == 0:
			b.WriteString(">>> ")
		case l == "":
			// The empty line that ends a block: "..." as Python's
			// transcripts write it.
			b.WriteString("...")
		default:
			b.WriteString("... ")
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// promptLine reports whether l starts with the prompt p (">>>" or "...")
// followed by a space or nothing, and returns the text after it.
func promptLine(l, p string) (string, bool) {
	if l == p {
		return "", true
	}
	if strings.HasPrefix(l, p+" ") {
		return l[len(p)+1:], true
	}
	return "", false
}

// IsTranscript reports whether src is a transcript: some line starts with
// ">>> ". Only its ">>> " and "... " lines are code.
func IsTranscript(src string) bool {
	for _, l := range splitLines(src) {
		if _, ok := promptLine(l, ">>>"); ok {
			return true
		}
	}
	return false
}

// splitLines splits src into lines, accepting \r\n; a final newline does
// not start another line.
func splitLines(src string) []string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	if src == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(src, "\n"), "\n")
}

// SplitSource splits a script or transcript into chunks. In a script, a
// statement takes continuation lines while lang.Incomplete says it is
// open, and a compound statement the lines of its block; blank lines are
// skipped and lines that hold only a comment are comment chunks.
func SplitSource(src string) []Chunk {
	if IsTranscript(src) {
		return ParseTranscript("", src).Chunks
	}
	sr := NewSourceReader(strings.NewReader(src), false)
	var out []Chunk
	for {
		c, err := sr.Next()
		if err != nil {
			return out
		}
		out = append(out, c)
	}
}

// Transcript is a parsed transcript: a .tsh file, or the ">>> " blocks of
// the fenced code of a Markdown file.
type Transcript struct {
	Name   string
	Chunks []Chunk // statements and comment lines, in source order
	lines  []string
}

// Statements returns the statement chunks (numbered from 1 in messages and
// in testdata/PENDING).
func (t *Transcript) Statements() []Chunk {
	var out []Chunk
	for _, c := range t.Chunks {
		if !c.Comment {
			out = append(out, c)
		}
	}
	return out
}

// ParseTranscript parses src. A name ending in ".md" is read as Markdown:
// only fenced code blocks holding a ">>> " line are transcript.
func ParseTranscript(name, src string) *Transcript {
	t := &Transcript{Name: name, lines: splitLines(src)}
	if !strings.HasSuffix(strings.ToLower(name), ".md") {
		t.Chunks = parseTranscriptLines(t.lines, 0, len(t.lines), "")
		return t
	}
	for _, f := range markdownFences(t.lines) {
		t.Chunks = append(t.Chunks, parseTranscriptLines(t.lines, f.lo, f.hi, f.indent)...)
	}
	return t
}

// isFiller reports whether an output line is one that comparisons ignore
// at the end of an output: blank, or a comment.
func isFiller(l string) bool {
	l = strings.TrimRight(l, " \t")
	return l == "" || strings.HasPrefix(l, "#")
}

// NormalizeOutput applies the comparison rules to output lines: trailing
// spaces are dropped, and so are trailing blank and comment lines.
func NormalizeOutput(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " \t\r")
	}
	for len(out) > 0 && isFiller(out[len(out)-1]) {
		out = out[:len(out)-1]
	}
	return out
}

// parseTranscriptLines parses lines[lo:hi] of a transcript whose lines are
// indented by indent. A "... " line continues the statement above until
// its output starts; a "#" line before any output line of a statement is a
// comment, and so are the comment lines at the end of an output.
func parseTranscriptLines(lines []string, lo, hi int, indent string) []Chunk {
	var out []Chunk
	cur := -1 // index in out of the statement whose output is being read
	hasOut := false
	closeOutput := func(end int) {
		if cur < 0 {
			return
		}
		c := &out[cur]
		j := end
		for j > c.outStart && isFiller(unindent(lines[j-1], indent)) {
			j--
		}
		c.outEnd = j
		want := make([]string, 0, j-c.outStart)
		for _, l := range lines[c.outStart:j] {
			want = append(want, unindent(l, indent))
		}
		c.Want = NormalizeOutput(want)
		for k := j; hasOut && k < end; k++ {
			if l := unindent(lines[k], indent); strings.HasPrefix(l, "#") {
				out = append(out, Chunk{Line: k + 1, Lines: []string{l}, Comment: true})
			}
		}
	}
	for i := lo; i < hi; i++ {
		l := unindent(lines[i], indent)
		if code, ok := promptLine(l, ">>>"); ok {
			closeOutput(i)
			out = append(out, Chunk{Line: i + 1, Lines: []string{code}, outStart: i + 1, indent: indent})
			cur, hasOut = len(out)-1, false
			continue
		}
		if code, ok := promptLine(l, "..."); ok && cur >= 0 && !hasOut {
			out[cur].Lines = append(out[cur].Lines, code)
			out[cur].outStart = i + 1
			continue
		}
		if strings.HasPrefix(l, "#") && !hasOut {
			out = append(out, Chunk{Line: i + 1, Lines: []string{l}, Comment: true})
			continue
		}
		if cur >= 0 && !hasOut {
			// The output starts here, below any comment lines under the
			// statement; a statement without output gets its output (when
			// updated) right under it.
			out[cur].outStart = i
			hasOut = true
		}
	}
	closeOutput(hi)
	return out
}

// unindent removes indent (a Markdown fence's indentation) from l, or as
// much of it as l has.
func unindent(l, indent string) string {
	for i := 0; i < len(indent); i++ {
		if i >= len(l) || l[i] != ' ' {
			return l[i:]
		}
	}
	return l[len(indent):]
}

type fence struct {
	lo, hi int // lines inside the fence
	indent string
}

// markdownFences finds the fenced code blocks (``` or ~~~) that hold a
// ">>> " line.
func markdownFences(lines []string) []fence {
	var out []fence
	for i := 0; i < len(lines); i++ {
		indent, marker, ok := fenceOpen(lines[i])
		if !ok {
			continue
		}
		f := fence{lo: i + 1, hi: len(lines), indent: indent}
		for j := i + 1; j < len(lines); j++ {
			t := strings.TrimSpace(lines[j])
			if strings.HasPrefix(t, marker) && strings.Trim(t, marker[:1]) == "" {
				f.hi = j
				break
			}
		}
		for _, l := range lines[f.lo:f.hi] {
			if _, ok := promptLine(unindent(l, indent), ">>>"); ok {
				out = append(out, f)
				break
			}
		}
		i = f.hi
	}
	return out
}

// fenceOpen recognizes an opening code fence: up to three spaces, then at
// least three backticks or tildes.
func fenceOpen(l string) (indent, marker string, ok bool) {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return "", "", false
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return "", "", false
	}
	return l[:len(l)-len(t)], t[:n], true
}

// Rewrite returns the transcript's source with the expected output of
// statement i (0-based, in Statements order) replaced by got[i] where got
// has an entry. Comments, prose and the rest stay as they were.
func (t *Transcript) Rewrite(got map[int][]string) string {
	var b strings.Builder
	next := 0 // next source line to copy
	for i, c := range t.Statements() {
		g, ok := got[i]
		if !ok {
			continue
		}
		for ; next < c.outStart; next++ {
			b.WriteString(t.lines[next] + "\n")
		}
		for _, l := range g {
			if l != "" {
				l = c.indent + l
			}
			b.WriteString(l + "\n")
		}
		next = c.outEnd
	}
	for ; next < len(t.lines); next++ {
		b.WriteString(t.lines[next] + "\n")
	}
	return b.String()
}

// ErrorText is how a transcript records the error e: today's prompt
// prints every line of the message (%compat current); the transcripts of
// the seed documents' era kept its first line only (the default compat
// mode).
func (s *Session) ErrorText(e *Exception) string {
	if s.Compat == CompatCurrent {
		return e.Error() + e.noteLines()
	}
	return e.FirstLine()
}

// FirstLine is the first line of an exception message, as the seed
// documents' transcripts record errors.
func (e *Exception) FirstLine() string {
	msg, rest, multi := strings.Cut(e.Msg, "\n")
	if msg == "" {
		return e.Type
	}
	if !multi || rest == "" {
		msg += e.didYouMean()
	}
	return e.Type + ": " + msg
}

// RunEcho runs src in transcript mode: every statement is printed as it was
// written (">>> line", "... line"), followed by everything it prints, errors
// included, on s's output; comment lines are kept. Execution continues after
// errors, except KeyboardInterrupt (Ctrl-C), which stops the run and is
// returned; otherwise RunEcho returns nil.
func (s *Session) RunEcho(src string) *Exception {
	e, _ := s.RunEchoFrom(strings.NewReader(src), IsTranscript(src))
	return e
}

// RunEchoFrom is RunEcho reading a script (or a transcript, when
// transcript is set) from r, one statement at a time. err is a read error.
func (s *Session) RunEchoFrom(r io.Reader, transcript bool) (exc *Exception, err error) {
	sr := NewSourceReader(r, transcript)
	le := s.trackLineEnd()
	for {
		c, err := sr.Next()
		if err != nil {
			return nil, readError(err)
		}
		if le.open {
			// Output that did not end its line (print('a', end=' ')):
			// ended, so that the next statement starts a line.
			s.write("\n")
		}
		if c.Comment {
			s.write(c.Lines[0] + "\n")
			continue
		}
		s.write(c.Echo())
		if !transcript && c.Err == nil && lang.NeedsMore(c.Code()) {
			// A script's compound statement: the empty line that ends it
			// at the prompt.
			s.write("...\n")
		}
		e := c.Err
		if e == nil {
			// As at the prompt, each statement's lines count from 1.
			e = s.Exec(c.Code(), 1)
		}
		if _, msg, ok := e.ExitStatus(); ok { // exit(): the session ends
			if msg != "" {
				s.write(msg + "\n")
			}
			return e, nil
		}
		if e != nil {
			if le.open {
				s.write("\n")
			}
			s.write(s.ErrorText(e) + "\n")
			if h := s.Hint(e); h != "" && s.opts.HintOut != nil {
				fmt.Fprintln(s.opts.HintOut, h) // beside the transcript, not in it
			}
			if e.Interrupt() {
				return e, nil
			}
		}
	}
}

// Interrupt reports whether e is KeyboardInterrupt: Ctrl-C stopped the
// statement.
func (e *Exception) Interrupt() bool { return e.Type == "KeyboardInterrupt" }

// readError is nil for the end of the input, else the error.
func readError(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
