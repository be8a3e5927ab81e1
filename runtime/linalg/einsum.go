package linalg

import (
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Einsum is torch.einsum(equation, operands...), computed as ATen does:
// operands are aligned to the output labels followed by the contracted
// ones (taking diagonals for repeated labels), then contracted pairwise
// from the left with batched matrix products, dimensions needed by no
// later operand being summed out first.
func Einsum(equation string, ops []*tensor.Tensor) *tensor.Tensor {
	const letters = 26
	const total = 2 * letters
	const ellipsis = total
	toSub := func(c byte) int {
		if c >= 'A' && c <= 'Z' {
			return int(c - 'A')
		}
		return int(c-'a') + letters
	}
	toLabel := func(s int) byte {
		if s < letters {
			return byte(s) + 'A'
		}
		return byte(s-letters) + 'a'
	}
	isAlpha := func(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

	arrow := strings.Index(equation, "->")
	lhs := equation
	if arrow >= 0 {
		lhs = equation[:arrow]
	}
	n := len(ops)
	opLabels := make([][]int, n)
	ellInInput := false
	cur := 0
	for i := 0; i < len(lhs); i++ {
		c := lhs[i]
		switch c {
		case ' ':
		case '.':
			if ellInInput {
				raise(errEinsumMultiEll, cur)
			}
			if !(i+2 < len(lhs) && lhs[i+1] == '.' && lhs[i+2] == '.') {
				raise(errEinsumEllipsis, cur)
			}
			i += 2
			opLabels[cur] = append(opLabels[cur], ellipsis)
			ellInInput = true
		case ',':
			cur++
			if cur >= n {
				raise(errEinsumFewer)
			}
			ellInInput = false
		default:
			if !isAlpha(c) {
				raise(errEinsumSubscript, i)
			}
			opLabels[cur] = append(opLabels[cur], toSub(c))
		}
	}
	if cur != n-1 {
		raise(errEinsumMore)
	}

	labelCount := make([]int, total)
	ellNumDim := 0
	for i, op := range ops {
		nl := len(opLabels[i])
		hasEll := false
		for _, l := range opLabels[i] {
			if l == ellipsis {
				nl--
				hasEll = true
			} else {
				labelCount[l]++
			}
		}
		if hasEll {
			ellNumDim = max(ellNumDim, op.Dim()-nl)
		}
		if hasEll && nl > op.Dim() {
			raise(errEinsumDimsEll, nl, op.Dim(), i)
		}
		if !hasEll && nl != op.Dim() {
			raise(errEinsumDims, nl, op.Dim(), i)
		}
	}

	permIndex := make([]int, total)
	for i := range permIndex {
		permIndex[i] = -1
	}
	pi := 0
	ellIndex := 0
	ellInOutput := false
	if arrow < 0 {
		pi = ellNumDim
		ellInOutput = true
		for l := 0; l < total; l++ {
			if labelCount[l] == 1 {
				permIndex[l] = pi
				pi++
			}
		}
	} else {
		rhs := equation[arrow+2:]
		for i := 0; i < len(rhs); i++ {
			c := rhs[i]
			switch c {
			case ' ':
			case '.':
				if ellInOutput {
					raise(errEinsumEllipsis2)
				}
				if !(i+2 < len(rhs) && rhs[i+1] == '.' && rhs[i+2] == '.') {
					raise(errEinsumOutEllip)
				}
				i += 2
				ellIndex = pi
				pi += ellNumDim
				ellInOutput = true
			default:
				if !isAlpha(c) {
					raise(errEinsumSubscript, len(lhs)+2+i)
				}
				s := toSub(c)
				if labelCount[s] == 0 {
					raise(errEinsumOutUnknown, c)
				}
				if permIndex[s] != -1 {
					raise(errEinsumOutRepeat, c)
				}
				permIndex[s] = pi
				pi++
			}
		}
	}
	outNumDim := pi
	if !ellInOutput {
		ellIndex = pi
		pi += ellNumDim
	}
	for l := 0; l < total; l++ {
		if labelCount[l] > 0 && permIndex[l] == -1 {
			permIndex[l] = pi
			pi++
		}
	}

	labelSize := make([]int, total)
	for i := range labelSize {
		labelSize[i] = 1
	}
	ellSizes := make([]int, ellNumDim)
	for i := range ellSizes {
		ellSizes[i] = 1
	}
	dimCounts := make([]int, pi)
	var aligned []*tensor.Tensor
	for i, op := range ops {
		perm := make([]int, pi)
		for j := range perm {
			perm[j] = -1
		}
		dim := 0
		for _, s := range opLabels[i] {
			switch {
			case s == ellipsis:
				nd := ops[i].Dim() - (len(opLabels[i]) - 1)
				for j := ellNumDim - nd; j < ellNumDim; j++ {
					if op.Shape()[dim] != 1 {
						if ellSizes[j] != 1 && ellSizes[j] != op.Shape()[dim] {
							raise(errEinsumEllBroadcast, dim, i, op.Shape()[dim], ellSizes[j])
						}
						ellSizes[j] = op.Shape()[dim]
						dimCounts[ellIndex+j]++
					}
					perm[ellIndex+j] = dim
					dim++
				}
			case perm[permIndex[s]] == -1:
				if op.Shape()[dim] != 1 {
					if labelSize[s] != 1 && labelSize[s] != op.Shape()[dim] {
						raise(errEinsumBroadcast, toLabel(s), op.Shape()[dim], i, labelSize[s])
					}
					labelSize[s] = op.Shape()[dim]
					dimCounts[permIndex[s]]++
				}
				perm[permIndex[s]] = dim
				dim++
			default:
				prev := perm[permIndex[s]]
				if op.Shape()[dim] != op.Shape()[prev] {
					raise(errEinsumDiag, toLabel(s), i, op.Shape()[dim], op.Shape()[prev])
				}
				op = op.Diagonal(0, prev, dim).Movedim([]int{-1}, []int{prev})
			}
		}
		for j := range perm {
			if perm[j] == -1 {
				op = op.Unsqueeze(dim)
				perm[j] = dim
				dim++
			}
		}
		aligned = append(aligned, op.Permute(perm))
	}

	for len(aligned) > 1 {
		a, b := aligned[0], aligned[1]
		aligned = aligned[2:]
		var sumDims, aSum, bSum []int
		for d := outNumDim; d < pi; d++ {
			if a.Shape()[d] != 1 && b.Shape()[d] != 1 {
				dimCounts[d]--
				if dimCounts[d] == 1 {
					sumDims = append(sumDims, d)
					dimCounts[d] = 0
				}
			} else if dimCounts[d] == 1 {
				if a.Shape()[d] != 1 {
					aSum = append(aSum, d)
					dimCounts[d] = 0
				} else if b.Shape()[d] != 1 {
					bSum = append(bSum, d)
					dimCounts[d] = 0
				}
			}
		}
		if len(aSum) > 0 {
			a = tensor.Sum(a, aSum, true)
		}
		if len(bSum) > 0 {
			b = tensor.Sum(b, bSum, true)
		}
		aligned = append([]*tensor.Tensor{sumProductPair(a, b, sumDims)}, aligned...)
	}
	r := aligned[0]
	if pi-outNumDim > 0 {
		if n > 1 {
			return view(r, r.Offset(), r.Shape()[:outNumDim], r.Strides()[:outNumDim])
		}
		var dims []int
		for d := outNumDim; d < pi; d++ {
			dims = append(dims, d)
		}
		return tensor.Sum(r, dims, false)
	}
	return r
}

// sumProductPair is ATen's sumproduct_pair: (left*right).sum(sumDims,
// keepdim=True) through one batched matrix product. left and right have
// the same rank; size-1 dimensions broadcast.
func sumProductPair(left, right *tensor.Tensor, sumDims []int) *tensor.Tensor {
	if len(sumDims) == 0 {
		return tensor.Binary(tensor.OpMul, tensor.TensorOperand(left), tensor.TensorOperand(right), tensor.Opts{})
	}
	nd := left.Dim()
	isSum := make([]bool, nd)
	for _, d := range sumDims {
		isSum[d] = true
	}
	var lro, lo, ro []int
	lroSize, loSize, roSize, sumSize := 1, 1, 1, 1
	for i := 0; i < nd; i++ {
		sl, sr := left.Shape()[i] != 1, right.Shape()[i] != 1
		switch {
		case isSum[i]:
			switch {
			case sl && sr:
				if left.Shape()[i] != right.Shape()[i] {
					raise(errSumProductDims)
				}
				sumSize *= left.Shape()[i]
			case sl:
				left = tensor.Sum(left, []int{i}, true)
			case sr:
				right = tensor.Sum(right, []int{i}, true)
			}
		case sl && sr:
			if left.Shape()[i] != right.Shape()[i] {
				raise(errSumProductDims)
			}
			lro = append(lro, i)
			lroSize *= left.Shape()[i]
		case sl:
			lo = append(lo, i)
			loSize *= left.Shape()[i]
		default:
			ro = append(ro, i)
			roSize *= right.Shape()[i]
		}
	}
	var outSize, lperm, rperm []int
	for _, d := range lro {
		outSize = append(outSize, left.Shape()[d])
	}
	for _, d := range lo {
		outSize = append(outSize, left.Shape()[d])
	}
	for range sumDims {
		outSize = append(outSize, 1)
	}
	for _, d := range ro {
		outSize = append(outSize, right.Shape()[d])
	}
	lperm = append(append(append(append(lperm, lro...), lo...), sumDims...), ro...)
	rperm = append(append(append(append(rperm, lro...), sumDims...), ro...), lo...)
	operm := make([]int, len(outSize))
	k := 0
	for _, group := range [][]int{lro, lo, sumDims, ro} {
		for _, d := range group {
			operm[d] = k
			k++
		}
	}
	l := left.Permute(lperm).Reshape([]int{lroSize, loSize, sumSize})
	r := right.Permute(rperm).Reshape([]int{lroSize, sumSize, roSize})
	res := Bmm(l, r)
	res = view(res, res.Offset(), outSize, tensor.ContiguousStrides(outSize))
	return res.Permute(operm)
}
