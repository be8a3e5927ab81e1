package torch

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// transcriptBlocks splits a transcript into statements and their output,
// as /work/shared/tools/tshdiff.py does.
func transcriptBlocks(text string) (stmts, outs []string) {
	var cur []string
	flush := func() {
		if stmts == nil {
			return
		}
		for len(cur) > 0 && (cur[len(cur)-1] == "" || strings.HasPrefix(cur[len(cur)-1], "#")) {
			cur = cur[:len(cur)-1]
		}
		outs[len(outs)-1] = strings.Join(cur, "\n")
		cur = nil
	}
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, ">>> "):
			flush()
			stmts = append(stmts, l[4:])
			outs = append(outs, "")
		case strings.HasPrefix(l, "#") && len(cur) == 0:
		case stmts != nil:
			cur = append(cur, strings.TrimRight(l, " "))
		}
	}
	flush()
	return stmts, outs
}

// TestRandomTranscript runs testdata/random_api.tsh, made from real PyTorch
// by scripts/make_random_transcript.py.
func TestRandomTranscript(t *testing.T) {
	src, err := os.ReadFile("testdata/random_api.tsh")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Compat: eval.CompatDocs})
	s.RunEcho(string(src))
	wantS, wantO := transcriptBlocks(string(src))
	gotS, gotO := transcriptBlocks(out.String())
	if len(gotS) != len(wantS) {
		t.Fatalf("ran %d statements, want %d", len(gotS), len(wantS))
	}
	for i := range wantS {
		if gotS[i] != wantS[i] || gotO[i] != wantO[i] {
			t.Errorf("statement %q:\nwant:\n%s\ngot:\n%s", wantS[i], wantO[i], gotO[i])
		}
	}
}

// TestRandLikeStrides: rand_like keeps a transposed input's strides and
// fills in memory order, as PyTorch's empty_like(preserve_format) does.
func TestRandLikeStrides(t *testing.T) {
	st := tensor.NewStorage(tensor.Float32, 6)
	x := tensor.FromStorage(st, 0, []int{3, 2}, []int{1, 3}) // zeros(2, 3).t()
	s := eval.NewSession(eval.Options{})
	tensor.DefaultGenerator.ManualSeed(0)
	r := callTorch(s, "rand_like", []eval.Value{x})
	if !strings.HasPrefix(r, "tensor(") {
		t.Fatal(r)
	}
	tensor.DefaultGenerator.ManualSeed(0)
	y := s.Call(s.GetAttr(s.Globals()["torch"], "rand_like"), &eval.Args{Pos: []eval.Value{x}}).(*tensor.Tensor)
	if got := y.Strides(); got[0] != 1 || got[1] != 3 {
		t.Errorf("rand_like strides %v, want [1 3]", got)
	}
	// PyTorch: torch.manual_seed(0); torch.rand_like(torch.zeros(2, 3).t())
	// == torch.rand(2, 3).t()
	tensor.DefaultGenerator.ManualSeed(0)
	z := tensor.Rand([]int{2, 3}, tensor.Float32, tensor.DefaultGenerator)
	for i := 0; i < 3; i++ {
		for j := 0; j < 2; j++ {
			if y.At(i, j) != z.At(j, i) {
				t.Fatalf("rand_like element (%d, %d) = %v, want %v", i, j, y.At(i, j), z.At(j, i))
			}
		}
	}
	// A non-dense input gives a contiguous result.
	w := tensor.FromStorage(tensor.NewStorage(tensor.Float32, 12), 0, []int{2, 3}, []int{6, 2})
	v := s.Call(s.GetAttr(s.Globals()["torch"], "randn_like"), &eval.Args{Pos: []eval.Value{w}}).(*tensor.Tensor)
	if got := v.Strides(); got[0] != 3 || got[1] != 1 {
		t.Errorf("randn_like strides %v, want [3 1]", got)
	}
}

func TestRandDeviceArgument(t *testing.T) {
	s := eval.NewSession(eval.Options{})
	cases := []struct {
		dev  eval.Value
		want string
	}{
		{eval.DeviceValue{D: tensor.CPU}, "tensor("},
		{eval.Str("cpu"), "tensor("},
		{eval.Str("cuda:0"), "AssertionError: Torch not compiled with CUDA enabled"},
		{eval.MakeInt(0), "AssertionError: Torch not compiled with CUDA enabled"},
		{eval.Str("foo"), "RuntimeError: Expected one of cpu, cuda"},
	}
	for _, c := range cases {
		got := callTorch(s, "rand", []eval.Value{eval.MakeInt(2)}, eval.KwArg{Name: "device", Value: c.dev})
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("rand(2, device=%s) = %q, want prefix %q", eval.Repr(c.dev), got, c.want)
		}
	}
}

// TestDefaultGeneratorSeed: like PyTorch's, the default generator of a
// process starts from a non-deterministic seed.
func TestDefaultGeneratorSeed(t *testing.T) {
	a, b := tensor.NondeterministicSeed(), tensor.NondeterministicSeed()
	if a == b {
		t.Errorf("two non-deterministic seeds are equal: %d", a)
	}
}
