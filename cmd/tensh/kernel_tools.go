//go:build !js

package main

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
)

// The kernel's answers that run no cell: completion, inspection,
// is_complete and history. Cursor positions are in Unicode code points,
// as the protocol (5.2 on) counts them.

// byteOffset is the byte offset of code point pos in s.
func byteOffset(s string, pos int) int {
	i := 0
	for n := 0; n < pos && i < len(s); n++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// lineAt is the line of code around byte offset at, and where it starts.
func lineAt(code string, at int) (line string, start int) {
	start = strings.LastIndexByte(code[:at], '\n') + 1
	end := strings.IndexByte(code[at:], '\n')
	if end < 0 {
		return code[start:], start
	}
	return code[start : at+end], start
}

// complete is complete_reply's content: the REPL's Tab completion of the
// word before the cursor.
func (x *executor) complete(code string, cursor int) map[string]any {
	at := byteOffset(code, cursor)
	line, start := lineAt(code, at)
	pos := at - start
	word := eval.WordStart(line, pos)
	matches := x.sess.CompleteMarked(line, pos)
	if matches == nil {
		matches = []string{}
	}
	return map[string]any{"status": "ok", "matches": matches,
		"cursor_start": utf8.RuneCountInString(code[:start+word]), "cursor_end": utf8.RuneCountInString(code[:at]),
		"metadata": map[string]any{}}
}

// inspect is inspect_reply's content: help() of the dotted name at the
// cursor (only names and attributes are evaluated: nothing is called).
func (x *executor) inspect(code string, cursor int) map[string]any {
	at := byteOffset(code, cursor)
	line, start := lineAt(code, at)
	name := dottedNameAt(line, at-start)
	reply := map[string]any{"status": "ok", "found": false, "data": map[string]any{}, "metadata": map[string]any{}}
	if name == "" {
		return reply
	}
	e, err := lang.ParseExpr("help(" + name + ")")
	if err != nil {
		return reply
	}
	var buf bytes.Buffer
	out, warn := x.sess.Out(), x.sess.WarnOut()
	x.sess.SetOutput(&buf, &buf)
	exc := x.sess.Guard(func() { x.sess.Eval(e) })
	x.sess.SetOutput(out, warn)
	if exc != nil || buf.Len() == 0 {
		return reply
	}
	reply["found"] = true
	reply["data"] = map[string]string{"text/plain": buf.String()}
	return reply
}

// dottedNameAt is the name with attributes ("torch.nn.Linear") around
// byte pos of line.
func dottedNameAt(line string, pos int) string {
	isName := func(c byte) bool {
		return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
	}
	i, j := pos, pos
	for i > 0 && isName(line[i-1]) {
		i--
	}
	for j < len(line) && isName(line[j]) {
		j++
	}
	name := strings.Trim(line[i:j], ".")
	if name == "" || name[0] >= '0' && name[0] <= '9' || strings.Contains(name, "..") {
		return ""
	}
	return name
}

// isComplete is is_complete_reply's content: "incomplete" while the
// REPL would ask for more lines (with the next line's indent),
// "invalid" for code that cannot compile, else "complete".
func isComplete(code string) map[string]any {
	if strings.HasPrefix(strings.TrimSpace(code), "%") && !strings.Contains(strings.TrimSpace(code), "\n") {
		return map[string]any{"status": "complete"}
	}
	if lang.NeedsMore(code) {
		return map[string]any{"status": "incomplete", "indent": nextIndent(code)}
	}
	if _, err := lang.Parse(code, 1); err != nil {
		return map[string]any{"status": "invalid"}
	}
	return map[string]any{"status": "complete"}
}

// nextIndent is the indentation of the line after code: its last line's,
// four spaces more after a ':'.
func nextIndent(code string) string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	last := lines[len(lines)-1]
	indent := last[:len(last)-len(strings.TrimLeft(last, " \t"))]
	if strings.HasSuffix(strings.TrimSpace(last), ":") {
		indent += "    "
	}
	return indent
}

// historyRequest is history_request's content.
type historyRequest struct {
	Output         bool   `json:"output"`
	Raw            bool   `json:"raw"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           int    `json:"stop"`
	N              int    `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

// history is history_reply's entries: [session, line number, input] for
// the cells of this kernel's session (session 0 is the current one).
func (x *executor) history(req historyRequest) [][]any {
	var out [][]any
	add := func(i int) { out = append(out, []any{0, i + 1, x.inputs[i]}) }
	switch req.HistAccessType {
	case "tail":
		from := max(0, len(x.inputs)-req.N)
		if req.N <= 0 {
			from = 0
		}
		for i := from; i < len(x.inputs); i++ {
			add(i)
		}
	case "range":
		stop := req.Stop
		if stop <= 0 || stop > len(x.inputs)+1 {
			stop = len(x.inputs) + 1
		}
		for i := max(req.Start, 1); i < stop; i++ {
			add(i - 1)
		}
	case "search":
		pat := req.Pattern
		seen := map[string]bool{}
		for i := len(x.inputs) - 1; i >= 0; i-- {
			if !globMatch(pat, x.inputs[i]) || req.Unique && seen[x.inputs[i]] {
				continue
			}
			seen[x.inputs[i]] = true
			out = append([][]any{{0, i + 1, x.inputs[i]}}, out...)
			if req.N > 0 && len(out) == req.N {
				break
			}
		}
	}
	if out == nil {
		out = [][]any{}
	}
	return out
}

// globMatch matches IPython's history search patterns: * any run, ? one
// character, everything else itself.
func globMatch(pat, s string) bool {
	if pat == "" {
		return true
	}
	p, t := []rune(pat), []rune(s)
	var match func(i, j int) bool
	memo := map[[2]int]bool{}
	match = func(i, j int) bool {
		if r, ok := memo[[2]int{i, j}]; ok {
			return r
		}
		var r bool
		switch {
		case i == len(p):
			r = j == len(t)
		case p[i] == '*':
			r = match(i+1, j) || j < len(t) && match(i, j+1)
		default:
			r = j < len(t) && (p[i] == '?' || p[i] == t[j]) && match(i+1, j+1)
		}
		memo[[2]int{i, j}] = r
		return r
	}
	return match(0, 0)
}
