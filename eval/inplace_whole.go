package eval

import (
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Issue 16, item 5: an operation that writes into a tensor that exists
// (x.add_(1), torch.add(x, 1, out=y), x += 1, x[i] = v) runs to its end
// when Ctrl-C comes, and KeyboardInterrupt is raised after it, so that no
// tensor is left partly updated; PyTorch's kernels always finish too.

// writesInPlace reports whether calling fn with args writes into an
// existing tensor: an in-place method or function (its name ends in one
// '_': add_, not __add__) or an out= argument.
func writesInPlace(fn Value, args *Args) bool {
	if tensor.InterruptsHeld() {
		return false // already whole
	}
	var name string
	switch f := fn.(type) {
	case *Builtin:
		name = f.Name
	case *BoundMethod:
		name = f.Fn.Name
	default:
		return false
	}
	if strings.HasSuffix(name, "_") && !strings.HasSuffix(name, "__") {
		return true
	}
	for _, kw := range args.Kw {
		if kw.Name == "out" {
			_, none := kw.Value.(NoneType)
			return !none
		}
	}
	return false
}

// callWhole is Call for an in-place call: see above.
func (s *Session) callWhole(fn Value, args *Args) (r Value) {
	tensor.Uninterrupted(func() { r = s.Call(fn, args) })
	return r
}

// whole runs f, which writes into a tensor, uninterrupted (see above).
func whole(f func()) { tensor.Uninterrupted(f) }
