package eval

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// Compat selects which PyTorch a session imitates where the seed documents
// and today's PyTorch differ (SCOPE.md, "Compat modes").
type Compat int

const (
	CompatCurrent Compat = iota // what PyTorch 1.13 prints (the default)
	CompatDocs                  // what the seed documents print (%compat docs)
)

func (c Compat) String() string {
	if c == CompatCurrent {
		return "current"
	}
	return "docs"
}

// ParseCompat parses "docs" or "current".
func ParseCompat(s string) (Compat, bool) {
	switch s {
	case "docs":
		return CompatDocs, true
	case "current":
		return CompatCurrent, true
	}
	return 0, false
}

// Options configure a Session.
type Options struct {
	// Out receives values of expression statements and print() output.
	Out io.Writer
	// Warn receives warnings; nil means Out.
	Warn io.Writer
	// Filename names the source in warning locations; "" means an
	// interactive session, whose warnings say "__main__:1".
	Filename string
	Compat   Compat
	// Hints enables the dimmed cause line after errors (REPL default).
	Hints bool
	// HintOut is where --echo writes hints (stderr, so that the transcript
	// on Out stays PyTorch's); nil: --echo prints none (tensh check).
	HintOut io.Writer
	// Width returns the terminal's width, to which %explain and %help
	// wrap their prose; nil (scripts, --echo, check): no wrapping.
	Width func() int
	// Result, when set, receives the value of each top-level expression
	// statement instead of Out (a front end that shows values itself: the
	// Jupyter kernel's execute_result); it returns whether it showed the
	// value, which then becomes _.
	Result func(v Value) (shown bool)
	// Echo says which expression statements print their values (echo.go):
	// the prompt's rule unless set.
	Echo EchoRule
}

// Session is one interpreter: its variables, settings and state survive
// errors in individual statements.
type Session struct {
	opts    Options
	globals map[string]Value
	line    int // line of the statement being executed
	src     string
	srcLine int // line number of src's first line

	// Compat is the current compat mode (%compat changes it).
	Compat Compat
	// BroadcastWarning is torch.utils.backcompat.broadcast_warning.enabled.
	BroadcastWarning bool

	torch *Module
	mods  map[string]*Module // library modules imported (modules.go)

	// cmpRec bounds the recursion of == and < over nested sequences.
	cmpRec recursion

	// teach is the state of the teaching and notebook features (hints,
	// %trace, history, IPython prompts): see magic_state.go.
	teach teachState
	// curNode is the call, operator, comparison, attribute or subscript
	// being evaluated; an exception leaves it at the one that failed (the
	// carets of tracebacks, traceback_carets.go).
	curNode lang.Node
	// lastIdent is the last global name loaded (a NameError's).
	lastIdent *lang.Ident

	// classNS is the namespace of the class body being run (nil outside
	// one), classQual its __qualname__ (class.go).
	classNS   *Dict
	classQual string
	// recSuffix is the suffix of a RecursionError raised by the next
	// call (a special method that CPython's C code calls: class_proto.go).
	recSuffix string
	// The statement evaluator's frames and scopes (stmt_exec.go).
	stmtState
	// modules are the modules imported so far (modules.go).
	modules map[string]*Module
	// warned records the warnings printed (warn_once.go); libState is
	// what libraries keep for the session (session_libstate.go). Both
	// live on the session, so that they go with it.
	warned   sync.Map // warnKey -> bool
	libMu    sync.Mutex
	libState map[any]any
}

// NewSession makes a session with the torch namespace loaded.
func NewSession(opts Options) *Session {
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Warn == nil {
		opts.Warn = opts.Out
	}
	// The runtime's settings are process state, as in PyTorch; a new
	// session starts from PyTorch's defaults (tests and `tensh check` run
	// several sessions in one process).
	tensor.SetPrintOptions(tensor.DefaultPrintOptions())
	tensor.SetDefaultFloat(tensor.Float32)
	autograd.Reset()
	s := &Session{opts: opts, globals: map[string]Value{}, Compat: opts.Compat}
	defaultSessionOnce.Do(func() { defaultSession = s })
	if Tensors.Namespace != nil {
		s.torch = Tensors.Namespace(s)
		s.globals[s.torch.Name] = s.torch
	}
	s.initTeach()
	return s
}

// Out is where the session prints.
func (s *Session) Out() io.Writer { return s.opts.Out }

// SetOutput redirects values and print() output (and warnings, when they
// shared the old writer).
func (s *Session) SetOutput(out, warn io.Writer) {
	s.opts.Out = out
	if warn == nil {
		warn = out
	}
	s.opts.Warn = warn
	s.wrapOutput()
}

// Globals returns the names bound in the session (for completion and %who).
func (s *Session) Globals() map[string]Value { return s.globals }

// Lookup finds a name as the evaluator would.
func (s *Session) Lookup(name string) (Value, bool) { return s.lookup(name) }

