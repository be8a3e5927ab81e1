package torch

import (
	. "github.com/tensh/tensh/eval"

	"fmt"

	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor attributes and methods of autograd (requires_grad, grad, grad_fn,
// backward, ...), grad_fn objects, and the torch.autograd module.

func init() {
	TensorProps["requires_grad"] = func(s *Session, t *tensor.Tensor) Value { return Bool(autograd.RequiresGrad(t)) }
	TensorProps["is_leaf"] = func(s *Session, t *tensor.Tensor) Value { return Bool(autograd.IsLeaf(t)) }
	TensorProps["retains_grad"] = func(s *Session, t *tensor.Tensor) Value { return Bool(autograd.RetainsGrad(t)) }
	TensorProps["_version"] = func(s *Session, t *tensor.Tensor) Value { return MakeInt(int64(t.Storage().Version())) }
	TensorProps["output_nr"] = func(s *Session, t *tensor.Tensor) Value { return MakeInt(int64(autograd.OutputNr(t))) }
	TensorProps["data"] = func(s *Session, t *tensor.Tensor) Value {
		d := t.Alias()
		autograd.MarkData(d)
		return d
	}
	TensorProps["grad_fn"] = func(s *Session, t *tensor.Tensor) Value { return nodeValue(autograd.GradFn(t)) }
	TensorProps["grad"] = func(s *Session, t *tensor.Tensor) Value {
		if !autograd.IsLeaf(t) && !autograd.RetainsGrad(t) {
			s.Warn("UserWarning", errNonLeafGrad)
		}
		if g := autograd.Grad(t); g != nil {
			return g
		}
		return None
	}
	TensorSetters["grad"] = func(s *Session, t *tensor.Tensor, v Value) {
		switch g := v.(type) {
		case NoneType:
			autograd.SetGrad(t, nil)
		case *tensor.Tensor:
			autograd.SetGrad(t, g)
		default:
			Throw("TypeError", errGradNotTensor, TypeName(v))
		}
	}
	TensorSetters["data"] = func(s *Session, t *tensor.Tensor, v Value) {
		src, ok := v.(*tensor.Tensor)
		if !ok {
			Throw("TypeError", errDataNotTensor, TypeName(v))
		}
		t.SetData(src)
	}
	TensorSetters["requires_grad"] = func(s *Session, t *tensor.Tensor, v Value) {
		autograd.SetRequiresGrad(t, s.Truth(v), false)
	}

	RegisterTorch(
		&Builtin{Name: "requires_grad_", Kind: TensorMethod, Sig: "requires_grad_(requires_grad=True) -> Tensor",
			Doc: "Sets whether autograd records operations on this (leaf) tensor, in place.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				on := true
				a.Unpack("self", &t, "requires_grad?", &on)
				autograd.SetRequiresGrad(t, on, false)
				return t
			}},
		&Builtin{Name: "retain_grad", Kind: TensorMethod, Sig: "retain_grad() -> None",
			Doc: "Makes backward() fill .grad of this non-leaf tensor too.",
			Fn: func(a *Args) Value {
				autograd.RetainGrad(noArgTensor(a))
				return None
			}},
		&Builtin{Name: "detach_", Kind: TensorMethod, Sig: "detach_() -> Tensor",
			Doc: "Detaches the tensor from the graph that created it, in place: it becomes a leaf.",
			Fn: func(a *Args) Value {
				t := noArgTensor(a)
				autograd.DetachInplace(t)
				return t
			}},
		&Builtin{Name: "is_inference", Kind: TensorMethod, Sig: "is_inference() -> bool",
			Doc: "Reports whether the tensor was made in inference mode.",
			Fn:  func(a *Args) Value { return Bool(autograd.IsInference(noArgTensor(a))) }},
		&Builtin{Name: "backward", Kind: TensorMethod, Sig: "backward(gradient=None, retain_graph=None, create_graph=False) -> None",
			Doc: "Computes the gradient of this tensor with respect to the graph's leaves, accumulating it into their .grad.",
			Fn: func(a *Args) Value {
				var t *tensor.Tensor
				var g, retain, inputs Value = None, None, None
				create := false
				a.Unpack("self", &t, "gradient?", &g, "retain_graph?", &retain, "create_graph?", &create, "inputs?", &inputs)
				runBackward(a.Session(), []*tensor.Tensor{t}, []Value{g}, retain, create, inputs)
				return None
			}},
		&Builtin{Name: "is_grad_enabled", Kind: TorchFunc, Sig: "is_grad_enabled() -> bool",
			Doc: "Reports whether autograd records operations (grad mode).",
			Fn:  func(a *Args) Value { a.NoArgs(); return Bool(autograd.GradEnabled()) }},
		&Builtin{Name: "is_inference_mode_enabled", Kind: TorchFunc, Sig: "is_inference_mode_enabled() -> bool",
			Doc: "Reports whether inference mode is on.",
			Fn:  func(a *Args) Value { a.NoArgs(); return Bool(autograd.InferenceMode()) }},
	)
	torchSubmodules["autograd"] = func(s *Session) *Module {
		return &Module{Name: "torch.autograd", Members: map[string]Value{
			"grad":     autogradGrad,
			"backward": autogradBackward,
		}}
	}
}

// submoduleFuncs are the functions of torch's submodules, for the
// reference (torch.autograd.grad, ...).
var submoduleFuncs = map[string][]*Builtin{}

func init() { submoduleFuncs["autograd"] = []*Builtin{autogradBackward, autogradGrad} }

var autogradBackward = &Builtin{Name: "backward", Sig: "backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False)",
	Doc: "Computes the gradients of the tensors with respect to the graph's leaves, accumulating them into their .grad.",
	Fn: func(a *Args) Value {
		var ts, gs, retain, gv, inputs Value = nil, None, None, None, None
		create := false
		a.Unpack("tensors", &ts, "grad_tensors?", &gs, "retain_graph?", &retain, "create_graph?", &create, "grad_variables?", &gv, "inputs?", &inputs)
		if _, isNone := gv.(NoneType); !isNone {
			a.Session().Warn("UserWarning", msgGradVariables)
			if _, none := gs.(NoneType); !none {
				Throw("RuntimeError", errGradVariablesBoth)
			}
			gs = gv
		}
		roots := tensorsArg(ts)
		runBackward(a.Session(), roots, gradsArg(gs, len(roots)), retain, create, inputs)
		return None
	}}

var autogradGrad = &Builtin{Name: "grad", Sig: "grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=False)",
	Doc: "Returns the gradients of the outputs with respect to the inputs, without touching .grad.",
	Fn: func(a *Args) Value {
		var outs, ins, gs, retain, onlyInputs Value = nil, nil, None, None, None
		create, allowUnused := false, false
		a.Unpack("outputs", &outs, "inputs", &ins, "grad_outputs?", &gs, "retain_graph?", &retain, "create_graph?", &create, "only_inputs?", &onlyInputs, "allow_unused?", &allowUnused)
		if b, isB := onlyInputs.(Bool); isB && !bool(b) {
			a.Session().Warn("UserWarning", msgOnlyInputs)
		}
		roots := tensorsArg(outs)
		inputs := tensorsArg(ins)
		keep := create
		if _, isNone := retain.(NoneType); !isNone {
			keep = a.Session().Truth(retain)
		}
		grads := gradsOf(gradsArg(gs, len(roots)))
		res := autograd.GradOf(roots, inputs, grads, keep, create, allowUnused)
		out := make(Tuple, len(res))
		for i, g := range res {
			if g == nil {
				out[i] = None
			} else {
				out[i] = g
			}
		}
		return out
	}}

// tensorsArg is a tensor or a sequence of tensors.
func tensorsArg(v Value) []*tensor.Tensor {
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}
	}
	var out []*tensor.Tensor
	for _, e := range IterateAll(v) {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			Throw("TypeError", errTensorsArg, len(out), TypeName(e))
		}
		out = append(out, t)
	}
	return out
}

