package eval

import (
	"math"
	"slices"

	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// F.nll_loss on inputs of 3 or more dims (nll_loss2d, as ATen's
// nll_loss_nd: a 4-d input directly, the others viewed as
// (N, C, 1, -1)), and F.cross_entropy with class probabilities as target
// or label_smoothing=, composed as ATen composes them so that grad_fn and
// the graph are PyTorch's (the operations record themselves).

// callM runs the tensor method name on self through autograd.
func (s *Session) callM(name string, self Value, pos ...Value) Value {
	return s.gradCall(tensorMethods[name], &Args{Name: name, Self: self, Pos: pos, s: s})
}

func (s *Session) callMT(name string, self Value, pos ...Value) *tensor.Tensor {
	t, _ := s.callM(name, self, pos...).(*tensor.Tensor)
	return t
}

func reductionCode(red string) int {
	switch red {
	case "mean":
		return autograd.ReduceMean
	case "sum":
		return autograd.ReduceSum
	}
	return autograd.ReduceNone
}

func intValues(xs []int) []Value {
	out := make([]Value, len(xs))
	for i, x := range xs {
		out[i] = MakeInt(int64(x))
	}
	return out
}

// nllLossAny is nll_loss_nd: nll_loss for 1-d and 2-d inputs (recorded
// as NllLossBackward0), nllLossNd for the others.
func nllLossAny(s *Session, x, y, weight *tensor.Tensor, ignore int64, red string) *tensor.Tensor {
	if x.Dim() > 2 {
		return nllLossNd(s, x, y, weight, ignore, red)
	}
	out := tensor.NLLLoss(x, y, weight, ignore, red)
	if autograd.NeedsGrad(x) {
		autograd.SetHistory(out, autograd.RecordNllLoss(x, y, weight, reductionCode(red), int(ignore), out), 0)
	}
	return out
}

// nllLossNd is nll_loss for an input (N, C, d1, ...) of 3 or more dims.
func nllLossNd(s *Session, x, y, weight *tensor.Tensor, ignore int64, red string) *tensor.Tensor {
	if y.Dim() > 0 && x.Size(0) != y.Size(0) {
		throw("ValueError", errNLLBatchND, x.Size(0), y.Size(0))
	}
	if x.Dim() == 4 {
		return nllLoss2d(x, y, weight, ignore, red)
	}
	n, c := x.Size(0), x.Size(1)
	outSize := append([]int{n}, x.Shape()[2:]...)
	if y.Dim() == 0 || !slices.Equal(y.Shape()[1:], x.Shape()[2:]) {
		throw("RuntimeError", errNLLTargetSize, tensor.ShapeString(outSize), tensor.ShapeString(y.Shape()))
	}
	in4 := []Value{MakeInt(int64(n)), MakeInt(int64(c)), MakeInt(1), MakeInt(-1)}
	t3 := []int{n, 1, -1}
	if x.Numel() == 0 {
		in4 = []Value{MakeInt(int64(n)), MakeInt(int64(c)), MakeInt(0), MakeInt(0)}
	}
	if y.Numel() == 0 {
		t3 = []int{n, 0, 0}
	}
	x4 := s.callMT("view", s.callM("contiguous", x), in4...)
	out := nllLoss2d(x4, y.Contiguous().Reshape(t3), weight, ignore, red)
	if red == "none" {
		return s.callMT("view", out, intValues(outSize)...)
	}
	return out
}

// nllLoss2d is nll_loss2d of x (N, C, H, W) and target (N, H, W): the
// 2-d kernel on x with its class dim moved last (the same order of
// summation), recorded as NllLoss2DBackward0.
func nllLoss2d(x, y, weight *tensor.Tensor, ignore int64, red string) *tensor.Tensor {
	if y.Dim() != 3 {
		throw("RuntimeError", errNLL2dTargetDims, y.Dim())
	}
	if weight != nil && weight.Numel() != x.Size(1) {
		throw("RuntimeError", errNLL2dWeight)
	}
	if x.Size(0) != y.Size(0) || x.Size(2) != y.Size(1) || x.Size(3) != y.Size(2) {
		throw("RuntimeError", errNLL2dSize, tensor.ShapeString(x.Shape()), tensor.ShapeString(y.Shape()))
	}
	flat := x.Permute([]int{0, 2, 3, 1}).Reshape([]int{-1, x.Size(1)})
	out := tensor.NLLLoss(flat, y.Reshape([]int{-1}), weight, ignore, red)
	if red == "none" {
		out = out.Reshape(y.Shape())
	}
	if autograd.NeedsGrad(x) {
		autograd.SetHistory(out, autograd.RecordNllLoss2d(x, y, weight, reductionCode(red), int(ignore), out), 0)
	}
	return out
}

// classWeightView is weight viewed to broadcast along the class dim.
func classWeightView(s *Session, weight *tensor.Tensor, nd, classDim int) Value {
	if nd <= 1 {
		return weight
	}
	shape := make([]int, nd)
	for i := range shape {
		shape[i] = 1
	}
	shape[classDim] = weight.Size(0)
	return s.callM("view", weight, intValues(shape)...)
}

// crossEntropyExt is cross_entropy with class probabilities as target
// (a target of the input's shape) or with label smoothing.
func crossEntropyExt(s *Session, x, y, weight *tensor.Tensor, ignore int64, red string, ls float64) Value {
	classDim := 1
	if x.Dim() == 1 {
		classDim = 0
	}
	n := x.Size(classDim)
	if ls > 1 {
		throw("RuntimeError", errCESmoothing, tensor.CppFloatString(ls))
	}
	input := s.callMT("log_softmax", x, MakeInt(int64(classDim)))
	if slices.Equal(x.Shape(), y.Shape()) {
		if !y.DType().IsFloat() {
			throw("RuntimeError", errCEProbDType, y.DType().ScalarName())
		}
		if ignore >= 0 {
			throw("RuntimeError", errCEProbIgnore)
		}
		if weight != nil && (weight.Dim() != 1 || weight.Numel() != n) {
			throw("RuntimeError", errCEWeight, n, tensor.ShapeString(weight.Shape()))
		}
		var target Value = y
		if ls > 0 {
			target = s.callM("add", s.callM("mul", y, Float(1-ls)), Float(ls/float64(n)))
		}
		prod := s.callM("mul", input, target)
		if weight != nil {
			prod = s.callM("mul", prod, classWeightView(s, weight, x.Dim(), classDim))
		}
		switch red {
		case "mean":
			if x.Numel() == 0 {
				return s.callM("fill_", s.callM("neg", s.callM("sum", prod)), Float(math.NaN()))
			}
			return divScalar(s, s.callM("neg", s.callM("sum", prod)), int64(x.Numel()/n))
		case "sum":
			return s.callM("neg", s.callM("sum", prod))
		}
		return s.callM("neg", s.callM("sum", prod, MakeInt(int64(classDim))))
	}
	nll := nllLossAny(s, input, y, weight, ignore, red)
	mask := tensor.Binary(tensor.OpEq, tensor.TensorOperand(y), tensor.ScalarOperand(tensor.IntS(ignore)), tensor.Opts{})
	var smooth Value
	if weight != nil {
		smooth = s.callM("neg", s.callM("sum", s.callM("mul", input, classWeightView(s, weight, x.Dim(), classDim)), MakeInt(int64(classDim))))
	} else {
		smooth = s.callM("neg", s.callM("sum", input, MakeInt(int64(classDim))))
	}
	smooth = s.callM("masked_fill_", smooth, mask, Float(0))
	var ret Value
	switch red {
	case "mean":
		keep := tensor.Unary(tensor.OpLogicalNot, mask, tensor.Opts{})
		var denom *tensor.Tensor
		if weight != nil {
			picked := tensor.MaskedSelect(y, keep).Reshape([]int{-1})
			denom = tensor.Sum(tensor.IndexSelect(weight, 0, picked), nil, false)
		} else {
			denom = tensor.Sum(keep, nil, false)
		}
		ret = s.callM("div", s.callM("sum", smooth), denom)
	case "sum":
		ret = s.callM("sum", smooth)
	default:
		ret = smooth
	}
	return s.callM("add", s.callM("mul", nll, Float(1-ls)), s.callM("mul", ret, Float(ls/float64(n))))
}

// divScalar is t / k by ATen's Scalar overload (DivBackward1, where
// Python's t / k records DivBackward0).
func divScalar(s *Session, t Value, k int64) Value {
	r := s.callM("div", t, MakeInt(k))
	if rt, ok := r.(*tensor.Tensor); ok {
		autograd.GradFn(rt).Renamed("DivBackward1")
	}
	return r
}
