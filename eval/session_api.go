package eval

import "github.com/tensh/tensh/lang"

// SetREPL connects the session to the REPL that runs it: confirm asks the
// user a yes-or-no question (%save over an existing file), queue puts lines
// into the next inputs (%load). Without them (scripts, --echo, check), %save
// does not overwrite and %load fails.
func (s *Session) SetREPL(confirm func(question string) bool, queue func(lines []string)) {
	s.teach.confirm, s.teach.queue = confirm, queue
}

// REPL returns the hooks SetREPL connected (nil without a REPL).
func (s *Session) REPL() (confirm func(question string) bool, queue func(lines []string)) {
	return s.teach.confirm, s.teach.queue
}

// RunDepth is how many %run are running inside each other.
func (s *Session) RunDepth() int { return s.teach.runDepth }

// EnterRun counts one more %run running until the returned function is
// called.
func (s *Session) EnterRun() (leave func()) {
	s.teach.runDepth++
	return func() { s.teach.runDepth-- }
}

// Options returns the options the session was made with.
func (s *Session) Options() Options { return s.opts }

// History returns the session's inputs, oldest first (the current one
// last); CurrentInput the one being executed (nil between inputs).
func (s *Session) History() []*Input { return s.teach.history }

// CurrentInput is the input being executed (nil between inputs).
func (s *Session) CurrentInput() *Input { return s.teach.cur }

// Number is the input's number (In [n]).
func (h *Input) Number() int { return h.n }

// Source is the input's text.
func (h *Input) Source() string { return h.src }

// MagicName is the magic the input ran ("" for Python).
func (h *Input) MagicName() string { return h.magic }

// Output is what the input printed (up to histOutputMax bytes).
func (h *Input) Output() []byte { return h.out.Bytes() }

// ErrorLine is the "Type: message" line of the error that ended the
// input ("" when it completed).
func (h *Input) ErrorLine() string { return h.errLine }

// InitialBinding is what NewSession bound to name (hidden from %who).
func (s *Session) InitialBinding(name string) (Value, bool) {
	v, ok := s.teach.initial[name]
	return v, ok
}

// ClearOut empties IPython's Out[n] cache.
func (s *Session) ClearOut() { s.teach.out = map[int]Value{} }

// OutObject is the session's Out object (IPython's Out[n]).
func (s *Session) OutObject() Value { return Value(s.teach.outObj) }

// SetQuiet sets whether expression statements print their values, until
// the returned function restores the previous setting.
func (s *Session) SetQuiet(quiet bool) (restore func()) {
	old := s.quiet
	s.quiet = quiet
	return func() { s.quiet = old }
}

// SetSource sets the source text errors and traces quote, until the
// returned function restores the previous one.
func (s *Session) SetSource(src string) (restore func()) {
	old := s.src
	s.src = src
	return func() { s.src = old }
}

// Eval evaluates an expression; ExecStmt executes one statement.
func (s *Session) Eval(e lang.Expr) Value { return s.eval(e) }

// ExecStmt executes one statement of the session's input.
func (s *Session) ExecStmt(st lang.Stmt) { s.execOne(st) }
