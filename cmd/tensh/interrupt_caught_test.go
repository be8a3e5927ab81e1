//go:build !js

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInterruptCaughtInScript (issue 27, item 10): a script that catches
// KeyboardInterrupt goes on after its handler, however long the handler
// runs, and ends with its own status (0), as in CPython.
func TestInterruptCaughtInScript(t *testing.T) {
	script := filepath.Join(t.TempDir(), "caught.py")
	src := "print('started')\ntry:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    print('caught')\n" +
		"    x = 1\n" +
		"    n = 0\n    while n < 3000000:\n        n += 1\nprint('after', n)\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("tensh", script)
	var stdout syncBuffer
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(stdout.String(), "started"); {
		if time.Now().After(deadline) {
			t.Fatalf("no output")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit: %v (stderr %q)", err, stderr.String())
	}
	if got := stdout.String(); got != "started\ncaught\nafter 3000000\n" || stderr.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", got, stderr.String())
	}
}
