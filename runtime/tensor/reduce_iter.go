package tensor

import (
	"math/bits"
	"slices"

	"github.com/tensh/tensh/runtime/broadcast"
)

// A reduction reads one input and accumulates into one output whose
// strides are 0 on the reduced dimensions. PyTorch's TensorIterator orders
// and merges the dimensions of such a pair before running a kernel over
// it, and the order decides how floating-point sums round. redGeom is that
// layout, so that the kernels here visit elements in the order PyTorch
// does.

// redGeom is the iteration layout of an (output, input) reduction pair:
// dimension 0 is the innermost. Strides are in elements.
type redGeom struct {
	shape []int
	out   []int // output strides (0 on reduced dims)
	in    []int // input strides
	oOff  int   // output base offset
	iOff  int   // input base offset
}

// newRedGeom builds the layout for reducing input (shape, inStrides) into an
// output viewed with outStrides (same rank, 0 on reduced dims), as
// TensorIterator's reorder_dimensions and coalesce_dimensions do.
func newRedGeom(shape, outStrides, inStrides []int, oOff, iOff int) *redGeom {
	// Dimensions of size 1 do not move through memory. For tensors of very
	// many dimensions they are left out, so that ReorderReduction's sort (quadratic
	// in the number of dimensions) stays short; ordinary tensors keep
	// PyTorch's exact ordering (size-1 dimensions can stop the sort).
	if len(shape) > 64 && slices.Contains(shape, 1) {
		var sh, os, is []int
		for d, n := range shape {
			if n != 1 {
				sh, os, is = append(sh, n), append(os, outStrides[d]), append(is, inStrides[d])
			}
		}
		shape, outStrides, inStrides = sh, os, is
	}
	perm := broadcast.ReorderReduction(shape, outStrides, inStrides)
	g := &redGeom{oOff: oOff, iOff: iOff}
	for _, p := range perm {
		g.shape = append(g.shape, shape[p])
		g.out = append(g.out, outStrides[p])
		g.in = append(g.in, inStrides[p])
	}
	if len(g.shape) > 1 {
		nd := broadcast.CoalesceInPlace(g.shape, [][]int{g.out, g.in})
		g.shape, g.out, g.in = g.shape[:nd], g.out[:nd], g.in[:nd]
	}
	return g
}

// numel is the number of elements iterated.
func (g *redGeom) numel() int { return Numel(g.shape) }

// for2D calls fn for every 2-d block of the layout, as TensorIterator's
// serial_for_each hands blocks to a 2-d loop: size0 × size1 elements with
// the given base offsets and strides (dimension 0 innermost). Layouts of
// rank ≤ 1 come as one block with size1 = 1 and zero outer strides. A
// pending interrupt raises KeyboardInterrupt between blocks.
func (g *redGeom) for2D(fn func(oBase, iBase int, size0, size1 int, o0, i0, o1, i1 int)) {
	nd := len(g.shape)
	if g.numel() == 0 {
		return
	}
	switch nd {
	case 0:
		fn(g.oOff, g.iOff, 1, 1, 0, 0, 0, 0)
		return
	case 1:
		fn(g.oOff, g.iOff, g.shape[0], 1, g.out[0], g.in[0], 0, 0)
		CheckInterrupt()
		return
	}
	idx := make([]int, nd)
	oBase, iBase := g.oOff, g.iOff
	for {
		CheckInterrupt()
		fn(oBase, iBase, g.shape[0], g.shape[1], g.out[0], g.in[0], g.out[1], g.in[1])
		d := 2
		for ; d < nd; d++ {
			idx[d]++
			oBase += g.out[d]
			iBase += g.in[d]
			if idx[d] < g.shape[d] {
				break
			}
			oBase -= idx[d] * g.out[d]
			iBase -= idx[d] * g.in[d]
			idx[d] = 0
		}
		if d == nd {
			return
		}
	}
}

// forRows calls fn for every innermost row of the layout: n elements from
// the base offsets with strides os (output) and is (input).
func (g *redGeom) forRows(fn func(oBase, iBase, n, os, is int)) {
	g.for2D(func(oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
		for j := 0; j < size1; j++ {
			fn(oBase+j*o1, iBase+j*i1, size0, o0, i0)
		}
	})
}

// reduction describes a reduction of t over some dimensions: the output
// sizes with and without the reduced dimensions, and the geometry.
type reduction struct {
	in      *Tensor
	mask    []bool // reduced dims
	kshape  []int  // output shape with reduced dims kept as 1
	oshape  []int  // output shape as returned (keepdim or not)
	keepdim bool
}

// newReduction validates dims for a reduction named name over t. nil or
// empty dims mean every dimension. Dimensions are wrapped and checked for
// repeats with PyTorch's messages.
func newReduction(t *Tensor, dims []int, keepdim bool) *reduction {
	nd := t.Dim()
	mask := reduceMask(dims, nd)
	r := &reduction{in: t, mask: mask, keepdim: keepdim, oshape: reducedShape(t.shape, mask, keepdim)}
	for i, s := range t.shape {
		if mask[i] {
			r.kshape = append(r.kshape, 1)
		} else {
			r.kshape = append(r.kshape, s)
		}
	}
	return r
}

// ReduceShape is the rule of a reduction's result shape over dims (every
// dim when dims is empty; PyTorch's errors for bad or repeated dims).
func ReduceShape(shape, dims []int, keepdim bool) []int {
	return reducedShape(shape, reduceMask(dims, len(shape)), keepdim)
}

// reducedShape drops the dims of mask (size 1 with keepdim).
func reducedShape(shape []int, mask []bool, keepdim bool) []int {
	out := []int{}
	for i, s := range shape {
		switch {
		case !mask[i]:
			out = append(out, s)
		case keepdim:
			out = append(out, 1)
		}
	}
	return out
}

// reduceMask turns a dim list into a mask over nd dims (every dim when
// dims is empty). A 0-d tensor accepts dims 0 and -1.
func reduceMask(dims []int, nd int) []bool {
	mask := make([]bool, max(nd, 1))
	if len(dims) == 0 {
		for i := range mask {
			mask[i] = true
		}
		return mask[:nd]
	}
	for _, d := range dims {
		w := WrapDim(d, nd)
		if mask[w] {
			raise(RuntimeError, errDimRepeated, w)
		}
		mask[w] = true
	}
	return mask[:nd]
}

// reducedCount is the number of input elements per output element.
func (r *reduction) reducedCount() int {
	n := 1
	for i, s := range r.in.shape {
		if r.mask[i] {
			n *= s
		}
	}
	return n
}

// allReduced reports whether every dimension is reduced.
func (r *reduction) allReduced() bool {
	return !slices.Contains(r.mask, false)
}

// output allocates the result (contiguous, oshape) and returns it with the
// strides that view it in the input's rank (0 on reduced dims).
func (r *reduction) output(d DType) (*Tensor, []int) {
	out := Empty(r.oshape, d)
	kst := ContiguousStrides(r.kshape)
	for i := range kst {
		if r.mask[i] {
			kst[i] = 0
		}
	}
	return out, kst
}

// geom is the iteration layout of the reduction from in (which must have
// r.in's shape) into an output with the given strides.
func (r *reduction) geom(in *Tensor, outStrides []int, out *Tensor) *redGeom {
	return newRedGeom(in.shape, outStrides, in.strides, out.offset, in.offset)
}

// ceilLog2 is c10's CeilLog2: 1 for x ≤ 2.
func ceilLog2(x int) int {
	if x <= 2 {
		return 1
	}
	return bits.Len64(uint64(x - 1))
}
