package tensor

import (
	"sync/atomic"
	"unsafe"
)

// Device-resident elements. A GPU tensor's storage may hold a copy of its
// elements in device memory (a DeviceMem, runtime/gpu's buffer), kept on
// the storage that owns the memory (the root of view(dtype) storages).
// Two flags say which copy is current:
//
//   - devCurrent: the device copy holds the current elements (a kernel
//     may read it without an upload);
//   - hostStale: a kernel has written the device copy since the host copy
//     was last current (hostStale implies devCurrent).
//
// Every host access goes through Storage.host, which downloads a stale
// host copy and then drops devCurrent, since the caller may write the
// host elements: the next kernel uploads them again. The host copy is
// therefore made lazily (printing, item(), indexing, an operation without
// a kernel, .cpu()) and never read stale, and the device copy is never
// read after a write on the host.

// DeviceMem is a storage's copy of its elements in device memory.
type DeviceMem interface {
	// Download copies the device copy into host, the storage's bytes.
	Download(host []byte)
}

// host is the storage's backing slice for an access on the host: the
// device's elements are downloaded first when they are newer, and the
// device copy stops being current.
func (s *Storage) host() any {
	if s.root == nil && s.dev == nil {
		return s.data
	}
	s.rootStorage().syncHost()
	return s.data
}

// syncHost makes the host copy of a root storage current and the device
// copy stale.
func (s *Storage) syncHost() {
	if s.dev == nil {
		return
	}
	hostAccesses.Add(1)
	s.devMu.Lock()
	defer s.devMu.Unlock()
	if s.hostStale {
		s.dev.Download(s.rawBytes())
		s.hostStale = false
	}
	if s.devCurrent { // written only on the first access after a kernel
		s.devCurrent = false
	}
}

// hostAccesses counts the host's accesses to the elements of storages
// that have a device copy: a CPU kernel reading or writing a GPU tensor,
// printing one, item(), ... (HostAccesses).
var hostAccesses atomic.Int64

// HostAccesses is the number of times the host has accessed the elements
// of a storage with a device copy so far: an operation of GPU tensors
// during which it grows ran (at least partly) on the CPU, which %trace
// reports.
func HostAccesses() int64 { return hostAccesses.Load() }

// DeviceCopy is the device copy of the storage's memory (nil when none)
// and whether it is current.
func (s *Storage) DeviceCopy() (m DeviceMem, current bool) {
	r := s.rootStorage()
	return r.dev, r.dev != nil && r.devCurrent
}

// AttachDevice gives the storage's memory a device copy m, not current
// (the host copy is made current first when a previous device copy was
// newer).
func (s *Storage) AttachDevice(m DeviceMem) {
	r := s.rootStorage()
	r.syncHost()
	r.dev, r.devCurrent, r.hostStale = m, false, false
}

// DeviceUploaded records that the device copy now holds the host's
// elements.
func (s *Storage) DeviceUploaded() { s.rootStorage().devCurrent = true }

// DeviceWritten records that a kernel wrote the device copy (the host
// copy is stale until the next host access). The device copy must have
// been current or fully written.
func (s *Storage) DeviceWritten() {
	r := s.rootStorage()
	r.devCurrent, r.hostStale = true, true
}

// HostBytes are the bytes of the storage's memory (its root's) as the
// host holds them, for an upload: they are current whenever the device
// copy is not.
func (s *Storage) HostBytes() []byte { return s.rootStorage().rawBytes() }

// rawBytes are the storage's bytes without a sync.
func (s *Storage) rawBytes() []byte {
	n := s.n * s.dtype.ItemSize()
	if n == 0 {
		return nil
	}
	p := slicePointer(s.data)
	if p == nil {
		return nil
	}
	return unsafe.Slice((*byte)(p), n)
}

// labelled is x, a view just made of a tensor's storage, on dev (the
// accelerator keeps the device copy of a GPU tensor's storage only).
func labelled(x *Tensor, dev Device) *Tensor {
	x.device = dev
	return x
}

