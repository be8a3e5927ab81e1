// Command tensh is an interactive shell for a small PyTorch-like language:
// a Python subset with PyTorch's tensor library, printing what PyTorch
// prints.
//
//	tensh                      the REPL (or stdin as a script when it is not a terminal)
//	tensh FILE.tsh             run a script or transcript
//	tensh -c CODE              run CODE
//	tensh --echo FILE.tsh      transcript mode
//	tensh check FILE...        compare transcripts with what tensh prints
//	tensh serve                serve the browser version (docs/web.md)
//
// Run tensh --help for the flags.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Exit statuses.
const (
	exitOK          = 0
	exitError       = 1   // an uncaught error in a script, a check mismatch
	exitUsage       = 2   // bad flags or arguments, missing files
	exitInterrupted = 130 // Ctrl-C in a script (128 + SIGINT)
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is tensh with its arguments and standard files; it returns the exit
// status.
func run(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "serve" { // serve.go
		return serveCommand(args[1:], stdout, stderr, nil)
	}
	if len(args) > 0 && args[0] == "kernel" { // kernel.go
		return kernelCommand(args[1:], stdout, stderr)
	}
	cfg, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "tensh: %v\n", err)
		return exitUsage
	}
	switch {
	case cfg.help:
		io.WriteString(stdout, usage)
		return exitOK
	case cfg.version:
		fmt.Fprintln(stdout, versionLine(version, commit, buildInfo()))
		return exitOK
	}
	if cfg.threads > 0 {
		tensor.SetNumThreads(cfg.threads)
	}
	if stop := startProfile(stderr); stop != nil {
		defer stop()
	}
	if cfg.maxMemory > 0 {
		tensor.SetMemoryLimit(cfg.maxMemory)
	}
	opts := eval.Options{Compat: cfg.compat}

	if cfg.check {
		return runInterruptible(stderr, func(running *atomic.Bool) int {
			running.Store(true)
			return check(cfg.files, cfg.update, opts, stdout, stderr)
		})
	}

	if !cfg.hasCode && len(cfg.files) == 0 && !cfg.echo {
		if status, ok := terminalREPL(cfg, opts, stdin, stdout, stderr); ok {
			return status
		}
	}
	opts.Hints = cfg.hints.or(false)

	var name string
	var open func() (src io.Reader, transcript bool, err error)
	switch {
	case cfg.hasCode:
		name = "<string>"
		open = func() (io.Reader, bool, error) {
			return strings.NewReader(cfg.code), eval.IsTranscript(cfg.code), nil
		}
	case len(cfg.files) == 1 && cfg.files[0] != "-":
		name = cfg.files[0]
		f, r, transcript, err := openScript(name)
		if err != nil {
			fmt.Fprintf(stderr, "tensh: cannot open %s: %v\n", name, unwrapPathError(err))
			return exitUsage
		}
		defer f.Close()
		open = func() (io.Reader, bool, error) { return r, transcript, nil }
	default:
		name = "<stdin>"
		open = func() (io.Reader, bool, error) { return eval.PeekTranscript(stdin) }
	}
	return runInterruptible(stderr, func(running *atomic.Bool) (status int) {
		defer catchOutputError(stderr, &status)
		src, transcript, err := open()
		if err != nil {
			fmt.Fprintf(stderr, "tensh: reading %s: %v\n", name, err)
			return exitUsage
		}
		running.Store(true)
		var e *eval.Exception
		if cfg.echo {
			opts.Out, opts.HintOut = scriptOutput(stdout), stderr
			e, err = eval.NewSession(opts).RunEchoFrom(src, transcript)
		} else {
			file := scriptName(name)
			opts.Out, opts.Warn, opts.Filename = scriptOutput(stdout), stderr, file
			opts.Echo = echoRule(name, cfg.hasCode, transcript)
			e, err = eval.NewSession(opts).RunScriptFrom(file, src, transcript, stderr)
		}
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "tensh: reading %s: %v\n", name, err)
			return exitError
		case e == nil:
			return exitOK
		case e.Type == "SystemExit":
			status, _, _ := e.ExitStatus()
			return status
		case e.Interrupt():
			return exitInterrupted
		}
		return exitError
	})
}

// scriptName is the script's name as CPython's tracebacks and warnings
// give it: a file's path made absolute.
func scriptName(name string) string {
	if strings.HasPrefix(name, "<") {
		return name
	}
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return name
}

// echoRule is which expression statements of a script print their values
// (README.md, "Scripts"): none for -c and .py files, which run as
// `python3` runs them; every one, as at the prompt, for .tsh scripts,
// transcripts and other input.
func echoRule(name string, code, transcript bool) eval.EchoRule {
	if !transcript && (code || strings.EqualFold(filepath.Ext(name), ".py")) {
		return eval.EchoNone
	}
	return eval.EchoPrompt
}

// openScript opens a script file and tells whether it is a transcript
// (eval.OpenSource).
func openScript(name string) (*os.File, io.Reader, bool, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, false, err
	}
	r, transcript, err := eval.OpenSource(f)
	if err != nil {
		f.Close()
		return nil, nil, false, &os.PathError{Op: "open", Path: name, Err: err}
	}
	return f, r, transcript, nil
}

// interruptsToQuit is how many Ctrl-Cs end tensh when the running
// statement does not stop for them (a statement that polls stops at the
// first).
const interruptsToQuit = 3

// runInterruptible runs a non-interactive job on a goroutine; the job sets
// running when it starts to run statements. Ctrl-C then raises
// KeyboardInterrupt in the running statement (interrupt), as in CPython: a
// script that catches it goes on, and its status is its own; one that does
// not ends with its traceback and status 130. Before statements run, or
// at the third Ctrl-C (a statement that does not stop), tensh prints
// KeyboardInterrupt and exits with status 130.
func runInterruptible(stderr io.Writer, job func(running *atomic.Bool) int) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	var running atomic.Bool
	done := make(chan int, 1)
	go func() { done <- job(&running) }()
	for n := 1; ; n++ {
		select {
		case status := <-done:
			return status
		case <-sigs:
			if running.Load() && n < interruptsToQuit {
				interrupt()
				continue
			}
			fmt.Fprintln(stderr, "KeyboardInterrupt")
			return exitInterrupted
		}
	}
}

// interrupt asks the statement running now to stop: the runtime polls for
// the request between chunks of work and raises KeyboardInterrupt, which
// leaves every variable as it was. This is the one place that asks.
func interrupt() { tensor.Interrupt() }

// unwrapPathError drops the path and operation that tensh's own message
// already names.
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
