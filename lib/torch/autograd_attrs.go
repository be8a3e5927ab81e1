package torch

import (
	"fmt"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor attributes and methods of autograd (requires_grad, grad, grad_fn,
// backward, ...), grad_fn objects, and the torch.autograd module.

func init() {
	eval.TensorProps["requires_grad"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.Bool(autograd.RequiresGrad(t)) }
	eval.TensorProps["is_leaf"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.Bool(autograd.IsLeaf(t)) }
	eval.TensorProps["retains_grad"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.Bool(autograd.RetainsGrad(t)) }
	eval.TensorProps["_version"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.MakeInt(int64(t.Storage().Version())) }
	eval.TensorProps["output_nr"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return eval.MakeInt(int64(autograd.OutputNr(t))) }
	eval.TensorProps["data"] = func(s *eval.Session, t *tensor.Tensor) eval.Value {
		d := t.Alias()
		autograd.MarkData(d)
		return d
	}
	eval.TensorProps["grad_fn"] = func(s *eval.Session, t *tensor.Tensor) eval.Value { return nodeValue(autograd.GradFn(t)) }
	eval.TensorProps["grad"] = func(s *eval.Session, t *tensor.Tensor) eval.Value {
		if !autograd.IsLeaf(t) && !autograd.RetainsGrad(t) {
			s.Warn("UserWarning", errNonLeafGrad)
		}
		if g := autograd.Grad(t); g != nil {
			return g
		}
		return eval.None
	}
	eval.TensorSetters["grad"] = func(s *eval.Session, t *tensor.Tensor, v eval.Value) {
		switch g := v.(type) {
		case eval.NoneType:
			autograd.SetGrad(t, nil)
		case *tensor.Tensor:
			autograd.SetGrad(t, g)
		default:
			eval.Throw("TypeError", errGradNotTensor, eval.TypeName(v))
		}
	}
	eval.TensorSetters["data"] = func(s *eval.Session, t *tensor.Tensor, v eval.Value) {
		src, ok := v.(*tensor.Tensor)
		if !ok {
			eval.Throw("TypeError", errDataNotTensor, eval.TypeName(v))
		}
		t.SetData(src)
	}
	eval.TensorSetters["requires_grad"] = func(s *eval.Session, t *tensor.Tensor, v eval.Value) {
		autograd.SetRequiresGrad(t, s.Truth(v), false)
	}

	eval.RegisterTorch(
		&eval.Builtin{Name: "requires_grad_", Kind: eval.TensorMethod, Sig: "requires_grad_(requires_grad=True) -> Tensor",
			Doc: "Sets whether autograd records operations on this (leaf) tensor, in place.",
			Fn: func(a *eval.Args) eval.Value {
				var t *tensor.Tensor
				on := true
				a.Unpack("self", &t, "requires_grad?", &on)
				autograd.SetRequiresGrad(t, on, false)
				return t
			}},
		&eval.Builtin{Name: "retain_grad", Kind: eval.TensorMethod, Sig: "retain_grad() -> None",
			Doc: "Makes backward() fill .grad of this non-leaf tensor too.",
			Fn: func(a *eval.Args) eval.Value {
				autograd.RetainGrad(noArgTensor(a))
				return eval.None
			}},
		&eval.Builtin{Name: "detach_", Kind: eval.TensorMethod, Sig: "detach_() -> Tensor",
			Doc: "Detaches the tensor from the graph that created it, in place: it becomes a leaf.",
			Fn: func(a *eval.Args) eval.Value {
				t := noArgTensor(a)
				autograd.DetachInplace(t)
				return t
			}},
		&eval.Builtin{Name: "is_inference", Kind: eval.TensorMethod, Sig: "is_inference() -> bool",
			Doc: "Reports whether the tensor was made in inference mode.",
			Fn:  func(a *eval.Args) eval.Value { return eval.Bool(autograd.IsInference(noArgTensor(a))) }},
		&eval.Builtin{Name: "backward", Kind: eval.TensorMethod, Sig: "backward(gradient=None, retain_graph=None, create_graph=False) -> None",
			Doc: "Computes the gradient of this tensor with respect to the graph's leaves, accumulating it into their .grad.",
			Fn: func(a *eval.Args) eval.Value {
				var t *tensor.Tensor
				var g, retain, inputs eval.Value = eval.None, eval.None, eval.None
				create := false
				a.Unpack("self", &t, "gradient?", &g, "retain_graph?", &retain, "create_graph?", &create, "inputs?", &inputs)
				runBackward(a.Session(), []*tensor.Tensor{t}, []eval.Value{g}, retain, create, inputs)
				return eval.None
			}},
		&eval.Builtin{Name: "is_grad_enabled", Kind: eval.TorchFunc, Sig: "is_grad_enabled() -> bool",
			Doc: "Reports whether autograd records operations (grad mode).",
			Fn:  func(a *eval.Args) eval.Value { a.NoArgs(); return eval.Bool(autograd.GradEnabled()) }},
		&eval.Builtin{Name: "is_inference_mode_enabled", Kind: eval.TorchFunc, Sig: "is_inference_mode_enabled() -> bool",
			Doc: "Reports whether inference mode is on.",
			Fn:  func(a *eval.Args) eval.Value { a.NoArgs(); return eval.Bool(autograd.InferenceMode()) }},
	)
	torchSubmodules["autograd"] = func(s *eval.Session) *eval.Module {
		return lazyModule(s, "torch.autograd", "autograd", autogradExports, map[string]eval.Value{ // nn_exports.go
			"grad":       autogradGrad,
			"backward":   autogradBackward,
			"functional": lazyModule(s, "torch.autograd.functional", "autograd", autogradFunctionalExports, nil),
		})
	}
}

// submoduleFuncs are the functions of torch's submodules, for the
// reference (torch.autograd.grad, ...).
var submoduleFuncs = map[string][]*eval.Builtin{}

func init() { submoduleFuncs["autograd"] = []*eval.Builtin{autogradBackward, autogradGrad} }

var autogradBackward = &eval.Builtin{Name: "backward", Sig: "backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False)",
	Doc: "Computes the gradients of the tensors with respect to the graph's leaves, accumulating them into their .grad.",
	Fn: func(a *eval.Args) eval.Value {
		var ts, gs, retain, gv, inputs eval.Value = nil, eval.None, eval.None, eval.None, eval.None
		create := false
		a.Unpack("tensors", &ts, "grad_tensors?", &gs, "retain_graph?", &retain, "create_graph?", &create, "grad_variables?", &gv, "inputs?", &inputs)
		if _, isNone := gv.(eval.NoneType); !isNone {
			a.Session().Warn("UserWarning", msgGradVariables)
			if _, none := gs.(eval.NoneType); !none {
				eval.Throw("RuntimeError", errGradVariablesBoth)
			}
			gs = gv
		}
		roots := tensorsArg(ts)
		runBackward(a.Session(), roots, gradsArg(gs, len(roots)), retain, create, inputs)
		return eval.None
	}}

var autogradGrad = &eval.Builtin{Name: "grad", Sig: "grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=False)",
	Doc: "Returns the gradients of the outputs with respect to the inputs, without touching .grad.",
	Fn: func(a *eval.Args) eval.Value {
		var outs, ins, gs, retain, onlyInputs eval.Value = nil, nil, eval.None, eval.None, eval.None
		create, allowUnused := false, false
		a.Unpack("outputs", &outs, "inputs", &ins, "grad_outputs?", &gs, "retain_graph?", &retain, "create_graph?", &create, "only_inputs?", &onlyInputs, "allow_unused?", &allowUnused)
		if b, isB := onlyInputs.(eval.Bool); isB && !bool(b) {
			a.Session().Warn("UserWarning", msgOnlyInputs)
		}
		roots := tensorsArg(outs)
		inputs := tensorsArg(ins)
		keep := create
		if _, isNone := retain.(eval.NoneType); !isNone {
			keep = a.Session().Truth(retain)
		}
		grads := gradsOf(gradsArg(gs, len(roots)))
		res := autograd.GradOf(roots, inputs, grads, keep, create, allowUnused)
		out := make(eval.Tuple, len(res))
		for i, g := range res {
			if g == nil {
				out[i] = eval.None
			} else {
				out[i] = g
			}
		}
		return out
	}}

// tensorsArg is a tensor or a sequence of tensors.
func tensorsArg(v eval.Value) []*tensor.Tensor {
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}
	}
	var out []*tensor.Tensor
	for _, e := range eval.IterateAll(v) {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			eval.Throw("TypeError", errTensorsArg, len(out), eval.TypeName(e))
		}
		out = append(out, t)
	}
	return out
}

