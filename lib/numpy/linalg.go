package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// np.matmul (the @ operator) and np.dot. Products accumulate one term at
// a time in the result dtype (float32 sums round each step).

// npMatmul is np.matmul(a, b).
func npMatmul(a, b *NDArray) eval.Value {
	if a.ndim() == 0 {
		eval.Throw("ValueError", errNPMatmulScalar, 0)
	}
	if b.ndim() == 0 {
		eval.Throw("ValueError", errNPMatmulScalar, 1)
	}
	d := npPromote(a.dtype(), b.dtype())
	av, bv := a, b
	if a.ndim() == 1 {
		av = npExpandDims(a, 0)
	}
	if b.ndim() == 1 {
		bv = npExpandDims(b, 1)
	}
	n, k := av.shape()[av.ndim()-2], av.shape()[av.ndim()-1]
	k2, m := bv.shape()[bv.ndim()-2], bv.shape()[bv.ndim()-1]
	if k != k2 {
		eval.Throw("ValueError", errNPMatmulCore, 1, k2, k)
	}
	abatch, bbatch := av.shape()[:av.ndim()-2], bv.shape()[:bv.ndim()-2]
	batch, ok := npBroadcastShapes(abatch, bbatch)
	if !ok {
		npBroadcastError(abatch, bbatch)
	}
	shape := append(append(append([]int{}, batch...), n), m)
	ae := av.expandTo(append(append(append([]int{}, batch...), n), k))
	be := bv.expandTo(append(append(append([]int{}, batch...), k), m))
	out := npEmpty(shape, d)
	npMatmulInto(out, ae, be, d)
	// Drop the dims added for 1-D operands.
	res := newND(out)
	if b.ndim() == 1 {
		res = npSqueezeAxis(res, res.ndim()-1)
	}
	if a.ndim() == 1 {
		res = npSqueezeAxis(res, res.ndim()-1-boolInt01(b.ndim() != 1))
	}
	if res.ndim() == 0 {
		res.scalar = true
	}
	return res
}

func boolInt01(b bool) int {
	if b {
		return 1
	}
	return 0
}

func npSqueezeAxis(a *NDArray, axis int) *NDArray {
	return npSqueeze(a, eval.MakeInt(int64(axis)))
}

// npMatmulInto fills out (batch..., n, m) with the products of a
// (batch..., n, k) and b (batch..., k, m).
func npMatmulInto(out *tensor.Tensor, a, b *NDArray, d tensor.DType) {
	nd := out.Dim()
	n, m := out.Shape()[nd-2], out.Shape()[nd-1]
	k := a.shape()[nd-1]
	as, bs := a.t.Strides(), b.t.Strides()
	ast, bst := a.t.Storage(), b.t.Storage()
	batchShape := out.Shape()[:nd-2]
	outS := out.Storage()
	idx := 0
	zero := make([]int, len(batchShape))
	_ = zero
	tensor.ForEachOffset(batchShape, as[:nd-2], a.t.Offset(), func(int) {})
	var aoffs, boffs []int
	tensor.ForEachOffset(batchShape, as[:nd-2], a.t.Offset(), func(o int) { aoffs = append(aoffs, o) })
	tensor.ForEachOffset(batchShape, bs[:nd-2], b.t.Offset(), func(o int) { boffs = append(boffs, o) })
	if len(batchShape) == 0 {
		aoffs, boffs = []int{a.t.Offset()}, []int{b.t.Offset()}
	}
	for bi := range aoffs {
		for i := 0; i < n; i++ {
			for j := 0; j < m; j++ {
				if d.IsFloat() {
					acc := 0.0
					// float16 products accumulate in float32 (matmul.c.src).
					ad := d
					if d == tensor.Float16 {
						ad = tensor.Float32
					}
					for p := 0; p < k; p++ {
						x := ast.Get(aoffs[bi] + i*as[nd-2] + p*as[nd-1]).Float()
						y := bst.Get(boffs[bi] + p*bs[nd-2] + j*bs[nd-1]).Float()
						acc = npRound(acc+npRound(x*y, ad), ad)
					}
					outS.Set(idx, tensor.FloatS(acc))
				} else if d == tensor.Bool {
					acc := false
					for p := 0; p < k; p++ {
						acc = acc || (ast.Get(aoffs[bi]+i*as[nd-2]+p*as[nd-1]).Bool() && bst.Get(boffs[bi]+p*bs[nd-2]+j*bs[nd-1]).Bool())
					}
					outS.Set(idx, tensor.BoolS(acc))
				} else {
					var acc int64
					for p := 0; p < k; p++ {
						acc += ast.Get(aoffs[bi]+i*as[nd-2]+p*as[nd-1]).Int() * bst.Get(boffs[bi]+p*bs[nd-2]+j*bs[nd-1]).Int()
					}
					outS.Set(idx, npCast(tensor.IntS(acc), d))
				}
				idx++
			}
		}
	}
}

