package torch

// autograd's messages raised by the evaluator (runtime/autograd has the
// engine's).
const (
	errHookReturned      = "expected Variable, but hook returned '%s'"
	errHookSize          = "hook '%s' has changed the size of value"
	errHookType          = "hook '%s' has changed the type of value (was %s got %s)"
	errNonLeafGrad       = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more informations. (Triggered internally at  ./build/aten/src/ATen/core/TensorBody.h:480.)"
	errGradNotTensor     = "assigned grad expected to be a Tensor or None but got grad of type%s"
	errOutNoGrad         = "%s(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad."
	errTensorsArg        = "expected Tensor as element %d in argument 0, but got %s"
	errDataNotTensor     = "Variable data has to be a tensor, but got %s"
	errInputsEmpty       = "'inputs' argument to backward() cannot be empty."
	errGradVariablesBoth = "'grad_tensors' and 'grad_variables' (deprecated) arguments both passed to backward(). Please only use 'grad_tensors'."
	msgGradVariables     = "'grad_variables' is deprecated. Use 'grad_tensors' instead."
	msgOnlyInputs        = "only_inputs argument is deprecated and is ignored now (defaults to True). To accumulate gradient for other parts of the graph, please use torch.autograd.backward."
	msgCreateGraphCycle  = "Using backward() with create_graph=True will create a reference cycle between the parameter and its gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid this. If you have to use this function, make sure to reset the .grad fields of your parameters to None after use to break the cycle and avoid the leak. (Triggered internally at  ./torch/csrc/autograd/engine.cpp:1059.)"
	locRunBackward       = "/usr/lib/python3/dist-packages/torch/autograd/__init__.py:197"
	srcRunBackward       = "  Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"
	errSetGradEnabled    = "enabled must be a bool (got %s)"
)

// The issue-17 functions autograd does not differentiate yet.
const errGradUnsupported = "tensh: autograd cannot differentiate %s() yet (an input requires grad); call it under torch.no_grad() or on a .detach()ed input"