// paramKernels name the internal unary kernels the accelerator may run.
var paramKernels = map[UnaryOp]string{uClamp: "clamp", uClampMin: "clamp_min", uClampMax: "clamp_max", uSquare: "square", uCube: "cube", uInvSquare: "inv_square", uPowScalar: "pow_scalar", uPowIntScalar: "pow_int_scalar",
	uNanToNum: "nan_to_num", uNonzero: "nonzero", uFalse: "false", uTrue: "true"}

// accelUnary runs unary kernel k on dst's device, reporting whether the
// accelerator could.
func accelUnary(k UnaryOp, dst, a *Tensor, par unaryParams) bool {
	if k < numUnaryOps {
		return accelerator.Unary(k, dst, a)
	}
	switch name := paramKernels[k]; k {
	case uClamp:
		return accelerator.UnaryParam(name, dst, a, par.p1, par.p2)
	case uClampMin, uClampMax, uPowIntScalar:
		return accelerator.UnaryParam(name, dst, a, par.p1)
	case uPowScalar:
		return accelerator.UnaryParam(name, dst, a, FloatS(par.e))
	case uSquare, uCube, uInvSquare, uNonzero, uFalse, uTrue:
		return accelerator.UnaryParam(name, dst, a)
	case uNanToNum:
		return accelerator.UnaryParam(name, dst, a, par.p1, par.p2, par.p3)
	case uRoundDecimals:
		name = "round_decimals"
		if par.neg {
			name = "round_decimals_neg"
		}
		return accelerator.UnaryParam(name, dst, a, par.p1)
	}
	return false
}

// accelExtremum is extremumDim on t's device (nil when the accelerator
// cannot): the indices by a kernel, the values gathered by them.
func accelExtremum(t *Tensor, d int, oshape []int, isMax, wantValues bool) (vals, idx *Tensor) {
	if t.device.IsCPU() || accelerator == nil {
		return nil, nil
	}
	var shape, strides []int
	for i := range t.shape {
		if i != d {
			shape, strides = append(shape, t.shape[i]), append(strides, t.strides[i])
		}
	}
	idx = Empty(oshape, Int64)
	idx.device = t.device
	lines := labelled(FromStorage(t.st, t.offset, shape, strides), t.device)
	iv := labelled(FromStorage(idx.st, 0, shape, ContiguousStrides(shape)), t.device)
	if !accelerator.ArgExtremum(iv, lines, t.shape[d], t.strides[d], isMax) {
		return nil, nil
	}
	if !wantValues {
		return nil, idx
	}
	vals = Empty(oshape, t.DType())
	vals.device = t.device
	vv := labelled(FromStorage(vals.st, 0, shape, ContiguousStrides(shape)), t.device)
	if !accelerator.Gather(vv, lines, iv, t.strides[d]) {
		CopyInto(vv, labelled(FromStorage(t.st, t.offset, shape, strides), CPU).gatherLine(iv, t.strides[d]))
	}
	return vals, idx
}

// gatherLine is, on the host, x[idx * stride] over x's shape.
func (x *Tensor) gatherLine(idx *Tensor, stride int) *Tensor {
	out := Empty(x.shape, x.DType())
	ix := idx.Contiguous()
	k := 0
	ForEachOffset(x.shape, x.strides, x.offset, func(off int) {
		out.st.Set(k, x.st.Get(off+int(ix.st.Get(ix.offset+k).Int())*stride))
		k++
	})
	return out
}

// accelScan runs scan's kernel along dim w on in's device (out, new and
// contiguous, then goes on that device).
func accelScan(prod bool, out, in *Tensor, w int) bool {
	if in.device.IsCPU() || accelerator == nil {
		return false
	}
	var shape, istr, ostr []int
	for i := range in.shape {
		if i != w {
			shape = append(shape, in.shape[i])
			istr, ostr = append(istr, in.strides[i]), append(ostr, out.strides[i])
		}
	}
	ov := labelled(FromStorage(out.st, 0, shape, ostr), in.device)
	iv := labelled(FromStorage(in.st, in.offset, shape, istr), in.device)
	if !accelerator.Scan(prod, ov, iv, in.shape[w], out.strides[w], in.strides[w]) {
		return false
	}
	out.device = in.device
	return true
}
