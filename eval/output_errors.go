package eval

import (
	"errors"
	"fmt"
	"io"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// RaisingWriter wraps the standard output of a script: a write that fails
// (a full disk, /dev/full, a closed descriptor) raises Python's OSError
// for it, as CPython's print does, so that the statement fails and the
// script stops with a non-zero status. Inside a statement the exception
// is the statement's; a write outside one (the echo of a statement in
// transcript mode) panics with the *Exception, which the caller recovers
// (cmd/tensh does).
func RaisingWriter(w io.Writer) io.Writer { return &raisingWriter{w: w} }

type raisingWriter struct{ w io.Writer }

func (r *raisingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil {
		panic(OSErrorFor(err))
	}
	return n, nil
}

// OSErrorFor is the Python exception for a failed system call: OSError
// (BrokenPipeError for EPIPE) with "[Errno N] strerror", as CPython words
// it.
func OSErrorFor(err error) *Exception {
	var no syscall.Errno
	if !errors.As(err, &no) {
		if errors.Is(err, io.ErrShortWrite) {
			no = syscall.EIO
		} else {
			return &Exception{Type: "OSError", Msg: err.Error()}
		}
	}
	typ := "OSError"
	if no == syscall.EPIPE {
		typ = "BrokenPipeError"
	}
	return &Exception{Type: typ, Msg: fmt.Sprintf(errOSErrno, int(no), strerror(no))}
}

// strerror is C's strerror(no): Go's text for an errno is glibc's with
// the first letter in lower case.
func strerror(no syscall.Errno) string {
	s := no.Error()
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
