package eval

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

const allocFail = "RuntimeError: [enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate %d bytes. Error code 12 (Cannot allocate memory)"

// withMemoryLimit runs f with the memory cap set to limit bytes.
func withMemoryLimit(limit int64, f func()) {
	old := tensor.MemoryLimit()
	defer tensor.SetMemoryLimit(old)
	tensor.SetMemoryLimit(limit)
	f()
}

// TestMemoryCap: allocations over the cap fail before they are made, with
// PyTorch's messages; so do results that would not fit beside what is
// alive, and the evaluator's big Python objects (MemoryError). Variables
// are kept.
func TestMemoryCap(t *testing.T) {
	withMemoryLimit(64<<20, func() {
		var out bytes.Buffer
		s := NewSession(Options{Out: &out})
		run := func(src, want string) {
			t.Helper()
			got := ""
			if e := s.Exec(src, 1); e != nil {
				got = e.Error()
			}
			if got != want {
				t.Errorf("%s: got %q, want %q", src, got, want)
			}
		}
		run("keep = torch.arange(6)", "")
		// One allocation over the cap.
		run("torch.empty(5000000000000)", fmt.Sprintf(allocFail, 20000000000000))
		run("torch.zeros(20000000)", fmt.Sprintf(allocFail, 80000000))
		run("torch.full((9000, 1000), 1.5, dtype=torch.float64)", fmt.Sprintf(allocFail, 72000000))
		// Intermediate results: the broadcast result of 10 GB is refused
		// before anything is computed.
		run("torch.ones(50000, 1) + torch.ones(1, 50000)", fmt.Sprintf(allocFail, 10000000000))
		run("torch.ones(50000, 1, dtype=torch.int64) * torch.ones(1, 50000)", fmt.Sprintf(allocFail, 10000000000))
		run("y = torch.ones(4500, 1).expand(4500, 4500).contiguous()", fmt.Sprintf(allocFail, 81000000))
		run("y = torch.ones(4500, 1).expand(4500, 4500).clone()", fmt.Sprintf(allocFail, 81000000))
		run("y = torch.ones(3000, 1).expand(3000, 3000).to(torch.float64)", fmt.Sprintf(allocFail, 72000000))
		run("y = torch.ones(4500, 1).expand(4500, 4500).to(torch.float64)", fmt.Sprintf(allocFail, 162000000))
		// Sizes: overflow and negative dimensions.
		run("torch.empty(4611686018427387904, 4611686018427387904)",
			"RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904, 4611686018427387904]")
		run("torch.zeros(2**61, 4)", "RuntimeError: Storage size calculation overflowed with sizes=[2305843009213693952, 4]")
		run("torch.empty(-1)", "RuntimeError: Trying to create tensor with negative dimension -1: [-1]")
		run("torch.rand(2, -3)", "RuntimeError: Trying to create tensor with negative dimension -3: [2, -3]")
		// What is alive counts: two tensors of 40 MB do not fit under
		// 64 MB together; once the first is gone, the second fits. (A value
		// shown by an expression statement stays alive as _.)
		run("a = torch.zeros(10000000)", "")
		run("b = torch.zeros(10000000)", fmt.Sprintf(allocFail, 40000000))
		run("b = a + 1", fmt.Sprintf(allocFail, 40000000))
		run("del a", "")
		run("b = torch.zeros(10000000)", "")
		run("del b", "")
		// Python objects.
		run("[0] * 10**8", "MemoryError")
		run("'ab' * 10**8", "MemoryError")
		run("list(range(10**8))", "MemoryError")
		run("tuple(range(10**9))", "MemoryError")
		run("x = torch.zeros(4000000); y = x.tolist()", "MemoryError")
		run("torch.zeros(10**12, 0).tolist()", "MemoryError")
		run("torch.set_printoptions(threshold=10**9); r = repr(torch.zeros(4000000, dtype=torch.bool))", "MemoryError")
		run("torch.set_printoptions(threshold=1000)", "")
		run("l = [1] * 1000", "")
		run("l.extend(l * 10**5)", "MemoryError")
		run("l += l * 10**5", "MemoryError")
		run("len(l), keep, 'x' * 0 * 10**12, [] * 10**12", "")
		if want := "(1000, tensor([0, 1, 2, 3, 4, 5]), '', [])\n"; out.String() != want {
			t.Errorf("printed %q, want %q", out.String(), want)
		}
	})
}

