package eval

// Pictures draws the picture of a magic's line for a front end (package
// magic: %explain and %strides); nil when no package draws.
var Pictures func(s *Session, line string) (doc string, exc *Exception)

// Picture returns the SVG picture of a line of %explain or %strides (with
// or without --svg FILE, which it ignores: it writes nothing), "" for any
// other line, and the exception that drawing it raised.
func (s *Session) Picture(line string) (doc string, exc *Exception) {
	if Pictures == nil {
		return "", nil
	}
	return Pictures(s, line)
}

// Source is the source text errors and traces quote (see SetSource).
func (s *Session) Source() string { return s.src }
