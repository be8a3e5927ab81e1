package numpy

import (
	"fmt"
	"github.com/tensh/tensh/eval"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// npUfunc is a binary NumPy ufunc: its loops computed in float64 (the
// float loops, rounded to the result dtype as float32/float16 arithmetic
// rounds), int64 (wrapped to the result dtype) and bool.
type npUfunc struct {
	name string
	f    func(x, y float64, fl *npFlags) float64
	i    func(x, y int64, fl *npFlags) int64
	b    func(x, y bool) bool
	// cmp: a comparison, from the order of x and y (-1, 0, 1, or
	// npUnordered for a NaN); the result is bool.
	cmp func(c int) bool
	// logical: the inputs are read as bools (logical_and, ...).
	logical bool
	// floatOnly: integer inputs use the float64 loop (true_divide, arctan2).
	floatOnly bool
	// boolAs: the dtype bool inputs use when there is no bool loop.
	boolAs tensor.DType
	// noFloat: no float loop (bitwise operations).
	noFloat bool
}

// npFlags are the floating-point conditions a loop met (np.errstate's
// default warns for divide, invalid and overflow).
type npFlags struct{ divide, invalid, overflow bool }

// npArg converts a ufunc operand: an array, a NumPy scalar, a Python
// number or a nested sequence.
func npArg(v eval.Value) *NDArray {
	a := npArgAny(v)
	npComplexGuard("this operation", a)
	npUint64Guard(a)
	return a
}

// npArgAny is npArg for any dtype (complex ones included: item assignment).
func npArgAny(v eval.Value) *NDArray {
	switch x := v.(type) {
	case *NDArray:
		return x
	case eval.Bool:
		return npScalar(tensor.BoolS(bool(x)), tensor.Bool)
	case eval.Int:
		return npScalar(npNumber(x), tensor.Int64)
	case eval.Float:
		return npScalar(tensor.FloatS(float64(x)), tensor.Float64)
	case *tensor.Tensor:
		return tensorToND(x)
	}
	return npFromValue(v, nil)
}

// npBroadcastShapes broadcasts shapes; ok false when they do not.
func npBroadcastShapes(shapes ...[]int) ([]int, bool) {
	nd := 0
	for _, s := range shapes {
		nd = max(nd, len(s))
	}
	out := make([]int, nd)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		for i, n := range s {
			j := nd - len(s) + i
			switch {
			case n == out[j] || n == 1:
			case out[j] == 1:
				out[j] = n
			default:
				return nil, false
			}
		}
	}
	return out, true
}

// npBroadcastError is the ufunc broadcast ValueError, listing every shape
// (with its trailing space).
func npBroadcastError(shapes ...[]int) {
	text := ""
	for _, s := range shapes {
		text += npShapeText(s) + " "
	}
	eval.Throw("ValueError", errNPBroadcast, text)
}

// expandTo views a with shape (broadcast; stride 0 on new and size-1 dims).
func (a *NDArray) expandTo(shape []int) *NDArray {
	nd := len(shape)
	strides := make([]int, nd)
	off := nd - a.ndim()
	for i := range shape {
		if i >= off && a.shape()[i-off] == shape[i] && shape[i] != 1 {
			strides[i] = a.t.Strides()[i-off]
		}
	}
	return a.view(a.t.Offset(), append([]int{}, shape...), strides)
}

// loopDType is the dtype a ufunc's loop computes in for a promoted dtype.
func (u *npUfunc) loopDType(rt tensor.DType) tensor.DType {
	switch {
	case u.logical:
		return tensor.Bool
	case rt == tensor.Bool && u.b == nil && u.cmp == nil:
		if u.boolAs == tensor.Bool {
			return tensor.Bool
		}
		return u.boolAs
	case u.floatOnly && !rt.IsFloat():
		return tensor.Float64
	}
	return rt
}

// outDType is the loop's output dtype.
func (u *npUfunc) outDType(loop tensor.DType) tensor.DType {
	if u.cmp != nil || u.logical {
		return tensor.Bool
	}
	return loop
}

