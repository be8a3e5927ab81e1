package torch

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestReductionTranscripts runs testdata/reductions*.tsh, recorded from
// PyTorch 1.13, and compares every statement's output. The transcripts
// build their inputs with torch.tensor; when the creation functions are
// not linked in, a minimal torch.tensor stands in for the test.
func TestReductionTranscripts(t *testing.T) {
	for _, name := range []string{"reductions.tsh", "reductions_dtypes.tsh"} {
		t.Run(name, func(t *testing.T) { runReductionTranscript(t, "testdata/"+name) })
	}
}

func runReductionTranscript(t *testing.T, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Print options are process-wide; other tests may have changed them.
	defer tensor.SetPrintOptions(tensor.GetPrintOptions())
	tensor.SetPrintOptions(tensor.DefaultPrintOptions())
	if eval.LookupBuiltin(eval.TorchFunc, "tensor") == nil {
		eval.RegisterTorch(&eval.Builtin{Name: "tensor", Kind: eval.TorchFunc, Fn: testTensor})
		defer delete(eval.TorchFuncs, "tensor")
	}
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Compat: eval.CompatDocs})
	s.RunEcho(string(src))
	want := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
	got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	// Compare statement by statement for readable failures.
	split := func(lines []string) map[string]string {
		m := map[string]string{}
		var key string
		for _, l := range lines {
			if strings.HasPrefix(l, ">>> ") {
				key = l
				m[key] = ""
				continue
			}
			if key != "" && !strings.HasPrefix(l, "#") {
				m[key] += l + "\n"
			}
		}
		return m
	}
	gm := split(got)
	fails := 0
	for stmt, w := range split(want) {
		if g := gm[stmt]; g != w {
			fails++
			if fails <= 10 {
				t.Errorf("%s\nwant:\n%sgot:\n%s", stmt, w, g)
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d statements differ", fails)
	}
}

// testTensor is a minimal torch.tensor(data, dtype=None): nested lists of
// numbers, typed as PyTorch infers them.
func testTensor(a *eval.Args) eval.Value {
	var data eval.Value
	var dt eval.Value = eval.None
	a.Unpack("data", &data, "$dtype?", &dt)
	var shape []int
	var vals []tensor.Scalar
	kind := -1
	var walk func(v eval.Value, depth int)
	walk = func(v eval.Value, depth int) {
		switch x := v.(type) {
		case *eval.List, eval.Tuple:
			elems := eval.IterateAll(x)
			if len(shape) <= depth {
				shape = append(shape, len(elems))
			}
			for _, e := range elems {
				walk(e, depth+1)
			}
		default:
			sc, ok := eval.ToScalar(v)
			if !ok {
				eval.Throw("TypeError", "testTensor: not a number")
			}
			vals = append(vals, sc)
			kind = max(kind, int(sc.Kind))
		}
	}
	walk(data, 0)
	d := tensor.DefaultFloat()
	switch kind {
	case int(tensor.BoolScalar):
		d = tensor.Bool
	case int(tensor.IntScalar):
		d = tensor.Int64
	}
	if x, ok := dt.(eval.DTypeValue); ok {
		d = x.D
	}
	if shape == nil {
		shape = []int{}
	}
	out := tensor.Empty(shape, d)
	for i, v := range vals {
		out.Storage().Set(i, v)
	}
	return out
}
