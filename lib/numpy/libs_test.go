package numpy

// The bridge tests (torch.from_numpy, t.numpy()) need torch linked, and
// %whos the magics, as cmd/tensh links them.
import (
	_ "github.com/tensh/tensh/lib/torch"
	_ "github.com/tensh/tensh/magic"
)