// TestAllocationChecks: the runtime's own temporaries are checked too.
func TestAllocationChecks(t *testing.T) {
	withMemoryLimit(64<<20, func() {
		s := NewSession(Options{})
		for _, c := range []struct{ src, want string }{
			// The result of a gather with broadcast indices.
			{"x = torch.zeros(100, 100); i = torch.zeros(10**5, dtype=torch.long); x[i[:, None], i[None, :]]", fmt.Sprintf(allocFail, 40000000000)},
			// The offsets of a scatter with broadcast indices.
			{"x = torch.zeros(100, 100); i = torch.zeros(10**5, dtype=torch.long); x[i[:, None], i[None, :]] = 1", fmt.Sprintf(allocFail, 80000000000)},
		} {
			got := ""
			if e := s.Exec(c.src, 1); e != nil {
				got = e.Error()
			}
			if got != c.want {
				t.Errorf("%s: got %q, want %q", c.src, got, c.want)
			}
		}
	})
}

// TestOverflowsAndHugeResults: sizes that overflow, and results far bigger
// than their inputs (text, views, strings), fail cleanly.
func TestOverflowsAndHugeResults(t *testing.T) {
	withMemoryLimit(64<<20, func() {
		s := NewSession(Options{})
		for _, c := range []struct{ src, want string }{
			{"torch.zeros(1).expand(2**62, 4)", "RuntimeError: numel: integer multiplication overflow"},
			{"torch.zeros(1).expand(*[2]*70)", "RuntimeError: numel: integer multiplication overflow"},
			{"torch.zeros(1).as_strided((2**62, 4), (0, 0))", "RuntimeError: numel: integer multiplication overflow"},
			{"torch.zeros(0).view(2**62, 2**62, 0)", "RuntimeError: numel: integer multiplication overflow"},
			{"torch.zeros(1).expand(2**40).tolist()", "MemoryError"},
			{"torch.empty(10**8, 0).unbind()", "MemoryError"},
			{"torch.empty(10**8, 0).split(1)", "MemoryError"},
			{"torch.empty(0).chunk(10**18)", "MemoryError"},
			{"repr(torch.zeros([1] * 10**6))", "RecursionError: maximum recursion depth exceeded while calling a Python object"},
			{"('x' * 10**5).replace('x', 'y' * 10**5)", "MemoryError"},
			{"','.join(['ab'] * 10**7)", "MemoryError"},
			{"f'{1:10000000000}'", "MemoryError"},
			{"f'{1:99999999999999999999}'", "ValueError: Too many decimal digits in format string"},
			{"f'{1.5:.2147483648}'", "ValueError: precision too big"},
			{"f'{1.5:.999999999}'", ""},
			{"'a,b'.split('')", "ValueError: empty separator"},
		} {
			got := ""
			if e := s.Exec(c.src, 1); e != nil {
				got = e.Error()
			}
			if got != c.want {
				t.Errorf("%s: got %q, want %q", c.src, got, c.want)
			}
		}
	})
}

// TestDeepSource: expressions nested past the compiler's limit raise
// RecursionError, as CPython does; brackets past 200, SyntaxError.
func TestDeepSource(t *testing.T) {
	s := NewSession(Options{})
	for _, c := range []struct{ src, want string }{
		{strings.Repeat("not ", 3000) + "x", "RecursionError: maximum recursion depth exceeded during compilation"},
		{"x" + strings.Repeat("[0]", 3000), "RecursionError: maximum recursion depth exceeded during compilation"},
		{"%explain " + strings.Repeat("-", 3000) + "1", "RecursionError: maximum recursion depth exceeded during compilation"},
		{strings.Repeat("[", 10000) + strings.Repeat("]", 10000), "SyntaxError: too many nested parentheses"},
	} {
		got := ""
		if e := s.Exec(c.src, 1); e != nil {
			got = e.Error()
		}
		if got != c.want {
			t.Errorf("%.30s...: got %q, want %q", c.src, got, c.want)
		}
	}
}
