package eval

import "testing"

// TestInterruptLoops: Ctrl-C stops Python loops, function calls and
// comprehensions within interruptLatency, with KeyboardInterrupt.
func TestInterruptLoops(t *testing.T) {
	cases := []struct{ setup, stmt string }{
		{"n = 0", "while True:\n    n += 1\n"},
		{"i = 0", "for i in range(10**15):\n    pass\n"},
		{"def spin(k):\n    while True:\n        k += 1\n", "spin(0)"},
		{"def rec(k):\n    for i in range(10**15):\n        pass\n    return rec(k)\n", "rec(0)"},
		{"", "sum(i for i in range(10**15))"},
		{"", "len([0 for i in range(10**15)])"},
	}
	for _, c := range cases {
		t.Run(c.stmt, func(t *testing.T) {
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
