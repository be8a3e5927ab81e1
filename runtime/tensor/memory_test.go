package tensor

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestWorkerPanic: a panic on a kernel worker goroutine reaches the
// goroutine that ran the kernel (where the evaluator turns it into an
// error) instead of ending the process, and stops the other workers.
func TestWorkerPanic(t *testing.T) {
	got := func() (r any) {
		defer func() { r = recover() }()
		var wg sync.WaitGroup
		var wp WorkerPanic
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer wp.Catch()
				if w == 2 {
					panic("worker bug")
				}
				for !Interrupted() {
					runtime.Gosched() // until the failing worker stops the others
				}
			}()
		}
		wg.Wait()
		wp.Rethrow()
		return nil
	}()
	if got != "worker bug" {
		t.Errorf("recovered %v, want the worker's panic", got)
	}
	if Interrupted() {
		t.Error("an interrupt is left pending")
	}
}

// TestHaveMemory: the cap applies to one request and to the heap in use
// plus the request.
func TestHaveMemory(t *testing.T) {
	old := MemoryLimit()
	defer SetMemoryLimit(old)
	SetMemoryLimit(64 << 20)
	if HaveMemory(65<<20) || HaveMemory(-1) || !HaveMemory(1<<20) {
		t.Fatal("single requests")
	}
	keep := make([]byte, 40<<20)
	if HaveMemory(40 << 20) {
		t.Error("40 MB beside 40 MB in use fit under 64 MB")
	}
	runtime.KeepAlive(keep)
	keep = nil
	if !HaveMemory(40 << 20) {
		t.Error("40 MB did not fit once the other 40 MB were garbage")
	}
}

// TestRunChunks: the runtime's worker pool runs every chunk exactly once,
// and a chunk's panic comes back on the caller's goroutine.
func TestRunChunks(t *testing.T) {
	const n = 1000
	var counts [n]atomic.Int32
	RunChunks(n, func(c int) { counts[c].Add(1) })
	for c := range counts {
		if got := counts[c].Load(); got != 1 {
			t.Fatalf("chunk %d ran %d times", c, got)
		}
	}
	got := func() (r any) {
		defer func() { r = recover() }()
		RunChunks(n, func(c int) {
			if c == n/2 {
				panic("chunk bug")
			}
		})
		return nil
	}()
	ClearInterrupt()
	if got != "chunk bug" {
		t.Errorf("recovered %v, want the chunk's panic", got)
	}
}
