package gpu

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The descriptions of the pointwise operations: binary (arithmetic,
// comparisons, logical and bitwise), unary, casts and where.

// desc is one operation's expression for integer, floating and bool
// operands ("" where the GPU has no kernel: the CPU runs it).
type desc struct {
	name              string
	ints, floats, bin string
	boolOut           bool
}

// expr is the description's expression for dtype d.
func (b desc) expr(d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		return b.bin
	case d.IsFloat():
		return b.floats
	}
	return b.ints
}

var binaryDescs = map[tensor.BinaryOp]desc{
	tensor.OpAdd: {name: "add", ints: "(T)((U)x + (U)y)", floats: "x + y", bin: "(x | y) != 0"},
	tensor.OpSub: {name: "sub", ints: "(T)((U)x - (U)y)", floats: "x - y"},
	tensor.OpMul: {name: "mul", ints: "(T)((U)x * (U)y)", floats: "x * y", bin: "(x & y) != 0"},
	tensor.OpDiv: {name: "div", floats: "x / y"},
	// SIGNED guards x / -1 and x % -1, which overflow in C for the most
	// negative x; the CPU wraps (Go's arithmetic).
	tensor.OpDivTrunc:   {name: "div_trunc", ints: "(SIGNED && y == (T)-1) ? (T)(-(U)x) : (T)(x / y)", floats: "trunc(x / y)"},
	tensor.OpDivFloor:   {name: "div_floor", ints: "(SIGNED && y == (T)-1) ? (T)(-(U)x) : (((x < 0) != (y < 0) && x % y != 0) ? (T)(x / y - 1) : (T)(x / y))", floats: "tensh_div_floor(x, y)"},
	tensor.OpRemainder:  {name: "remainder", ints: "(SIGNED && y == (T)-1) ? (T)0 : ((x % y != 0 && ((x % y < 0) != (y < 0))) ? (T)(x % y + y) : (T)(x % y))", floats: "(fmod(x, y) != 0 && ((y < 0) != (fmod(x, y) < 0))) ? fmod(x, y) + y : fmod(x, y)"},
	tensor.OpFmod:       {name: "fmod", ints: "(SIGNED && y == (T)-1) ? (T)0 : (T)(x % y)", floats: "fmod(x, y)"},
	tensor.OpMaximum:    {name: "maximum", ints: "(x < y) ? y : x", floats: "(x != x || y != y) ? (T)NAN : ((x < y) ? y : x)", bin: "(x < y) ? y : x"},
	tensor.OpMinimum:    {name: "minimum", ints: "(y < x) ? y : x", floats: "(x != x || y != y) ? (T)NAN : ((y < x) ? y : x)", bin: "(y < x) ? y : x"},
	tensor.OpBitAnd:     {name: "bitand", ints: "x & y", bin: "x & y"},
	tensor.OpBitOr:      {name: "bitor", ints: "x | y", bin: "x | y"},
	tensor.OpBitXor:     {name: "bitxor", ints: "x ^ y", bin: "x ^ y"},
	tensor.OpEq:         {name: "eq", ints: "x == y", floats: "x == y", bin: "x == y", boolOut: true},
	tensor.OpNe:         {name: "ne", ints: "x != y", floats: "x != y", bin: "x != y", boolOut: true},
	tensor.OpLt:         {name: "lt", ints: "x < y", floats: "x < y", bin: "x < y", boolOut: true},
	tensor.OpLe:         {name: "le", ints: "x <= y", floats: "x <= y", bin: "x <= y", boolOut: true},
	tensor.OpGt:         {name: "gt", ints: "x > y", floats: "x > y", bin: "x > y", boolOut: true},
	tensor.OpGe:         {name: "ge", ints: "x >= y", floats: "x >= y", bin: "x >= y", boolOut: true},
	tensor.OpLogicalAnd: {name: "logand", ints: "(x != 0) && (y != 0)", floats: "(x != 0) && (y != 0)", bin: "(x != 0) && (y != 0)", boolOut: true},
	tensor.OpLogicalOr:  {name: "logor", ints: "(x != 0) || (y != 0)", floats: "(x != 0) || (y != 0)", bin: "(x != 0) || (y != 0)", boolOut: true},
	tensor.OpLogicalXor: {name: "logxor", ints: "(x != 0) != (y != 0)", floats: "(x != 0) != (y != 0)", bin: "(x != 0) != (y != 0)", boolOut: true},
	tensor.OpFmax:       {name: "fmax", ints: "(x < y) ? y : x", floats: "(x != x) ? y : ((y != y) ? x : ((x < y) ? y : x))", bin: "(x < y) ? y : x"},
	tensor.OpFmin:       {name: "fmin", ints: "(y < x) ? y : x", floats: "(x != x) ? y : ((y != y) ? x : ((y < x) ? y : x))", bin: "(y < x) ? y : x"},
	// The shifts as PyTorch 1.13 computes them: in int (long for int64)
	// with x86's masking of the shift count.
	tensor.OpLshift: {name: "lshift", ints: "(sizeof(T) == 8) ? (T)((ulong)x << ((ulong)y & 63)) : (T)((int)((uint)(int)x << ((uint)(int)y & 31)))"},
	tensor.OpRshift: {name: "rshift", ints: "(sizeof(T) == 8) ? (T)((long)x >> ((ulong)y & 63)) : (T)((int)x >> ((uint)(int)y & 31))"},
	tensor.OpPow:    {name: "pow", ints: "tensh_powi(x, y)", floats: "pow(x, y)"},
	tensor.OpAtan2:  {name: "atan2", floats: "atan2(x, y)"},
	tensor.OpHypot:  {name: "hypot", floats: "hypot(x, y)"},
}

