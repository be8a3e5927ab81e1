//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// executor runs cells in one tensh session for the kernel: variables
// live from one cell to the next and survive errors and interrupts.
type executor struct {
	k *kernel // nil: no kernel (tensh check of a notebook)
	// publish sends an output message (the kernel's IOPub).
	publish func(req *message, msgType string, content any)
	opts    eval.Options
	sess    *eval.Session
	count   int // IPython's execution count: cells run with store_history

	// Set while a cell runs (the session's writers and hooks read them).
	req     *message // the execute_request
	silent  bool
	last    bool     // the statement running is the cell's last
	payload []any    // set_next_input from %load
	allowIn bool     // the front end takes input_request
	inputs  []string // the history: cells run with store_history

	stdinMu sync.Mutex
	stdinCh chan *message // the input_reply a question waits for
}

// executeRequest is execute_request's content.
type executeRequest struct {
	Code            *string           `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"`
	UserExpressions map[string]string `json:"user_expressions"`
	AllowStdin      bool              `json:"allow_stdin"`
	StopOnError     *bool             `json:"stop_on_error"`
}

func newExecutor(k *kernel, opts eval.Options) *executor {
	x := &executor{k: k, opts: opts}
	if k != nil {
		x.publish = k.publish
	}
	x.opts.Out = streamWriter{x, "stdout"}
	x.opts.Warn = streamWriter{x, "stderr"}
	x.opts.Result = x.result
	x.newSession()
	return x
}

func (x *executor) newSession() {
	x.sess = eval.NewSession(x.opts)
	x.sess.SetREPL(x.confirm, x.queue)
}

// streamWriter sends what the session prints as stream messages, as it is
// printed.
type streamWriter struct {
	x    *executor
	name string
}

func (w streamWriter) Write(p []byte) (int, error) {
	if w.x.req != nil && !w.x.silent && len(p) > 0 {
		w.x.publish(w.x.req, "stream", map[string]string{"name": w.name, "text": string(p)})
	}
	return len(p), nil
}

// result shows the value of the cell's last statement when it is an
// expression (IPython's rule); the values of the others are not shown.
func (x *executor) result(v eval.Value) bool {
	if !x.last || x.silent || x.req == nil {
		return false
	}
	x.publish(x.req, "execute_result", map[string]any{"execution_count": x.count,
		"data": map[string]string{"text/plain": eval.Repr(v)}, "metadata": map[string]any{}})
	return true
}

// execute runs an execute_request's cell and returns the reply's content.
func (x *executor) execute(m *message, req executeRequest) map[string]any {
	code := *req.Code
	store := (req.StoreHistory == nil || *req.StoreHistory) && !req.Silent
	if store {
		x.count++
		x.inputs = append(x.inputs, code)
	}
	x.req, x.silent, x.allowIn, x.payload = m, req.Silent, req.AllowStdin, nil
	defer func() { x.req = nil }()
	if !req.Silent {
		x.publish(m, "execute_input", map[string]any{"code": code, "execution_count": x.count})
	}
	e := x.runCell(code)
	reply := map[string]any{"execution_count": x.count, "user_expressions": x.userExpressions(req.UserExpressions)}
	if e == nil {
		reply["status"] = "ok"
		reply["payload"] = append([]any{}, x.payload...)
		return reply
	}
	if _, msg, ok := e.ExitStatus(); ok { // exit() or quit(): a new session
		if msg != "" && !req.Silent {
			x.publish(m, "stream", map[string]string{"name": "stderr", "text": msg + "\n"})
		}
		x.newSession()
		reply["status"] = "ok"
		reply["payload"] = append(x.payload, map[string]any{"source": "ask_exit", "keepkernel": false})
		return reply
	}
	ename, evalue, tb := x.errorParts(e)
	if !req.Silent {
		x.publish(m, "error", map[string]any{"ename": ename, "evalue": evalue, "traceback": tb})
	}
	reply["status"], reply["ename"], reply["evalue"], reply["traceback"] = "error", ename, evalue, tb
	return reply
}

// runCell runs a cell's statements one by one, as the REPL runs inputs,
// and stops at the first uncaught error. As in IPython, a cell that does
// not compile runs nothing, and only its last statement shows its value.
func (x *executor) runCell(code string) *eval.Exception {
	tensor.ClearInterrupt() // an interrupt that came while no cell ran
	chunks, e := cellChunks(code)
	if e != nil {
		return e
	}
	for i, c := range chunks {
		x.last = i == len(chunks)-1
		e := x.sess.Exec(c.Code(), c.Line)
		if e == nil {
			x.picture(c.Code())
		}
		if e != nil {
			return e
		}
	}
	return nil
}