// gradsArg is grad_tensors: None, a tensor, or a sequence.
func gradsArg(v eval.Value, n int) []eval.Value {
	switch x := v.(type) {
	case eval.NoneType:
		return make([]eval.Value, n)
	case *tensor.Tensor:
		return []eval.Value{x}
	}
	return eval.IterateAll(v)
}

func gradsOf(vs []eval.Value) []*tensor.Tensor {
	out := make([]*tensor.Tensor, len(vs))
	for i, v := range vs {
		if t, ok := v.(*tensor.Tensor); ok {
			out[i] = t
		}
	}
	return out
}

// runBackward is Tensor.backward and torch.autograd.backward.
func runBackward(s *eval.Session, roots []*tensor.Tensor, grads []eval.Value, retain eval.Value, create bool, inputs eval.Value) {
	keep := create
	if retain != nil {
		if _, isNone := retain.(eval.NoneType); !isNone {
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
	if _, isNone := inputs.(eval.NoneType); inputs != nil && !isNone {
		ins := tensorsArg(inputs)
		if len(ins) == 0 {
			eval.Throw("RuntimeError", errInputsEmpty)
		}
		autograd.BackwardInputs(roots, gradsOf(grads), ins, keep, create)
		return
	}
	autograd.Backward(roots, gradsOf(grads), keep, create)
}

// nodeValue is a grad_fn as a Python object (None for nil).
func nodeValue(n *autograd.Node) eval.Value {
	if n == nil {
		return eval.None
	}
	if o, ok := n.Handle.(*eval.Object); ok {
		return o
	}
	o := &eval.Object{TypeName: n.TypeName(), Attrs: map[string]eval.Value{}}
	o.ReprFn = func() string { return fmt.Sprintf("<%s object at %p>", n.TypeName(), o) }
	o.Attrs["name"] = &eval.Builtin{Name: "name", Fn: func(a *eval.Args) eval.Value { a.NoArgs(); return eval.Str(n.Name()) }}
	var next eval.Tuple
	for _, e := range n.NextFunctions() {
		next = append(next, eval.Tuple{nodeValue(e.Fn), eval.MakeInt(int64(e.Input))})
	}
	if next == nil {
		next = eval.Tuple{}
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
func (c *gradModeCM) Enter(s *eval.Session) eval.Value {
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
	return eval.None
}

// Exit is __exit__: the previous mode comes back.
func (c *gradModeCM) Exit(s *eval.Session, exc *eval.Exception) bool {
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
	eval.RegisterTorch(
		&eval.Builtin{Name: "no_grad", Kind: eval.TorchFunc, Sig: "no_grad()",
			Doc: "Context manager in which autograd records nothing.",
			Fn:  func(a *eval.Args) eval.Value { a.NoArgs(); return &gradModeCM{kind: "no_grad"} }},
		&eval.Builtin{Name: "enable_grad", Kind: eval.TorchFunc, Sig: "enable_grad()",
			Doc: "Context manager in which autograd records operations (inside no_grad).",
			Fn:  func(a *eval.Args) eval.Value { a.NoArgs(); return &gradModeCM{kind: "enable_grad"} }},
		&eval.Builtin{Name: "set_grad_enabled", Kind: eval.TorchFunc, Sig: "set_grad_enabled(mode)",
			Doc: "Turns grad mode on or off at once; as a context manager, restores the previous mode at the end of the block.",
			Fn: func(a *eval.Args) eval.Value {
				var v eval.Value
				a.Unpack("mode", &v)
				b, ok := v.(eval.Bool)
				if !ok {
					eval.Throw("TypeError", errSetGradEnabled, eval.TypeName(v))
				}
				return &gradModeCM{kind: "set_grad_enabled", mode: bool(b), prev: autograd.SetGradEnabled(bool(b))}
			}},
		&eval.Builtin{Name: "inference_mode", Kind: eval.TorchFunc, Sig: "inference_mode(mode=True)",
			Doc: "Context manager in which autograd records nothing and the tensors made are inference tensors.",
			Fn: func(a *eval.Args) eval.Value {
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
		eval.RegisterMethods(kind,
			eval.Method("__enter__", "__enter__()", "Enters the grad mode of the context manager.", func(a *eval.Args) eval.Value {
				cm := a.Self.(*gradModeCM)
				a.Self = nil
				a.NoArgs()
				return cm.Enter(a.Session())
			}),
			eval.Method("__exit__", "__exit__(exc_type, exc_value, traceback)", "Restores the grad mode the context manager found.", func(a *eval.Args) eval.Value {
				cm := a.Self.(*gradModeCM)
				var t, v, tb eval.Value
				a.Self = nil
				a.Unpack("exc_type", &t, "exc_value", &v, "traceback", &tb)
				cm.Exit(a.Session(), nil)
				return eval.None
			}),
		)
	}
}

// decorate is a grad-mode context manager called on a function, as a
// decorator: the function it returns runs the original in that mode.
func (c *gradModeCM) decorate(s *eval.Session, args *eval.Args) eval.Value {
	var f eval.Value
	args.Name = c.kind
	args.Unpack("func", &f)
	return &eval.Builtin{Name: c.kind, Doc: "A function run under torch." + c.kind + "().",
		Fn: func(a *eval.Args) eval.Value {
			cm := &gradModeCM{kind: c.kind, mode: c.mode}
			if c.kind == "set_grad_enabled" {
				cm.prev = autograd.SetGradEnabled(c.mode)
			}
			cm.Enter(a.Session())
			defer cm.Exit(a.Session(), nil)
			return a.Session().Call(f, &eval.Args{Pos: a.Pos, Kw: a.Kw})
		}}
}
