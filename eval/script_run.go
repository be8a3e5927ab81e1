package eval

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tensh/tensh/lang"
)

// Running a script as `python3 FILE` runs it (issue 21, items 10 and 11):
// the whole file is compiled before anything runs, so that a syntax error
// anywhere runs nothing and is reported as CPython reports it (its file,
// line, source line and caret); an uncaught error prints CPython's
// traceback, the module level's frame included.

// RunScript runs src as a script: the first uncaught error is printed on
// errw as CPython prints it and stops the script. It returns the
// exception, or nil. name is the file as tracebacks name it (CPython
// makes a script's path absolute; "<string>" for -c).
func (s *Session) RunScript(name, src string, errw io.Writer) *Exception {
	e, _ := s.RunScriptFrom(name, strings.NewReader(src), IsTranscript(src), errw)
	return e
}

// RunScriptFrom is RunScript reading the script (or a transcript, when
// transcript is set) from r. err is a read error. A script is read and
// compiled whole first; a transcript's statements are compiled one at a
// time, as at the prompt.
func (s *Session) RunScriptFrom(name string, r io.Reader, transcript bool, errw io.Writer) (exc *Exception, err error) {
	sr := NewSourceReader(r, transcript)
	var chunks []Chunk
	for {
		c, err := sr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if c.Comment {
			continue
		}
		if !transcript {
			if e, msg := compileChunk(name, c); e != nil {
				fmt.Fprint(errw, msg)
				return e, nil
			}
		}
		chunks = append(chunks, c)
	}
	for _, c := range chunks {
		e := c.Err
		if e == nil {
			e = s.Exec(c.Code(), c.Line)
		}
		if _, msg, ok := e.ExitStatus(); ok { // exit(): the script ends
			if msg != "" {
				fmt.Fprintln(errw, msg)
			}
			return e, nil
		}
		if e != nil {
			fmt.Fprint(errw, scriptTraceback(name, c, e))
			if h := s.Hint(e); h != "" {
				fmt.Fprintln(errw, h)
			}
			return e, nil
		}
	}
	return nil, nil
}

// compileChunk compiles one statement of a script, and returns the
// SyntaxError (with CPython's report of it) that stops the script before
// it runs. Magic lines are tensh's own and are not compiled.
func compileChunk(file string, c Chunk) (*Exception, string) {
	if c.Err != nil {
		return c.Err, syntaxReport(file, c.Err.Line, c.Lines[0], 0, c.Err)
	}
	src := c.Code()
	if strings.HasPrefix(strings.TrimSpace(src), "%") {
		return nil, ""
	}
	_, err := lang.Parse(src, c.Line)
	if err == nil {
		return nil, ""
	}
	var le *lang.Error
	if errors.As(err, &le) {
		le = neverClosed(c, le)
		err = le
	}
	e := syntaxError(err)
	e.Line = c.Line
	col := 0
	if le != nil && le.Pos.Line > 0 {
		e.Line, col = le.Pos.Line, le.Pos.Col
	}
	text, ok := chunkLine(c, e.Line)
	if !ok {
		// Reported past the end (an input cut short): CPython shows the
		// last line, without a caret.
		e.Line, text, col = c.Line+len(c.Lines)-1, c.Lines[len(c.Lines)-1], 0
	}
	switch {
	case e.Type != "IndentationError":
	case strings.HasPrefix(e.Msg, "unindent does not match"):
		col = len(strings.TrimRight(text, " \t\r")) + 1 // CPython: after the line
	default:
		col = 0 // CPython shows no caret for the others
	}
	return e, syntaxReport(file, e.Line, text, col, e)
}

// neverClosed is CPython's last look at a file that failed to parse: when
// a bracket is still open at the end of the file and the parser failed on
// a later line than the bracket's, the error is that the bracket "was
// never closed" (_PyPegen_tokenize_full_source_to_check_for_errors). A
// statement of a script is open at its end only at the end of the file;
// the parser is taken to have failed on the statement's last line.
func neverClosed(c Chunk, le *lang.Error) *lang.Error {
	if le.Incomplete {
		return le
	}
	line, col, ch, ok := innermostOpen(c.Lines)
	if !ok || c.Line+line >= c.Line+len(c.Lines)-1 {
		return le
	}
	return &lang.Error{Msg: fmt.Sprintf("'%c' was never closed", ch),
		Pos: lang.Pos{Line: c.Line + line, Col: col + 1}}
}

// innermostOpen finds the innermost bracket still open after lines (0-based
// line and byte column), skipping strings and comments.
func innermostOpen(lines []string) (line, col int, ch byte, ok bool) {
	type open struct {
		line, col int
		ch        byte
	}
	var stack []open
	quote := ""
	for n, l := range lines {
		for i := 0; i < len(l); i++ {
			switch b := l[i]; {
			case quote != "":
				if b == '\\' {
					i++
				} else if strings.HasPrefix(l[i:], quote) {
					i += len(quote) - 1
					quote = ""
				}
			case b == '#':
				i = len(l)
			case b == '"' || b == '\'':
				quote = string(b)
				if strings.HasPrefix(l[i:], strings.Repeat(quote, 3)) {
					quote = strings.Repeat(quote, 3)
					i += 2
				}
			case b == '(' || b == '[' || b == '{':
				stack = append(stack, open{n, i, b})
			case b == ')' || b == ']' || b == '}':
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			}
		}
		if len(quote) == 1 && !strings.HasSuffix(l, "\\") {
			quote = ""
		}
	}
	if len(stack) == 0 {
		return 0, 0, 0, false
	}
	o := stack[len(stack)-1]
	return o.line, o.col, o.ch, true
}

// chunkLine is line n of the chunk's source.
func chunkLine(c Chunk, n int) (string, bool) {
	i := n - c.Line
	if i < 0 || i >= len(c.Lines) {
		return "", false
	}
	return c.Lines[i], true
}

// syntaxReport is a SyntaxError as CPython prints it for a file: where,
// the source line without its indentation, a caret under column col (from
// 1; none when 0), then "Type: message".
func syntaxReport(file string, line int, text string, col int, e *Exception) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  File \"%s\", line %d\n", file, line)
	trimmed := strings.TrimLeft(text, " \t\f")
	if strings.TrimSpace(text) != "" {
		fmt.Fprintf(&b, "    %s\n", strings.TrimRight(trimmed, " \t\r\n"))
		if c := col - 1 - (len(text) - len(trimmed)); col > 0 && c >= 0 && c <= len(trimmed) {
			b.WriteString("    ")
			for _, r := range trimmed[:c] {
				if r == '\t' || r == '\f' {
					b.WriteRune(r)
				} else {
					b.WriteByte(' ')
				}
			}
			b.WriteString("^\n")
		}
	}
	b.WriteString(e.Error() + "\n")
	return b.String()
}

// scriptTraceback is an uncaught error of a script as CPython prints it:
// the traceback, ending at the module level's line. An error raised by
// a magic line has no frames of its own: its line stands for them.
func scriptTraceback(file string, c Chunk, e *Exception) string {
	if e.Type == "SyntaxError" || e.Type == "IndentationError" {
		if len(e.Trace) == 0 { // a transcript's statement
			text, _ := chunkLine(c, e.Line)
			return syntaxReport(file, e.Line, text, 0, e)
		}
	}
	if len(e.Trace) == 0 {
		line := e.Line
		if line == 0 {
			line = c.Line
		}
		text, _ := chunkLine(c, line)
		e.Trace = []TraceFrame{{Func: "<module>", Line: line, Text: strings.TrimSpace(text)}}
	}
	return e.Traceback(file)
}
