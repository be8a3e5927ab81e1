package torch

import (
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// kron, as PyTorch's KronImpl composes it: each input viewed with a 1
// between its dims (UnsafeViewBackward0), multiplied (MulBackward0), the
// product viewed as the result (UnsafeViewBackward0).
func init() {
	gradRules["kron"] = func(c *gradCtx) {
		a, _ := c.arg(0, "input").(*tensor.Tensor)
		b, _ := c.arg(1, "other").(*tensor.Tensor)
		if a == nil || b == nil || c.arg(2, "out") != nil {
			c.unsupported()
		}
		nd := a.Dim()
		if b.Dim() > nd {
			nd = b.Dim()
		}
		pa, pb := nd-a.Dim(), nd-b.Dim()
		as, bs, rs := make([]int, 2*nd), make([]int, 2*nd), make([]int, nd)
		for i := 0; i < nd; i++ {
			as[2*i], as[2*i+1], bs[2*i], bs[2*i+1] = 1, 1, 1, 1
			if i >= pa {
				as[2*i] = a.Shape()[i-pa]
			}
			if i >= pb {
				bs[2*i+1] = b.Shape()[i-pb]
			}
			rs[i] = as[2*i] * bs[2*i+1]
		}
		av, bv := unsafeView(a, as), unsafeView(b, bs)
		prod, _ := c.call("mul", av, bv).(*tensor.Tensor)
		if prod == nil {
			c.unsupported()
		}
		c.r = unsafeView(prod, rs)
	}
}

// unsafeView is at::_unsafe_view: t reshaped, recorded as
// UnsafeViewBackward0 (the result is not a view for autograd).
func unsafeView(t *tensor.Tensor, shape []int) *tensor.Tensor {
	out := t.Reshape(shape)
	if autograd.RequiresGrad(t) {
		autograd.SetHistory(out, autograd.RecordReshapeCopy(t), 0)
	}
	return out
}
