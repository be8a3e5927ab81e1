package linalg

import (
	"fmt"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// CdistShapeError is cdist's check of its operands' shapes (before their
// dtypes; the batch dims broadcast after), or "".
func CdistShapeError(as, bs []int) string {
	switch {
	case len(as) < 2:
		return fmt.Sprintf(errCdist2D, "X1", len(as))
	case len(bs) < 2:
		return fmt.Sprintf(errCdist2D, "X2", len(bs))
	case as[len(as)-1] != bs[len(bs)-1]:
		return fmt.Sprintf(errCdistCols, as[len(as)-1], bs[len(bs)-1])
	}
	return ""
}

// Cdist is torch.cdist(x1, x2, p, mode): the p-norm distance between every
// row of x1 and every row of x2 (batch dimensions broadcast). mode 0 is
// 'use_mm_for_euclid_dist_if_necessary' (the matrix-product formula for
// p = 2 when either side has more than 25 rows), 1 always uses it, 2 never
// ('donot_use_mm_for_euclid_dist'), as PyTorch 1.13 computes them.
func Cdist(x1, x2 *tensor.Tensor, p float64, mode int) *tensor.Tensor {
	if msg := CdistShapeError(x1.Shape(), x2.Shape()); msg != "" {
		raise("%s", msg)
	}
	if !x1.DType().IsFloat() {
		raise(errCdistFloat, "X1", x1.DType().ScalarName())
	}
	if !x2.DType().IsFloat() {
		raise(errCdistFloat, "X2", x2.DType().ScalarName())
	}
	if p < 0 {
		raise(errCdistP)
	}
	if x1.DType() != x2.DType() {
		raise(errScalarTypeMatch, x1.DType().ScalarName(), x2.DType().ScalarName())
	}
	switch x1.DType() {
	case tensor.Float16, tensor.BFloat16:
		raise(errNotImplementedDT, "cdist", x1.DType().ScalarName())
	}
	r1, r2, m := x1.Size(-2), x2.Size(-2), x1.Size(-1)
	bs := broadcastBatch(x1.Shape()[:x1.Dim()-2], x2.Shape()[:x2.Dim()-2])
	a := x1.Expand(append(append([]int{}, bs...), r1, m))
	b := x2.Expand(append(append([]int{}, bs...), r2, m))
	if p == 2 && (mode == 1 || mode == 0 && (r1 > 25 || r2 > 25)) {
		return euclideanDist(a, b)
	}
	out := tensor.Empty(append(append([]int{}, bs...), r1, r2), x1.DType())
	if out.Numel() == 0 {
		return out
	}
	ac, bc := a.Contiguous(), b.Contiguous()
	switch x1.DType() {
	case tensor.Float32:
		cdistRows(data[float32](ac)[ac.Offset():], data[float32](bc)[bc.Offset():], data[float32](out), tensor.Numel(bs), r1, r2, m, float32(p))
	case tensor.Float64:
		cdistRows(data[float64](ac)[ac.Offset():], data[float64](bc)[bc.Offset():], data[float64](out), tensor.Numel(bs), r1, r2, m, p)
	}
	return out
}

// cdistRows is Dist<scalar_t>::run_parallel_cdist: one running
// aggregate per pair of rows, in the element type.
func cdistRows[T float32 | float64](a, b, out []T, batch, r1, r2, m int, p T) {
	k := 0
	for l := 0; l < batch; l++ {
		for i := 0; i < r1; i++ {
			for j := 0; j < r2; j++ {
				ra := a[(l*r1+i)*m : (l*r1+i)*m+m]
				rb := b[(l*r2+j)*m : (l*r2+j)*m+m]
				var agg T
				for x := range ra {
					d := T(math.Abs(float64(ra[x] - rb[x])))
					switch {
					case p == 0:
						agg += T(math.Min(math.Ceil(float64(d)), 1))
					case p == 1:
						agg += d
					case p == 2:
						agg += d * d
					case math.IsInf(float64(p), 1):
						if d > agg || d != d {
							agg = d
						}
					default:
						agg += T(math.Pow(float64(d), float64(p)))
					}
				}
				switch {
				case p == 2:
					agg = T(math.Sqrt(float64(agg)))
				case p != 0 && p != 1 && !math.IsInf(float64(p), 1):
					agg = T(math.Pow(float64(agg), float64(1/p)))
				}
				out[k] = agg
				k++
			}
		}
		tensor.CheckInterrupt()
	}
}

// euclideanDist is ATen's _euclidean_dist: |a|² - 2a·b + |b|² as one
// matrix product of padded operands, clamped at 0, square-rooted.
func euclideanDist(a, b *tensor.Tensor) *tensor.Tensor {
	sq := func(t *tensor.Tensor) *tensor.Tensor {
		return tensor.Sum(tensor.Binary(tensor.OpMul, tensor.TensorOperand(t), tensor.TensorOperand(t), tensor.Opts{}), []int{-1}, true)
	}
	an, bn := sq(a), sq(b)
	aPad := tensor.Full(an.Shape(), tensor.IntS(1), an.DType())
	bPad := tensor.Full(bn.Shape(), tensor.IntS(1), bn.DType())
	a2 := tensor.Binary(tensor.OpMul, tensor.TensorOperand(a), tensor.ScalarOperand(tensor.IntS(-2)), tensor.Opts{})
	x1 := tensor.Cat([]*tensor.Tensor{a2, an, aPad}, -1)
	x2 := tensor.Cat([]*tensor.Tensor{b, bPad, bn}, -1)
	r := Matmul(x1, x2.Transpose(-2, -1))
	lo := tensor.IntS(0)
	r = tensor.Clamp(r, &lo, nil, tensor.Opts{})
	return tensor.Unary(tensor.OpSqrt, r, tensor.Opts{})
}
