package tensor

import (
	"runtime"

	"github.com/tensh/tensh/runtime/broadcast"
)

// This file is the execution half of tensh's TensorIterator: a loop plan
// over operands given as (storage, offset, element strides) on one shape,
// with stride 0 on broadcast dimensions (an expanded operand is never
// materialised). The plan orders the dimensions by stride and coalesces
// the ones every operand walks contiguously, so that most kernels run a few
// long inner loops; the outer range is split over goroutines above a grain
// of elements, and workers poll for interrupts between chunks.

// grain is the number of elements below which a loop runs inline on the
// calling goroutine.
const grain = 32 << 10

// maxChunk bounds the elements a worker runs between two interrupt polls,
// so that Ctrl-C stops even the slowest kernel within a few milliseconds
// (issue 6).
const maxChunk = 128 << 10

// maxLoopOps is the largest number of operands (outputs included) a loop
// takes.
const maxLoopOps = 4

// maxLoopDims is the largest number of dimensions of size > 1 a loop
// handles (PyTorch's TensorIterator has the same limit on GPUs); plans are
// fixed-size so that small operations allocate nothing but their result.
const maxLoopDims = 25

// loopPlan is a coalesced loop nest, fastest dimension first.
type loopPlan struct {
	nops    int
	ndim    int
	numel   int
	shape   [maxLoopDims]int
	strides [maxLoopOps][maxLoopDims]int // strides[k][d], elements
	base    [maxLoopOps]int              // storage offset of operand k's first element
}

// planOver builds the loop of a pointwise kernel: out first, then the
// inputs, each viewed over out's shape (stride 0 where it broadcasts). The
// dimensions are ordered by the operands' strides and coalesced, as
// TensorIterator does; dimensions of size 1 are dropped first.
func planOver(out *Tensor, ins ...*Tensor) loopPlan {
	var p loopPlan
	p.nops = 1 + len(ins)
	p.numel = out.Numel()
	// Keep the dimensions of size != 1, in order.
	var keep [maxLoopDims]int
	nd := 0
	for d, s := range out.shape {
		if s == 1 {
			continue
		}
		if nd == maxLoopDims {
			raise(RuntimeError, errTooManyDims, maxLoopDims)
		}
		keep[nd] = d
		nd++
	}
	var shape [maxLoopDims]int
	var st [maxLoopOps][maxLoopDims]int
	var full [maxLoopOps][]int // each operand's strides over out's shape
	full[0] = out.strides
	p.base[0] = out.offset
	var expanded [maxLoopOps - 1][64]int
	for k, t := range ins {
		var buf []int
		if len(out.shape) <= len(expanded[k]) {
			buf = expanded[k][:len(out.shape)]
		} else {
			buf = make([]int, len(out.shape))
		}
		broadcast.ExpandStridesInto(buf, t.shape, t.strides, out.shape)
		full[k+1] = buf
		p.base[k+1] = t.offset
	}
	for i := 0; i < nd; i++ {
		shape[i] = out.shape[keep[i]]
		for k := 0; k < p.nops; k++ {
			st[k][i] = full[k][keep[i]]
		}
	}
	var stSlices [maxLoopOps][]int
	for k := 0; k < p.nops; k++ {
		stSlices[k] = st[k][:nd]
	}
	var perm [maxLoopDims]int
	broadcast.ReorderInto(perm[:nd], shape[:nd], stSlices[:p.nops], nil)
	for i := 0; i < nd; i++ {
		p.shape[i] = shape[perm[i]]
		for k := 0; k < p.nops; k++ {
			p.strides[k][i] = st[k][perm[i]]
		}
	}
	if nd == 0 {
		p.shape[0] = 1
		p.ndim = 1
		return p
	}
	for k := 0; k < p.nops; k++ {
		stSlices[k] = p.strides[k][:nd]
	}
	p.ndim = broadcast.CoalesceInPlace(p.shape[:nd], stSlices[:p.nops])
	return p
}

