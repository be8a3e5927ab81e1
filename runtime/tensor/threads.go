package tensor

import (
	"runtime"
	"sync/atomic"
)

// Threads (torch.set_num_threads, --threads): the kernels split their work
// over runtime.GOMAXPROCS(0) goroutines, so setting the number of threads
// sets GOMAXPROCS (at most the number of CPUs: more would only make the
// scheduler share them), which also bounds the collector's helpers, as
// PyTorch's one intra-op pool bounds its work. NumThreads reports what
// was set, as get_num_threads does, even above the number of CPUs.

var numThreads atomic.Int64

// SetNumThreads sets the number of threads of the CPU kernels (n >= 1).
func SetNumThreads(n int) {
	if n < 1 {
		n = 1
	}
	numThreads.Store(int64(n))
	runtime.GOMAXPROCS(min(n, runtime.NumCPU()))
}

// NumThreads is the number of threads of the CPU kernels: what
// SetNumThreads set, else GOMAXPROCS.
func NumThreads() int {
	if n := numThreads.Load(); n > 0 {
		return int(n)
	}
	return runtime.GOMAXPROCS(0)
}

// HasAVX2 reports whether the AVX2 + FMA kernels run on this machine (and
// this build: not with -tags purego); other packages' assembly kernels
// (runtime/linalg's GEMM) follow it.
func HasAVX2() bool { return useAVX2 }
