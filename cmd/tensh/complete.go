//go:build !js

package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/chzyer/readline"

	"github.com/tensh/tensh/eval"
)

// Tab completion. readline lists the candidates in a grid under the line
// and moves back up over it, which works while the grid fits on the screen:
// `x.<Tab>` on a tensor (some 300 names) scrolled them away. tensh does as
// GNU readline does with long lists: past queryItems candidates it asks
// "Display all N possibilities? (y or n)", and it shows a list taller than
// the screen a page at a time ("--More--": space for the next page, Enter
// for the next line, q to stop). Candidates carry rlcompleter's "(" after
// callables (eval.Session.CompleteMarked).

// queryItems is GNU readline's completion-query-items.
const queryItems = 100

// completer adapts eval's completion to readline: readline wants the
// missing part of each candidate and the length of the word typed.
type completer struct {
	sess *eval.Session
	t    *terminalReader
	// size returns the screen's width and height (tests replace it).
	size func() (int, int)
	// key reads the next key at a question (tests replace it).
	key func() rune
}

// tabIndent is what Tab inserts where only blanks are before the cursor.
const tabIndent = "    "

func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	s := string(line)
	bpos := len(string(line[:pos]))
	if strings.TrimSpace(s[:bpos]) == "" {
		// At the start of a line Tab indents, as in CPython 3.11's
		// prompt and the browser page (4 spaces: a block's step).
		return [][]rune{[]rune(tabIndent)}, 0
	}
	word := s[eval.WordStart(s, bpos):bpos]
	cands := c.sess.CompleteMarked(s, bpos)
	var out [][]rune
	for _, cand := range cands {
		out = append(out, []rune(cand[len(word):]))
	}
	if len(out) < 2 || commonPrefix(cands) != word {
		return out, len([]rune(word)) // readline inserts it
	}
	width, height := c.screen()
	if len(cands) <= queryItems && len(gridRows(cands, width)) <= height-2 {
		return out, len([]rune(word)) // readline's grid fits
	}
	c.list(cands, width, height)
	if c.t != nil && c.t.rl != nil {
		c.t.rl.Refresh() // the prompt and the line again, under the list
	}
	return nil, 0
}

func (c *completer) screen() (int, int) {
	if c.size != nil {
		return c.size()
	}
	w, h, err := readline.GetSize(c.t.fd)
	if err != nil || w <= 0 || h <= 0 {
		return 80, 24
	}
	return w, h
}

func (c *completer) readKey() rune {
	if c.key != nil {
		return c.key()
	}
	return c.t.rl.Terminal.ReadRune()
}

func (c *completer) out() io.Writer { return c.t.stdout }

// list shows many candidates under the line (the terminal is in raw mode:
// lines end with CR LF), asking first when there are more than queryItems
// and paging what is taller than the screen.
func (c *completer) list(cands []string, width, height int) {
	w := c.out()
	io.WriteString(w, "\r\n")
	if len(cands) > queryItems {
		fmt.Fprintf(w, "Display all %d possibilities? (y or n)", len(cands))
		if !c.yes() {
			io.WriteString(w, "\r\n")
			return
		}
		io.WriteString(w, "\r\n")
	}
	rows := gridRows(cands, width)
	page := max(height-1, 1)
	shown := 0
	for _, r := range rows {
		if shown == page {
			io.WriteString(w, "--More--")
			k := c.readKey()
			io.WriteString(w, "\r\x1b[K")
			switch k {
			case ' ', 'y', 'Y':
				shown = 0
			case '\r', '\n':
				shown = page - 1
			default: // q, n, Delete, Ctrl-C
				return
			}
		}
		io.WriteString(w, r+"\r\n")
		shown++
	}
}

// yes reads the answer to a y-or-n question, as readline does: y, Y or
// space is yes; n, N, Delete or Ctrl-C is no; other keys ring the bell.
func (c *completer) yes() bool {
	for {
		switch c.readKey() {
		case 'y', 'Y', ' ':
			return true
		case 'n', 'N', 'q', 'Q', readline.CharDelete, readline.CharInterrupt, readline.CharBackspace, 0:
			return false
		default:
			io.WriteString(c.out(), "\a")
		}
	}
}

// gridRows lays names out in columns across width, down each column
// first, as readline lists completions.
func gridRows(names []string, width int) []string {
	colw := 0
	for _, n := range names {
		colw = max(colw, utf8.RuneCountInString(n)+2)
	}
	cols := max((width-1)/colw, 1)
	nrows := (len(names) + cols - 1) / cols
	rows := make([]string, nrows)
	for r := range rows {
		var b strings.Builder
		for col := 0; col < cols; col++ {
			i := col*nrows + r
			if i >= len(names) {
				break
			}
			n := names[i]
			b.WriteString(n)
			if col < cols-1 && i+nrows < len(names) {
				b.WriteString(strings.Repeat(" ", colw-utf8.RuneCountInString(n)))
			}
		}
		rows[r] = b.String()
	}
	return rows
}

// commonPrefix is the longest prefix of all of names.
func commonPrefix(names []string) string {
	p := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}