// Exec runs one logical line of source: statements separated by ';', or
// a magic line starting with '%'. firstLine numbers its first line.
// Expression values are printed to Out. The first exception stops the line
// and is returned; the session stays usable.
func (s *Session) Exec(src string, firstLine int) (exc *Exception) {
	if s.teach.depth == 0 {
		// The last failure's context (for Hint) holds its operands: let
		// them go, so that `del x` frees x's memory.
		s.teach.lastFail = Failure{}
	}
	h := s.beginInput(src)
	exc = s.exec(src, firstLine)
	s.endInput(h, exc)
	return exc
}

func (s *Session) exec(src string, firstLine int) (exc *Exception) {
	s.line = firstLine
	s.src = src
	s.chunkLine = firstLine
	s.frame, s.stack, s.codes = nil, s.stack[:0], map[lang.Node]*funcCode{}
	s.srcLine = firstLine
	if m := strings.TrimSpace(src); strings.HasPrefix(m, "%") {
		return s.guard(func() {
			tensor.CheckInterrupt()
			s.runMagic(m)
		})
	}
	stmts, err := lang.Parse(src, firstLine)
	if err != nil {
		e := &Exception{Type: "SyntaxError", Msg: errInvalidSyntax, Line: firstLine}
		if le, ok := err.(*lang.Error); ok {
			e.Msg = le.Msg
			e.Type = parseErrorType(le.Msg)
			if le.Pos.Line > 0 {
				e.Line = le.Pos.Line
			}
		}
		s.lastExc = e
		return e
	}
	if e := interactiveCheck(stmts); e != nil {
		s.lastExc = e
		return e
	}
	for i, st := range stmts {
		start, _ := st.Span()
		if start.Line > 0 {
			s.line = start.Line
		}
		s.teach.ctx = OpContext{}
		s.teach.lastStmt = i == len(stmts)-1
		// A Ctrl-C that came while no statement polled (between two
		// statements of a script) stops the next one, as in Python.
		e := s.guard(func() {
			tensor.CheckInterrupt()
			s.execOne(st)
		})
		if e != nil {
			s.endStatement(e)
			s.noteFailure(e)
		}
		s.teach.ctx = OpContext{} // nor may the operands of the last operation
		if e != nil {
			return e
		}
	}
	return nil
}

// guard runs f, converting the panics that carry Python exceptions (and
// any unexpected panic, as InternalError) into an *Exception.
func (s *Session) guard(f func()) (exc *Exception) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		switch e := r.(type) {
		case ExplainStop:
			panic(e) // %explain's own unwinding, through nested guards
		case *Exception:
			exc = e
		case *tensor.Error:
			exc = fromTensorError(e)
		case runtime.Error:
			if strings.Contains(e.Error(), "stack overflow") {
				exc = &Exception{Type: "RecursionError", Msg: errRecursion}
			} else {
				exc = internalError(e)
			}
		default:
			exc = internalError(e)
		}
		if exc.Line == 0 {
			exc.Line = s.line
		}
		s.suggestName(exc)
	}()
	f()
	return nil
}

// internalError reports a bug: a Go panic that was not a Python exception.
func internalError(r any) *Exception {
	msg := fmt.Sprint(r)
	if os.Getenv("TENSH_DEBUG") != "" {
		msg += "\n" + string(debug.Stack())
	}
	return &Exception{Type: "InternalError", Msg: msg + " (this is a bug in tensh; please report it)"}
}

// Warn prints a Python warning with its location, as the warnings module
// does under its default filter: once per location (see warnedAt).
// At the prompt the location is "<stdin>:1" as Python 3.11 prints it
// (the seed documents' older Python printed "__main__:1": the docs compat
// mode keeps that); in a script it is FILE:LINE, followed by the source
// line, indented (warnings.go).
//
// The line is that of the innermost Python frame running: the line of the
// input (a block's second line is <stdin>:2) or of the script.
func (s *Session) Warn(category, msg string) { s.warnFrame(s.userFrame(), category, msg) } // library_source.go

// warnFrame is Warn pointing at the frame fr (warnings.warn's stacklevel).
func (s *Session) warnFrame(fr TraceFrame, category, msg string) {
	line := max(fr.Line, 1)
	loc := fmt.Sprintf("__main__:%d", line)
	if s.Compat == CompatCurrent {
		loc = fmt.Sprintf("<stdin>:%d", line)
	}
	if s.opts.Filename != "" {
		loc = fmt.Sprintf("%s:%d", s.opts.Filename, line)
	}
	if s.warnedAt(loc, category, msg) {
		return
	}
	fmt.Fprintf(s.opts.Warn, "%s: %s: %s\n%s", loc, category, msg, s.warnSourceLine(fr))
}

func (s *Session) lookup(name string) (Value, bool) {
	if v, ok := s.globals[name]; ok {
		return v, true
	}
	if v, ok := builtinValues[name]; ok { // before pyBuiltins: help
		return v, true
	}
	if b, ok := pyBuiltins[name]; ok {
		return b, true
	}
	if c, ok := builtinClasses[name]; ok {
		return c, true
	}
	if v, ok := builtinValues[name]; ok {
		return v, true
	}
	// Bare names of torch functions work without `torch.`.
	if s.torch != nil {
		if v, ok := s.torch.Members[name]; ok {
			return v, true
		}
	}
	return nil, false
}
