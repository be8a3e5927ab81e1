package main

import (
	"fmt"
	"io"
	"os"

	"github.com/tensh/tensh/eval"
)

// Output errors (issue 16): a script's standard output that cannot be
// written (a full disk, /dev/full, a closed descriptor) makes the
// statement that printed raise OSError, as in CPython, and the run ends
// with status 1 and the message on stderr, instead of going on silently.

// scriptOutput is the writer a non-interactive run prints to. A reader
// that went away (tensh script | head -1) is BrokenPipeError too: Go
// would otherwise end the process with SIGPIPE on the first write to a
// broken standard output, unless SIGPIPE is being notified.
func scriptOutput(stdout io.Writer) io.Writer {
	if stdout == io.Writer(os.Stdout) {
		notifySIGPIPE()
	}
	return eval.RaisingWriter(stdout)
}

// catchOutputError is deferred by a non-interactive run: the OSError of a
// write outside any statement (transcript mode's echo of a statement, or
// of its error) ends the run with its message on stderr.
func catchOutputError(stderr io.Writer, status *int) {
	r := recover()
	if r == nil {
		return
	}
	e, ok := r.(*eval.Exception)
	if !ok {
		panic(r)
	}
	fmt.Fprintln(stderr, e.Error())
	*status = exitError
}
