//go:build !js

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tensh/tensh/eval"
)

// fakeReader is a LineReader over a script of lines; "^C" stands for
// Ctrl-C, "^D" for Ctrl-D. It records the prompts it was shown, and ends with io.EOF.
type fakeReader struct {
	lines   []string
	prompts []string
}

func (f *fakeReader) ReadLine(prompt string) (string, error) {
	f.prompts = append(f.prompts, prompt)
	if len(f.lines) == 0 {
		return "", io.EOF
	}
	l := f.lines[0]
	f.lines = f.lines[1:]
	switch l {
	case "^C":
		return "", errInterrupt
	case "^D":
		return "", io.EOF
	}
	return l, nil
}

func (f *fakeReader) Close() error { return nil }

// openBrackets stands in for lang.NeedsMore in these tests, so that the
// loop's handling of continuation lines is tested whatever the parser does.
func openBrackets(src string) bool {
	return strings.Count(src, "(") > strings.Count(src, ")")
}

func runFake(t *testing.T, hist *history, lines ...string) (out, errs string, prompts []string, status int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	sess := eval.NewSession(eval.Options{Out: &stdout, Warn: &stderr})
	in := &fakeReader{lines: lines}
	r := newREPL(sess, in, &stdout, &stderr, false)
	r.needsMore = openBrackets
	r.hist = hist
	status = r.loop()
	return stdout.String(), stderr.String(), in.prompts, status
}

func TestREPLLoop(t *testing.T) {
	out, errs, prompts, status := runFake(t, nil,
		"%compat",
		">>> %compat docs", // a pasted prompt
		"",
		"%compat (", // open: continuation lines follow
		"... )",     // a pasted continuation prompt
		"%compat (",
		"^C", // abandons the open statement
		"%nope",
		"%compat",
	)
	if status != exitOK {
		t.Errorf("status %d", status)
	}
	if want := "compat mode: current\ncompat mode: docs\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	wantErr := "UsageError: %compat: expected 'docs' or 'current', got '(\n)'\nKeyboardInterrupt\nUsageError: Line magic function `%nope` not found.\n"
	if errs != wantErr {
		t.Errorf("stderr %q, want %q", errs, wantErr)
	}
	wantPrompts := []string{">>> ", ">>> ", ">>> ", ">>> ", "... ", ">>> ", "... ", ">>> ", ">>> ", ">>> "}
	if strings.Join(prompts, "|") != strings.Join(wantPrompts, "|") {
		t.Errorf("prompts %q, want %q", prompts, wantPrompts)
	}
}

func TestStripPrompt(t *testing.T) {
	for _, c := range []struct {
		line string
		cont bool
		want string
	}{
		{">>> x", false, "x"}, {">>>", false, ""}, {"... x", true, "x"},
		{"...", false, "..."}, {"... x", false, "... x"}, {">>> x", true, ">>> x"}, {"x", false, "x"},
	} {
		if got := stripPrompt(c.line, c.cont); got != c.want {
			t.Errorf("stripPrompt(%q, %v) = %q, want %q", c.line, c.cont, got, c.want)
		}
	}
}

func TestREPLHistory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	if err := os.WriteFile(path, []byte("old line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	h, past := openHistory(path, &warn)
	if warn.Len() != 0 || strings.Join(past, "|") != "old line" {
		t.Fatalf("past %q, warning %q", past, warn.String())
	}
	runFake(t, h, "%compat", "", "%compat (", ")", "%compat (", "^C")
	b, _ := os.ReadFile(path)
	if want := "old line\n%compat\n%compat (\n)\n"; string(b) != want {
		t.Errorf("history file %q, want %q", b, want)
	}
}

func TestHistoryConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h, _ := openHistory(path, io.Discard)
			for i := 0; i < 25; i++ {
				h.add([]string{"line"})
			}
		}()
	}
	wg.Wait()
	lines, err := readHistory(path)
	if err != nil || len(lines) != 100 {
		t.Errorf("%d lines (%v), want 100: no writer's lines may be lost", len(lines), err)
	}
}

func TestHistoryDamaged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hist")
	os.WriteFile(path, []byte("good\n\x00\xff\xfebad\nalso good\n"), 0o600)
	var warn bytes.Buffer
	h, past := openHistory(path, &warn)
	if strings.Count(warn.String(), "\n") != 1 || !strings.Contains(warn.String(), "damaged") {
		t.Errorf("warning %q", warn.String())
	}
	if strings.Join(past, "|") != "good|also good" {
		t.Errorf("past %q", past)
	}
	h.add([]string{"new"})
	if b, _ := os.ReadFile(path); string(b) != "good\nalso good\nnew\n" {
		t.Errorf("history file %q", b)
	}

	// A history that cannot be read (here: a directory) is left alone.
	warn.Reset()
	h, past = openHistory(dir, &warn)
	if strings.Count(warn.String(), "\n") != 1 || len(past) != 0 || !h.off {
		t.Errorf("warning %q, past %q", warn.String(), past)
	}
	h.add([]string{"x"})
	if strings.Count(warn.String(), "\n") != 1 {
		t.Errorf("more warnings: %q", warn.String())
	}
}

