// Package linalg is tensh's linear algebra on tensors: the matrix products
// (matmul and the @ operator, mm, bmm, mv, dot, outer), einsum, and the
// nuclear norm (singular values through gonum's LAPACK, dgesvd).
//
// The products give PyTorch 1.13's results bit for bit: float and double
// matrices are multiplied as the reference BLAS does (see matmul_kernel.go),
// through gonum's pure-Go BLAS (gonum.org/v1/gonum/blas/gonum) for the inner
// loops. Batched products multiply views of their operands, batch by batch,
// without copying broadcast batches.
//
// Errors. Like package tensor, the functions here panic with a
// *tensor.Error carrying the Python exception type and PyTorch's message
// (the message formats live in errors.go).
//
// The package depends on the standard library, runtime/tensor,
// runtime/broadcast and gonum.
package linalg
