package numpy

import (
	"fmt"
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// numpy's functions: the ufuncs (with out=), where, the broadcasting
// helpers, joins, and the reductions as functions.

// npOutArg reads out= (an ndarray or None).
func npOutArg(a *eval.Args) *NDArray {
	v, ok := a.Kwarg("out")
	if !ok {
		return nil
	}
	return npOutValue(v)
}

// npOutValue is a ufunc's out argument, given by position or keyword (nil
// when absent or None).
func npOutValue(v eval.Value) *NDArray {
	if v == nil {
		return nil
	}
	if _, isNone := v.(eval.NoneType); isNone {
		return nil
	}
	out, isND := v.(*NDArray)
	if !isND || out.scalar {
		eval.Throw("TypeError", errNPOutType)
	}
	return out
}

// npUnary is a one-input ufunc computed in float64 (rounded to the
// result dtype), int64 or bool.
type npUnary struct {
	name      string
	f         func(x float64) float64
	i         func(x int64) int64
	b         func(x bool) bool
	toBool    func(x float64) bool // predicates (isnan, ...)
	floatOnly bool                 // integer inputs use float64 (sqrt, exp)
	noBool    bool                 // no loop for bool inputs
}

func (u *npUnary) call(s *eval.Session, x eval.Value, out *NDArray) eval.Value {
	a := npArg(x)
	d := a.dtype()
	loop := d
	switch {
	case u.toBool != nil:
		loop = tensor.Bool
	case u.floatOnly && !d.IsFloat():
		loop = tensor.Float64
		if d == tensor.Bool || d == tensor.Int8 || d == tensor.Uint8 {
			loop = tensor.Float16
		} else if d == tensor.Int16 || d == tensor.Uint16 {
			loop = tensor.Float32
		}
	case d == tensor.Bool && u.name == "negative":
		eval.Throw("TypeError", errNPBoolNegative)
	case d == tensor.Bool && u.noBool:
		eval.Throw("numpy.core._exceptions._UFuncNoLoopError", errNPUnaryNoLoop, u.name, "bool_")
	case d == tensor.Bool && u.b == nil:
		loop = tensor.Int8
	case d.IsFloat() && u.f == nil:
		eval.Throw("TypeError", errNPUfuncNoLoop, u.name)
	}
	var fl npFlags
	overflow := false
	res := a.mapValues(loop, func(v tensor.Scalar) tensor.Scalar {
		switch {
		case u.toBool != nil:
			return tensor.BoolS(u.toBool(v.Float()))
		case loop.IsFloat():
			x := v.Float()
			r := u.f(x)
			switch {
			case math.IsNaN(r) && !math.IsNaN(x):
				fl.invalid = true
			case math.IsInf(r, 0) && !math.IsInf(x, 0) && npDivideByZero(u.name):
				fl.divide = true
			case math.IsInf(npRound(r, loop), 0) && !math.IsInf(x, 0):
				overflow = true
			}
			if loop == tensor.Float16 {
				r = float64(float32(r))
			}
			return tensor.FloatS(r)
		case loop == tensor.Bool:
			return tensor.BoolS(u.b(v.Bool()))
		}
		return tensor.IntS(u.i(v.Int()))
	})
	if fl.divide {
		s.Warn("RuntimeWarning", fmt.Sprintf(errNPDivZero, u.name))
	}
	if fl.invalid {
		s.Warn("RuntimeWarning", fmt.Sprintf(errNPInvalid, u.name))
	}
	if overflow {
		s.Warn("RuntimeWarning", fmt.Sprintf(errNPOverflow, u.name))
	}
	if out != nil {
		if !npFits(res.shape(), out.shape()) {
			npBroadcastError(a.shape(), out.shape())
		}
		if !npCanCast(loop, out.dtype(), "same_kind") {
			eval.Throw("numpy.core._exceptions._UFuncOutputCastingError", errNPOutputCast, u.name, NPDType{loop}.Repr(), NPDType{out.dtype()}.Repr())
		}
		npCopyInto(out, res.expandTo(out.shape()))
		return out
	}
	res.scalar = a.ndim() == 0
	return res
}

var npUnaries = []*npUnary{
	{name: "negative", f: func(x float64) float64 { return -x }, i: func(x int64) int64 { return -x }},
	{name: "positive", f: func(x float64) float64 { return x }, i: func(x int64) int64 { return x }, noBool: true},
	{name: "absolute", f: math.Abs, i: func(x int64) int64 {
		if x < 0 {
			return -x
		}
		return x
	}, b: func(x bool) bool { return x }},
	{name: "square", f: func(x float64) float64 { return x * x }, i: func(x int64) int64 { return x * x }},
	{name: "sign", f: func(x float64) float64 {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return x
	}, i: func(x int64) int64 {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}, noBool: true},
	{name: "sqrt", f: math.Sqrt, floatOnly: true},
	// float64: the C library's functions, as NumPy calls them; float32
	// and float16 compute in double and round (NumPy's own SIMD loops
	// for them can differ in the last bit).
	{name: "exp", f: tensor.Exp, floatOnly: true},
	{name: "log", f: tensor.Log, floatOnly: true},
	{name: "sin", f: tensor.Sin, floatOnly: true},
	{name: "cos", f: tensor.Cos, floatOnly: true},
	{name: "tanh", f: math.Tanh, floatOnly: true},
	{name: "floor", f: math.Floor, floatOnly: true},
	{name: "ceil", f: math.Ceil, floatOnly: true},
	{name: "isnan", toBool: math.IsNaN},
	{name: "isinf", toBool: func(x float64) bool { return math.IsInf(x, 0) }},
	{name: "isfinite", toBool: func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }},
	{name: "logical_not", toBool: func(x float64) bool { return x == 0 }},
}

