package torch

import (
	"sort"
	"strings"

	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// einsum's gradients for every equation: "..." is spelled out with
// labels the equation does not use (broadcast as numpy does: dims of
// size 1 are summed back), and an operand with a repeated label gets its
// gradient on the diagonal it was read from.

// parseEinsumFull splits eq into one term per operand and the output
// labels, with "..." replaced by fresh labels.
func parseEinsumFull(eq string, ops []*tensor.Tensor) (terms []string, rhs string, ok bool) {
	eq = strings.ReplaceAll(eq, " ", "")
	lhs, out, explicit := strings.Cut(eq, "->")
	terms = strings.Split(lhs, ",")
	if len(terms) != len(ops) {
		return nil, "", false
	}
	used := map[rune]bool{}
	for _, r := range eq {
		used[r] = true
	}
	var fresh []rune
	for _, r := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" {
		if !used[r] {
			fresh = append(fresh, r)
		}
	}
	// the ellipsis covers the most dims any operand gives it; an operand
	// with fewer takes the last labels (broadcast from the right)
	nell := 0
	for i, t := range terms {
		if strings.Count(t, "...") > 1 {
			return nil, "", false
		}
		if strings.Contains(t, "...") {
			k := ops[i].Dim() - (len(t) - 3)
			if k < 0 {
				return nil, "", false
			}
			nell = max(nell, k)
		}
	}
	if nell > len(fresh) {
		return nil, "", false
	}
	ell := string(fresh[:nell])
	for i, t := range terms {
		if strings.Contains(t, "...") {
			k := ops[i].Dim() - (len(t) - 3)
			terms[i] = strings.Replace(t, "...", ell[nell-k:], 1)
		}
		for _, r := range terms[i] {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return nil, "", false
			}
		}
		if len(terms[i]) != ops[i].Dim() {
			return nil, "", false
		}
	}
	if explicit {
		if strings.Count(out, "...") > 1 {
			return nil, "", false
		}
		return terms, strings.Replace(out, "...", ell, 1), true
	}
	count := map[rune]int{}
	for _, t := range terms {
		for _, r := range t {
			if !strings.ContainsRune(ell, r) {
				count[r]++
			}
		}
	}
	var once []string
	for r, k := range count {
		if k == 1 {
			once = append(once, string(r))
		}
	}
	sort.Strings(once)
	return terms, ell + strings.Join(once, ""), true
}

// einsumSizes is the size of each label: the largest an operand gives it
// (the others have 1 there and are broadcast).
func einsumSizes(ops []*tensor.Tensor, terms []string) map[rune]int {
	size := map[rune]int{}
	for i, t := range terms {
		for d, r := range t {
			if s := ops[i].Shape()[d]; s != 1 || size[r] == 0 {
				size[r] = max(size[r], s)
			}
		}
	}
	return size
}

// uniqueLabels is t with each label once, in order of first appearance.
func uniqueLabels(t string) string {
	var b strings.Builder
	for _, r := range t {
		if !strings.ContainsRune(b.String(), r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// einsumGradFull is operand k's gradient.
func einsumGradFull(g *tensor.Tensor, ops []*tensor.Tensor, terms []string, rhs string, k int) *tensor.Tensor {
	size := einsumSizes(ops, terms)
	inputs := []*tensor.Tensor{g}
	labels := []string{rhs}
	for j, t := range terms {
		if j == k {
			continue
		}
		op := ops[j]
		full := make([]int, len(t))
		for d, r := range t {
			full[d] = size[r]
		}
		if !sameShape(full, op.Shape()) {
			op = op.Expand(full)
		}
		inputs = append(inputs, op)
		labels = append(labels, t)
	}
	avail := strings.Join(labels, "")
	uk := uniqueLabels(terms[k])
	var keep strings.Builder
	for _, r := range uk {
		if strings.ContainsRune(avail, r) {
			keep.WriteRune(r)
		}
	}
	part := linalg.Einsum(strings.Join(labels, ",")+"->"+keep.String(), inputs)
	// labels only operand k has: the gradient is the same along them
	view, ushape := make([]int, len(uk)), make([]int, len(uk))
	for i, r := range uk {
		ushape[i], view[i] = size[r], 1
		if strings.ContainsRune(avail, r) {
			view[i] = size[r]
		}
	}
	gd := part.Reshape(view).Expand(ushape).Contiguous()
	full := make([]int, len(terms[k]))
	for d, r := range terms[k] {
		full[d] = size[r]
	}
	if len(uk) != len(terms[k]) {
		// the diagonal: each unique label's stride is the sum of its dims'
		z := tensor.Empty(full, gd.DType())
		strides := make([]int, len(uk))
		for d, r := range terms[k] {
			strides[strings.IndexRune(uk, r)] += z.Strides()[d]
		}
		tensor.CopyInto(z.AsStrided(ushape, strides, 0), gd)
		gd = z
	}
	if !sameShape(full, ops[k].Shape()) {
		gd = sumToShape(gd, ops[k].Shape())
	}
	return gd
}

// sumToShape sums t over the dims that broadcasting added to shape.
func sumToShape(t *tensor.Tensor, shape []int) *tensor.Tensor {
	lead := t.Dim() - len(shape)
	var dims []int
	for i := 0; i < lead; i++ {
		dims = append(dims, i)
	}
	for i, s := range shape {
		if s == 1 && t.Shape()[lead+i] != 1 {
			dims = append(dims, lead+i)
		}
	}
	if len(dims) == 0 {
		return t
	}
	return tensor.Sum(t, dims, true).Reshape(shape)
}
