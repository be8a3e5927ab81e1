//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHistoryKeepsLinesAndLeavesNoLock (issue 27, item 13; issue 21, item
// 9): a line that is not UTF-8 survives the rewrite of the history file
// (it is not offered to the line editor); no lock file is left beside the
// history; a failure is told in CPython's words.
func TestHistoryKeepsLinesAndLeavesNoLock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hist")
	var old strings.Builder
	for i := range historyLimit + historySlack {
		old.WriteString("x = " + strings.Repeat("1", i%7+1) + "\n")
	}
	old.WriteString("s = '\xe9t\xe9'\n") // Latin-1
	os.WriteFile(path, []byte(old.String()), 0o600)
	var warn bytes.Buffer
	h, past := openHistory(path, &warn)
	for _, l := range past {
		if strings.HasPrefix(l, "s = ") {
			t.Errorf("a line that is not UTF-8 offered to the editor: %q", l)
		}
	}
	h.add([]string{"y = 2"}) // past the limit: the file is rewritten
	b, _ := os.ReadFile(path)
	if !bytes.Contains(b, []byte("s = '\xe9t\xe9'\ny = 2\n")) || strings.Count(string(b), "\n") != historyLimit {
		t.Errorf("rewritten history ends %q (%d lines)", b[max(0, len(b)-40):], strings.Count(string(b), "\n"))
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files beside the history: %q", names)
	}
	warn.Reset() // (the file was over the limit: a warning said so)

	// A history in a folder that went away: one warning, in CPython's words.
	gone := filepath.Join(t.TempDir(), "gone", "hist")
	h, _ = openHistory(gone, &warn)
	h.add([]string{"z = 3"})
	if got := warn.String(); !strings.Contains(got, "FileNotFoundError: [Errno 2] No such file or directory: '") || strings.Contains(got, "open ") {
		t.Errorf("warning %q", got)
	}
}
