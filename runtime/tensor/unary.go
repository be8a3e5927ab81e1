package tensor

import "math"

// UnaryOp names a pointwise operation of one tensor.
type UnaryOp uint8

// The unary pointwise operations. The ones after numUnaryOps are internal
// kernels (copies, scalar powers, clamps) that the public operations use.
const (
	OpNeg UnaryOp = iota
	OpAbs
	OpSign
	OpSqrt
	OpRsqrt
	OpExp
	OpExpm1
	OpLog
	OpLog1p
	OpLog2
	OpLog10
	OpSin
	OpCos
	OpTan
	OpAsin
	OpAcos
	OpAtan
	OpSinh
	OpCosh
	OpTanh
	OpSigmoid
	OpRelu
	OpFloor
	OpCeil
	OpRound
	OpTrunc
	OpFrac
	OpReciprocal
	OpLogicalNot
	OpBitwiseNot
	OpIsnan
	OpIsinf
	OpIsfinite
	numUnaryOps

	uCopy // identity (integer floor/ceil/round/trunc, nan_to_num of integers)
	uSquare
	uCube
	uInvSquare
	uPowScalar    // x ** e, float
	uPowIntScalar // x ** e, integer
	uRoundDecimals
	uNanToNum
	uClamp
	uClampMin
	uClampMax
	uNonzero // x != 0 (bool results of integer isfinite, ...)
	uFalse   // all false (isnan and isinf of integers)
	uTrue    // all true (isfinite of integers)
	numUnaryKernels
)

// unInfo describes a unary operation's typing.
type unInfo struct {
	kernel   string   // the kernel name of "not implemented for" messages
	types    dtypeSet // input dtypes (after promotion) the kernel supports
	float    bool     // integer and bool inputs compute in the default float dtype
	boolOut  bool     // the result is bool
	intSame  bool     // integer inputs give an unchanged copy
	intOp    UnaryOp  // the kernel for integer inputs, when it differs
	boolSame bool     // bool inputs give an unchanged copy
}

var unInfos = [numUnaryOps]unInfo{
	OpNeg:        {kernel: "neg_cpu", types: allButBool},
	OpAbs:        {kernel: "abs_cpu", types: allButBool},
	OpSign:       {kernel: "sign_cpu", types: allTypes, boolSame: true},
	OpSqrt:       {kernel: "sqrt_vml_cpu", types: noHalfFloats, float: true},
	OpRsqrt:      {kernel: "rsqrt_cpu", types: noHalfFloats, float: true},
	OpExp:        {kernel: "exp_vml_cpu", types: noHalfFloats, float: true},
	OpExpm1:      {kernel: "expm1_vml_cpu", types: noHalfFloats, float: true},
	OpLog:        {kernel: "log_vml_cpu", types: noHalfFloats, float: true},
	OpLog1p:      {kernel: "log1p_vml_cpu", types: noHalfFloats, float: true},
	OpLog2:       {kernel: "log2_vml_cpu", types: noHalfFloats, float: true},
	OpLog10:      {kernel: "log10_vml_cpu", types: noHalfFloats, float: true},
	OpSin:        {kernel: "sin_vml_cpu", types: noHalfFloats, float: true},
	OpCos:        {kernel: "cos_vml_cpu", types: noHalfFloats, float: true},
	OpTan:        {kernel: "tan_vml_cpu", types: noHalfFloats, float: true},
	OpAsin:       {kernel: "asin_vml_cpu", types: noHalfFloats, float: true},
	OpAcos:       {kernel: "acos_vml_cpu", types: noHalfFloats, float: true},
	OpAtan:       {kernel: "atan_vml_cpu", types: noHalfFloats, float: true},
	OpSinh:       {kernel: "sinh_cpu", types: noHalfFloats, float: true},
	OpCosh:       {kernel: "cosh_cpu", types: noHalfFloats, float: true},
	OpTanh:       {kernel: "tanh_vml_cpu", types: noHalfFloats, float: true},
	OpSigmoid:    {kernel: "sigmoid_cpu", types: noHalfFloats, float: true},
	OpRelu:       {kernel: "clamp_min_cpu", types: noHalfNoBool},
	OpFloor:      {kernel: "floor_vml_cpu", types: integerTypes | noHalfFloats, intSame: true},
	OpCeil:       {kernel: "ceil_vml_cpu", types: integerTypes | noHalfFloats, intSame: true},
	OpRound:      {kernel: "round_vml_cpu", types: integerTypes | noHalfFloats, intSame: true},
	OpTrunc:      {kernel: "trunc_vml_cpu", types: integerTypes | noHalfFloats, intSame: true},
	OpFrac:       {kernel: "frac_cpu", types: floatTypes},
	OpReciprocal: {kernel: "reciprocal_cpu", types: floatTypes, float: true},
	OpLogicalNot: {kernel: "logical_not_cpu", types: allTypes, boolOut: true},
	OpBitwiseNot: {kernel: "bitwise_not_cpu", types: intsAndBool, boolSame: false},
	OpIsnan:      {kernel: "isnan", types: allTypes, boolOut: true, intOp: uFalse},
	OpIsinf:      {kernel: "isinf", types: allTypes, boolOut: true, intOp: uFalse},
	OpIsfinite:   {kernel: "isfinite", types: allTypes, boolOut: true, intOp: uTrue},
}

