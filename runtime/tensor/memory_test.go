package tensor

import (
	"runtime"
	"testing"
)

// TestWorkerPanic: a panic on a kernel worker goroutine reaches the
// goroutine that ran the kernel (where the evaluator turns it into an
// error) instead of ending the process.
func TestWorkerPanic(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one CPU: no worker goroutines")
	}
	got := func() (r any) {
		defer func() { r = recover() }()
		parallelRows(64, 1<<20, func(i0, i1 int) {
			if i0 > 0 {
				panic("worker bug")
			}
		})
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
