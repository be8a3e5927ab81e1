package eval

import "github.com/tensh/tensh/lang"

// The exported forms of the core internals that the teaching layer (package
// teach) uses; each forwards to the unexported one.

// ErrNameNotDefined is errNameNotDefined.
const ErrNameNotDefined = errNameNotDefined

// EvalSlice is evalSlice.
func (s *Session) EvalSlice(e *lang.SliceExpr) Value { return s.evalSlice(e) }

// FirstSimpleStmt is the first simple statement of st: st itself, or the
// first one of a compound statement's body (nil for an empty one).
func FirstSimpleStmt(st lang.Stmt) lang.Stmt { return firstSimpleStmt(st) }

// GetItem is x[idx].
func (s *Session) GetItem(x Value, idx Value) Value { return s.getItem(x, idx) }

// ToInts converts an int list argument: an int, or a tuple/list/Size of ints.
func (a *Args) ToInts(name string, v Value) []int { return a.toInts(name, v) }

// Unary computes -x, +x, ~x.
func (s *Session) Unary(op lang.Op, x Value) Value { return s.unary(op, x) }

// Width is the terminal's width, or 0 when output is not wrapped.
func (s *Session) Width() int { return s.width() }

// WrapText wraps each line of text to width columns (0: as it is).
func WrapText(text string, width int) string { return wrapText(text, width) }

// WrapTextKeep is wrapText, except for the lines keep reports (columns).
func WrapTextKeep(text string, width int, keep func(line string) bool) string {
	return wrapTextKeep(text, width, keep)
}
