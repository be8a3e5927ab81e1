package tensor

import "unsafe"

// mallocgc is the Go runtime's allocator (a linkname the runtime keeps
// for outside users, go.dev/issue/67401). With a nil type the block is
// pointer-free; needzero false skips the clearing of reused memory.
//
//go:linkname mallocgc runtime.mallocgc
func mallocgc(size uintptr, typ unsafe.Pointer, needzero bool) unsafe.Pointer

// uninitMin is the size below which a zeroed make is as cheap.
const uninitMin = 1 << 16

// makeUninit allocates the slice for n elements of a float dtype without
// clearing it: only for results whose every element is written before
// anyone reads them.
func makeUninit(d DType, n int) any {
	switch d {
	case Float32:
		if n*4 >= uninitMin {
			return unsafe.Slice((*float32)(mallocgc(uintptr(n)*4, nil, false)), n)
		}
	case Float64:
		if n*8 >= uninitMin {
			return unsafe.Slice((*float64)(mallocgc(uintptr(n)*8, nil, false)), n)
		}
	}
	return makeSlice(d, n)
}
