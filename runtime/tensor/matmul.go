package tensor

import "github.com/tensh/tensh/runtime/broadcast"

// Matrix products: matmul (the @ operator), mm, bmm, mv, dot, outer.

// checkMatmulDTypes raises PyTorch's errors for a product kernel named
// kernel: the first operand's dtype must be supported, and both dtypes
// must agree.
func checkMatmulDTypes(kernel string, a, b *Tensor) {
	switch a.DType() {
	case Bool, Float16:
		raise(RuntimeError, errNotImplementedDT, kernel, a.DType().ScalarName())
	}
	if a.DType() != b.DType() {
		raise(RuntimeError, errScalarTypeMatch, a.DType().ScalarName(), b.DType().ScalarName())
	}
}

// Mm is torch.mm(a, b): the product of two matrices.
func Mm(a, b *Tensor) *Tensor {
	if a.Dim() != 2 {
		raise(RuntimeError, errMmSelfMatrix)
	}
	if b.Dim() != 2 {
		raise(RuntimeError, errMmMat2Matrix)
	}
	if a.shape[1] != b.shape[0] {
		raise(RuntimeError, errMmShapes, a.shape[0], a.shape[1], b.shape[0], b.shape[1])
	}
	checkMatmulDTypes("addmm_impl_cpu_", a, b)
	out := Empty([]int{a.shape[0], b.shape[1]}, a.DType())
	gemm2D(out, 0, a, b)
	return out
}

// Bmm is torch.bmm(a, b): matrix products of two batches of matrices.
func Bmm(a, b *Tensor) *Tensor {
	if a.Dim() != 3 {
		raise(RuntimeError, errBmmBatch1)
	}
	if b.Dim() != 3 {
		raise(RuntimeError, errBmmBatch2)
	}
	if b.shape[0] != a.shape[0] || b.shape[1] != a.shape[2] {
		raise(RuntimeError, errBmmShape, a.shape[0], a.shape[2], b.shape[0], b.shape[1])
	}
	checkMatmulDTypes("bmm", a, b)
	return bmmUnchecked(a, b)
}

// bmmUnchecked multiplies matching batches (b×m×k)·(b×k×n) matrix by
// matrix; the operands may have any strides (broadcast batches included).
func bmmUnchecked(a, b *Tensor) *Tensor {
	nb, m, n := a.shape[0], a.shape[1], b.shape[2]
	out := Empty([]int{nb, m, n}, a.DType())
	for i := 0; i < nb; i++ {
		CheckInterrupt()
		ai := a.view(a.offset+i*a.strides[0], a.shape[1:], a.strides[1:])
		bi := b.view(b.offset+i*b.strides[0], b.shape[1:], b.strides[1:])
		gemm2D(out, i*m*n, ai, bi)
	}
	return out
}

// Mv is torch.mv(m, v): the product of a matrix and a vector.
func Mv(m, v *Tensor) *Tensor {
	if m.Dim() != 2 || v.Dim() != 1 {
		raise(RuntimeError, errMvVecDims, 1, m.Dim(), v.Dim())
	}
	if m.shape[1] != v.shape[0] {
		raise(RuntimeError, errMvSize, m.shape[0], m.shape[0], m.shape[1], v.shape[0])
	}
	checkMatmulDTypes("addmv_impl_cpu", m, v)
	out := Empty([]int{m.shape[0]}, m.DType())
	col := v.view(v.offset, []int{v.shape[0], 1}, []int{v.strides[0], 1})
	gemm2D(out, 0, m, col)
	return out
}

// Dot is torch.dot(a, b): the inner product of two vectors.
func Dot(a, b *Tensor) *Tensor {
	if a.Dim() != 1 || b.Dim() != 1 {
		raise(RuntimeError, errDotDims, a.Dim(), b.Dim())
	}
	if a.DType() != b.DType() {
		raise(RuntimeError, errDotDType, a.DType().ScalarName(), b.DType().ScalarName())
	}
	if a.shape[0] != b.shape[0] {
		raise(RuntimeError, errDotSize, a.shape[0], b.shape[0], a.shape[0], b.shape[0])
	}
	switch a.DType() {
	case Bool, Float16:
		raise(RuntimeError, errNotImplementedDT, "dot", a.DType().ScalarName())
	}
	out := Empty(nil, a.DType())
	row := a.view(a.offset, []int{1, a.shape[0]}, []int{0, a.strides[0]})
	col := b.view(b.offset, []int{b.shape[0], 1}, []int{b.strides[0], 1})
	gemm2D(out, 0, row, col)
	return out
}

