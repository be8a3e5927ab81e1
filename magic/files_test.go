//go:build unix

package magic

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestSaveSafety (issue 16, item 3 and the %save part of item 6): %save
// writes .tsh files only, never over an existing file without -f (or the
// REPL's yes), never through a symbolic link or into a file that is not a
// regular file; its failures are Python's OSErrors.
func TestSaveSafety(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	run := func(src string) string {
		t.Helper()
		out.Reset()
		if e := s.Exec(src, 1); e != nil {
			return e.Error()
		}
		return out.String()
	}
	run("x = 1")
	os.WriteFile(p("old.tsh"), []byte("precious\n"), 0o644)
	os.WriteFile(p("target"), []byte("precious\n"), 0o644)
	os.Symlink(p("target"), p("link.tsh"))
	syscall.Mkfifo(p("fifo.tsh"), 0o644)
	for _, c := range []struct{ src, want string }{
		{"%save " + p("old"), "FileExistsError: [Errno 17] File exists: '" + p("old.tsh") + "'"},
		{"%save -f " + p("link.tsh"), "OSError: [Errno 40] Too many levels of symbolic links: '" + p("link.tsh") + "'"},
		{"%save " + p("link.tsh"), "FileExistsError: [Errno 17] File exists: '" + p("link.tsh") + "'"},
		{"%save -f " + p("fifo.tsh"), "OSError: [Errno 6] No such device or address: '" + p("fifo.tsh") + "'"},
		{"%save /nonexistent/dir/x.tsh", "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/dir/x.tsh'"},
		{"%save " + p("notes.txt"), "UsageError: %save writes transcripts, whose names end in .tsh, not '" + p("notes.txt") + "'"},
		{"%save", "UsageError: %save: give a file name, e.g. %save session.tsh"},
	} {
		if got := run(c.src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
	for _, f := range []string{"old.tsh", "target"} {
		if b, _ := os.ReadFile(p(f)); string(b) != "precious\n" {
			t.Errorf("%s was written: %q", f, b)
		}
	}
	if _, err := os.Stat(p("notes.txt")); err == nil {
		t.Error("notes.txt was written")
	}
	// -f replaces a regular file; in the REPL, %save asks.
	if got := run("%save -f " + p("old")); !strings.HasPrefix(got, "The following commands were written") {
		t.Errorf("%%save -f: %q", got)
	}
	var asked []string
	answer := false
	s.SetREPL(func(q string) bool { asked = append(asked, q); return answer }, nil)
	os.WriteFile(p("old.tsh"), []byte("precious\n"), 0o644)
	if got := run("%save " + p("old")); got != "Operation cancelled.\n" || len(asked) != 1 || asked[0] != "File `"+p("old.tsh")+"` exists. Overwrite (y/[N])? " {
		t.Errorf("no: %q, asked %q", got, asked)
	}
	if b, _ := os.ReadFile(p("old.tsh")); string(b) != "precious\n" {
		t.Errorf("written after no: %q", b)
	}
	answer = true
	if got := run("%save " + p("old")); !strings.HasPrefix(got, "The following commands were written") {
		t.Errorf("yes: %q", got)
	}
	if b, _ := os.ReadFile(p("old.tsh")); !strings.Contains(string(b), ">>> x = 1\n") {
		t.Errorf("not written after yes: %q", b)
	}
}

// TestSaveKeepsCompleted (issue 15, item 2): %save leaves out statements
// that were interrupted or were not Python (pasted output lines), and keeps
// those that completed or failed at run time, with their output.
func TestSaveKeepsCompleted(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	s.Exec("x = torch.ones(3)", 1)
	s.Exec("x + 1", 1)
	tensor.Interrupt()
	if e := s.Exec("%timeit -n 1000000000 x + 1", 1); e == nil || e.Type != "KeyboardInterrupt" {
		t.Fatalf("not interrupted: %v", e)
	}
	tensor.ClearInterrupt()
	s.Exec("RuntimeError: pasted output", 1) // a SyntaxError
	s.Exec("x + torch.ones(2)", 1)
	s.Exec("%save "+filepath.Join(dir, "s"), 1)
	b, _ := os.ReadFile(filepath.Join(dir, "s.tsh"))
	want := eval.MsgSaveHeader + "\n>>> x = torch.ones(3)\n>>> x + 1\ntensor([2., 2., 2.])\n>>> x + torch.ones(2)\n" +
		"RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0\n"
	if string(b) != want {
		t.Errorf("saved:\n%s\nwant:\n%s", b, want)
	}
}

// TestLoadAndRun (issue 15, item 6; issue 16, item 3): %load puts a file's
// statements (not a transcript's output lines) into the REPL's next
// inputs; %run runs a file; neither reads what is not a regular file; %run
// of a file that runs itself ends with RecursionError.
func TestLoadAndRun(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	os.WriteFile(p("t.tsh"), []byte("# a transcript\n>>> x = [1,\n... 2]\n>>> x\n[1, 2]\n>>> len(x)\n2\n"), 0o644)
	os.WriteFile(p("self.tsh"), []byte(">>> y = 1\n>>> %run "+p("self.tsh")+"\n"), 0o644)
	syscall.Mkfifo(p("fifo.tsh"), 0o644)
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	if e := s.Exec("%load "+p("t.tsh"), 1); e == nil || e.Error() != "UsageError: "+msgLoadNoREPL {
		t.Errorf("%%load without the REPL: %v", e)
	}
	var queued []string
	s.SetREPL(nil, func(lines []string) { queued = append(queued, lines...) })
	if e := s.Exec("%load "+p("t.tsh"), 1); e != nil || strings.Join(queued, "|") != "x = [1,|2]|x|len(x)" || out.Len() != 0 {
		t.Errorf("%%load: %v, queued %q, printed %q", e, queued, out.String())
	}
	if _, ok := s.Globals()["x"]; ok {
		t.Error("%load ran the file")
	}
	for _, c := range []struct{ src, want string }{
		{"%run " + p("fifo.tsh"), "OSError: [Errno 22] Invalid argument: '" + p("fifo.tsh") + "'"},
		{"%load " + p("fifo.tsh"), "OSError: [Errno 22] Invalid argument: '" + p("fifo.tsh") + "'"},
		{"%run " + dir, "IsADirectoryError: [Errno 21] Is a directory: '" + dir + "'"},
		{"%run " + p("nope.tsh"), "FileNotFoundError: [Errno 2] No such file or directory: '" + p("nope.tsh") + "'"},
		{"%run " + p("self.tsh"), "RecursionError: maximum recursion depth exceeded"},
		{"%run", "UsageError: %run: give a file name, e.g. %run session.tsh"},
	} {
		if e := s.Exec(c.src, 1); e == nil || e.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.src, e, c.want)
		}
	}
	if s.RunDepth() != 0 {
		t.Errorf("run depth %d after the RecursionError", s.RunDepth())
	}
}
