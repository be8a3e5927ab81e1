// Package autograd is PyTorch 1.13's reverse-mode automatic
// differentiation for runtime/tensor's tensors: the metadata of a tensor
// that requires grad (Meta, kept in tensor.Tensor's Autograd field), the
// backward graph of Nodes that operations record (grad_fn and
// next_functions), the engine that runs it (backward and autograd.grad:
// dependencies, PyTorch's ready-queue order, the reduction of a broadcast
// gradient to its input's shape), and the derivative formulas of
// tools/autograd/derivatives.yaml and FunctionsManual.cpp, written with
// the same operations in the same order so that gradients have PyTorch's
// bits. Views and in-place operations follow variable.cpp: version
// counters detect saved tensors modified in place, and an in-place
// operation on a view rebases its base's history onto a CopySlices node.
//
// The package knows nothing of the evaluator: eval records each operation
// it runs with the constructors here (Record*, SetHistory, RebaseHistory).
package autograd
