//go:build linux

package magic

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tensh/tensh/eval"
)

// TestSVGFileSafety (issue 27 item 1): %explain --svg and %strides --svg
// follow %save's rules: .svg files only, never over an existing file
// without -f (or the REPL's yes), never through a symbolic link or into
// a FIFO (which used to block the session).
func TestSVGFileSafety(t *testing.T) {
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
	run("x = torch.ones(2, 1); y = torch.ones(3)")
	os.WriteFile(p("old.svg"), []byte("precious\n"), 0o644)
	os.WriteFile(p("target.svg"), []byte("precious\n"), 0o644)
	os.Symlink(p("target.svg"), p("link.svg"))
	syscall.Mkfifo(p("fifo.svg"), 0o644)
	for _, m := range []string{"%explain", "%strides"} {
		for _, c := range []struct{ src, want string }{
			{m + " --svg " + p("old.svg") + " x", "FileExistsError: [Errno 17] File exists: '" + p("old.svg") + "'"},
			{m + " --svg -f " + p("link.svg") + " x", "OSError: [Errno 40] Too many levels of symbolic links: '" + p("link.svg") + "'"},
			{m + " --svg " + p("link.svg") + " x", "FileExistsError: [Errno 17] File exists: '" + p("link.svg") + "'"},
			{m + " --svg -f " + p("fifo.svg") + " x", "OSError: [Errno 6] No such device or address: '" + p("fifo.svg") + "'"},
			{m + " --svg " + p("notes.txt") + " x", "UsageError: " + m + " --svg writes SVG pictures, whose names end in .svg, not '" + p("notes.txt") + "'"},
		} {
			if got := run(c.src); got != c.want {
				t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
			}
		}
	}
	for _, f := range []string{"old.svg", "target.svg"} {
		if b, _ := os.ReadFile(p(f)); string(b) != "precious\n" {
			t.Errorf("%s was written: %q", f, b)
		}
	}
	if _, err := os.Stat(p("notes.txt")); err == nil {
		t.Error("notes.txt was written")
	}
	// -f (before or after --svg) replaces a regular file; a name without
	// an extension gets .svg; in the REPL, the magic asks.
	for _, src := range []string{"%explain --svg -f " + p("old.svg") + " x + y", "%strides -f --svg " + p("old.svg") + " x", "%explain --svg " + p("new") + " x + y"} {
		if got := run(src); !strings.HasSuffix(got, "picture written to "+strings.Fields(src)[len(strings.Fields(src))-3]+"\n") && !strings.HasSuffix(got, ".svg\n") {
			t.Errorf("%s: %q", src, got)
		}
	}
	if b, _ := os.ReadFile(p("new.svg")); !strings.HasPrefix(string(b), "<svg") {
		t.Errorf("new.svg: %.40q", b)
	}
	var asked []string
	answer := false
	s.SetREPL(func(q string) bool { asked = append(asked, q); return answer }, nil)
	os.WriteFile(p("old.svg"), []byte("precious\n"), 0o644)
	if got := run("%explain --svg " + p("old.svg") + " x + y"); got != "Operation cancelled.\n" || len(asked) != 1 {
		t.Errorf("no: %q, asked %q", got, asked)
	}
	answer = true
	if got := run("%explain --svg " + p("old.svg") + " x + y"); !strings.HasSuffix(got, "picture written to "+p("old.svg")+"\n") {
		t.Errorf("yes: %q", got)
	}
	if b, _ := os.ReadFile(p("old.svg")); !strings.HasPrefix(string(b), "<svg") {
		t.Errorf("not written after yes: %.40q", b)
	}
	leftovers(t, dir)
}

// TestSaveReplacesWhole (issue 27 item 2): %save -f writes a temporary
// file and renames it over the old one, which is never truncated: a hard
// link to the old file keeps the old content, and when the write fails
// (a file size limit standing for a full disk) the old file is whole.
func TestSaveReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	s.Exec("x = 1", 1)
	os.WriteFile(p("old.tsh"), []byte("precious\n"), 0o640)
	os.Link(p("old.tsh"), p("backup"))
	if e := s.Exec("%save -f "+p("old.tsh"), 1); e != nil {
		t.Fatal(e)
	}
	if b, _ := os.ReadFile(p("backup")); string(b) != "precious\n" {
		t.Errorf("the old file was written in place: %q", b)
	}
	if b, _ := os.ReadFile(p("old.tsh")); !strings.Contains(string(b), ">>> x = 1\n") {
		t.Errorf("not replaced: %q", b)
	}
	if fi, _ := os.Stat(p("old.tsh")); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the old file's 0640", fi.Mode().Perm())
	}

	os.WriteFile(p("old.tsh"), []byte("precious\n"), 0o644)
	s.Exec("y = '"+strings.Repeat("z", 4000)+"'", 1)
	var old syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old)
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 1000, Max: old.Max})
	e := s.Exec("%save -f "+p("old.tsh"), 1)
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if e == nil || !strings.Contains(e.Error(), "File too large") {
		t.Errorf("a failed write: %v", e)
	}
	if b, _ := os.ReadFile(p("old.tsh")); string(b) != "precious\n" {
		t.Errorf("after a failed write: %.40q", b)
	}
	leftovers(t, dir)
}

// leftovers fails when a temporary file is left in dir.
func leftovers(t *testing.T, dir string) {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(names) > 0 {
		t.Errorf("temporary files left: %v", names)
	}
}
