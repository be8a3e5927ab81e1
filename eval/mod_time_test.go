package eval

import "testing"

// TestSleepInterrupt: Ctrl-C stops time.sleep within interruptLatency,
// with KeyboardInterrupt.
func TestSleepInterrupt(t *testing.T) {
	for try := 1; ; try++ {
		took := runInterrupted(t, "import time", "time.sleep(60)")
		if took <= interruptLatency {
			return
		}
		if try == 2 {
			t.Fatalf("time.sleep stopped %v after the interrupt, want < %v", took, interruptLatency)
		}
	}
}
