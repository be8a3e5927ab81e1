package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/eval"
)

// historyLimit is how many lines the history file keeps.
const historyLimit = 5000

// historySlack is how many lines past historyLimit the file may grow
// before it is trimmed back to historyLimit lines (so that it is rewritten
// once every historySlack lines, not at every statement).
const historySlack = 500

// history is the REPL's history file: one input line a line. Every
// complete statement is appended at once, under a lock (other tensh
// processes append to the same file). The file is only ever appended to,
// except to trim it (see trim), so that tensh never replaces what it may
// not: a history path that is not a regular file (a device such as
// /dev/null, a FIFO, a directory) is neither read nor written, a file
// without write permission is read but not written, and a file bigger than
// tensh reads is appended to but never trimmed.
type history struct {
	path string
	warn io.Writer
	off  bool // after an error: warned once, no more writes
	// lines estimates the file's lines, to trim it past
	// historyLimit+historySlack; -1 when it is never trimmed.
	lines int
}

// historyPath is $TENSH_HISTORY, or ~/.tensh_history; "" when TENSH_HISTORY
// is set but empty (no history) or there is no home directory.
func historyPath() string {
	if p, ok := os.LookupEnv("TENSH_HISTORY"); ok {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".tensh_history")
}

var (
	errCorruptHistory = errors.New("not a text file")
	errNotRegular     = errors.New("not a regular file")
)

// historyMaxBytes bounds what is read of a history file: of a bigger one
// (not written by tensh, which keeps historyLimit lines), only the end.
const historyMaxBytes = 4 << 20

// historyFile is what readHistoryFile found.
type historyFile struct {
	exists   bool
	mode     fs.FileMode
	lines    int  // good lines read
	damaged  bool // lines were dropped: NUL bytes or invalid UTF-8
	partial  bool // bigger than historyMaxBytes: only its end was read
	readOnly bool // no write permission for its owner
}

// readHistory reads a history file. A missing file is an empty history.
// A file that is not text (NUL bytes, invalid UTF-8) gives its good lines
// and errCorruptHistory.
func readHistory(path string) ([]string, error) {
	lines, hf, err := readHistoryFile(path)
	if err == nil && hf.damaged {
		err = errCorruptHistory
	}
	return lines, err
}

func readHistoryFile(path string) ([]string, historyFile, error) {
	var hf historyFile
	data, fi, partial, err := readTail(path, historyMaxBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, hf, nil
	}
	if err != nil {
		return nil, hf, err
	}
	hf.exists, hf.mode, hf.partial = true, fi.Mode(), partial
	hf.readOnly = fi.Mode().Perm()&0o200 == 0 || !writable(path)
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSuffix(l, "\r")
		// A line that is not UTF-8 (typed in another encoding) is kept in
		// the file, as readline keeps it; only NUL bytes are damage.
		if strings.IndexByte(l, 0) >= 0 {
			hf.damaged = true
			continue
		}
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	hf.lines = len(lines)
	return lines, hf, nil
}

// historyErr is a failure on the history file in CPython's words
// (PermissionError: [Errno 13] Permission denied: '/home/u/.tensh_history').
func historyErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return eval.OSError(pe.Err, pe.Path).Error()
	}
	return err.Error()
}