// gradsArg is grad_tensors: None, a tensor, or a sequence.
func gradsArg(v Value, n int) []Value {
	switch x := v.(type) {
	case NoneType:
		return make([]Value, n)
	case *tensor.Tensor:
		return []Value{x}
	}
	return IterateAll(v)
}

func gradsOf(vs []Value) []*tensor.Tensor {
	out := make([]*tensor.Tensor, len(vs))
	for i, v := range vs {
		if t, ok := v.(*tensor.Tensor); ok {
			out[i] = t
		}
	}
	return out
}

// runBackward is Tensor.backward and torch.autograd.backward.
func runBackward(s *Session, roots []*tensor.Tensor, grads []Value, retain Value, create bool, inputs Value) {
	keep := create
	if retain != nil {
		if _, isNone := retain.(NoneType); !isNone {
			keep = s.Truth(retain)
		}
	}
	if create {
		// TORCH_WARN in the engine: Python places it at the engine call
		// in torch/autograd/__init__.py, and prints that source line
		if !s.WarnedAt(locRunBackward, "UserWarning", msgCreateGraphCycle) {
			fmt.Fprintf(s.WarnOut(), "%s: UserWarning: %s\n%s\n", locRunBackward, msgCreateGraphCycle, srcRunBackward)
		}
	}
	if w := s.TraceOut(); w != nil {
		autograd.SetTrace(func(line string) { fmt.Fprintln(w, line) })
		defer autograd.SetTrace(nil)
	}
	if _, isNone := inputs.(NoneType); inputs != nil && !isNone {
		ins := tensorsArg(inputs)
		if len(ins) == 0 {
			Throw("RuntimeError", errInputsEmpty)
		}
		autograd.BackwardInputs(roots, gradsOf(grads), ins, keep, create)
		return
	}
	autograd.Backward(roots, gradsOf(grads), keep, create)
}

