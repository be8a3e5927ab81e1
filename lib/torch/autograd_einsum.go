package torch

import (
	"sort"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/linalg"
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

// parseEinsum splits a plain equation (letters only, each at most once
// per operand) into its terms and output labels.
func parseEinsum(eq string, n int) (terms []string, rhs string, ok bool) {
	eq = strings.ReplaceAll(eq, " ", "")
	if strings.Contains(eq, ".") {
		return nil, "", false
	}
	lhs, out, explicit := strings.Cut(eq, "->")
	terms = strings.Split(lhs, ",")
	if len(terms) != n {
		return nil, "", false
	}
	count := map[rune]int{}
	for _, t := range terms {
		seen := map[rune]bool{}
		for _, r := range t {
			if seen[r] {
				return nil, "", false
			}
			seen[r] = true
			count[r]++
		}
	}
	if !explicit {
		var once []string
		for r, k := range count {
			if k == 1 {
				once = append(once, string(r))
			}
		}
		sort.Strings(once)
		out = strings.Join(once, "")
	}
	return terms, out, true
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

// einsumGrad is operand k's gradient.
func einsumGrad(g *tensor.Tensor, ops []*tensor.Tensor, terms []string, rhs string, k int) *tensor.Tensor {
	inputs := []*tensor.Tensor{g}
	labels := []string{rhs}
	for j, t := range terms {
		if j != k {
			inputs = append(inputs, ops[j])
			labels = append(labels, t)
		}
	}
	avail := strings.Join(labels, "")
	var keep strings.Builder
	for _, r := range terms[k] {
		if strings.ContainsRune(avail, r) {
			keep.WriteRune(r)
		}
	}
	part := linalg.Einsum(strings.Join(labels, ",")+"->"+keep.String(), inputs)
	// labels only operand k has: the gradient is the same along them
	shape := ops[k].Shape()
	view := make([]int, len(shape))
	for i, r := range terms[k] {
		view[i] = 1
		if strings.ContainsRune(avail, r) {
			view[i] = shape[i]
		}
	}
	return part.Reshape(view).Expand(shape).Contiguous()
}