// Unary computes op(x) elementwise, into a new tensor, opts.Out, or
// (opts.Inplace) x itself.
func Unary(op UnaryOp, x *Tensor, opts Opts) *Tensor {
	info := &unInfos[op]
	d := x.DType()
	if d == Bool {
		switch op {
		case OpNeg:
			raise(RuntimeError, errNegBool)
		case OpRelu:
			raise(RuntimeError, errReluBool)
		}
	}
	compute := d
	if info.float && d.IsIntegral(true) {
		compute = DefaultFloat()
	}
	result := compute
	if info.boolOut {
		result = Bool
	}
	ops := []Operand{TensorOperand(x)}
	// The ops that keep their input's dtype are TensorIterator unary ops,
	// whose out= must have that dtype; the float ones (and the bool
	// tests) cast into any out= the result type casts to.
	opts.sameDTypeOut = !info.float && !info.boolOut
	out := prepareOut(x.shape, result, ops, &opts)
	checkSupported(info.kernel, info.types, compute)
	k := op
	switch {
	case info.intSame && compute.IsIntegral(false), info.boolSame && compute == Bool:
		k = uCopy
	case info.intOp != 0 && compute.IsIntegral(true):
		k = info.intOp
	case op == OpBitwiseNot && compute == Bool:
		k = OpLogicalNot
	}
	return unaryRun(k, x, compute, result, out, unaryParams{})
}

// unaryParams are the scalar parameters of the parametrised kernels.
type unaryParams struct {
	p1, p2, p3 Scalar  // clamp bounds, nan_to_num replacements, integer exponent
	e          float64 // float exponent
	neg        bool    // round: negative decimals
	has1, has2 bool
}

// unaryRun converts x to the compute dtype and runs kernel k into out (or
// a new tensor of dtype result).
func unaryRun(k UnaryOp, x *Tensor, compute, result DType, out *Tensor, par unaryParams) *Tensor {
	dev := operandDevice([]Operand{TensorOperand(x)}, out)
	tx := x.To(compute)
	dst := out
	if dst == nil || dst.DType() != result {
		dst = allocResult(tx.shape, result, tx)
		dst.device = dev
	}
	if k == uCopy {
		runCopy(dst, tx)
	} else {
		runUnary(k, dst, tx, par)
	}
	return finish(out, dst)
}

