package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// This file gives tensors their Python operators, as torch/_tensor.py and
// the C methods of torch.Tensor define them: x + y is x.__add__(y), 2 - x
// is x.__rsub__(2), x += y is x.__iadd__(y) (in place), and so on.

// pwOpts are the pointwise options of the session: the compat mode and
// the backwards-compatibility broadcast warning.
func pwOpts(s *eval.Session) tensor.Opts {
	return tensor.Opts{
		Legacy:           s.Compat == eval.CompatDocs,
		BroadcastWarning: s.BroadcastWarning,
		Warn:             func(msg string) { s.Warn("UserWarning", msg) },
	}
}

// toOperand converts a tensor or a Python number to a pointwise operand.
// A Python int outside int64 raises PyTorch's overflow error.
func toOperand(v eval.Value) (tensor.Operand, bool) {
	v = eval.AsTensorSource(eval.AsNumber(v)) // NumPy scalars and arrays: export.go
	switch x := v.(type) {
	case *tensor.Tensor:
		return tensor.TensorOperand(x), true
	case eval.Bool:
		return tensor.ScalarOperand(tensor.BoolS(bool(x))), true
	case eval.Int:
		i, ok := x.Int64()
		if !ok {
			eval.Throw("RuntimeError", eval.ErrOverflowLong)
		}
		return tensor.ScalarOperand(tensor.IntS(i)), true
	case eval.Float:
		return tensor.ScalarOperand(tensor.FloatS(float64(x))), true
	}
	return tensor.Operand{}, false
}

// operatorOps maps Python's binary operators to the pointwise operation
// of the Tensor method they call.
var operatorOps = map[lang.Op]tensor.BinaryOp{
	lang.Plus: tensor.OpAdd, lang.Minus: tensor.OpSub, lang.Star: tensor.OpMul,
	lang.Slash: tensor.OpDiv, lang.SlashSlash: tensor.OpDivFloor, lang.Percent: tensor.OpRemainder,
	lang.StarStar: tensor.OpPow, lang.Amp: tensor.OpBitAnd, lang.Pipe: tensor.OpBitOr,
	lang.Caret: tensor.OpBitXor, lang.LtLt: tensor.OpLshift, lang.GtGt: tensor.OpRshift,
}

// tensorBinary computes x op y when x or y is a tensor.
func tensorBinary(s *eval.Session, op lang.Op, x, y eval.Value) eval.Value {
	complexGuard(op.String(), x, y) // complex_tensor.go
	if op == lang.At {
		return tensorMatmul(s, x, y) // torch_linalg.go
	}
	bop, ok := operatorOps[op]
	if !ok {
		eval.Throw("TypeError", eval.ErrUnsupportedBinary, eval.BinaryOpName(op), eval.TypeName(x), eval.TypeName(y))
	}
	if t, isT := x.(*tensor.Tensor); isT {
		other, ok := toOperand(y)
		if !ok {
			return tensorBinaryFallback(s, op, x, y)
		}
		return forwardOp(s, bop, t, other)
	}
	t := y.(*tensor.Tensor)
	other, ok := toOperand(x)
	if !ok {
		return tensorBinaryFallback(s, op, x, y)
	}
	return reflectedOp(s, bop, t, other)
}

// forwardOp is t.__op__(other).
func forwardOp(s *eval.Session, op tensor.BinaryOp, t *tensor.Tensor, other tensor.Operand) eval.Value {
	return gradOperator(op, tensor.TensorOperand(t), other, tensor.Binary(op, tensor.TensorOperand(t), other, pwOpts(s)))
}

// reflectedOp is t.__rop__(other), for `other op t` with a Python number
// other.
func reflectedOp(s *eval.Session, op tensor.BinaryOp, t *tensor.Tensor, other tensor.Operand) eval.Value {
	self := tensor.TensorOperand(t)
	opts := pwOpts(s)
	switch op {
	case tensor.OpAdd, tensor.OpMul, tensor.OpBitAnd, tensor.OpBitOr, tensor.OpBitXor:
		// __radd__ and friends call the method with self first.
		return gradBinary(op, self, other, tensor.Binary(op, self, other, opts), false)
	case tensor.OpDiv:
		// __rtruediv__ is self.reciprocal() * other.
		r := gradUnary(tensor.OpReciprocal, t, tensor.Unary(tensor.OpReciprocal, t, opts))
		return gradBinary(tensor.OpMul, tensor.TensorOperand(r), other, tensor.Binary(tensor.OpMul, tensor.TensorOperand(r), other, opts), false)
	case tensor.OpPow:
		// __rpow__ makes other a tensor of the promoted dtype.
		d := tensor.ResultTypeOf(other, self)
		base := tensor.TensorOperand(tensor.Scalar0(other.S, d))
		return gradBinary(op, base, self, tensor.Binary(op, base, self, opts), false)
	case tensor.OpSub:
		// __rsub__ is rsub(self, other): other - self.
		return gradBinary(op, self, other, tensor.Binary(op, other, self, opts), true)
	}
	// __rfloordiv__, __rmod__, __rlshift__, __rrshift__.
	return tensor.Binary(op, other, self, opts)
}

