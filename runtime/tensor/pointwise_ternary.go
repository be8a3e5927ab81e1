package tensor

import "sync/atomic"

// whereUint8Warned makes the uint8-condition warning of where print once
// per process, as TORCH_WARN_ONCE does.
var whereUint8Warned atomic.Bool

// ternOp names the three-operand kernels.
type ternOp uint8

const (
	tLerpScalar ternOp = iota
	tLerpTensor
	tAddcmul
	tAddcdiv
	tClamp
)

// ternNames name the ternary operations for the accelerator.
var ternNames = [...]string{tLerpScalar: "lerp_scalar", tLerpTensor: "lerp_tensor", tAddcmul: "addcmul", tAddcdiv: "addcdiv", tClamp: "clamp_tensor"}

// Where is torch.where(cond, x, y): x where cond is true, else y, over the
// three-way broadcast shape; x and y promote as torch.result_type does.
func Where(cond *Tensor, x, y Operand, opts Opts) *Tensor {
	var sb shapeBuf
	result := ResultTypeOf(x, y)
	c := cond
	if c.DType() == Uint8 {
		if !whereUint8Warned.Swap(true) {
			opts.warn(errWhereUint8)
		}
		c = c.To(Bool)
	}
	if c.DType() != Bool {
		raise(RuntimeError, errWhereCond, c.DType().ScalarName())
	}
	ops := []Operand{TensorOperand(c), x, y}
	checkWriteOverlaps(ops, &opts)
	dev := operandDevice(ops, opts.Out)
	shape := broadcastShape(&sb, ops, &opts)
	out := prepareOut(shape, result, ops, &opts)
	tx, ty := x.tensorOf(result), y.tensorOf(result)
	dst := out
	if dst == nil || dst.DType() != result {
		dst = allocResult(shape, result, c, tx, ty)
		dst.device = dev
	}
	if onAccelerator(dst) && accelerator.Where(dst, c, tx, ty) {
		return finish(out, dst)
	}
	p := planOver(dst, c, tx, ty)
	cd := c.st.host().([]bool)
	switch o := dst.st.host().(type) {
	case []bool:
		runLoop(&p, whereKernel[bool]{o, cd, tx.st.host().([]bool), ty.st.host().([]bool), strides4(&p)})
	case []uint8:
		runLoop(&p, whereKernel[uint8]{o, cd, tx.st.host().([]uint8), ty.st.host().([]uint8), strides4(&p)})
	case []int8:
		runLoop(&p, whereKernel[int8]{o, cd, tx.st.host().([]int8), ty.st.host().([]int8), strides4(&p)})
	case []int16:
		runLoop(&p, whereKernel[int16]{o, cd, tx.st.host().([]int16), ty.st.host().([]int16), strides4(&p)})
	case []int32:
		runLoop(&p, whereKernel[int32]{o, cd, tx.st.host().([]int32), ty.st.host().([]int32), strides4(&p)})
	case []int64:
		runLoop(&p, whereKernel[int64]{o, cd, tx.st.host().([]int64), ty.st.host().([]int64), strides4(&p)})
	case []Half:
		runLoop(&p, whereKernel[Half]{o, cd, tx.st.host().([]Half), ty.st.host().([]Half), strides4(&p)})
	case []BF16:
		runLoop(&p, whereKernel[BF16]{o, cd, tx.st.host().([]BF16), ty.st.host().([]BF16), strides4(&p)})
	case []float32:
		runLoop(&p, whereKernel[float32]{o, cd, tx.st.host().([]float32), ty.st.host().([]float32), strides4(&p)})
	case []float64:
		runLoop(&p, whereKernel[float64]{o, cd, tx.st.host().([]float64), ty.st.host().([]float64), strides4(&p)})
	}
	return finish(out, dst)
}

func strides4(p *loopPlan) [4]int {
	return [4]int{p.strides[0][0], p.strides[1][0], p.strides[2][0], p.strides[3][0]}
}

// whereKernel selects between two operands by a bool condition.
//
// Reference loop: o[i] = c[i] ? x[i] : y[i].
type whereKernel[T Elem] struct {
	o    []T
	c    []bool
	x, y []T
	s    [4]int
}

func (k whereKernel[T]) row(offs rowOffsets, n int) {
	o, c, x, y := k.o[offs[0]:], k.c[offs[1]:], k.x[offs[2]:], k.y[offs[3]:]
	os, cs, xs, ys := k.s[0], k.s[1], k.s[2], k.s[3]
	if os == 1 && cs == 1 && xs == 1 && ys == 1 {
		whereContiguous(o[:n], c[:n], x[:n], y[:n])
		return
	}
	for i := 0; i < n; i++ {
		if c[i*cs] {
			o[i*os] = x[i*xs]
		} else {
			o[i*os] = y[i*ys]
		}
	}
}