func TestHistoryPath(t *testing.T) {
	t.Setenv("TENSH_HISTORY", "/some/file")
	if p := historyPath(); p != "/some/file" {
		t.Errorf("historyPath() = %q", p)
	}
	t.Setenv("TENSH_HISTORY", "")
	if p := historyPath(); p != "" {
		t.Errorf("historyPath() = %q with TENSH_HISTORY empty", p)
	}
}

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{"512": 512, "512M": 512 << 20, "4G": 4 << 30, "4gb": 4 << 30, "1.5K": 1536, "2GiB": 2 << 30, "1T": 1 << 40} {
		if got, err := parseSize(s); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "x", "-1", "0", "1e9", "4Q", "inf", "0x10", "99999999T"} {
		if _, err := parseSize(s); err == nil {
			t.Errorf("parseSize(%q) succeeded", s)
		}
	}
}

// TestREPLInterruptRunning: Ctrl-C while a statement runs asks it to stop;
// the REPL waits for it (the variables stay consistent), and quits only
// when the statement has not stopped after the third Ctrl-C.
func TestREPLInterruptRunning(t *testing.T) {
	var stderr bytes.Buffer
	r := newREPL(eval.NewSession(eval.Options{}), &fakeReader{}, io.Discard, &stderr, false)
	sigs := make(chan os.Signal, 3)
	r.interrupts = sigs

	// The statement stops with KeyboardInterrupt after one Ctrl-C.
	stopped := make(chan struct{})
	r.run = func(string) *eval.Exception {
		sigs <- os.Interrupt
		<-stopped
		return &eval.Exception{Type: "KeyboardInterrupt"}
	}
	go func() {
		for len(sigs) > 0 {
			runtime.Gosched()
		}
		close(stopped)
	}()
	e, quit := r.exec("x")
	if quit || e == nil || e.Type != "KeyboardInterrupt" {
		t.Errorf("exec = %v, %v", e, quit)
	}

	// A statement that does not stop: the third Ctrl-C quits.
	never := make(chan struct{})
	defer close(never)
	r.run = func(string) *eval.Exception {
		for i := 0; i < 3; i++ {
			sigs <- os.Interrupt
		}
		<-never
		return nil
	}
	stderr.Reset()
	if _, quit := r.exec("x"); !quit {
		t.Error("no quit after three Ctrl-C")
	}
	if !strings.Contains(stderr.String(), "Ctrl-C once more quits") || !strings.Contains(stderr.String(), "quitting") {
		t.Errorf("stderr %q", stderr.String())
	}
}

// TestREPLHintsAndIPythonPrompts checks the REPL's side of issue 5: the
// dimmed hint under a broadcast error, and IPython's numbered prompts with a
// blank line between inputs.
func TestREPLHintsAndIPythonPrompts(t *testing.T) {
	var stdout, stderr bytes.Buffer
	sess := eval.NewSession(eval.Options{Out: &stdout, Warn: &stderr, Hints: true})
	sess.SetIPythonPrompts(true)
	in := &fakeReader{lines: []string{
		"x = torch.empty(5, 2, 4, 1)",
		"y = torch.empty(3, 1, 1)",
		"x + y",
		"(x + y[0]).shape",
	}}
	r := newREPL(sess, in, &stdout, &stderr, false)
	if status := r.loop(); status != exitOK {
		t.Fatalf("status %d", status)
	}
	wantErr := "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1\n" +
		"x + y: x is [5, 2, 4, 1], y is [3, 1, 1]; result dim 1: 2 vs 3\n"
	if stderr.String() != wantErr {
		t.Errorf("stderr %q, want %q", stderr.String(), wantErr)
	}
	wantPrompts := []string{"In [1]: ", "In [2]: ", "In [3]: ", "In [4]: ", "In [5]: "}
	if strings.Join(in.prompts, "|") != strings.Join(wantPrompts, "|") {
		t.Errorf("prompts %q, want %q", in.prompts, wantPrompts)
	}
	if want := "\n\n\n" + "Out[4]: torch.Size([5, 2, 4, 1])\n" + "\n"; stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}
}
