package autograd

import "github.com/tensh/tensh/runtime/tensor"

// RecordAddmm records out = self + mat1.mm(mat2) (beta and alpha 1, as
// F.linear calls it): self's gradient is the output's summed to self's
// shape, mat1's and mat2's are mm's.
func RecordAddmm(self, mat1, mat2, out *tensor.Tensor) *Node {
	n := newNode("AddmmBackward0", 1, self, mat1, mat2)
	s1, s2 := n.save(mat1, false), n.save(mat2, false)
	selfShape := append([]int{}, self.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var gs0, g1, g2 *tensor.Tensor
		if n.next[0].Fn != nil {
			gs0 = sumTo(g, selfShape)
		}
		if n.next[1].Fn != nil {
			g1 = mm(g, tr(n.get(s2)))
		}
		if n.next[2].Fn != nil {
			g2 = mm(tr(n.get(s1)), g)
		}
		return []*tensor.Tensor{gs0, g1, g2}
	}
	return n
}
