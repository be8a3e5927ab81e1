package tensor

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Helpers for kernels that work on flat index ranges rather than loop
// plans: a parallel for over [0, n), and fast fills.

// parallelFor runs fn over [0, n) in chunks: inline when n ≤ grainElems,
// otherwise spread over GOMAXPROCS goroutines (each chunk at least
// grainElems long). Workers stop early when an interrupt is pending; the
// caller then raises KeyboardInterrupt. fn must not panic.
func parallelFor(n, grainElems int, fn func(lo, hi int)) {
	if n <= 0 {
		return
	}
	workers := runtime.GOMAXPROCS(0)
	if n <= grainElems || workers == 1 {
		fn(0, n)
		return
	}
	chunk := min(max(grainElems, (n+workers*4-1)/(workers*4)), max(grainElems, maxChunk))
	RunChunks((n+chunk-1)/chunk, func(c int) {
		lo := c * chunk
		fn(lo, min(lo+chunk, n))
	})
	CheckInterrupt()
}

// RunChunks runs item(c) for every chunk c in [0, nchunks) on up to
// GOMAXPROCS goroutines, the caller's included: each takes the next chunk
// until none is left or an interrupt is pending. A worker's panic is raised
// again on the caller's goroutine once every worker is done. It is the one
// worker pool of the runtime (runtime/linalg uses it too); the caller
// checks for the interrupt that may have cut the work short.
func RunChunks(nchunks int, item func(c int)) {
	workers := min(runtime.GOMAXPROCS(0), nchunks)
	var next atomic.Int64
	work := func() {
		for !Interrupted() {
			c := int(next.Add(1)) - 1
			if c >= nchunks {
				return
			}
			item(c)
		}
	}
	var wg sync.WaitGroup
	var wp WorkerPanic
	wg.Add(max(workers-1, 0))
	for w := 1; w < workers; w++ {
		go func() {
			defer wg.Done()
			defer wp.Catch()
			work()
		}()
	}
	func() {
		defer wp.Catch()
		work()
	}()
	wg.Wait()
	wp.Rethrow()
}

// fillBlock is the number of elements a fill writes with a loop before it
// copies them on (copy is memmove, which moves whole vectors at a time:
// on x86-64 that is several times faster than a loop of scalar stores).
const fillBlock = 1024

// fillSlice sets every element of s to v.
//
// Reference: for i := range s { s[i] = v }
func fillSlice[T Elem](s []T, v T) {
	const grain = 256 << 10
	if len(s) <= grain {
		fillSerial(s, v)
		return
	}
	parallelFor(len(s), grain, func(lo, hi int) { fillSerial(s[lo:hi], v) })
}

func fillSerial[T Elem](s []T, v T) {
	head := s[:min(len(s), fillBlock)]
	for i := range head {
		head[i] = v
	}
	for rest := s[len(head):]; len(rest) > 0; {
		k := copy(rest, head)
		rest = rest[k:]
	}
}

// convertNumPar is dst[i] = D(src[i]) (see convertNum), split over
// goroutines for long slices and unrolled by four.
func convertNumPar[D, S Num](dst []D, src []S) {
	dst = dst[:len(src)]
	const grain = 128 << 10
	if len(src) <= grain {
		convertSerial(dst, src)
		return
	}
	parallelFor(len(src), grain, func(lo, hi int) { convertSerial(dst[lo:hi], src[lo:hi]) })
}

func convertSerial[D, S Num](d []D, s []S) {
	d = d[:len(s)]
	if useAVX2 {
		if d64, ok := any(d).([]float64); ok {
			if s32, ok := any(s).([]float32); ok {
				widenF32(d64, s32)
				return
			}
		}
	}
	i := 0
	for ; i+4 <= len(s); i += 4 {
		s4, d4 := s[i:i+4:i+4], d[i:i+4:i+4]
		d4[0], d4[1], d4[2], d4[3] = D(s4[0]), D(s4[1]), D(s4[2]), D(s4[3])
	}
	for ; i < len(s); i++ {
		d[i] = D(s[i])
	}
}