// nodeValue is a grad_fn as a Python object (None for nil).
func nodeValue(n *autograd.Node) Value {
	if n == nil {
		return None
	}
	if o, ok := n.Handle.(*Object); ok {
		return o
	}
	o := &Object{TypeName: n.TypeName(), Attrs: map[string]Value{}}
	o.ReprFn = func() string { return fmt.Sprintf("<%s object at %p>", n.TypeName(), o) }
	o.Attrs["name"] = &Builtin{Name: "name", Fn: func(a *Args) Value { a.NoArgs(); return Str(n.Name()) }}
	var next Tuple
	for _, e := range n.NextFunctions() {
		next = append(next, Tuple{nodeValue(e.Fn), MakeInt(int64(e.Input))})
	}
	if next == nil {
		next = Tuple{}
	}
	o.Attrs["next_functions"] = next
	if v := n.Variable(); v != nil {
		o.Attrs["variable"] = v
	}
	n.Handle = o
	return o
}

// gradModeCM is torch.no_grad(), torch.enable_grad(),
// torch.set_grad_enabled(mode) and torch.inference_mode(mode): a context
// manager for the with statement.
type gradModeCM struct {
	kind     string // "no_grad", "enable_grad", "set_grad_enabled", "inference_mode"
	mode     bool
	prev     bool
	prevInf  bool
	prevGrad bool
}

// PyTypeName is the class name (torch.autograd.grad_mode.no_grad).
func (c *gradModeCM) PyTypeName() string { return c.kind }

// PyRepr is repr(c).
func (c *gradModeCM) PyRepr() string {
	return fmt.Sprintf("<torch.autograd.grad_mode.%s object at %p>", c.kind, c)
}

