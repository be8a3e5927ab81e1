package numpy

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestNumpyUnderTheCap (issue 27 item 7): under a small memory cap, NumPy
// calls whose result does not fit fail at once with NumPy's
// _ArrayMemoryError for the array NumPy allocates (np.array of a big
// list, linspace and repeat allocated gigabytes first, or did not finish).
func TestNumpyUnderTheCap(t *testing.T) {
	old := tensor.MemoryLimit()
	defer tensor.SetMemoryLimit(old)
	tensor.SetMemoryLimit(64 << 20)
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	s.Exec("import numpy as np", 1)
	s.Exec("big = [[0] * 3000] * 3000", 1)
	for src, want := range map[string]string{
		"np.array(big)":                    "Unable to allocate 68.7 MiB for an array with shape (3000, 3000) and data type int64",
		"np.linspace(0, 1, 2 * 10**8)":     "Unable to allocate 1.49 GiB for an array with shape (200000000,) and data type float64",
		"np.repeat(np.ones(3), 6 * 10**7)": "Unable to allocate 1.34 GiB for an array with shape (180000000,) and data type float64",
		"np.tile(np.ones(3), 10**7)":       "Unable to allocate 229. MiB for an array with shape (10000000, 3) and data type float64",
	} {
		start := time.Now()
		e := s.Exec(src, 1)
		if e == nil || e.Type != "numpy.core._exceptions._ArrayMemoryError" || !strings.Contains(e.Msg, want) {
			t.Errorf("%s: %v, want %s", src, e, want)
		}
		if d := time.Since(start); d > 60*time.Second { // generous: on a loaded machine; it did not finish before
			t.Errorf("%s took %v", src, d)
		}
	}
}
