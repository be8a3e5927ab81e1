package tensor

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The memory watch (issue 27): the checks before allocations (NewStorage,
// CheckAlloc, HaveMemory) stop a request that is too big on its own or
// with what is in use; what grows a piece at a time (a list appended to
// item by item, a string split into millions of parts, a loop that keeps
// results) is stopped here. A goroutine reads the heap every watchEvery
// and marks when it is over the cap; the loops' polls (CheckInterrupt,
// CheckInterruptAlways: every Python-level loop and every long kernel
// loop calls one) see the mark with one atomic load, collect garbage, and
// raise MemoryError when what is live is still over the cap. So nothing
// goes further than the growth of one watch period past the cap, and the
// statement fails with Python's MemoryError instead of the process dying.

// watchEvery is how often the heap is read (about a microsecond a read).
const watchEvery = 5 * time.Millisecond

// memOver is set by the watch when the heap is over the cap.
var memOver atomic.Bool

var watchOnce sync.Once

// startMemoryWatch starts the watch (once; SetMemoryLimit calls it).
func startMemoryWatch() {
	watchOnce.Do(func() {
		go func() {
			for range time.Tick(watchEvery) {
				if heapInUse() > memLimit.Load() {
					memOver.Store(true)
				}
			}
		}()
	})
}

// pollMemory raises MemoryError when the watch saw the heap over the cap
// and a garbage collection does not bring it back under.
func pollMemory() {
	if !memOver.Load() {
		return
	}
	runtime.GC()
	memOver.Store(false)
	if heapInUse() > memLimit.Load() {
		panic(&Error{Kind: MemoryError})
	}
}
