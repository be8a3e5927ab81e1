package eval

import (
	"bytes"
	"io"
	"sort"
	"strconv"
	"strings"
)

// teachState is the session state of the teaching and notebook features.
type teachState struct {
	hints    bool
	tracing  bool
	ctx      OpContext // the operation being evaluated (for hints)
	lastFail Failure

	// Inputs: every top-level Exec is one input (a REPL entry, a line of a
	// script or a transcript statement).
	history []*Input
	cur     *Input // the input being executed
	depth   int    // Exec nesting (%load runs statements inside an input)
	count   int    // IPython's execution count: the n of In [n]

	ipython  bool // IPython prompts and Out[n]
	lastStmt bool // the statement being executed is the last of its input
	out      map[int]Value
	outObj   *Object

	initial map[string]Value // bindings made by NewSession (hidden from %who)

	// The REPL's hooks (SetREPL), and the depth of %run inside %run.
	confirm  func(question string) bool
	queue    func(lines []string)
	runDepth int

	noRecord  bool // output written now is not kept for %save
	recorded  int  // bytes of output kept
	inputs    int  // bytes of input kept in history
	inOutRepr bool
}

// An Input is one entry of the session's history (%history, %save): an
// input with what it printed.
type Input struct {
	n       int
	src     string
	out     bytes.Buffer
	full    bool // output past histOutputMax was not kept
	magic   string
	errLine string
}

// histOutputMax bounds the output kept per input for %save, and
// histTotalMax the output kept for the whole session.
const (
	histOutputMax = 1 << 20
	histTotalMax  = 64 << 20
)

// histInputMax and histEntriesMax bound the inputs kept: past them, the
// oldest are forgotten (%history and %save start later), so that a script
// of any length runs in bounded memory (issue 6).
const (
	histInputMax   = 16 << 20
	histEntriesMax = 100000
)

func (s *Session) initTeach() {
	s.teach.hints = s.opts.Hints
	s.teach.out = map[int]Value{}
	s.teach.initial = map[string]Value{}
	for k, v := range s.globals {
		s.teach.initial[k] = v
	}
	s.teach.outObj = &Object{TypeName: "dict", Attrs: map[string]Value{}}
	s.teach.outObj.ReprFn = s.outRepr
	s.teach.outObj.GetItem = s.outGetItem
	s.wrapOutput()
}

// recorder passes writes through and keeps them in the current input's
// history entry.
type recorder struct {
	w io.Writer
	s *Session
}

func (r *recorder) Write(p []byte) (int, error) {
	if !r.s.teach.noRecord {
		r.s.record(p)
	}
	return r.w.Write(p)
}

// record keeps output in the current input's history entry.
func (s *Session) record(p []byte) {
	if h := s.teach.cur; h != nil && !h.full {
		if h.out.Len()+len(p) > histOutputMax || s.teach.recorded+len(p) > histTotalMax {
			h.full = true
		} else {
			h.out.Write(p)
			s.teach.recorded += len(p)
		}
	}
}

// wrapOutput records what the session prints (for %save).
func (s *Session) wrapOutput() {
	same := s.opts.Warn == s.opts.Out
	if _, ok := s.opts.Out.(*recorder); !ok {
		s.opts.Out = &recorder{w: s.opts.Out, s: s}
	}
	if same {
		s.opts.Warn = s.opts.Out
	} else if _, ok := s.opts.Warn.(*recorder); !ok {
		s.opts.Warn = &recorder{w: s.opts.Warn, s: s}
	}
}

// beginInput starts a top-level input: it is numbered and recorded.
func (s *Session) beginInput(src string) *Input {
	s.teach.depth++
	if s.teach.depth > 1 {
		return nil
	}
	s.teach.count++
	h := &Input{n: s.teach.count, src: src}
	if m := strings.TrimSpace(src); strings.HasPrefix(m, "%") {
		name, _, _ := strings.Cut(strings.TrimPrefix(m, "%"), " ")
		h.magic = name
	}
	s.teach.history = append(s.teach.history, h)
	s.teach.inputs += len(src)
	s.forgetOldInputs()
	s.teach.cur = h
	return h
}

