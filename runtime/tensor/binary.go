package tensor

// BinaryOp names a pointwise operation of two operands.
type BinaryOp uint8

// The binary pointwise operations.
const (
	OpAdd BinaryOp = iota
	OpSub
	OpMul
	OpDiv // true division
	OpDivTrunc
	OpDivFloor
	OpRemainder
	OpFmod
	OpPow
	OpMaximum
	OpMinimum
	OpFmax
	OpFmin
	OpAtan2
	OpHypot
	OpBitAnd
	OpBitOr
	OpBitXor
	OpLshift
	OpRshift
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpLogicalAnd
	OpLogicalOr
	OpLogicalXor
	numBinaryOps
)

// dtypeSet is a set of compute dtypes.
type dtypeSet uint16

func setOf(ds ...DType) dtypeSet {
	var s dtypeSet
	for _, d := range ds {
		s |= 1 << d
	}
	return s
}

func (s dtypeSet) has(d DType) bool { return s&(1<<d) != 0 }

var (
	allTypes     = setOf(AllDTypes...)
	integerTypes = setOf(Uint8, Int8, Int16, Int32, Int64)
	floatTypes   = setOf(Float16, BFloat16, Float32, Float64)
	allButBool   = allTypes &^ setOf(Bool)
	intsAndBool  = integerTypes | setOf(Bool)
	noHalfFloats = setOf(BFloat16, Float32, Float64)
	allButHalf   = allTypes &^ setOf(Float16)
	noHalfNoBool = allButHalf &^ setOf(Bool)
)

// binInfo describes a binary operation's typing.
type binInfo struct {
	kernel    string   // the kernel name of "not implemented for" messages
	types     dtypeSet // compute dtypes the kernel supports
	float     bool     // integer and bool inputs compute in the default float dtype
	boolOut   bool     // the result is bool (comparisons, logical operations)
	intDivide bool     // the integer kernel divides: zero divisors raise
}

var binInfos = [numBinaryOps]binInfo{
	OpAdd:        {kernel: "add_cpu/sub_cpu", types: allTypes},
	OpSub:        {kernel: "add_cpu/sub_cpu", types: allTypes},
	OpMul:        {kernel: "mul_cpu", types: allTypes},
	OpDiv:        {kernel: "div_true_cpu", types: floatTypes, float: true},
	OpDivTrunc:   {kernel: "div_trunc_cpu", types: allButBool, intDivide: true},
	OpDivFloor:   {kernel: "div_floor_cpu", types: allButBool, intDivide: true},
	OpRemainder:  {kernel: "remainder_cpu", types: allButBool, intDivide: true},
	OpFmod:       {kernel: "fmod_cpu", types: allButBool, intDivide: true},
	OpPow:        {kernel: "pow", types: allButBool},
	OpMaximum:    {kernel: "maximum_cpu", types: allTypes},
	OpMinimum:    {kernel: "minimum_cpu", types: allTypes},
	OpFmax:       {kernel: "fmax_cpu", types: allTypes},
	OpFmin:       {kernel: "fmin_cpu", types: allTypes},
	OpAtan2:      {kernel: "atan2_cpu", types: noHalfFloats, float: true},
	OpHypot:      {kernel: "hypot_cpu", types: noHalfFloats},
	OpBitAnd:     {kernel: "bitwise_and_cpu", types: intsAndBool},
	OpBitOr:      {kernel: "bitwise_or_cpu", types: intsAndBool},
	OpBitXor:     {kernel: "bitwise_xor_cpu", types: intsAndBool},
	OpLshift:     {kernel: "lshift_cpu", types: integerTypes},
	OpRshift:     {kernel: "rshift_cpu", types: integerTypes},
	OpEq:         {kernel: "eq_cpu", types: allTypes, boolOut: true},
	OpNe:         {kernel: "ne_cpu", types: allTypes, boolOut: true},
	OpLt:         {kernel: "lt_cpu", types: allTypes, boolOut: true},
	OpLe:         {kernel: "le_cpu", types: allTypes, boolOut: true},
	OpGt:         {kernel: "gt_cpu", types: allTypes, boolOut: true},
	OpGe:         {kernel: "ge_cpu", types: allTypes, boolOut: true},
	OpLogicalAnd: {kernel: "logical_and_cpu", types: allTypes, boolOut: true},
	OpLogicalOr:  {kernel: "logical_or_cpu", types: allTypes, boolOut: true},
	OpLogicalXor: {kernel: "logical_xor_cpu", types: allTypes, boolOut: true},
}