// cellChunks splits a cell into its statements (magic lines are one
// each); a statement that does not compile is the cell's error.
func cellChunks(code string) ([]eval.Chunk, *eval.Exception) {
	sr := eval.NewSourceReader(strings.NewReader(code), false)
	var chunks []eval.Chunk
	for {
		c, err := sr.Next()
		if err != nil {
			break // io.EOF: a reader of a string fails no other way
		}
		if c.Err != nil {
			return nil, c.Err
		}
		if c.Comment || strings.TrimSpace(c.Code()) == "" {
			continue
		}
		src := c.Code()
		if !strings.HasPrefix(strings.TrimSpace(src), "%") {
			if _, err := lang.Parse(src, c.Line); err != nil {
				return nil, eval.SyntaxError(err)
			}
		}
		chunks = append(chunks, c)
	}
	return chunks, nil
}

// picture sends the picture of a %explain or %strides line as
// display_data (SVG), after the magic's text.
func (x *executor) picture(code string) {
	if x.silent || !strings.HasPrefix(strings.TrimSpace(code), "%") {
		return
	}
	req := x.req
	x.req = nil // what drawing prints again is not output
	doc, exc := x.sess.Picture(code)
	x.req = req
	if exc != nil || doc == "" {
		return
	}
	x.publish(req, "display_data", map[string]any{"metadata": map[string]any{},
		"data": map[string]string{"image/svg+xml": doc, "text/plain": fmt.Sprintf(msgKernelPicture, strings.TrimSpace(code))}})
}

const msgKernelPicture = "<the picture of %s>"

// errorParts is an error's name, value and traceback lines (what the REPL
// prints for it, and the hint after it).
func (x *executor) errorParts(e *eval.Exception) (ename, evalue string, tb []string) {
	tb = strings.Split(strings.TrimRight(e.Error(), "\n"), "\n")
	if h := x.sess.Hint(e); h != "" {
		tb = append(tb, h)
	}
	return e.Type, e.Msg, tb
}

// userExpressions evaluates execute_request's user_expressions.
func (x *executor) userExpressions(exprs map[string]string) map[string]any {
	out := map[string]any{}
	for name, src := range exprs {
		e, err := lang.ParseExpr(src)
		if err != nil {
			se := eval.SyntaxError(err)
			out[name] = map[string]any{"status": "error", "ename": se.Type, "evalue": se.Msg, "traceback": []string{se.Error()}}
			continue
		}
		var v eval.Value
		if exc := x.sess.Guard(func() { v = x.sess.Eval(e) }); exc != nil {
			out[name] = map[string]any{"status": "error", "ename": exc.Type, "evalue": exc.Msg, "traceback": []string{exc.Error()}}
			continue
		}
		out[name] = map[string]any{"status": "ok", "data": map[string]string{"text/plain": eval.Repr(v)}, "metadata": map[string]any{}}
	}
	return out
}

// queue is %load: the lines become the next cell (set_next_input).
func (x *executor) queue(lines []string) {
	x.payload = append(x.payload, map[string]any{"source": "set_next_input", "text": strings.Join(lines, "\n"), "replace": false})
}

// inputTimeout bounds how long a question waits for its answer.
const inputTimeout = 10 * time.Minute

// confirm asks a yes-or-no question (%save over a file) with an
// input_request on the stdin channel; no answer, or a front end that
// takes no input, is no.
func (x *executor) confirm(question string) bool {
	if !x.allowIn || x.req == nil || x.k == nil {
		return false
	}
	ch := make(chan *message, 1)
	x.stdinMu.Lock()
	x.stdinCh = ch
	x.stdinMu.Unlock()
	defer func() {
		x.stdinMu.Lock()
		x.stdinCh = nil
		x.stdinMu.Unlock()
	}()
	x.k.send(x.k.stdin, x.req.ids, "input_request", x.req, map[string]any{"prompt": question + " ", "password": false})
	select {
	case m := <-ch:
		var rep struct {
			Value string `json:"value"`
		}
		if json.Unmarshal(m.Content, &rep) != nil {
			return false
		}
		a := strings.ToLower(strings.TrimSpace(rep.Value))
		return a == "y" || a == "yes"
	case <-time.After(inputTimeout):
		return false
	case <-x.k.ctx.Done():
		return false
	}
}

// stdinReply delivers an input_reply to the question waiting for it.
func (x *executor) stdinReply(m *message) {
	if m.Header.MsgType != "input_reply" {
		fmt.Fprintf(x.k.log, msgKernelUnknown, m.Header.MsgType, "stdin")
		return
	}
	x.stdinMu.Lock()
	defer x.stdinMu.Unlock()
	if x.stdinCh != nil {
		select {
		case x.stdinCh <- m:
		default:
		}
	}
}
