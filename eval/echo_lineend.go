package eval

import "io"

// lineEnd is a writer that remembers whether what was written last ended
// its line (--echo ends it before the next statement's echo).
type lineEnd struct {
	w    io.Writer
	open bool
}

func (l *lineEnd) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	if n > 0 {
		l.open = p[n-1] != '\n'
	}
	return n, err
}

// trackLineEnd puts a lineEnd under the session's output (inside the
// recorder that keeps it for %save) and returns it.
func (s *Session) trackLineEnd() *lineEnd {
	s.wrapOutput()
	r := s.opts.Out.(*recorder)
	if le, ok := r.w.(*lineEnd); ok {
		return le
	}
	le := &lineEnd{w: r.w}
	r.w = le
	return le
}
