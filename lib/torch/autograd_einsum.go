package torch

import (
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// einsum's gradients: each operand's is the einsum of the output's
// gradient with the other operands, broadcast along the labels only that
// operand has. Named after the node PyTorch's decomposition ends with
// (SumBackward1, PermuteBackward0, MulBackward0 or ViewBackward0).

func init() {
	gradRules["einsum"] = func(c *gradCtx) {
		eq, ok := c.arg(0, "equation").(eval.Str)
		out := c.out()
		if !ok || out == nil {
			return
		}
		var ops []*tensor.Tensor
		if all := c.a.All(); len(all) == 2 {
			ops = tensorList(all[1])
		}
		if ops == nil {
			for _, v := range c.a.All()[1:] {
				t, isT := v.(*tensor.Tensor)
				if !isT {
					return
				}
				ops = append(ops, t)
			}
		}
		terms, rhs, ok := parseEinsumFull(string(eq), ops) // autograd_einsum2.go
		if !ok {
			c.finish(autograd.RecordNotImplemented("einsum", ops...))
			return
		}
		c.finish(autograd.RecordFunc(einsumNode(terms, rhs), ops, out, func(g *tensor.Tensor) []*tensor.Tensor {
			grads := make([]*tensor.Tensor, len(ops))
			for k := range ops {
				if !autograd.RequiresGrad(ops[k]) {
					continue
				}
				grads[k] = einsumGradFull(g, ops, terms, rhs, k)
			}
			return grads
		}))
	}
}

// einsumNode is the node PyTorch's einsum ends with.
func einsumNode(terms []string, rhs string) string {
	contracted := false
	for _, t := range terms {
		for _, r := range t {
			if !strings.ContainsRune(rhs, r) {
				contracted = true
			}
		}
	}
	switch {
	case len(terms) == 1 && contracted:
		return "SumBackward1"
	case len(terms) == 1:
		return "PermuteBackward0"
	case contracted:
		return "ViewBackward0"
	}
	return "MulBackward0"
}