// binaryHelpers are the functions of the binary program for dtype d:
// c10's div_floor_floating and PyTorch's powi.
func binaryHelpers(d tensor.DType) string {
	if d.IsFloat() {
		return `T tensh_div_floor(T a, T b) {
	if (b == 0) return a / b;
	T mod = fmod(a, b), div = (a - mod) / b;
	if (mod != 0 && (b < 0) != (mod < 0)) div -= (T)1;
	if (div != 0) {
		T fl = floor(div);
		if (div - fl > (T)0.5) fl += (T)1;
		return fl;
	}
	return copysign((T)0, a / b);
}
`
	}
	if d == tensor.Bool {
		return ""
	}
	return `T tensh_powi(T a, T b) {
	if (b < 0) {
		if (a == 1) return 1;
		if (SIGNED && a == (T)-1) return (b % 2 != 0) ? a : (T)1;
		return 0;
	}
	U r = 1, ua = (U)a, ub = (U)b;
	while (ub != 0) {
		if (ub & 1) r = (U)(r * ua);
		ub >>= 1;
		ua = (U)(ua * ua);
	}
	return (T)r;
}
`
}

// addAlpha is add and sub with alpha (sub's alpha arrives negated).
var addAlpha = desc{name: "add_alpha", ints: "(T)((U)x + (U)alpha * (U)y)", floats: "x + (T)(alpha * y)"}

