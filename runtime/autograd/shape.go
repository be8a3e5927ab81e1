package autograd

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// RecordToCopy records out = in.to(dtype) (ToCopyBackward0).
func RecordToCopy(in, out *tensor.Tensor) *Node {
	n := newNode("ToCopyBackward0", 1, in)
	d := in.DType()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{toDType(gs[0], d)} }
	return n
}

// RecordSimple records an operation whose gradient is a function of the
// output's gradient alone (CloneBackward0: the identity, FlipBackward0:
// the flip, ...).
func RecordSimple(name string, in *tensor.Tensor, f func(g *tensor.Tensor) *tensor.Tensor) *Node {
	n := newNode(name, 1, in)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{f(gs[0])} }
	return n
}

// recordSimpleLinear is RecordSimple for a linear f whose adjoint is
// known: with create_graph, f's result gets a node of its own.
func recordSimpleLinear(name string, in *tensor.Tensor, f, adjoint func(g *tensor.Tensor) *tensor.Tensor) *Node {
	return RecordSimple(name, in, func(g *tensor.Tensor) *tensor.Tensor {
		out := f(g)
		if gradEnabled {
			recordLinear(name+"Backward", []*tensor.Tensor{g}, out, func(h *tensor.Tensor) []*tensor.Tensor {
				return []*tensor.Tensor{adjoint(h)}
			})
		}
		return out
	})
}

// RecordClone records out = in.clone().
func RecordClone(in *tensor.Tensor) *Node {
	return RecordSimple("CloneBackward0", in, func(g *tensor.Tensor) *tensor.Tensor { return g })
}

// RecordFlip records out = in.flip(dims).
func RecordFlip(in *tensor.Tensor, dims []int) *Node {
	flip := func(g *tensor.Tensor) *tensor.Tensor { return tensor.Flip(g, dims) }
	return recordSimpleLinear("FlipBackward0", in, flip, flip)
}

// RecordRoll records out = in.roll(shifts, dims).
func RecordRoll(in *tensor.Tensor, shifts, dims []int) *Node {
	back := make([]int, len(shifts))
	for i, s := range shifts {
		back[i] = -s
	}
	return recordSimpleLinear("RollBackward0", in, func(g *tensor.Tensor) *tensor.Tensor { return tensor.Roll(g, back, dims) },
		func(h *tensor.Tensor) *tensor.Tensor { return tensor.Roll(h, shifts, dims) })
}

// RecordTriangle records out = in.tril(k) or in.triu(k).
func RecordTriangle(lower bool, in *tensor.Tensor, k int) *Node {
	if lower {
		tril := func(g *tensor.Tensor) *tensor.Tensor { return tensor.Tril(g, k) }
		return recordSimpleLinear("TrilBackward0", in, tril, tril)
	}
	triu := func(g *tensor.Tensor) *tensor.Tensor { return tensor.Triu(g, k) }
	return recordSimpleLinear("TriuBackward0", in, triu, triu)
}

// RecordReshapeCopy records out = in.reshape(...) when it copies
// (UnsafeViewBackward0: the gradient reshaped back).
func RecordReshapeCopy(in *tensor.Tensor) *Node {
	shape := append([]int{}, in.Shape()...)
	return RecordSimple("UnsafeViewBackward0", in, func(g *tensor.Tensor) *tensor.Tensor { return reshapeAliasRec(g, shape) })
}

// reshapeAliasRec is g.reshape(shape) as ATen records it: a view
// (ReshapeAliasBackward0) when strides allow, else a contiguous copy
// reshaped (UnsafeViewBackward0 over CloneBackward0).
func reshapeAliasRec(g *tensor.Tensor, shape []int) *tensor.Tensor {
	out := g.Reshape(shape)
	if !needsGrad(g) {
		return out
	}
	if out == g {
		out = g.Alias()
	}
	if tensor.SameStorage(g.Storage(), out.Storage()) {
		RecordView("ReshapeAliasBackward0", g, out)
		return out
	}
	cl := g.Contiguous()
	SetHistory(cl, RecordClone(g), 0)
	SetHistory(out, RecordReshapeCopy(cl), 0)
	return out
}

