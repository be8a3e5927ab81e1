package tensor

import (
	"runtime"
	"sync"
	"sync/atomic"

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

// maxLoopOps is the largest number of operands (outputs included) a loop
// takes.
const maxLoopOps = 4

// loopPlan is a coalesced loop nest, fastest dimension first.
type loopPlan struct {
	nops    int
	ndim    int
	numel   int
	shape   []int
	strides [maxLoopOps][]int // strides[k][d], elements
	base    [maxLoopOps]int   // storage offset of operand k's first element
}

// planLoop builds the loop over shape for operands whose element strides
// over shape (stride 0 on broadcast dimensions) and base offsets are given.
// The dimensions are ordered by the operands' strides (outputs first) and
// coalesced.
func planLoop(shape []int, strides [][]int, base []int) loopPlan {
	var p loopPlan
	p.nops = len(strides)
	p.numel = Numel(shape)
	perm := broadcast.Reorder(shape, strides, nil)
	ps := broadcast.Permute(shape, perm)
	pst := make([][]int, len(strides))
	for k, st := range strides {
		pst[k] = broadcast.Permute(st, perm)
	}
	cs, cst := broadcast.Coalesce(ps, pst)
	p.shape = cs
	p.ndim = len(cs)
	for k := range cst {
		p.strides[k] = cst[k]
		p.base[k] = base[k]
	}
	return p
}

// rowKernel runs one row of a loop: n elements, operand k starting at
// storage offset offs[k] and advancing by its innermost stride (which the
// kernel captured from the plan).
type rowKernel interface {
	row(offs []int, n int)
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
	workers := runtime.GOMAXPROCS(0)
	chunk := max(grain, (n+workers*4-1)/(workers*4))
	nchunks := (n + chunk - 1) / chunk
	workers = min(workers, nchunks)
	var next atomic.Int64
	work := func() {
		for !Interrupted() {
			c := int(next.Add(1)) - 1
			if c >= nchunks {
				return
			}
			start := c * chunk
			runRange(p, k, start, min(start+chunk, n))
		}
	}
	if workers <= 1 {
		work()
	} else {
		var wg sync.WaitGroup
		wg.Add(workers - 1)
		for w := 1; w < workers; w++ {
			go func() {
				defer wg.Done()
				work()
			}()
		}
		work()
		wg.Wait()
	}
	CheckInterrupt()
}

// runRange runs k over the linear element range [start, end) of p (in the
// plan's loop order), one row at a time.
func runRange[K rowKernel](p *loopPlan, k K, start, end int) {
	var idxBuf, offBuf [16]int
	var idx []int
	if p.ndim <= len(idxBuf) {
		idx = idxBuf[:p.ndim]
	} else {
		idx = make([]int, p.ndim)
	}
	offs := offBuf[:p.nops]
	rem := start
	for d := 0; d < p.ndim; d++ {
		idx[d] = rem % p.shape[d]
		rem /= p.shape[d]
	}
	for j := 0; j < p.nops; j++ {
		o := p.base[j]
		st := p.strides[j]
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
