package eval

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// %history, %save, %load and %prompt.

func init() {
	registerMagic(&Magic{
		Name:  "history",
		Usage: "%history [-n] [-p]",
		Doc:   "Prints this session's inputs; -n numbers them (as In [n]), -p writes them with >>> prompts.",
		Run:   func(s *Session, arg string) { s.history(arg) },
	})
	registerMagic(&Magic{
		Name:  "save",
		Usage: "%save FILE",
		Doc: "Writes the session's statements, each with what it printed, to FILE as a transcript (.tsh is " +
			"added when FILE has no extension), so that tensh --echo replays it and tensh check tests it. " +
			"Magics whose output changes from run to run (%time, %timeit, %history, %save, %help, %prompt) are left out.",
		Run: func(s *Session, arg string) { s.save(arg) },
	})
	registerMagic(&Magic{
		Name:  "load",
		Usage: "%load FILE",
		Doc: "Runs the statements of FILE (a script or a transcript) in this session, showing each with its " +
			"prompt and what it prints; stops at the first error.",
		Save: true,
		Run:  func(s *Session, arg string) { s.load(arg) },
	})
	registerMagic(&Magic{
		Name:  "prompt",
		Usage: "%prompt [python|ipython]",
		Doc:   "Switches the REPL between Python's prompts (>>> ) and IPython's (In [n]: and Out[n]: , with Out[n] and _n holding the values shown).",
		Run: func(s *Session, arg string) {
			switch arg {
			case "":
				style := "python"
				if s.teach.ipython {
					style = "ipython"
				}
				s.write(fmt.Sprintf(msgStateIs, "prompt", style) + "\n")
			case "python":
				s.SetIPythonPrompts(false)
			case "ipython":
				s.SetIPythonPrompts(true)
			default:
				throw("UsageError", msgPromptUsage, arg)
			}
		},
	})
}

func (s *Session) history(arg string) {
	nums, prompts := false, false
	for _, f := range strings.Fields(arg) {
		switch f {
		case "-n":
			nums = true
		case "-p":
			prompts = true
		case "-np", "-pn":
			nums, prompts = true, true
		default:
			throw("UsageError", msgHistoryUsage, f)
		}
	}
	var b strings.Builder
	for _, h := range s.teach.history {
		in := strings.TrimRight(strings.ReplaceAll(h.src, "\t", "    "), " \n")
		multi := strings.Contains(in, "\n")
		if nums {
			sep := " "
			if multi {
				sep = "\n"
			}
			b.WriteString(fmt.Sprintf("%4d:%s", h.n, sep))
		}
		if prompts {
			b.WriteString(">>> ")
			if multi {
				in = strings.Join(strings.Split(in, "\n"), "\n... ") + "\n..."
			}
		}
		b.WriteString(in + "\n")
	}
	s.write(b.String())
}

// savable reports whether %save keeps an input.
func savable(h *histEntry) bool {
	if h.magic == "" {
		return strings.TrimSpace(h.src) != ""
	}
	m := LookupMagic(h.magic)
	return m != nil && m.Save
}

// transcriptOf writes inputs as a transcript: ">>> " and "... " lines,
// then what they printed.
func transcriptOf(entries []*histEntry, compat Compat) string {
	var b strings.Builder
	b.WriteString(msgSaveHeader + "\n")
	if compat == CompatCurrent {
		b.WriteString(">>> %compat current\n")
	}
	for _, h := range entries {
		for i, l := range strings.Split(strings.TrimRight(h.src, "\n"), "\n") {
			if i == 0 {
				b.WriteString(">>> " + l + "\n")
			} else {
				b.WriteString("... " + l + "\n")
			}
		}
		b.Write(h.out.Bytes())
		if h.out.Len() > 0 && !strings.HasSuffix(h.out.String(), "\n") {
			b.WriteString("\n")
		}
		if h.errLine != "" {
			b.WriteString(h.errLine + "\n")
		}
	}
	return b.String()
}

func (s *Session) save(arg string) {
	name := strings.TrimSpace(arg)
	if name == "" {
		throw("UsageError", "%s", msgSaveUsage)
	}
	if filepath.Ext(name) == "" {
		name += ".tsh"
	}
	var entries []*histEntry
	for _, h := range s.teach.history {
		if h != s.teach.cur && savable(h) {
			entries = append(entries, h)
		}
	}
	if err := os.WriteFile(name, []byte(transcriptOf(entries, s.opts.Compat)), 0o644); err != nil {
		throw("OSError", "%s", err.Error())
	}
	var b strings.Builder
	b.WriteString(fmt.Sprintf(msgHistorySaved, name) + "\n")
	for _, h := range entries {
		b.WriteString(strings.TrimRight(h.src, "\n") + "\n")
	}
	s.write(b.String())
}

func (s *Session) load(arg string) {
	name := strings.TrimSpace(arg)
	if name == "" {
		throw("UsageError", "%s", msgLoadUsage)
	}
	f, err := os.Open(name)
	var src io.Reader
	var transcript bool
	if err == nil {
		defer f.Close()
		src, transcript, err = OpenSource(f)
	}
	if err != nil {
		msg := err.Error()
		if pe, ok := err.(*os.PathError); ok {
			msg = pe.Err.Error()
		}
		throw("FileNotFoundError", msgLoadError, name, msg)
	}
	// A statement at a time, so that the file's size does not matter.
	sr := NewSourceReader(src, transcript)
	for {
		c, err := sr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			throw("OSError", "%s", err.Error())
		}
		if c.Comment {
			continue
		}
		if c.Err != nil {
			panic(c.Err)
		}
		for i, l := range c.Lines {
			if i == 0 {
				s.write(">>> " + l + "\n")
			} else {
				s.write("... " + l + "\n")
			}
		}
		if e := s.Exec(c.Code(), c.Line); e != nil {
			panic(e)
		}
	}
}
