package autograd

import "github.com/tensh/tensh/runtime/tensor"

// RecordNllLoss2d records out = nll_loss2d(x, target) for x (N, C, H, W)
// and target (N, H, W) (NllLoss2DBackward0): as nll_loss's, the gradient
// is -w[t]·g (over the total weight for the mean) at x[b, t, h, w].
func RecordNllLoss2d(x, target, weight *tensor.Tensor, reduction, ignore int, out *tensor.Tensor) *Node {
	n := newNode("NllLoss2DBackward0", 1, x)
	shape := append([]int{}, x.Shape()...)
	c := shape[1]
	m := shape[2] * shape[3]
	rows := target.Numel()
	tc := target.Contiguous()
	pos := make([]int64, rows)
	keep := make([]bool, rows)
	w := make([]float64, rows)
	total := 0.0
	for i := 0; i < rows; i++ {
		b, e := i/max(m, 1), i%max(m, 1)
		t := int(tc.Storage().Get(tc.Offset() + i).Float())
		if t == ignore {
			pos[i] = int64(b*c*m + e)
			continue
		}
		pos[i] = int64(b*c*m + t*m + e)
		keep[i] = true
		w[i] = 1
		if weight != nil {
			w[i] = weight.At(t).Float()
		}
		total += w[i]
	}
	for i := range w {
		if reduction == ReduceMean {
			w[i] /= total
		}
		w[i] = -w[i]
	}
	posT := tensor.FromSlice(pos, rows)
	wT := tensor.FromSlice(w, target.Shape()...).To(x.DType())
	sx := n.save(x, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{nllBackward("NllLoss2DBackwardBackward0", gs[0], n.get(sx), shape, posT, keep, wT, reduction)}
	}
	return n
}
