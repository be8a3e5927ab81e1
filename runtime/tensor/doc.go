// Package tensor is tensh's tensor runtime: typed storage, strided views,
// dtypes and type promotion, kernels, and PyTorch-exact printing. The
// matrix products and einsum are in runtime/linalg, built on this
// package's exported API.
//
// A Tensor is a view: (storage, offset, sizes, strides, dtype). Views share
// their Storage; writing through one view is seen through every other.
//
// Errors. Like gonum's mat package, the functions of this package panic with
// an *Error when they are called with arguments PyTorch would reject; the
// error carries the Python exception type and PyTorch's message text (all
// message formats live in errors.go). The evaluator recovers *Error values
// at its call boundary and turns them into Python exceptions. Any other
// panic is a bug.
//
// The package depends on the standard library and runtime/broadcast only.
package tensor
