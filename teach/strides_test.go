package teach

import (
	"github.com/tensh/tensh/eval"

	"bytes"
	"strings"
	"testing"
)

// TestStridesFitsWidth: %strides wraps its prose on a terminal, never the
// storage rows.
func TestStridesFitsWidth(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out, Width: func() int { return 60 }})
	s.Exec("x = torch.arange(40).view(5, 8)", 1)
	s.Exec("%strides x.t()", 1)
	rows := 0
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if isStorageRow(l) {
			rows++
			continue
		}
		if len(l) > 60 {
			t.Errorf("line of %d columns: %q", len(l), l)
		}
	}
	if rows != 3 {
		t.Errorf("%d storage rows, want 3 unbroken:\n%s", rows, out.String())
	}
}
