package eval

// The exported forms of the core internals that the magics (package magic)
// use; each forwards to the unexported one.

// Display shows the value of an expression statement: its repr, as
// Python's REPL does, or "Out[n]: repr" with IPython prompts (where only
// the last expression of an input is shown, and Out[n] and _n keep it).
func (s *Session) Display(v Value) { s.display(v) }

// FmtShape is a shape as %whos and the explanations print it: [2, 3].
func FmtShape(s []int) string { return fmtShape(s) }

// MsgCompatUsage is msgCompatUsage.
const MsgCompatUsage = msgCompatUsage

// MsgExplainUsage is msgExplainUsage.
const MsgExplainUsage = msgExplainUsage

// MsgFileUsage is msgFileUsage.
const MsgFileUsage = msgFileUsage

// MsgHistorySaved is msgHistorySaved.
const MsgHistorySaved = msgHistorySaved

// MsgHistoryUsage is msgHistoryUsage.
const MsgHistoryUsage = msgHistoryUsage

// MsgLoadNoREPL is msgLoadNoREPL.
const MsgLoadNoREPL = msgLoadNoREPL

// MsgLoadTooLong is msgLoadTooLong.
const MsgLoadTooLong = msgLoadTooLong

// MsgPromptUsage is msgPromptUsage.
const MsgPromptUsage = msgPromptUsage

// MsgResetUsage is msgResetUsage.
const MsgResetUsage = msgResetUsage

// MsgSaveAsk is msgSaveAsk.
const MsgSaveAsk = msgSaveAsk

// MsgSaveCancelled is msgSaveCancelled.
const MsgSaveCancelled = msgSaveCancelled

// MsgSaveExt is msgSaveExt.
const MsgSaveExt = msgSaveExt

// MsgSaveHeader is msgSaveHeader.
const MsgSaveHeader = msgSaveHeader

// MsgSaveUsage is msgSaveUsage.
const MsgSaveUsage = msgSaveUsage

// MsgSlowest is msgSlowest.
const MsgSlowest = msgSlowest

// MsgStateIs is msgStateIs.
const MsgStateIs = msgStateIs

// MsgStridesNotT is msgStridesNotT.
const MsgStridesNotT = msgStridesNotT

// MsgTimeUsage is msgTimeUsage.
const MsgTimeUsage = msgTimeUsage

// MsgTimeitBadOpt is msgTimeitBadOpt.
const MsgTimeitBadOpt = msgTimeitBadOpt

// MsgWhoEmpty is msgWhoEmpty.
const MsgWhoEmpty = msgWhoEmpty

// MsgWhoNoMatch is msgWhoNoMatch.
const MsgWhoNoMatch = msgWhoNoMatch

// MsgWhosTensor is msgWhosTensor.
const MsgWhosTensor = msgWhosTensor

// Print writes text to the session's output.
func (s *Session) Print(text string) { s.write(text) }

// SyntaxError is the SyntaxError for an error of lang.Parse: the
// message CPython gives.
func SyntaxError(err error) *Exception { return syntaxError(err) }
