package eval

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// OSError is the exception Python raises for err, a failed operation on
// path: FileNotFoundError: [Errno 2] No such file or directory: 'x'.
func OSError(err error, path string) *Exception {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return &Exception{Type: "OSError", Msg: fmt.Sprintf(errOSErrorPlain, err.Error(), Repr(Str(path)))}
	}
	typ := "OSError"
	switch errno {
	case syscall.ENOENT:
		typ = "FileNotFoundError"
	case syscall.EEXIST:
		typ = "FileExistsError"
	case syscall.EACCES, syscall.EPERM:
		typ = "PermissionError"
	case syscall.EISDIR:
		typ = "IsADirectoryError"
	case syscall.ENOTDIR:
		typ = "NotADirectoryError"
	}
	text := errno.Error()
	if text != "" {
		text = strings.ToUpper(text[:1]) + text[1:]
	}
	return &Exception{Type: typ, Msg: fmt.Sprintf(errOSError, int(errno), text, Repr(Str(path)))}
}
