//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// ptyREPL is a command run on a pseudo-terminal, as a user runs tensh.
type ptyREPL struct {
	t    *testing.T
	ptm  *os.File
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan error
	// lflag is the terminal's local modes before the command started
	// (read after the start, they may already be the command's).
	lflag uint32
}

// startPTY runs name args on a new pseudo-terminal, in a session of its
// own whose controlling terminal it is (as a terminal emulator starts a
// shell).
func startPTY(t *testing.T, name string, args ...string) *ptyREPL {
	t.Helper()
	ptm, pts, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	// A terminal's size, as an emulator sets it (readline completes only
	// with a width).
	unix.IoctlSetWinsize(int(ptm.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80})
	var lflag uint32
	if tio, err := unix.IoctlGetTermios(int(ptm.Fd()), unix.TCGETS); err == nil {
		lflag = tio.Lflag
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "TENSH_HISTORY=", "NO_COLOR=1", "TERM=xterm")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close()
	p := &ptyREPL{t: t, ptm: ptm, cmd: cmd, out: &syncBuffer{}, done: make(chan error, 1), lflag: lflag}
	go func() {
		buf := make([]byte, 1<<16)
		for {
			n, err := ptm.Read(buf)
			p.out.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		ptm.Close()
	})
	return p
}

// tail is the end of the output, for messages (runs of a repeated
// character shortened).
func (p *ptyREPL) tail() string {
	s := p.out.String()
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		if j-i > 20 {
			fmt.Fprintf(&b, "%c<x%d>", s[i], j-i)
		} else {
			b.WriteString(s[i:j])
		}
		i = j
	}
	s = b.String()
	return s[max(0, len(s)-3000):]
}

func (p *ptyREPL) write(s string) {
	if _, err := p.ptm.WriteString(s); err != nil {
		p.t.Fatal(err)
	}
}

