package eval

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// causeFor makes the session believe that the call in src (a method call
// of "x") failed with msg, and returns the hint.
func causeFor(t *testing.T, s *Session, src, msg string) string {
	t.Helper()
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		t.Fatal(err)
	}
	call := stmts[0].(*lang.ExprStmt).X.(*lang.CallExpr)
	recv := s.eval(call.Fn.(*lang.AttrExpr).X)
	name := call.Fn.(*lang.AttrExpr).Name
	args := &Args{s: s}
	for _, a := range call.Args {
		args.Pos = append(args.Pos, s.eval(a.Value))
	}
	exc := &Exception{Type: "RuntimeError", Msg: msg}
	s.src = src
	s.teach.ctx = OpContext{Node: call, Fn: &BoundMethod{Self: recv, Fn: &Builtin{Name: name}}, Args: args}
	s.noteFailure(exc)
	return s.Hint(exc)
}

func TestHintCalls(t *testing.T) {
	s := NewSession(Options{Hints: true, Compat: CompatDocs})
	s.globals["x"] = tensor.Empty([]int{1, 3, 1}, tensor.Float32)
	s.globals["y"] = tensor.Empty([]int{3, 1, 7}, tensor.Float32)
	s.globals["m"] = tensor.Empty([]int{2, 3}, tensor.Float32)
	s.globals["n"] = tensor.Empty([]int{4, 5}, tensor.Float32)
	s.globals["t"] = tensor.FromStorage(tensor.NewStorage(tensor.Float32, 12), 0, []int{2, 6}, []int{1, 2})
	cases := []struct{ src, msg, want string }{
		{"x.add_(y)", "The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.",
			"x.add_(y): x is [1, 3, 1], y is [3, 1, 7]; x's dim 2: 1 vs 7, and x cannot grow in place"},
		{"m.matmul(n)", "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)",
			"m.matmul(n): m is [2, 3], n is [4, 5]; m's columns (3) vs n's rows (4)"},
		{"t.view(4, 3)", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
			"t.view(4, 3): t is [2, 6], strides (1, 2): dims 0 and 1 are not one contiguous chunk; reshape copies"},
		{"t.view(5)", "shape '[5]' is invalid for input of size 12", "t.view(5): t is [2, 6], 12 elements vs [5]"},
		{"m.expand(2, 4)", "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [2, 3]",
			"m.expand(2, 4): m is [2, 3]; target dim 1: 4 vs 3 (only size-1 dims expand)"},
		// a message that the analysis does not predict gets no hint
		{"m.matmul(n)", "some other error", ""},
	}
	for _, c := range cases {
		if got := causeFor(t, s, c.src, c.msg); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
	s.Compat = CompatCurrent
	want := "x.add_(y): x is [1, 3, 1], y is [3, 1, 7]; x keeps its shape, but the broadcast shape is [3, 3, 7]"
	if got := causeFor(t, s, "x.add_(y)", "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]"); got != want {
		t.Errorf("current mode:\n got %q\nwant %q", got, want)
	}
}

func TestSaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	for _, l := range []string{"x = torch.empty(2, 3)", "x.size()", "%who", "%history", "x + torch.empty(4)", "%explain x + x", "%save " + filepath.Join(dir, "s")} {
		s.Exec(l, 1)
	}
	b, err := os.ReadFile(filepath.Join(dir, "s.tsh"))
	if err != nil {
		t.Fatal(err)
	}
	saved := string(b)
	for _, want := range []string{">>> x = torch.empty(2, 3)\n>>> x.size()\ntorch.Size([2, 3])\n>>> %who\nx\t \n",
		">>> x + torch.empty(4)\nRuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1\n",
		">>> %explain x + x\nx + x\n"} {
		if !strings.Contains(saved, want) {
			t.Errorf("saved transcript lacks %q:\n%s", want, saved)
		}
	}
	if strings.Contains(saved, ">>> %history") || strings.Contains(saved, ">>> %save") {
		t.Errorf("saved transcript keeps %%history or %%save:\n%s", saved)
	}
	if !strings.Contains(out.String(), "The following commands were written to file `"+filepath.Join(dir, "s.tsh")+"`:\nx = torch.empty(2, 3)\n") {
		t.Errorf("%%save output:\n%s", out.String())
	}
	// The saved transcript replays to itself.
	var echo bytes.Buffer
	NewSession(Options{Out: &echo}).RunEcho(saved)
	if echo.String() != saved {
		t.Errorf("replay differs:\n%s\n---\n%s", echo.String(), saved)
	}
	// %run runs it in another session, echoing each statement.
	var out2 bytes.Buffer
	s2 := NewSession(Options{Out: &out2})
	if e := s2.Exec("%run "+filepath.Join(dir, "s.tsh"), 1); e == nil || e.Type != "RuntimeError" {
		t.Fatalf("%%run should stop at the RuntimeError, got %v", e)
	}
	if _, ok := s2.globals["x"]; !ok || !strings.HasPrefix(out2.String(), ">>> x = torch.empty(2, 3)\n>>> x.size()\ntorch.Size([2, 3])\n") {
		t.Errorf("%%run output:\n%s", out2.String())
	}
	if e := s2.Exec("%run "+filepath.Join(dir, "nope.tsh"), 1); e == nil || e.Type != "FileNotFoundError" {
		t.Errorf("missing file: %v", e)
	}
	// %save in IPython mode keeps Python's output
	var out3 bytes.Buffer
	s3 := NewSession(Options{Out: &out3})
	for _, l := range []string{"%prompt ipython", "1 + 1", "%save " + filepath.Join(dir, "ip.tsh")} {
		s3.Exec(l, 1)
	}
	b, _ = os.ReadFile(filepath.Join(dir, "ip.tsh"))
	if !strings.Contains(string(b), ">>> 1 + 1\n2\n") || !strings.Contains(out3.String(), "Out[2]: 2\n") {
		t.Errorf("ipython save:\n%s\n%s", b, out3.String())
	}
}