// npDot is np.dot(a, b).
func npDot(s *eval.Session, x, y eval.Value) eval.Value {
	a, b := npArg(x), npArg(y)
	if a.ndim() == 0 || b.ndim() == 0 {
		// Both converted to their common type, then multiplied; the
		// BLAS path (float32/float64, at most 2-D) adds the products to
		// zeros (so -0 comes out as 0).
		d := npPromote(a.dtype(), b.dtype())
		a, b = a.copyAs(d), b.copyAs(d)
		shape := a.shape()
		if a.ndim() == 0 {
			shape = b.shape()
		}
		res := npUfuncs["multiply"].compute(s, a.expandTo(shape), b.expandTo(shape), d, d)
		if (d == tensor.Float32 || d == tensor.Float64) && a.ndim() <= 2 && b.ndim() <= 2 {
			res = res.mapValues(d, func(v tensor.Scalar) tensor.Scalar { return tensor.FloatS(0 + v.Float()) })
		}
		if a.ndim() == 0 && b.ndim() == 0 {
			return npScalar(res.item(), d) // np.dot(3, 4) is a numpy scalar
		}
		return res
	}
	if b.ndim() <= 2 {
		ka := a.shape()[a.ndim()-1]
		kb := b.shape()[0]
		if ka != kb {
			eval.Throw("ValueError", errNPDotAligned, npShapeText(a.shape()), npShapeText(b.shape()), ka, a.ndim()-1, kb, 0)
		}
		return npMatmul(a, b)
	}
	// N-D with M-D: sum over a's last axis and b's second-to-last.
	ka, kb := a.shape()[a.ndim()-1], b.shape()[b.ndim()-2]
	if ka != kb {
		eval.Throw("ValueError", errNPDotAligned, npShapeText(a.shape()), npShapeText(b.shape()), ka, a.ndim()-1, kb, b.ndim()-2)
	}
	// dot(a, b)[i..., j..., m] = sum(a[i..., :] * b[j..., :, m])
	a2 := npReshape(a.copyAs(a.dtype()), []int{a.size() / ka, ka})
	bt := npTranspose(b, append(append(npRangeInts(b.ndim()-2), b.ndim()-2), b.ndim()-1))
	_ = bt
	outer := b.shape()[:b.ndim()-2]
	m := b.shape()[b.ndim()-1]
	var parts []*NDArray
	nOuter := tensor.Numel(outer)
	bflat := npReshape(b.copyAs(b.dtype()), []int{nOuter, kb, m})
	for o := 0; o < nOuter; o++ {
		parts = append(parts, npMatmul(a2, bflat.at(o)).(*NDArray))
	}
	st := npStack(parts, 1) // (rows of a, outer, m)
	shape := append(append(append([]int{}, a.shape()[:a.ndim()-1]...), outer...), m)
	return npReshape(st, shape)
}

func npRangeInts(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
