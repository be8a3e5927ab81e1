package eval

import (
	"io"

	"github.com/tensh/tensh/lang"
)

// The session's side of the teaching layer (hints, %trace, %explain,
// %strides, %graph): the context of the operation being evaluated and of
// the last failure, which the layer reads, and its switches.

// OpContext is the operation being evaluated.
type OpContext struct {
	Node lang.Node // *lang.BinaryExpr, *lang.CompareExpr, *lang.AugAssignStmt or *lang.CallExpr
	Op   lang.Op
	X, Y Value // operands of an operator
	Fn   Value // callee of a call
	Args *Args
}

// Failure is the context of the last exception.
type Failure struct {
	Exc *Exception
	Ctx OpContext
	Src string
}

// noteFailure keeps the context of an exception for Hint.
func (s *Session) noteFailure(e *Exception) {
	s.teach.lastFail = Failure{Exc: e, Ctx: s.teach.ctx, Src: s.src}
}

// HintsEnabled reports whether hints are on (Options.Hints, %hints).
func (s *Session) HintsEnabled() bool { return s.teach.hints }

// SetHints turns hints on or off.
func (s *Session) SetHints(on bool) { s.teach.hints = on }

// SetTrace turns %trace on or off.
func (s *Session) SetTrace(on bool) { s.teach.tracing = on }

// Tracing reports whether %trace is on.
func (s *Session) Tracing() bool { return s.teach.tracing }

func (s *Session) traceWriter() io.Writer { return s.opts.Warn }

// LastFailure is the context of the last exception a statement raised.
func (s *Session) LastFailure() Failure { return s.teach.lastFail }

// TorchModule is the session's torch namespace (nil without one).
func (s *Session) TorchModule() *Module { return s.torch }

// ExplainOperands are the library functions whose array operands
// broadcast together: from a call's arguments, the operands and the
// dimension of the first where the second starts (-1: the trailing
// alignment of NumPy's rule).
var ExplainOperands = map[*Builtin]func(a *Args) (ops []Value, axis int){}

// ExplainStop unwinds %explain's walk after a failing step or an unknown
// value; the core's guards let it through.
type ExplainStop struct{}

// Teaching is what the core and the front ends ask of the teaching layer
// (package teach), which fills it in from its init. Without it, hints and
// the explanations are empty and %trace reports nothing.
var Teaching struct {
	// Hint and CauseOf are Session.Hint and Session.CauseOf.
	Hint, CauseOf func(s *Session, e *Exception) string

	// Explain, Strides and Graph are the texts of %explain, %strides and
	// %graph for the statement or expression src.
	Explain, Strides, Graph func(s *Session, src string) string

	// TraceOperator, TraceInplace and TraceCall report the implicit
	// broadcasts of an operator, an augmented assignment and a call that
	// succeeded, while %trace is on; src is the source the nodes come from.
	TraceOperator func(s *Session, src string, xn, yn lang.Node, op lang.Op, x, y, r Value)
	TraceInplace  func(s *Session, src string, st *lang.AugAssignStmt, x, y Value)
	TraceCall     func(s *Session, src string, e *lang.CallExpr, fn Value, args *Args, r Value)
}

// Hint returns the cause line for e, the exception Exec just returned,
// or "" when hints are off or tensh has nothing to add. The REPL prints
// it (dimmed) under the error; transcripts never show it.
func (s *Session) Hint(e *Exception) string {
	if Teaching.Hint == nil {
		return ""
	}
	return Teaching.Hint(s, e)
}

// CauseOf returns the cause line for e whether or not hints are on.
func (s *Session) CauseOf(e *Exception) string {
	if Teaching.CauseOf == nil {
		return ""
	}
	return Teaching.CauseOf(s, e)
}

// Explain is %explain's text for src.
func (s *Session) Explain(src string) string {
	if Teaching.Explain == nil {
		return ""
	}
	return Teaching.Explain(s, src)
}

// Strides is %strides' text for the expression src.
func (s *Session) Strides(src string) string {
	if Teaching.Strides == nil {
		return ""
	}
	return Teaching.Strides(s, src)
}

// Graph is %graph's text for the expression src.
func (s *Session) Graph(src string) string {
	if Teaching.Graph == nil {
		return ""
	}
	return Teaching.Graph(s, src)
}