// checkSupported raises PyTorch's dispatch error when the kernel has no
// code for the compute dtype.
func checkSupported(kernel string, types dtypeSet, d DType) {
	if !types.has(d) {
		raise(RuntimeError, errNotImplementedDT, kernel, d.ScalarName())
	}
}

// Binary computes op(a, b) with broadcasting and PyTorch's type promotion,
// into a new tensor, opts.Out, or (opts.Inplace) a's tensor.
func Binary(op BinaryOp, a, b Operand, opts Opts) *Tensor {
	return binaryOp(op, a, b, IntS(1), opts)
}

// Add is torch.add(a, b, alpha=alpha): a + alpha*b.
func Add(a, b Operand, alpha Scalar, opts Opts) *Tensor { return binaryOp(OpAdd, a, b, alpha, opts) }

// Sub is torch.sub(a, b, alpha=alpha): a - alpha*b.
func Sub(a, b Operand, alpha Scalar, opts Opts) *Tensor { return binaryOp(OpSub, a, b, alpha, opts) }

// Div is torch.div with rounding_mode "" (true division), "trunc" or
// "floor".
func Div(a, b Operand, mode string, opts Opts) *Tensor {
	switch mode {
	case "":
		return binaryOp(OpDiv, a, b, IntS(1), opts)
	case "trunc":
		return binaryOp(OpDivTrunc, a, b, IntS(1), opts)
	case "floor":
		return binaryOp(OpDivFloor, a, b, IntS(1), opts)
	}
	raise(RuntimeError, errRoundingMode, mode)
	return nil
}

// alphaCheck is PyTorch's alpha_check against the compute dtype.
func alphaCheck(d DType, alpha Scalar) {
	if alpha.Kind == BoolScalar && d != Bool {
		raise(RuntimeError, errAlphaBool)
	}
	if !d.IsFloat() && alpha.Kind == FloatScalar {
		raise(RuntimeError, errAlphaFloat)
	}
}

func binaryOp(op BinaryOp, a, b Operand, alpha Scalar, opts Opts) *Tensor {
	var sb shapeBuf
	info := &binInfos[op]
	ops := []Operand{a, b}
	if op == OpSub {
		ab, bb := a.DType() == Bool, b.DType() == Bool
		if ab && bb {
			raise(RuntimeError, errSubBool2)
		}
		if ab || bb {
			raise(RuntimeError, errSubBool)
		}
	}
	if op == OpPow && b.IsScalar() {
		return powScalar(a, b.S, opts)
	}
	if op == OpPow && a.IsScalar() && a.S.Float() == 1 && a.S.Kind != BoolScalar {
		// pow(1, exponent) is all ones, of the promoted dtype.
		checkWriteOverlaps(ops, &opts)
		shape := broadcastShape(&sb, ops, &opts)
		d := ResultTypeOf(a, b)
		if out := prepareOut(shape, d, ops, &opts); out != nil {
			out.Fill(IntS(1))
			return out
		}
		return Full(shape, IntS(1), d)
	}
	checkWriteOverlaps(ops, &opts)
	dev := operandDevice(ops, opts.Out)
	shape := broadcastShape(&sb, ops, &opts, "self", "other")
	compute := ResultTypeOf(a, b)
	if info.float && compute.IsIntegral(true) {
		compute = DefaultFloat()
	}
	result := compute
	if info.boolOut {
		result = Bool
	}
	out := prepareOut(shape, result, ops, &opts)
	hasAlpha := false
	if op == OpAdd || op == OpSub {
		alphaCheck(compute, alpha)
		if alpha.Kind == FloatScalar || alpha.I != 1 {
			hasAlpha = true
			if op == OpSub {
				alpha = negScalar(alpha)
			}
			CheckScalar(alpha, compute)
		}
	}
	checkSupported(info.kernel, info.types, compute)
	ta, tb := a.tensorOf(compute), b.tensorOf(compute)
	if info.intDivide && compute.IsIntegral(false) && Numel(shape) > 0 && hasZero(tb) {
		raise(RuntimeError, errZeroDivision)
	}
	dst := out
	if dst == nil || dst.DType() != result {
		dst = allocResultZ(shape, result, false, ta, tb)
		dst.device = dev
	}
	runBinary(op, dst, ta, tb, alpha, hasAlpha)
	return finish(out, dst)
}

