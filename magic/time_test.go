package magic

import (
	"io"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

func TestFormatTime(t *testing.T) {
	cases := map[float64]string{
		545e-9: "545 ns", 14.9e-3: "14.9 ms", 2: "2 s", 4.05e-6: "4.05 \u00b5s", 0: "0 ns",
		0.5: "500 ms", 59.9: "59.9 s", 61: "1min 1s", 3723: "1h 2min 3s", 1e-10: "0.1 ns",
	}
	for v, want := range cases {
		if got := formatTime(v, 3); got != want {
			t.Errorf("formatTime(%g) = %q, want %q", v, got, want)
		}
	}
	if got := timeitLine(545e-9, 5.26e-9, 7, 1000000); got != "545 ns \u00b1 5.26 ns per loop (mean \u00b1 std. dev. of 7 runs, 1,000,000 loops each)" {
		t.Errorf("timeit line %q", got)
	}
	if got := timeitLine(1.5, 0, 1, 1); got != "1.5 s \u00b1 0 ns per loop (mean \u00b1 std. dev. of 1 run, 1 loop each)" {
		t.Errorf("timeit line %q", got)
	}
}

// TestTimeitManyRepeats (issue 27 item 6): %timeit -r 1000000000 runs in
// constant memory (it made an array of -r timings up front: 8 GB) and
// stops at Ctrl-C.
func TestTimeitManyRepeats(t *testing.T) {
	s := eval.NewSession(eval.Options{Out: io.Discard})
	before := heapObjects()
	timer := time.AfterFunc(300*time.Millisecond, tensor.Interrupt)
	defer timer.Stop()
	e := s.Exec("%timeit -n 1 -r 1000000000 x = 1", 1)
	tensor.ClearInterrupt()
	if e == nil || e.Type != "KeyboardInterrupt" {
		t.Fatalf("not interrupted: %v", e)
	}
	if grew := heapObjects() - before; grew > 64<<20 {
		t.Errorf("the heap grew by %d MB", grew>>20)
	}
}

func heapObjects() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}
