package torch

// Some tests switch %compat: the magics are linked, as cmd/tensh links them.
import _ "github.com/tensh/tensh/magic"
