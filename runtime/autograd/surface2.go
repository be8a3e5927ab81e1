package autograd

import "github.com/tensh/tensh/runtime/tensor"

// Formulas of issue 17's leftovers: masked_scatter, block_diag, and the
// multi-output functions PyTorch 1.13 gives no derivative (aminmax).

// RecordNotImplementedOutputs makes the NotImplemented node of a function
// with several outputs that has no derivative: each output gets it as its
// grad_fn, and backward through it raises "derivative for aten::op is not
// implemented".
func RecordNotImplementedOutputs(op string, outs []*tensor.Tensor, inputs ...*tensor.Tensor) *Node {
	n := newNode("NotImplemented", len(outs), inputs...)
	n.apply = func([]*tensor.Tensor) []*tensor.Tensor {
		raise(errNoDerivative, op)
		return nil
	}
	for i, o := range outs {
		SetHistory(o, n, i)
	}
	return n
}

// RecordMaskedScatter records out = self.masked_scatter(mask, source):
// self's gradient is g with zeros where mask is set; source's is
// masked_scatter_backward: g.masked_select(mask), zero-filled to
// source's size.
func RecordMaskedScatter(self, mask, source, out *tensor.Tensor) *Node {
	n := newNode("MaskedScatterBackward0", 1, self, source)
	sm := n.save(mask, false)
	srcShape := append([]int{}, source.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, m := gs[0], n.get(sm)
		var gself, gsrc *tensor.Tensor
		if n.next[0].Fn != nil {
			gself = maskedFillZero(g, m)
		}
		if n.next[1].Fn != nil {
			sel := tensor.MaskedSelect(g, m)
			numel := tensor.Numel(srcShape)
			if d := numel - sel.Numel(); d > 0 {
				sel = tensor.Cat([]*tensor.Tensor{sel, tensor.Empty([]int{d}, g.DType())}, 0)
			}
			gsrc = sel.Reshape(srcShape)
		}
		return []*tensor.Tensor{gself, gsrc}
	}
	return n
}

// RecordBlockDiag records out = block_diag(ins...): each input's gradient
// is its block of g (a 0-d input is a 1x1 block, a 1-d one a row).
func RecordBlockDiag(ins []*tensor.Tensor, out *tensor.Tensor) *Node {
	n := newNode("BlockDiagBackward0", 1, ins...)
	type block struct {
		r0, c0, rows, cols int
		shape              []int
	}
	blocks := make([]block, len(ins))
	r, c := 0, 0
	for i, t := range ins {
		b := block{r0: r, c0: c, rows: 1, cols: 1, shape: append([]int{}, t.Shape()...)}
		switch t.Dim() {
		case 1:
			b.cols = t.Shape()[0]
		case 2:
			b.rows, b.cols = t.Shape()[0], t.Shape()[1]
		}
		blocks[i] = b
		r, c = r+b.rows, c+b.cols
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		res := make([]*tensor.Tensor, len(ins))
		for i, b := range blocks {
			if n.next[i].Fn == nil {
				continue
			}
			res[i] = g.Narrow(0, b.r0, b.rows).Narrow(1, b.c0, b.cols).Contiguous().Reshape(b.shape)
		}
		return res
	}
	return n
}