// runUnary runs kernel k over dst = k(a).
func runUnary(k UnaryOp, dst, a *Tensor, par unaryParams) {
	if onAccelerator(dst) && accelUnary(k, dst, a, par) {
		return
	}
	p := planOver(dst, a)
	os, as := p.strides[0][0], p.strides[1][0]
	if o, ok := dst.st.host().([]bool); ok && (k == OpLogicalNot || k == OpIsnan || k == OpIsinf || k == OpIsfinite || k == uNonzero || k == uFalse || k == uTrue) {
		switch ad := a.st.host().(type) {
		case []bool:
			runLoop(&p, boolUnKernel[uint8]{k, o, boolBytes(ad), os, as})
		case []uint8:
			runLoop(&p, boolUnKernel[uint8]{k, o, ad, os, as})
		case []int8:
			runLoop(&p, boolUnKernel[int8]{k, o, ad, os, as})
		case []int16:
			runLoop(&p, boolUnKernel[int16]{k, o, ad, os, as})
		case []int32:
			runLoop(&p, boolUnKernel[int32]{k, o, ad, os, as})
		case []int64:
			runLoop(&p, boolUnKernel[int64]{k, o, ad, os, as})
		case []float32:
			runLoop(&p, boolUnKernel[float32]{k, o, ad, os, as})
		case []float64:
			runLoop(&p, boolUnKernel[float64]{k, o, ad, os, as})
		case []Half:
			runLoop(&p, halfUnKernel[Half]{op: k, ob: o, a: ad, os: os, as: as, widen: widenHalf, narrow: narrowHalf, par: floatParams[float32](par)})
		case []BF16:
			runLoop(&p, halfUnKernel[BF16]{op: k, ob: o, a: ad, os: os, as: as, widen: widenBF16, narrow: narrowBF16, par: floatParams[float32](par)})
		}
		return
	}
	switch o := dst.st.host().(type) {
	case []bool:
		runLoop(&p, intUnKernel[uint8]{k, boolBytes(o), boolBytes(a.st.host().([]bool)), os, as, intParams[uint8](par)})
	case []uint8:
		runLoop(&p, intUnKernel[uint8]{k, o, a.st.host().([]uint8), os, as, intParams[uint8](par)})
	case []int8:
		runLoop(&p, intUnKernel[int8]{k, o, a.st.host().([]int8), os, as, intParams[int8](par)})
	case []int16:
		runLoop(&p, intUnKernel[int16]{k, o, a.st.host().([]int16), os, as, intParams[int16](par)})
	case []int32:
		runLoop(&p, intUnKernel[int32]{k, o, a.st.host().([]int32), os, as, intParams[int32](par)})
	case []int64:
		runLoop(&p, intUnKernel[int64]{k, o, a.st.host().([]int64), os, as, intParams[int64](par)})
	case []float32:
		runLoop(&p, floatUnKernel[float32]{k, o, a.st.host().([]float32), os, as, floatParams[float32](par)})
	case []float64:
		runLoop(&p, floatUnKernel[float64]{k, o, a.st.host().([]float64), os, as, floatParams[float64](par)})
	case []Half:
		pr := floatParams[float32](par)
		pr.p1, pr.p2, pr.p3 = HalfFromFloat32(pr.p1).Float32(), HalfFromFloat32(pr.p2).Float32(), HalfFromFloat32(pr.p3).Float32()
		runLoop(&p, halfUnKernel[Half]{op: k, o: o, a: a.st.host().([]Half), os: os, as: as, widen: widenHalf, narrow: narrowHalf, par: pr})
	case []BF16:
		pr := floatParams[float32](par)
		pr.p1, pr.p2, pr.p3 = BF16FromFloat32(pr.p1).Float32(), BF16FromFloat32(pr.p2).Float32(), BF16FromFloat32(pr.p3).Float32()
		runLoop(&p, halfUnKernel[BF16]{op: k, o: o, a: a.st.host().([]BF16), os: os, as: as, widen: widenBF16, narrow: narrowBF16, par: pr, bf16: true})
	}
}

// kernelParams are unaryParams converted to an element type.
type kernelParams[T Num] struct {
	p1, p2, p3 T
	e          float64
	neg        bool
}

func intParams[T intNum](par unaryParams) kernelParams[T] {
	return kernelParams[T]{p1: scalarAs[T](par.p1), p2: scalarAs[T](par.p2), p3: scalarAs[T](par.p3), e: par.e, neg: par.neg}
}

func floatParams[T floatNum](par unaryParams) kernelParams[T] {
	return kernelParams[T]{p1: scalarAs[T](par.p1), p2: scalarAs[T](par.p2), p3: scalarAs[T](par.p3), e: par.e, neg: par.neg}
}

// intUnKernel runs a unary operation on integer elements (bool ones on
// their bytes).
type intUnKernel[T intNum] struct {
	op     UnaryOp
	o, a   []T
	os, as int
	par    kernelParams[T]
}

