package numpy

// The bridge tests (torch.from_numpy, t.numpy()) need torch linked, as
// cmd/tensh links it.
import _ "github.com/tensh/tensh/lib/torch"
