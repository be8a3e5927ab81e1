package autograd

import "github.com/tensh/tensh/runtime/tensor"

// Grad mode is process state, as PyTorch's is thread state: the evaluator
// runs one statement at a time.
var (
	gradEnabled = true
	inference   = false
	// active turns true the first time a tensor requires grad; until then
	// no operation can need a graph and the evaluator skips the checks.
	active = false
)

// GradEnabled is torch.is_grad_enabled().
func GradEnabled() bool { return gradEnabled }

// SetGradEnabled sets grad mode and returns the previous setting.
func SetGradEnabled(on bool) bool {
	prev := gradEnabled
	gradEnabled = on
	return prev
}

// InferenceMode tells whether torch.inference_mode() is on.
func InferenceMode() bool { return inference }

// SetInferenceMode turns inference mode on or off (grad mode goes with it)
// and returns the previous inference setting.
func SetInferenceMode(on bool) bool {
	prev := inference
	inference = on
	return prev
}

// Active reports whether any tensor has ever required grad: until one has,
// no operation records anything.
func Active() bool { return active }

// Reset restores grad mode's defaults (a new session).
func Reset() {
	gradEnabled, inference = true, false
}

// creation is how a view was made: CreationMeta in variable.h.
type creation uint8

const (
	creationDefault creation = iota
	creationMultiOutput
	creationNoGrad
)

// Meta is autograd's record of one tensor: AutogradMeta and
// DifferentiableViewMeta of variable.h.
type Meta struct {
	t            *tensor.Tensor
	requiresGrad bool // a leaf's flag
	gradFn       *Node
	outputNr     int
	grad         *tensor.Tensor
	gradAcc      *Node
	retainsGrad  bool
	hooks        []*Hook // a leaf's tensor hooks (hooks.go)
	isInference  bool
	// unversioned: a .data alias, whose writes PyTorch counts on a version
	// counter of its own (so they never invalidate saved tensors)
	unversioned bool

	// A view: its root base, the version at which gradFn was last set, how
	// it was made and by which function.
	base        *tensor.Tensor
	attrVersion uint64
	creation    creation
	viewFnName  string
}

// meta returns t's Meta, or nil.
func meta(t *tensor.Tensor) *Meta {
	if t == nil || t.Autograd == nil {
		return nil
	}
	m, _ := t.Autograd.(*Meta)
	return m
}

// ensure returns t's Meta, making it.
func ensure(t *tensor.Tensor) *Meta {
	if m := meta(t); m != nil {
		return m
	}
	m := &Meta{t: t}
	t.Autograd = m
	return m
}

// ReprSuffix is the end of repr(t): grad_fn=<...> or requires_grad=True.
func (m *Meta) ReprSuffix() string {
	if fn := GradFn(m.t); fn != nil {
		return "grad_fn=<" + fn.TypeName() + ">"
	}
	if m.requiresGrad {
		return "requires_grad=True"
	}
	return ""
}

// RequiresGrad is t.requires_grad.
// A view requires grad when its base does (even one made in no_grad mode,
// which has no grad_fn: gradients do not flow through it).
func RequiresGrad(t *tensor.Tensor) bool {
	m := meta(t)
	return m != nil && (m.requiresGrad || m.gradFn != nil || m.base != nil && m.base != t && RequiresGrad(m.base))
}

// IsLeaf is t.is_leaf: no grad_fn.
func IsLeaf(t *tensor.Tensor) bool {
	m := meta(t)
	return m == nil || m.gradFn == nil
}

// IsInference is t.is_inference().
func IsInference(t *tensor.Tensor) bool {
	m := meta(t)
	return m != nil && m.isInference
}

// MarkInference records that t was made in inference mode.
func MarkInference(t *tensor.Tensor) { ensure(t).isInference = true }

// SetRequiresGrad is t.requires_grad_(on) (and t.requires_grad = on).
// fromFactory selects the message of the factories' requires_grad=True.
func SetRequiresGrad(t *tensor.Tensor, on bool, fromFactory bool) {
	m := meta(t)
	if m != nil && m.gradFn != nil {
		if !on {
			raise(errNonLeafFlag)
		}
		return
	}
	if on && !t.DType().IsFloat() {
		if fromFactory {
			raise(errFloatOnlyCreate)
		}
		raise(errFloatOnly)
	}
	if m == nil {
		if !on {
			return
		}
		m = ensure(t)
	}
	m.requiresGrad = on
	if on {
		active = true
	}
}

// GradFn is t.grad_fn: nil for a leaf. A view whose base was modified in
// place since its grad_fn was set gets a fresh AsStridedBackward0 (as
// VariableHooks::grad_fn regenerates it).
func GradFn(t *tensor.Tensor) *Node {
	m := meta(t)
	if m == nil {
		return nil
	}
	if m.base != nil {
		if v := t.Storage().Version(); v != m.attrVersion {
			regenerateViewFn(t, m, v)
		}
	}
	return m.gradFn
}

// OutputNr is the index of t among its grad_fn's outputs.
func OutputNr(t *tensor.Tensor) int {
	if m := meta(t); m != nil {
		return m.outputNr
	}
	return 0
}

// Grad is t.grad (nil for None).
func Grad(t *tensor.Tensor) *tensor.Tensor {
	if m := meta(t); m != nil {
		return m.grad
	}
	return nil
}

// SetGrad is t.grad = g (g nil for None), with PyTorch's checks.
func SetGrad(t, g *tensor.Tensor) {
	if g != nil {
		if g.DType() != t.DType() {
			raise(errGradType)
		}
		if !sameShape(g.Shape(), t.Shape()) {
			raise(errGradSize)
		}
	}
	if g == nil && meta(t) == nil {
		return
	}
	ensure(t).grad = g
}

// RetainsGrad is t.retains_grad.
func RetainsGrad(t *tensor.Tensor) bool {
	m := meta(t)
	return m != nil && m.retainsGrad
}

// RetainGrad is t.retain_grad().
func RetainGrad(t *tensor.Tensor) {
	if !RequiresGrad(t) {
		raise(errRetainNoGrad)
	}
	m := meta(t)
	if m.gradFn == nil || m.retainsGrad {
		return
	}
	m.retainsGrad = true
	if m.gradFn.retained == nil {
		m.gradFn.retained = map[int]*tensor.Tensor{}
	}
	m.gradFn.retained[m.outputNr] = t
}

// Detach is t.detach(): the same data, no history (sharing the version
// counter, which lives in the storage).
func Detach(t *tensor.Tensor) *tensor.Tensor {
	d := t.Alias()
	if IsInference(t) {
		MarkInference(d)
	}
	return d
}

// DetachInplace is t.detach_().
func DetachInplace(t *tensor.Tensor) {
	m := meta(t)
	if m == nil {
		return
	}
	if m.base != nil {
		raise(errDetachView)
	}
	m.gradFn, m.requiresGrad, m.outputNr, m.gradAcc = nil, false, 0, nil
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// MarkData marks t as a .data alias: its in-place writes do not count on
// the version counter autograd checks.
func MarkData(t *tensor.Tensor) { ensure(t).unversioned = true }

// BumpVersion records an in-place write to t (not for a .data alias).
// An inference tensor written outside inference mode fails here, after
// the write, as PyTorch's version bump does.
func BumpVersion(t *tensor.Tensor) {
	m := meta(t)
	if m != nil && m.isInference && !inference {
		raise(errInferenceInplace)
	}
	if m != nil && m.unversioned {
		return
	}
	t.Storage().BumpVersion()
}
