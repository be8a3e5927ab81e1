//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// longStatement runs for many seconds unless interrupted, in little memory.
const longStatement = "%timeit -n 1000000000 x + 1"

// TestInterruptRunningScript: Ctrl-C while a script's statement runs stops
// it soon with status 130: CPython's traceback ending "KeyboardInterrupt" on
// stderr for a script, "FILE:LINE: KeyboardInterrupt" for check (which updates nothing), the error line in the
// output of --echo.
func TestInterruptRunningScript(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "long.py")
	src := "x = torch.ones(3); print(1000 + 1)\n" + longStatement + "\nprint('not reached')\n"
	transcript := filepath.Join(dir, "long.tsh")
	tsrc := ">>> x = torch.ones(3); print(1000 + 1)\n1001\n>>> " + longStatement + "\nexpected\n>>> print('not reached')\n"
	for _, f := range []struct{ name, src string }{{script, src}, {transcript, tsrc}} {
		if err := os.WriteFile(f.name, []byte(f.src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args           []string
		stdout, stderr string
	}{
		{[]string{script}, "1001\n", "Traceback (most recent call last):\n  File \"" + script + "\", line 2, in <module>\n    " + longStatement + "\nKeyboardInterrupt\n"},
		{[]string{"--echo", script}, ">>> x = torch.ones(3); print(1000 + 1)\n1001\n>>> " + longStatement + "\nKeyboardInterrupt\n", ""},
		{[]string{"check", "--update", transcript}, "", transcript + ":3: KeyboardInterrupt\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			cmd := exec.Command("tensh", c.args...)
			var stdout syncBuffer
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Into the long statement: after the first one printed (check
			// prints nothing as it goes).
			for deadline := time.Now().Add(10 * time.Second); c.stdout != "" && !strings.Contains(stdout.String(), "1001\n"); {
				if time.Now().After(deadline) {
					t.Fatalf("no output from the first statement")
				}
				time.Sleep(10 * time.Millisecond)
			}
			if c.stdout == "" {
				time.Sleep(time.Second)
			} else {
				time.Sleep(300 * time.Millisecond)
			}
			sent := time.Now()
			cmd.Process.Signal(os.Interrupt)
			err := cmd.Wait()
			took := time.Since(sent)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
				t.Fatalf("exit: %v, want status %d (stderr %q)", err, exitInterrupted, stderr.String())
			}
			if stderr.String() != c.stderr {
				t.Errorf("stderr %q, want %q", stderr.String(), c.stderr)
			}
			if stdout.String() != c.stdout {
				t.Errorf("stdout %q, want %q", stdout.String(), c.stdout)
			}
			// The statement stops within milliseconds (eval's TestInterrupt
			// checks that); here the process must end too.
			if took > 2*time.Second {
				t.Errorf("exited %v after SIGINT", took)
			}
		})
	}
	if b, _ := os.ReadFile(transcript); string(b) != tsrc {
		t.Errorf("check --update changed the transcript:\n%s", b)
	}
}

// TestInterruptREPL: in the REPL (on a pseudo-terminal), Ctrl-C stops the
// running statement with KeyboardInterrupt; the session goes on with its
// variables, and Ctrl-D then quits with status 0.
func TestInterruptREPL(t *testing.T) {
	ptm, pts, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptm.Close()
	cmd := exec.Command("tensh")
	cmd.Env = append(os.Environ(), "TENSH_HISTORY=", "NO_COLOR=1", "TERM=dumb")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close()
	out := &syncBuffer{}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptm.Read(buf)
			out.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer cmd.Process.Kill()

	expect := func(what string, count int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for strings.Count(out.String(), what) < count {
			if time.Now().After(deadline) {
				t.Fatalf("no %q in the output:\n%s", what, out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	// Outputs are waited for as computed values (the terminal echoes what
	// is typed, and redraws the prompt as it goes).
	ptm.WriteString("x = torch.ones(3); print(1000 + 1)\n")
	expect("1001", 1)
	ptm.WriteString(longStatement + "\n")
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	expect("KeyboardInterrupt", 1)
	ptm.WriteString("print(int(x[0]) + 41)\n")
	expect("42", 1)
	// A second interrupted statement: the interrupt was cleared, and is
	// asked again.
	ptm.WriteString(longStatement + "\n")
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	expect("KeyboardInterrupt", 2)
	ptm.WriteString("print(int(x[2]) + 2000)\n")
	expect("2001", 1)
	ptm.WriteString("\x04") // Ctrl-D
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v\n%s", err, out.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the REPL did not quit after Ctrl-D:\n%s", out.String())
	}
	if s := out.String(); strings.Contains(s, "panic") || strings.Contains(s, "InternalError") {
		t.Errorf("output:\n%s", s)
	}
}

// openPTY opens a pseudo-terminal pair (posix_openpt, unlockpt, ptsname).
func openPTY() (ptm, pts *os.File, err error) {
	ptm, err = os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	fd := int(ptm.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		ptm.Close()
		return nil, nil, err
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		ptm.Close()
		return nil, nil, err
	}
	pts, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		ptm.Close()
		return nil, nil, err
	}
	return ptm, pts, nil
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