func (k intUnKernel[T]) row(offs rowOffsets, n int) {
	o, a := k.o[offs[0]:], k.a[offs[1]:]
	switch k.op {
	case uCopy:
		copyRow(n, o, k.os, a, k.as)
	case OpNeg:
		negRow(n, o, k.os, a, k.as)
	case OpAbs:
		absIntRow(n, o, k.os, a, k.as)
	case OpSign:
		signIntRow(n, o, k.os, a, k.as)
	case OpRelu:
		reluIntRow(n, o, k.os, a, k.as)
	case OpBitwiseNot:
		bitNotRow(n, o, k.os, a, k.as)
	case uSquare:
		squareRow(n, o, k.os, a, k.as)
	case uPowIntScalar:
		powIntScalarRow(n, o, k.os, a, k.as, k.par.p1)
	case uClamp:
		clampRow(n, o, k.os, a, k.as, k.par.p1, k.par.p2)
	case uClampMin:
		clampMinRow(n, o, k.os, a, k.as, k.par.p1)
	case uClampMax:
		clampMaxRow(n, o, k.os, a, k.as, k.par.p1)
	}
}

// floatUnKernel runs a unary operation on float32 or float64 elements.
type floatUnKernel[T floatNum] struct {
	op     UnaryOp
	o, a   []T
	os, as int
	par    kernelParams[T]
}

func (k floatUnKernel[T]) row(offs rowOffsets, n int) {
	if k.op == uPowScalar && isF32[T]() {
		powScalarRowF32(n, asF32(k.o[offs[0]:]), k.os, asF32(k.a[offs[1]:]), k.as, float64(k.par.e))
		return
	}
	unaryFloatRow(k.op, n, k.o[offs[0]:], k.os, k.a[offs[1]:], k.as, k.par)
}

// unaryFloatRow dispatches one row of a floating unary operation.
func unaryFloatRow[T floatNum](op UnaryOp, n int, o []T, os int, a []T, as int, par kernelParams[T]) {
	switch op {
	case uCopy:
		copyRow(n, o, os, a, as)
	case OpNeg:
		if isF32[T]() && os == 1 && as == 1 {
			negF32(asF32(o[:n]), asF32(a[:n]))
			return
		}
		negRow(n, o, os, a, as)
	case OpAbs:
		absFloatRow(n, o, os, a, as)
	case OpSign:
		signFloatRow(n, o, os, a, as)
	case OpSqrt:
		if isF32[T]() && os == 1 && as == 1 {
			sqrtF32(asF32(o[:n]), asF32(a[:n]))
			return
		}
		sqrtRow(n, o, os, a, as)
	case OpRsqrt:
		rsqrtRow(n, o, os, a, as)
	case OpExp:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, expF32)
			return
		}
		expRow(n, o, os, a, as)
	case OpExpm1:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, expm1VecF32)
			return
		}
		expm1Row(n, o, os, a, as)
	case OpLog:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, logF32)
			return
		}
		logRow(n, o, os, a, as)
	case OpLog1p:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, log1pVecF32)
			return
		}
		log1pRow(n, o, os, a, as)
	case OpLog2:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, log2VecF32)
			return
		}
		log2Row(n, o, os, a, as)
	case OpLog10:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, log10VecF32)
			return
		}
		log10Row(n, o, os, a, as)
	case OpSin:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, sinF32)
			return
		}
		sinRow(n, o, os, a, as)
	case OpCos:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, cosF32)
			return
		}
		cosRow(n, o, os, a, as)
	case OpTan:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, tanF32)
			return
		}
		tanRow(n, o, os, a, as)
	case OpAsin:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, asinF32)
			return
		}
		asinRow(n, o, os, a, as)
	case OpAcos:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, acosF32)
			return
		}
		acosRow(n, o, os, a, as)
	case OpAtan:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, atanF32)
			return
		}
		atanRow(n, o, os, a, as)
	case OpSinh:
		if isF32[T]() {
			sinhCoshVecRowF32(n, asF32(o), os, asF32(a), as, sinhf32AVX2, sleefSinhf, glibcSinhf)
			return
		}
		sinhRow(n, o, os, a, as)
	case OpCosh:
		if isF32[T]() {
			sinhCoshVecRowF32(n, asF32(o), os, asF32(a), as, coshf32AVX2, sleefCoshf, glibcCoshf)
			return
		}
		coshRow(n, o, os, a, as)
	case OpTanh:
		if isF32[T]() {
			mapF32(n, asF32(o), os, asF32(a), as, tanhF32)
			return
		}
		tanhRow(n, o, os, a, as)
	case OpSigmoid:
		if isF32[T]() && os == 1 && as == 1 {
			sigmoidF32(asF32(o[:n]), asF32(a[:n]))
			return
		}
		sigmoidRowPT(n, o, os, a, as)
	case OpRelu:
		reluFloatRow(n, o, os, a, as)
	case OpFloor:
		floorRow(n, o, os, a, as)
	case OpCeil:
		ceilRow(n, o, os, a, as)
	case OpRound:
		roundRow(n, o, os, a, as)
	case OpTrunc:
		truncRow(n, o, os, a, as)
	case OpFrac:
		fracRow(n, o, os, a, as)
	case OpReciprocal:
		reciprocalRow(n, o, os, a, as)
	case uSquare:
		if isF32[T]() && os == 1 && as == 1 {
			squareF32(asF32(o[:n]), asF32(a[:n]))
			return
		}
		squareRow(n, o, os, a, as)
	case uCube:
		cubeRow(n, o, os, a, as)
	case uInvSquare:
		invSquareRow(n, o, os, a, as)
	case uPowScalar:
		powScalarRow(n, o, os, a, as, par.e)
	case uRoundDecimals:
		roundDecimalsRow(n, o, os, a, as, par.p1, par.neg)
	case uNanToNum:
		nanToNumRow(n, o, os, a, as, par.p1, par.p2, par.p3)
	case uClamp:
		clampRow(n, o, os, a, as, par.p1, par.p2)
	case uClampMin:
		clampMinRow(n, o, os, a, as, par.p1)
	case uClampMax:
		clampMaxRow(n, o, os, a, as, par.p1)
	}
}

