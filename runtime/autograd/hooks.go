package autograd

import "github.com/tensh/tensh/runtime/tensor"

// Tensor hooks (Tensor.register_hook): functions run on a tensor's
// gradient when backward computes it, before it is accumulated into a
// leaf's .grad or passed on from a non-leaf's grad_fn; a hook may return
// a replacement gradient. A leaf keeps its hooks; a non-leaf's are
// pre-hooks of its grad_fn for its output number. Hooks run in the order
// they were registered, before retain_grad stores the gradient (PyTorch
// runs the retains_grad hook last).

// Hook is one registered hook; Remove is its handle's remove().
type Hook struct {
	fn      func(g *tensor.Tensor) *tensor.Tensor
	removed bool
}

// Remove unregisters the hook (a second call does nothing).
func (h *Hook) Remove() { h.removed = true }

// RegisterHook adds fn to t's hooks: fn gets the gradient and returns
// nil (keep it) or the gradient to use instead.
func RegisterHook(t *tensor.Tensor, fn func(g *tensor.Tensor) *tensor.Tensor) *Hook {
	if !RequiresGrad(t) {
		raise(errHookNoGrad)
	}
	m := ensure(t)
	h := &Hook{fn: fn}
	if m.gradFn == nil {
		m.hooks = append(m.hooks, h)
		return h
	}
	n := m.gradFn
	if n.hooks == nil {
		n.hooks = map[int][]*Hook{}
	}
	n.hooks[m.outputNr] = append(n.hooks[m.outputNr], h)
	return h
}

// runHooks passes g through the hooks that are not removed.
func runHooks(hs []*Hook, g *tensor.Tensor) *tensor.Tensor {
	for _, h := range hs {
		if h.removed {
			continue
		}
		if r := h.fn(g); r != nil {
			g = r
		}
	}
	return g
}

// applyHooks runs the tensor hooks on the gradients n receives: a leaf's
// on AccumulateGrad's input, a non-leaf's on its grad_fn's output nr.
func applyHooks(n *Node, in []*tensor.Tensor) {
	if n.variable != nil {
		if m := meta(n.variable); m != nil && len(m.hooks) > 0 && len(in) > 0 && in[0] != nil {
			in[0] = runHooks(m.hooks, in[0])
		}
	}
	for nr, hs := range n.hooks {
		if nr < len(in) && in[nr] != nil {
			in[nr] = runHooks(hs, in[nr])
		}
	}
}
