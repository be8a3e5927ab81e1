package tensor

import (
	"sync/atomic"
	"unsafe"
)

// Devices other than the CPU. A GPU tensor's Storage keeps its elements
// in device memory, with a host copy made when the host reads them (see
// device_mem.go; the CPU kernels read it when the GPU has no kernel for
// an operation); an Accelerator registered by runtime/gpu runs the
// operations it has kernels for on the device.

// IsCPU reports whether d is the CPU.
func (d Device) IsCPU() bool { return d.Type == "cpu" }

// Accelerator runs operations of tensors on a GPU device. Each method
// returns false when it has no kernel for the case (the CPU kernel then
// runs); it panics with *Error only for errors of the device itself.
type Accelerator interface {
	// Binary writes op(a, b) into dst (dst's shape; a and b broadcast to
	// it, of the compute dtype; dst bool for comparisons).
	Binary(op BinaryOp, dst, a, b *Tensor, alpha Scalar, hasAlpha bool) bool
	// Unary writes op(a) into dst (a public operation, no parameters).
	Unary(op UnaryOp, dst, a *Tensor) bool
	// UnaryParam writes an operation with scalar parameters (of a's
	// dtype) into dst: "clamp" (lo, hi), "clamp_min" (lo), "clamp_max"
	// (hi), "square", "cube", "inv_square", "pow_scalar" (the float
	// exponent), "pow_int_scalar" (the integer exponent),
	// "round_decimals" and "round_decimals_neg" (10^|decimals|),
	// "nan_to_num" (nan, posinf, neginf), and the bool results
	// "nonzero", "false", "true" (dst bool).
	UnaryParam(op string, dst, a *Tensor, params ...Scalar) bool
	// Copy copies src into dst (one shape; the dtypes may differ).
	Copy(dst, src *Tensor) bool
	// Where writes where(cond, x, y) into dst (cond bool, x and y of
	// dst's dtype, all broadcast to dst's shape).
	Where(dst, cond, x, y *Tensor) bool
	// Reduce writes in's reduction op ("sum", "prod", "amax", "amin")
	// over the dimensions in mask into out (new, contiguous, the kept
	// dimensions in order; one dtype).
	Reduce(op string, out, in *Tensor, mask []bool) bool
	// ArgExtremum writes into idx (int64, over the lines' shape) the
	// index along each line of x's first maximum (isMax) or minimum, or
	// of its first NaN: x is a view over idx's shape whose line of n
	// elements starts at each element, stride apart.
	ArgExtremum(idx, x *Tensor, n, stride int, isMax bool) bool
	// Scan writes the running sums (or products) of x's lines into out,
	// as the CPU accumulates them (in float64 for floats, int64 for
	// integers, each running value stored in the dtype): out and x are
	// views over the lines' shape, each line n elements, ostride and
	// xstride apart.
	Scan(prod bool, out, x *Tensor, n, ostride, xstride int) bool
	// Ternary writes a three-operand operation into dst ("lerp_scalar"
	// with weight v, "lerp_tensor", "addcmul" and "addcdiv" with value v,
	// "clamp_tensor"; a, b, c of dst's dtype, broadcast to its shape).
	Ternary(op string, dst, a, b, c *Tensor, v Scalar) bool
	// Matmul writes the products of a ([b,] m, k) and b ([b,] k, n), of
	// one dtype, into out (new, contiguous, [b,] m, n).
	Matmul(out, a, b *Tensor) bool
	// Gather writes src[index * dstride] into out: src is a view over
	// out's shape (0-strided along the gathered dimension), index int64
	// over out's shape, its values in range.
	Gather(out, src, index *Tensor, dstride int) bool
}

// accelReduce runs a reduction of in on its device, returning nil when
// the GPU backend cannot.
func accelReduce(op string, r *reduction, in *Tensor, d DType) *Tensor {
	if r.in.device.IsCPU() || accelerator == nil {
		return nil
	}
	out, _ := r.output(d)
	out.device = r.in.device
	if accelerator.Reduce(op, out, in, r.mask) {
		return out
	}
	return nil
}

