package tensor

import (
	"runtime"
	"sync"
	"weak"
)

// Fake data pointers. tensh has no stable C addresses to show, so
// data_ptr() reports a made-up address: each storage gets, the first time
// it is asked, a base address that no other live storage's range overlaps
// (64-byte aligned, as PyTorch's allocator aligns), and a tensor's data_ptr
// is that base plus offset × itemsize. Views of one storage therefore
// agree with each other as they do in PyTorch (x[1].data_ptr() -
// x.data_ptr() == x.stride(0) * x.element_size()). An empty storage has
// address 0, as in PyTorch.

var (
	addrMu   sync.Mutex
	addrs    = map[weak.Pointer[Storage]]uint64{}
	nextAddr = uint64(0x7f3a00000000)
)

// StorageAddress is the fake base address of s (0 when s is empty).
func StorageAddress(s *Storage) uint64 {
	s = s.rootStorage()
	if s.n == 0 {
		return 0
	}
	addrMu.Lock()
	defer addrMu.Unlock()
	wp := weak.Make(s)
	if a, ok := addrs[wp]; ok {
		return a
	}
	a := nextAddr
	bytes := uint64(s.n) * uint64(s.dtype.ItemSize())
	nextAddr += (bytes+63)/64*64 + 64
	addrs[wp] = a
	runtime.AddCleanup(s, func(wp weak.Pointer[Storage]) {
		addrMu.Lock()
		delete(addrs, wp)
		addrMu.Unlock()
	}, wp)
	return a
}

// DataPtr is t.data_ptr(): the fake address of t's first element.
func (t *Tensor) DataPtr() uint64 {
	base := StorageAddress(t.st)
	if base == 0 {
		return 0
	}
	return base + uint64(t.offset)*uint64(t.DType().ItemSize())
}
