//go:build js

package main

import (
	"io"
	"os"

	"github.com/tensh/tensh/eval"
)

// terminalREPL: js/wasm has no terminal (and tensh no readline there), so
// stdin is always read as a script, as when it is a pipe elsewhere. The
// browser's front end is cmd/tensh-wasm.
func terminalREPL(cfg *config, opts eval.Options, stdin *os.File, stdout, stderr io.Writer) (status int, ok bool) {
	return 0, false
}
