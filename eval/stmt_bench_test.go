package eval

import (
	"io"
	"testing"
)

// benchLoop runs `for` loops of n iterations of body and reports the time
// per iteration.
func benchLoop(b *testing.B, setup, loop string) {
	s := NewSession(Options{Out: io.Discard})
	if e := s.Exec(setup, 1); e != nil {
		b.Fatal(e)
	}
	b.ResetTimer()
	if e := s.Exec("for i in range("+itoa(b.N)+"):\n"+loop+"\n", 1); e != nil {
		b.Fatal(e)
	}
}

func itoa(n int) string { return MakeInt(int64(n)).String() }

// BenchmarkLoopPython is `s += i` in a loop (CPython 3.11: about 40 ns an
// iteration).
func BenchmarkLoopPython(b *testing.B) { benchLoop(b, "s = 0", "    s += i") }

// BenchmarkLoopPythonFunc is the same loop inside a function.
func BenchmarkLoopPythonFunc(b *testing.B) {
	s := NewSession(Options{Out: io.Discard})
	if e := s.Exec("def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n", 1); e != nil {
		b.Fatal(e)
	}
	b.ResetTimer()
	if e := s.Exec("f("+itoa(b.N)+")", 1); e != nil {
		b.Fatal(e)
	}
}

// BenchmarkLoopTensor is `z = x + y` on 3x3 float32 tensors in a loop
// (CPython + PyTorch 1.13: about 1.5 µs an iteration).
func BenchmarkLoopTensor(b *testing.B) {
	benchLoop(b, "x = torch.ones(3, 3); y = torch.ones(3, 3)", "    z = x + y")
}

// BenchmarkCall is a call of a small Python function.
func BenchmarkCall(b *testing.B) {
	benchLoop(b, "def add(a, b):\n    return a + b\n", "    x = add(i, 1)")
}
