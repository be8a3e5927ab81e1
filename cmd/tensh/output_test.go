package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputErrors (issue 16, item 7): a script whose standard output
// cannot be written stops at the statement that printed, with Python's
// OSError on stderr and status 1, as CPython does; a reader that went away
// is BrokenPipeError, not a death by SIGPIPE.
func TestOutputErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	dir := t.TempDir()
	script := filepath.Join(dir, "s.py")
	if err := os.WriteFile(script, []byte("x = 1\nprint(x)\nx = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-c", "print(1)"}, "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nOSError: [Errno 28] No space left on device\n"},
		{[]string{script}, "Traceback (most recent call last):\n  File \"" + script + "\", line 2, in <module>\n    print(x)\nOSError: [Errno 28] No space left on device\n"},
		{[]string{"--echo", script}, "OSError: [Errno 28] No space left on device\n"},
	} {
		cmd := exec.Command("tensh", c.args...)
		cmd.Stdout = full
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitError {
			t.Errorf("%v: exit %v, want status %d", c.args, err, exitError)
		}
		if stderr.String() != c.want {
			t.Errorf("%v: stderr %q, want %q", c.args, stderr.String(), c.want)
		}
	}

	// A pipe whose reader has gone.
	var src strings.Builder
	for range 1000 {
		src.WriteString("print('x' * 100)\n")
	}
	cmd := exec.Command("tensh")
	cmd.Stdin = strings.NewReader(src.String())
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	io.ReadFull(r, make([]byte, 10))
	r.Close()
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitError {
		t.Errorf("broken pipe: exit %v, want status %d", err, exitError)
	}
	if !strings.HasSuffix(stderr.String(), "\nBrokenPipeError: [Errno 32] Broken pipe\n") {
		t.Errorf("broken pipe: stderr %q", stderr.String())
	}
}
