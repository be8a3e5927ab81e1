package torch

import (
	"math"
	"slices"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// F.nll_loss on inputs of 3 or more dims (nll_loss2d, as ATen's
// nll_loss_nd: a 4-d input directly, the others viewed as
// (N, C, 1, -1)), and F.cross_entropy with class probabilities as target
// or label_smoothing=, composed as ATen composes them so that grad_fn and
// the graph are PyTorch's (the operations record themselves).

// callM runs the tensor method name on self through autograd.
func callM(s *eval.Session, name string, self eval.Value, pos ...eval.Value) eval.Value {
	return gradCall(s, eval.TensorMethods[name], (&eval.Args{Name: name, Self: self, Pos: pos}).Bind(s))
}

func callMT(s *eval.Session, name string, self eval.Value, pos ...eval.Value) *tensor.Tensor {
	t, _ := callM(s, name, self, pos...).(*tensor.Tensor)
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

func intValues(xs []int) []eval.Value {
	out := make([]eval.Value, len(xs))
	for i, x := range xs {
		out[i] = eval.MakeInt(int64(x))
	}
	return out
}

// nllLossAny is nll_loss_nd: nll_loss for 1-d and 2-d inputs (recorded
// as NllLossBackward0), nllLossNd for the others.
func nllLossAny(s *eval.Session, x, y, weight *tensor.Tensor, ignore int64, red string) *tensor.Tensor {
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
func nllLossNd(s *eval.Session, x, y, weight *tensor.Tensor, ignore int64, red string) *tensor.Tensor {
	if y.Dim() > 0 && x.Size(0) != y.Size(0) {
		eval.Throw("ValueError", errNLLBatchND, x.Size(0), y.Size(0))
	}
	if x.Dim() == 4 {
		return nllLoss2d(x, y, weight, ignore, red)
	}
	n, c := x.Size(0), x.Size(1)
	outSize := append([]int{n}, x.Shape()[2:]...)
	if y.Dim() == 0 || !slices.Equal(y.Shape()[1:], x.Shape()[2:]) {
		eval.Throw("RuntimeError", errNLLTargetSize, tensor.ShapeString(outSize), tensor.ShapeString(y.Shape()))
	}
	in4 := []eval.Value{eval.MakeInt(int64(n)), eval.MakeInt(int64(c)), eval.MakeInt(1), eval.MakeInt(-1)}
	t3 := []int{n, 1, -1}
	if x.Numel() == 0 {
		in4 = []eval.Value{eval.MakeInt(int64(n)), eval.MakeInt(int64(c)), eval.MakeInt(0), eval.MakeInt(0)}
	}
	if y.Numel() == 0 {
		t3 = []int{n, 0, 0}
	}
	x4 := callMT(s, "view", callM(s, "contiguous", x), in4...)
	out := nllLoss2d(x4, y.Contiguous().Reshape(t3), weight, ignore, red)
	if red == "none" {
		return callMT(s, "view", out, intValues(outSize)...)
	}
	return out
}

// nllLoss2d is nll_loss2d of x (N, C, H, W) and target (N, H, W): the
// 2-d kernel on x with its class dim moved last (the same order of
// summation), recorded as NllLoss2DBackward0.
func nllLoss2d(x, y, weight *tensor.Tensor, ignore int64, red string) *tensor.Tensor {
	if y.Dim() != 3 {
		eval.Throw("RuntimeError", errNLL2dTargetDims, y.Dim())
	}
	if weight != nil && weight.Numel() != x.Size(1) {
		eval.Throw("RuntimeError", errNLL2dWeight)
	}
	if x.Size(0) != y.Size(0) || x.Size(2) != y.Size(1) || x.Size(3) != y.Size(2) {
		eval.Throw("RuntimeError", errNLL2dSize, tensor.ShapeString(x.Shape()), tensor.ShapeString(y.Shape()))
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
func classWeightView(s *eval.Session, weight *tensor.Tensor, nd, classDim int) eval.Value {
	if nd <= 1 {
		return weight
	}
	shape := make([]int, nd)
	for i := range shape {
		shape[i] = 1
	}
	shape[classDim] = weight.Size(0)
	return callM(s, "view", weight, intValues(shape)...)
}

// crossEntropyExt is cross_entropy with class probabilities as target
// (a target of the input's shape) or with label smoothing.
func crossEntropyExt(s *eval.Session, x, y, weight *tensor.Tensor, ignore int64, red string, ls float64) eval.Value {
	classDim := 1
	if x.Dim() == 1 {
		classDim = 0
	}
	n := x.Size(classDim)
	if ls > 1 {
		eval.Throw("RuntimeError", errCESmoothing, tensor.CppFloatString(ls))
	}
	input := callMT(s, "log_softmax", x, eval.MakeInt(int64(classDim)))
	if slices.Equal(x.Shape(), y.Shape()) {
		if !y.DType().IsFloat() {
			eval.Throw("RuntimeError", errCEProbDType, y.DType().ScalarName())
		}
		if ignore >= 0 {
			eval.Throw("RuntimeError", errCEProbIgnore)
		}
		if weight != nil && (weight.Dim() != 1 || weight.Numel() != n) {
			eval.Throw("RuntimeError", errCEWeight, n, tensor.ShapeString(weight.Shape()))
		}
		var target eval.Value = y
		if ls > 0 {
			target = callM(s, "add", callM(s, "mul", y, eval.Float(1-ls)), eval.Float(ls/float64(n)))
		}
		prod := callM(s, "mul", input, target)
		if weight != nil {
			prod = callM(s, "mul", prod, classWeightView(s, weight, x.Dim(), classDim))
		}
		switch red {
		case "mean":
			if x.Numel() == 0 {
				return callM(s, "fill_", callM(s, "neg", callM(s, "sum", prod)), eval.Float(math.NaN()))
			}
			return divScalar(s, callM(s, "neg", callM(s, "sum", prod)), int64(x.Numel()/n))
		case "sum":
			return callM(s, "neg", callM(s, "sum", prod))
		}
		return callM(s, "neg", callM(s, "sum", prod, eval.MakeInt(int64(classDim))))
	}
	nll := nllLossAny(s, input, y, weight, ignore, red)
	mask := tensor.Binary(tensor.OpEq, tensor.TensorOperand(y), tensor.ScalarOperand(tensor.IntS(ignore)), tensor.Opts{})
	var smooth eval.Value
	if weight != nil {
		smooth = callM(s, "neg", callM(s, "sum", callM(s, "mul", input, classWeightView(s, weight, x.Dim(), classDim)), eval.MakeInt(int64(classDim))))
	} else {
		smooth = callM(s, "neg", callM(s, "sum", input, eval.MakeInt(int64(classDim))))
	}
	smooth = callM(s, "masked_fill_", smooth, mask, eval.Float(0))
	var ret eval.Value
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
		ret = callM(s, "div", callM(s, "sum", smooth), denom)
	case "sum":
		ret = callM(s, "sum", smooth)
	default:
		ret = smooth
	}
	return callM(s, "add", callM(s, "mul", nll, eval.Float(1-ls)), callM(s, "mul", ret, eval.Float(ls/float64(n))))
}

// divScalar is t / k by ATen's Scalar overload (DivBackward1, where
// Python's t / k records DivBackward0).
func divScalar(s *eval.Session, t eval.Value, k int64) eval.Value {
	r := callM(s, "div", t, eval.MakeInt(k))
	if rt, ok := r.(*tensor.Tensor); ok {
		autograd.GradFn(rt).Renamed("DivBackward1")
	}
	return r
}
