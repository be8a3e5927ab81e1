// Package web is the engine side of tensh's browser front end: a
// Notebook runs cells of tensh code in one eval.Session and returns what
// the terminal would print for them, in pieces the page colours as the
// terminal does (errors red, hints dim). It knows nothing of JavaScript:
// cmd/tensh-wasm exposes it to the page, and the tests run it natively.
package web

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Kinds of Segment.
const (
	Out   = "out"   // what the statements print (stdout)
	Warn  = "warn"  // warnings (stderr in the terminal)
	Error = "error" // an uncaught exception, "Type: message"
	Hint  = "hint"  // the dimmed line after an error that says why
	Exit  = "exit"  // exit() or quit(): its message; the session restarts
	SVG   = "svg"   // a picture (an SVG document) of %explain or %strides
)

// Segment is a run of a cell's output of one kind.
type Segment struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Notebook is a session of cells: variables live from one cell to the
// next, as statements typed at the terminal prompt do.
type Notebook struct {
	opts  eval.Options
	sess  *eval.Session
	segs  []Segment
	mute  bool  // drop what the session prints (while a picture is drawn)
	marks []int // the session's input count after each cell (for Transcript)
}

// NewNotebook starts a session with PyTorch's printing of compat mode c
// (%compat changes it later) and hints after errors, as the REPL has.
func NewNotebook(c eval.Compat) *Notebook {
	n := &Notebook{}
	n.opts = eval.Options{Compat: c, Hints: true, Out: segmentWriter{n, Out}, Warn: segmentWriter{n, Warn}}
	n.sess = eval.NewSession(n.opts)
	return n
}

// Run runs the statements of a cell one by one, as if typed at the
// prompt, and returns what they print. It stops at the first uncaught
// error (as a notebook cell does; the error and its hint end the output).
// exit() ends the session: its message is the last segment and the next
// cell starts a fresh session.
func (n *Notebook) Run(cell string) []Segment {
	n.segs = nil
	tensor.ClearInterrupt() // one that came while no cell ran
	sr := eval.NewSourceReader(strings.NewReader(cell), false)
	for {
		c, err := sr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			n.add(Error, fmt.Sprintf(msgReadError, err))
			break
		}
		if c.Comment {
			continue
		}
		e := c.Err
		if e == nil {
			e = n.sess.Exec(c.Code(), 1)
		}
		if e == nil {
			n.picture(c.Code())
		}
		if _, msg, ok := e.ExitStatus(); ok {
			if msg != "" {
				n.add(Exit, msg+"\n")
			}
			n.add(Exit, msgRestarted)
			n.sess = eval.NewSession(n.opts)
			n.marks = nil
			return n.flush()
		}
		if e != nil {
			n.add(Error, e.Error()+"\n")
			if h := n.sess.Hint(e); h != "" {
				n.add(Hint, h+"\n")
			}
			break
		}
	}
	if k := n.sess.Inputs(); len(n.marks) == 0 || n.marks[len(n.marks)-1] != k {
		n.marks = append(n.marks, k)
	}
	return n.flush()
}

// flush returns the cell's output and forgets it.
func (n *Notebook) flush() []Segment {
	segs := n.segs
	n.segs = nil
	return segs
}

// picture adds the picture of a %explain or %strides line (nothing for
// other code, or when the picture cannot be drawn: the text says why).
func (n *Notebook) picture(code string) {
	if !strings.HasPrefix(strings.TrimSpace(code), "%") {
		return
	}
	n.mute = true
	doc, exc := n.sess.Picture(code)
	n.mute = false
	if exc == nil && doc != "" {
		n.segs = append(n.segs, Segment{SVG, doc})
	}
}

// Messages of the browser front end (not Python's).
const (
	msgReadError = "tensh: reading the cell: %v\n"
	msgRestarted = "(the session ended; the next cell starts a new one)\n"
)

// add appends text to the output, joining it to the last segment when
// that is of the same kind.
func (n *Notebook) add(kind, text string) {
	if text == "" || n.mute {
		return
	}
	if k := len(n.segs); k > 0 && n.segs[k-1].Kind == kind {
		n.segs[k-1].Text += text
		return
	}
	n.segs = append(n.segs, Segment{kind, text})
}

// segmentWriter is the session's output of one kind.
type segmentWriter struct {
	n    *Notebook
	kind string
}

func (w segmentWriter) Write(p []byte) (int, error) {
	w.n.add(w.kind, string(p))
	return len(p), nil
}
