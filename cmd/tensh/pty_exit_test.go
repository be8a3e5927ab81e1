//go:build linux

package main

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// termFlags is the terminal's local modes as the pseudo-terminal's master
// sees them (Linux shares one termios between the two sides).
func (p *ptyREPL) termFlags() uint32 {
	p.t.Helper()
	tio, err := unix.IoctlGetTermios(int(p.ptm.Fd()), unix.TCGETS)
	if err != nil {
		p.t.Skipf("termios: %v", err)
	}
	return tio.Lflag
}

// TestTerminalRestored (issue 21, item 1): however the REPL ends (Ctrl-D,
// exit(), a signal), the terminal is left as tensh found it: ISIG and
// ICANON on, so that Ctrl-C interrupts the next program again.
func TestTerminalRestored(t *testing.T) {
	for _, c := range []struct {
		name string
		quit func(p *ptyREPL)
	}{
		{"ctrl-d", func(p *ptyREPL) { p.write("\x04") }},
		{"exit", func(p *ptyREPL) { p.write("exit()\r") }},
		{"exit-in-block", func(p *ptyREPL) { p.write("for i in range(3):\r    exit(0)\r\r") }},
		{"sigterm", func(p *ptyREPL) { p.cmd.Process.Signal(syscall.SIGTERM) }},
		{"sighup", func(p *ptyREPL) { p.cmd.Process.Signal(syscall.SIGHUP) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startPTY(t, "tensh")
			before := p.lflag // as the terminal was before tensh started
			p.expect(">>> ", 1)
			p.write("1 + 1\r")
			p.expect("2", 1)
			time.Sleep(50 * time.Millisecond)
			if p.termFlags()&unix.ISIG != 0 {
				t.Fatalf("ISIG on while the REPL runs")
			}
			c.quit(p)
			p.wait()
			after := p.termFlags()
			if after != before || after&unix.ISIG == 0 || after&unix.ICANON == 0 {
				t.Errorf("local modes after %s: %#o, before %#o (ISIG %#o, ICANON %#o)", c.name, after, before, unix.ISIG, unix.ICANON)
			}
		})
	}
}

// TestTabIndents (issue 21, item 3): Tab at the start of a "... " line
// indents (no completion list eating the next keys); after a word it
// still completes.
func TestTabIndents(t *testing.T) {
	p := startPTY(t, "tensh")
	p.expect(">>> ", 1)
	p.write("def f():\r")
	p.expect("... ", 1)
	p.write("\treturn 40 + 2\r\r")
	p.expect(">>> ", 2)
	p.write("f()\r")
	p.expect("42", 1)
	p.write("abs_value_name = 1\r")
	p.expect(">>> ", 4)
	p.write("abs_val\t + 1\r")
	p.expect("2\r\n", 1)
	p.write("\x04")
	p.wait()
	if out := p.out.String(); strings.Contains(out, "possibilities") || strings.Contains(out, "Error") {
		t.Errorf("output %q", p.tail())
	}
}