// unaryDescs are the unary operations; the floating ones marked in
// transcendental are within the ULP bound of OpenCL's built-ins (see
// accel_test.go), the others exact.
var unaryDescs = map[tensor.UnaryOp]desc{
	tensor.OpNeg:        {name: "neg", ints: "(T)(-(U)x)", floats: "-x"},
	tensor.OpAbs:        {name: "abs", ints: "(x < 0) ? (T)(-(U)x) : x", floats: "fabs(x)"},
	tensor.OpSqrt:       {name: "sqrt", floats: "sqrt(x)"},
	tensor.OpRsqrt:      {name: "rsqrt", floats: "(T)1 / sqrt(x)"},
	tensor.OpExp:        {name: "exp", floats: "exp(x)"},
	tensor.OpLog:        {name: "log", floats: "log(x)"},
	tensor.OpSin:        {name: "sin", floats: "sin(x)"},
	tensor.OpCos:        {name: "cos", floats: "cos(x)"},
	tensor.OpTanh:       {name: "tanh", floats: "tanh(x)"},
	tensor.OpSigmoid:    {name: "sigmoid", floats: "(T)1 / ((T)1 + exp(-x))"},
	tensor.OpRelu:       {name: "relu", ints: "(x > 0) ? x : (T)0", floats: "(x != x || x > 0) ? x : (T)0"},
	tensor.OpFloor:      {name: "floor", floats: "floor(x)"},
	tensor.OpCeil:       {name: "ceil", floats: "ceil(x)"},
	tensor.OpRound:      {name: "round", floats: "rint(x)"},
	tensor.OpTrunc:      {name: "trunc", floats: "trunc(x)"},
	tensor.OpReciprocal: {name: "reciprocal", floats: "(T)1 / x"},
	tensor.OpLogicalNot: {name: "lognot", ints: "x == 0", floats: "x == 0", bin: "x == 0", boolOut: true},
	tensor.OpBitwiseNot: {name: "bitnot", ints: "~x"},
	tensor.OpIsnan:      {name: "isnan", floats: "isnan(x)", boolOut: true},
	tensor.OpIsinf:      {name: "isinf", floats: "isinf(x)", boolOut: true},
	tensor.OpIsfinite:   {name: "isfinite", floats: "isfinite(x)", boolOut: true},
	tensor.OpSign:       {name: "sign", ints: "(x > 0) ? (T)1 : ((x < 0) ? (T)-1 : (T)0)", floats: "(x > 0) ? (T)1 : ((x < 0) ? (T)-1 : (T)0)"},
	tensor.OpFrac:       {name: "frac", floats: "x - trunc(x)"},
	tensor.OpExpm1:      {name: "expm1", floats: "expm1(x)"},
	tensor.OpLog1p:      {name: "log1p", floats: "log1p(x)"},
	tensor.OpLog2:       {name: "log2", floats: "log2(x)"},
	tensor.OpLog10:      {name: "log10", floats: "log10(x)"},
	tensor.OpTan:        {name: "tan", floats: "tan(x)"},
	tensor.OpAsin:       {name: "asin", floats: "asin(x)"},
	tensor.OpAcos:       {name: "acos", floats: "acos(x)"},
	tensor.OpAtan:       {name: "atan", floats: "atan(x)"},
	tensor.OpSinh:       {name: "sinh", floats: "sinh(x)"},
	tensor.OpCosh:       {name: "cosh", floats: "cosh(x)"},
}

// transcendental are the unary operations computed by OpenCL's built-in
// functions, within their ULP bounds rather than exactly.
var transcendental = map[tensor.UnaryOp]bool{tensor.OpExp: true, tensor.OpLog: true, tensor.OpSin: true, tensor.OpCos: true, tensor.OpTanh: true, tensor.OpSigmoid: true,
	tensor.OpExpm1: true, tensor.OpLog1p: true, tensor.OpLog2: true, tensor.OpLog10: true, tensor.OpTan: true, tensor.OpAsin: true, tensor.OpAcos: true, tensor.OpAtan: true, tensor.OpSinh: true, tensor.OpCosh: true}

// binaryULPs are the bounds of the binary operations computed with
// OpenCL's built-in functions (the others are exact): OpenCL 1.2 allows
// pow 16 ULP, atan2 6 and hypot 4, plus the CPU's own error (1 ULP).
var binaryULPs = map[tensor.BinaryOp]uint64{tensor.OpPow: 17, tensor.OpAtan2: 8, tensor.OpHypot: 8}

