package torch

import (
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
)

// The grad-mode context managers, entered and left as a with statement
// does (the statement itself lives in the language's evaluator).
func TestGradModeContextManagers(t *testing.T) {
	var out strings.Builder
	s := eval.NewSession(eval.Options{Out: &out})
	run := func(src string) eval.Value {
		t.Helper()
		if !strings.Contains(src, " = ") {
			src = "_v = " + src
		}
		if exc := s.Exec(src, 1); exc != nil {
			t.Fatalf("%s: %s: %s", src, exc.Type, exc.Msg)
		}
		v, _ := s.Lookup("_v")
		return v
	}
	run("x = torch.ones(2, requires_grad=True)")
	cm := run("torch.no_grad()").(eval.ContextManager)
	cm.Enter(s)
	if autograd.GradEnabled() {
		t.Fatal("no_grad: grad mode still on")
	}
	if r := run("(x * 2).requires_grad"); r != eval.Bool(false) {
		t.Errorf("inside no_grad: requires_grad = %v", r)
	}
	inner := run("torch.enable_grad()").(eval.ContextManager)
	inner.Enter(s)
	if r := run("(x * 2).requires_grad"); r != eval.Bool(true) {
		t.Errorf("inside enable_grad: requires_grad = %v", r)
	}
	inner.Exit(s, nil)
	if autograd.GradEnabled() {
		t.Error("leaving enable_grad did not restore no_grad")
	}
	if swallowed := cm.Exit(s, &eval.Exception{Type: "ValueError"}); swallowed {
		t.Error("no_grad's __exit__ swallowed an exception")
	}
	if !autograd.GradEnabled() {
		t.Error("leaving no_grad did not restore grad mode")
	}

	// set_grad_enabled acts at once; its with-block restores the old mode.
	sg := run("torch.set_grad_enabled(False)").(eval.ContextManager)
	if run("torch.is_grad_enabled()") != eval.Bool(false) {
		t.Error("set_grad_enabled(False) did not turn grad mode off")
	}
	sg.Enter(s)
	sg.Exit(s, nil)
	if run("torch.is_grad_enabled()") != eval.Bool(true) {
		t.Error("set_grad_enabled's __exit__ did not restore grad mode")
	}

	im := run("torch.inference_mode()").(eval.ContextManager)
	im.Enter(s)
	run("y = x * 2")
	im.Exit(s, nil)
	if r := run("y.requires_grad, y.is_inference()"); eval.Repr(r) != "(False, True)" {
		t.Errorf("inference_mode: %s", eval.Repr(r))
	}
	if r := run("torch.is_grad_enabled(), torch.is_inference_mode_enabled()"); eval.Repr(r) != "(True, False)" {
		t.Errorf("after inference_mode: %s", eval.Repr(r))
	}
	if got := eval.Repr(run("torch.no_grad()")); !strings.HasPrefix(got, "<torch.autograd.grad_mode.no_grad object at 0x") {
		t.Errorf("repr(torch.no_grad()) = %s", got)
	}
}

// BenchmarkGradCallOverhead is what autograd adds to a call whose operands
// do not require grad, once some tensor has required grad: gradHook and
// gradCall around a builtin that does nothing (compare
// BenchmarkDirectCall).
func BenchmarkGradCallOverhead(b *testing.B) {
	s := eval.NewSession(eval.Options{})
	s.Exec("x = torch.ones(4); y = torch.ones(4); z = torch.ones(1, requires_grad=True)", 1)
	x, _ := s.Lookup("x")
	y, _ := s.Lookup("y")
	f := &eval.Builtin{Name: "add", Fn: func(a *eval.Args) eval.Value { return a.Self }}
	args := (&eval.Args{Self: x, Pos: []eval.Value{y}}).Bind(s)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if gradHook(f.Name, args) {
			gradCall(s, f, args)
		} else {
			f.Fn(args)
		}
	}
}

func BenchmarkDirectCall(b *testing.B) {
	s := eval.NewSession(eval.Options{})
	s.Exec("x = torch.ones(4); y = torch.ones(4)", 1)
	x, _ := s.Lookup("x")
	y, _ := s.Lookup("y")
	f := &eval.Builtin{Name: "add", Fn: func(a *eval.Args) eval.Value { return a.Self }}
	args := (&eval.Args{Self: x, Pos: []eval.Value{y}}).Bind(s)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		eval.OrNone(f.Fn(args))
	}
}
