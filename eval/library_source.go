package eval

import (
	"fmt"
	"sync"

	"github.com/tensh/tensh/lang"
)

// LibrarySource runs src, the tensh-Python source of part of a library
// (file names it in errors), and returns what its module level binds. It
// runs in a namespace of its own and leaves the state of the statement
// under way as it was, so that a library can load its Python part while
// an import runs. The functions it defines find their global names in the
// session's namespace when they run: a library's source keeps its names
// in an enclosing function, whose closures its classes and functions use.
func (s *Session) LibrarySource(file, src string) map[string]Value {
	saved := s.stmtState
	line, text, srcLine, globals := s.line, s.src, s.srcLine, s.globals
	classNS, classQual := s.classNS, s.classQual
	defer func() {
		s.stmtState = saved
		s.line, s.src, s.srcLine, s.globals = line, text, srcLine, globals
		s.classNS, s.classQual = classNS, classQual
	}()
	librarySources.Store(src, file)
	ns := map[string]Value{}
	s.globals = ns
	s.stmtState = stmtState{codes: map[lang.Node]*funcCode{}, chunkLine: 1, quiet: true}
	s.src, s.line, s.srcLine, s.classNS, s.classQual = src, 1, 1, nil, ""
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", file, err)) // the library's own source: a bug in tensh
	}
	for _, st := range stmts {
		s.execOne(st)
	}
	for _, v := range ns {
		if f, ok := v.(*Function); ok {
			f.libraryBody = true
		}
	}
	return ns
}

// librarySources are the sources LibrarySource ran: their functions'
// frames are the library's, not the user's.
var librarySources sync.Map

// libraryFile is the file a library's source names in tracebacks ("" for
// the session's own code).
func libraryFile(src string) string {
	f, _ := librarySources.Load(src)
	name, _ := f.(string)
	return name
}

func isLibrarySource(src string) bool {
	_, ok := librarySources.Load(src)
	return ok
}

// userFrame is the innermost frame of the user's code: the one a
// library's warnings name (PyTorch's stacklevel points there).
func (s *Session) userFrame() TraceFrame {
	if f := s.frame; f != nil && !isLibrarySource(f.code.src) {
		return s.hereFrame()
	}
	for i := len(s.stack) - 1; i >= 0; i-- {
		if f := s.stack[i]; f != nil && f != s.frame && !isLibrarySource(f.code.src) {
			return TraceFrame{Func: f.code.name, Line: f.line, Text: sourceLine(f.code.src, f.code.firstLine, f.line)}
		}
	}
	if s.frame == nil {
		return s.hereFrame()
	}
	return TraceFrame{Func: "<module>", Line: s.moduleLine, Text: sourceLine(s.src, s.chunkLine, s.moduleLine)}
}