// boolUnKernel runs a unary operation with a bool result.
type boolUnKernel[T Num] struct {
	op     UnaryOp
	o      []bool
	a      []T
	os, as int
}

func (k boolUnKernel[T]) row(offs rowOffsets, n int) {
	unaryBoolRow(k.op, n, k.o[offs[0]:], k.os, k.a[offs[1]:], k.as)
}

func unaryBoolRow[T Num](op UnaryOp, n int, o []bool, os int, a []T, as int) {
	switch op {
	case OpLogicalNot:
		logicalNotRow(n, o, os, a, as)
	case uNonzero:
		nonzeroRow(n, o, os, a, as)
	case uFalse, uTrue:
		v := op == uTrue
		for i := 0; i < n; i++ {
			o[i*os] = v
		}
	case OpIsnan, OpIsinf, OpIsfinite:
		// Integer inputs never get here (they use uFalse/uTrue); the
		// float kernels are below.
		switch a := any(a).(type) {
		case []float32:
			floatClassRow(op, n, o, os, a, as)
		case []float64:
			floatClassRow(op, n, o, os, a, as)
		}
	}
}

func floatClassRow[T floatNum](op UnaryOp, n int, o []bool, os int, a []T, as int) {
	switch op {
	case OpIsnan:
		isnanRow(n, o, os, a, as)
	case OpIsinf:
		isinfRow(n, o, os, a, as)
	case OpIsfinite:
		isfiniteRow(n, o, os, a, as)
	}
}

// halfUnKernel runs a unary operation on Half or BFloat16 elements in
// float32, a block at a time.
type halfUnKernel[H Half | BF16] struct {
	op     UnaryOp
	o      []H
	ob     []bool
	a      []H
	os, as int
	widen  func(dst []float32, src []H, stride int)
	narrow func(dst []H, stride int, src []float32)
	par    kernelParams[float32]
	// bf16: the elements are bfloat16, whose rsqrt scalar path and
	// whose x**3 and x**-2 round every step (bf16Rounding).
	bf16 bool
}

