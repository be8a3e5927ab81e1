package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The evaluator's side of autograd: every call of a builtin passes
// through gradCall once a tensor has required grad (or when the call has
// keywords, for requires_grad=, or is an in-place method), which runs the
// builtin and records the operation's node with runtime/autograd.

// gradHook tells Call whether a builtin call needs autograd's attention.
// It costs a few comparisons when no tensor ever required grad.
func gradHook(name string, a *eval.Args) bool {
	return autograd.Active() || len(a.Kw) > 0 || (len(name) > 1 && name[len(name)-1] == '_')
}

// gradCtx is one recorded call: its arguments, result, and for in-place
// calls the receiver and a copy of its old values.
type gradCtx struct {
	s       *eval.Session
	a       *eval.Args
	r       eval.Value
	name    string
	inplace bool
	self    *tensor.Tensor // in-place: the tensor written
	orig    *tensor.Tensor // in-place: its values before (sharing its history)
	fn      *eval.Builtin  // the builtin called (rules may rerun it)
}

// noVersionBump are the in-place methods that do not write elements.
var noVersionBump = map[string]bool{"requires_grad_": true, "detach_": true, "share_memory_": true}

// notInplace are the methods ending in _ that write nothing.
var notInplace = map[string]bool{"requires_grad_": true, "detach_": true, "share_memory_": true}

// inplaceViewNames are the in-place view operations and their nodes.
var inplaceViewNames = map[string]string{
	"t_": "TBackward1", "transpose_": "TransposeBackward1", "swapaxes_": "TransposeBackward1",
	"swapdims_": "TransposeBackward1", "unsqueeze_": "UnsqueezeBackward1", "squeeze_": "SqueezeBackward2",
	"as_strided_": "AsStridedBackward1",
}

func gradCall(s *eval.Session, f *eval.Builtin, a *eval.Args) eval.Value {
	name := f.Name
	inplace := len(name) > 1 && name[len(name)-1] == '_' && !notInplace[name]
	need := autograd.Active() && autograd.GradEnabled() && argsRequireGrad(a)
	if !need && !inplace && len(a.Kw) == 0 && !autograd.InferenceMode() {
		r := eval.OrNone(f.Fn(a)) // nothing to record: the common case
		if autograd.Active() {
			markViewResult(name, a, r)
		}
		return r
	}
	c := &gradCtx{s: s, a: a, name: name, inplace: inplace, fn: f}
	if need && len(a.Kw) > 0 {
		outRejected(name, a)
	}
	var oldShape, oldStrides []int
	oldOffset := 0
	if inplace {
		c.self = firstTensor(a)
		if c.self != nil && need {
			autograd.CheckInplace(c.self, true)
			if _, isView := inplaceViewNames[name]; isView {
				oldShape = append([]int{}, c.self.Shape()...)
				oldStrides = append([]int{}, c.self.Strides()...)
				oldOffset = c.self.Offset()
			} else if !inplaceKeepsNoOrig[name] {
				c.orig = c.self.Clone()
				c.orig.Autograd = c.self.Autograd
			}
		}
	}
	c.r = eval.OrNone(f.Fn(a))
	if c.orig != nil {
		defer func() { c.orig.Autograd = nil }()
	}
	if v, ok := a.Kwarg("requires_grad"); ok && f.Kind&(eval.TorchFunc|eval.TensorMethod) != 0 {
		if b, isB := v.(eval.Bool); isB && bool(b) {
			if t, isT := c.r.(*tensor.Tensor); isT {
				autograd.SetRequiresGrad(t, true, true)
			}
		}
	}
	if inplace && c.self != nil && !noVersionBump[name] {
		autograd.BumpVersion(c.self)
	}
	if autograd.InferenceMode() {
		markInference(c.r)
	}
	if !need {
		return c.r
	}
	if vname, isView := inplaceViewNames[name]; isView && c.self != nil {
		autograd.RecordInplaceView(vname, c.self, oldShape, oldStrides, oldOffset)
		return c.r
	}
	rule := gradRules[name]
	if inplace && rule == nil {
		rule = gradRules[name[:len(name)-1]]
	}
	if rule != nil {
		rule(c)
	} else if c.guarded() {
		c.unsupported()
	}
	return c.r
}

// inplaceKeepsNoOrig are the in-place methods whose formulas do not read
// the old values of self (the others keep a copy, PyTorch's original_self).
var inplaceKeepsNoOrig = map[string]bool{
	"add_": true, "sub_": true, "subtract_": true, "fill_": true, "zero_": true, "copy_": true,
	"neg_": true, "negative_": true, "masked_fill_": true,
}

// markInference marks the tensors made in inference mode.
func markInference(v eval.Value) {
	switch x := v.(type) {
	case *tensor.Tensor:
		autograd.MarkInference(x)
	case eval.Tuple:
		for _, e := range x {
			markInference(e)
		}
	case *eval.NamedTuple:
		for _, e := range x.Elems {
			markInference(e)
		}
	}
}

