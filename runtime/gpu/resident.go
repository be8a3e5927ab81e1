package gpu

import (
	"runtime"
	"sync/atomic"

	"github.com/tensh/tensh/runtime/tensor"
)

// Device-resident storage: the storage of a GPU tensor keeps a buffer on
// its device (runtime/tensor's DeviceMem, with the flags saying which copy
// is current; see runtime/tensor/device_mem.go). A kernel reads its
// operands' buffers, uploading a storage only when the host wrote it
// since; it writes its result into the result's buffer, and the host copy
// is downloaded when the host next reads it. Operands labelled with the
// CPU (a 0-d CPU tensor, the source of a copy to the device) go through a
// buffer of their own for the one launch: the device keeps no copy of a
// CPU tensor, whose memory the host may share with others.

// resident is a storage's device copy.
type resident struct{ buf *Buffer }

// Download copies the device copy to the host.
func (r *resident) Download(host []byte) {
	if err := r.buf.Read(host); err != nil {
		raiseDevice(err)
	}
	Transfers.Down.Add(1)
}

// Transfers counts the uploads and downloads of whole storages (tests
// check that a chain of operations stays on the device).
var Transfers struct{ Up, Down atomic.Int64 }

// bound is an operand's buffer for one launch.
type bound struct {
	buf   *Buffer
	st    *tensor.Storage
	temp  bool // a buffer for this launch only (freed after it)
	write bool
}

// bind returns the buffer holding t's storage on dev for a launch: write
// when the kernel writes t, whole when it writes every byte of the
// storage (nothing to upload first).
func bind(dev *Device, t *tensor.Tensor, write, whole bool) *bound {
	st := t.Storage()
	if t.Device().IsCPU() {
		host := st.Bytes() // current on the host
		buf := mustAlloc(dev, len(host))
		check2(buf.Write(host))
		Transfers.Up.Add(1)
		return &bound{buf: buf, st: st, temp: true, write: write}
	}
	m, current := st.DeviceCopy()
	r, ok := m.(*resident)
	if !ok || r.buf.dev != dev || r.buf.mem == 0 {
		host := st.HostBytes()
		r = &resident{buf: allocResident(dev, len(host))}
		runtime.SetFinalizer(r, func(r *resident) { r.buf.Free() })
		st.AttachDevice(r)
		current = false
	}
	if !current && !(write && whole) {
		check2(r.buf.Write(st.HostBytes()))
		st.DeviceUploaded()
		Transfers.Up.Add(1)
	}
	return &bound{buf: r.buf, st: st, write: write}
}

// release ends a launch: the written storages' device copies are now
// newer than the host's; a launch-only buffer is read back and freed.
func (b *bound) release() {
	if !b.temp {
		if b.write {
			b.st.DeviceWritten()
		}
		return
	}
	defer b.buf.Free()
	if b.write {
		check2(b.buf.Read(b.st.Bytes()))
	}
}

// covers reports whether t's elements are every element of its storage,
// each once (a kernel writing t writes the whole storage).
func covers(t *tensor.Tensor) bool {
	return t.Offset() == 0 && t.IsContiguous() && t.Numel()*t.DType().ItemSize() == len(t.Storage().HostBytes())
}

// allocResident allocates a storage's buffer; when the device is out of
// memory, the buffers of storages no longer reachable are released (a
// garbage collection runs their finalizers) before one more try.
func allocResident(dev *Device, n int) *Buffer {
	b, err := dev.Alloc(n)
	if _, oom := err.(*OutOfMemoryError); oom && (dev.Memory == 0 || uint64(n) <= dev.Memory) {
		runtime.GC()
		for range 4 {
			runtime.Gosched()
		}
		b, err = dev.Alloc(n)
	}
	if err != nil {
		raiseDevice(err)
	}
	return b
}