// openHistory loads the history file at path. When it cannot be read it
// prints one warning and the REPL starts with what could be read; a file
// that cannot be read at all is then left alone (no writes). os.DevNull is
// no history, silently.
func openHistory(path string, warn io.Writer) (*history, []string) {
	h := &history{path: path, warn: warn}
	if path == os.DevNull {
		h.off = true
		return h, nil
	}
	lines, hf, err := readHistoryFile(path)
	switch {
	case errors.Is(err, errNotRegular):
		fmt.Fprintf(warn, "tensh: warning: history file %s is not a regular file; history is not read or saved\n", path)
		h.off = true
	case err != nil:
		fmt.Fprintf(warn, "tensh: warning: cannot read history file: %s; history is not saved\n", historyErr(err))
		h.off = true
	case hf.readOnly:
		fmt.Fprintf(warn, "tensh: warning: history file %s is read-only; history is not saved\n", path)
		h.off = true
	case hf.partial:
		fmt.Fprintf(warn, "tensh: warning: history file %s is over %d MiB: only its end is read; it is appended to but not trimmed\n", path, historyMaxBytes>>20)
		h.lines = -1
	case hf.damaged:
		fmt.Fprintf(warn, "tensh: warning: history file %s is damaged (%v); its unreadable lines are dropped\n", path, errCorruptHistory)
		h.lines = historyLimit + historySlack + 1 // rewritten at the first save
	default:
		h.lines = hf.lines
		if hf.lines > historyLimit {
			fmt.Fprintf(warn, "tensh: warning: history file %s has %d lines; tensh keeps the last %d, and drops the older ones when it next saves\n", path, hf.lines, historyLimit)
		}
	}
	past := lines[:0:0]
	for _, l := range lines {
		if utf8.ValidString(l) { // the line editor takes text only
			past = append(past, l)
		}
	}
	return h, past
}

// add appends lines to the file (see history).
func (h *history) add(lines []string) {
	if h == nil || h.off || len(lines) == 0 {
		return
	}
	if err := h.merge(lines); err != nil {
		fmt.Fprintf(h.warn, "tensh: warning: cannot write history file: %s; history is not saved\n", historyErr(err))
		h.off = true
	}
}

func (h *history) merge(lines []string) error {
	// The lock is on the file's folder: no lock file is left behind, and
	// it holds across trim's rename (a lock on the file would not).
	unlock, err := lockFile(filepath.Dir(h.path))
	if err != nil {
		return err
	}
	defer unlock()
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if err := appendRegular(h.path, b.Bytes()); err != nil {
		return err
	}
	if h.lines < 0 {
		return nil
	}
	h.lines += len(lines)
	if h.lines <= historyLimit+historySlack {
		return nil
	}
	return h.trim()
}

// trim rewrites the file with its last historyLimit lines (and without
// damaged ones), keeping its permissions and owner. It runs under the
// lock, on a regular file tensh may write; a file that grew past what is
// read is left as it is.
func (h *history) trim() error {
	all, hf, err := readHistoryFile(h.path)
	if err != nil {
		return err
	}
	if hf.partial || hf.readOnly {
		h.lines = -1
		return nil
	}
	if len(all) > historyLimit {
		all = all[len(all)-historyLimit:]
	}
	var b bytes.Buffer
	for _, l := range all {
		b.WriteString(l + "\n")
	}
	h.lines = len(all)
	return writeFileAtomic(h.path, b.Bytes())
}

// appendRegular appends data to the file at path, created (0600) if
// missing. It opens without blocking and checks what it opened: anything
// but a regular file (a FIFO, a device) is errNotRegular and is not
// written.
func appendRegular(path string, data []byte) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "write", Path: path, Err: errNotRegular}
	}
	f, err := openNoBlock(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "write", Path: path, Err: errNotRegular}
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Close()
}

// readTail reads the regular file at path, or its last max bytes from the
// start of a line when it is bigger (partial); at most max bytes are read
// whatever size the file reports. A FIFO, a device or a directory is
// errNotRegular, and is not read.
func readTail(path string, max int64) (data []byte, fi fs.FileInfo, partial bool, err error) {
	f, err := openNoBlock(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, nil, false, err
	}
	defer f.Close()
	fi, err = f.Stat()
	if err != nil {
		return nil, nil, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, false, &fs.PathError{Op: "read", Path: path, Err: errNotRegular}
	}
	if fi.Size() > max {
		if _, err := f.Seek(fi.Size()-max, io.SeekStart); err != nil {
			return nil, nil, false, err
		}
		partial = true
	}
	data, err = io.ReadAll(io.LimitReader(f, max+1))
	if int64(len(data)) > max {
		// It grew while read.
		data, partial = data[len(data)-int(max):], true
	}
	if partial {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:] // the first line is cut
		}
	}
	return data, fi, partial, err
}
