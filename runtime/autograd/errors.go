package autograd

import "github.com/tensh/tensh/runtime/tensor"

// PyTorch's messages, as format strings.
const (
	errNoGradFn         = "element %d of tensors does not require grad and does not have a grad_fn"
	errImplicitScalar   = "grad can be implicitly created only for scalar outputs"
	errLeafInplace      = "a leaf Variable that requires grad is being used in an in-place operation."
	errLeafViewInplace  = "a view of a leaf Variable that requires grad is being used in an in-place operation."
	errBackwardTwice    = "Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward."
	errModified         = "one of the variables needed for gradient computation has been modified by an inplace operation: [%s %s]%s is at version %d; expected version %d instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True)."
	errModifiedOutput   = ", which is output %d of %s,"
	errFloatOnlyCreate  = "Only Tensors of floating point and complex dtype can require gradients"
	errFloatOnly        = "only Tensors of floating point dtype can require gradients"
	errNonLeafFlag      = "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
	errShapeMismatch    = "Mismatch in shape: grad_output[%d] has a shape of torch.Size(%s) and output[%d] has a shape of torch.Size(%s)."
	errNotUsed          = "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior."
	errInputNoGrad      = "One of the differentiated Tensors does not require grad"
	errMultiOutputView  = "Output %d of %s is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one."
	errNoGradView       = "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked)."
	errMultiOutputNoFn  = "A view was created in no_grad mode and is being modified inplace with grad mode enabled. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one."
	errRetainNoGrad     = "can't retain_grad on Tensor that has requires_grad=False"
	errInvalidGrad      = "Function %s returned an invalid gradient at index %d - got %s but expected shape compatible with %s"
	errNoDerivative     = "derivative for aten::%s is not implemented"
	errNotImplemented   = "the derivative for '%s' is not implemented."
	errDetachView       = "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence detach_() cannot be called on these gradients. To fix this error, please refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution."
	errGradSize         = "assigned grad has data of a different size"
	errGradType         = "assigned grad has data of a different type"
	errInferenceInplace = "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details."
	errQrModeR          = "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr."
	errQrComplete       = "The QR decomposition is not differentiable when mode='complete' and nrows > ncols."
	errHookNoGrad       = "cannot register a hook on a tensor that doesn't require gradient"
	errInferenceSave    = "Inference tensors cannot be saved for backward. To work around you can make a clone to get a normal tensor and use it in autograd."
)

// The lines of a traced backward (the evaluator's %trace).
const (
	traceNode       = "backward: %s: gradient %s -> %s"
	traceSumTo      = "backward: gradient %s summed to the input's shape %s (it was broadcast)"
	traceAccumulate = "backward: AccumulateGrad: %s added to a leaf's .grad"
)

func raise(format string, args ...any) { tensor.Raise(tensor.RuntimeError, format, args...) }
