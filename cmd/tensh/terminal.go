//go:build !js

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/chzyer/readline"
	"github.com/mattn/go-isatty"

	"github.com/tensh/tensh/eval"
)

// terminalReader is the LineReader of a terminal: line editing, history
// recall and Tab completion through readline, and pastes (paste.go).
type terminalReader struct {
	rl     *readline.Instance
	stdin  io.Closer
	stdout io.Writer
	paste  *pasteReader
	fd     int
	// bracketed is set when the terminal's bracketed paste mode is on.
	bracketed bool
	// restore puts the terminal back from runMode (at Close).
	restore func()
	// sigs receives os.Interrupt for a Ctrl-C typed while a statement
	// runs (the REPL's interrupts channel).
	sigs atomic.Pointer[chan os.Signal]

	// The line being edited, as readline last showed it to the listener
	// or as ReadLine put it in (lineMu guards them: the listener runs on
	// readline's goroutine).
	lineMu sync.Mutex
	line   []rune
	pos    int
	// single is a one-line paste that the listener puts in place of its
	// pasteRune.
	single string

	mu      sync.Mutex
	queued  []string // pasted lines still to be returned
	last    string   // a pasted last line without newline, to edit
	prefill []string // lines put into the next inputs (%load), to edit and run
}

func newTerminalReader(sess *eval.Session, stdin *os.File, stdout, stderr io.Writer, past []string) (*terminalReader, error) {
	// A cancelable stdin, closed by Close: readline's own Close does not
	// end the read it has pending, and would wait for it forever.
	in := readline.NewCancelableStdin(stdin)
	t := &terminalReader{stdin: in, stdout: stdout, fd: int(stdin.Fd())}
	t.paste = newPasteReader(in, t.interrupt)
	rl, err := readline.NewEx(&readline.Config{
		Prompt:       ">>> ",
		AutoComplete: &completer{sess: sess, t: t},
		HistoryLimit: historyLimit,
		// The REPL saves each statement, a block's lines together, as
		// one entry (SaveEntry).
		DisableAutoSaveHistory: true,
		InterruptPrompt:        "^C",
		EOFPrompt:              "\n", // readline's way to say: only a newline after Ctrl-D
		Stdin:                  t.paste,
		Stdout:                 stdout,
		Stderr:                 stderr,
		FuncFilterInputRune:    t.filterRune,
		Listener:               readline.FuncListener(t.onChange),
	})
	if err != nil {
		return nil, err
	}
	t.rl = rl
	// The terminal stays in runMode while tensh runs (readline's raw mode
	// at the prompt is made from it and goes back to it): it is never in
	// the cooked mode in which Ctrl-C would signal the whole process group,
	// nor in one in which typed-ahead bytes wait for a newline.
	t.restore = runMode(t.fd)
	for _, l := range past {
		rl.SaveHistory(l) // in memory only: the file is history's
	}
	if f, ok := stdout.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		t.bracketed = true
		io.WriteString(stdout, pasteOn)
	}
	return t, nil
}

// forwardInterrupts makes a Ctrl-C typed while a statement runs an
// os.Interrupt on sigs, as SIGINT would be.
func (t *terminalReader) forwardInterrupts(sigs chan os.Signal) { t.sigs.Store(&sigs) }

func (t *terminalReader) interrupt() {
	if p := t.sigs.Load(); p != nil {
		select {
		case *p <- os.Interrupt:
		default: // one is pending
		}
	}
}

// ReadLine reads a line at the prompt; until the next call a statement
// runs, and a Ctrl-C typed is an interrupt for it.
func (t *terminalReader) ReadLine(prompt string) (string, error) {
	t.paste.running.Store(false)
	line, err := t.readLine(prompt)
	if err == nil {
		t.paste.running.Store(true)
	}
	return line, err
}

func (t *terminalReader) readLine(prompt string) (string, error) {
	t.mu.Lock()
	if len(t.queued) > 0 {
		l := t.queued[0]
		t.queued = t.queued[1:]
		t.mu.Unlock()
		fmt.Fprintf(t.stdout, "%s%s\n", prompt, l)
		return l, nil
	}
	last := t.last
	t.last = ""
	loaded := last == "" && len(t.prefill) > 0
	if loaded {
		last = t.prefill[0]
		t.prefill = t.prefill[1:]
	}
	t.mu.Unlock()
	t.rl.SetPrompt(prompt)
	t.setEdited(last)
	line, err := t.rl.ReadlineWithDefault(last)
	if errors.Is(err, readline.ErrInterrupt) {
		if loaded {
			t.mu.Lock()
			t.prefill = nil // Ctrl-C drops the rest of a %load
			t.mu.Unlock()
		}
		return "", errInterrupt
	}
	return line, err
}

