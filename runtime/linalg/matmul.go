package linalg

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// Matrix products: matmul (the @ operator), mm, bmm, mv, dot, outer.

// checkMatmulDTypes raises PyTorch's errors for a product kernel named
// kernel: the first operand's dtype must be supported, and both dtypes
// must agree.
func checkMatmulDTypes(kernel string, a, b *tensor.Tensor) {
	switch a.DType() {
	case tensor.Bool, tensor.Float16:
		raise(errNotImplementedDT, kernel, a.DType().ScalarName())
	}
	if a.DType() != b.DType() {
		raise(errScalarTypeMatch, a.DType().ScalarName(), b.DType().ScalarName())
	}
}

// Mm is torch.mm(a, b): the product of two matrices.
func Mm(a, b *tensor.Tensor) *tensor.Tensor {
	as, bs := a.Shape(), b.Shape()
	if msg := MmShapeError(as, bs); msg != "" {
		raise("%s", msg)
	}
	if as[0]*bs[1] == 0 || as[1] == 0 {
		// An empty result, or [m, 0] x [0, n]: zeros, before the
		// kernel's dtype dispatch.
		return tensor.Full([]int{as[0], bs[1]}, tensor.IntS(0), a.DType())
	}
	checkMatmulDTypes("addmm_impl_cpu_", a, b)
	out := tensor.Empty([]int{as[0], bs[1]}, a.DType())
	if out.SetDevice(a.Device()); tensor.AccelMatmul(out, a, b) {
		return out
	}
	gemm2D(out, 0, a, b, as[0]*as[1]*bs[1] > mkldnnMinSize || bf16TransA(a, b))
	return out
}

// Bmm is torch.bmm(a, b): matrix products of two batches of matrices.
func Bmm(a, b *tensor.Tensor) *tensor.Tensor {
	as, bs := a.Shape(), b.Shape()
	if msg := BmmShapeError(as, bs); msg != "" {
		raise("%s", msg)
	}
	if as[0]*as[1]*bs[2] == 0 || as[2] == 0 {
		// As in mm; bmm's result takes batch2's dtype.
		return tensor.Full([]int{as[0], as[1], bs[2]}, tensor.IntS(0), b.DType())
	}
	checkMatmulDTypes("bmm", a, b)
	return bmmUnchecked(a, b)
}

// bmmUnchecked multiplies matching batches (b×m×k)·(b×k×n) matrix by
// matrix; the operands may have any strides (broadcast batches included):
// each batch is a view of its operand, not a copy.
func bmmUnchecked(a, b *tensor.Tensor) *tensor.Tensor {
	as, bs := a.Shape(), b.Shape()
	ast, bst := a.Strides(), b.Strides()
	nb, m, n := as[0], as[1], bs[2]
	out := tensor.Empty([]int{nb, m, n}, a.DType())
	if out.SetDevice(a.Device()); tensor.AccelMatmul(out, a, b) {
		return out
	}
	// bfloat16 (see gemm2D): below 400 multiply-adds a batch PyTorch runs
	// baddbmm_cpu_kernel (rounding every step); above oneDNN's threshold
	// oneDNN (rounding once); in between one addmm per batch.
	work := m * as[2] * n
	single := work >= 400 && nb*work > mkldnnMinSize
	perBatchMm := work >= 400 && !single
	for i := 0; i < nb; i++ {
		tensor.CheckInterrupt()
		ai := view(a, a.Offset()+i*ast[0], as[1:], ast[1:])
		bi := view(b, b.Offset()+i*bst[0], bs[1:], bst[1:])
		gemm2D(out, i*m*n, ai, bi, single || (perBatchMm && bf16TransA(ai, bi)))
	}
	return out
}

// Mv is torch.mv(m, v): the product of a matrix and a vector.
func Mv(m, v *tensor.Tensor) *tensor.Tensor {
	ms, vs := m.Shape(), v.Shape()
	if msg := MvShapeError(ms, vs); msg != "" {
		raise("%s", msg)
	}
	if ms[0]*ms[1] == 0 {
		// An empty matrix: zeros in the vector's dtype (mv's result
		// takes it), before the kernel's dtype dispatch.
		return tensor.Full([]int{ms[0]}, tensor.IntS(0), v.DType())
	}
	checkMatmulDTypes("addmv_impl_cpu", m, v)
	out := tensor.Empty([]int{ms[0]}, m.DType())
	col := view(v, v.Offset(), []int{vs[0], 1}, []int{v.Strides()[0], 1})
	gemm2D(out, 0, m, col, ms[0]*ms[1] > mkldnnMinSize)
	return out
}

