package eval

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tensh/tensh/lang"
)

// Reading scripts and transcripts as streams (issue 6): a script of any
// size runs in memory bounded by its longest statement, one chunk at a
// time, and a binary file gives a SyntaxError instead of a huge "line".

// Limits on one physical line and one statement of a script. Longer ones
// are reported as a SyntaxError at their first line (Python has no such
// limit, but reads the whole file into memory).
const (
	maxLineBytes = 64 << 20
	maxStmtBytes = 64 << 20
)

// Messages of the reader's SyntaxErrors.
const (
	errLineTooLong = "line too long (tensh reads at most %d MiB per line)"
	errStmtTooLong = "statement too long (tensh reads at most %d MiB per statement)"
)

// exactLines and exactBytes bound the part of a statement that is checked
// for completeness with lang.Incomplete after every line; past that, a
// statement is parsed again only when brackets, strings and continuations
// look closed (see openTracker), so that a long statement costs linear
// time.
const (
	exactLines = 32
	exactBytes = 64 << 10
)

// IsTranscriptReader is IsTranscript for a stream: it reads r to the
// first line that starts with ">>> " (or is ">>>"), in constant memory.
func IsTranscriptReader(r io.Reader) (bool, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	atStart := true
	if b, _ := br.Peek(len(utf8BOM)); string(b) == utf8BOM {
		br.Discard(len(utf8BOM))
	}
	for {
		chunk, err := br.ReadSlice('\n')
		if atStart && (bytes.HasPrefix(chunk, []byte(">>> ")) || bytes.Equal(bytes.TrimRight(chunk, "\r\n"), []byte(">>>"))) {
			return true, nil
		}
		// A line longer than the buffer comes in several slices; only the
		// first is at the start of a line.
		atStart = err == nil
		switch {
		case err == nil || errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			return false, nil
		default:
			return false, err
		}
	}
}

// stdinLookahead is how much of a stream (stdin, a pipe, a device) is
// read before it runs, to tell a transcript from a script: a ">>> " line
// within it makes a transcript. (A stream cannot be read twice, and may
// never end.)
const stdinLookahead = 1 << 20

// OpenSource prepares f (a script or transcript file) for reading: it
// returns a reader of all of f and whether f is a transcript. A regular
// file is read once to its first ">>> " line, then again from the start;
// any other file (a pipe, a device) is looked ahead into as
// PeekTranscript does.
func OpenSource(f *os.File) (io.Reader, bool, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if fi.IsDir() {
		return nil, false, errors.New("is a directory")
	}
	if !fi.Mode().IsRegular() {
		return PeekTranscript(f)
	}
	transcript, err := IsTranscriptReader(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, false, err
	}
	return f, transcript, nil
}

// PeekTranscript reads the start of r (stdinLookahead bytes at most) to
// tell whether it is a transcript, and returns a reader of all of r.
func PeekTranscript(r io.Reader) (io.Reader, bool, error) {
	head := make([]byte, stdinLookahead)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	switch {
	case err == nil:
		// More follows; a last, partial line of the head does not count,
		// unless it is the only one.
		full := head
		if i := bytes.LastIndexByte(full, '\n'); i >= 0 {
			full = full[:i+1]
		}
		return io.MultiReader(bytes.NewReader(head), r), IsTranscript(string(full)), nil
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return bytes.NewReader(head), IsTranscript(string(head)), nil
	}
	return nil, false, err
}

// SourceReader splits a script or a transcript into chunks as SplitSource
// does, reading one line at a time.
type SourceReader struct {
	br         *bufio.Reader
	transcript bool
	lineNo     int // lines read so far
	ahead      *srcLine
	pending    []*srcLine // lines read ahead past a block, to read again
	ready      []Chunk    // chunks to hand out, in order
	err        error      // the read error that ended the input (io.EOF at the end)

	// Transcript state: the statement whose continuation lines are being
	// read, the comment lines that came under it, and, once its output has
	// started, the comment lines of the output's trailing run of blank and
	// comment lines (which become comment chunks if the output ends there).
	stmt     *Chunk
	stmtCmts []Chunk
	inOutput bool
	trailing []Chunk
}

type srcLine struct {
	text    string
	n       int  // 1-based line number
	tooLong bool // text holds only the start of the line
}

// NewSourceReader reads chunks from r: a transcript's (only ">>> " and
// "... " lines are code) when transcript is set, else a script's.
// A UTF-8 byte order mark at the start is skipped, as CPython skips it.
func NewSourceReader(r io.Reader, transcript bool) *SourceReader {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, _ := br.Peek(len(utf8BOM)); string(b) == utf8BOM {
		br.Discard(len(utf8BOM))
	}
	return &SourceReader{br: br, transcript: transcript}
}

// utf8BOM is the byte order mark that editors on Windows put before UTF-8
// text.
const utf8BOM = "\ufeff"