// SaveEntry adds a statement to the in-memory history as one entry: a
// block's lines, joined by newlines, are recalled together.
func (t *terminalReader) SaveEntry(stmt string) { _ = t.rl.SaveHistory(stmt) }

// prefillInputs is the session's %load: lines to show, one at a time, as
// the next inputs, for the user to edit and run (before those of an
// earlier %load).
func (t *terminalReader) prefillInputs(lines []string) {
	t.mu.Lock()
	t.prefill = append(append([]string{}, lines...), t.prefill...)
	t.mu.Unlock()
}

// confirm asks a yes-or-no question while a statement runs (%save over an
// existing file); only an answer starting with y is yes.
func (t *terminalReader) confirm(question string) bool {
	t.paste.running.Store(false)
	t.rl.HistoryDisable()
	t.rl.SetPrompt(question)
	t.setEdited("")
	line, err := t.rl.Readline()
	t.rl.HistoryEnable()
	t.paste.running.Store(true)
	return err == nil && strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "y")
}

// filterRune sees each rune before readline does (on readline's
// goroutine). A paste with newlines ends the line with its first line
// (pastedLines) and queues the others.
func (t *terminalReader) filterRune(r rune) (rune, bool) {
	if r != pasteRune {
		return r, true
	}
	text := t.paste.take()
	t.lineMu.Lock()
	pos := min(t.pos, len(t.line))
	before, after := string(t.line[:pos]), string(t.line[pos:])
	t.lineMu.Unlock()
	lines, last := pastedLines(before, text, after)
	if len(lines) == 0 && before+text+after == last {
		t.single = text // no newline: the listener inserts it
		return pasteRune, true
	}
	t.mu.Lock()
	t.last = last
	if len(lines) > 1 {
		t.queued = append(t.queued, lines[1:]...)
	}
	t.mu.Unlock()
	if len(lines) == 0 {
		// Only output was pasted (a transcript's tail): edit what is left.
		t.rl.Operation.SetBuffer(last)
		t.setEdited(last)
		t.mu.Lock()
		t.last = ""
		t.mu.Unlock()
		return 0, false
	}
	t.rl.Operation.SetBuffer(lines[0])
	return readline.CharEnter, true
}

// onChange is readline's listener: it tracks the line being edited and
// puts a one-line paste in place of its pasteRune.
func (t *terminalReader) onChange(line []rune, pos int, key rune) ([]rune, int, bool) {
	if line == nil && key == 0 {
		return nil, 0, false // the start of a read: the line is setEdited's
	}
	if key == pasteRune && pos > 0 && pos <= len(line) && line[pos-1] == pasteRune {
		ins := []rune(t.single)
		t.single = ""
		nl := make([]rune, 0, len(line)-1+len(ins))
		nl = append(append(append(nl, line[:pos-1]...), ins...), line[pos:]...)
		t.lineMu.Lock()
		t.line, t.pos = nl, pos-1+len(ins)
		t.lineMu.Unlock()
		return nl, pos - 1 + len(ins), true
	}
	t.lineMu.Lock()
	t.line, t.pos = line, pos
	t.lineMu.Unlock()
	return nil, 0, false
}

// setEdited records a line put into the editor (the cursor at its end).
func (t *terminalReader) setEdited(line string) {
	t.lineMu.Lock()
	t.line = []rune(line)
	t.pos = len(t.line)
	t.lineMu.Unlock()
}

// Close lets the terminal go: bracketed paste off, readline closed (which
// puts back runMode's mode), then the terminal as tensh found it.
func (t *terminalReader) Close() error {
	if t.bracketed {
		io.WriteString(t.stdout, pasteOff)
	}
	t.stdin.Close()
	err := t.rl.Close()
	if t.restore != nil {
		t.restore()
	}
	return err
}

// terminalWidth is the width of the terminal on stdout, to which tensh's
// own prose (%explain, %help) is wrapped; 0 when it is not known.
func terminalWidth() int {
	return max(readline.GetScreenWidth(), 0)
}
