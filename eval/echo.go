package eval

// EchoRule says which expression statements print their values.
type EchoRule int

const (
	// EchoPrompt is the interactive prompt's rule (CPython's 'single'
	// mode): every expression statement of an input prints its value,
	// inside loops and other blocks too, but not inside functions. The
	// REPL, transcripts, .tsh scripts and --echo follow it.
	EchoPrompt EchoRule = iota
	// EchoNone is a program's rule (`python3 FILE.py`, `python3 -c`):
	// expression statements print nothing.
	EchoNone
	// EchoLast is IPython's rule (its default ast_node_interactivity,
	// 'last_expr'), for notebooks: of each input (a cell), only the last
	// top-level statement prints its value, and only if it is an
	// expression statement.
	EchoLast
)

// SetEcho sets the session's echo rule (Options.Echo) and returns the one
// it replaces.
func (s *Session) SetEcho(r EchoRule) (old EchoRule) {
	old, s.opts.Echo = s.opts.Echo, r
	return old
}

// echoes reports whether the expression statement being run prints its
// value.
func (s *Session) echoes() bool {
	if s.frame != nil || s.classNS != nil || s.quiet {
		return false // only the input's own statements print (not a class body's)
	}
	if s.teach.ipython {
		// IPython's prompts: display (magic_state.go) shows the last.
		return s.blockDepth == 0
	}
	switch s.opts.Echo {
	case EchoNone:
		return false
	case EchoLast:
		return s.blockDepth == 0 && s.teach.lastStmt
	}
	return true
}