// rowOffsets are the storage offsets of a row's first element, one per
// operand (an array, so that passing it to a kernel allocates nothing).
type rowOffsets = [maxLoopOps]int

// rowKernel runs one row of a loop: n elements, operand k starting at
// storage offset offs[k] and advancing by its innermost stride (which the
// kernel captured from the plan).
type rowKernel interface {
	row(offs rowOffsets, n int)
}

// runLoop runs k over every element of p: inline below the grain,
// otherwise in chunks spread over GOMAXPROCS goroutines. Workers stop early
// when an interrupt is pending; the caller then raises KeyboardInterrupt.
// Kernels must not panic (callers validate everything beforehand).
func runLoop[K rowKernel](p *loopPlan, k K) {
	n := p.numel
	if n == 0 {
		return
	}
	if n <= grain {
		runRange(p, k, 0, n)
		return
	}
	runParallel(p, k)
	CheckInterrupt()
}

// runParallel splits a large loop into chunks taken by GOMAXPROCS workers.
// It works on its own copies of the plan and kernel, so that the inline
// path of runLoop keeps them on the caller's stack.
func runParallel[K rowKernel](p0 *loopPlan, k0 K) {
	p, k := new(loopPlan), k0
	*p = *p0
	n := p.numel
	workers := runtime.GOMAXPROCS(0)
	chunk := min(max(grain, (n+workers*4-1)/(workers*4)), maxChunk)
	// Work items are whole rows, or pieces of a long row that start at
	// multiples of 64 from its start: a kernel that treats a row's whole
	// blocks of 16 and its tail differently (as PyTorch's vectorised loops
	// do) then sees the same blocks as when the row runs in one piece.
	inner := p.shape[0]
	var nchunks, piece, pieces int
	if inner < chunk {
		chunk -= chunk % inner
		nchunks = (n + chunk - 1) / chunk
	} else {
		piece = (chunk + 63) &^ 63
		pieces = (inner + piece - 1) / piece
		nchunks = n / inner * pieces
	}
	RunChunks(nchunks, func(c int) {
		if piece == 0 {
			start := c * chunk
			runRange(p, k, start, min(start+chunk, n))
			return
		}
		row, pc := c/pieces, c%pieces
		start := row*inner + pc*piece
		runRange(p, k, start, row*inner+min((pc+1)*piece, inner))
	})
}

// runRange runs k over the linear element range [start, end) of p (in the
// plan's loop order), one row at a time.
func runRange[K rowKernel](p *loopPlan, k K, start, end int) {
	var idxBuf [maxLoopDims]int
	var offs rowOffsets
	idx := idxBuf[:p.ndim]
	rem := start
	for d := 0; d < p.ndim; d++ {
		idx[d] = rem % p.shape[d]
		rem /= p.shape[d]
	}
	for j := 0; j < p.nops; j++ {
		o := p.base[j]
		st := &p.strides[j]
		for d := 0; d < p.ndim; d++ {
			o += idx[d] * st[d]
		}
		offs[j] = o
	}
	inner := p.shape[0]
	for pos := start; pos < end; {
		n := min(inner-idx[0], end-pos)
		k.row(offs, n)
		pos += n
		if pos >= end {
			return
		}
		// Advance to the start of the next row, carrying into the outer
		// dimensions.
		for j := 0; j < p.nops; j++ {
			offs[j] -= idx[0] * p.strides[j][0]
		}
		idx[0] = 0
		for d := 1; d < p.ndim; d++ {
			idx[d]++
			for j := 0; j < p.nops; j++ {
				offs[j] += p.strides[j][d]
			}
			if idx[d] < p.shape[d] {
				break
			}
			for j := 0; j < p.nops; j++ {
				offs[j] -= idx[d] * p.strides[j][d]
			}
			idx[d] = 0
		}
	}
}
