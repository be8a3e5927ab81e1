package tensor

import "runtime"

// The collector's pacing (issue 25). Go starts a collection when the heap
// has grown by GOGC% (100) over what the last one left live, but never
// below a 4 MB goal: a session whose live heap is a few tensors of 256 KB
// each collects after every dozen new results, and most of an x + y at
// 2^16 elements went to the collector. A floor, a block of gcFloorBytes
// that is allocated once and never touched (the operating system maps
// its pages only when they are written, so it costs address space, not
// resident memory), counts as live: the collector then lets about that
// much garbage build up between collections. The memory accounting
// (heapInUse) leaves it out, and the Go runtime's soft limit (the
// --max-memory cap) is raised by it, so it changes neither what fits nor
// when the collector must work harder near the cap.

// gcFloorBytes is the size of the floor block. It is allocated once, at
// start, when the heap's pages are fresh (the runtime need not clear
// them, so they stay untouched); a later, different cap keeps it: a small
// cap is held by the accounting and Go's soft limit, which collect
// before the floor would.
const gcFloorBytes = 64 << 20

// gcFloor is the floor block (nil in the browser, where untouched memory
// is not free).
// (A variable's initializer: it runs before memory.go's init sets the
// cap.)
var gcFloor = func() []byte {
	if runtime.GOOS == "js" {
		return nil
	}
	return make([]byte, gcFloorBytes)
}()

// gcFloorSize is the size of the floor block in place.
func gcFloorSize() int64 { return int64(len(gcFloor)) }

// HeapInUse is the memory the cap counts as in use now: the Go heap's
// objects, live or not yet collected, without the floor block. Tests set
// caps relative to it (runtime.MemStats' HeapAlloc includes the block).
func HeapInUse() int64 { return heapInUse() }
