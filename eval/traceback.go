package eval

import (
	"fmt"
	"strings"
)

// Tracebacks: the frames an exception went through, printed as Python
// prints them for a script, and by %tb for the last error at the prompt.

// TraceFrame is one frame of a traceback.
type TraceFrame struct {
	Func string // "f", "<lambda>", "<module>"
	Line int
	// Text is the source line, without its indentation ("" when unknown).
	Text string
	// Carets marks the failing expression under Text, as CPython 3.11
	// does ("" when it spans the line or is unknown).
	Carets string
	// File is the source file of a library's frame (library_source.go);
	// "" for the session's own code.
	File string
}

// sourceLine returns line n of src, whose first line is first, without
// its indentation.
func sourceLine(src string, first, n int) string {
	return strings.TrimSpace(rawSourceLine(src, first, n))
}

// unwindTo records, in exc's traceback, the frames above depth (those the
// exception left), and leaves them.
func (s *Session) unwindTo(depth int, exc *Exception) {
	if len(s.stack) > depth && s.stack[depth] != nil {
		f := s.stack[depth]
		s.classNS, s.classQual, s.globals = f.savedNS, f.savedQual, f.savedGlobals
	}
	for i := len(s.stack) - 1; i >= depth; i-- {
		f := s.stack[i]
		line := s.failedLine(exc, f.callerNode, f.line)
		exc.Trace = append(exc.Trace, TraceFrame{Func: f.code.name, Line: line,
			Text:   sourceLine(f.code.src, f.code.firstLine, line),
			Carets: s.failedCarets(exc, f.code.src, f.code.firstLine, line, f.callerNode),
			File:   libraryFile(f.code.src)})
		exc.nextNode = f.callerNode
		s.stack[i] = nil
	}
	if len(s.stack) > depth && depth == 0 {
		s.line = s.moduleLine
	}
	s.stack = s.stack[:depth]
	s.frame = nil
	if depth > 0 {
		s.frame = s.stack[depth-1]
		s.line = s.frame.line
	}
}

// endStatement unwinds what an uncaught exception left, adds the module
// level's frame to its traceback and keeps it for %tb.
func (s *Session) endStatement(exc *Exception) {
	s.unwindTo(0, exc)
	line := s.failedLine(exc, nil, s.line)
	exc.Trace = append(exc.Trace, TraceFrame{Func: "<module>", Line: line,
		Text:   sourceLine(s.src, s.chunkLine, line),
		Carets: s.failedCarets(exc, s.src, s.chunkLine, line, nil)})
	s.handling = s.handling[:0]
	s.blockDepth = 0
	s.lastExc = exc
}

// Traceback formats exc as Python prints an uncaught exception: the
// frames, outermost first, then "Type: message". file names the source
// ("<stdin>" at the prompt).
func (e *Exception) Traceback(file string) string {
	return e.traceback(file, 0)
}

// Messages between the tracebacks of chained exceptions.
const (
	msgDirectCause = "\nThe above exception was the direct cause of the following exception:\n\n"
	msgDuringOther = "\nDuring handling of the above exception, another exception occurred:\n\n"
)

func (e *Exception) traceback(file string, depth int) string {
	var b strings.Builder
	if depth < 100 {
		switch {
		case e.Cause != nil:
			b.WriteString(e.Cause.traceback(file, depth+1))
			b.WriteString(msgDirectCause)
		case e.Context != nil && !e.SuppressContext:
			b.WriteString(e.Context.traceback(file, depth+1))
			b.WriteString(msgDuringOther)
		}
	}
	if len(e.Trace) > 0 {
		b.WriteString("Traceback (most recent call last):\n")
		// As Python, a frame repeated more than 3 times in a row (a
		// recursion) is shown 3 times, then counted.
		same := 0
		flush := func() {
			if same > 3 {
				fmt.Fprintf(&b, "  [Previous line repeated %d more time%s]\n", same-3, pluralS(same-3))
			}
			same = 0
		}
		for i := len(e.Trace) - 1; i >= 0; i-- {
			f := e.Trace[i]
			if i < len(e.Trace)-1 && f == e.Trace[i+1] {
				same++
			} else {
				flush()
				same = 1
			}
			if same > 3 {
				continue
			}
			ff := file
			if f.File != "" {
				ff = f.File
			}
			fmt.Fprintf(&b, "  File \"%s\", line %d, in %s\n", ff, f.Line, f.Func)
			if f.Text != "" && !strings.HasPrefix(ff, "<") { // CPython has no source for <stdin>, <string>
				fmt.Fprintf(&b, "    %s\n", f.Text)
				if f.Carets != "" {
					fmt.Fprintf(&b, "%s\n", f.Carets)
				}
			}
		}
		flush()
	}
	b.WriteString(e.Error())
	b.WriteString(e.noteLines())
	b.WriteByte('\n')
	return b.String()
}

// InFunction reports whether exc was raised inside a function call (its
// traceback has more than the module level), or while another was
// handled: then a script prints the whole traceback.
func (e *Exception) InFunction() bool {
	return len(e.Trace) > 1 || e.Cause != nil || e.Context != nil && !e.SuppressContext
}

// LastException is the last uncaught exception of the session (%tb).
func (s *Session) LastException() *Exception { return s.lastExc }

const msgNoTraceback = "No traceback available to show."

func init() {
	registerMagic(&Magic{
		Name:  "tb",
		Usage: "%tb",
		Doc:   "Prints the full traceback of the last error: the calls it went through, then its message.",
		Run: func(s *Session, arg string) {
			if s.lastExc == nil {
				s.write(msgNoTraceback + "\n")
				return
			}
			file := s.opts.Filename
			if file == "" {
				file = "<stdin>"
			}
			s.write(s.lastExc.Traceback(file))
		},
	})
}

// currentLine is the line of the statement being run in the innermost
// frame (a function's line when one runs), for the locations of warnings.
func (s *Session) currentLine() int {
	if s.frame != nil {
		return s.frame.line
	}
	return s.line
}