// call runs the ufunc on x and y (out optional) with NumPy's broadcasting,
// casting and error rules.
func (u *npUfunc) call(s *eval.Session, x, y eval.Value, out *NDArray) eval.Value {
	a, b := npArg(x), npArg(y)
	rt := npResultType([]*NDArray{a, b})
	loop := u.loopDType(rt)
	if loop == tensor.Bool && u.b == nil && u.cmp == nil {
		if u.name == "subtract" {
			eval.Throw("TypeError", errNPBoolSubtract)
		}
	}
	if loop.IsFloat() && (u.noFloat || (u.f == nil && u.cmp == nil && !u.logical)) {
		eval.Throw("TypeError", errNPUfuncNoLoop, u.name)
	}
	od := u.outDType(loop)
	if out != nil && !npCanCast(od, out.dtype(), "same_kind") {
		eval.Throw("numpy.core._exceptions._UFuncOutputCastingError", errNPOutputCast, u.name, NPDType{od}.Repr(), NPDType{out.dtype()}.Repr())
	}
	shapes := [][]int{a.shape(), b.shape()}
	if out != nil {
		shapes = append(shapes, out.shape())
	}
	shape, ok := npBroadcastShapes(shapes...)
	if !ok {
		npBroadcastError(shapes...)
	}
	if out != nil {
		if !sameInts(shape, out.shape()) {
			eval.Throw("ValueError", errNPNonBroadcastOut, npShapeText(out.shape()), npShapeText(shape))
		}
		if out.readonly {
			eval.Throw("ValueError", errNPOutReadOnly)
		}
	}
	uu := u
	if npScalarMath(a, x) && npScalarMath(b, y) && (a.scalar || b.scalar) {
		// NumPy scalars compute in scalarmath.c, whose warnings say so.
		c := *u
		c.name = "scalar " + u.name
		uu = &c
	}
	res := uu.compute(s, a.expandTo(shape), b.expandTo(shape), loop, od)
	if out != nil {
		npCopyInto(out, res)
		if out.dtype().IsFloat() && u.cmp == nil && npCastOverflowed(res, out) {
			s.Warn("RuntimeWarning", fmt.Sprintf(errNPOverflow, uu.name)) // the loop's cast into out
		}
		return out
	}
	if a.ndim() == 0 && b.ndim() == 0 {
		res.scalar = true
	}
	return res
}

// compute applies the loop elementwise to two arrays of the same shape.
func (u *npUfunc) compute(s *eval.Session, a, b *NDArray, loop, od tensor.DType) *NDArray {
	res := npEmpty(append([]int{}, a.shape()...), od)
	dst := res.Storage()
	as, bs := a.t.Storage(), b.t.Storage()
	var fl npFlags
	npZip(a, b, func(i, oa, ob int) {
		x, y := npCast(as.Get(oa), loop), npCast(bs.Get(ob), loop)
		var r tensor.Scalar
		switch {
		case u.cmp != nil:
			r = tensor.BoolS(u.cmp(npOrder(x, y)))
		case loop == tensor.Bool:
			r = tensor.BoolS(u.b(x.Bool(), y.Bool()))
		case loop.IsFloat():
			xf, yf := x.Float(), y.Float()
			v := u.f(xf, yf, &fl)
			if loop == tensor.Float16 {
				v = float64(float32(v))
			}
			finite := !math.IsInf(xf, 0) && !math.IsInf(yf, 0) && !math.IsNaN(xf) && !math.IsNaN(yf)
			switch {
			case math.IsNaN(v) && !math.IsNaN(xf) && !math.IsNaN(yf) && !fl.divide:
				fl.invalid = true
			case finite && math.IsInf(npRound(v, loop), 0) && !fl.divide:
				fl.overflow = true
			}
			r = tensor.FloatS(v)
		default:
			r = tensor.IntS(u.i(x.Int(), y.Int(), &fl))
		}
		dst.Set(i, r)
		// The cast into a narrower float output overflows too.
		if od.IsFloat() && u.cmp == nil && loop != tensor.Bool && !fl.overflow && !fl.divide {
			if rf := r.Float(); !math.IsInf(rf, 0) && !math.IsNaN(rf) && math.IsInf(dst.Get(i).Float(), 0) {
				fl.overflow = true
			}
		}
	})
	name := u.name
	if fl.divide {
		s.Warn("RuntimeWarning", fmt.Sprintf(errNPDivZero, name))
	}
	if fl.overflow {
		s.Warn("RuntimeWarning", fmt.Sprintf(errNPOverflow, name))
	}
	if fl.invalid {
		s.Warn("RuntimeWarning", fmt.Sprintf(errNPInvalid, name))
	}
	return newND(res)
}

