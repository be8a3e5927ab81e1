package tensor

import (
	"runtime"
	"sync"
)

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

// gcFloorBytes is the size of the floor block: a sixty-fourth of the cap,
// between 16 and 64 MiB.
func gcFloorBytes(capBytes int64) int64 {
	return min(max(capBytes/64, 16<<20), 64<<20)
}

var gcFloor struct {
	sync.Mutex
	block []byte
}

// setGCFloor replaces the floor block by one of n bytes (none for n <= 0
// and in the browser, where untouched memory is not free). It returns the
// size in place.
func setGCFloor(n int64) int64 {
	gcFloor.Lock()
	defer gcFloor.Unlock()
	if runtime.GOOS == "js" || n <= 0 {
		gcFloor.block = nil
		return 0
	}
	if int64(len(gcFloor.block)) != n {
		gcFloor.block = nil
		gcFloor.block = make([]byte, n)
	}
	return n
}

// gcFloorSize is the size of the floor block in place.
func gcFloorSize() int64 {
	gcFloor.Lock()
	defer gcFloor.Unlock()
	return int64(len(gcFloor.block))
}
