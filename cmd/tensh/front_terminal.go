//go:build !js

package main

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"

	"github.com/tensh/tensh/eval"
)

// The terminal front end (readline, colours, history, Ctrl-C as a signal)
// is built everywhere but js/wasm, where there is no terminal: the browser
// has its own front end (cmd/tensh-wasm, web/), and the engine (eval)
// knows neither.

// terminalREPL runs the REPL when stdin is a terminal and reports ok;
// otherwise it does nothing and tensh reads stdin as a script.
func terminalREPL(cfg *config, opts eval.Options, stdin *os.File, stdout, stderr io.Writer) (status int, ok bool) {
	if !isatty.IsTerminal(stdin.Fd()) {
		return 0, false
	}
	opts.Hints = cfg.hints.or(true)
	return runREPL(opts, cfg.ipython, stdin, stdout, stderr), true
}
