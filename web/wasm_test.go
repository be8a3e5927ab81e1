package web

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/tensh/tensh/eval"
)

// buildWasm builds cmd/tensh-wasm for js/wasm, once for all the tests
// (not with -short: it takes a while), and returns the file's path.
func buildWasm(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the wasm target (not with -short)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	wasmOnce.Do(func() {
		wasmFile = filepath.Join(wasmDir, "tensh.wasm")
		cmd := exec.Command("go", "build", "-o", wasmFile, "./cmd/tensh-wasm")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("GOOS=js GOARCH=wasm go build ./cmd/tensh-wasm: %v\n%s", err, b)
		}
	})
	if wasmErr != nil {
		t.Fatal(wasmErr)
	}
	return wasmFile
}

var (
	wasmDir  string // removed by TestMain
	wasmOnce sync.Once
	wasmFile string
	wasmErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tensh-web-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	wasmDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestWasmBuilds: the browser's engine builds for js/wasm, and the whole
// module does (the terminal front end stays out of it).
func TestWasmBuilds(t *testing.T) {
	buildWasm(t)
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build ./...: %v\n%s", err, b)
	}
}

// TestWasmMatchesNative runs cells in tensh.wasm under Node.js (when it is
// installed), loaded by Go's wasm_exec.js as the page loads it, and
// compares what tensh.run returns with what the Notebook returns natively.
func TestWasmMatchesNative(t *testing.T) {
	wasm := buildWasm(t)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node (Node.js) to run the wasm")
	}
	wasmExec := goWasmExec(t)
	cells := []string{
		"x = empty(5,3,4,1); y = empty(3,1,1); (x+y).size()",
		"a = torch.arange(6).view(2, 3)",
		"a",
		"a + torch.ones(2)",
		"for i in range(2):\n    print(i * a)\n",
		"import numpy as np\nnp.arange(4).reshape(2, 2)",
		"%explain a + torch.ones(3, 1)",
		"1/0\nprint('after')",
		"exit()",
		"a",
	}
	in, _ := json.Marshal(cells)
	cmd := exec.Command(node, "testdata/run.js", wasmExec, wasm)
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/run.js: %v\n%s", err, stderr.String())
	}
	var got struct {
		Version string      `json:"version"`
		Out     [][]Segment `json:"out"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("node's output: %v\n%s", err, b)
	}
	if got.Version != "devel" {
		t.Errorf("tensh.version = %q, want devel (not stamped)", got.Version)
	}
	nb := NewNotebook(eval.CompatCurrent)
	for i, c := range cells {
		want := nb.Run(c)
		if i >= len(got.Out) {
			t.Fatalf("wasm ran %d cells of %d", len(got.Out), len(cells))
		}
		if len(want) == 0 && len(got.Out[i]) == 0 {
			continue
		}
		if !reflect.DeepEqual(got.Out[i], want) {
			t.Errorf("cell %q:\nwasm   %q\nnative %q", c, got.Out[i], want)
		}
	}
	if last := got.Out[len(got.Out)-1]; len(last) != 1 || last[0].Kind != Error || !strings.HasPrefix(last[0].Text, "TypeError: tensh.run takes one argument") {
		t.Errorf("tensh.run(): %q, want one error segment", last)
	}
}

// goWasmExec is the wasm_exec.js of the Go that builds the wasm (its
// place moved from misc/wasm to lib/wasm in Go 1.24).
func goWasmExec(t *testing.T) string {
	b, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(b))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(root, p)); err == nil {
			return filepath.Join(root, p)
		}
	}
	t.Skipf("no wasm_exec.js under %s", root)
	return ""
}

// TestWorkerUnderNode runs the page's Web Worker (worker.js) under
// Node.js on stand-ins for a worker's globals (testdata/worker.js): it
// loads the wasm, answers requests to run cells, complete, write the
// transcript and split one into cells as the native engine does, and an
// endless loop stops with KeyboardInterrupt when another thread sets the
// shared interrupt flag (the page's Interrupt button), the session going on.
func TestWorkerUnderNode(t *testing.T) {
	wasm := buildWasm(t)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node (Node.js) to run the page's worker")
	}
	dir := t.TempDir()
	for from, to := range map[string]string{wasm: "tensh.wasm", goWasmExec(t): "wasm_exec.js", "worker.js": "worker.js"} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cells := []string{"a = torch.arange(6).view(2, 3)\na + torch.tensor([10, 20, 30])", "a + torch.ones(2)", "%strides a.t()"}
	reqs := [][]string{{"run", cells[0]}, {"run", cells[1]}, {"run", cells[2]}, {"complete", "a.resh", ""}, {"transcript"}, {"cells", "x.tsh", ">>> 1\n1\n# cell 2\n>>> 2\n2\n"}, {"run", "torch.empty(2**29)"}}
	in, _ := json.Marshal(reqs)
	var stderr strings.Builder
	cmd := exec.Command(node, "testdata/worker.js", dir)
	cmd.Stdin = strings.NewReader(string(in))
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/worker.js: %v\n%s", err, stderr.String())
	}
	var got struct {
		Ready       string            `json:"ready"`
		Results     []json.RawMessage `json:"results"`
		Interrupted []Segment         `json:"interrupted"`
		After       []Segment         `json:"after"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("node's output: %v\n%s", err, b)
	}
	if got.Ready != "devel" || len(got.Results) != len(reqs) {
		t.Fatalf("ready %q, %d results", got.Ready, len(got.Results))
	}
	decode := func(i int, v any) {
		t.Helper()
		if err := json.Unmarshal(got.Results[i], v); err != nil {
			t.Fatalf("result %d: %v: %s", i, err, got.Results[i])
		}
	}
	nb := NewNotebook(eval.CompatCurrent)
	for i, c := range cells {
		var segs []Segment
		decode(i, &segs)
		if want := nb.Run(c); !reflect.DeepEqual(segs, want) {
			t.Errorf("cell %q:\nworker %q\nnative %q", c, segs, want)
		}
	}
	var comp struct {
		Word  string   `json:"word"`
		Items []string `json:"items"`
	}
	decode(3, &comp)
	if word, items := nb.Complete("a.resh", 6); comp.Word != word || !reflect.DeepEqual(comp.Items, items) {
		t.Errorf("complete: worker %q %q, native %q %q", comp.Word, comp.Items, word, items)
	}
	var tsh string
	decode(4, &tsh)
	if want := nb.Transcript(); tsh != want {
		t.Errorf("transcript: worker\n%s\nnative\n%s", tsh, want)
	}
	if string(got.Results[5]) != `["1","2"]` {
		t.Errorf("cells: %s", got.Results[5])
	}
	// Past the browser's memory cap (1 GiB): PyTorch's allocator error,
	// not the end of the program.
	var big []Segment
	decode(6, &big)
	if len(big) == 0 || !strings.HasPrefix(big[0].Text, "RuntimeError: [enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 2147483648 bytes.") {
		t.Errorf("torch.empty(2**29): %q", big)
	}
	if len(got.Interrupted) != 1 || got.Interrupted[0] != (Segment{Error, "KeyboardInterrupt\n"}) {
		t.Errorf("the endless loop: %q, want KeyboardInterrupt", got.Interrupted)
	}
	if len(got.After) != 1 || got.After[0] != (Segment{Out, "True\n"}) {
		t.Errorf("after the interrupt: %q, want the session to go on", got.After)
	}
}
