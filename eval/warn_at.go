package eval

import "fmt"

// WarnAt prints a warning raised from a line of a library's own Python
// source (NumPy's numpy/core/_methods.py, say), as the warnings module
// shows it wherever the session runs: FILE:LINE: Category: message, then
// the source line indented by two spaces; once per location and message.
func (s *Session) WarnAt(file string, line int, category, msg, source string) {
	loc := fmt.Sprintf("%s:%d", file, line)
	if s.warnedAt(loc, category, msg) {
		return
	}
	fmt.Fprintf(s.opts.Warn, "%s: %s: %s\n  %s\n", loc, category, msg, source)
}
