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