// negScalar is -s (sub is add with a negated alpha).
func negScalar(s Scalar) Scalar {
	switch s.Kind {
	case FloatScalar:
		return FloatS(-s.F)
	case BoolScalar:
		return IntS(-s.I)
	}
	return IntS(-s.I)
}

// hasZero reports whether an integer tensor holds a zero.
func hasZero(t *Tensor) bool {
	c := t.Contiguous()
	n := c.Numel()
	switch d := c.st.host().(type) {
	case []uint8:
		return anyZero(d[c.offset : c.offset+n])
	case []int8:
		return anyZero(d[c.offset : c.offset+n])
	case []int16:
		return anyZero(d[c.offset : c.offset+n])
	case []int32:
		return anyZero(d[c.offset : c.offset+n])
	case []int64:
		return anyZero(d[c.offset : c.offset+n])
	}
	return false
}

func anyZero[T Num](s []T) bool {
	for _, v := range s {
		if v == 0 {
			return true
		}
	}
	return false
}

// scalarAs converts a Scalar to the element type T as c10's Scalar::to<T>
// does (floats truncate into integers).
func scalarAs[T Num](s Scalar) T {
	if s.Kind == FloatScalar {
		var z T
		switch any(z).(type) {
		case float32, float64:
			return T(s.F)
		}
		return T(scalarToInt(s))
	}
	return T(s.I)
}

// runBinary runs the kernel of op over dst = op(a, b), all operands of the
// compute dtype except a bool dst for comparisons; a and b broadcast to
// dst's shape.
func runBinary(op BinaryOp, dst, a, b *Tensor, alpha Scalar, hasAlpha bool) {
	if !dst.device.IsCPU() && accelerator != nil && accelerator.Binary(op, dst, a, b, alpha, hasAlpha) {
		return
	}
	p := planOver(dst, a, b)
	os, as, bs := p.strides[0][0], p.strides[1][0], p.strides[2][0]
	if binInfos[op].boolOut {
		o := dst.st.host().([]bool)
		switch ad := a.st.host().(type) {
		case []bool:
			runLoop(&p, cmpKernel[uint8]{op, o, boolBytes(ad), boolBytes(b.st.host().([]bool)), os, as, bs})
		case []uint8:
			runLoop(&p, cmpKernel[uint8]{op, o, ad, b.st.host().([]uint8), os, as, bs})
		case []int8:
			runLoop(&p, cmpKernel[int8]{op, o, ad, b.st.host().([]int8), os, as, bs})
		case []int16:
			runLoop(&p, cmpKernel[int16]{op, o, ad, b.st.host().([]int16), os, as, bs})
		case []int32:
			runLoop(&p, cmpKernel[int32]{op, o, ad, b.st.host().([]int32), os, as, bs})
		case []int64:
			runLoop(&p, cmpKernel[int64]{op, o, ad, b.st.host().([]int64), os, as, bs})
		case []float32:
			runLoop(&p, cmpKernel[float32]{op, o, ad, b.st.host().([]float32), os, as, bs})
		case []float64:
			runLoop(&p, cmpKernel[float64]{op, o, ad, b.st.host().([]float64), os, as, bs})
		case []Half:
			runLoop(&p, halfBinKernel[Half]{op: op, ob: o, a: ad, b: b.st.host().([]Half), os: os, as: as, bs: bs, widen: widenHalf, narrow: narrowHalf})
		case []BF16:
			runLoop(&p, halfBinKernel[BF16]{op: op, ob: o, a: ad, b: b.st.host().([]BF16), os: os, as: as, bs: bs, widen: widenBF16, narrow: narrowBF16})
		}
		return
	}
	switch o := dst.st.host().(type) {
	case []bool:
		al := uint8(0)
		if alpha.Bool() {
			al = 1
		}
		runLoop(&p, intBinKernel[uint8]{op, boolBytes(o), boolBytes(a.st.host().([]bool)), boolBytes(b.st.host().([]bool)), os, as, bs, al, hasAlpha, true})
	case []uint8:
		runLoop(&p, intBinKernel[uint8]{op, o, a.st.host().([]uint8), b.st.host().([]uint8), os, as, bs, scalarAs[uint8](alpha), hasAlpha, false})
	case []int8:
		runLoop(&p, intBinKernel[int8]{op, o, a.st.host().([]int8), b.st.host().([]int8), os, as, bs, scalarAs[int8](alpha), hasAlpha, false})
	case []int16:
		runLoop(&p, intBinKernel[int16]{op, o, a.st.host().([]int16), b.st.host().([]int16), os, as, bs, scalarAs[int16](alpha), hasAlpha, false})
	case []int32:
		runLoop(&p, intBinKernel[int32]{op, o, a.st.host().([]int32), b.st.host().([]int32), os, as, bs, scalarAs[int32](alpha), hasAlpha, false})
	case []int64:
		runLoop(&p, intBinKernel[int64]{op, o, a.st.host().([]int64), b.st.host().([]int64), os, as, bs, scalarAs[int64](alpha), hasAlpha, false})
	case []float32:
		runLoop(&p, floatBinKernel[float32]{op, o, a.st.host().([]float32), b.st.host().([]float32), os, as, bs, scalarAs[float32](alpha), hasAlpha})
	case []float64:
		runLoop(&p, floatBinKernel[float64]{op, o, a.st.host().([]float64), b.st.host().([]float64), os, as, bs, scalarAs[float64](alpha), hasAlpha})
	case []Half:
		al := HalfFromFloat32(float32(alpha.Float())).Float32()
		runLoop(&p, halfBinKernel[Half]{op: op, o: o, a: a.st.host().([]Half), b: b.st.host().([]Half), os: os, as: as, bs: bs, alpha: al, hasAlpha: hasAlpha, widen: widenHalf, narrow: narrowHalf})
	case []BF16:
		al := BF16FromFloat32(float32(alpha.Float())).Float32()
		runLoop(&p, halfBinKernel[BF16]{op: op, o: o, a: a.st.host().([]BF16), b: b.st.host().([]BF16), os: os, as: as, bs: bs, alpha: al, hasAlpha: hasAlpha, widen: widenBF16, narrow: narrowBF16})
	}
}

