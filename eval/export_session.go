package eval

import "io"

// WarnOut is where the session prints warnings.
func (s *Session) WarnOut() io.Writer { return s.opts.Warn }

// TraceOut is where %trace writes its lines, or nil when %trace is off.
func (s *Session) TraceOut() io.Writer {
	if !s.teach.tracing {
		return nil
	}
	return s.traceWriter()
}

// Bind sets the session a call runs in, for a call made without
// Session.Call (which sets it).
func (a *Args) Bind(s *Session) *Args {
	a.s = s
	return a
}

// SortedKeys is the keys of m, sorted.
func SortedKeys[V any](m map[string]V) []string { return sortedKeys(m) }
