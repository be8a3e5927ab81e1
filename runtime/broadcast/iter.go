package broadcast

// This file holds the geometry half of tensh's TensorIterator: given the
// broadcast shape and every operand's element strides over it (stride 0 on
// broadcast dimensions), it orders the dimensions by stride, coalesces the
// ones that are contiguous for every operand, and derives the strides of a
// freshly allocated output. It works on plain ints; runtime/tensor runs the
// kernels over the result.

// Reorder is TensorIterator's reorder_dimensions: it returns the
// permutation perm, fastest-moving dimension first (perm[0] is the original
// index of the innermost loop dimension). Dimensions are sorted by
// ascending stride, asking the operands in order and skipping those marked
// in skip (outputs still to be allocated); an operand with a zero stride on
// either dimension has no opinion; ties in stride put the smaller size
// first. Without any opinion the row-major order is kept.
func Reorder(shape []int, strides [][]int, skip []bool) []int {
	perm := make([]int, len(shape))
	ReorderInto(perm, shape, strides, skip)
	return perm
}

// ReorderInto is Reorder writing the permutation into perm (of the
// shape's length), without allocating.
func ReorderInto(perm, shape []int, strides [][]int, skip []bool) {
	reorder(perm, shape, strides, skip, false)
}

// ReorderReduction is Reorder for a reduction (TensorIterator's
// is_reduction): out is the output's strides (0 on the reduced
// dimensions), in the input's. The output's opinion comes first, and puts
// the reduced dimensions innermost.
func ReorderReduction(shape, out, in []int) []int {
	perm := make([]int, len(shape))
	reorder(perm, shape, [][]int{out, in}, nil, true)
	return perm
}

// reorder is reorder_dimensions; with reduction set, strides[0] is the
// output of a reduction.
func reorder(perm, shape []int, strides [][]int, skip []bool, reduction bool) {
	n := len(shape)
	for i := range perm {
		perm[i] = n - 1 - i
	}
	if n <= 1 {
		return
	}
	// shouldSwap returns 1 if dim0 should come after dim1, -1 if before,
	// 0 if ambiguous.
	shouldSwap := func(dim0, dim1 int) int {
		for k, st := range strides {
			if skip != nil && skip[k] {
				continue
			}
			s0, s1 := st[dim0], st[dim1]
			if reduction && k == 0 && (s0 == 0) != (s1 == 0) {
				// Reduced dimensions (stride 0 in the output) go first.
				if s1 == 0 {
					return 1
				}
				return -1
			}
			if s0 == 0 || s1 == 0 {
				continue
			}
			if s0 < s1 {
				return -1
			}
			if s0 > s1 {
				return 1
			}
			if shape[dim0] > shape[dim1] {
				return 1
			}
		}
		return 0
	}
	// Insertion sort with support for ambiguous comparisons.
	for i := 1; i < n; i++ {
		dim1 := i
		for dim0 := i - 1; dim0 >= 0; dim0-- {
			c := shouldSwap(perm[dim0], perm[dim1])
			if c > 0 {
				perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
				dim1 = dim0
			} else if c < 0 {
				break
			}
		}
	}
}

// Permute applies perm to a list of sizes or strides: out[i] = v[perm[i]].
func Permute(v, perm []int) []int {
	out := make([]int, len(perm))
	for i, p := range perm {
		out[i] = v[p]
	}
	return out
}

// IsReversed reports whether perm is n-1, ..., 1, 0: the row-major order,
// for which an output can simply be allocated contiguous.
func IsReversed(perm []int) bool {
	n := len(perm)
	for i, p := range perm {
		if p != n-1-i {
			return false
		}
	}
	return true
}

// OutputStrides is the layout TensorIterator gives an output it allocates:
// dense in the loop order perm (fastest first), returned in the original
// dimension order. Sizes multiply as they are (a size-0 dimension makes the
// slower strides 0, as PyTorch's compatible_stride does).
func OutputStrides(shape, perm []int) []int {
	out := make([]int, len(shape))
	next := 1
	for _, d := range perm {
		out[d] = next
		next *= shape[d]
	}
	return out
}

// Coalesce merges adjacent loop dimensions (given fastest first) that every
// operand walks as one: dimension d and d+1 merge when either has size 1
// or, for every operand, shape[d]*stride[d] == stride[d+1]. It returns the
// coalesced shape and strides (new slices; the inputs are not modified).
// A loop of zero dimensions becomes one dimension of size 1.
func Coalesce(shape []int, strides [][]int) ([]int, [][]int) {
	n := max(len(shape), 1)
	outShape := make([]int, n)
	copy(outShape, shape)
	outStrides := make([][]int, len(strides))
	for k, st := range strides {
		outStrides[k] = make([]int, n)
		copy(outStrides[k], st)
	}
	if len(shape) == 0 {
		outShape[0] = 1
		return outShape, outStrides
	}
	nd := CoalesceInPlace(outShape, outStrides)
	for k := range outStrides {
		outStrides[k] = outStrides[k][:nd]
	}
	return outShape[:nd], outStrides
}

// CoalesceInPlace is Coalesce on the caller's slices (fastest dimension
// first, at least one): it rewrites their prefix and returns the new
// number of dimensions.
func CoalesceInPlace(shape []int, strides [][]int) int {
	n := len(shape)
	canCoalesce := func(d0, d1 int) bool {
		s0, s1 := shape[d0], shape[d1]
		if s0 == 1 || s1 == 1 {
			return true
		}
		for _, st := range strides {
			if s0*st[d0] != st[d1] {
				return false
			}
		}
		return true
	}
	prev := 0
	for d := 1; d < n; d++ {
		if canCoalesce(prev, d) {
			// Merge d into prev: take d's strides if prev had size 1.
			if shape[prev] == 1 {
				for _, st := range strides {
					st[prev] = st[d]
				}
			}
			shape[prev] *= shape[d]
		} else {
			prev++
			if prev != d {
				shape[prev] = shape[d]
				for _, st := range strides {
					st[prev] = st[d]
				}
			}
		}
	}
	return prev + 1
}