// forgetOldInputs drops the oldest inputs while more than histInputMax
// bytes or histEntriesMax inputs are kept (never the newest).
func (s *Session) forgetOldInputs() {
	hist := s.teach.history
	k := 0
	for k < len(hist)-1 && (s.teach.inputs > histInputMax || len(hist)-k > histEntriesMax) {
		s.teach.inputs -= len(hist[k].src)
		s.teach.recorded -= hist[k].out.Len()
		hist[k] = nil
		k++
	}
	if k > 0 {
		s.teach.history = hist[k:]
	}
}

func (s *Session) endInput(h *Input, e *Exception) {
	s.teach.depth--
	if h == nil {
		return
	}
	if e != nil {
		h.errLine = e.FirstLine()
	}
	s.teach.cur = nil
}

// display shows the value of an expression statement: its repr, as
// Python's REPL does, or "Out[n]: repr" with IPython prompts (where only
// the last expression of an input is shown, and Out[n] and _n keep it).
func (s *Session) display(v Value) {
	if s.opts.Result != nil && s.teach.depth <= 1 {
		s.record([]byte(Repr(v) + "\n")) // %save keeps it as the REPL shows it
		if s.opts.Result(v) {
			s.globals["_"] = v
		}
		return
	}
	if !s.teach.ipython || s.teach.depth > 1 {
		s.globals["_"] = v
		s.printValue(v)
		return
	}
	// %save keeps what Python's REPL would print, so that the saved
	// transcript replays the same with either prompts.
	r := Repr(v)
	s.record([]byte(r + "\n"))
	if !s.teach.lastStmt {
		return
	}
	n := s.teach.count
	s.globals["_"] = v
	s.globals["_"+strconv.Itoa(n)] = v
	s.teach.out[n] = v
	prefix := "Out[" + strconv.Itoa(n) + "]: "
	if strings.Contains(r, "\n") {
		prefix += "\n"
	}
	s.teach.noRecord = true
	defer func() { s.teach.noRecord = false }()
	s.write(prefix + r + "\n")
}

func (s *Session) outRepr() string {
	if s.teach.inOutRepr {
		return "{...}" // Out holds itself, as Python's dict repr shows
	}
	s.teach.inOutRepr = true
	defer func() { s.teach.inOutRepr = false }()
	keys := make([]int, 0, len(s.teach.out))
	for k := range s.teach.out {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strconv.Itoa(k) + ": " + Repr(s.teach.out[k])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (s *Session) outGetItem(idx Value) Value {
	if n, ok := idx.(Int); ok {
		if i, ok := n.Int64(); ok {
			if v, ok := s.teach.out[int(i)]; ok {
				return v
			}
		}
	}
	raiseKeyError(idx)
	return nil
}

// IPythonPrompts reports whether IPython-style prompts are on.
func (s *Session) IPythonPrompts() bool { return s.teach.ipython }

// SetIPythonPrompts turns IPython-style prompts on or off: In [n] / Out[n]
// numbering, Out and _n. The count goes on where it was.
func (s *Session) SetIPythonPrompts(on bool) {
	s.teach.ipython = on
	if on {
		s.globals["Out"] = s.teach.outObj
	} else if s.globals["Out"] == Value(s.teach.outObj) {
		delete(s.globals, "Out")
	}
}

// Prompts returns the REPL's prompts for the next input: ">>> " and
// "... ", or IPython's "In [n]: " and "   ...: " (aligned with it).
func (s *Session) Prompts() (first, continuation string) {
	if !s.teach.ipython {
		return ">>> ", "... "
	}
	first = "In [" + strconv.Itoa(s.teach.count+1) + "]: "
	continuation = strings.Repeat(" ", len(first)-5) + "...: "
	return first, continuation
}

// ExecutionCount is the number of inputs run so far (IPython's
// execution_count).
func (s *Session) ExecutionCount() int { return s.teach.count }
