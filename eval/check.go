package eval

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// StmtResult is the outcome of one statement of a checked transcript.
type StmtResult struct {
	N     int // 1-based statement number in its file
	Chunk Chunk
	Got   []string // what it printed, normalized like Chunk.Want
	OK    bool
	// Printed is what it printed, line by line, as printed.
	Printed []string
	// Interrupted: Ctrl-C stopped this statement, and the check with it
	// (it is the last result).
	Interrupted bool
}

// Check runs the statements of t, in order, in a fresh session made with
// opts (its Out and Warn are replaced), and compares what each prints with
// its expected output.
func Check(t *Transcript, opts Options) []StmtResult {
	var buf bytes.Buffer
	opts.Out, opts.Warn = &buf, nil
	opts.Filename = ""
	s := NewSession(opts)
	var res []StmtResult
	for i, c := range t.Statements() {
		buf.Reset()
		// Each statement is an input at the prompt: its lines count from 1
		// (in messages such as "... after 'if' statement on line 1").
		e := s.Exec(c.Code(), 1)
		_, exitMsg, exited := e.ExitStatus()
		switch {
		case exited && exitMsg != "":
			buf.WriteString(exitMsg + "\n")
		case e != nil && !exited:
			buf.WriteString(s.ErrorText(e) + "\n")
		}
		printed := splitLines(buf.String())
		got := NormalizeOutput(printed)
		res = append(res, StmtResult{N: i + 1, Chunk: c, Got: got, OK: slices.Equal(got, c.Want), Printed: printed})
		if exited {
			break // exit(): the transcript ends here, as the session does
		}
		if e != nil && e.Interrupt() {
			res[len(res)-1].OK, res[len(res)-1].Interrupted = false, true
			break
		}
	}
	return res
}

// Diff is a unified diff of the statement's expected output (-) and what
// it printed (+), with line numbers of the transcript named name.
func (r StmtResult) Diff(name string) string {
	c := r.Chunk
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s:%d (expected)\n+++ %s:%d (got)\n", name, c.Line, name, c.Line)
	first, _, _ := strings.Cut(c.Code(), "\n")
	for _, h := range hunks(diffLines(c.Want, r.Got), 3) {
		fmt.Fprintf(&b, "@@ -%s +%s @@ >>> %s\n", hunkRange(c.outStart+1+h.a, h.na), hunkRange(c.outStart+1+h.b, h.nb), first)
		for _, op := range h.ops {
			b.WriteString(string(op.kind) + op.text + "\n")
		}
	}
	return b.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		start--
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	text string
}

// diffLines is a shortest edit script from a to b (longest common
// subsequence; outputs are small).
func diffLines(a, b []string) []diffOp {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, diffOp{' ', a[i]})
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] > lcs[i+1][j]):
			ops = append(ops, diffOp{'+', b[j]})
			j++
		default:
			ops = append(ops, diffOp{'-', a[i]})
			i++
		}
	}
	return ops
}

type hunk struct {
	a, na, b, nb int // 0-based starts and lengths in the old and new lines
	ops          []diffOp
}

// hunks groups an edit script into hunks with ctx lines of context.
func hunks(ops []diffOp, ctx int) []hunk {
	var out []hunk
	ai, bi := 0, 0 // line positions before ops[k]
	pos := make([][2]int, len(ops)+1)
	for k, op := range ops {
		pos[k] = [2]int{ai, bi}
		if op.kind != '+' {
			ai++
		}
		if op.kind != '-' {
			bi++
		}
	}
	pos[len(ops)] = [2]int{ai, bi}
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(k-ctx, 0)
		end := k // one past the last change of the hunk
		for j := k; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*ctx {
				break
			}
		}
		stop := min(end+ctx, len(ops))
		h := hunk{a: pos[start][0], b: pos[start][1], ops: ops[start:stop]}
		h.na = pos[stop][0] - h.a
		h.nb = pos[stop][1] - h.b
		out = append(out, h)
		k = stop
	}
	return out
}