func TestHistoryPrompts(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	s.Exec("a = 1", 1)
	s.Exec("b = (1 +\n 2)", 1)
	out.Reset()
	s.Exec("%history -p", 1)
	want := ">>> a = 1\n>>> b = (1 +\n...  2)\n...\n>>> %history -p\n"
	if out.String() != want {
		t.Errorf("got %q want %q", out.String(), want)
	}
}

func TestTimeMagics(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	s.Exec("x = torch.empty(3)", 1)
	if e := s.Exec("%timeit -n 3 -r 2 x + x", 1); e != nil {
		t.Fatal(e)
	}
	// IPython's note on a run much slower than the others may come first.
	re := regexp.MustCompile(`^(The slowest run took [0-9.]+ times longer than the fastest\. This could mean that an intermediate result is being cached\.\n)?[0-9.]+ (s|ms|\x{b5}s|ns) \x{b1} [0-9.]+ (s|ms|\x{b5}s|ns) per loop \(mean \x{b1} std\. dev\. of 2 runs, 3 loops each\)\n$`)
	if !re.MatchString(out.String()) {
		t.Errorf("%%timeit output %q", out.String())
	}
	out.Reset()
	if e := s.Exec("%time x + x", 1); e != nil {
		t.Fatal(e)
	}
	re = regexp.MustCompile(`^(CPU times: user [^,]+, sys: [^,]+, total: .+\n)?Wall time: [0-9.]+ (s|ms|\x{b5}s|ns)\ntensor\(\[0\., 0\., 0\.\]\)\n$`)
	if !re.MatchString(out.String()) {
		t.Errorf("%%time output %q", out.String())
	}
	for _, bad := range []string{"%timeit", "%timeit -n x 1", "%timeit -z 1", "%time", "%timeit x +"} {
		if e := s.Exec(bad, 1); e == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if e := s.Exec("%timeit -n 1 -r 1 undefined_name", 1); e == nil || e.Type != "NameError" {
		t.Errorf("timeit error: %v", e)
	}
}

func TestPrompts(t *testing.T) {
	s := NewSession(Options{})
	if a, b := s.Prompts(); a != ">>> " || b != "... " {
		t.Errorf("python prompts %q %q", a, b)
	}
	s.SetIPythonPrompts(true)
	s.Exec("1", 1)
	if a, b := s.Prompts(); a != "In [2]: " || b != "   ...: " {
		t.Errorf("ipython prompts %q %q", a, b)
	}
	for i := 0; i < 9; i++ {
		s.Exec("1", 1)
	}
	if a, b := s.Prompts(); a != "In [11]: " || b != "    ...: " {
		t.Errorf("ipython prompts %q %q", a, b)
	}
}

func TestStridesViews(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	d := make([]int64, 12)
	for i := range d {
		d[i] = int64(i)
	}
	x := tensor.FromSlice(d, 2, 6)
	s.globals["x"] = x
	s.globals["y"] = tensor.FromStorage(x.Storage(), 0, []int{6, 2}, []int{1, 6})
	s.globals["e"] = tensor.FromStorage(x.Storage(), 1, []int{3, 2}, []int{0, 2})
	s.Exec("%strides y", 1)
	want := `y: shape [6, 2], strides (1, 6), offset 0, int64
  contiguous: no (a contiguous [6, 2] tensor has strides (2, 1))
  shares storage with: e, x
  storage: 12 elements of int64
    index   0 1 2 3 4  5 6 7 8 9 10 11
    value   0 1 2 3 4  5 6 7 8 9 10 11
    element 0 2 4 6 8 10 1 3 5 7  9 11
  (element n is the n-th element of y read row by row, counting from 0 as index does)
  element [i, j] is storage[0 + 1*i + 6*j]
  view: can split or merge dims only within a chunk:
    chunk 1: dim 0, 6 elements, every 1
    chunk 2: dim 1, 2 elements, every 6
    dims 0 and 1 cannot be merged: from dim 1 on, the elements cover 2 x 6 = 12 storage cells (2 elements, every 6 cells), so a step along dim 0 would have to move 12 cells to follow on; it moves 1
    so e.g. y.view(12) fails (a dimension would span two chunks); y.reshape(12) copies
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	s.Exec("%strides e", 1)
	if !strings.Contains(out.String(), "    element . 0+ . 1+ . . . . . .  .  .\n") || !strings.Contains(out.String(), "(n+: the cell") || !strings.Contains(out.String(), "(a '.' cell") {
		t.Errorf("expanded:\n%s", out.String())
	}
}
