package eval

// The exported forms of the core internals that the magics (package magic)
// use; each forwards to the unexported one.

// Display shows the value of an expression statement: its repr, as
// Python's REPL does, or "Out[n]: repr" with IPython prompts (where only
// the last expression of an input is shown, and Out[n] and _n keep it).
func (s *Session) Display(v Value) { s.display(v) }

// MsgSaveHeader is msgSaveHeader.
const MsgSaveHeader = msgSaveHeader

// Print writes text to the session's output.
func (s *Session) Print(text string) { s.write(text) }

// SyntaxError is the SyntaxError for an error of lang.Parse: the
// message CPython gives.
func SyntaxError(err error) *Exception { return syntaxError(err) }
