package main

import (
	"errors"
	"io"
	"os"

	"github.com/chzyer/readline"

	"github.com/tensh/tensh/eval"
)

// terminalReader is the LineReader of a terminal: line editing, history
// recall and Tab completion through readline.
type terminalReader struct {
	rl    *readline.Instance
	stdin io.Closer
}

func newTerminalReader(sess *eval.Session, stdin *os.File, stdout, stderr io.Writer, past []string) (*terminalReader, error) {
	// A cancelable stdin, closed by Close: readline's own Close does not
	// end the read it has pending, and would wait for it forever.
	in := readline.NewCancelableStdin(stdin)
	rl, err := readline.NewEx(&readline.Config{
		Prompt:          ">>> ",
		AutoComplete:    completer{sess},
		HistoryLimit:    historyLimit,
		InterruptPrompt: "^C",
		EOFPrompt:       "\n", // readline's way to say: only a newline after Ctrl-D
		Stdin:           in,
		Stdout:          stdout,
		Stderr:          stderr,
	})
	if err != nil {
		return nil, err
	}
	for _, l := range past {
		rl.SaveHistory(l) // in memory only: the file is history's
	}
	return &terminalReader{rl, in}, nil
}

func (t *terminalReader) ReadLine(prompt string) (string, error) {
	t.rl.SetPrompt(prompt)
	line, err := t.rl.Readline()
	if errors.Is(err, readline.ErrInterrupt) {
		return "", errInterrupt
	}
	return line, err
}

func (t *terminalReader) Close() error {
	t.stdin.Close()
	return t.rl.Close()
}

// completer adapts eval's completion to readline: readline wants the
// missing part of each candidate and the length of the word typed.
type completer struct{ sess *eval.Session }

func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	s := string(line)
	bpos := len(string(line[:pos]))
	word := s[eval.WordStart(s, bpos):bpos]
	var out [][]rune
	for _, cand := range c.sess.Complete(s, bpos) {
		out = append(out, []rune(cand[len(word):]))
	}
	return out, len([]rune(word))
}

// terminalWidth is the width of the terminal on stdout, to which tensh's
// own prose (%explain, %help) is wrapped; 0 when it is not known.
func terminalWidth() int {
	return max(readline.GetScreenWidth(), 0)
}
