package autograd

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// unaryNames are the nodes of the differentiable unary operations.
var unaryNames = map[tensor.UnaryOp]string{
	tensor.OpNeg: "NegBackward0", tensor.OpAbs: "AbsBackward0", tensor.OpSign: "SignBackward0",
	tensor.OpSqrt: "SqrtBackward0", tensor.OpRsqrt: "RsqrtBackward0", tensor.OpExp: "ExpBackward0",
	tensor.OpExpm1: "Expm1Backward0", tensor.OpLog: "LogBackward0", tensor.OpLog1p: "Log1PBackward0",
	tensor.OpLog2: "Log2Backward0", tensor.OpLog10: "Log10Backward0", tensor.OpSin: "SinBackward0",
	tensor.OpCos: "CosBackward0", tensor.OpTan: "TanBackward0", tensor.OpAsin: "AsinBackward0",
	tensor.OpAcos: "AcosBackward0", tensor.OpAtan: "AtanBackward0", tensor.OpSinh: "SinhBackward0",
	tensor.OpCosh: "CoshBackward0", tensor.OpTanh: "TanhBackward0", tensor.OpSigmoid: "SigmoidBackward0",
	tensor.OpRelu: "ReluBackward0", tensor.OpFloor: "FloorBackward0", tensor.OpCeil: "CeilBackward0",
	tensor.OpRound: "RoundBackward0", tensor.OpTrunc: "TruncBackward0", tensor.OpFrac: "FracBackward0",
	tensor.OpReciprocal: "ReciprocalBackward0",
}

// savesResult are the formulas written with the result.
var savesResult = map[tensor.UnaryOp]bool{
	tensor.OpSqrt: true, tensor.OpRsqrt: true, tensor.OpExp: true, tensor.OpExpm1: true,
	tensor.OpTan: true, tensor.OpTanh: true, tensor.OpSigmoid: true, tensor.OpRelu: true,
	tensor.OpReciprocal: true,
}

// RecordUnary records out = op(x); nil for an operation without a
// derivative (logical_not, isnan, ...).
func RecordUnary(op tensor.UnaryOp, x, out *tensor.Tensor) *Node {
	name, ok := unaryNames[op]
	if !ok || !out.DType().IsFloat() {
		return nil
	}
	n := newNode(name, 1, x)
	var sx, sr *saved
	switch {
	case savesResult[op]:
		sr = n.save(out, true)
	case op != tensor.OpNeg && op != tensor.OpFrac:
		sx = n.save(x, false)
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		var x, r *tensor.Tensor
		if sx != nil {
			x = n.get(sx)
		}
		if sr != nil {
			r = n.get(sr)
		}
		return []*tensor.Tensor{unaryGrad(op, g, x, r)}
	}
	return n
}

// unaryGrad is the formula of derivatives.yaml for op.
func unaryGrad(op tensor.UnaryOp, g, x, r *tensor.Tensor) *tensor.Tensor {
	switch op {
	case tensor.OpNeg:
		return neg(g)
	case tensor.OpAbs:
		return mul(g, unary(tensor.OpSign, x))
	case tensor.OpSign, tensor.OpFloor, tensor.OpCeil, tensor.OpRound, tensor.OpTrunc:
		return zerosLike(g)
	case tensor.OpFrac:
		return g
	case tensor.OpSqrt:
		return div(g, mulS(r, 2))
	case tensor.OpRsqrt:
		return mul(mulS(g, -0.5), powS(r, 3))
	case tensor.OpExp:
		return mul(g, r)
	case tensor.OpExpm1:
		return mul(g, addS(r, 1))
	case tensor.OpLog:
		return div(g, x)
	case tensor.OpLog1p:
		return div(g, addS(x, 1))
	case tensor.OpLog2:
		return div(g, mulS(x, 0.6931471805599453))
	case tensor.OpLog10:
		return div(g, mulS(x, 2.3025850929940456))
	case tensor.OpSin:
		return mul(g, unary(tensor.OpCos, x))
	case tensor.OpCos:
		return mul(g, neg(unary(tensor.OpSin, x)))
	case tensor.OpTan:
		return mul(g, addS(powS(r, 2), 1))
	case tensor.OpAsin:
		return mul(g, unary(tensor.OpRsqrt, addS(mul(neg(x), x), 1)))
	case tensor.OpAcos:
		return mul(g, neg(unary(tensor.OpRsqrt, addS(mul(neg(x), x), 1))))
	case tensor.OpAtan:
		return div(g, addS(mul(x, x), 1))
	case tensor.OpSinh:
		return mul(g, unary(tensor.OpCosh, x))
	case tensor.OpCosh:
		return mul(g, unary(tensor.OpSinh, x))
	case tensor.OpTanh:
		return tanhBackward(g, r) // fused.go
	case tensor.OpSigmoid:
		return sigmoidBackward(g, r)
	case tensor.OpRelu:
		return thresholdBackward(g, r)
	case tensor.OpReciprocal:
		return mul(neg(g), mul(r, r))
	}
	raise(errNotImplemented, unaryNames[op])
	return nil
}

// binaryRS is s op t for a number s.
func binaryRS(op tensor.BinaryOp, s float64, t *tensor.Tensor) *tensor.Tensor {
	out := tensor.Binary(op, sop(s), top(t), noOpts)
	if needsGrad(t) {
		SetHistory(out, RecordBinary(op, top(t), sop(s), one, out, true), 0)
	}
	return out
}

// tanhBackwardKernel is tanh_backward_cpu for float and double: a * (1 -
// b*b), where the compiler of PyTorch's AVX2 kernels contracts 1 - b*b
// into one fused multiply-add. nil for other dtypes.
func tanhBackwardKernel(g, r *tensor.Tensor) *tensor.Tensor {
	gc, rc := g.Contiguous(), r.Contiguous()
	n := g.Numel()
	switch g.DType() {
	case tensor.Float32:
		gs := tensor.Slice[float32](gc.Storage())[gc.Offset():]
		rs := tensor.Slice[float32](rc.Storage())[rc.Offset():]
		out := make([]float32, n)
		for i := range out {
			b := float64(rs[i])
			out[i] = gs[i] * float32(math.FMA(-b, b, 1))
		}
		return tensor.FromSlice(out, g.Shape()...)
	case tensor.Float64:
		gs := tensor.Slice[float64](gc.Storage())[gc.Offset():]
		rs := tensor.Slice[float64](rc.Storage())[rc.Offset():]
		out := make([]float64, n)
		for i := range out {
			out[i] = gs[i] * math.FMA(-rs[i], rs[i], 1)
		}
		return tensor.FromSlice(out, g.Shape()...)
	}
	return nil
}
