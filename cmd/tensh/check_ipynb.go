//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tensh/tensh/eval"
)

// tensh check NOTEBOOK.ipynb: each code cell runs as the kernel runs it
// (kernel_exec.go) in one session, and what it outputs (streams, the
// last expression's value, pictures' text, errors' tracebacks) is
// compared with the outputs stored in the notebook.

// notebookJSON is the part of an .ipynb (nbformat 4) that check reads.
type notebookJSON struct {
	Cells []struct {
		CellType string          `json:"cell_type"`
		Source   json.RawMessage `json:"source"`
		Outputs  []cellOutput    `json:"outputs"`
	} `json:"cells"`
}

type cellOutput struct {
	OutputType string                     `json:"output_type"`
	Text       json.RawMessage            `json:"text"`
	Data       map[string]json.RawMessage `json:"data"`
	Traceback  []string                   `json:"traceback"`
}

// multiline is nbformat's string or list of strings.
func multiline(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []string
	json.Unmarshal(raw, &parts)
	return strings.Join(parts, "")
}

// text is an output as check compares it.
func (o cellOutput) text() string {
	switch o.OutputType {
	case "stream":
		return multiline(o.Text)
	case "execute_result", "display_data":
		return multiline(o.Data["text/plain"]) + "\n"
	case "error":
		return strings.Join(o.Traceback, "\n") + "\n"
	}
	return ""
}

// checkNotebook checks an .ipynb's stored outputs; it prints a diff per
// mismatching cell and returns the counts.
func checkNotebook(name string, src []byte, opts eval.Options, stdout io.Writer) (passed, failed int, err error) {
	var nb notebookJSON
	if err := json.Unmarshal(src, &nb); err != nil {
		return 0, 0, fmt.Errorf("%s: not a notebook: %v", name, err)
	}
	var got []cellOutput
	opts.Hints = true // as the kernel runs cells
	x := newExecutor(nil, opts)
	x.publish = func(_ *message, msgType string, content any) {
		b, _ := json.Marshal(content)
		var o cellOutput
		json.Unmarshal(b, &o)
		o.OutputType = msgType
		if msgType == "stream" || msgType == "execute_result" || msgType == "display_data" || msgType == "error" {
			got = append(got, o)
		}
	}
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		code := multiline(c.Source)
		got = nil
		t := true
		x.execute(&message{}, executeRequest{Code: &code, StoreHistory: &t})
		want, have := outputsText(c.Outputs), outputsText(got)
		if want == have {
			passed++
			continue
		}
		failed++
		fmt.Fprintf(stdout, "%s: cell %d:\n%s--- stored\n%s+++ tensh\n%s", name, i+1, indent(code), indent(want), indent(have))
	}
	return passed, failed, nil
}

func outputsText(outs []cellOutput) string {
	var b strings.Builder
	for _, o := range outs {
		b.WriteString(o.text())
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ") + "\n"
}