// RecordCat records out = torch.cat(ins, dim) (CatBackward0: each input's
// slice of the gradient).
func RecordCat(ins []*tensor.Tensor, dim int, out *tensor.Tensor) *Node {
	n := newNode("CatBackward0", 1, ins...)
	sizes := make([][]int, len(ins))
	for i, t := range ins {
		sizes[i] = append([]int{}, t.Shape()...)
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		d := tensor.WrapDim(dim, g.Dim())
		res := make([]*tensor.Tensor, len(ins))
		off := 0
		for i, s := range sizes {
			if len(s) == 1 && s[0] == 0 {
				continue // legacy empty inputs
			}
			res[i] = g.Narrow(d, off, s[d])
			if needsGrad(g) {
				RecordView("SliceBackward0", g, res[i])
			}
			off += s[d]
		}
		return res
	}
	return n
}

// RecordStack records out = torch.stack(ins, dim) (StackBackward0).
func RecordStack(ins []*tensor.Tensor, dim int, out *tensor.Tensor) *Node {
	n := newNode("StackBackward0", 1, ins...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		d := tensor.WrapDim(dim, g.Dim())
		res := make([]*tensor.Tensor, len(ins))
		for i := range ins {
			res[i] = g.Select(d, i)
			if needsGrad(g) {
				RecordView("SelectBackward0", g, res[i])
			}
		}
		return res
	}
	return n
}

// RecordRepeat records out = in.repeat(reps) (repeat_backward).
func RecordRepeat(in *tensor.Tensor, reps []int) *Node {
	n := newNode("RepeatBackward0", 1, in)
	shape := append([]int{}, in.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		for _, r := range reps {
			if r == 0 {
				return []*tensor.Tensor{tensor.Empty(shape, g.DType())}
			}
		}
		extra := g.Dim() - len(shape)
		for i := 0; i < extra; i++ {
			g = sumDims(g, []int{0}, false)
		}
		var gsize, sumd []int
		for d := range shape {
			gsize = append(gsize, reps[d+extra])
			sumd = append(sumd, len(gsize)-1)
			gsize = append(gsize, shape[d])
		}
		if needsGrad(g) {
			g = view(g.Contiguous(), gsize)
		} else {
			g = g.Reshape(gsize)
		}
		if len(sumd) == 0 {
			return []*tensor.Tensor{g}
		}
		return []*tensor.Tensor{sumDims(g, sumd, false)}
	}
	return n
}

// RecordClamp records out = in.clamp(lo, hi) with number bounds (nil:
// absent) (ClampBackward1, ClampMinBackward0, ClampMaxBackward0).
func RecordClamp(name string, in *tensor.Tensor, lo, hi *tensor.Scalar) *Node {
	n := newNode(name, 1, in)
	sx := n.save(in, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, x := gs[0], n.get(sx)
		var mask *tensor.Tensor
		switch {
		case lo != nil && hi != nil:
			mask = tensor.Binary(tensor.OpLogicalAnd, top(cmp(tensor.OpGe, x, tensor.ScalarOperand(*lo))), top(cmp(tensor.OpLe, x, tensor.ScalarOperand(*hi))), noOpts)
		case lo != nil:
			mask = cmp(tensor.OpGe, x, tensor.ScalarOperand(*lo))
		case hi != nil:
			mask = cmp(tensor.OpLe, x, tensor.ScalarOperand(*hi))
		default:
			return []*tensor.Tensor{g}
		}
		return []*tensor.Tensor{where(mask, top(g), top(zeros0(g.DType())))}
	}
	return n
}

// RecordFill records self.fill_(value) or self.zero_() (value nil or a
// number: FillBackward0/ZeroBackward0; a 0-d tensor: FillBackward1).
func RecordFill(name string, self, value *tensor.Tensor) *Node {
	n := newNode(name, 1, self, value)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var gv *tensor.Tensor
		if value != nil && n.next[1].Fn != nil {
			gv = sumDims(g, nil, false)
		}
		return []*tensor.Tensor{zerosLike(g), gv}
	}
	return n
}

// RecordCopy records self.copy_(src) (CopyBackwards: no gradient to the
// old values, the gradient to src reduced to its shape by the engine).
func RecordCopy(self, src *tensor.Tensor) *Node {
	n := newNode("CopyBackwards", 1, self, src)
	d := src.DType()
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var gs1 *tensor.Tensor
		if n.next[1].Fn != nil {
			gs1 = toDType(g, d)
		}
		return []*tensor.Tensor{zerosLike(g), gs1}
	}
	return n
}

