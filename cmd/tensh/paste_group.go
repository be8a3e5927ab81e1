//go:build !js

package main

// PastedMore reports whether the line just read is followed by more lines
// of the same paste of code without prompts: the REPL reads them into the
// same input, which CPython 3.11's prompt compiles as a single statement
// (several statements in it are "multiple statements found while
// compiling a single statement").
func (t *terminalReader) PastedMore() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	more := t.grouped && (len(t.queued) > 0 || t.last != "")
	if !more {
		t.grouped = false
	}
	return more
}
