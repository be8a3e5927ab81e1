package gpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"sync/atomic"

	"github.com/tensh/tensh/runtime/tensor"
)

// Contexts, queues, buffers and kernel launches on one device. A device's
// calls are serialised by its mutex (one in-order queue per device).

const clMemReadWrite = 1

// WorkGroup is the fixed work-group size of every launch (pocl compiles a
// kernel per distinct local size; a fixed one is compiled once).
const WorkGroup = 64

// start makes the device's context and queue once.
func (d *Device) start() error {
	if d.started {
		return d.ready
	}
	d.started = true
	ctx, code := callHandle(cl.createContext, 0, 1, ptr(&d.id), 0, 0)
	if err := check(code, "clCreateContext"); err != nil {
		d.ready = err
		return err
	}
	q, code := callHandle(cl.createCommandQueue, ctx, d.id, 0)
	if err := check(code, "clCreateCommandQueue"); err != nil {
		d.ready = err
		return err
	}
	d.ctx, d.queue = ctx, q
	return nil
}

// Buffer is device memory.
type Buffer struct {
	mem  uintptr
	Size int
	dev  *Device
}

// Alloc allocates size bytes of device memory (at least one byte).
func (d *Device) Alloc(size int) (*Buffer, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.alloc(size)
}

func (d *Device) alloc(size int) (*Buffer, error) {
	if err := d.start(); err != nil {
		return nil, err
	}
	n := max(size, 1)
	if (d.MaxAlloc > 0 && uint64(n) > d.MaxAlloc) || (d.Memory > 0 && uint64(n) > d.Memory) {
		return nil, &OutOfMemoryError{fmt.Sprintf(errOutOfMemory, d.Name, n, d.Memory)}
	}
	m, code := callHandle(cl.createBuffer, d.ctx, clMemReadWrite, uintptr(n), 0)
	switch code {
	case 0:
	case -4, -5, -6, -61:
		return nil, &OutOfMemoryError{fmt.Sprintf(errOutOfMemory, d.Name, n, d.Memory)}
	default:
		return nil, check(code, "clCreateBuffer")
	}
	return &Buffer{mem: m, Size: size, dev: d}, nil
}

// Free releases the buffer's memory.
func (b *Buffer) Free() {
	if b != nil && b.mem != 0 {
		call(cl.releaseMem, b.mem)
		b.mem = 0
	}
}

// Write copies host bytes into the buffer (blocking).
func (b *Buffer) Write(src []byte) error {
	if len(src) == 0 {
		return nil
	}
	b.dev.mu.Lock()
	defer b.dev.mu.Unlock()
	err := check(call(cl.enqueueWrite, b.dev.queue, b.mem, 1, 0, uintptr(len(src)), bytesPtr(src), 0, 0, 0), "clEnqueueWriteBuffer")
	runtime.KeepAlive(src)
	return err
}

// Read copies the buffer's first len(dst) bytes to the host (blocking).
func (b *Buffer) Read(dst []byte) error {
	if len(dst) == 0 {
		return nil
	}
	b.dev.mu.Lock()
	defer b.dev.mu.Unlock()
	err := check(call(cl.enqueueRead, b.dev.queue, b.mem, 1, 0, uintptr(len(dst)), bytesPtr(dst), 0, 0, 0), "clEnqueueReadBuffer")
	runtime.KeepAlive(dst)
	return err
}

// Launches counts the kernels launched (tests check that an operation
// ran on the device).
var Launches atomic.Int64

// Run launches kernel name of the program over n work items (rounded up
// to the fixed work-group size; kernels test their index against n) and
// waits for it. Arguments: *Buffer, int32, int64, uint32, float32,
// float64, or []byte (a struct passed by value).
func (d *Device) Run(p *Program, name string, n int, args ...any) error {
	if n <= 0 {
		return nil
	}
	wg := WorkGroup
	if d.MaxWG > 0 && d.MaxWG < wg {
		wg = d.MaxWG
	}
	total := (n + wg - 1) / wg * wg
	for off := 0; off < total; off += runPiece {
		if off > 0 {
			// Between two pieces of a long launch: Ctrl-C stops the
			// operation here (KeyboardInterrupt), as a CPU kernel stops
			// between chunks.
			tensor.CheckInterrupt()
		}
		if err := d.launchAt(p, name, off, min(runPiece, total-off), wg, args...); err != nil {
			return err
		}
	}
	return nil
}

// runPiece is the most work items of one launch of Run (a multiple of
// every work-group size): longer work is launched piece by piece, each
// with its global offset, so that an interrupt is honoured between them.
const runPiece = 1 << 22

// RunGroups launches groups work-groups of exactly WorkGroup items (for
// kernels that share local memory across a group).
func (d *Device) RunGroups(p *Program, name string, groups int, args ...any) error {
	if groups <= 0 {
		return nil
	}
	return d.launch(p, name, groups*WorkGroup, WorkGroup, args...)
}

func (d *Device) launch(p *Program, name string, n, wg int, args ...any) error {
	return d.launchAt(p, name, 0, n, wg, args...)
}

// launchAt launches n work items from the global offset off.
func (d *Device) launchAt(p *Program, name string, off, n, wg int, args ...any) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	k, err := d.kernel(p, name)
	if err != nil {
		return err
	}
	for i, a := range args {
		var v []byte
		switch x := a.(type) {
		case *Buffer:
			v = binary.LittleEndian.AppendUint64(nil, uint64(x.mem))
		case int32:
			v = binary.LittleEndian.AppendUint32(nil, uint32(x))
		case uint32:
			v = binary.LittleEndian.AppendUint32(nil, x)
		case int64:
			v = binary.LittleEndian.AppendUint64(nil, uint64(x))
		case float32:
			v = binary.LittleEndian.AppendUint32(nil, math.Float32bits(x))
		case float64:
			v = binary.LittleEndian.AppendUint64(nil, math.Float64bits(x))
		case []byte:
			v = x
		}
		if err := check(call(cl.setKernelArg, k, uintptr(i), uintptr(len(v)), bytesPtr(v)), fmt.Sprintf("clSetKernelArg %s #%d", name, i)); err != nil {
			return err
		}
		runtime.KeepAlive(v)
	}
	global, local, offset := uintptr(n), uintptr(wg), uintptr(off)
	offp := uintptr(0)
	if off > 0 {
		offp = ptr(&offset)
	}
	if err := check(call(cl.enqueueNDRange, d.queue, k, 1, offp, ptr(&global), ptr(&local), 0, 0, 0), "clEnqueueNDRangeKernel "+name); err != nil {
		return err
	}
	Launches.Add(1)
	return check(call(cl.finish, d.queue), "clFinish")
}

// cString is s with a terminating NUL.
func cString(s string) []byte { return append([]byte(s), 0) }