// indexMap is, for each element of in[items], the flat index of the
// element of in it is: the indexing done on arange(numel).
func indexMap(shape []int, items []tensor.IndexItem, tuple bool) *tensor.Tensor {
	n := tensor.Numel(shape)
	ar := tensor.Arange(tensor.IntS(0), tensor.IntS(int64(n)), tensor.IntS(1), tensor.Int64).View(shape)
	return ar.GetItem(items, tuple, nil).Contiguous()
}

// RecordIndex records out = in[items] for an index with tensors
// (IndexBackward0: the gradient accumulated into zeros at the positions
// read, in order, as index_put_ with accumulate=True does).
func RecordIndex(in *tensor.Tensor, items []tensor.IndexItem, tuple bool, out *tensor.Tensor) *Node {
	n := newNode("IndexBackward0", 1, in)
	shape := append([]int{}, in.Shape()...)
	pos := indexMap(shape, items, tuple)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{accumulateAt(shape, pos, gs[0])}
	}
	return n
}

// accumulateAt is zeros(shape) with g's elements added at the flat
// positions pos, one at a time in order, rounded to g's dtype at each step.
func accumulateAt(shape []int, pos, g *tensor.Tensor) *tensor.Tensor {
	d := g.DType()
	acc := make([]float64, tensor.Numel(shape))
	gc := g.Contiguous()
	ps := tensor.Slice[int64](pos.Storage())[pos.Offset():]
	round := rounder(d)
	gst, goff := gc.Storage(), gc.Offset()
	for k := 0; k < pos.Numel(); k++ {
		p := ps[k]
		acc[p] = round(acc[p] + gst.Get(goff+k).Float())
	}
	res := tensor.FromSlice(acc, shape...).To(d)
	if gradEnabled {
		// its adjoint reads the positions back: h.flatten()[pos]
		gshape := append([]int{}, g.Shape()...)
		recordLinear("IndexPutBackward0", []*tensor.Tensor{g}, res, func(h *tensor.Tensor) []*tensor.Tensor {
			flat := h.Contiguous().View([]int{-1})
			return []*tensor.Tensor{flat.GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: pos}}, false, nil).Reshape(gshape)}
		})
	}
	return res
}

// rounder rounds a float64 to d's precision.
func rounder(d tensor.DType) func(float64) float64 {
	switch d {
	case tensor.Float32:
		return func(x float64) float64 { return float64(float32(x)) }
	case tensor.Float16:
		return func(x float64) float64 { return float64(tensor.HalfFromFloat64(x).Float32()) }
	case tensor.BFloat16:
		return func(x float64) float64 { return float64(tensor.BF16FromFloat64(x).Float32()) }
	}
	return func(x float64) float64 { return x }
}

// RecordIndexPut records self[items] = value for an index with tensors
// (IndexPutBackward0): no gradient to the overwritten elements; value's
// gradient is what the positions written read back.
func RecordIndexPut(self *tensor.Tensor, items []tensor.IndexItem, tuple bool, value *tensor.Tensor) *Node {
	n := newNode("IndexPutBackward0", 1, self, value)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		gself := g.ContiguousClone()
		z := tensor.Scalar0(tensor.FloatS(0), g.DType())
		gself.SetItem(items, tuple, z, nil)
		var gv *tensor.Tensor
		if n.next[1].Fn != nil {
			gv = g.GetItem(items, tuple, nil)
		}
		return []*tensor.Tensor{gself, gv}
	}
	return n
}

// RecordNanToNum records out = in.nan_to_num(...): grad * isfinite(self).
func RecordNanToNum(in *tensor.Tensor) *Node {
	n := newNode("NanToNumBackward0", 1, in)
	sx := n.save(in, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{mul(gs[0], tensor.Unary(tensor.OpIsfinite, n.get(sx), noOpts))}
	}
	return n
}

// RecordFunc records out = f(inputs...) for a function whose gradients the
// evaluator computes (backward maps out's gradient to one per input; nil
// for an input without).
func RecordFunc(name string, inputs []*tensor.Tensor, out *tensor.Tensor, backward func(g *tensor.Tensor) []*tensor.Tensor) *Node {
	n := newNode(name, 1, inputs...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor { return backward(gs[0]) }
	return n
}
