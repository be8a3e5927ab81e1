package magic

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/tensh/tensh/eval"
)

// %save, %load and %run: the magics that write and read files.
//
// %save writes .tsh transcripts only, never over an existing file unless
// -f is given (in the REPL it asks), never through a symbolic link, and
// only into a regular file. %load puts a file's statements into the REPL's
// next inputs, as IPython's %load puts a file into the next cell, for the
// user to run one by one; %run runs a file. Both read regular files only
// (a FIFO or a device could hang), and %run of a file that runs itself
// ends with RecursionError. Failures are Python's OSErrors:
// "[Errno 2] No such file or directory: 'x.tsh'".

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "save",
		Usage: "%save [-f] FILE",
		Doc: "Writes the statements of this session that completed, each with what it printed, to FILE as a " +
			"transcript (.tsh is added when FILE has no extension; other extensions are refused), so that " +
			"tensh --echo replays it and tensh check tests it. Statements that were interrupted (Ctrl-C) or " +
			"were not valid Python (SyntaxError), and magics whose output changes from run to run (%time, " +
			"%timeit, %history, %save, %load, %help, %prompt) are left out. An existing FILE is replaced " +
			"only with -f (the REPL asks); a symbolic link or a file that is not a regular file is never " +
			"written to.",
		Run: func(s *eval.Session, arg string) { save(s, arg) },
	})
	eval.RegisterMagic(&eval.Magic{
		Name:  "load",
		Usage: "%load FILE",
		Doc: "Puts the statements of FILE into the REPL's next inputs, one at a time: each appears after " +
			"the prompt, to be edited and run with Enter (Ctrl-C drops the rest). FILE is a script or a " +
			"transcript, whose output lines are left out. Only in the REPL; %run runs a file.",
		Run: func(s *eval.Session, arg string) { load(s, arg) },
	})
	eval.RegisterMagic(&eval.Magic{
		Name:  "run",
		Usage: "%run FILE",
		Doc: "Runs the statements of FILE (a script or a transcript) in this session, showing each with its " +
			"prompt and what it prints; stops at the first error.",
		Save: true,
		Run:  func(s *eval.Session, arg string) { runFile(s, arg) },
	})
}

func save(s *eval.Session, arg string) {
	force := false
	var rest []string
	for _, f := range strings.Fields(arg) {
		if f == "-f" && len(rest) == 0 {
			force = true
			continue
		}
		rest = append(rest, f)
	}
	name := strings.Join(rest, " ")
	if name == "" {
		eval.Throw("UsageError", "%s", msgSaveUsage)
	}
	switch filepath.Ext(name) {
	case "":
		name += ".tsh"
	case ".tsh":
	default:
		eval.Throw("UsageError", msgSaveExt, name)
	}
	var entries []*eval.Input
	for _, h := range s.History() {
		if h != s.CurrentInput() && eval.SavedInput(h) {
			entries = append(entries, h)
		}
	}
	err := checkTarget(name, force)
	if confirm, _ := s.REPL(); errors.Is(err, fs.ErrExist) && !force && confirm != nil {
		if !confirm(fmt.Sprintf(msgSaveAsk, name)) {
			s.Print(msgSaveCancelled + "\n")
			return
		}
		force = true
	}
	if err == nil || force {
		err = writeFileSafely(name, []byte(eval.TranscriptOf(entries, s.Options().Compat)), force)
	}
	if err != nil {
		panic(eval.OSError(err, name))
	}
	var b strings.Builder
	b.WriteString(fmt.Sprintf(msgHistorySaved, name) + "\n")
	for _, h := range entries {
		b.WriteString(strings.TrimRight(h.Source(), "\n") + "\n")
	}
	s.Print(b.String())
}

// openSource opens a file that %load or %run reads: a regular file only
// (a directory, a FIFO or a device is refused before anything is read).
func openSource(magic, name string) (*os.File, io.Reader, bool) {
	if name == "" {
		eval.Throw("UsageError", msgFileUsage, magic, magic)
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		panic(eval.OSError(err, name))
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case fi.IsDir():
		err = syscall.EISDIR
	case !fi.Mode().IsRegular():
		err = syscall.EINVAL
	}
	var src io.Reader
	var transcript bool
	if err == nil {
		src, transcript, err = eval.OpenSource(f)
	}
	if err != nil {
		f.Close()
		panic(eval.OSError(err, name))
	}
	return f, src, transcript
}

// runFile is %run: the file's statements run in this session, each shown
// with its prompt; the first error stops it.
func runFile(s *eval.Session, arg string) {
	name := strings.TrimSpace(arg)
	if s.RunDepth() >= maxRunDepth {
		eval.Throw("RecursionError", "%s", eval.ErrRecursion)
	}
	f, src, transcript := openSource("run", name)
	defer f.Close()
	defer s.EnterRun()()
	// A statement at a time, so that the file's size does not matter.
	sr := eval.NewSourceReader(src, transcript)
	for {
		c, err := sr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			panic(eval.OSError(err, name))
		}
		if c.Comment {
			continue
		}
		if c.Err != nil {
			panic(c.Err)
		}
		for i, l := range c.Lines {
			if i == 0 {
				s.Print(">>> " + l + "\n")
			} else {
				s.Print("... " + l + "\n")
			}
		}
		if e := s.Exec(c.Code(), c.Line); e != nil {
			panic(e)
		}
	}
}

// maxRunDepth bounds %run inside %run: each level holds a file open.
const maxRunDepth = 64

// maxLoadLines bounds what %load puts into the next inputs.
const maxLoadLines = 10000

// load is %load: the file's statements become the REPL's next inputs.
func load(s *eval.Session, arg string) {
	name := strings.TrimSpace(arg)
	_, queue := s.REPL()
	if queue == nil {
		eval.Throw("UsageError", "%s", msgLoadNoREPL)
	}
	f, src, transcript := openSource("load", name)
	defer f.Close()
	sr := eval.NewSourceReader(src, transcript)
	var lines []string
	for {
		c, err := sr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(eval.OSError(err, name))
		}
		if c.Err != nil {
			panic(c.Err)
		}
		if c.Comment {
			continue
		}
		lines = append(lines, c.Lines...)
		if len(lines) > maxLoadLines {
			eval.Throw("UsageError", msgLoadTooLong, name, maxLoadLines)
		}
	}
	queue(lines)
}