func (k halfUnKernel[H]) row(offs rowOffsets, n int) {
	var xa, xo [halfBlock]float32
	for done := 0; done < n; done += halfBlock {
		m := min(halfBlock, n-done)
		k.widen(xa[:m], k.a[offs[1]+done*k.as:], k.as)
		if k.ob != nil {
			unaryBoolRow(k.op, m, k.ob[offs[0]+done*k.os:], k.os, xa[:m], 1)
			continue
		}
		unaryFloatRow(k.op, m, xo[:m], 1, xa[:m], 1, k.par)
		if k.bf16 {
			bf16Rounding(k.op, n, done, xo[:m], xa[:m], k.os == 1 && k.as == 1)
		}
		k.narrow(k.o[offs[0]+done*k.os:], k.os, xo[:m])
	}
}

// bf16Rounding redoes, in a block of a bfloat16 row starting at element
// done (x the inputs, o the results, in float32), what PyTorch 1.13
// computes in bfloat16 arithmetic, rounding every step:
//   - rsqrt's scalar lambda, 1 / sqrt(a), which rounds sqrt(a) before the
//     division: the last n % 32 elements of a contiguous row (its
//     vectorised loop takes two vectors of 16 at a time, in float, rounding
//     once) and every element of a strided one;
//   - x**3 as x*x*x and x**-2 as 1/(x*x), whose Vectorized<BFloat16> and
//     scalar forms both round each product: every element.
func bf16Rounding(op UnaryOp, n, done int, o, x []float32, contiguous bool) {
	r := func(v float32) float32 { return BF16FromFloat32(v).Float32() }
	switch op {
	case OpRsqrt:
		start := 0
		if contiguous {
			start = n - n%32
		}
		for j := max(start-done, 0); j < len(x); j++ {
			o[j] = 1 / r(float32(math.Sqrt(float64(x[j]))))
		}
	case uCube:
		for j, v := range x {
			o[j] = r(v*v) * v
		}
	case uInvSquare:
		for j, v := range x {
			o[j] = 1 / r(v*v)
		}
	}
}

// Positive is +x: x itself (a bool tensor is refused).
func Positive(x *Tensor) *Tensor {
	if x.DType() == Bool {
		raise(RuntimeError, errPosBool)
	}
	return x
}

// Round is torch.round(x, decimals=decimals).
func Round(x *Tensor, decimals int, opts Opts) *Tensor {
	if decimals == 0 {
		return Unary(OpRound, x, opts)
	}
	d := x.DType()
	out := prepareOut(x.shape, d, []Operand{TensorOperand(x)}, &opts)
	checkSupported("round_cpu", noHalfFloats, d)
	neg := decimals < 0
	if neg {
		decimals = -decimals
	}
	p := math.Pow(10, float64(decimals))
	return unaryRun(uRoundDecimals, x, d, d, out, unaryParams{p1: FloatS(p), neg: neg})
}

// NanToNum is torch.nan_to_num: NaN, +inf and -inf replaced by nan, posinf
// and neginf (nil: 0 and the dtype's largest and lowest finite values).
func NanToNum(x *Tensor, nan float64, posinf, neginf *float64, opts Opts) *Tensor {
	d := x.DType()
	if opts.Out != nil && opts.Out.DType() != d {
		raise(RuntimeError, errNanToNumOut, opts.Out.DType().ScalarName(), d.ScalarName())
	}
	out := prepareOut(x.shape, d, []Operand{TensorOperand(x)}, &opts)
	if !d.IsFloat() {
		return unaryRun(uCopy, x, d, d, out, unaryParams{})
	}
	hi := FloatMax(d)
	pi, ni := hi, -hi
	if posinf != nil {
		pi = *posinf
	}
	if neginf != nil {
		ni = *neginf
	}
	return unaryRun(uNanToNum, x, d, d, out, unaryParams{p1: FloatS(nan), p2: FloatS(pi), p3: FloatS(ni)})
}

