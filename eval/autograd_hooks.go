package eval

import (
	"fmt"

	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor.register_hook: a Python callable run on the tensor's gradient
// during backward (runtime/autograd/hooks.go); it returns None or the
// gradient to use instead, which must keep the gradient's size, dtype
// and device. The handle's remove() unregisters it.

func init() {
	register(&Builtin{Name: "register_hook", Kind: TensorMethod, Sig: "register_hook(hook) -> RemovableHandle",
		Doc: "Registers a function called with the tensor's gradient during backward; it may return a replacement gradient. Returns a handle whose remove() unregisters it.",
		Fn: func(a *Args) Value {
			var t *tensor.Tensor
			var fn Value
			if len(a.All()) < 2 && len(a.Kw) == 0 {
				throw("TypeError", errMissingArg, "Tensor.register_hook", "hook")
			}
			a.Unpack("self", &t, "hook", &fn)
			s := a.s
			h := autograd.RegisterHook(t, func(g *tensor.Tensor) *tensor.Tensor {
				return s.runTensorHook(fn, g)
			})
			return removableHandle(h)
		}})
}

// runTensorHook calls a hook on g and checks what it returns (PyTorch's
// check_single_result).
func (s *Session) runTensorHook(fn Value, g *tensor.Tensor) *tensor.Tensor {
	r := s.Call(fn, &Args{Pos: []Value{g}})
	if r == nil || r == Value(None) {
		return nil
	}
	t, ok := r.(*tensor.Tensor)
	if !ok {
		throw("TypeError", errHookReturned, TypeName(r))
	}
	name := hookName(fn)
	if !sameShape(t.Shape(), g.Shape()) {
		throw("RuntimeError", errHookSize, name)
	}
	was, got := tensor.LegacyTypeName(g.DType(), g.Device()), tensor.LegacyTypeName(t.DType(), t.Device())
	if was != got {
		throw("RuntimeError", errHookType, name, was, got)
	}
	return t
}

// hookName is the hook's __name__ as PyTorch's messages show it.
func hookName(fn Value) string {
	switch f := fn.(type) {
	case *Function:
		return f.Name
	case *Builtin:
		return f.Name
	case *BoundMethod:
		return f.Fn.Name
	}
	return TypeName(fn)
}

// removableHandle is torch.utils.hooks.RemovableHandle.
func removableHandle(h *autograd.Hook) *Object {
	o := &Object{TypeName: "torch.utils.hooks.RemovableHandle", Attrs: map[string]Value{}}
	o.ReprFn = func() string { return fmt.Sprintf("<torch.utils.hooks.RemovableHandle object at %p>", o) }
	o.Attrs["remove"] = &Builtin{Name: "remove", Fn: func(a *Args) Value {
		a.NoArgs()
		h.Remove()
		return None
	}}
	return o
}
