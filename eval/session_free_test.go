package eval

import (
	"io"
	"runtime"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestDroppedSessionsAreFreed: a session nobody refers to any more is
// collected with its variables, after it loaded torch.nn's Python parts
// and torch.nn.functional and printed a warning (library state kept in
// global tables keyed by session kept every session alive: the memory
// tests after TestInterruptedInPlaceIsWhole then found 1.8 GB in use).
func TestDroppedSessionsAreFreed(t *testing.T) {
	NewSession(Options{Out: io.Discard}) // the first one runs Go-made classes' methods for good
	runtime.GC()
	before := tensor.HeapInUse()
	for range 4 {
		s := NewSession(Options{Out: io.Discard, Warn: io.Discard})
		for _, src := range []string{
			"x = torch.full((10000000,), 0.5)",
			"lin = torch.nn.Linear(2, 3); f = torch.nn.functional.relu",
			"import warnings; warnings.warn('w')",
		} {
			if e := s.Exec(src, 1); e != nil {
				t.Fatalf("%s: %v", src, e)
			}
		}
	}
	runtime.GC()
	if grew := tensor.HeapInUse() - before; grew > 30<<20 {
		t.Errorf("the heap grew by %d MiB after four sessions of 40 MB each were dropped", grew>>20)
	}
}