// expect waits until what occurs count times in the output.
func (p *ptyREPL) expect(what string, count int) {
	p.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(p.out.String(), what) < count {
		if time.Now().After(deadline) {
			p.t.Fatalf("no %q (x%d) in the output:\n%q", what, count, p.tail())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// wait waits for the command to end and returns its error.
func (p *ptyREPL) wait() error {
	p.t.Helper()
	select {
	case err := <-p.done:
		return err
	case <-time.After(20 * time.Second):
		p.t.Fatalf("did not end:\n%q", p.tail())
	}
	return nil
}

// TestPasteTranscript (issue 15, item 1): a pasted transcript runs its
// ">>> " and "... " lines; the lines without a prompt are its output and
// are not run.
func TestPasteTranscript(t *testing.T) {
	p := startPTY(t, "tensh")
	p.expect(">>> ", 1)
	p.write(pasteStart + ">>> a = torch.ones(2, 3)\r>>> b = torch.tensor([10, 20, 30])\r>>> a + b\r" +
		"tensor([[11., 21., 31.],\r        [11., 21., 31.]])\r>>> (a +\r... b).sum() + 1000\rtensor(1379.)\r" +
		">>> a + torch.ones(2)\rRuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1\r" +
		pasteEnd)
	p.expect("tensor(1126.)", 1)
	p.expect("RuntimeError", 1)
	p.write("print(a.sum() + 5000)\r")
	p.expect("tensor(5006.)", 1)
	p.write("\x04")
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
	out := p.out.String()
	if n := strings.Count(out, "tensor([[11., 21., 31.],"); n != 1 {
		t.Errorf("the sum printed %d times, want once:\n%q", n, out)
	}
	if strings.Contains(out, "SyntaxError") || strings.Count(out, "RuntimeError") != 1 {
		t.Errorf("output lines were run:\n%q", out)
	}
}

// TestPasteLongLine (issue 16, item 8): pasting a line of 100,000
// characters takes well under a second (readline alone redraws the line
// for each character: minutes).
func TestPasteLongLine(t *testing.T) {
	p := startPTY(t, "tensh")
	p.expect(">>> ", 1)
	line := "x = '" + strings.Repeat("7", 99994) + "'" // 100,000 characters
	start := time.Now()
	go p.write(pasteStart + line + pasteEnd + "\rprint(len(x) + 1000000)\r")
	p.expect("1099994", 1)
	if took := time.Since(start); took > time.Second {
		t.Errorf("pasting 100,000 characters took %v", took)
	}
	p.write("\x04")
	p.wait()
}

// TestCtrlC (issue 15, item 4): Ctrl-C on a half-typed line prints
// KeyboardInterrupt and a fresh prompt; Ctrl-C typed while a statement
// runs stops it; and the process that started tensh (here a shell, as
// `go run` does) never gets the interrupt: after Ctrl-D, tensh's status
// is 0 and its parent goes on.
func TestCtrlC(t *testing.T) {
	p := startPTY(t, "/bin/sh", "-c", "tensh; echo tensh-status=$?; sleep 1; echo parent-alive")
	p.expect(">>> ", 1)
	p.write("x = torch.ones(3) +")
	p.expect("+", 1)
	p.write("\x03")
	p.expect("KeyboardInterrupt", 1)
	p.expect(">>> ", 2)
	p.write("x = torch.ones(3)\r")
	p.write(longStatement + "\r")
	time.Sleep(500 * time.Millisecond)
	p.write("\x03")
	p.expect("KeyboardInterrupt", 2)
	p.write("print(int(x[0]) + 41)\r")
	p.expect("42", 1)
	p.write("\x04")
	p.expect("tensh-status=0", 1)
	p.expect("parent-alive", 1)
	if err := p.wait(); err != nil {
		t.Errorf("the parent: %v", err)
	}
}

// TestLoadSaveREPL (issue 15, item 6; issue 16, item 3): %load puts a
// file's statements after the next prompts, each run with Enter; %save
// over an existing file asks, and writes only after a yes.
func TestLoadSaveREPL(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "t.tsh")
	os.WriteFile(src, []byte(">>> x = [1,\n... 2]\n>>> x\n[1, 2]\n>>> len(x) + 100\n2\n"), 0o644)
	saved := filepath.Join(dir, "s.tsh")
	os.WriteFile(saved, []byte("precious\n"), 0o644)
	p := startPTY(t, "tensh")
	p.expect(">>> ", 1)
	p.write("%load " + src + "\r")
	p.expect(">>> x = [1,", 1)
	p.write("\r")
	p.expect("... 2]", 1)
	p.write("\r")
	p.expect(">>> x", 3)
	p.write("\r")
	p.expect("[1, 2]", 1)
	p.expect(">>> len(x) + 100", 1)
	p.write("\r")
	p.expect("102", 1)
	p.write("%save " + saved + "\r")
	p.expect("exists. Overwrite (y/[N])? ", 1)
	p.write("n\r")
	p.expect("Operation cancelled.", 1)
	if b, _ := os.ReadFile(saved); string(b) != "precious\n" {
		t.Errorf("written after no: %q", b)
	}
	p.write("%save " + saved + "\r")
	p.expect("exists. Overwrite (y/[N])? ", 2)
	p.write("y\r")
	p.expect("The following commands were written", 1)
	p.write("\x04")
	p.wait()
	if b, _ := os.ReadFile(saved); !strings.Contains(string(b), ">>> x = [1,\n... 2]\n>>> x\n[1, 2]\n>>> len(x) + 100\n102\n") {
		t.Errorf("saved %q", b)
	}
}

// TestPasteInParts: a paste whose last line has no newline stays in the
// editor, and what is pasted next goes on from it.
func TestPasteInParts(t *testing.T) {
	p := startPTY(t, "tensh")
	p.expect(">>> ", 1)
	p.write(pasteStart + "a = 1000\rb = 2" + pasteEnd)
	p.expect(">>> b = 2", 1)
	p.write(pasteStart + "00 + a\rprint(b + 1)" + pasteEnd)
	p.expect("print(b + 1)", 1)
	p.write("\r")
	p.expect("1201", 1)
	p.write("\x04")
	p.wait()
}
