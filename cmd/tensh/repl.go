//go:build !js

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/fatih/color"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// LineReader is where the REPL's lines come from: the terminal through
// readline, or a list in tests.
type LineReader interface {
	// ReadLine shows prompt and returns the line typed, without its
	// newline; errInterrupt after Ctrl-C, io.EOF after Ctrl-D.
	ReadLine(prompt string) (string, error)
	Close() error
}

// errInterrupt is what a LineReader returns for Ctrl-C.
var errInterrupt = errors.New("interrupt")

// repl is the read-eval-print loop over a session.
type repl struct {
	sess           *eval.Session
	in             LineReader
	stdout, stderr io.Writer
	hist           *history // nil: no history file
	// interrupts delivers Ctrl-C (SIGINT) while a statement runs; while a
	// line is read, the LineReader reports it instead.
	interrupts <-chan os.Signal
	needsMore  func(src string) bool
	// run executes a complete statement (the session's Exec; tests
	// replace it).
	run       func(src string) *eval.Exception
	prompt    *color.Color
	errColor  *color.Color
	hintColor *color.Color // dimmed
}

// runREPL is tensh on a terminal.
func runREPL(opts eval.Options, ipython bool, stdin *os.File, stdout, stderr io.Writer) int {
	opts.Out, opts.Warn = stdout, stderr
	opts.Width = terminalWidth
	sess := eval.NewSession(opts)
	sess.SetIPythonPrompts(ipython)
	var hist *history
	var past []string
	if p := historyPath(); p != "" {
		hist, past = openHistory(p, stderr)
	}
	in, err := newTerminalReader(sess, stdin, stdout, stderr, past)
	if err != nil {
		fmt.Fprintf(stderr, "tensh: %v\n", err)
		return exitError
	}
	defer in.Close()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	in.forwardInterrupts(sigs)
	sess.SetREPL(in.confirm, in.prefillInputs)
	fmt.Fprintf(stderr, "%s: Python with PyTorch's tensors. Ctrl-D quits, Tab completes.\n", versionLine(version, commit, buildInfo()))
	r := newREPL(sess, in, stdout, stderr, !color.NoColor)
	r.hist, r.interrupts = hist, sigs
	return r.loop()
}

func newREPL(sess *eval.Session, in LineReader, stdout, stderr io.Writer, colors bool) *repl {
	r := &repl{sess: sess, in: in, stdout: stdout, stderr: stderr, needsMore: lang.NeedsMore,
		run:    func(src string) *eval.Exception { return sess.Exec(src, 1) },
		prompt: color.New(color.FgGreen, color.Bold), errColor: color.New(color.FgRed), hintColor: color.New(color.Faint)}
	for _, c := range []*color.Color{r.prompt, r.errColor, r.hintColor} {
		if colors {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return r
}

// loop reads statements until Ctrl-D and returns the exit status.
func (r *repl) loop() int {
	var code, typed []string // the statement so far: without prompts, as typed
	inputs := 0
	for {
		first, cont := r.sess.Prompts()
		prompt := first
		if len(code) > 0 {
			prompt = cont
		} else if r.sess.IPythonPrompts() && inputs > 0 {
			fmt.Fprintln(r.stdout) // IPython separates its In [n] blocks
		}
		line, err := r.in.ReadLine(r.prompt.Sprint(prompt))
		ended := false // Ctrl-D ended a statement
		switch {
		case errors.Is(err, errInterrupt):
			fmt.Fprintln(r.stderr, "KeyboardInterrupt")
			code, typed = nil, nil
			continue
		case errors.Is(err, io.EOF) && len(code) > 0:
			// Ctrl-D at "... ": as CPython's prompt, the statement ends
			// there; it runs, or fails as cut short ("expected an
			// indented block ..."), and the session goes on.
			ended = true
		case errors.Is(err, io.EOF):
			return exitOK
		case err != nil:
			fmt.Fprintf(r.stderr, "tensh: %v\n", err)
			return exitError
		}
		if !ended {
			code = append(code, stripPrompt(line, len(code) > 0))
			if strings.TrimSpace(line) != "" {
				typed = append(typed, line)
			}
		}
		src := strings.Join(code, "\n")
		if !ended && r.needsMore(src) {
			continue
		}
		r.hist.add(typed)
		if h, ok := r.in.(interface{ SaveEntry(string) }); ok && len(typed) > 0 {
			h.SaveEntry(strings.Join(typed, "\n")) // a block is one history entry
		}
		code, typed = nil, nil
		if strings.TrimSpace(src) == "" {
			continue
		}
		inputs++
		e, quit := r.exec(src)
		if quit {
			return exitInterrupted
		}
		if status, msg, ok := e.ExitStatus(); ok { // exit() or quit()
			if msg != "" {
				fmt.Fprintln(r.stderr, msg)
			}
			return status
		}
		if e != nil {
			r.showError(e)
		}
	}
}

// stripPrompt removes a pasted prompt: ">>> " from the first line of a
// statement, "... " from a continuation line.
func stripPrompt(line string, continuation bool) string {
	if continuation {
		if line == "..." {
			return "" // a pasted transcript's empty line that ends a block
		}
		return strings.TrimPrefix(line, "... ")
	}
	if line == ">>>" {
		return ""
	}
	return strings.TrimPrefix(line, ">>> ")
}

// exec runs one statement on a goroutine, so that Ctrl-C can interrupt it
// (the variables stay as they are). When a statement does not stop after
// the third Ctrl-C, quit is true: tensh exits.
func (r *repl) exec(src string) (e *eval.Exception, quit bool) {
	for len(r.interrupts) > 0 {
		<-r.interrupts // a Ctrl-C that came between statements
	}
	// ... or one that came as the last statement ended: it was for that one.
	tensor.ClearInterrupt()
	done := make(chan *eval.Exception, 1)
	go func() { done <- r.run(src) }()
	for n := 1; ; n++ {
		select {
		case e := <-done:
			return e, false
		case <-r.interrupts:
			interrupt()
			switch n {
			case 2:
				fmt.Fprintln(r.stderr, "\ntensh: the statement has not stopped yet; Ctrl-C once more quits tensh")
			case 3:
				fmt.Fprintln(r.stderr, "\nKeyboardInterrupt\ntensh: the statement did not stop; quitting")
				return nil, true
			}
		}
	}
}

// showError prints an uncaught exception as Python's REPL ends a
// traceback: "Type: message".
func (r *repl) showError(e *eval.Exception) {
	fmt.Fprintln(r.stderr, r.errColor.Sprint(e.Error()))
	if h := r.sess.Hint(e); h != "" {
		fmt.Fprintln(r.stderr, r.hintColor.Sprint(h))
	}
}
