package eval

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestParseTranscript(t *testing.T) {
	src := `prose before the first statement is ignored
# heading
>>> x = [1,
... 2]
>>> x
# a comment right under a statement is not output
[1, 2]
#    a comment inside the output is output
trailing spaces are dropped   

# trailing comment and blank lines are not output
>>> ...
Ellipsis
...
`
	tr := ParseTranscript("t.tsh", src)
	type chunk struct {
		Line    int
		Code    string
		Comment bool
		Want    []string
	}
	var got []chunk
	for _, c := range tr.Chunks {
		got = append(got, chunk{c.Line, c.Code(), c.Comment, c.Want})
	}
	want := []chunk{
		{2, "# heading", true, nil},
		{3, "x = [1,\n2]", false, []string{}},
		{5, "x", false, []string{"[1, 2]", "#    a comment inside the output is output", "trailing spaces are dropped"}},
		{6, "# a comment right under a statement is not output", true, nil},
		{11, "# trailing comment and blank lines are not output", true, nil},
		{12, "...", false, []string{"Ellipsis", "..."}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("chunks:\n got %+v\nwant %+v", got, want)
	}
	if n := len(tr.Statements()); n != 3 {
		t.Errorf("%d statements, want 3", n)
	}
	if n := len(ParseTranscript("", ">>> a\n# c\n>>> b\n# d\n").Chunks); n != 4 {
		t.Errorf("%d chunks, want 4", n)
	}
}

func TestSplitScript(t *testing.T) {
	src := "x = 1\n\n  # comment\ny = 2  # trailing\r\n%compat current\n"
	var got []string
	for _, c := range SplitSource(src) {
		got = append(got, c.Code())
	}
	want := []string{"x = 1", "  # comment", "y = 2  # trailing", "%compat current"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if IsTranscript(src) || !IsTranscript("# x\n>>> 1\n1\n") || !IsTranscript(">>>\n") || IsTranscript(">>>x") {
		t.Error("IsTranscript")
	}
}

func TestMarkdownTranscript(t *testing.T) {
	src := "# Title\n\n```\n>>> not closed by this ``` line\n```\n\ntext\n\n" +
		"  ```python\n  >>> %compat\n  compat mode: current\n\n  >>> %compat current\n  ```\n" +
		"~~~\nno prompt here\n~~~\n"
	tr := ParseTranscript("README.md", src)
	st := tr.Statements()
	if len(st) != 3 || st[1].Code() != "%compat" || !reflect.DeepEqual(st[1].Want, []string{"compat mode: current"}) {
		t.Fatalf("statements: %+v", st)
	}
	res := Check(tr, Options{Compat: CompatDocs})
	if res[1].OK || !res[2].OK {
		t.Fatalf("results: %+v", res)
	}
	updated := tr.Rewrite(map[int][]string{1: res[1].Got})
	want := strings.Replace(src, "  compat mode: current", "  compat mode: docs", 1)
	if updated != want {
		t.Errorf("rewrite:\n%s\nwant:\n%s", updated, want)
	}
}

func TestCheckDiffAndRewrite(t *testing.T) {
	src := ">>> %compat\ncompat mode: current\nold line\n# section\n>>> %compat current\n>>> %compat\ncompat mode: current\n"
	tr := ParseTranscript("t.tsh", src)
	res := Check(tr, Options{Compat: CompatDocs})
	if len(res) != 3 || res[0].OK || !res[1].OK || !res[2].OK {
		t.Fatalf("results: %+v", res)
	}
	diff := res[0].Diff("t.tsh")
	wantDiff := "--- t.tsh:1 (expected)\n+++ t.tsh:1 (got)\n@@ -2,2 +2 @@ >>> %compat\n-compat mode: current\n-old line\n+compat mode: docs\n"
	if diff != wantDiff {
		t.Errorf("diff:\n%s\nwant:\n%s", diff, wantDiff)
	}
	got := tr.Rewrite(map[int][]string{0: res[0].Got})
	want := ">>> %compat\ncompat mode: docs\n# section\n>>> %compat current\n>>> %compat\ncompat mode: current\n"
	if got != want {
		t.Errorf("rewrite:\n%s\nwant:\n%s", got, want)
	}
	// A statement without expected output gets its output inserted.
	tr = ParseTranscript("t.tsh", ">>> %compat\n# c\n>>> %compat\n")
	got = tr.Rewrite(map[int][]string{0: {"a"}, 1: {"b"}})
	if want := ">>> %compat\na\n# c\n>>> %compat\nb\n"; got != want {
		t.Errorf("rewrite:\n%s\nwant:\n%s", got, want)
	}
}

func TestDiffHunks(t *testing.T) {
	var a, b []string
	for i := 0; i < 20; i++ {
		a = append(a, string(rune('a'+i)))
	}
	b = append(b, a...)
	b[2] = "X"
	b[17] = "Y"
	r := StmtResult{Chunk: Chunk{Line: 1, Lines: []string{"x"}, Want: a, outStart: 1}, Got: b}
	want := `--- f:1 (expected)
+++ f:1 (got)
@@ -2,6 +2,6 @@ >>> x
 a
 b
-c
+X
 d
 e
 f
@@ -16,6 +16,6 @@ >>> x
 o
 p
 q
-r
+Y
 s
 t
`
	if got := r.Diff("f"); got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
}

func TestRunEchoAndScript(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Compat: CompatDocs})
	s.RunEcho("# magics\n>>> %compat\nignored expected output\n>>> %bad\n>>> %compat current\n")
	want := "# magics\n>>> %compat\ncompat mode: docs\n>>> %bad\nUsageError: Line magic function `%bad` not found.\n>>> %compat current\n"
	if out.String() != want {
		t.Errorf("echo:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	var errw bytes.Buffer
	s = NewSession(Options{Out: &out, Filename: "f.tsh", Compat: CompatDocs})
	e := s.RunScript("f.tsh", "%compat\n\n%compat current\n%nope\n%compat\n", &errw)
	if e == nil || e.Type != "UsageError" {
		t.Fatalf("exception %v", e)
	}
	if out.String() != "compat mode: docs\n" || errw.String() != "Traceback (most recent call last):\n  File \"f.tsh\", line 4, in <module>\n    %nope\nUsageError: Line magic function `%nope` not found.\n" {
		t.Errorf("out %q, err %q", out.String(), errw.String())
	}
}
