package gpu

import (
	"encoding/binary"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// The accelerator: runtime/tensor calls it for operations whose result
// lives on a GPU device. The operands' elements live in device buffers
// (resident.go); kernels index them from each operand's offset.

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
	st      [maxOperands][]int
	offsets [maxOperands]int // each operand's first element in its storage
	spans   [maxOperands]int // elements from the first to one past the last
	nops    int
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
	var sts [maxOperands][]int
	for k, t := range ops {
		sts[k] = broadcastStrides(t, shape)
	}
	g := &geometry{n: dst.Numel(), nops: len(ops)}
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

// forceWide makes every launch use the 64-bit index variant (tests).
var forceWide bool

// fits32 reports whether the 32-bit index variant covers the launch.
func (g *geometry) fits32() bool {
	if forceWide || g.n >= math.MaxInt32 {
		return false
	}
	for k, s := range g.spans[:g.nops] {
		if g.offsets[k]+s >= math.MaxInt32 {
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
	for k := 0; k < maxOperands; k++ {
		for i := 0; i < MaxDims; i++ {
			put(at(g.st[k], i))
		}
	}
	for k := 0; k < maxOperands; k++ {
		put(at(g.offsets[:g.nops], k))
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

// Binary runs a binary operation on the device of dst.
func (accel) Binary(op tensor.BinaryOp, dst, a, b *tensor.Tensor, alpha tensor.Scalar, hasAlpha bool) bool {
	ds, ok := binaryDescs[op]
	if hasAlpha {
		ds, ok = addAlpha, op == tensor.OpAdd || op == tensor.OpSub
	}
	d := a.DType()
	if !ok || ds.expr(d) == "" {
		return false
	}
	var extra [][]byte
	if hasAlpha {
		extra = append(extra, scalarBytes(alpha, d))
	}
	return launch(dst, d, binarySource, ds.name, []*tensor.Tensor{dst, a, b}, extra...)
}

// Unary runs a unary operation (one of the public ones, without
// parameters) on the device of dst.
func (accel) Unary(op tensor.UnaryOp, dst, a *tensor.Tensor) bool {
	ds, ok := unaryDescs[op]
	d := a.DType()
	if !ok || ds.expr(d) == "" {
		return false
	}
	return launch(dst, d, unarySource, ds.name, []*tensor.Tensor{dst, a})
}

// Copy copies src into dst (same shape; dtypes may differ) on dst's
// device.
func (accel) Copy(dst, src *tensor.Tensor) bool {
	s, d := src.DType(), dst.DType()
	if clType(s) == "" || clType(d) == "" || castExpr(s, d) == "" {
		return false
	}
	if (s == tensor.Float64 || d == tensor.Float64) && !fp64(dst) {
		return false
	}
	return launch(dst, s, castSource, "copy_"+castName(d), []*tensor.Tensor{dst, src})
}

// Where is where(cond, x, y) into dst, on dst's device.
func (accel) Where(dst, cond, x, y *tensor.Tensor) bool {
	return launch(dst, dst.DType(), whereSource, "where", []*tensor.Tensor{dst, cond, x, y})
}

// Gather writes src[index * dstride] into out (src a view over out's
// shape, 0-strided along the gathered dimension; index int64 over out's
// shape, its values checked).
func (accel) Gather(out, src, index *tensor.Tensor, dstride int) bool {
	if index.DType() != tensor.Int64 {
		return false
	}
	dev := deviceOf(out.Device())
	d := out.DType()
	if dev == nil || clType(d) == "" || (d == tensor.Float64 && !dev.FP64) {
		return false
	}
	if out.Numel() == 0 {
		return true
	}
	g, ok := newGeometry(out, index, src)
	if !ok {
		return false
	}
	// The source's span is its whole reach from its offset: the
	// gathered dimension is not in its strides.
	g.spans[2] = src.Storage().Len() - g.offsets[2]
	wide := !g.fits32() || dstride >= 1<<31
	var stride [8]byte
	if wide {
		binary.LittleEndian.PutUint64(stride[:], uint64(dstride))
	} else {
		binary.LittleEndian.PutUint32(stride[:4], uint32(dstride))
	}
	prog := build(dev, d, wide, gatherSource)
	name := "gather_int"
	sz := 4
	if wide {
		name, sz = "gather_long", 8
	}
	runWide(dev, prog, name, g, wide, []*tensor.Tensor{out, index, src}, stride[:sz])
	return true
}

// fp64 reports whether t's device runs float64 kernels.
func fp64(t *tensor.Tensor) bool {
	dev := deviceOf(t.Device())
	return dev != nil && dev.FP64
}

// launch runs kernel name of a program for dtype d over the
// operands (ops[0] the result), or returns false when the device cannot.
func launch(dst *tensor.Tensor, d tensor.DType, src func(tensor.DType) string, name string, ops []*tensor.Tensor, extra ...[]byte) bool {
	dev := deviceOf(dst.Device())
	if dev == nil || clType(d) == "" || (d == tensor.Float64 && !dev.FP64) {
		return false
	}
	if dst.Numel() == 0 {
		return true
	}
	g, ok := newGeometry(dst, ops[1:]...)
	if !ok {
		return false
	}
	prog := build(dev, d, !g.fits32(), src)
	if g.fits32() {
		name += "_int"
	} else {
		name += "_long"
	}
	run(dev, prog, name, g, ops, extra...)
	return true
}

// build returns the program of a family's source for a dtype in one index
// width, raising on failure. src is a named generator function (see
// buildVariant for closures); the source is generated once per process.
func build(dev *Device, d tensor.DType, wide bool, src func(tensor.DType) string) *Program {
	return buildVariant(dev, d, wide, "", src)
}

// buildVariant is build for a generator that closes over a description
// named variant.
func buildVariant(dev *Device, d tensor.DType, wide bool, variant string, src func(tensor.DType) string) *Program {
	p, err := buildKeyed(dev, d, wide, variant, src)
	if err != nil {
		tensor.Raise(tensor.RuntimeError, "%s", err.Error())
	}
	return p
}

// run launches the kernel over the geometry on the operands' device
// buffers (ops[0] the result).
func run(dev *Device, prog *Program, name string, g *geometry, ops []*tensor.Tensor, extra ...[]byte) {
	runWide(dev, prog, name, g, !g.fits32(), ops, extra...)
}

// runWide is run with the index width chosen by the caller.
func runWide(dev *Device, prog *Program, name string, g *geometry, wide bool, ops []*tensor.Tensor, extra ...[]byte) {
	bufs := make([]*bound, len(ops))
	defer func() {
		for _, b := range bufs {
			if b != nil && b.temp {
				b.buf.Free()
			}
		}
	}()
	// The inputs first: a result sharing an input's storage then finds
	// it uploaded.
	for k := len(ops) - 1; k >= 0; k-- {
		bufs[k] = bind(dev, ops[k], k == 0, k == 0 && g.n == ops[0].Numel() && covers(ops[0]))
	}
	args := []any{}
	for _, b := range bufs {
		args = append(args, b.buf)
	}
	args = append(args, g.encode(wide))
	for _, e := range extra {
		args = append(args, e)
	}
	if err := dev.Run(prog, name, g.n, args...); err != nil {
		raiseDevice(err)
	}
	finish(bufs)
}

// finish releases a launch's operands (the result first: its device copy
// becomes the current one).
func finish(bufs []*bound) {
	for i, b := range bufs {
		b.release()
		bufs[i] = nil
	}
}

// raiseDevice raises a device error as a RuntimeError.
func raiseDevice(err error) {
	tensor.Raise(tensor.RuntimeError, "%s", err.Error())
}
