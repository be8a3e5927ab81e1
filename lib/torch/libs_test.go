package torch

// Some tests switch %compat or call Tensor.numpy(): the magics and numpy
// are linked, as cmd/tensh links them.
import (
	_ "github.com/tensh/tensh/lib/numpy"
	_ "github.com/tensh/tensh/magic"
)
