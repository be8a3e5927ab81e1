package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// RecordBinary records out = a op b (alpha: add's and sub's multiplier;
// rsub: out = b - alpha*a, Python's number - tensor). It returns nil
// when op has no derivative (comparisons, bitwise operations, floor
// division).
func RecordBinary(op tensor.BinaryOp, a, b tensor.Operand, alpha tensor.Scalar, out *tensor.Tensor, rsub bool) *Node {
	if !out.DType().IsFloat() {
		return nil
	}
	name := ""
	switch op {
	case tensor.OpAdd:
		name = "AddBackward0"
	case tensor.OpSub:
		name = "SubBackward0"
		if rsub {
			name = "RsubBackward1"
			if b.T != nil {
				name = "RsubBackward0"
			}
		}
	case tensor.OpMul:
		name = "MulBackward0"
	case tensor.OpDiv:
		name = "DivBackward0"
	case tensor.OpDivTrunc, tensor.OpDivFloor:
		name = "DivBackward2"
	case tensor.OpPow:
		switch {
		case a.T == nil:
			name = "PowBackward2"
		case b.T == nil:
			name = "PowBackward0"
		default:
			name = "PowBackward1"
		}
	case tensor.OpMaximum:
		name = "MaximumBackward0"
	case tensor.OpMinimum:
		name = "MinimumBackward0"
	case tensor.OpFmax:
		name = "FmaxBackward0"
	case tensor.OpFmin:
		name = "FminBackward0"
	case tensor.OpAtan2:
		name = "Atan2Backward0"
	case tensor.OpHypot:
		name = "HypotBackward0"
	case tensor.OpFmod:
		name = "FmodBackward1"
		if b.T == nil {
			name = "FmodBackward0"
		}
	case tensor.OpRemainder:
		name = "RemainderBackward1"
		if b.T == nil {
			name = "RemainderBackward0"
		}
	default:
		return nil
	}
	n := newNode(name, 1, a.T, b.T)
	var sa, sb, sr *saved
	switch op {
	case tensor.OpMul, tensor.OpDiv, tensor.OpMaximum, tensor.OpMinimum, tensor.OpFmax, tensor.OpFmin, tensor.OpAtan2, tensor.OpHypot, tensor.OpFmod, tensor.OpRemainder:
		sa, sb = n.save(a.T, false), n.save(b.T, false)
	case tensor.OpPow:
		sa, sb = n.save(a.T, false), n.save(b.T, false)
		if b.T != nil {
			sr = n.save(out, true)
		}
	}
	if op == tensor.OpHypot {
		sr = n.save(out, true)
	}
	val := func(s *saved, o tensor.Operand) (*tensor.Tensor, tensor.Operand) {
		if s == nil {
			return nil, o
		}
		t := n.get(s)
		return t, top(t)
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		if g == nil {
			return nil
		}
		x, xo := val(sa, a)
		y, yo := val(sb, b)
		var ga, gb *tensor.Tensor
		wantA, wantB := n.next[0].Fn != nil, n.next[1].Fn != nil
		switch op {
		case tensor.OpAdd:
			ga, gb = g, maybeMultiply(g, alpha)
		case tensor.OpSub:
			if rsub {
				ga, gb = maybeMultiply(neg(g), alpha), g
			} else {
				ga = g
				if wantB {
					gb = maybeMultiply(neg(g), alpha)
				}
			}
		case tensor.OpMul:
			if wantA {
				ga = mulO(g, yo)
			}
			if wantB {
				gb = mulO(g, xo)
			}
		case tensor.OpDiv:
			if wantA {
				ga = divO(g, yo)
			}
			if wantB {
				// -grad * ((self / other) / other)
				q := divO2(xo, y)
				gb = mul(neg(g), div(q, y))
			}
		case tensor.OpDivTrunc, tensor.OpDivFloor:
			if wantA {
				ga = mulS(g, 0)
			}
			if wantB {
				gb = mulS(g, 0)
			}
		case tensor.OpPow:
			ga, gb = powBackward(n, g, x, xo, y, yo, sr, wantA, wantB)
		case tensor.OpMaximum, tensor.OpMinimum, tensor.OpFmax, tensor.OpFmin:
			ga, gb = maxMinBackward(op, g, x, y, wantA, wantB)
		case tensor.OpAtan2:
			recip := unary(tensor.OpReciprocal, add(mul(x, x), mul(y, y)))
			if wantA {
				ga = mul(mul(g, y), recip)
			}
			if wantB {
				gb = mul(mul(g, neg(x)), recip)
			}
		case tensor.OpHypot:
			r := n.get(sr)
			if wantA {
				ga = div(mul(g, x), r)
			}
			if wantB {
				gb = div(mul(g, y), r)
			}
		case tensor.OpFmod, tensor.OpRemainder:
			ga = g
			if wantB {
				mode := tensor.OpDivTrunc
				if op == tensor.OpRemainder {
					mode = tensor.OpDivFloor
				}
				gb = mul(neg(g), tensor.Binary(mode, top(x), top(y), noOpts))
			}
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n
}

func mulO(g *tensor.Tensor, o tensor.Operand) *tensor.Tensor {
	if o.T != nil {
		return mul(g, o.T)
	}
	return maybeMultiplyAlways(g, o.S)
}

func divO(g *tensor.Tensor, o tensor.Operand) *tensor.Tensor {
	if o.T != nil {
		return div(g, o.T)
	}
	return divS(g, o.S.Float())
}

// divO2 is x / y for an operand x (a number is wrapped, as PyTorch's
// saved scalar is).
func divO2(x tensor.Operand, y *tensor.Tensor) *tensor.Tensor {
	if x.T != nil {
		return div(x.T, y)
	}
	return tensor.Binary(tensor.OpDiv, x, top(y), noOpts)
}

func maybeMultiplyAlways(t *tensor.Tensor, s tensor.Scalar) *tensor.Tensor {
	out := tensor.Binary(tensor.OpMul, top(t), tensor.ScalarOperand(s), noOpts)
	if needsGrad(t) {
		// a C++ Scalar operand: the Scalar overload's node
		SetHistory(out, RecordBinary(tensor.OpMul, top(t), tensor.ScalarOperand(s), one, out, false).Renamed("MulBackward1"), 0)
	}
	return out
}

// powBackward is pow_backward, pow_backward_self and pow_backward_exponent.
func powBackward(n *Node, g, x *tensor.Tensor, xo tensor.Operand, y *tensor.Tensor, yo tensor.Operand, sr *saved, wantA, wantB bool) (ga, gb *tensor.Tensor) {
	switch {
	case y == nil: // Tensor ** Scalar
		e := yo.S.Float()
		if e == 0 {
			return zerosLike(x), nil
		}
		return mul(g, mulS(powS(x, e-1), e)), nil
	case x == nil: // Scalar ** Tensor
		r := n.get(sr)
		base := xo.S.Float()
		t := mulS(r, math.Log(base))
		if base == 0 {
			t = where(cmp(tensor.OpGe, y, sop(0)), top(zeros0(g.DType())), top(t))
		}
		return nil, mul(g, t)
	}
	if wantA {
		p := binary(tensor.OpPow, x, binaryS(tensor.OpSub, y, 1))
		ga = where(cmp(tensor.OpEq, y, sop(0)), top(zeros0(g.DType())), top(mul(g, mul(y, p))))
	}
	if wantB {
		r := n.get(sr)
		cond := tensor.Binary(tensor.OpLogicalAnd, top(cmp(tensor.OpEq, x, sop(0))), top(cmp(tensor.OpGe, y, sop(0))), noOpts)
		d := tensor.ResultTypeOf(top(x), top(y))
		gb = mul(g, where(cond, top(zeros0(g.DType())), top(mul(r, unary(tensor.OpLog, toDType(x, d))))))
	}
	return ga, gb
}

// maxMinBackward is the formula of maximum, minimum, fmax and fmin.
func maxMinBackward(op tensor.BinaryOp, g, x, y *tensor.Tensor, wantA, wantB bool) (ga, gb *tensor.Tensor) {
	if op == tensor.OpFmax || op == tensor.OpFmin {
		// fmax: self: grad.masked_fill((self >= other).logical_or_(other.isnan()).logical_not_(), 0)
		cmpA := tensor.OpGe
		if op == tensor.OpFmin {
			cmpA = tensor.OpLe
		}
		if wantA {
			keep := tensor.Binary(tensor.OpLogicalOr, top(cmp(cmpA, x, top(y))), top(tensor.Unary(tensor.OpIsnan, y, noOpts)), noOpts)
			ga = maskedFillZero(g, tensor.Unary(tensor.OpLogicalNot, keep, noOpts))
		}
		if wantB {
			keep := tensor.Binary(tensor.OpLogicalOr, top(cmp(cmpA, x, top(y))), top(tensor.Unary(tensor.OpIsnan, y, noOpts)), noOpts)
			gb = maskedFillZero(g, keep)
		}
		return ga, gb
	}
	lose := tensor.OpLt
	if op == tensor.OpMinimum {
		lose = tensor.OpGt
	}
	half := where(cmp(tensor.OpEq, x, top(y)), top(divS(g, 2)), top(g))
	if wantA {
		ga = maskedFillZero(half, cmp(lose, x, top(y)))
	}
	if wantB {
		win := tensor.OpGt
		if op == tensor.OpMinimum {
			win = tensor.OpLt
		}
		gb = maskedFillZero(half, cmp(win, x, top(y)))
	}
	return ga, gb
}

// maskedFillZero is t.masked_fill(mask, 0) (out of place).
func maskedFillZero(t, mask *tensor.Tensor) *tensor.Tensor {
	out := tensor.MaskedFill(t, mask, sop(0), noOpts)
	if needsGrad(t) {
		SetHistory(out, RecordMaskedFill(t, mask, out), 0)
	}
	return out
}

// RecordMaskedFill records out = t.masked_fill(mask, value number).
func RecordMaskedFill(t, mask, out *tensor.Tensor) *Node {
	n := newNode("MaskedFillBackward0", 1, t)
	sm := n.save(mask, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{maskedFillZero(gs[0], n.get(sm))}
	}
	return n
}

// RecordWhere records out = torch.where(cond, x, y).
func RecordWhere(cond *tensor.Tensor, x, y tensor.Operand, out *tensor.Tensor) *Node {
	n := newNode("WhereBackward0", 1, nil, x.T, y.T)
	sc := n.save(cond, false)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g, c := gs[0], n.get(sc)
		var gx, gy *tensor.Tensor
		z := top(zeros0(g.DType()))
		if n.next[1].Fn != nil {
			gx = where(c, top(g), z)
		}
		if n.next[2].Fn != nil {
			gy = where(c, z, top(g))
		}
		return []*tensor.Tensor{nil, gx, gy}
	}
	return n
}