// tensorBinaryFallback is what Python does when the tensor's operator
// returns NotImplemented: the other operand's own operator, or TypeError.
func tensorBinaryFallback(s *eval.Session, op lang.Op, x, y eval.Value) eval.Value {
	seq, t, seqFirst := x, y, true
	if _, ok := x.(*tensor.Tensor); ok {
		seq, t, seqFirst = y, x, false
	}
	switch seq.(type) {
	case eval.Str, *eval.List, eval.Tuple, eval.Size:
		if op == lang.Star {
			// sequence * tensor: the tensor must be usable as an index.
			n := tensorIndexValue(t.(*tensor.Tensor))
			return s.Binary(op, seq, n)
		}
		if op == lang.Plus && seqFirst {
			switch seq.(type) {
			case eval.Str:
				eval.Throw("TypeError", eval.ErrStrConcat, "Tensor")
			case *eval.List:
				eval.Throw("TypeError", eval.ErrListConcat, "Tensor")
			default:
				eval.Throw("TypeError", eval.ErrTupleConcat, "Tensor")
			}
		}
	}
	eval.Throw("TypeError", eval.ErrUnsupportedBinary, eval.BinaryOpName(op), eval.TypeName(x), eval.TypeName(y))
	return nil
}

// tensorIndexValue is Tensor.__index__: a one-element integer tensor as a
// Python int.
func tensorIndexValue(t *tensor.Tensor) eval.Value {
	if t.Numel() != 1 || !t.DType().IsIntegral(true) || t.DType() == tensor.Bool {
		eval.Throw("TypeError", eval.ErrIndexTensorOnly)
	}
	return eval.MakeInt(t.Item().Int())
}

// inplaceOps maps augmented assignment to the in-place Tensor methods.
var inplaceOps = map[lang.Op]tensor.BinaryOp{
	lang.Plus: tensor.OpAdd, lang.Minus: tensor.OpSub, lang.Star: tensor.OpMul,
	lang.Slash: tensor.OpDiv, lang.SlashSlash: tensor.OpDivFloor, lang.Percent: tensor.OpRemainder,
	lang.StarStar: tensor.OpPow, lang.Amp: tensor.OpBitAnd, lang.Pipe: tensor.OpBitOr,
	lang.Caret: tensor.OpBitXor, lang.LtLt: tensor.OpLshift, lang.GtGt: tensor.OpRshift,
}

// tensorInplace computes x op= y for a tensor x, in place (x.__iop__(y)),
// and returns x.
func tensorInplace(s *eval.Session, op lang.Op, x *tensor.Tensor, y eval.Value) eval.Value {
	complexGuard(op.String()+"=", x, y) // complex_tensor.go
	bop, ok := inplaceOps[op]
	other, isNum := toOperand(y)
	if !ok || !isNum {
		// __iop__, __op__ and the other operand's __rop__ all declined.
		eval.Throw("TypeError", eval.ErrUnsupportedBinary, op.String()+"=", eval.TypeName(x), eval.TypeName(y))
	}
	opts := pwOpts(s)
	opts.Inplace = true
	return gradInplaceOp(bop, x, other, func() eval.Value { return tensor.Binary(bop, tensor.TensorOperand(x), other, opts) })
}

// tensorUnary computes -t, +t, ~t.
func tensorUnary(s *eval.Session, op lang.Op, t *tensor.Tensor) eval.Value {
	switch op {
	case lang.Minus:
		return gradUnary(tensor.OpNeg, t, tensor.Unary(tensor.OpNeg, t, pwOpts(s)))
	case lang.Plus:
		return tensor.Positive(t)
	case lang.Tilde:
		if t.DType().IsFloat() {
			eval.Throw("TypeError", errInvertFloat)
		}
		return tensor.Unary(tensor.OpBitwiseNot, t, pwOpts(s))
	}
	eval.Throw("TypeError", eval.ErrBadUnary, op, "Tensor")
	return nil
}

// compareOps maps comparison operators to operations; reflected is the
// operation of the swapped comparison (1 < t is t > 1).
var compareOps = map[lang.Op]struct{ op, reflected tensor.BinaryOp }{
	lang.Eq: {tensor.OpEq, tensor.OpEq}, lang.Ne: {tensor.OpNe, tensor.OpNe},
	lang.Lt: {tensor.OpLt, tensor.OpGt}, lang.Le: {tensor.OpLe, tensor.OpGe},
	lang.Gt: {tensor.OpGt, tensor.OpLt}, lang.Ge: {tensor.OpGe, tensor.OpLe},
}

// tensorCompare computes x op y (==, <, ...) when x or y is a tensor.
func tensorCompare(s *eval.Session, op lang.Op, x, y eval.Value) eval.Value {
	ops, ok := compareOps[op]
	if !ok {
		eval.Throw("TypeError", eval.ErrUnsupportedCompare, op, eval.TypeName(x), eval.TypeName(y))
	}
	t, isT := x.(*tensor.Tensor)
	other := y
	bop := ops.op
	if !isT {
		t, other, bop = y.(*tensor.Tensor), x, ops.reflected
	}
	o, isNum := toOperand(other)
	if !isNum {
		// Both sides returned NotImplemented: identity for == and !=.
		switch op {
		case lang.Eq:
			return eval.Bool(false)
		case lang.Ne:
			return eval.Bool(true)
		}
		eval.Throw("TypeError", eval.ErrUnsupportedCompare, op, eval.TypeName(x), eval.TypeName(y))
	}
	return tensor.Binary(bop, tensor.TensorOperand(t), o, pwOpts(s))
}