// intBinKernel runs an arithmetic operation on integer elements; bool
// tensors run it on their bytes, normalising sums to 0/1.
type intBinKernel[T intNum] struct {
	op         BinaryOp
	o, a, b    []T
	os, as, bs int
	alpha      T
	hasAlpha   bool
	isBool     bool
}

func (k intBinKernel[T]) row(offs rowOffsets, n int) {
	o := k.o[offs[0]:]
	binaryIntRow(k.op, n, o, k.os, k.a[offs[1]:], k.as, k.b[offs[2]:], k.bs, k.alpha, k.hasAlpha)
	if k.isBool && k.op == OpAdd {
		for i := 0; i < n; i++ {
			if o[i*k.os] != 0 {
				o[i*k.os] = 1
			}
		}
	}
}

// binaryIntRow dispatches one row of an integer operation.
func binaryIntRow[T intNum](op BinaryOp, n int, o []T, os int, a []T, as int, b []T, bs int, alpha T, hasAlpha bool) {
	switch op {
	case OpAdd, OpSub:
		switch {
		case hasAlpha:
			addAlphaRow(n, o, os, a, as, b, bs, alpha)
		case op == OpAdd:
			addRow(n, o, os, a, as, b, bs)
		default:
			subRow(n, o, os, a, as, b, bs)
		}
	case OpMul:
		mulRow(n, o, os, a, as, b, bs)
	case OpDivTrunc:
		divTruncIntRow(n, o, os, a, as, b, bs)
	case OpDivFloor:
		divFloorIntRow(n, o, os, a, as, b, bs)
	case OpRemainder:
		remainderIntRow(n, o, os, a, as, b, bs)
	case OpFmod:
		fmodIntRow(n, o, os, a, as, b, bs)
	case OpPow:
		powIntRow(n, o, os, a, as, b, bs)
	case OpMaximum, OpFmax:
		maxIntRow(n, o, os, a, as, b, bs)
	case OpMinimum, OpFmin:
		minIntRow(n, o, os, a, as, b, bs)
	case OpBitAnd:
		andRow(n, o, os, a, as, b, bs)
	case OpBitOr:
		orRow(n, o, os, a, as, b, bs)
	case OpBitXor:
		xorRow(n, o, os, a, as, b, bs)
	case OpLshift:
		lshiftRow(n, o, os, a, as, b, bs)
	case OpRshift:
		rshiftRow(n, o, os, a, as, b, bs)
	}
}