// powScalar is pow(x, exponent) for a Python number exponent: a unary
// kernel, with PyTorch's special cases (0 gives ones, 1 a copy, 2 and 3
// products, 0.5 sqrt, -0.5 rsqrt, -1 reciprocal, -2 an inverse square).
func powScalar(a Operand, e Scalar, opts Opts) *Tensor {
	x := a.T
	if x.DType().IsIntegral(true) && e.Kind != FloatScalar && e.I < 0 {
		raise(RuntimeError, errNegativePow)
	}
	common := ResultTypeOf(a, ScalarOperand(e))
	var out *Tensor
	switch {
	case opts.Inplace:
		out = x
		if out.DType() != common {
			raise(RuntimeError, errFoundDType, out.DType().ScalarName(), common.ScalarName())
		}
		AssertNoInternalOverlap(out)
	case opts.Out != nil:
		// pow's meta function builds a unary op on base.to(common).
		opts.sameDTypeOut = true
		out = prepareOut(x.shape, common, []Operand{a}, &opts)
	}
	ef := e.Float()
	isBool := e.Kind == BoolScalar // a bool exponent never takes the shortcuts
	switch {
	case ef == 0 && !isBool:
		r := out
		if r == nil {
			r = allocResult(x.shape, common, x)
		}
		r.Fill(IntS(1))
		return r
	case ef == 1 && !isBool:
		return unaryRun(uCopy, x, common, common, out, unaryParams{})
	}
	checkSupported("pow", allButBool, common)
	if common.IsIntegral(false) || common == Float16 || common == BFloat16 {
		CheckScalar(e, common)
	}
	if common.IsIntegral(false) {
		if ef == 2 {
			return unaryRun(uSquare, x, common, common, out, unaryParams{})
		}
		return unaryRun(uPowIntScalar, x, common, common, out, unaryParams{p1: e})
	}
	if common != Float16 {
		switch ef {
		case 0.5:
			return unaryRun(OpSqrt, x, common, common, out, unaryParams{})
		case -0.5:
			return unaryRun(OpRsqrt, x, common, common, out, unaryParams{})
		case -1:
			return unaryRun(OpReciprocal, x, common, common, out, unaryParams{})
		}
	}
	switch ef {
	case 2:
		return unaryRun(uSquare, x, common, common, out, unaryParams{})
	case 3:
		return unaryRun(uCube, x, common, common, out, unaryParams{})
	case -2:
		return unaryRun(uInvSquare, x, common, common, out, unaryParams{})
	}
	if common == Float16 || common == BFloat16 {
		// The exponent is converted to the element type first.
		ef = scalarRoundTrip(e, common)
	}
	return unaryRun(uPowScalar, x, common, common, out, unaryParams{e: ef})
}

// scalarRoundTrip converts a number to dtype d and back.
func scalarRoundTrip(s Scalar, d DType) float64 {
	st := NewStorage(d, 1)
	st.Set(0, s)
	return st.Get(0).Float()
}

// Square is torch.square: x * x (pow(x, 2), so bool becomes int64).
func Square(x *Tensor, opts Opts) *Tensor {
	return powScalar(TensorOperand(x), IntS(2), opts)
}

// Clamp is torch.clamp with Python number bounds (nil: absent).
func Clamp(x *Tensor, lo, hi *Scalar, opts Opts) *Tensor {
	if lo == nil && hi == nil {
		raise(RuntimeError, errClampNone)
	}
	ops := []Operand{TensorOperand(x)}
	if lo != nil {
		ops = append(ops, ScalarOperand(*lo))
	}
	if hi != nil {
		ops = append(ops, ScalarOperand(*hi))
	}
	common := ResultTypeOf(ops...)
	if opts.Inplace && !CanCast(common, x.DType()) {
		raise(RuntimeError, errCastResult, common.ScalarName(), typeidName(x.DType()))
	}
	// clamp's meta function promotes by hand, then builds a unary op
	// (whose out= must have the result's dtype).
	opts.sameDTypeOut = true
	out := prepareOut(x.shape, common, ops[:1], &opts)
	var par unaryParams
	k := uClamp
	kernel := "clamp_scalar_cpu"
	switch {
	case lo != nil && hi != nil:
		par.p1, par.p2 = *lo, *hi
	case lo != nil:
		k, kernel, par.p1 = uClampMin, "clamp_min_cpu", *lo
	default:
		k, kernel, par.p1 = uClampMax, "clamp_max_scalar_cpu", *hi
	}
	checkSupported(kernel, noHalfNoBool, common)
	CheckScalar(par.p1, common)
	if k == uClamp {
		CheckScalar(par.p2, common)
	}
	return unaryRun(k, x, common, common, out, par)
}
