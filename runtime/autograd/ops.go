package autograd

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The operations the derivative formulas are written with. Each computes
// with runtime/tensor and, in create_graph's grad mode, records its own
// node, so that a gradient can itself be differentiated.

var noOpts = tensor.Opts{}

func top(t *tensor.Tensor) tensor.Operand { return tensor.TensorOperand(t) }
func sop(f float64) tensor.Operand        { return tensor.ScalarOperand(tensor.FloatS(f)) }

var one = tensor.IntS(1)

// binary is a op b for tensors.
func binary(op tensor.BinaryOp, a, b *tensor.Tensor) *tensor.Tensor {
	out := tensor.Binary(op, top(a), top(b), noOpts)
	if needsGrad(a, b) {
		if n := RecordBinary(op, top(a), top(b), one, out, false); n != nil {
			SetHistory(out, n, 0)
		}
	}
	return out
}

// binaryS is a op s for a number s, as the formulas write it in C++:
// the Scalar overloads, whose nodes are AddBackward1, SubBackward1,
// MulBackward1 and DivBackward1.
func binaryS(op tensor.BinaryOp, a *tensor.Tensor, s float64) *tensor.Tensor {
	out := tensor.Binary(op, top(a), sop(s), noOpts)
	if needsGrad(a) {
		if n := RecordBinary(op, top(a), sop(s), one, out, false); n != nil {
			switch n.name {
			case "AddBackward0", "SubBackward0", "MulBackward0", "DivBackward0":
				n.name = n.name[:len(n.name)-1] + "1"
			}
			SetHistory(out, n, 0)
		}
	}
	return out
}

func add(a, b *tensor.Tensor) *tensor.Tensor { return binary(tensor.OpAdd, a, b) }
func mul(a, b *tensor.Tensor) *tensor.Tensor { return binary(tensor.OpMul, a, b) }
func div(a, b *tensor.Tensor) *tensor.Tensor { return binary(tensor.OpDiv, a, b) }
func sub(a, b *tensor.Tensor) *tensor.Tensor { return binary(tensor.OpSub, a, b) }

func mulS(a *tensor.Tensor, s float64) *tensor.Tensor { return binaryS(tensor.OpMul, a, s) }
func addS(a *tensor.Tensor, s float64) *tensor.Tensor { return binaryS(tensor.OpAdd, a, s) }
func divS(a *tensor.Tensor, s float64) *tensor.Tensor { return binaryS(tensor.OpDiv, a, s) }
func powS(a *tensor.Tensor, s float64) *tensor.Tensor { return binaryS(tensor.OpPow, a, s) }

// unary is op(x).
func unary(op tensor.UnaryOp, x *tensor.Tensor) *tensor.Tensor {
	out := tensor.Unary(op, x, noOpts)
	if needsGrad(x) {
		if n := RecordUnary(op, x, out); n != nil {
			SetHistory(out, n, 0)
		}
	}
	return out
}

func neg(x *tensor.Tensor) *tensor.Tensor { return unary(tensor.OpNeg, x) }

// where is torch.where(cond, x, y).
func where(cond *tensor.Tensor, x, y tensor.Operand) *tensor.Tensor {
	out := tensor.Where(cond, x, y, noOpts)
	if needsGrad(x.T, y.T) {
		SetHistory(out, RecordWhere(cond, x, y, out), 0)
	}
	return out
}

// cmp is a comparison (no gradient).
func cmp(op tensor.BinaryOp, a *tensor.Tensor, b tensor.Operand) *tensor.Tensor {
	return tensor.Binary(op, top(a), b, noOpts)
}

// zerosLike is zeros_like(t) (contiguous).
func zerosLike(t *tensor.Tensor) *tensor.Tensor { return tensor.Empty(t.Shape(), t.DType()) }

// zeros0 is at::zeros({}, grad.options()).
func zeros0(d tensor.DType) *tensor.Tensor { return tensor.Empty(nil, d) }

// sumDims is t.sum(dims, keepdim).
func sumDims(t *tensor.Tensor, dims []int, keepdim bool) *tensor.Tensor {
	out := tensor.Sum(t, dims, keepdim)
	if needsGrad(t) {
		SetHistory(out, RecordSum(t, dims, keepdim, len(dims) > 0, out), 0)
	}
	return out
}

// expand is t.expand(shape).
func expand(t *tensor.Tensor, shape []int) *tensor.Tensor {
	out := t.Expand(shape)
	if needsGrad(t) {
		SetHistory(out, RecordExpand(t, out), 0)
	}
	return out
}

// view is t.view(shape).
func view(t *tensor.Tensor, shape []int) *tensor.Tensor {
	out := t.View(shape)
	if needsGrad(t) {
		RecordView("ViewBackward0", t, out)
	}
	return out
}

// unsqueezeMultiple is unsqueeze_multiple: t with size-1 dims at dims
// (wrapped against ndim), in increasing order.
func unsqueezeMultiple(t *tensor.Tensor, dims []int, ndim int) *tensor.Tensor {
	mask := make([]bool, ndim)
	for _, d := range dims {
		mask[tensor.WrapDim(d, ndim)] = true
	}
	shape := make([]int, 0, ndim)
	k := 0
	for i := 0; i < ndim; i++ {
		if mask[i] {
			shape = append(shape, 1)
		} else {
			shape = append(shape, t.Shape()[k])
			k++
		}
	}
	if needsGrad(t) {
		// one unsqueeze per dim, as ATen's unsqueeze_multiple
		out := t
		for i := 0; i < ndim; i++ {
			if mask[i] {
				u := out.Unsqueeze(i)
				RecordView("UnsqueezeBackward0", out, u)
				out = u
			}
		}
		return out
	}
	out := t.View(shape)
	return out
}

// sumTo is at::sum_to: g summed over the dims in which shape is 1 or
// missing, keeping shape.
func sumTo(g *tensor.Tensor, shape []int) *tensor.Tensor {
	if len(shape) == 0 {
		if g.Dim() == 0 {
			return g
		}
		return sumDims(g, nil, false)
	}
	lead := g.Dim() - len(shape)
	var dims []int
	for i := 0; i < lead; i++ {
		dims = append(dims, i)
	}
	for i := lead; i < g.Dim(); i++ {
		if shape[i-lead] == 1 && g.Shape()[i] != 1 {
			dims = append(dims, i)
		}
	}
	if len(dims) > 0 {
		g = sumDims(g, dims, true)
	}
	if lead > 0 {
		if needsGrad(g) {
			return view(g, shape)
		}
		return g.View(shape)
	}
	return g
}

// toDType is t.to(d).
func toDType(t *tensor.Tensor, d tensor.DType) *tensor.Tensor {
	out := t.To(d)
	if needsGrad(t) && out != t {
		SetHistory(out, RecordToCopy(t, out), 0)
	}
	return out
}

// maybeMultiply is maybe_multiply: t * s unless s is 1.
func maybeMultiply(t *tensor.Tensor, s tensor.Scalar) *tensor.Tensor {
	if s.Float() == 1 {
		return t
	}
	out := tensor.Binary(tensor.OpMul, top(t), tensor.ScalarOperand(s), noOpts)
	if needsGrad(t) {
		// a C++ Scalar operand: the Scalar overload's node
		SetHistory(out, RecordBinary(tensor.OpMul, top(t), tensor.ScalarOperand(s), one, out, false).Renamed("MulBackward1"), 0)
	}
	return out
}
