package eval

// Session.warned records the warnings the session has printed. Python's
// default warnings filter shows a warning once per (text, category,
// module, line): the module's __warningregistry__ remembers it. At the
// prompt every statement is line 1 of __main__, so a given warning shows
// once per session; in a script, once per line. (The table is the
// session's own: a global one keyed by session kept every session that
// ever warned, and all its variables, alive.)
type warnKey struct {
	loc, category, msg string
}

// warnedAt records a warning about to be shown at loc, and tells whether
// it was shown there before.
func (s *Session) warnedAt(loc, category, msg string) bool {
	_, done := s.warned.LoadOrStore(warnKey{loc, category, msg}, true)
	return done
}

// warnOnce prints a UserWarning the first time the session meets it,
// wherever that is: PyTorch's TORCH_WARN_ONCE.
func (s *Session) warnOnce(msg string) {
	if s.firstWarning("", msg) {
		s.Warn("UserWarning", msg)
	}
}

// firstWarning records a warning (category, msg) the session is about to
// show wherever it is, and tells whether this is the first time.
func (s *Session) firstWarning(category, msg string) bool {
	_, done := s.warned.LoadOrStore(warnKey{category: category, msg: msg}, true)
	return !done
}