// argsRequireGrad tells whether a tensor argument (or one in a list
// argument, as cat's) requires grad.
func argsRequireGrad(a *eval.Args) bool {
	if t, ok := a.Self.(*tensor.Tensor); ok && autograd.RequiresGrad(t) {
		return true
	}
	for _, v := range a.Pos {
		if valueRequiresGrad(v) {
			return true
		}
	}
	for _, kw := range a.Kw {
		if valueRequiresGrad(kw.Value) {
			return true
		}
	}
	return false
}

func valueRequiresGrad(v eval.Value) bool {
	switch x := v.(type) {
	case *tensor.Tensor:
		return autograd.RequiresGrad(x)
	case *eval.List:
		for _, e := range x.Elems {
			if t, ok := e.(*tensor.Tensor); ok && autograd.RequiresGrad(t) {
				return true
			}
		}
	case eval.Tuple:
		for _, e := range x {
			if t, ok := e.(*tensor.Tensor); ok && autograd.RequiresGrad(t) {
				return true
			}
		}
	}
	return false
}

// firstTensor is the receiver or first positional tensor of a call.
func firstTensor(a *eval.Args) *tensor.Tensor {
	if t, ok := a.Self.(*tensor.Tensor); ok {
		return t
	}
	if len(a.Pos) > 0 {
		if t, ok := a.Pos[0].(*tensor.Tensor); ok {
			return t
		}
	}
	return nil
}

// arg is the argument at position i (the receiver is position 0) or
// keyword name; nil when absent.
func (c *gradCtx) arg(i int, name string) eval.Value {
	all := c.a.All()
	if i < len(all) {
		return all[i]
	}
	if v, ok := c.a.Kwarg(name); ok {
		return v
	}
	return nil
}

// in0 is the first operand: the old values of self for an in-place call.
func (c *gradCtx) in0() *tensor.Tensor {
	if c.orig != nil {
		return c.orig
	}
	t, _ := c.arg(0, "input").(*tensor.Tensor)
	return t
}

// out is the result tensor (self for an in-place call).
func (c *gradCtx) out() *tensor.Tensor {
	if c.inplace && c.self != nil {
		return c.self
	}
	t, _ := c.r.(*tensor.Tensor)
	return t
}

// finish makes n the history of the result, or rebases self on it.
func (c *gradCtx) finish(n *autograd.Node) {
	if n == nil {
		return
	}
	if c.inplace && c.self != nil {
		autograd.RebaseHistory(c.self, n)
		return
	}
	if t, ok := c.r.(*tensor.Tensor); ok {
		autograd.SetHistory(t, n, 0)
	}
}

// dims converts a dim argument: an int, or a tuple or list of ints (nil
// for None or absent).
func dimsOf(v eval.Value) ([]int, bool) {
	switch x := v.(type) {
	case nil, eval.NoneType:
		return nil, false
	case eval.Int:
		i, _ := x.Int64()
		return []int{int(i)}, true
	case eval.Bool:
		if x {
			return []int{1}, true
		}
		return []int{0}, true
	case eval.Tuple, *eval.List, eval.Size:
		var out []int
		for _, e := range eval.IterateAll(x) {
			if i, ok := e.(eval.Int); ok {
				n, _ := i.Int64()
				out = append(out, int(n))
			}
		}
		return out, true
	}
	return nil, false
}

// boolOf reads a bool argument (def when absent).
func boolOf(v eval.Value, def bool) bool {
	if b, ok := v.(eval.Bool); ok {
		return bool(b)
	}
	return def
}

// gradIntOf reads an int argument (def when absent).
func gradIntOf(v eval.Value, def int) int {
	switch x := v.(type) {
	case eval.Int:
		i, _ := x.Int64()
		return int(i)
	case eval.Bool:
		if x {
			return 1
		}
		return 0
	}
	return def
}

// markViewResult makes the result of a view function a view of its input
// for autograd even when nothing requires grad: a later in-place write
// through it with an operand that requires grad rebases its base (and
// detach_ refuses it), as in PyTorch.
func markViewResult(name string, a *eval.Args, r eval.Value) {
	if _, single := viewNames[name]; !single && name != "squeeze" && name != "expand" && name != "expand_as" && name != "as_strided" {
		if multi, ok := multiViewNames[name]; ok {
			in := firstTensor(a)
			if tup, isT := r.(eval.Tuple); isT && in != nil {
				if outs := tensorList(tup); outs != nil {
					autograd.MarkViews(multi, in, outs)
				}
			}
		}
		return
	}
	in := firstTensor(a)
	out, ok := r.(*tensor.Tensor)
	if ok && in != nil && out != in && out.DType() == in.DType() && tensor.SameStorage(in.Storage(), out.Storage()) {
		autograd.MarkView(in, out)
	}
}
