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
)

// historyLimit is how many lines the history file keeps.
const historyLimit = 5000

// history is the REPL's history file: one input line a line. Every
// complete statement is added at once: under a lock, the file is read
// again (another tensh may have added lines since), the new lines are
// appended, and the result replaces the file atomically.
type history struct {
	path string
	warn io.Writer
	off  bool // after an error: warned once, no more writes
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

var errCorruptHistory = errors.New("not a text file")

// historyMaxBytes bounds what is read of a history file: of a bigger one
// (not written by tensh, which keeps historyLimit lines), only the end.
const historyMaxBytes = 4 << 20

// readHistory reads a history file. A missing file is an empty history.
// A file that is not text (NUL bytes, invalid UTF-8) gives its good lines
// and errCorruptHistory.
func readHistory(path string) ([]string, error) {
	data, err := readTail(path, historyMaxBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var lines []string
	corrupt := false
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSuffix(l, "\r")
		if !utf8.ValidString(l) || strings.IndexByte(l, 0) >= 0 {
			corrupt = true
			continue
		}
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if corrupt {
		return lines, errCorruptHistory
	}
	return lines, nil
}

// openHistory loads the history file at path. When it cannot be read it
// prints one warning and the REPL starts with what could be read; a file
// that cannot be read at all is then left alone (no writes).
func openHistory(path string, warn io.Writer) (*history, []string) {
	h := &history{path: path, warn: warn}
	lines, err := readHistory(path)
	switch {
	case errors.Is(err, errCorruptHistory):
		fmt.Fprintf(warn, "tensh: warning: history file %s is damaged (%v); its unreadable lines are dropped\n", path, err)
	case err != nil:
		fmt.Fprintf(warn, "tensh: warning: cannot read history file: %v; history is not saved\n", err)
		h.off = true
	}
	return h, lines
}

// add appends lines to the file (see history).
func (h *history) add(lines []string) {
	if h == nil || h.off || len(lines) == 0 {
		return
	}
	if err := h.merge(lines); err != nil {
		fmt.Fprintf(h.warn, "tensh: warning: cannot write history file: %v; history is not saved\n", err)
		h.off = true
	}
}

func (h *history) merge(lines []string) error {
	unlock, err := lockFile(h.path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	old, err := readHistory(h.path)
	if err != nil && !errors.Is(err, errCorruptHistory) {
		return err
	}
	all := append(old, lines...)
	if len(all) > historyLimit {
		all = all[len(all)-historyLimit:]
	}
	var b bytes.Buffer
	for _, l := range all {
		b.WriteString(l + "\n")
	}
	return writeFileAtomic(h.path, b.Bytes())
}

// readTail reads the file at path, or its last max bytes from the start
// of a line when it is bigger.
func readTail(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: errors.New("is a directory")}
	}
	if fi.Size() <= max {
		return io.ReadAll(f)
	}
	if _, err := f.Seek(fi.Size()-max, io.SeekStart); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max))
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[i+1:] // the first line is cut
	}
	return data, err
}