// Dot is torch.dot(a, b): the inner product of two vectors.
func Dot(a, b *tensor.Tensor) *tensor.Tensor {
	if msg := DotDimsError(a.Shape(), b.Shape()); msg != "" {
		raise("%s", msg)
	}
	if a.DType() != b.DType() {
		raise(errDotDType, a.DType().ScalarName(), b.DType().ScalarName())
	}
	if msg := DotSizeError(a.Shape(), b.Shape()); msg != "" {
		raise("%s", msg)
	}
	na, nb := a.Shape()[0], b.Shape()[0]
	switch a.DType() {
	case tensor.Bool, tensor.Float16:
		raise(errNotImplementedDT, "dot", a.DType().ScalarName())
	}
	out := tensor.Empty(nil, a.DType())
	row := view(a, a.Offset(), []int{1, na}, []int{0, a.Strides()[0]})
	col := view(b, b.Offset(), []int{nb, 1}, []int{b.Strides()[0], 1})
	gemm2D(out, 0, row, col, na > mkldnnMinSize)
	return out
}

// Outer is torch.outer(a, b) (ger): a[i]·b[j] in the promoted dtype.
func Outer(a, b *tensor.Tensor) *tensor.Tensor {
	if a.Dim() != 1 {
		raise(errOuterDims, a.Dim())
	}
	if b.Dim() != 1 {
		raise(errOuterVec2Dims, b.Dim())
	}
	return tensor.Binary(tensor.OpMul, tensor.TensorOperand(a.Unsqueeze(1)), tensor.TensorOperand(b), tensor.Opts{})
}

// Matmul is torch.matmul(a, b), the @ operator: dot, mv and mm for 1-d
// and 2-d operands, batched products with broadcast batch dimensions
// otherwise. Which of PyTorch's paths a product takes decides its error
// messages, so the paths are the same here.
func Matmul(a, b *tensor.Tensor) *tensor.Tensor {
	p := PlanMatmul(a.Shape(), a.Strides(), b.Shape(), b.Strides())
	switch p.Path {
	case Path0D:
		raise("%s", p.Err)
	case PathDot:
		return Dot(a, b)
	case PathMv:
		return Mv(a, b)
	case PathMm:
		if a.Dim() == 1 {
			r := Mm(a.Unsqueeze(0), b)
			return view(r, r.Offset(), r.Shape()[1:], r.Strides()[1:])
		}
		return Mm(a, b)
	case PathFold:
		t1, t2 := a, b
		if p.Transposed {
			t1 = b.Transpose(-2, -1)
			t2 = a
			if a.Dim() == 2 {
				t2 = a.Transpose(-2, -1)
			}
		}
		t1f := t1.Reshape([]int{p.Rows, p.K})
		if t2.Dim() == 2 {
			r := Mm(t1f, t2)
			if p.Transposed {
				n := len(p.Shape)
				sh := append([]int{}, p.Shape...)
				sh[n-2], sh[n-1] = sh[n-1], sh[n-2]
				r = view(r, r.Offset(), sh, tensor.ContiguousStrides(sh))
				return r.Transpose(-2, -1).ContiguousClone()
			}
			return view(r, r.Offset(), p.Shape, tensor.ContiguousStrides(p.Shape))
		}
		r := Mv(t1f, t2)
		return view(r, r.Offset(), p.Shape, tensor.ContiguousStrides(p.Shape))
	}
	if p.BatchErr != nil {
		raise("%s", p.Err)
	}
	n, m1, m2, k := MatDims(a.Shape(), b.Shape())
	nb := tensor.Numel(p.Batch)
	ae := a.Expand(append(append([]int{}, p.Batch...), n, m1)).Reshape([]int{nb, n, m1})
	be := b.Expand(append(append([]int{}, p.Batch...), m2, k)).Reshape([]int{nb, m2, k})
	r := Bmm(ae, be)
	return view(r, r.Offset(), p.Shape, tensor.ContiguousStrides(p.Shape))
}

// view is a tensor sharing t's storage (and device) with the given
// geometry, which the caller has checked.
func view(t *tensor.Tensor, offset int, shape, strides []int) *tensor.Tensor {
	v := tensor.FromStorage(t.Storage(), offset, shape, strides)
	if t.Device() != tensor.CPU {
		v = v.WithDevice(t.Device())
	}
	return v
}
