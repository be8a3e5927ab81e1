//go:build !amd64

package tensor

// makeUninit is makeSlice where the runtime's non-clearing allocator is
// not linked.
func makeUninit(d DType, n int) any { return makeSlice(d, n) }
