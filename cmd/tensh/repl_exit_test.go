//go:build !js

package main

import "testing"

// exit() and quit() leave the REPL as Python's do: the lines after them
// are not read, and the status is Python's.
func TestREPLExit(t *testing.T) {
	for _, c := range []struct {
		line   string
		status int
		stderr string
	}{
		{"exit()", 0, ""},
		{"quit(3)", 3, ""},
		{"exit('bye')", 1, "bye\n"},
		{"exit(None)", 0, ""},
	} {
		out, errs, _, status := runFake(t, nil, "print(1)", c.line, "print(2)")
		if status != c.status || out != "1\n" || errs != c.stderr {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want %d, \"1\\n\", %q", c.line, status, out, errs, c.status, c.stderr)
		}
	}
	// The names alone print how to leave, as in Python.
	out, _, _, _ := runFake(t, nil, "exit", "quit")
	if want := "Use exit() or Ctrl-D (i.e. EOF) to exit\nUse quit() or Ctrl-D (i.e. EOF) to exit\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
}
