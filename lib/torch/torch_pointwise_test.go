package torch

import (
	"bytes"
	"os"
	"testing"

	"github.com/tensh/tensh/eval"
)

// TestPointwiseTranscript runs testdata/pointwise_api.tsh, made from real
// PyTorch 1.13 by testdata/gen_pointwise_transcript.py, in `%compat
// current` mode (the transcript is what today's PyTorch prints).
func TestPointwiseTranscript(t *testing.T) {
	for _, f := range []string{"tensor", "zeros", "ones", "arange"} {
		if eval.LookupBuiltin(eval.TorchFunc, f) == nil {
			t.Skipf("needs torch.%s (the creation functions)", f)
		}
	}
	for _, m := range []string{"clone", "expand"} {
		if eval.LookupBuiltin(eval.TensorMethod, m) == nil {
			t.Skipf("needs Tensor.%s (the view functions)", m)
		}
	}
	src, err := os.ReadFile("testdata/pointwise_api.tsh")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Compat: eval.CompatCurrent})
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

// TestTensorOperatorsWithoutCreation checks the operators on tensors made
// by torch.empty (zeros in tensh), which needs no other engineer's work.
func TestTensorOperatorsWithoutCreation(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Compat: eval.CompatDocs})
	src := `x = torch.empty(2, 3) + 1.5
(x * 2 - 1).dtype
(x // 0.7)[0]
torch.empty(5, 2, 4, 1) + torch.empty(3, 1, 1)
torch.empty(1, 3, 1).add_(torch.empty(3, 1, 7))
torch.utils.backcompat.broadcast_warning.enabled = True
(torch.empty(4, 1) + torch.empty(4)).shape
%compat current
torch.empty(1, 3, 1).add_(torch.empty(3, 1, 7))
(torch.empty(4, 1) + torch.empty(4)).shape
`
	want := `>>> x = torch.empty(2, 3) + 1.5
>>> (x * 2 - 1).dtype
torch.float32
>>> (x // 0.7)[0]
tensor([2., 2., 2.])
>>> torch.empty(5, 2, 4, 1) + torch.empty(3, 1, 1)
RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1
>>> torch.empty(1, 3, 1).add_(torch.empty(3, 1, 7))
RuntimeError: The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.
>>> torch.utils.backcompat.broadcast_warning.enabled = True
>>> (torch.empty(4, 1) + torch.empty(4)).shape
__main__:1: UserWarning: self and other do not have the same shape, but are broadcastable, and have the same number of elements.
Changing behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional.
torch.Size([4, 4])
>>> %compat current
>>> torch.empty(1, 3, 1).add_(torch.empty(3, 1, 7))
RuntimeError: output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]
>>> (torch.empty(4, 1) + torch.empty(4)).shape
torch.Size([4, 4])
`
	s.RunEcho(src)
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}