// npUnordered is npOrder's result when a NaN is involved.
const npUnordered = 2

// npOrder compares two elements of the same loop dtype.
func npOrder(x, y tensor.Scalar) int {
	if x.Kind == tensor.FloatScalar || y.Kind == tensor.FloatScalar {
		a, b := x.Float(), y.Float()
		switch {
		case math.IsNaN(a) || math.IsNaN(b):
			return npUnordered
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	a, b := x.Int(), y.Int()
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// npCopyInto writes src (same shape) into dst with NumPy's cast.
// A source that shares dst's memory is copied first, so an overlap reads
// the old values (as NumPy's overlap handling does).
func npCopyInto(dst, src *NDArray) {
	if tensor.SameStorage(src.t.Storage(), dst.t.Storage()) {
		src = src.copyAs(src.dtype())
	}
	st, ss := dst.t.Storage(), src.t.Storage()
	d := dst.dtype()
	npZip(dst, src, func(_, od, os int) { st.Set(od, npCast(ss.Get(os), d)) })
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ---- the loops ----

func npFloorDivF(a, b float64, fl *npFlags) float64 {
	if b == 0 {
		if a == 0 || math.IsNaN(a) {
			fl.invalid = true
		} else {
			fl.divide = true
		}
		return a / b
	}
	mod := math.Mod(a, b)
	div := (a - mod) / b
	if mod != 0 && (b < 0) != (mod < 0) {
		div--
	}
	if div == 0 {
		return math.Copysign(0, a/b)
	}
	fd := math.Floor(div)
	if div-fd > 0.5 {
		fd++
	}
	return fd
}

func npModF(a, b float64, fl *npFlags) float64 {
	if b == 0 {
		fl.invalid = true
		return math.Mod(a, b)
	}
	mod := math.Mod(a, b)
	if mod != 0 {
		if (b < 0) != (mod < 0) {
			mod += b
		}
	} else {
		mod = math.Copysign(0, b)
	}
	return mod
}

func npFloorDivI(a, b int64, fl *npFlags) int64 {
	if b == 0 {
		fl.divide = true
		return 0
	}
	if b == -1 && a == math.MinInt64 {
		return a
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func npModI(a, b int64, fl *npFlags) int64 {
	if b == 0 {
		fl.divide = true
		return 0
	}
	if b == -1 {
		return 0
	}
	m := a % b
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

func npPowI(a, b int64, fl *npFlags) int64 {
	if b < 0 {
		eval.Throw("ValueError", errNPNegPower)
	}
	r := int64(1)
	for b > 0 {
		if b&1 == 1 {
			r *= a
		}
		a *= a
		b >>= 1
	}
	return r
}

func npDivF(a, b float64, fl *npFlags) float64 {
	if b == 0 {
		if a == 0 || math.IsNaN(a) {
			fl.invalid = true
		} else {
			fl.divide = true
		}
	}
	return a / b
}

func npMaxF(a, b float64, _ *npFlags) float64 {
	if math.IsNaN(a) || a >= b {
		return a
	}
	return b
}

func npMinF(a, b float64, _ *npFlags) float64 {
	if math.IsNaN(a) || a <= b {
		return a
	}
	return b
}

var npUfuncs = map[string]*npUfunc{
	"add": {name: "add", f: func(x, y float64, _ *npFlags) float64 { return x + y },
		i: func(x, y int64, _ *npFlags) int64 { return x + y }, b: func(x, y bool) bool { return x || y }},
	"subtract": {name: "subtract", f: func(x, y float64, _ *npFlags) float64 { return x - y },
		i: func(x, y int64, _ *npFlags) int64 { return x - y }, boolAs: tensor.Bool},
	"multiply": {name: "multiply", f: func(x, y float64, _ *npFlags) float64 { return x * y },
		i: func(x, y int64, _ *npFlags) int64 { return x * y }, b: func(x, y bool) bool { return x && y }},
	"divide":       {name: "divide", f: npDivF, floatOnly: true},
	"floor_divide": {name: "floor_divide", f: npFloorDivF, i: npFloorDivI, boolAs: tensor.Int8},
	"remainder":    {name: "remainder", f: npModF, i: npModI, boolAs: tensor.Int8},
	"power": {name: "power", f: func(x, y float64, _ *npFlags) float64 { return tensor.Pow(x, y) },
		i: npPowI, boolAs: tensor.Int8},
	"maximum": {name: "maximum", f: npMaxF, i: func(x, y int64, _ *npFlags) int64 { return max(x, y) },
		b: func(x, y bool) bool { return x || y }},
	"minimum": {name: "minimum", f: npMinF, i: func(x, y int64, _ *npFlags) int64 { return min(x, y) },
		b: func(x, y bool) bool { return x && y }},
	"bitwise_and": {name: "bitwise_and", i: func(x, y int64, _ *npFlags) int64 { return x & y },
		b: func(x, y bool) bool { return x && y }, noFloat: true},
	"bitwise_or": {name: "bitwise_or", i: func(x, y int64, _ *npFlags) int64 { return x | y },
		b: func(x, y bool) bool { return x || y }, noFloat: true},
	"bitwise_xor": {name: "bitwise_xor", i: func(x, y int64, _ *npFlags) int64 { return x ^ y },
		b: func(x, y bool) bool { return x != y }, noFloat: true},
	"left_shift": {name: "left_shift", i: func(x, y int64, _ *npFlags) int64 {
		if y < 0 || y >= 64 {
			return 0
		}
		return x << uint(y)
	}, noFloat: true, boolAs: tensor.Int8},
	"right_shift": {name: "right_shift", i: func(x, y int64, _ *npFlags) int64 {
		if y < 0 || y >= 64 {
			if x < 0 {
				return -1
			}
			return 0
		}
		return x >> uint(y)
	}, noFloat: true, boolAs: tensor.Int8},
	"arctan2":       {name: "arctan2", f: func(x, y float64, _ *npFlags) float64 { return math.Atan2(x, y) }, floatOnly: true},
	"hypot":         {name: "hypot", f: func(x, y float64, _ *npFlags) float64 { return math.Hypot(x, y) }, floatOnly: true},
	"equal":         {name: "equal", cmp: func(c int) bool { return c == 0 }},
	"not_equal":     {name: "not_equal", cmp: func(c int) bool { return c != 0 }},
	"less":          {name: "less", cmp: func(c int) bool { return c == -1 }},
	"less_equal":    {name: "less_equal", cmp: func(c int) bool { return c == -1 || c == 0 }},
	"greater":       {name: "greater", cmp: func(c int) bool { return c == 1 }},
	"greater_equal": {name: "greater_equal", cmp: func(c int) bool { return c == 1 || c == 0 }},
	"logical_and":   {name: "logical_and", b: func(x, y bool) bool { return x && y }, logical: true},
	"logical_or":    {name: "logical_or", b: func(x, y bool) bool { return x || y }, logical: true},
	"logical_xor":   {name: "logical_xor", b: func(x, y bool) bool { return x != y }, logical: true},
}

// npScalarMath reports whether an operand is a NumPy scalar or a Python
// number (scalar arithmetic, not a ufunc loop).
func npScalarMath(a *NDArray, v eval.Value) bool {
	if a.scalar {
		return true
	}
	switch v.(type) {
	case eval.Bool, eval.Int, eval.Float:
		return true
	}
	return false
}

// npCastOverflowed reports whether copying src into the float array dst
// turned a finite value into an infinity.
func npCastOverflowed(src, dst *NDArray) bool {
	sv, dv := src.values(), dst.values()
	for i := range sv {
		if f := sv[i].Float(); !math.IsInf(f, 0) && !math.IsNaN(f) && math.IsInf(dv[i].Float(), 0) {
			return true
		}
	}
	return false
}