// Outer is torch.outer(a, b) (ger): a[i]·b[j] in the promoted dtype.
func Outer(a, b *Tensor) *Tensor {
	if a.Dim() != 1 {
		raise(RuntimeError, errOuterDims, a.Dim())
	}
	if b.Dim() != 1 {
		raise(RuntimeError, errOuterVec2Dims, b.Dim())
	}
	return Binary(OpMul, TensorOperand(a.Unsqueeze(1)), TensorOperand(b), Opts{})
}

// Matmul is torch.matmul(a, b), the @ operator: dot, mv and mm for 1-d
// and 2-d operands, batched products with broadcast batch dimensions
// otherwise. Which of PyTorch's paths a product takes decides its error
// messages, so the paths are the same here.
func Matmul(a, b *Tensor) *Tensor {
	da, db := a.Dim(), b.Dim()
	if da == 0 || db == 0 {
		raise(RuntimeError, errMatmul0D, da, db)
	}
	switch {
	case da == 1 && db == 1:
		return Dot(a, b)
	case da == 2 && db == 1:
		return Mv(a, b)
	case da == 1 && db == 2:
		r := Mm(a.Unsqueeze(0), b)
		return r.view(r.offset, r.shape[1:], r.strides[1:])
	case da == 2 && db == 2:
		return Mm(a, b)
	case shouldFold(a, db) || shouldFold(b, da):
		transpose := db > da
		t1, t2 := a, b
		if transpose {
			t1 = b.Transpose(-2, -1)
			t2 = a
			if da == 2 {
				t2 = a.Transpose(-2, -1)
			}
		}
		outShape := append([]int{}, t1.shape[:t1.Dim()-1]...)
		folded := Numel(outShape)
		t1f := t1.Reshape([]int{folded, t1.shape[t1.Dim()-1]})
		if t2.Dim() == 2 {
			outShape = append(outShape, t2.shape[1])
			r := Mm(t1f, t2)
			r = r.view(r.offset, outShape, ContiguousStrides(outShape))
			if transpose {
				return r.Transpose(-2, -1).ContiguousClone()
			}
			return r
		}
		r := Mv(t1f, t2)
		return r.view(r.offset, outShape, ContiguousStrides(outShape))
	}
	n := 1
	if da > 1 {
		n = a.shape[da-2]
	}
	m1 := a.shape[da-1]
	m2, p := b.shape[0], 1
	if db > 1 {
		m2, p = b.shape[db-2], b.shape[db-1]
	}
	batchA := a.shape[:max(da-2, 0)]
	batchB := b.shape[:max(db-2, 0)]
	batch, err := broadcast.InferSize(batchA, batchB)
	if err != nil {
		raise(RuntimeError, "%s", err.Error())
	}
	nb := Numel(batch)
	ae := a.Expand(append(append([]int{}, batch...), n, m1)).Reshape([]int{nb, n, m1})
	be := b.Expand(append(append([]int{}, batch...), m2, p)).Reshape([]int{nb, m2, p})
	r := Bmm(ae, be)
	outShape := append([]int{}, batch...)
	if da > 1 {
		outShape = append(outShape, n)
	}
	if db > 1 {
		outShape = append(outShape, p)
	}
	return r.view(r.offset, outShape, ContiguousStrides(outShape))
}

// shouldFold is ATen's should_fold: a ≥3-d operand times a 1-d or 2-d one
// is computed as one mm or mv over the folded batch, unless it is a
// transposed 3-d tensor that bmm handles without a copy.
func shouldFold(t *Tensor, otherDim int) bool {
	if t.Dim() < 3 || (otherDim != 1 && otherDim != 2) {
		return false
	}
	if t.Dim() == 3 && otherDim == 2 && t.strides[2] != 1 && t.strides[0] == t.shape[1]*t.shape[2] {
		return false
	}
	return true
}
