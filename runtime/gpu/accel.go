package gpu

import (
	"encoding/binary"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// The accelerator: runtime/tensor calls it for operations whose result
// lives on a GPU device. Elements live in host storage (runtime/tensor's
// Storage); an operation uploads each operand's span, runs its kernel and
// downloads the result's span.

func init() { tensor.SetAccelerator(accel{}) }

type accel struct{}

// deviceOf is the OpenCL device of a tensor device (nil when none).
func deviceOf(d tensor.Device) *Device {
	devs := Devices(d.Type)
	i := max(d.Index, 0)
	if i >= len(devs) {
		return nil
	}
	return devs[i]
}

// geometry is a launch's coalesced sizes and per-operand strides and
// offsets.
type geometry struct {
	n       int
	size    []int
	st      [3][]int
	offsets [3]int // each operand's first element in its storage
	spans   [3]int // elements from the first to one past the last
}

// broadcastStrides are t's strides over shape (right-aligned; 0 where t
// has size 1 or no dimension).
func broadcastStrides(t *tensor.Tensor, shape []int) []int {
	out := make([]int, len(shape))
	ts, st := t.Shape(), t.Strides()
	for i := range shape {
		j := i - (len(shape) - len(ts))
		if j >= 0 && ts[j] == shape[i] && ts[j] != 1 {
			out[i] = st[j]
		}
	}
	return out
}

// newGeometry coalesces dst's shape over the operands: size-1 dimensions
// go, and neighbours merge when every operand's strides allow.
func newGeometry(dst *tensor.Tensor, ins ...*tensor.Tensor) (*geometry, bool) {
	shape := dst.Shape()
	ops := append([]*tensor.Tensor{dst}, ins...)
	var sts [3][]int
	for k, t := range ops {
		sts[k] = broadcastStrides(t, shape)
	}
	g := &geometry{n: dst.Numel()}
	for i, s := range shape {
		if s == 1 {
			continue
		}
		last := len(g.size) - 1
		merge := last >= 0
		for k := range ops {
			merge = merge && g.st[k][last] == sts[k][i]*s
		}
		if merge {
			g.size[last] *= s
			for k := range ops {
				g.st[k][last] = sts[k][i]
			}
			continue
		}
		g.size = append(g.size, s)
		for k := range ops {
			g.st[k] = append(g.st[k], sts[k][i])
		}
	}
	if len(g.size) > MaxDims {
		return nil, false
	}
	for k, t := range ops {
		g.offsets[k] = t.Offset()
		span := 1
		for i, s := range g.size {
			span += (s - 1) * g.st[k][i]
		}
		g.spans[k] = span
	}
	return g, true
}

// fits32 reports whether the 32-bit index variant covers the launch.
func (g *geometry) fits32() bool {
	if g.n >= math.MaxInt32 {
		return false
	}
	for _, s := range g.spans {
		if s >= math.MaxInt32 {
			return false
		}
	}
	return true
}

// encode is the geometry struct's bytes for the index width.
func (g *geometry) encode(wide bool) []byte {
	var b []byte
	put := func(v int) {
		if wide {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		} else {
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		}
	}
	put(g.n)
	put(len(g.size))
	for i := 0; i < MaxDims; i++ {
		put(at(g.size, i))
	}
	for k := 0; k < 3; k++ {
		for i := 0; i < MaxDims; i++ {
			put(at(g.st[k], i))
		}
	}
	return b
}

func at(s []int, i int) int {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// scalarBytes is a scalar as one element of dtype d.
func scalarBytes(s tensor.Scalar, d tensor.DType) []byte {
	t := tensor.Scalar0(s, d)
	return append([]byte{}, t.Storage().Bytes()[:d.ItemSize()]...)
}

// span is the bytes of a tensor's storage from its first to one past its
// last element.
func span(t *tensor.Tensor, offset, n int) []byte {
	isz := t.DType().ItemSize()
	return t.Storage().Bytes()[offset*isz : (offset+n)*isz]
}

// Binary runs a binary operation on the device of dst.
func (accel) Binary(op tensor.BinaryOp, dst, a, b *tensor.Tensor, alpha tensor.Scalar, hasAlpha bool) bool {
	desc, ok := binaryDescs[op]
	if hasAlpha {
		desc, ok = addAlpha, op == tensor.OpAdd || op == tensor.OpSub
	}
	d := a.DType()
	dev := deviceOf(dst.Device())
	if !ok || dev == nil || clType(d) == "" || desc.expr(d) == "" || (d == tensor.Float64 && !dev.FP64) || dst.Numel() == 0 {
		return false
	}
	g, ok := newGeometry(dst, a, b)
	if !ok {
		return false
	}
	prog := build(dev, "binary", d, binarySource)
	name := desc.name + "_long"
	if g.fits32() {
		name = desc.name + "_int"
	}
	run(dev, prog, name, g, []*tensor.Tensor{dst, a, b}, scalarBytes(alpha, d))
	return true
}

// build returns the program of a family and dtype, raising on failure.
func build(dev *Device, family string, d tensor.DType, src func(tensor.DType) string) *Program {
	p, err := dev.Build(src(d))
	if err != nil {
		tensor.Raise(tensor.RuntimeError, "%s", err.Error())
	}
	return p
}

// run uploads the operands' spans, launches the kernel over the geometry
// and downloads the result (operand 0).
func run(dev *Device, prog *Program, name string, g *geometry, ops []*tensor.Tensor, extra ...[]byte) {
	bufs := make([]*Buffer, len(ops))
	defer func() {
		for _, b := range bufs {
			b.Free()
		}
	}()
	for k, t := range ops {
		host := span(t, g.offsets[k], g.spans[k])
		buf, err := dev.Alloc(len(host))
		if err != nil {
			raiseDevice(err)
		}
		bufs[k] = buf
		// The result's span is uploaded too when the result does not
		// cover it (the elements between are kept).
		if k > 0 || g.spans[0] != g.n {
			if err := buf.Write(host); err != nil {
				raiseDevice(err)
			}
		}
	}
	args := []any{}
	for _, b := range bufs {
		args = append(args, b)
	}
	args = append(args, g.encode(!g.fits32()))
	for _, e := range extra {
		args = append(args, e)
	}
	if err := dev.Run(prog, name, g.n, args...); err != nil {
		raiseDevice(err)
	}
	if err := bufs[0].Read(span(ops[0], g.offsets[0], g.spans[0])); err != nil {
		raiseDevice(err)
	}
}

// raiseDevice raises a device error as a RuntimeError.
func raiseDevice(err error) {
	tensor.Raise(tensor.RuntimeError, "%s", err.Error())
}