// Lerp is torch.lerp(start, end, weight): start + weight*(end-start), the
// weight a tensor or a Python number.
func Lerp(start, end *Tensor, weight Operand, opts Opts) *Tensor {
	var sb shapeBuf
	d := start.DType()
	if end.DType() != d {
		raise(RuntimeError, errLerpDType, typeidName(d), "end", typeidName(end.DType()))
	}
	ops := []Operand{TensorOperand(start), TensorOperand(end)}
	op, kernel := tLerpScalar, "lerp_kernel_scalar"
	if weight.T != nil {
		if weight.T.DType() != d {
			raise(RuntimeError, errLerpDType, typeidName(d), "weight", typeidName(weight.T.DType()))
		}
		ops = append(ops, weight)
		op, kernel = tLerpTensor, "lerp_kernel_tensor"
	}
	checkWriteOverlaps(ops, &opts)
	shape := broadcastShape(&sb, ops, &opts)
	out := prepareOut(shape, d, ops, &opts)
	checkSupported(kernel, noHalfFloats, d)
	var c *Tensor
	if weight.T != nil {
		c = weight.T
	}
	return ternaryRun(op, out, shape, d, start, end, c, weight.S)
}

// Addcmul is torch.addcmul(self, t1, t2, value=v): self + v*t1*t2.
func Addcmul(self, t1, t2 *Tensor, v Scalar, opts Opts) *Tensor {
	return addc(tAddcmul, "addcmul_cpu_out", self, t1, t2, v, opts)
}

// Addcdiv is torch.addcdiv(self, t1, t2, value=v): self + v*t1/t2.
func Addcdiv(self, t1, t2 *Tensor, v Scalar, opts Opts) *Tensor {
	if t1.DType().IsIntegral(true) && t2.DType().IsIntegral(true) {
		raise(RuntimeError, errAddcdivInt)
	}
	return addc(tAddcdiv, "addcdiv_cpu_out", self, t1, t2, v, opts)
}

func addc(op ternOp, kernel string, self, t1, t2 *Tensor, v Scalar, opts Opts) *Tensor {
	var sb shapeBuf
	ops := []Operand{TensorOperand(self), TensorOperand(t1), TensorOperand(t2)}
	checkWriteOverlaps(ops, &opts)
	shape := broadcastShape(&sb, ops, &opts)
	d := ResultTypeOf(ops...)
	out := prepareOut(shape, d, ops, &opts)
	types := allButHalf &^ setOf(Bool)
	if op == tAddcdiv {
		types = noHalfFloats
	}
	checkSupported(kernel, types, d)
	CheckScalar(v, d)
	return ternaryRun(op, out, shape, d, self.To(d), t1.To(d), t2.To(d), v)
}

// ClampTensor is torch.clamp with tensor bounds (nil: absent; a 0-d
// tensor or Python number operand may stand for one of them).
func ClampTensor(x *Tensor, lo, hi *Operand, opts Opts) *Tensor {
	var sb shapeBuf
	if lo == nil && hi == nil {
		raise(RuntimeError, errClampNone)
	}
	if lo == nil {
		return Binary(OpMinimum, TensorOperand(x), *hi, opts)
	}
	if hi == nil {
		return Binary(OpMaximum, TensorOperand(x), *lo, opts)
	}
	ops := []Operand{TensorOperand(x), *lo, *hi}
	checkWriteOverlaps(ops, &opts)
	shape := broadcastShape(&sb, ops, &opts)
	d := ResultTypeOf(ops...)
	out := prepareOut(shape, d, ops, &opts)
	checkSupported("clamp_cpu", allButHalf&^setOf(Bool), d)
	return ternaryRun(tClamp, out, shape, d, x.To(d), lo.tensorOf(d), hi.tensorOf(d), Scalar{})
}