// Next returns the next chunk, or io.EOF after the last one (or the error
// that stopped reading). A chunk whose line or statement is over the
// limits has Err set to a SyntaxError, and Lines holding its start.
func (sr *SourceReader) Next() (Chunk, error) {
	for len(sr.ready) == 0 {
		if sr.err != nil && len(sr.pending) == 0 && sr.ahead == nil {
			return Chunk{}, sr.err
		}
		if sr.transcript {
			sr.transcriptStep()
		} else {
			sr.scriptStep()
		}
	}
	c := sr.ready[0]
	sr.ready = sr.ready[1:]
	if len(sr.ready) == 0 {
		sr.ready = nil // let the backing array go
	}
	return c, nil
}

// readLine returns the next line without its line ending, or nil at the
// end of the input (sr.err is then set).
func (sr *SourceReader) readLine() *srcLine {
	if l := sr.ahead; l != nil {
		sr.ahead = nil
		return l
	}
	if len(sr.pending) > 0 {
		l := sr.pending[0]
		sr.pending = sr.pending[1:]
		return l
	}
	if sr.err != nil {
		return nil
	}
	var buf []byte
	tooLong := false
	got := false
	for {
		chunk, err := sr.br.ReadSlice('\n')
		if len(chunk) > 0 {
			got = true
		}
		if !tooLong {
			buf = append(buf, chunk...)
			if len(buf) > maxLineBytes+2 {
				// Keep the start, for the message; drop the rest.
				tooLong = true
				buf = append([]byte(nil), buf[:80]...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			if tooLong && len(buf) > 0 {
				// A line this long is not source (a binary file, a
				// device): the input ends here rather than read on for a
				// newline that may never come.
				sr.err = io.EOF
				break
			}
			continue
		}
		if err != nil {
			sr.err = err
			if !got {
				return nil
			}
		}
		break
	}
	sr.lineNo++
	text := string(buf)
	if !tooLong {
		text = strings.TrimSuffix(text, "\n")
		text = strings.TrimSuffix(text, "\r")
	}
	return &srcLine{text: text, n: sr.lineNo, tooLong: tooLong}
}

// tooLongChunk is the chunk for a line or statement over the limits.
func tooLongChunk(line int, start string, format string, limit int) Chunk {
	return Chunk{Line: line, Lines: []string{start + "..."},
		Err: &Exception{Type: "SyntaxError", Msg: fmt.Sprintf(format, limit>>20), Line: line}}
}

// scriptStep reads the next chunk of a script (SplitSource's rules).
func (sr *SourceReader) scriptStep() {
	l := sr.readLine()
	if l == nil {
		return
	}
	if l.tooLong {
		sr.ready = append(sr.ready, tooLongChunk(l.n, l.text, errLineTooLong, maxLineBytes))
		return
	}
	switch t := strings.TrimSpace(l.text); {
	case t == "":
		return
	case strings.HasPrefix(t, "#"):
		sr.ready = append(sr.ready, Chunk{Line: l.n, Lines: []string{l.text}, Comment: true})
		return
	}
	c := Chunk{Line: l.n, Lines: []string{l.text}}
	var code strings.Builder
	code.WriteString(l.text)
	var ot openTracker
	ot.line(l.text)
	for {
		exact := len(c.Lines) <= exactLines && code.Len() <= exactBytes
		if !exact && ot.open() {
			// Brackets, a string or a continuation are open: the statement
			// cannot be complete.
		} else if !lang.IncompleteAt(code.String(), c.Line) {
			if !startsBlock(c.Lines[0]) || !sr.blockGoesOn() {
				break
			}
		}
		next := sr.readLine()
		if next == nil {
			break
		}
		if next.tooLong || code.Len()+len(next.text) > maxStmtBytes {
			start := c.Lines[0]
			sr.ready = append(sr.ready, tooLongChunk(c.Line, start[:min(len(start), 80)], errStmtTooLong, maxStmtBytes))
			return
		}
		c.Lines = append(c.Lines, next.text)
		code.WriteByte('\n')
		code.WriteString(next.text)
		ot.line(next.text)
	}
	sr.ready = append(sr.ready, c)
}

// transcriptStep reads one line of a transcript (parseTranscriptLines'
// rules, for a transcript that is not Markdown).
func (sr *SourceReader) transcriptStep() {
	l := sr.readLine()
	if l == nil {
		sr.endStatement()
		return
	}
	text := l.text
	if code, ok := promptLine(text, ">>>"); ok {
		sr.endStatement()
		if l.tooLong {
			sr.ready = append(sr.ready, tooLongChunk(l.n, text, errLineTooLong, maxLineBytes))
			return
		}
		sr.stmt = &Chunk{Line: l.n, Lines: []string{code}}
		return
	}
	if code, ok := promptLine(text, "..."); ok && sr.stmt != nil && !sr.inOutput {
		if l.tooLong || stmtBytes(sr.stmt)+len(code) > maxStmtBytes {
			first := sr.stmt.Lines[0]
			sr.ready = append(sr.ready, tooLongChunk(sr.stmt.Line, first[:min(len(first), 80)], errStmtTooLong, maxStmtBytes))
			sr.ready = append(sr.ready, sr.stmtCmts...)
			// What follows, up to the next statement, is not code.
			sr.stmt, sr.stmtCmts = nil, nil
			return
		}
		sr.stmt.Lines = append(sr.stmt.Lines, code)
		return
	}
	if strings.HasPrefix(text, "#") && !sr.inOutput {
		c := Chunk{Line: l.n, Lines: []string{text}, Comment: true}
		if sr.stmt != nil {
			sr.stmtCmts = append(sr.stmtCmts, c)
		} else {
			sr.ready = append(sr.ready, c)
		}
		return
	}
	if sr.stmt == nil {
		return // prose before the first statement
	}
	if !sr.inOutput {
		// The output starts: the statement is complete.
		sr.inOutput = true
		sr.ready = append(sr.ready, *sr.stmt)
		sr.ready = append(sr.ready, sr.stmtCmts...)
		sr.stmtCmts = nil
	}
	if isFiller(text) {
		if strings.HasPrefix(text, "#") {
			sr.trailing = append(sr.trailing, Chunk{Line: l.n, Lines: []string{text}, Comment: true})
		}
		return
	}
	sr.trailing = nil
}

// endStatement hands out the statement being read (at the next ">>> "
// line or the end), with the comment chunks that belong after it.
func (sr *SourceReader) endStatement() {
	if sr.stmt != nil && !sr.inOutput {
		sr.ready = append(sr.ready, *sr.stmt)
		sr.ready = append(sr.ready, sr.stmtCmts...)
	}
	sr.ready = append(sr.ready, sr.trailing...)
	sr.stmt, sr.stmtCmts, sr.inOutput, sr.trailing = nil, nil, false, nil
}

func stmtBytes(c *Chunk) int {
	n := 0
	for _, l := range c.Lines {
		n += len(l) + 1
	}
	return n
}

// openTracker follows, line by line, what keeps a statement open across
// lines in Python's lexer: brackets, triple-quoted strings (and single-
// quoted ones continued by a backslash), and a final backslash. It only
// looks at brackets, quotes, comments and backslashes, so it is cheap; it
// tells when a statement may be complete, and lang.Incomplete decides.
type openTracker struct {
	depth int    // open brackets
	quote string // the quote that closes an open string, "" when none
	cont  bool   // the last line ended with a backslash outside strings
}

func (o *openTracker) open() bool { return o.depth > 0 || o.quote != "" || o.cont }

func (o *openTracker) line(l string) {
	o.cont = false
	i := 0
	for i < len(l) {
		if o.quote != "" {
			j, closed := closeQuote(l, i, o.quote)
			i = j
			if !closed {
				// A single-quoted string ends with its line unless a
				// backslash continues it.
				if len(o.quote) == 1 && !strings.HasSuffix(l, "\\") {
					o.quote = ""
				}
				return
			}
			o.quote = ""
			continue
		}
		switch c := l[i]; c {
		case '#':
			return
		case '\\':
			if i == len(l)-1 {
				o.cont = true
			}
			i++
		case '(', '[', '{':
			o.depth++
			i++
		case ')', ']', '}':
			if o.depth > 0 {
				o.depth--
			}
			i++
		case '\'', '"':
			q := string(c)
			if strings.HasPrefix(l[i:], q+q+q) {
				q = q + q + q
			}
			o.quote = q
			i += len(q)
		default:
			i++
		}
	}
}

// closeQuote finds the closing quote q in l from i, skipping characters
// escaped by a backslash (a backslash escapes the quote in raw strings
// too), and returns the index after it.
func closeQuote(l string, i int, q string) (int, bool) {
	for i < len(l) {
		switch {
		case l[i] == '\\':
			i += 2
		case strings.HasPrefix(l[i:], q):
			return i + len(q), true
		default:
			i++
		}
	}
	return len(l), false
}

// startsBlock reports whether a script line starts a compound statement
// (whose block goes on while lines are indented).
func startsBlock(line string) bool {
	t := strings.TrimLeft(line, " \t")
	if len(t) < len(line) {
		return false
	}
	for _, kw := range []string{"if", "while", "for", "def", "try", "with", "class"} {
		if strings.HasPrefix(t, kw) && (len(t) == len(kw) || !isNameByte(t[len(kw)])) {
			return true
		}
	}
	return strings.HasPrefix(t, "@")
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// continuesBlock reports whether a line goes on with the compound
// statement above it: indented, or an else/elif/except/finally clause.
func continuesBlock(line string) bool {
	if line != "" && (line[0] == ' ' || line[0] == '\t') {
		return true
	}
	for _, kw := range []string{"else", "elif", "except", "finally"} {
		if strings.HasPrefix(line, kw) && (len(line) == len(kw) || !isNameByte(line[len(kw)])) {
			return true
		}
	}
	return false
}

// blockGoesOn looks past blank and comment lines for the next line: when
// it continues the block, the lines up to it are read again as part of
// the statement; otherwise they are put back.
func (sr *SourceReader) blockGoesOn() bool {
	var skipped []*srcLine
	for {
		l := sr.readLine()
		if l == nil {
			sr.pending = append(skipped, sr.pending...)
			return false
		}
		skipped = append(skipped, l)
		if t := strings.TrimSpace(l.text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		sr.pending = append(skipped, sr.pending...)
		return !l.tooLong && continuesBlock(l.text)
	}
}
