//go:build !js

package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"sync/atomic"
)

// Pasting into the line editor.
//
// readline (github.com/chzyer/readline) redraws the whole line after each
// character it receives, so a pasted line of n characters costs O(n²):
// 10k characters took 11 s, 100k several minutes. tensh turns on the
// terminal's bracketed paste mode (ESC[?2004h: the terminal sends a paste
// as ESC[200~ text ESC[201~), and pasteReader, between the terminal and
// readline, takes the pasted text out of the stream and hands readline a
// single private-use rune in its place (pasteRune). The terminal reader's
// hooks then put the whole text in at once (one redraw):
//   - text without a newline goes into the line at the cursor;
//   - text with newlines ends the line being edited with its first line
//     and queues the others: the REPL gets them one by one, as if typed
//     (shown after their prompts); a last line without a newline is left
//     in the editor.
// When the pasted text carries ">>> " prompts (a transcript copied from a
// session or from the documentation), the lines without a prompt are its
// output, not code: they are dropped, as IPython drops them and as
// `tensh FILE` skips them. Terminals without bracketed paste send pastes as
// typed keys, as before.

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
	// pasteOn and pasteOff switch the terminal's bracketed paste mode.
	pasteOn  = "\x1b[?2004h"
	pasteOff = "\x1b[?2004l"
	// pasteRune stands for a paste in the rune stream readline reads.
	pasteRune = '\uE000'
	ctrlC     = 0x03
)

// pasteReader passes the terminal's bytes on, except that each bracketed
// paste is replaced by pasteRune and kept for take. It reads the terminal
// on a goroutine of its own, all the time (what is typed ahead waits in
// memory), so that it sees Ctrl-C while a statement runs (ctrlc.go).
type pasteReader struct {
	in      io.Reader
	raw     []byte // read, not yet scanned (a partial marker at its end)
	out     []byte // scanned, to pass on
	inPaste bool
	paste   []byte

	mu      sync.Mutex
	pastes  []string // completed pastes, oldest first
	pending []byte   // read by pump, not yet by Read
	err     error    // the error that ended pump
	ready   chan struct{}

	// While running is set, a Ctrl-C byte read is not passed on:
	// onInterrupt is called for it.
	running     atomic.Bool
	onInterrupt func()
}

func newPasteReader(in io.Reader, onInterrupt func()) *pasteReader {
	p := &pasteReader{in: in, ready: make(chan struct{}, 1), onInterrupt: onInterrupt}
	go p.pump()
	return p
}

// pump reads the terminal until it fails (Close ends it).
func (p *pasteReader) pump() {
	buf := make([]byte, 64<<10)
	for {
		n, err := p.in.Read(buf)
		b := buf[:n]
		if p.running.Load() && bytes.IndexByte(b, ctrlC) >= 0 {
			b = bytes.ReplaceAll(b, []byte{ctrlC}, nil)
			if p.onInterrupt != nil {
				p.onInterrupt()
			}
		}
		p.mu.Lock()
		p.pending = append(p.pending, b...)
		p.err = err
		p.mu.Unlock()
		select {
		case p.ready <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

func (p *pasteReader) Read(b []byte) (int, error) {
	for len(p.out) == 0 {
		p.mu.Lock()
		chunk, err := p.pending, p.err
		p.pending = nil
		p.mu.Unlock()
		if len(chunk) == 0 && err == nil {
			<-p.ready
			continue
		}
		p.raw = append(p.raw, chunk...)
		p.scan()
		if err != nil && len(p.out) == 0 {
			return 0, err
		}
	}
	n := copy(b, p.out)
	p.out = p.out[n:]
	return n, nil
}

// scan moves what raw holds to out or to the paste being read.
func (p *pasteReader) scan() {
	for len(p.raw) > 0 {
		marker := pasteStart
		if p.inPaste {
			marker = pasteEnd
		}
		i := bytes.Index(p.raw, []byte(marker))
		if i < 0 {
			// Keep what may be the start of a marker split across reads.
			keep := partialMarker(p.raw, marker)
			p.emit(p.raw[:len(p.raw)-keep])
			p.raw = p.raw[len(p.raw)-keep:]
			return
		}
		p.emit(p.raw[:i])
		p.raw = p.raw[i+len(marker):]
		if p.inPaste {
			p.mu.Lock()
			p.pastes = append(p.pastes, normalizeNewlines(string(p.paste)))
			p.mu.Unlock()
			p.paste = nil
			p.out = append(p.out, string(pasteRune)...)
		}
		p.inPaste = !p.inPaste
	}
}

func (p *pasteReader) emit(b []byte) {
	if p.inPaste {
		p.paste = append(p.paste, b...)
	} else {
		p.out = append(p.out, b...)
	}
}

// take returns the oldest completed paste.
func (p *pasteReader) take() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pastes) == 0 {
		return ""
	}
	s := p.pastes[0]
	p.pastes = p.pastes[1:]
	return s
}

// partialMarker is the length of the longest end of b that begins marker.
func partialMarker(b []byte, marker string) int {
	for k := min(len(b), len(marker)-1); k > 0; k-- {
		if bytes.HasSuffix(b, []byte(marker[:k])) {
			return k
		}
	}
	return 0
}

// normalizeNewlines turns the terminal's line ends (CR, or CR LF) into LF.
func normalizeNewlines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// hasPrompt reports whether a line starts with a Python prompt.
func hasPrompt(l string) bool {
	return l == ">>>" || l == "..." || strings.HasPrefix(l, ">>> ") || strings.HasPrefix(l, "... ")
}

// pastedLines splits the line being edited with pasted text inserted at the
// cursor into the lines to run and the last, unfinished line (to edit).
// When some line carries a ">>> " prompt, the lines without a prompt are
// output and are dropped.
func pastedLines(before, text, after string) (lines []string, last string) {
	all := strings.Split(before+text+after, "\n")
	transcript := false
	for _, l := range all {
		if l == ">>>" || strings.HasPrefix(l, ">>> ") {
			transcript = true
			break
		}
	}
	last = all[len(all)-1]
	lines = all[:len(all)-1]
	if transcript {
		kept := lines[:0:0]
		for _, l := range lines {
			switch {
			case l == "...":
				kept = append(kept, "... ") // the empty line that ends a block
			case hasPrompt(l):
				kept = append(kept, l)
			}
		}
		lines = kept
		if !hasPrompt(last) {
			last = "" // the end of the pasted output
		}
	}
	return lines, last
}

// Close closes the terminal's reader.
func (p *pasteReader) Close() error {
	if c, ok := p.in.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
