package web

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/tensh/tensh/eval"
)

// Cells splits a transcript (a .tsh file, or the fenced code of a .md file
// when name ends in .md) into the sources of notebook cells: its
// statements without their prompts and expected output. A cell ends at a
// code fence (a block of a document is a cell), at a "# cell" comment line
// (Notebook.Transcript writes one before each cell), and after a
// statement whose expected output is an error (a cell stops at its first
// error; the statements after it go on in the next cell).
//
// A plain script (a .tsh or .py file without >>> prompts) is cut into
// cells at its top-level blank lines; a Jupyter notebook (.ipynb) gives
// its code cells.
func Cells(name, src string) []string {
	switch {
	case strings.HasSuffix(name, ".ipynb"):
		return notebookCells(src)
	case !strings.HasSuffix(name, ".md") && !eval.IsTranscript(src):
		return scriptCells(src)
	}
	var cells []string
	for _, stmts := range cellChunks(name, src) {
		code := make([]string, len(stmts))
		for i, c := range stmts {
			code[i] = c.Code()
		}
		cells = append(cells, strings.Join(code, "\n"))
	}
	return cells
}

// cellChunks is Cells as the statements of each cell.
func cellChunks(name, src string) [][]eval.Chunk {
	t := eval.ParseTranscript(name, src)
	lines := strings.Split(src, "\n")
	var cells [][]eval.Chunk
	var cur []eval.Chunk
	prevLine := 0 // 1-based line of the previous statement
	endsCell := false
	for _, c := range t.Statements() {
		if len(cur) > 0 && (endsCell || breakBetween(lines, prevLine, c.Line)) {
			cells = append(cells, cur)
			cur = nil
		}
		cur = append(cur, c)
		prevLine = c.Line
		endsCell = len(c.Want) > 0 && errorLine.MatchString(c.Want[len(c.Want)-1])
	}
	if len(cur) > 0 {
		cells = append(cells, cur)
	}
	return cells
}

// errorLine is the last line of an uncaught error's output: "Type: message"
// or "Type" (Python's exceptions, and tensh's UsageError).
var errorLine = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.]*(Error|Exception|Interrupt|Exit|StopIteration)(:|$)`)

// breakBetween reports whether a line between two statements (1-based
// lines from and to, from's own line excluded) ends a cell.
func breakBetween(lines []string, from, to int) bool {
	for i := from; i < to-1 && i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "```") || strings.HasPrefix(l, cellMark) {
			return true
		}
	}
	return false
}

// cellMark starts the comment line before each cell in a transcript that
// Notebook.Transcript writes.
const cellMark = "# cell"

// scriptCells cuts a plain script into cells at the blank lines between
// its top-level statements (a block's own blank lines stay in it).
func scriptCells(src string) []string {
	sr := eval.NewSourceReader(strings.NewReader(src), false)
	var cells []string
	var cur []string
	end := 0 // the last line of the previous statement
	for {
		c, err := sr.Next()
		if err != nil {
			break // io.EOF; a string is read whole otherwise
		}
		if len(cur) > 0 && c.Line > end+1 {
			cells = append(cells, strings.Join(cur, "\n"))
			cur = nil
		}
		lines := c.Lines
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		cur = append(cur, lines...)
		end = c.Line + len(lines) - 1
	}
	if len(cur) > 0 {
		cells = append(cells, strings.Join(cur, "\n"))
	}
	return cells
}

// notebookCells are the sources of a Jupyter notebook's code cells.
func notebookCells(src string) []string {
	var nb struct {
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if json.Unmarshal([]byte(src), &nb) != nil {
		return nil
	}
	var cells []string
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		var s string
		if json.Unmarshal(c.Source, &s) != nil {
			var parts []string
			json.Unmarshal(c.Source, &parts)
			s = strings.Join(parts, "")
		}
		if strings.TrimSpace(s) != "" {
			cells = append(cells, strings.TrimRight(s, "\n"))
		}
	}
	return cells
}