// floatBinKernel runs an arithmetic operation on float32 or float64.
type floatBinKernel[T floatNum] struct {
	op         BinaryOp
	o, a, b    []T
	os, as, bs int
	alpha      T
	hasAlpha   bool
}

func (k floatBinKernel[T]) row(offs rowOffsets, n int) {
	if k.op == OpPow && isF32[T]() {
		// Only for float32 tensors: Half and BFloat16 keep their own
		// kernels (PyTorch's blocks differ for them).
		powRowF32(n, asF32(k.o[offs[0]:]), k.os, asF32(k.a[offs[1]:]), k.as, asF32(k.b[offs[2]:]), k.bs)
		return
	}
	binaryFloatRow(k.op, n, k.o[offs[0]:], k.os, k.a[offs[1]:], k.as, k.b[offs[2]:], k.bs, k.alpha, k.hasAlpha)
}

// binaryFloatRow dispatches one row of a floating operation.
func binaryFloatRow[T floatNum](op BinaryOp, n int, o []T, os int, a []T, as int, b []T, bs int, alpha T, hasAlpha bool) {
	if isF32[T]() && os == 1 && !hasAlpha && binF32(op, asF32(o[:n]), asF32(a), as, asF32(b), bs) {
		return
	}
	switch op {
	case OpAdd, OpSub:
		switch {
		case hasAlpha:
			addAlphaRow(n, o, os, a, as, b, bs, alpha)
		case op == OpAdd:
			addRow(n, o, os, a, as, b, bs)
		default:
			subRow(n, o, os, a, as, b, bs)
		}
	case OpMul:
		mulRow(n, o, os, a, as, b, bs)
	case OpDiv:
		divRow(n, o, os, a, as, b, bs)
	case OpDivTrunc:
		divTruncFloatRow(n, o, os, a, as, b, bs)
	case OpDivFloor:
		divFloorFloatRow(n, o, os, a, as, b, bs)
	case OpRemainder:
		remainderFloatRow(n, o, os, a, as, b, bs)
	case OpFmod:
		fmodFloatRow(n, o, os, a, as, b, bs)
	case OpPow:
		powFloatRow(n, o, os, a, as, b, bs)
	case OpMaximum:
		maximumFloatRow(n, o, os, a, as, b, bs)
	case OpMinimum:
		minimumFloatRow(n, o, os, a, as, b, bs)
	case OpFmax:
		fmaxFloatRow(n, o, os, a, as, b, bs)
	case OpFmin:
		fminFloatRow(n, o, os, a, as, b, bs)
	case OpAtan2:
		atan2Row(n, o, os, a, as, b, bs)
	case OpHypot:
		hypotRow(n, o, os, a, as, b, bs)
	}
}

// cmpKernel runs a comparison or logical operation into a bool output.
type cmpKernel[T Num] struct {
	op         BinaryOp
	o          []bool
	a, b       []T
	os, as, bs int
}

func (k cmpKernel[T]) row(offs rowOffsets, n int) {
	compareRow(k.op, n, k.o[offs[0]:], k.os, k.a[offs[1]:], k.as, k.b[offs[2]:], k.bs)
}

