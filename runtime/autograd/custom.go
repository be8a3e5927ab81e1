package autograd

import "github.com/tensh/tensh/runtime/tensor"

// RecordCustom records outs = f(inputs) for a function whose backward the
// caller computes (torch.autograd.Function): one node named name with an
// edge per input (nil: not a tensor), whose apply maps the outputs'
// gradients (zeros for the outputs that got none) to one per input.
func RecordCustom(name string, inputs, outs []*tensor.Tensor, backward func(gs []*tensor.Tensor) []*tensor.Tensor) *Node {
	n := newNode(name, len(outs), inputs...)
	shapes := make([][]int, len(outs))
	dtypes := make([]tensor.DType, len(outs))
	for i, o := range outs {
		shapes[i], dtypes[i] = append([]int{}, o.Shape()...), o.DType()
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		full := make([]*tensor.Tensor, len(outs))
		for i := range outs {
			if i < len(gs) && gs[i] != nil {
				full[i] = gs[i]
			} else {
				full[i] = tensor.Full(shapes[i], tensor.FloatS(0), dtypes[i])
			}
		}
		return backward(full)
	}
	for i, o := range outs {
		SetHistory(o, n, i)
	}
	return n
}