func init() {
	for name, u := range npUfuncs {
		u := u
		npFunc(name, name+"(x1, x2, out=None)", "NumPy's "+name+" ufunc: elementwise, broadcasting x1 and x2.", func(a *eval.Args) eval.Value {
			var x, y, o eval.Value
			a.Unpack("x1", &x, "x2", &y, "out?", &o)
			return u.call(a.Session(), x, y, npOutValue(o))
		})
	}
	for name := range npUfuncs {
		eval.ExplainOperands[npFuncs[name]] = npExplainOperands(2)
	}
	npFuncs["true_divide"] = npFuncs["divide"]
	npFuncs["mod"] = npFuncs["remainder"]
	for _, u := range npUnaries {
		u := u
		npFunc(u.name, u.name+"(x, out=None)", "NumPy's "+u.name+" ufunc, elementwise.", func(a *eval.Args) eval.Value {
			var x, o eval.Value
			a.Unpack("x", &x, "out?", &o)
			return u.call(a.Session(), x, npOutValue(o))
		})
	}
	npFuncs["abs"] = npFuncs["absolute"]
	npFunc("where", "where(condition, [x, y])", "Elements of x where condition holds, else of y (broadcast together); with the condition alone, the indices where it holds (np.nonzero).", func(a *eval.Args) eval.Value {
		var c, x, y eval.Value
		a.Unpack("condition", &c, "x?", &x, "y?", &y)
		if x == nil && y == nil {
			return npNonzeroTuple(npArg(c))
		}
		if x == nil || y == nil {
			eval.Throw("ValueError", errNPWhereArgs)
		}
		ca, xa, ya := npArg(c), npArg(x), npArg(y)
		shape, ok := npBroadcastShapes(ca.shape(), xa.shape(), ya.shape())
		if !ok {
			npBroadcastError(ca.shape(), xa.shape(), ya.shape())
		}
		d := npResultType([]*NDArray{xa, ya})
		cv := ca.expandTo(shape).values()
		xv, yv := xa.expandTo(shape).values(), ya.expandTo(shape).values()
		t := npEmpty(shape, d)
		for i := range cv {
			v := yv[i]
			if cv[i].Bool() {
				v = xv[i]
			}
			t.Storage().Set(i, npCast(v, d))
		}
		return newND(t)
	})
	eval.ExplainOperands[npFuncs["where"]] = npExplainOperands(3)
	npFunc("broadcast_shapes", "broadcast_shapes(*shapes)", "The shape the given shapes broadcast to.", func(a *eval.Args) eval.Value {
		var shapes []eval.Value
		a.Unpack("*args", &shapes)
		list := make([][]int, len(shapes))
		for i, s := range shapes {
			list[i] = npShapeArg(s)
		}
		return shapeTuple(npBroadcastShapesArgs(list))
	})
	npFunc("broadcast_to", "broadcast_to(array, shape)", "A read-only view of array broadcast to shape.", func(a *eval.Args) eval.Value {
		var x, shape eval.Value
		a.Unpack("array", &x, "shape", &shape)
		return npBroadcastTo(npArg(x), npShapeArgNeg(shape))
	})
	npFunc("broadcast_arrays", "broadcast_arrays(*args)", "The arrays broadcast against each other (views).", func(a *eval.Args) eval.Value {
		var xs []eval.Value
		a.Unpack("*args", &xs)
		arrs, shapes := make([]*NDArray, len(xs)), make([][]int, len(xs))
		for i, x := range xs {
			arrs[i] = npArg(x)
			shapes[i] = arrs[i].shape()
		}
		shape := npBroadcastShapesArgs(shapes)
		out := &eval.List{}
		for _, arr := range arrs {
			if sameInts(arr.shape(), shape) {
				out.Elems = append(out.Elems, arr)
				continue
			}
			out.Elems = append(out.Elems, arr.expandTo(shape))
		}
		return out
	})
	npFunc("broadcast", "broadcast(*args)", "An object describing the broadcast of the arrays (its .shape, .ndim, .size).", func(a *eval.Args) eval.Value {
		var xs []eval.Value
		a.Unpack("*args", &xs)
		shapes := make([][]int, len(xs))
		for i, x := range xs {
			shapes[i] = npArg(x).shape()
		}
		shape := npBroadcastShapesArgs(shapes)
		return &eval.Object{TypeName: "numpy.broadcast", Attrs: map[string]eval.Value{
			"shape": shapeTuple(shape), "ndim": eval.MakeInt(int64(len(shape))),
			"size": eval.MakeInt(int64(tensor.Numel(shape))), "numiter": eval.MakeInt(int64(len(xs))),
		}}
	})
	npFunc("expand_dims", "expand_dims(a, axis)", "a with a new size-1 axis at axis (a view).", func(a *eval.Args) eval.Value {
		var x eval.Value
		var axis int
		a.Unpack("a", &x, "axis", &axis)
		return npExpandDims(npArg(x), axis)
	})
	npFunc("squeeze", "squeeze(a, axis=None)", "a without its size-1 axes (a view).", func(a *eval.Args) eval.Value {
		var x, axis eval.Value = nil, eval.None
		a.Unpack("a", &x, "axis?", &axis)
		return npSqueeze(npArg(x), axis)
	})
	npFunc("reshape", "reshape(a, newshape)", "a with a new shape.", func(a *eval.Args) eval.Value {
		var x, shape eval.Value
		a.Unpack("a", &x, "newshape", &shape)
		return npReshape(npArg(x), npShapeArgNeg(shape))
	})
	npFunc("transpose", "transpose(a, axes=None)", "a with its axes permuted (reversed by default).", func(a *eval.Args) eval.Value {
		var x, axes eval.Value = nil, eval.None
		a.Unpack("a", &x, "axes?", &axes)
		if _, ok := axes.(eval.NoneType); ok {
			return npTranspose(npArg(x), nil)
		}
		return npTranspose(npArg(x), npIntList(axes))
	})
	npFunc("ravel", "ravel(a)", "a's elements as a 1-D array.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("a", &x)
		return npRavel(npArg(x))
	})
	npFunc("concatenate", "concatenate(arrays, axis=0)", "The arrays joined along an existing axis (flattened first with axis=None).", func(a *eval.Args) eval.Value {
		var xs eval.Value
		var axis eval.Value = eval.MakeInt(0)
		a.Unpack("arrays", &xs, "axis?", &axis)
		arrs := npArrays(xs)
		if _, none := axis.(eval.NoneType); none {
			for i, x := range arrs {
				arrs[i] = npRavel(x)
			}
			return npConcat(arrs, 0)
		}
		return npConcat(arrs, int(npIndexInt(axis)))
	})
	npFunc("stack", "stack(arrays, axis=0)", "The arrays joined along a new axis.", func(a *eval.Args) eval.Value {
		var xs eval.Value
		axis := 0
		a.Unpack("arrays", &xs, "axis?", &axis)
		return npStack(npArrays(xs), axis)
	})
	npFunc("matmul", "matmul(x1, x2)", "The matrix product (the @ operator).", func(a *eval.Args) eval.Value {
		var x, y eval.Value
		a.Unpack("x1", &x, "x2", &y)
		return npMatmul(npArg(x), npArg(y))
	})
	npFunc("dot", "dot(a, b)", "The dot product: matrix product for 2-D, sum over the last axis of a and the second-to-last of b.", func(a *eval.Args) eval.Value {
		var x, y eval.Value
		a.Unpack("a", &x, "b", &y)
		return npDot(a.Session(), x, y)
	})
	npFunc("shape", "shape(a)", "a's shape.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("a", &x)
		return shapeTuple(npArg(x).shape())
	})
	npFunc("ndim", "ndim(a)", "a's number of dimensions.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("a", &x)
		return eval.MakeInt(int64(npArg(x).ndim()))
	})
	npFunc("size", "size(a)", "a's number of elements.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("a", &x)
		return eval.MakeInt(int64(npArg(x).size()))
	})
	npFunc("copy", "copy(a)", "A copy of a.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("a", &x)
		arr := npArg(x)
		return arr.copyAs(arr.dtype())
	})
	npFunc("array_equal", "array_equal(a1, a2)", "Whether the arrays have the same shape and elements.", func(a *eval.Args) eval.Value {
		var x, y eval.Value
		a.Unpack("a1", &x, "a2", &y)
		xa, ya := npArg(x), npArg(y)
		if !sameInts(xa.shape(), ya.shape()) {
			return eval.Bool(false)
		}
		eq := npUfuncs["equal"].call(a.Session(), xa, ya, nil).(*NDArray)
		return eval.Bool(npAllAny(eq, eval.None, false, true).(*NDArray).item().Bool())
	})
	// Reductions as functions: an object that is not an ndarray gets its
	// own method called, as NumPy's _wrapreduction does.
	for _, name := range []string{"sum", "prod", "mean", "std", "var", "max", "min", "argmax", "argmin", "all", "any", "cumsum"} {
		name := name
		npFunc(name, name+"(a, axis=None, ...)", "NumPy's "+name+" of a (see ndarray."+name+").", func(a *eval.Args) eval.Value {
			if len(a.Pos) == 0 {
				a.Unpack("a", new(eval.Value))
			}
			x := a.Pos[0]
			if t, ok := x.(*tensor.Tensor); ok && name != "argmax" && name != "argmin" && name != "cumsum" {
				kw := []eval.KwArg{{Name: "axis", Value: eval.None}, {Name: "out", Value: eval.None}}
				switch name {
				case "mean": // fromnumeric.mean passes dtype too; std and var ddof
					kw = []eval.KwArg{kw[0], {Name: "dtype", Value: eval.None}, kw[1]}
				case "std", "var":
					kw = []eval.KwArg{kw[0], {Name: "dtype", Value: eval.None}, kw[1], {Name: "ddof", Value: eval.MakeInt(0)}}
				}
				return a.Session().Call(a.Session().GetAttr(t, name), &eval.Args{Pos: a.Pos[1:], Kw: append(kw, a.Kw...)})
			}
			switch name {
			case "sum", "prod", "mean", "var", "std":
				npFuncReduce.Store(a.Session(), name) // reduce_warn.go
				defer npFuncReduce.Delete(a.Session())
			}
			// methods.go's table, read at call time (its init may run later).
			return a.Session().Call(&eval.BoundMethod{Self: npArg(x), Fn: npMethods[name]}, &eval.Args{Pos: a.Pos[1:], Kw: a.Kw})
		})
	}
	npFuncs["amax"] = npFuncs["max"]
	npFuncs["amin"] = npFuncs["min"]
}

