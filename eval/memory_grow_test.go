package eval

import (
	"bytes"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// peakHeap runs f and returns the largest heap (live objects and garbage
// not yet swept) seen while it ran, read every millisecond.
func peakHeap(f func()) int64 {
	done := make(chan struct{})
	peak := make(chan int64)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var max int64
		for {
			metrics.Read(s)
			if v := int64(s[0].Value.Uint64()); v > max {
				max = v
			}
			select {
			case <-done:
				peak <- max
				return
			default:
				runtimeSleep()
			}
		}
	}()
	f()
	close(done)
	return <-peak
}

// TestMemoryCapGrowth (issue 27 items 3 and 4): what grows an item at a
// time — star-unpacking into a list, tuple, set, call or assignment;
// splitting a long string at whitespace or lines; a string's characters
// into a list or sorted — raises MemoryError near the cap, never reaching
// far past it (these reached gigabytes under a 512 MB cap). The session
// goes on.
func TestMemoryCapGrowth(t *testing.T) {
	const limit = 64 << 20
	withMemoryLimit(limit, func() {
		var out bytes.Buffer
		s := NewSession(Options{Out: &out})
		for _, src := range []string{"def f(*a): return len(a)\n", "s = 'a ' * 10**7", "t = 'a\\n' * 10**7"} {
			if e := s.Exec(src, 1); e != nil {
				t.Fatal(e)
			}
		}
		for _, src := range []string{
			"[*range(10**8)]", "(*range(10**8),)", "{*range(5*10**7)}", "f(*range(10**8))", "a, *b = range(10**8)",
			"[*(x for x in range(10**8))]", "[*s]", "sorted(s)", "s.split()", "s.rsplit()", "t.splitlines()",
			"t.splitlines(True)", "s.split(' ')", "s.rsplit(' ')", "[x for x in range(10**8)]", "[*map(str, range(10**8))]",
			"torch.tensordot(torch.ones(3), torch.ones(3), 2**31)",
		} {
			runtime.GC()
			var e error
			peak := peakHeap(func() {
				if exc := s.Exec("r = "+src, 1); exc != nil {
					e = exc
				}
			})
			if e == nil || e.Error() != "MemoryError" {
				t.Errorf("%s: %v, want MemoryError", src, e)
			}
			if peak > 2*limit+32<<20 {
				t.Errorf("%s: the heap reached %d MB under a %d MB cap", src, peak>>20, limit>>20)
			}
		}
		if e := s.Exec("assert len(s) == 2 * 10**7 and f(*range(3)) == 3", 1); e != nil {
			t.Error(e)
		}
	})
}

func runtimeSleep() { time.Sleep(time.Millisecond) }
