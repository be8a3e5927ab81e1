package eval

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tensh/tensh/runtime/tensor"
)

// interruptCases are statements that run for seconds when left alone
// (1.5 s or more on a 2-core machine; most run for much longer or for
// ever), with their setup. Ctrl-C must stop each within interruptLatency.
// Kernels that finish in under a second even on big inputs are checked
// without a clock instead: runtime/tensor's TestKernelsPollThroughout
// counts their interrupt polls.
var interruptCases = []struct{ setup, stmt string }{
	{"x = torch.rand(8000, 4000)", "y = x.tolist()"},
	{"x = torch.rand(2000, 2000); torch.set_printoptions(threshold=10**9)", "y = repr(x)"},
	{"", "y = torch.logspace(0, 1, 20000000, dtype=torch.float64)"},
	{"", "y = sum(iter(range(10**12)))"}, // sum(range(n)) itself needs no loop
	{"", "y = max(iter(range(10**12)))"},
	{"l = [1, 2] * 10**7", "y = 10**12 in l"},
	{"l = [1.5, 2] * 10**7", "y = repr(l)"},
	{"a = torch.rand(4096, 4096)", "y = a @ a"},
	{"a = torch.rand(4096, 4096, dtype=torch.float64)", "y = torch.mm(a, a.t())"},
	{"a = torch.rand(64, 512, 512)", "y = torch.bmm(a, a)"},
	{"a = torch.rand(2048, 2048)", "y = torch.einsum('ij,jk->ik', a, a)"},
	{"a = torch.rand(20000000)", "y = [a.sum(), a.std(), a.norm(), a.logsumexp(0), a.prod(), a.var()]"},
	{"a = torch.rand(6000, 4000)", "y = [a.sum(0), a.mean(1), a.max(0), a.argmin(1), a.std(0), a.cumsum(0), a.cumprod(1), a.amax(1)]"},
	{"a = torch.rand(5000, 4000)", "y = [a.cumsum(1), a.cumsum(0), a.logsumexp(1), a.norm(dim=0)]"},
	{"a = torch.rand(1500, 1500, dtype=torch.float64)", "y = a.norm(p='nuc')"},
	{"x = torch.ones(10)", "%timeit -n 100000000 x + 1"},
	{"", "%timeit -n 100000000 pass"},
	{"", "y = torch.tensor(list(range(10**7)))"},
	{"", "y = torch.zeros(1).expand(2**40).max()"}, // the hostile corpus's hang (issue 16)
	{"", "y = torch.zeros(1).expand(2**40).amin(0)"},
	{"", "y = torch.zeros(1).expand(2**40).prod()"},
	{"", "y = torch.zeros(1, dtype=torch.bool).expand(2**40).all()"},
	{"", "y = torch.zeros(1, dtype=torch.int64).expand(2**40).sum()"},
	{"", "y = torch.zeros(1, dtype=torch.bool).expand(2**40).max()"},
}

// interruptLatency is how soon a statement must stop after Ctrl-C. A
// statement that polls stops within milliseconds, and one that does not
// runs on for a second or more: the bound sits far from both, so that a
// busy machine (go test runs packages in parallel) does not fail it.
const interruptLatency = 500 * time.Millisecond

// TestInterrupt runs each long statement, interrupts it, and checks that it
// stops soon with KeyboardInterrupt and leaves the variables alone.
// TENSH_INTERRUPT_TIMES=1 prints how long each took.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("long statements")
	}
	old := tensor.MemoryLimit()
	defer tensor.SetMemoryLimit(old)
	tensor.SetMemoryLimit(min(old, 8<<30))
	for _, c := range interruptCases {
		t.Run(c.stmt, func(t *testing.T) {
			// A busy machine (go test runs packages in parallel) can delay
			// one stop; a statement that does not poll misses by seconds.
			for try := 1; ; try++ {
				took := runInterrupted(t, c.setup, c.stmt)
				if took <= interruptLatency {
					return
				}
				if try == 2 {
					t.Fatalf("stopped %v after the interrupt, want < %v", took, interruptLatency)
				}
			}
		})
	}
}

// runInterrupted runs stmt after setup in a new session, interrupts it
// after 50 ms, checks that it raised KeyboardInterrupt and left the
// variables alone, and returns how long it took to stop.
func runInterrupted(t *testing.T, setup, stmt string) time.Duration {
	t.Helper()
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	defer tensor.ClearInterrupt()
	if setup != "" {
		if e := s.Exec(setup, 1); e != nil {
			t.Fatalf("setup: %v", e)
		}
	}
	s.Exec("y = 'before'", 1)
	before := len(s.Globals())
	done := make(chan *Exception, 1)
	start := time.Now()
	go func() { done <- s.Exec(stmt, 1) }()
	time.Sleep(50 * time.Millisecond)
	tensor.Interrupt()
	asked := time.Now()
	var e *Exception
	select {
	case e = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("still running 10 s after the interrupt")
	}
	took := time.Since(asked)
	if os.Getenv("TENSH_INTERRUPT_TIMES") != "" {
		t.Logf("stopped %v after the interrupt (%v in all)", took, time.Since(start))
	}
	if e == nil || e.Error() != "KeyboardInterrupt" {
		t.Fatalf("got %v, want KeyboardInterrupt (it ran %v)", e, time.Since(start))
	}
	if y, _ := s.Lookup("y"); Repr(y) != "'before'" || len(s.Globals()) != before {
		t.Errorf("variables changed: y = %.40s, %d names (want %d)", Repr(y), len(s.Globals()), before)
	}
	if tensor.Interrupted() {
		t.Errorf("the interrupt is still pending")
	}
	if e := s.Exec("y = 1 + 1", 1); e != nil {
		t.Errorf("after the interrupt: %v", e)
	}
	if strings.Contains(out.String(), "Error") {
		t.Errorf("printed %q", out.String())
	}
	return took
}
