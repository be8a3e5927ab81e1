//go:build !js

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// TestREPLBlocks: a compound statement takes "... " lines until an empty
// line, typed or pasted with its prompts (a bare "..." ends it too).
func TestREPLBlocks(t *testing.T) {
	var stdout, stderr bytes.Buffer
	sess := eval.NewSession(eval.Options{Out: &stdout, Warn: &stderr})
	in := &fakeReader{lines: []string{
		"for i in range(2):",
		"    print(i)",
		"",
		">>> def f(x):",
		"...     return x * 10",
		"...",
		"f(4)",
		"if True: print('one line')",
		"",
		"if x:",
		"",
	}}
	r := newREPL(sess, in, &stdout, &stderr, false)
	r.loop()
	if want := "0\n1\n40\none line\n"; stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}
	if want := "IndentationError: expected an indented block after 'if' statement on line 1\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	want := []string{">>> ", "... ", "... ", ">>> ", "... ", "... ", ">>> ", ">>> ", "... ", ">>> ", "... ", ">>> "}
	if strings.Join(in.prompts, "|") != strings.Join(want, "|") {
		t.Errorf("prompts %q, want %q", in.prompts, want)
	}
}

// entryReader is a fakeReader that records the history entries the REPL
// saves.
type entryReader struct {
	fakeReader
	entries []string
}

func (e *entryReader) SaveEntry(s string) { e.entries = append(e.entries, s) }

// TestREPLBlockHistory: a block is saved as one history entry.
func TestREPLBlockHistory(t *testing.T) {
	var stdout, stderr bytes.Buffer
	sess := eval.NewSession(eval.Options{Out: &stdout, Warn: &stderr})
	in := &entryReader{fakeReader: fakeReader{lines: []string{
		"x = 1",
		"for i in range(2):",
		"    x += i",
		"",
		"x",
	}}}
	r := newREPL(sess, in, &stdout, &stderr, false)
	r.loop()
	want := []string{"x = 1", "for i in range(2):\n    x += i", "x"}
	if strings.Join(in.entries, "|") != strings.Join(want, "|") {
		t.Errorf("entries %q, want %q", in.entries, want)
	}
	if stdout.String() != "2\n" {
		t.Errorf("stdout %q", stdout.String())
	}
}

// TestREPLCtrlDInBlock (issue 21, item 2): Ctrl-D at "... " ends the
// statement, as at CPython's prompt: a complete block runs, one cut short
// fails with CPython's error, and the session goes on.
func TestREPLCtrlDInBlock(t *testing.T) {
	var stdout, stderr bytes.Buffer
	sess := eval.NewSession(eval.Options{Out: &stdout, Warn: &stderr})
	in := &fakeReader{lines: []string{"def h():", "^D", "for i in range(2):", "    print(i)", "^D", "x = (1,", "^D", "print('alive')"}}
	status := newREPL(sess, in, &stdout, &stderr, false).loop()
	if status != exitOK || stdout.String() != "0\n1\nalive\n" {
		t.Errorf("status %d, stdout %q", status, stdout.String())
	}
	if want := "IndentationError: expected an indented block after function definition on line 1\nSyntaxError: '(' was never closed\n"; !strings.HasSuffix(stderr.String(), want) || !strings.Contains(stderr.String(), "IndentationError") {
		t.Errorf("stderr %q, want it to end %q", stderr.String(), want)
	}
}
