package tensor

import (
	"sync/atomic"
	"testing"
)

// TestInterruptPoller: a poller that reports an interrupt makes the
// polls raise KeyboardInterrupt within pollerEvery polls, and asks it
// no more often than that.
func TestInterruptPoller(t *testing.T) {
	ClearInterrupt()
	var asked atomic.Int32
	var flag atomic.Bool
	SetInterruptPoller(func() bool { asked.Add(1); return flag.Swap(false) })
	defer SetInterruptPoller(nil)
	for i := 0; i < 10*pollerEvery; i++ {
		CheckInterrupt() // no interrupt: nothing raised
	}
	if n := asked.Load(); n < 9 || n > 11 {
		t.Errorf("the poller was asked %d times in %d polls", n, 10*pollerEvery)
	}
	flag.Store(true)
	raised := func() (ok bool) {
		defer func() {
			if e, _ := recover().(*Error); e != nil && e.Kind == KeyboardInterrupt {
				ok = true
			}
		}()
		for i := 0; i <= pollerEvery; i++ {
			CheckInterruptAlways()
		}
		return false
	}()
	if !raised {
		t.Error("no KeyboardInterrupt after the poller reported one")
	}
	SetInterruptPoller(nil)
	flag.Store(true)
	for i := 0; i < 2*pollerEvery; i++ {
		CheckInterrupt()
	}
	ClearInterrupt()
}
