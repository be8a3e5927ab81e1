//go:build js

package main

import (
	"errors"
	"io"

	"github.com/tensh/tensh/eval"
)

// checkNotebook: the js/wasm build has no kernel to run a notebook's cells.
func checkNotebook(name string, src []byte, opts eval.Options, stdout io.Writer) (passed, failed int, err error) {
	return 0, 0, errors.New(name + ": notebooks are checked by a native tensh")
}
