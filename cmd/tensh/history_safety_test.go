//go:build !js

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 16, item 2: the history file is never replaced when it is not a
// regular file the user may write, reads are bounded, and trimming is
// announced.

// openHistoryWithin is openHistory, failing the test instead of hanging.
func openHistoryWithin(t *testing.T, path string, warn *strings.Builder) (*history, []string) {
	t.Helper()
	type result struct {
		h     *history
		lines []string
	}
	done := make(chan result, 1)
	var w strings.Builder
	go func() {
		h, lines := openHistory(path, &w)
		done <- result{h, lines}
	}()
	select {
	case r := <-done:
		warn.WriteString(w.String())
		return r.h, r.lines
	case <-time.After(5 * time.Second):
		t.Fatalf("openHistory(%s) did not return", path)
	}
	return nil, nil
}

func TestHistoryNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	// A FIFO: not opened for good (that would wait for a writer), not
	// read without end, not replaced.
	var warn strings.Builder
	h, past := openHistoryWithin(t, fifo, &warn)
	if !h.off || len(past) != 0 || warn.String() != "tensh: warning: history file "+fifo+" is not a regular file; history is not read or saved\n" {
		t.Errorf("off %v, past %q, warning %q", h.off, past, warn.String())
	}
	h.add([]string{"x"})
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", fi.Mode(), err)
	}
	// Even when it is not known at open: add does not write to a FIFO.
	h = &history{path: fifo, warn: &warn}
	warn.Reset()
	h.add([]string{"x"})
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 || !strings.Contains(warn.String(), "not a regular file") {
		t.Errorf("the FIFO was replaced: %v %v; warning %q", fi.Mode(), err, warn.String())
	}

	// /dev/null is no history, silently, and is left alone; so is a
	// symbolic link to it.
	warn.Reset()
	h, past = openHistoryWithin(t, os.DevNull, &warn)
	h.add([]string{"x"})
	if !h.off || len(past) != 0 || warn.Len() != 0 {
		t.Errorf("/dev/null: off %v, past %q, warning %q", h.off, past, warn.String())
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(os.DevNull, link); err != nil {
		t.Fatal(err)
	}
	h, _ = openHistoryWithin(t, link, &warn)
	h.add([]string{"x"})
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeDevice == 0 || !h.off {
		t.Errorf("%s: %v %v", os.DevNull, fi.Mode(), err)
	}
	if _, err := os.Stat(os.DevNull + ".lock"); err == nil {
		t.Errorf("%s.lock was created", os.DevNull)
	}
}

func TestHistoryReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	if err := os.WriteFile(path, []byte("old\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	var warn strings.Builder
	h, past := openHistoryWithin(t, path, &warn)
	h.add([]string{"new"})
	if strings.Join(past, "|") != "old" || warn.String() != "tensh: warning: history file "+path+" is read-only; history is not saved\n" {
		t.Errorf("past %q, warning %q", past, warn.String())
	}
	after, _ := os.Stat(path)
	b, _ := os.ReadFile(path)
	if string(b) != "old\n" || after.Mode() != before.Mode() || !os.SameFile(before, after) {
		t.Errorf("the file was changed: %q, %v", b, after.Mode())
	}
}

// TestHistoryTrim: a history over historyLimit lines is trimmed to its last
// historyLimit lines, after a warning that says so; the file keeps its
// permissions.
func TestHistoryTrim(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	var b strings.Builder
	for i := range historyLimit + 1000 {
		fmt.Fprintf(&b, "l%d\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o640); err != nil {
		t.Fatal(err)
	}
	var warn strings.Builder
	h, _ := openHistoryWithin(t, path, &warn)
	want := fmt.Sprintf("tensh: warning: history file %s has %d lines; tensh keeps the last %d, and drops the older ones when it next saves\n", path, historyLimit+1000, historyLimit)
	if warn.String() != want {
		t.Errorf("warning %q, want %q", warn.String(), want)
	}
	h.add([]string{"new"})
	lines, err := readHistory(path)
	if err != nil || len(lines) != historyLimit || lines[0] != "l1001" || lines[len(lines)-1] != "new" {
		t.Errorf("%d lines (%v)", len(lines), err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", fi.Mode())
	}
	// Appends do not rewrite the file until it is historySlack lines over.
	before, _ := os.Stat(path)
	for range historySlack {
		h.add([]string{"more"})
	}
	if after, _ := os.Stat(path); !os.SameFile(before, after) {
		t.Errorf("rewritten before %d more lines", historySlack)
	}
	h.add([]string{"last"})
	if lines, _ := readHistory(path); len(lines) != historyLimit || lines[len(lines)-1] != "last" {
		t.Errorf("%d lines after the slack", len(lines))
	}
}

// TestHistoryTrimKeepsOwner: root trimming another user's history leaves
// it that user's.
func TestHistoryTrimKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	path := filepath.Join(t.TempDir(), "hist")
	if err := os.WriteFile(path, []byte(strings.Repeat("x\n", historyLimit+historySlack+1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 4321, 4321); err != nil {
		t.Skip(err)
	}
	var warn strings.Builder
	h, _ := openHistoryWithin(t, path, &warn)
	h.add([]string{"new"})
	fi, _ := os.Stat(path)
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 4321 || st.Gid != 4321 {
		t.Errorf("owner %d:%d, want 4321:4321", st.Uid, st.Gid)
	}
	if lines, _ := readHistory(path); len(lines) != historyLimit {
		t.Errorf("%d lines", len(lines))
	}
}