// ternaryRun allocates the result when needed and runs a three-operand
// kernel (c may be nil for scalar-weight lerp, which then uses v).
func ternaryRun(op ternOp, out *Tensor, shape []int, d DType, a, b, c *Tensor, v Scalar) *Tensor {
	ins := []*Tensor{a, b}
	if c != nil {
		ins = append(ins, c)
	}
	dst := out
	if dst == nil || dst.DType() != d {
		dst = allocResult(shape, d, ins...)
		for _, t := range ins {
			if !t.device.IsCPU() {
				dst.device = t.device
				break
			}
		}
	}
	if c == nil {
		c = a // unused by the kernel; keeps the plan's operand count fixed
	}
	if onAccelerator(dst) && accelerator.Ternary(ternNames[op], dst, a, b, c, v) {
		return finish(out, dst)
	}
	p := planOver(dst, a, b, c)
	s := strides4(&p)
	switch o := dst.st.host().(type) {
	case []uint8:
		runLoop(&p, intTernKernel[uint8]{op, o, a.st.host().([]uint8), b.st.host().([]uint8), c.st.host().([]uint8), s, scalarAs[uint8](v)})
	case []int8:
		runLoop(&p, intTernKernel[int8]{op, o, a.st.host().([]int8), b.st.host().([]int8), c.st.host().([]int8), s, scalarAs[int8](v)})
	case []int16:
		runLoop(&p, intTernKernel[int16]{op, o, a.st.host().([]int16), b.st.host().([]int16), c.st.host().([]int16), s, scalarAs[int16](v)})
	case []int32:
		runLoop(&p, intTernKernel[int32]{op, o, a.st.host().([]int32), b.st.host().([]int32), c.st.host().([]int32), s, scalarAs[int32](v)})
	case []int64:
		runLoop(&p, intTernKernel[int64]{op, o, a.st.host().([]int64), b.st.host().([]int64), c.st.host().([]int64), s, scalarAs[int64](v)})
	case []float32:
		runLoop(&p, floatTernKernel[float32]{op, o, a.st.host().([]float32), b.st.host().([]float32), c.st.host().([]float32), s, scalarAs[float32](v)})
	case []float64:
		runLoop(&p, floatTernKernel[float64]{op, o, a.st.host().([]float64), b.st.host().([]float64), c.st.host().([]float64), s, scalarAs[float64](v)})
	case []BF16:
		// addcmul, addcdiv and lerp compute in float with the value as
		// a float (PyTorch's opmath), rounding once at the end.
		vv := float32(v.Float())
		runLoop(&p, halfTernKernel[BF16]{op, o, a.st.host().([]BF16), b.st.host().([]BF16), c.st.host().([]BF16), s, vv, widenBF16, narrowBF16})
	case []Half:
		vv := HalfFromFloat32(float32(v.Float())).Float32()
		runLoop(&p, halfTernKernel[Half]{op, o, a.st.host().([]Half), b.st.host().([]Half), c.st.host().([]Half), s, vv, widenHalf, narrowHalf})
	}
	return finish(out, dst)
}

type intTernKernel[T intNum] struct {
	op      ternOp
	o       []T
	a, b, c []T
	s       [4]int
	v       T
}

func (k intTernKernel[T]) row(offs rowOffsets, n int) {
	o, a, b, c := k.o[offs[0]:], k.a[offs[1]:], k.b[offs[2]:], k.c[offs[3]:]
	switch k.op {
	case tAddcmul:
		addcmulRow(n, o, k.s[0], a, k.s[1], b, k.s[2], c, k.s[3], k.v)
	case tClamp:
		clampTensorIntRow(n, o, k.s[0], a, k.s[1], b, k.s[2], c, k.s[3])
	}
}

type floatTernKernel[T floatNum] struct {
	op      ternOp
	o       []T
	a, b, c []T
	s       [4]int
	v       T
}

func (k floatTernKernel[T]) row(offs rowOffsets, n int) {
	ternaryFloatRow(k.op, n, k.o[offs[0]:], k.s[0], k.a[offs[1]:], k.s[1], k.b[offs[2]:], k.s[2], k.c[offs[3]:], k.s[3], k.v)
}

func ternaryFloatRow[T floatNum](op ternOp, n int, o []T, os int, a []T, as int, b []T, bs int, c []T, cs int, v T) {
	switch op {
	case tLerpScalar:
		lerpScalarRow(n, o, os, a, as, b, bs, c, cs, v)
	case tLerpTensor:
		lerpTensorRow(n, o, os, a, as, b, bs, c, cs)
	case tAddcmul:
		addcmulRow(n, o, os, a, as, b, bs, c, cs, v)
	case tAddcdiv:
		addcdivRow(n, o, os, a, as, b, bs, c, cs, v)
	case tClamp:
		clampTensorFloatRow(n, o, os, a, as, b, bs, c, cs)
	}
}

// halfTernKernel runs a three-operand kernel on BFloat16 (or Half)
// elements in float32, a block at a time.
type halfTernKernel[H Half | BF16] struct {
	op      ternOp
	o       []H
	a, b, c []H
	s       [4]int
	v       float32
	widen   func(dst []float32, src []H, stride int)
	narrow  func(dst []H, stride int, src []float32)
}

func (k halfTernKernel[H]) row(offs rowOffsets, n int) {
	var xa, xb, xc, xo [halfBlock]float32
	for done := 0; done < n; done += halfBlock {
		m := min(halfBlock, n-done)
		k.widen(xa[:m], k.a[offs[1]+done*k.s[1]:], k.s[1])
		k.widen(xb[:m], k.b[offs[2]+done*k.s[2]:], k.s[2])
		k.widen(xc[:m], k.c[offs[3]+done*k.s[3]:], k.s[3])
		ternaryFloatRow(k.op, m, xo[:m], 1, xa[:m], 1, xb[:m], 1, xc[:m], 1, k.v)
		k.narrow(k.o[offs[0]+done*k.s[0]:], k.s[0], xo[:m])
	}
}
