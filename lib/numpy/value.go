package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The Python protocols of numpy.ndarray and the NumPy scalars.

// npOperatorUfuncs are the ufuncs of Python's binary operators.
var npOperatorUfuncs = map[lang.Op]string{
	lang.Plus: "add", lang.Minus: "subtract", lang.Star: "multiply", lang.Slash: "divide",
	lang.SlashSlash: "floor_divide", lang.Percent: "remainder", lang.StarStar: "power",
	lang.Amp: "bitwise_and", lang.Pipe: "bitwise_or", lang.Caret: "bitwise_xor",
	lang.LtLt: "left_shift", lang.GtGt: "right_shift",
}

// npComparisonUfuncs are the ufuncs of the rich comparisons.
var npComparisonUfuncs = map[lang.Op]string{
	lang.Eq: "equal", lang.Ne: "not_equal", lang.Lt: "less", lang.Le: "less_equal",
	lang.Gt: "greater", lang.Ge: "greater_equal",
}

// npOperand reports whether an array operator takes v as its other operand.
func npOperand(v eval.Value) bool {
	switch v.(type) {
	case *NDArray, eval.Bool, eval.Int, eval.Float, *eval.List, eval.Tuple:
		return true
	}
	return false
}

// Binary is a.__op__(other) / a.__rop__(other).
func (a *NDArray) Binary(s *eval.Session, op lang.Op, other eval.Value, reflected bool) (eval.Value, bool) {
	if _, isT := other.(*tensor.Tensor); isT {
		if a.scalar || reflected {
			return nil, false // the tensor's operator takes it
		}
		if op == lang.Plus {
			eval.Throw("TypeError", errNPConcatArrays)
		}
		eval.Throw("TypeError", eval.ErrUnsupportedBinary, eval.BinaryOpName(op), a.PyTypeName(), "Tensor")
	}
	if !npOperand(other) {
		return nil, false
	}
	if reflected && op == lang.Star && a.scalar && eval.IsRepeatable(other) {
		return nil, false
	}
	x, y := eval.Value(a), other
	if reflected {
		x, y = other, a
	}
	if op == lang.At {
		return npMatmul(npArg(x), npArg(y)), true
	}
	name, ok := npOperatorUfuncs[op]
	if !ok {
		return nil, false
	}
	return npUfuncs[name].call(s, x, y, nil), true
}

// Inplace is a += other: the ufunc with out=a.
func (a *NDArray) Inplace(s *eval.Session, op lang.Op, other eval.Value) (eval.Value, bool) {
	name, ok := npOperatorUfuncs[op]
	if !ok || a.scalar || !npOperand(other) {
		return nil, false
	}
	return npUfuncs[name].call(s, a, other, a), true
}

// Compare is the elementwise comparison.
func (a *NDArray) Compare(s *eval.Session, op lang.Op, other eval.Value, reflected bool) (eval.Value, bool) {
	if _, isT := other.(*tensor.Tensor); isT {
		if a.scalar {
			return nil, false
		}
		// Neither a tensor's comparison nor an array's takes the other:
		// == and != fall back to identity.
		if op == lang.Eq || op == lang.Ne {
			return eval.Bool(op == lang.Ne), true
		}
		if reflected {
			eval.Throw("TypeError", eval.ErrUnsupportedCompare, op, "Tensor", a.PyTypeName())
		}
		eval.Throw("TypeError", eval.ErrUnsupportedCompare, op, a.PyTypeName(), "Tensor")
	}
	if !npOperand(other) {
		if op != lang.Eq && op != lang.Ne {
			return nil, false
		}
		switch other.(type) {
		case eval.NoneType, *eval.Slice, eval.EllipsisType:
			// compared as objects, elementwise: never equal
			return npFull(append([]int{}, a.shape()...), tensor.BoolS(op == lang.Ne), tensor.Bool), true
		}
		if !a.scalar {
			s.Warn("FutureWarning", errNPElementwiseScalar)
		}
		return eval.Bool(op == lang.Ne), true
	}
	x, y := eval.Value(a), other
	if reflected {
		x, y = other, a
	}
	u := npUfuncs[npComparisonUfuncs[op]]
	if op == lang.Eq || op == lang.Ne {
		if _, ok := npBroadcastShapes(npArg(x).shape(), npArg(y).shape()); !ok {
			s.Warn("DeprecationWarning", errNPElementwiseCmp)
			return eval.Bool(op == lang.Ne), true
		}
	}
	return u.call(s, x, y, nil), true
}

// Unary is -a, +a, ~a.
func (a *NDArray) Unary(s *eval.Session, op lang.Op) eval.Value {
	d := a.dtype()
	var f func(v tensor.Scalar) tensor.Scalar
	switch op {
	case lang.Minus:
		if d == tensor.Bool {
			eval.Throw("TypeError", errNPBoolNegative)
		}
		f = func(v tensor.Scalar) tensor.Scalar {
			if d.IsFloat() {
				return tensor.FloatS(-v.Float())
			}
			return tensor.IntS(-v.Int())
		}
	case lang.Plus:
		f = func(v tensor.Scalar) tensor.Scalar { return v }
	case lang.Tilde:
		if d.IsFloat() {
			eval.Throw("TypeError", errNPUfuncNoLoop, "invert")
		}
		f = func(v tensor.Scalar) tensor.Scalar {
			if d == tensor.Bool {
				return tensor.BoolS(!v.Bool())
			}
			return tensor.IntS(^v.Int())
		}
	default:
		eval.Throw("TypeError", eval.ErrBadUnary, op, a.PyTypeName())
	}
	return a.mapValues(d, f)
}

// Abs is abs(a): np.absolute.
func (a *NDArray) Abs(s *eval.Session) eval.Value {
	for _, u := range npUnaries {
		if u.name == "absolute" {
			return u.call(s, a, nil)
		}
	}
	return nil
}

// mapValues is a new array (a scalar for a scalar) of f over a's elements.
func (a *NDArray) mapValues(d tensor.DType, f func(v tensor.Scalar) tensor.Scalar) *NDArray {
	out := npEmpty(append([]int{}, a.shape()...), d)
	st, src := out.Storage(), a.t.Storage()
	i := 0
	a.t.ForEach(func(off int) {
		st.Set(i, npCast(f(src.Get(off)), d))
		i++
	})
	return &NDArray{t: out, scalar: a.scalar}
}

// Truth is bool(a).
func (a *NDArray) Truth(s *eval.Session) bool {
	switch a.size() {
	case 1:
		return a.item().Bool()
	case 0:
		s.Warn("DeprecationWarning", errNPEmptyTruth)
		return false
	}
	eval.Throw("ValueError", errNPTruth)
	return false
}

// PyLen is len(a).
func (a *NDArray) PyLen() int {
	if a.scalar {
		eval.Throw("TypeError", errNPScalarLen, a.PyTypeName())
	}
	if a.ndim() == 0 {
		eval.Throw("TypeError", errNPLen0d)
	}
	return a.shape()[0]
}

// PyIter iterates over the first axis.
func (a *NDArray) PyIter() []eval.Value {
	if a.scalar {
		eval.Throw("TypeError", errNPScalarIter, a.PyTypeName())
	}
	if a.ndim() == 0 {
		eval.Throw("TypeError", errNPIter0d)
	}
	n := a.shape()[0]
	eval.CheckItems(n)
	out := make([]eval.Value, n)
	for i := range out {
		sub := a.at(i)
		if sub.ndim() == 0 {
			out[i] = npScalar(sub.item(), a.dtype())
		} else {
			out[i] = sub
		}
	}
	return out
}