// sortedOps lists a description table's operations in a fixed order, so
// that a program's source (and so its cache key) does not change.
func sortedOps[K ~uint8](m map[K]desc) []K {
	var out []K
	for k := K(0); k < 255; k++ {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

// spec1 and spec2 are the kernels of one- and two-operand descriptions.
func spec(d desc, dt tensor.DType, n int, params string) (kernelSpec, bool) {
	e := d.expr(dt)
	if e == "" {
		return kernelSpec{}, false
	}
	out := "T"
	if d.boolOut {
		out = "uchar"
	}
	ins := []string{"T", "T", "T"}[:n]
	return kernelSpec{name: d.name, out: out, ins: ins, params: params, expr: e}, true
}

// binarySource is the program of every binary operation for dtype d.
func binarySource(d tensor.DType) string {
	var specs []kernelSpec
	if k, ok := spec(addAlpha, d, 2, ", T alpha"); ok {
		specs = append(specs, k)
	}
	for _, op := range sortedOps(binaryDescs) {
		if k, ok := spec(binaryDescs[op], d, 2, ""); ok {
			specs = append(specs, k)
		}
	}
	return programSource(d == tensor.Float64, typedefs(d)+binaryHelpers(d), specs)
}

// unarySource is the program of every unary operation for dtype d.
func unarySource(d tensor.DType) string {
	var specs []kernelSpec
	for _, op := range sortedOps(unaryDescs) {
		if k, ok := spec(unaryDescs[op], d, 1, ""); ok {
			specs = append(specs, k)
		}
	}
	return programSource(d == tensor.Float64, typedefs(d), specs)
}

// gpuDTypes are the dtypes with kernels.
var gpuDTypes = []tensor.DType{tensor.Bool, tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64, tensor.Float32, tensor.Float64}

// castExpr is the conversion of x from dtype s to dtype d, as the CPU's
// static_cast ("" when the GPU's conversion may differ: floats into
// integers, whose out-of-range values x86 and OpenCL treat differently).
func castExpr(s, d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		return "x != 0"
	case s.IsFloat() && !d.IsFloat():
		return floatToInt(s, d)
	}
	return "x"
}

// floatToInt is static_cast from a float to an integer type on x86-64
// (runtime/tensor/cast.go): int64 and uint8 through int64, the others
// through int32, with x86's "integer indefinite" (the most negative
// value) for NaN, the infinities and values out of range (OpenCL leaves
// those undefined).
func floatToInt(s, d tensor.DType) string {
	f := "f"
	if s == tensor.Float64 {
		f = ""
	}
	i64 := "((x > -9223372036854777856.0" + f + " && x < 9223372036854775808.0" + f + ") ? (long)x : (long)0x8000000000000000UL)"
	i32 := "((x > -2147483649.0" + f + " && x < 2147483648.0" + f + ") ? (int)x : (int)0x80000000U)"
	switch d {
	case tensor.Int64:
		return i64
	case tensor.Uint8:
		return "(uchar)(ulong)" + i64
	case tensor.Int32:
		return i32
	case tensor.Int16:
		return "as_short((ushort)(uint)" + i32 + ")"
	case tensor.Int8:
		return "as_char((uchar)(uint)" + i32 + ")"
	}
	return ""
}

// castSource is the program of the copies from dtype s into every dtype
// (the names are copy_<dst type>, bool as "bool").
func castSource(s tensor.DType) string {
	var specs []kernelSpec
	fp64 := s == tensor.Float64
	for _, d := range gpuDTypes {
		e := castExpr(s, d)
		if e == "" {
			continue
		}
		fp64 = fp64 || d == tensor.Float64
		specs = append(specs, kernelSpec{name: "copy_" + castName(d), out: clType(d), ins: []string{clType(s)}, expr: e})
	}
	return programSource(fp64, "", specs)
}

// castName names a dtype in a copy kernel's name.
func castName(d tensor.DType) string {
	if d == tensor.Bool {
		return "bool"
	}
	return clType(d)
}

// whereSource is where(cond, x, y) for dtype d.
func whereSource(d tensor.DType) string {
	k := kernelSpec{name: "where", out: "T", ins: []string{"uchar", "T", "T"}, expr: "x ? y : z"}
	return programSource(d == tensor.Float64, typedefs(d), []kernelSpec{k})
}

// gatherSource is the gather of dtype d: o = src[its offset over the
// kept dimensions + index * dstride] (gather, index_select).
func gatherSource(d tensor.DType) string {
	k := kernelSpec{name: "gather", out: "T", ins: []string{"long"}, raw: []string{"T"}, params: ", IDX dstride", expr: "y_p[off[2] + (IDX)x * dstride]"}
	return programSource(d == tensor.Float64, typedefs(d), []kernelSpec{k})
}
