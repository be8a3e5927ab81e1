package torch

import (
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// Every function of issue 17 has a derivative now (the last ones, cdist's
// batched matrix-product form and circular padding, in
// autograd_rules_surface3.go). The guard stays for the functions added
// later: a torch.linalg function (or one listed in gradUnsupported)
// without a rule raises NotImplementedError when an input requires grad,
// never returns a result without grad_fn, and runs under no_grad.
func TestGradUnsupportedRaises(t *testing.T) {
	var out strings.Builder
	s := eval.NewSession(eval.Options{Out: &out})
	fake := &eval.Builtin{Name: "linalg_fake", Kind: eval.TorchFunc, Fn: func(a *eval.Args) eval.Value {
		return a.Pos[0].(*tensor.Tensor).Clone()
	}}
	x := tensor.FromSlice([]float32{1, 2}, 2)
	autograd.SetRequiresGrad(x, true, true)
	call := func() (exc *eval.Exception) {
		defer func() {
			if r := recover(); r != nil {
				exc, _ = r.(*eval.Exception)
			}
		}()
		gradCall(s, fake, (&eval.Args{Name: "linalg_fake", Pos: []eval.Value{x}}).Bind(s))
		return nil
	}
	exc := call()
	if exc == nil || exc.Type != "NotImplementedError" || !strings.Contains(exc.Msg, "autograd cannot differentiate linalg.fake()") {
		t.Errorf("linalg_fake with an input that requires grad: %v", exc)
	}
	prev := autograd.SetGradEnabled(false)
	defer autograd.SetGradEnabled(prev)
	if exc := call(); exc != nil {
		t.Errorf("linalg_fake under no_grad: %s: %s", exc.Type, exc.Msg)
	}
}
