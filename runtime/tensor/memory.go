package tensor

import (
	"bufio"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Memory (issue 6): tensh must never be killed by the kernel for memory.
// Every allocation whose size a user controls is checked before it is
// made, against one cap (MemoryLimit: by default three quarters of the
// machine's memory, or of the cgroup's limit when that is lower):
//
//   - the request alone must fit under the cap (PyTorch's allocator error
//     otherwise: "you tried to allocate N bytes");
//   - so must the request plus the Go heap in use now (live objects, and
//     garbage not yet collected). When that sum is over the cap, a garbage
//     collection runs and the check is made again on what survived; only
//     then does the allocation fail, with the same error.
//
// Tensor storage is checked in NewStorage, and kernels' temporary buffers
// with CheckAlloc; the evaluator checks its own big Python objects (lists
// from range() or tolist(), repeated sequences and strings, printed text)
// with HaveMemory and raises MemoryError. The heap is measured through
// runtime/metrics, so that live memory is accounted without finalizers or
// reference counts: the Go heap is the accounting. A reading costs about a
// microsecond; it is taken for every request of at least accountEvery
// bytes, and once for every accountEvery bytes of smaller requests.
//
// The Go runtime's soft memory limit is set to the cap too (plus a little
// room for the runtime itself), so that the collector works harder near
// the cap and returns freed pages to the operating system.

// memLimit is the memory cap in bytes.
var memLimit atomic.Int64

// pendingBytes counts small requests since the last heap reading.
var pendingBytes atomic.Int64

// accountEvery is the request size from which the heap is read.
const accountEvery = 1 << 20

// goLimitSlack is what the Go runtime's soft limit allows above the cap:
// stacks, GC metadata and the runtime's own structures.
const goLimitSlack = 64 << 20

func init() { SetMemoryLimit(defaultMemoryLimit()) }

// defaultMemoryLimit is three quarters of physical memory, or of the
// cgroup's memory limit when that is lower; 8 GiB when neither can be read.
func defaultMemoryLimit() int64 {
	total := memTotal()
	if cg := cgroupLimit(); cg > 0 && (total <= 0 || cg < total) {
		total = cg
	}
	if total <= 0 {
		return 8 << 30
	}
	return total / 4 * 3
}

// memTotal is MemTotal from /proc/meminfo, in bytes (0 when unknown).
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 && kb < math.MaxInt64/1024 {
				return kb * 1024
			}
		}
	}
	return 0
}

// cgroupLimit is the memory limit of the process's cgroup (v2 memory.max,
// or v1 memory.limit_in_bytes), in bytes; 0 when there is none.
func cgroupLimit() int64 {
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		// "max", or v1's "no limit" (a huge page-rounded number).
		if err == nil && n > 0 && n < 1<<60 {
			return n
		}
	}
	return 0
}

// SetMemoryLimit sets the memory cap in bytes (--max-memory,
// TENSH_MAX_MEMORY): no single allocation may exceed it, nor may all live
// memory together.
func SetMemoryLimit(bytes int64) {
	if bytes <= 0 {
		bytes = 1
	}
	memLimit.Store(bytes)
	floor := gcFloorSize()
	goLimit := int64(math.MaxInt64)
	if bytes < math.MaxInt64-goLimitSlack-floor {
		goLimit = bytes + goLimitSlack + floor
	}
	debug.SetMemoryLimit(goLimit)
}

// MemoryLimit returns the memory cap in bytes.
func MemoryLimit() int64 { return memLimit.Load() }

// CheckAlloc raises PyTorch's allocation error if n elements of dtype d do
// not fit in memory (see above). Callers that allocate outside NewStorage
// (temporary buffers) check with it first.
func CheckAlloc(d DType, n int) {
	CheckAllocBytes(int64(n) * int64(d.ItemSize()))
}

// CheckAllocBytes is CheckAlloc for a size in bytes.
func CheckAllocBytes(bytes int64) {
	if !HaveMemory(bytes) {
		raise(RuntimeError, errAllocFail, bytes)
	}
}

// HaveMemory reports whether an allocation of the given size fits under
// the memory cap, together with the memory in use. It may run a garbage
// collection to find out. Negative sizes (an overflowed computation) never
// fit.
func HaveMemory(bytes int64) bool {
	limit := memLimit.Load()
	if bytes < 0 || bytes > limit {
		return false
	}
	if bytes < accountEvery && pendingBytes.Add(bytes) < accountEvery {
		return true
	}
	pendingBytes.Store(0)
	if heapInUse()+bytes <= limit {
		return true
	}
	runtime.GC()
	return heapInUse()+bytes <= limit
}

// CheckMemory raises MemoryError (Python's, with no message) when bytes do
// not fit: for Python objects (the evaluator's lists, the text of a repr)
// rather than tensor storage.
func CheckMemory(bytes int64) {
	if !HaveMemory(bytes) {
		panic(&Error{Kind: MemoryError})
	}
}

var heapMetric struct {
	sync.Mutex
	s [1]metrics.Sample
}

// heapInUse is the bytes of heap objects now: live ones and garbage not
// yet swept.
func heapInUse() int64 {
	heapMetric.Lock()
	defer heapMetric.Unlock()
	heapMetric.s[0].Name = "/memory/classes/heap/objects:bytes"
	metrics.Read(heapMetric.s[:])
	if heapMetric.s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return max(int64(heapMetric.s[0].Value.Uint64())-gcFloorSize(), 0)
}