// Enter is __enter__.
func (c *gradModeCM) Enter(s *Session) Value {
	switch c.kind {
	case "no_grad":
		c.prev = autograd.SetGradEnabled(false)
	case "enable_grad":
		c.prev = autograd.SetGradEnabled(true)
	case "inference_mode":
		c.prevGrad = autograd.GradEnabled()
		c.prevInf = autograd.SetInferenceMode(c.mode)
		if c.mode {
			autograd.SetGradEnabled(false)
		}
	}
	return None
}

// Exit is __exit__: the previous mode comes back.
func (c *gradModeCM) Exit(s *Session, exc *Exception) bool {
	switch c.kind {
	case "inference_mode":
		autograd.SetInferenceMode(c.prevInf)
		autograd.SetGradEnabled(c.prevGrad)
	default:
		autograd.SetGradEnabled(c.prev)
	}
	return false
}

func init() {
	RegisterTorch(
		&Builtin{Name: "no_grad", Kind: TorchFunc, Sig: "no_grad()",
			Doc: "Context manager in which autograd records nothing.",
			Fn:  func(a *Args) Value { a.NoArgs(); return &gradModeCM{kind: "no_grad"} }},
		&Builtin{Name: "enable_grad", Kind: TorchFunc, Sig: "enable_grad()",
			Doc: "Context manager in which autograd records operations (inside no_grad).",
			Fn:  func(a *Args) Value { a.NoArgs(); return &gradModeCM{kind: "enable_grad"} }},
		&Builtin{Name: "set_grad_enabled", Kind: TorchFunc, Sig: "set_grad_enabled(mode)",
			Doc: "Turns grad mode on or off at once; as a context manager, restores the previous mode at the end of the block.",
			Fn: func(a *Args) Value {
				var v Value
				a.Unpack("mode", &v)
				b, ok := v.(Bool)
				if !ok {
					Throw("TypeError", errSetGradEnabled, TypeName(v))
				}
				return &gradModeCM{kind: "set_grad_enabled", mode: bool(b), prev: autograd.SetGradEnabled(bool(b))}
			}},
		&Builtin{Name: "inference_mode", Kind: TorchFunc, Sig: "inference_mode(mode=True)",
			Doc: "Context manager in which autograd records nothing and the tensors made are inference tensors.",
			Fn: func(a *Args) Value {
				mode := true
				a.Unpack("mode?", &mode)
				return &gradModeCM{kind: "inference_mode", mode: mode}
			}},
	)
}

func init() {
	// __enter__ and __exit__, callable by hand as in Python (the with
	// statement calls Enter and Exit directly).
	for _, kind := range []string{"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"} {
		RegisterMethods(kind,
			Method("__enter__", "__enter__()", "Enters the grad mode of the context manager.", func(a *Args) Value {
				cm := a.Self.(*gradModeCM)
				a.Self = nil
				a.NoArgs()
				return cm.Enter(a.Session())
			}),
			Method("__exit__", "__exit__(exc_type, exc_value, traceback)", "Restores the grad mode the context manager found.", func(a *Args) Value {
				cm := a.Self.(*gradModeCM)
				var t, v, tb Value
				a.Self = nil
				a.Unpack("exc_type", &t, "exc_value", &v, "traceback", &tb)
				cm.Exit(a.Session(), nil)
				return None
			}),
		)
	}
}

// decorate is a grad-mode context manager called on a function, as a
// decorator: the function it returns runs the original in that mode.
func (c *gradModeCM) decorate(s *Session, args *Args) Value {
	var f Value
	args.Name = c.kind
	args.Unpack("func", &f)
	return &Builtin{Name: c.kind, Doc: "A function run under torch." + c.kind + "().",
		Fn: func(a *Args) Value {
			cm := &gradModeCM{kind: c.kind, mode: c.mode}
			if c.kind == "set_grad_enabled" {
				cm.prev = autograd.SetGradEnabled(c.mode)
			}
			cm.Enter(a.Session())
			defer cm.Exit(a.Session(), nil)
			return a.Session().Call(f, &Args{Pos: a.Pos, Kw: a.Kw})
		}}
}