// compareRow dispatches one row of a comparison.
func compareRow[T Num](op BinaryOp, n int, o []bool, os int, a []T, as int, b []T, bs int) {
	if os == 1 && op >= OpEq && op <= OpGe {
		if a32, ok := any(a).([]float32); ok && cmpF32(op, o[:n], a32, as, any(b).([]float32), bs) {
			return
		}
	}
	switch op {
	case OpEq:
		eqRow(n, o, os, a, as, b, bs)
	case OpNe:
		neRow(n, o, os, a, as, b, bs)
	case OpLt:
		ltRow(n, o, os, a, as, b, bs)
	case OpLe:
		leRow(n, o, os, a, as, b, bs)
	case OpGt:
		gtRow(n, o, os, a, as, b, bs)
	case OpGe:
		geRow(n, o, os, a, as, b, bs)
	case OpLogicalAnd:
		logicalAndRow(n, o, os, a, as, b, bs)
	case OpLogicalOr:
		logicalOrRow(n, o, os, a, as, b, bs)
	case OpLogicalXor:
		logicalXorRow(n, o, os, a, as, b, bs)
	}
}

// halfBlock is the number of Half/BFloat16 elements widened to float32 at
// a time.
const halfBlock = 512

// halfBinKernel runs a binary operation on Half or BFloat16 elements in
// float32, a block at a time: arithmetic into o, comparisons into ob.
type halfBinKernel[H Half | BF16] struct {
	op         BinaryOp
	o          []H
	ob         []bool
	a, b       []H
	os, as, bs int
	alpha      float32
	hasAlpha   bool
	widen      func(dst []float32, src []H, stride int)
	narrow     func(dst []H, stride int, src []float32)
}

func (k halfBinKernel[H]) row(offs rowOffsets, n int) {
	var xa, xb, xo [halfBlock]float32
	for done := 0; done < n; done += halfBlock {
		m := min(halfBlock, n-done)
		as, bs := 1, 1
		if k.as == 0 {
			k.widen(xa[:1], k.a[offs[1]:], 0)
			as = 0
		} else {
			k.widen(xa[:m], k.a[offs[1]+done*k.as:], k.as)
		}
		if k.bs == 0 {
			k.widen(xb[:1], k.b[offs[2]:], 0)
			bs = 0
		} else {
			k.widen(xb[:m], k.b[offs[2]+done*k.bs:], k.bs)
		}
		if k.ob != nil {
			compareRow(k.op, m, k.ob[offs[0]+done*k.os:], k.os, xa[:], as, xb[:], bs)
			continue
		}
		binaryFloatRow(k.op, m, xo[:], 1, xa[:], as, xb[:], bs, k.alpha, k.hasAlpha)
		if k.hasAlpha && (k.op == OpAdd || k.op == OpSub) { // sub is add with -alpha
			k.addAlphaScalarPath(n, done, xo[:m], xa[:], as, xb[:], bs)
		}
		k.narrow(k.o[offs[0]+done*k.os:], k.os, xo[:m])
	}
}

// addAlphaScalarPath redoes, in a block of a row starting at element done,
// the elements of a + alpha*b that PyTorch 1.13 computes in the dtype's
// own arithmetic, rounding alpha*b before the addition: every element for
// Half (which has no vectorised kernel), and for BFloat16 those of the
// scalar path: a contiguous row's last n % 32 elements (its vectorised
// loop takes two vectors of 16, in float, rounding once) and every element
// of a strided row.
func (k halfBinKernel[H]) addAlphaScalarPath(n, done int, o, a []float32, as int, b []float32, bs int) {
	round := func(x float32) float32 { return HalfFromFloat32(x).Float32() }
	start := 0
	if _, bf := any(k.o).([]BF16); bf {
		round = func(x float32) float32 { return BF16FromFloat32(x).Float32() }
		if k.os == 1 && k.as <= 1 && k.bs <= 1 {
			start = n - n%32
		}
	}
	for j := max(start-done, 0); j < len(o); j++ {
		o[j] = round(a[j*as] + round(k.alpha*b[j*bs]))
	}
}

func widenHalf(dst []float32, src []Half, stride int) {
	for i := range dst {
		dst[i] = src[i*stride].Float32()
	}
}

func narrowHalf(dst []Half, stride int, src []float32) {
	for i, v := range src {
		dst[i*stride] = HalfFromFloat32(v)
	}
}

func widenBF16(dst []float32, src []BF16, stride int) {
	for i := range dst {
		dst[i] = src[i*stride].Float32()
	}
}

func narrowBF16(dst []BF16, stride int, src []float32) {
	for i, v := range src {
		dst[i*stride] = BF16FromFloat32(v)
	}
}