// npShapeArgNeg reads a reshape target (ints, -1 allowed).
func npShapeArgNeg(v eval.Value) []int {
	if eval.IsSequence(v) {
		return npIntList(v)
	}
	return []int{int(npIndexInt(v))}
}

// npArrays converts a sequence of array-likes.
func npArrays(v eval.Value) []*NDArray {
	elems := eval.IterateAll(v)
	out := make([]*NDArray, len(elems))
	for i, e := range elems {
		out[i] = npArg(e)
	}
	return out
}

// npExplainOperands gives %explain the first n array arguments of a call,
// which broadcast together by NumPy's rule.
func npExplainOperands(n int) func(a *eval.Args) ([]eval.Value, int) {
	return func(a *eval.Args) ([]eval.Value, int) {
		if len(a.Pos) < n {
			eval.Throw("TypeError", errNPTooFewArgs)
		}
		return a.Pos[:n], -1
	}
}

// ExplainShape is the array's shape, for %explain.
func (a *NDArray) ExplainShape() ([]int, string) { return a.shape(), "NumPy" }

// ExplainInplace is the exception a op= other would raise (%explain),
// found by running the ufunc into a copy of a.
func (a *NDArray) ExplainInplace(s *eval.Session, op lang.Op, other eval.Value) (exc *eval.Exception) {
	name, ok := npOperatorUfuncs[op]
	if !ok || a.scalar {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*eval.Exception)
			if !ok {
				panic(r)
			}
			exc = e
		}
	}()
	if a.readonly {
		eval.Throw("ValueError", errNPOutReadOnly)
	}
	npUfuncs[name].call(s, a, other, a.copyAs(a.dtype()))
	return nil
}

// npNonzeroTuple is np.nonzero(a): a tuple of index arrays (a 0-d array
// counts as 1-d).
func npNonzeroTuple(a *NDArray) eval.Value {
	if a.ndim() == 0 {
		a = npReshape(a, []int{1})
	}
	var out eval.Tuple
	for _, ix := range npNonzero(a) {
		out = append(out, ix)
	}
	return out
}

func init() {
	npFunc("nonzero", "nonzero(a)", "The indices of the nonzero elements of a, one array per axis.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("a", &x)
		return npNonzeroTuple(npArg(x))
	})
	npFunc("count_nonzero", "count_nonzero(a, axis=None)", "The number of nonzero elements of a (along axis).", func(a *eval.Args) eval.Value {
		var x, axis eval.Value = nil, eval.None
		a.Unpack("a", &x, "axis?", &axis)
		arr := npArg(x)
		b := arr.mapValues(tensor.Bool, func(v tensor.Scalar) tensor.Scalar { return tensor.BoolS(v.Bool()) })
		b.scalar = false
		r := npSum(b, axis, false, nil)
		if res, ok := r.(*NDArray); ok && res.scalar {
			return eval.MakeInt(res.item().Int())
		}
		return r
	})
}
