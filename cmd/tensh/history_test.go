//go:build !js

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tensh-history-writer FILE N TAG adds N statements to the history file
// FILE, as a REPL does (TestHistoryTwoProcesses).
func init() { testCommands["tensh-history-writer"] = historyWriter }

// historyWriter is the tensh-history-writer command of the tests.
func historyWriter() {
	n, _ := strconv.Atoi(os.Args[2])
	h, _ := openHistory(os.Args[1], os.Stderr)
	for i := 0; i < n; i++ {
		h.add([]string{fmt.Sprintf("%s %d = [", os.Args[3], i), "  1]"})
	}
	os.Exit(0)
}

// TestHistoryTwoProcesses: two tensh processes adding to one history file
// at once lose none of each other's lines, and split no statement.
func TestHistoryTwoProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	const n = 200
	var cmds []*exec.Cmd
	for _, tag := range []string{"a", "b"} {
		cmd := exec.Command("tensh-history-writer", path, strconv.Itoa(n), tag)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	lines, err := readHistory(path)
	if err != nil || len(lines) != 4*n {
		t.Fatalf("%d lines (%v), want %d", len(lines), err, 4*n)
	}
	next := map[string]int{}
	for i := 0; i < len(lines); i += 2 {
		var tag string
		var k int
		if _, err := fmt.Sscanf(lines[i], "%s %d = [", &tag, &k); err != nil || lines[i+1] != "  1]" {
			t.Fatalf("line %d: %q, %q", i, lines[i], lines[i+1])
		}
		if k != next[tag] {
			t.Fatalf("line %d: %q, want %s %d", i, lines[i], tag, next[tag])
		}
		next[tag]++
	}
	if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".hist.*.tmp")); len(tmps) > 0 {
		t.Errorf("temporary files left: %q", tmps)
	}
}

// TestHistoryHugeFile: of a huge history file (not tensh's: tensh keeps
// historyLimit lines), only the end is read; tensh says so, and appends to
// the file without cutting it.
func TestHistoryHugeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	line := strings.Repeat("x", 99) + "\n"
	big := strings.Repeat(line, 3*historyMaxBytes/len(line)) + "last\n"
	if err := os.WriteFile(path, []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	var warn strings.Builder
	h, past := openHistory(path, &warn)
	if len(past) > historyMaxBytes/len(line)+1 || past[len(past)-1] != "last" {
		t.Fatalf("%d lines, the last %q", len(past), past[len(past)-1])
	}
	if !strings.Contains(warn.String(), "only its end is read; it is appended to but not trimmed") {
		t.Errorf("warning %q", warn.String())
	}
	h.add([]string{"new"})
	if b, _ := os.ReadFile(path); string(b) != big+"new\n" {
		t.Errorf("the file was cut to %d bytes", len(b))
	}
}