// AccelMatmul runs a matrix product on out's device when the GPU backend
// can (runtime/linalg calls it).
func AccelMatmul(out, a, b *Tensor) bool {
	return onAccelerator(out) && accelerator.Matmul(out, a, b)
}

// onAccelerator reports whether an operation writing dst goes to the
// accelerator first.
func onAccelerator(dst *Tensor) bool { return accelerator != nil && !dst.device.IsCPU() }

var accelerator Accelerator

// lenientDevices is above 0 while autograd's engine runs: its formulas
// combine the gradients of GPU tensors with constants they make on the
// CPU (ones, fills), which CommonDevice then lets through.
var lenientDevices atomic.Int32

// LenientDevices lets CPU tensors mix with GPU tensors until the
// returned function is called (runtime/autograd's backward pass).
func LenientDevices() (done func()) {
	lenientDevices.Add(1)
	return func() { lenientDevices.Add(-1) }
}

// SetAccelerator installs the GPU backend's kernels.
func SetAccelerator(a Accelerator) { accelerator = a }

// CommonDevice is the device an operation over ts runs on, with
// TensorIterator's rule: the first non-CPU device; a CPU tensor of zero
// dimensions goes with any device; any other mix raises PyTorch's error.
// Nil tensors are skipped.
func CommonDevice(ts ...*Tensor) Device {
	common := CPU
	for _, t := range ts {
		if t != nil && !t.device.IsCPU() {
			common = t.device
			break
		}
	}
	if common.IsCPU() {
		return CPU
	}
	for _, t := range ts {
		if t == nil || t.device == common || (t.device.IsCPU() && (len(t.shape) == 0 || lenientDevices.Load() > 0)) {
			continue
		}
		raise(RuntimeError, errMixedDevices, common.String(), t.device.String())
	}
	return common
}

// operandDevice is CommonDevice over operands and an out= tensor.
func operandDevice(ops []Operand, out *Tensor) Device {
	var buf [4]*Tensor
	ts := buf[:0]
	for _, o := range ops {
		ts = append(ts, o.T)
	}
	ts = append(ts, out)
	for _, t := range ts {
		if t != nil && !t.device.IsCPU() {
			return CommonDevice(ts...)
		}
	}
	return CPU
}

// OnDevice returns t placed on dev: t itself when it is there, else an
// alias of its storage labelled with dev (the storage keeps whichever
// copy is current; device_mem.go).
func OnDevice(t *Tensor, dev Device) *Tensor {
	if t.device == dev {
		return t
	}
	return t.WithDevice(dev)
}

// SetDevice places t, a tensor an operation has just made, on dev.
func (t *Tensor) SetDevice(dev Device) { t.device = dev }

// Bytes is the storage's elements as raw bytes (little-endian machine
// layout; a bool is one byte), shared with the storage.
func (s *Storage) Bytes() []byte {
	n := s.n * s.dtype.ItemSize()
	if n == 0 {
		return nil
	}
	var p unsafe.Pointer
	switch d := s.host().(type) {
	case []bool:
		p = unsafe.Pointer(&d[0])
	case []uint8:
		p = unsafe.Pointer(&d[0])
	case []int8:
		p = unsafe.Pointer(&d[0])
	case []int16:
		p = unsafe.Pointer(&d[0])
	case []int32:
		p = unsafe.Pointer(&d[0])
	case []int64:
		p = unsafe.Pointer(&d[0])
	case []float32:
		p = unsafe.Pointer(&d[0])
	case []float64:
		p = unsafe.Pointer(&d[0])
	case []Half:
		p = unsafe.Pointer(&d[0])
	case []BF16:
		p = unsafe.Pointer(&d[0])
	default:
		return nil
	}
	return unsafe.Slice((*byte)(p), n)
}
