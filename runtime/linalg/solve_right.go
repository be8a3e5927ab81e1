package linalg

import "github.com/tensh/tensh/runtime/tensor"

// SolveRight is torch.linalg.solve(A, B, left=False): X with X A = B,
// computed as (Aᵀ)⁻¹ Bᵀ transposed back (PyTorch factors Aᵀ too). A
// vector B counts as a column, as PyTorch's checks see it.
func SolveRight(a, b *tensor.Tensor) *tensor.Tensor {
	matrices("linalg.solve", a, true)
	if a.DType() != b.DType() {
		raise(errSolveDType, a.DType().ScalarName(), b.DType().ScalarName())
	}
	vec := b.Dim() == 1 || (b.Dim() == a.Dim()-1 && sameInts(b.Shape(), a.Shape()[:a.Dim()-1]))
	bb := b
	if vec {
		bb = b.Unsqueeze(-1)
	}
	if a.Size(-1) != bb.Size(-1) {
		raise(errSolveShapesRight, a.Size(-2), a.Size(-1), bb.Size(-2), bb.Size(-1))
	}
	x := Solve(a.Transpose(-2, -1), bb.Transpose(-2, -1)).Transpose(-2, -1).Contiguous()
	if vec {
		return x.SqueezeDim(-1)
	}
	return x
}
