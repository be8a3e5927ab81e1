package tensor

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// catchErr runs f and returns the *Error it raised, or nil.
func catchErr(f func()) (e *Error) {
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if e, ok = r.(*Error); !ok {
				panic(r)
			}
		}
	}()
	f()
	return nil
}

// TestMemoryWatch (issue 27): a loop that grows memory a piece at a time,
// with no check of its own, is stopped by its polls with MemoryError once
// the heap is over the cap; after that the cap is as before.
func TestMemoryWatch(t *testing.T) {
	old := MemoryLimit()
	defer SetMemoryLimit(old)
	SetMemoryLimit(32 << 20)
	var keep [][]byte
	e := catchErr(func() {
		for i := 0; i < 1<<16; i++ { // 1 GiB if nothing stopped it
			keep = append(keep, make([]byte, 16<<10))
			CheckInterruptAlways()
			if i%64 == 0 {
				time.Sleep(time.Millisecond / 4)
			}
		}
	})
	if e == nil || e.Kind != MemoryError {
		t.Fatalf("growing past the cap: %v after %d MB", e, len(keep)*16>>10)
	}
	if got := len(keep) * 16 << 10; got > 96<<20 {
		t.Errorf("stopped after %d MB under a 32 MB cap", got>>20)
	}
	keep = nil
	if e := catchErr(func() { CheckInterruptAlways(); CheckAllocBytes(1 << 20) }); e != nil {
		t.Errorf("after the memory came back: %v", e)
	}
}

// TestRepeatIndexChecks (issue 27 item 5): repeat_interleave's index is
// checked as torch.empty's size before it is made (it used to grow
// without a check, or fail with Go's makeslice), and its loop polls.
func TestRepeatIndexChecks(t *testing.T) {
	old := MemoryLimit()
	defer SetMemoryLimit(old)
	SetMemoryLimit(64 << 20)
	for _, c := range []struct {
		reps []int64
		want string
	}{
		{[]int64{1e9}, fmt.Sprintf(errAllocFail, int64(8e9))},
		{[]int64{1 << 62, 1 << 62, 1 << 62}, "Trying to create tensor with negative dimension -4611686018427387904: [-4611686018427387904]"},
		{[]int64{1 << 62, 1 << 62}, "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808"},
		{[]int64{1 << 61, 1 << 61, 1 << 61}, "Storage size calculation overflowed with sizes=[6917529027641081856]"},
	} {
		e := catchErr(func() { RepeatIndex(c.reps) })
		if e == nil || e.Msg != c.want {
			t.Errorf("%v: %v, want %s", c.reps, e, c.want)
		}
	}
	var n atomic.Int64
	pollCount = &n
	RepeatIndex([]int64{pollElems / 2, pollElems / 2})
	pollCount = nil
	if n.Load() < pollElems/pollDensity {
		t.Errorf("%d polls for %d elements", n.Load(), pollElems)
	}
}
