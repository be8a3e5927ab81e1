package torch

import (
	"fmt"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor.register_hook: a Python callable run on the tensor's gradient
// during backward (runtime/autograd/hooks.go); it returns None or the
// gradient to use instead, which must keep the gradient's size, dtype
// and device. The handle's remove() unregisters it.

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "register_hook", Kind: eval.TensorMethod, Sig: "register_hook(hook) -> RemovableHandle",
		Doc: "Registers a function called with the tensor's gradient during backward; it may return a replacement gradient. Returns a handle whose remove() unregisters it.",
		Fn: func(a *eval.Args) eval.Value {
			var t *tensor.Tensor
			var fn eval.Value
			if len(a.All()) < 2 && len(a.Kw) == 0 {
				eval.Throw("TypeError", errMissingArg, "Tensor.register_hook", "hook")
			}
			a.Unpack("self", &t, "hook", &fn)
			s := a.Session()
			h := autograd.RegisterHook(t, func(g *tensor.Tensor) *tensor.Tensor {
				return runTensorHook(s, fn, g)
			})
			return removableHandle(h)
		}})
}

// runTensorHook calls a hook on g and checks what it returns (PyTorch's
// check_single_result).
func runTensorHook(s *eval.Session, fn eval.Value, g *tensor.Tensor) *tensor.Tensor {
	r := s.Call(fn, &eval.Args{Pos: []eval.Value{g}})
	if r == nil || r == eval.Value(eval.None) {
		return nil
	}
	t, ok := r.(*tensor.Tensor)
	if !ok {
		eval.Throw("TypeError", errHookReturned, eval.TypeName(r))
	}
	name := hookName(fn)
	if !sameShape(t.Shape(), g.Shape()) {
		eval.Throw("RuntimeError", errHookSize, name)
	}
	was, got := tensor.LegacyTypeName(g.DType(), g.Device()), tensor.LegacyTypeName(t.DType(), t.Device())
	if was != got {
		eval.Throw("RuntimeError", errHookType, name, was, got)
	}
	return t
}

// hookName is the hook's __name__ as PyTorch's messages show it.
func hookName(fn eval.Value) string {
	switch f := fn.(type) {
	case *eval.Function:
		return f.Name
	case *eval.Builtin:
		return f.Name
	case *eval.BoundMethod:
		return f.Fn.Name
	}
	return eval.TypeName(fn)
}

// removableHandle is torch.utils.hooks.RemovableHandle.
func removableHandle(h *autograd.Hook) *eval.Object {
	o := &eval.Object{TypeName: "torch.utils.hooks.RemovableHandle", Attrs: map[string]eval.Value{}}
	o.ReprFn = func() string { return fmt.Sprintf("<torch.utils.hooks.RemovableHandle object at %p>", o) }
	o.Attrs["remove"] = &eval.Builtin{Name: "remove", Fn: func(a *eval.Args) eval.Value {
		a.NoArgs()
		h.Remove()
		return eval.None
	}}
	return o
}
