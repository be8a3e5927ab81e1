package eval

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// readChunks reads every chunk of src with a SourceReader.
func readChunks(t *testing.T, src string, transcript bool) []Chunk {
	t.Helper()
	sr := NewSourceReader(strings.NewReader(src), transcript)
	var out []Chunk
	for {
		c, err := sr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
}

type plainChunk struct {
	Line    int
	Lines   []string
	Comment bool
}

func plain(cs []Chunk) []plainChunk {
	var out []plainChunk
	for _, c := range cs {
		out = append(out, plainChunk{c.Line, c.Lines, c.Comment})
	}
	return out
}

// TestSourceReaderMatchesSplitSource: the streaming reader cuts every
// transcript and script as SplitSource does.
func TestSourceReaderMatchesSplitSource(t *testing.T) {
	srcs := map[string]string{
		"script":        "x = 1\n\n  # comment\ny = [1,\n 2,  # c\n\n 3]\r\nz = '''a\nb'''\n%compat current\nw = (1 +\n",
		"continuations": "x = \\\n 1\ny = 'a\\\nb'\nprint(x,\n# inside\n y)\n",
		"transcript": ">>> x = [1,\n# comment under\n... 2]\n>>> x\n[1, 2]\n\n# trailing\n\n>>> y\n\n# only comments\n" +
			"prose\n>>> z\nout\n# not trailing\nmore\n# trailing 2\n",
		"prose first": "some prose\n# heading\n>>> 1\n1\n",
		"crlf":        ">>> 1\r\n1\r\n# c\r\n>>> 2\r\n",
		"no newline":  "x = 1\ny = 2",
		"dots first":  "... 1\n>>> 2\n... 3\n4\n... 5\n",
	}
	long := "x = [\n"
	for i := range 100 {
		long += fmt.Sprintf("  %d,  # ) ] '\n", i)
	}
	srcs["long statement"] = long + "]\nlen(x)\n"
	files, _ := filepath.Glob("../testdata/*.tsh")
	more, _ := filepath.Glob("../../shared/conformance/*.tsh")
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(b)
	}
	for name, src := range srcs {
		want := plain(SplitSource(src))
		got := plain(readChunks(t, src, IsTranscript(src)))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %.2000v\nwant %.2000v", name, got, want)
		}
		tr, err := IsTranscriptReader(strings.NewReader(src))
		if err != nil || tr != IsTranscript(src) {
			t.Errorf("%s: IsTranscriptReader = %v, %v", name, tr, err)
		}
	}
}

// TestSourceLimits: an over-long line or statement is a SyntaxError at its
// first line, and reading goes on after it.
func TestSourceLimits(t *testing.T) {
	big := strings.Repeat("x", maxLineBytes+10)
	cs := readChunks(t, "a = 1\n"+big+"\nb = 2\n", false)
	if len(cs) != 3 || cs[1].Err == nil || cs[1].Line != 2 || cs[2].Code() != "b = 2" {
		t.Fatalf("%d chunks; the second: %+v", len(cs), cs[1].Err)
	}
	if got := cs[1].Err.Error(); got != "SyntaxError: line too long (tensh reads at most 64 MiB per line)" {
		t.Errorf("error %q", got)
	}
	if len(cs[1].Lines[0]) > 100 {
		t.Errorf("kept %d bytes of the long line", len(cs[1].Lines[0]))
	}
	// A statement that never closes stops at the statement limit.
	line := "'" + strings.Repeat("a", 1<<20) + "',\n"
	src := "x = (\n" + strings.Repeat(line, maxStmtBytes/len(line)+2) + ")\ny = 1\n"
	start := time.Now()
	cs = readChunks(t, src, false)
	if len(cs) == 0 || cs[0].Err == nil || cs[0].Line != 1 || !strings.Contains(cs[0].Err.Msg, "statement too long") {
		t.Fatalf("%d chunks, the first at line %d: %.100q (%v)", len(cs), cs[0].Line, cs[0].Code(), cs[0].Err)
	}
	if d := time.Since(start); d > readGuard {
		t.Errorf("took %v", d)
	}
	if last := cs[len(cs)-1]; last.Code() != "y = 1" {
		t.Errorf("last chunk %q", last.Code())
	}
}

// readGuard bounds the reading tests below. It guards against a return of
// quadratic reading, which takes minutes at these sizes; it is not a speed
// target (a busy machine reads them in seconds).
const readGuard = time.Minute

// TestManyLineStatement: a statement of many lines is read in linear time
// (lang.NeedsMore is not run after every line).
func TestManyLineStatement(t *testing.T) {
	var b strings.Builder
	b.WriteString("x = [\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "  %d,\n", i)
	}
	b.WriteString("]\nlen(x)\n")
	start := time.Now()
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	if e, err := s.RunScriptFrom("t.py", strings.NewReader(b.String()), false, &out); e != nil || err != nil {
		t.Fatal(e, err)
	}
	if out.String() != "20000\n" {
		t.Errorf("printed %q", out.String())
	}
	if d := time.Since(start); d > readGuard {
		t.Errorf("took %v", d)
	}
}
