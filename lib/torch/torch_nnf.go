package torch

import (
	"fmt"
	"slices"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.nn.functional as tutorials use it, reachable as torch.nn.functional
// (a Module member chain of torch, so that `import torch.nn.functional as
// F` can bind it), and torch.softmax / torch.log_softmax.

var (
	softmaxSigs = newArgParser(
		"softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
		"softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)")
	logSoftmaxSigs = newArgParser(
		"log_softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
		"log_softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)")
	geluSigs   = newArgParser("gelu(Tensor input, *, c10::string_view approximate=\"none\")")
	linearSigs = newArgParser("linear(Tensor input, Tensor weight, Tensor? bias=None)")
	oneHotSigs = newArgParser("one_hot(Tensor input, int64_t num_classes=-1)")
	padSigs    = newArgParser("pad(Tensor input, IntArrayRef pad, c10::string_view mode=\"constant\", double? value=None)")
)

// nnFunctions are the members of torch.nn.functional.
var nnFunctions = map[string]*eval.Builtin{}

func nnf(name, sig, doc string, fn func(a *eval.Args) eval.Value) {
	nnFunctions[name] = &eval.Builtin{Name: name, Sig: sig, Doc: doc, Fn: fn}
}

func init() {
	torchSubmodules["nn"] = newNNModule // nn_exports.go
	both := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "softmax", Kind: both, Sig: "softmax(input, dim, dtype=None) -> Tensor",
			Doc: "exp(x) / sum(exp(x)) along dim (computed as PyTorch does, after subtracting the maximum); dtype converts the input first.",
			Fn:  func(a *eval.Args) eval.Value { return softmaxCall(a, softmaxSigs, false) }},
		&eval.Builtin{Name: "log_softmax", Kind: both, Sig: "log_softmax(input, dim, dtype=None) -> Tensor",
			Doc: "log(softmax(x)) along dim, computed as x - max - log(sum(exp(x - max))).",
			Fn:  func(a *eval.Args) eval.Value { return softmaxCall(a, logSoftmaxSigs, true) }},
	)
	nnf("relu", "relu(input, inplace=False) -> Tensor", "max(x, 0) of each element (in place with inplace=True).",
		func(a *eval.Args) eval.Value { return inplaceOr(a, "relu") })
	nnf("sigmoid", "sigmoid(input) -> Tensor", "1 / (1 + exp(-x)) of each element.",
		func(a *eval.Args) eval.Value {
			var t eval.Value
			a.Unpack("input", &t)
			warnFrom(a.Session(), warnSigmoidLoc, "UserWarning", warnSigmoidDeprecated, warnSigmoidSrc)
			return callMethod(a, "sigmoid", t)
		})
	nnf("tanh", "tanh(input) -> Tensor", "tanh of each element.",
		func(a *eval.Args) eval.Value {
			var t eval.Value
			a.Unpack("input", &t)
			warnFrom(a.Session(), warnTanhLoc, "UserWarning", warnTanhDeprecated, warnTanhSrc)
			return callMethod(a, "tanh", t)
		})
	nnf("gelu", "gelu(input, approximate='none') -> Tensor", "x * Φ(x), Φ the standard normal CDF: x/2 * (1 + erf(x/√2)).",
		func(a *eval.Args) eval.Value {
			r := geluSigs.parse(a)
			if s, ok := r.val("approximate").(eval.Str); ok && s != "none" {
				if s == "tanh" {
					return tensor.GeluTanh(r.tensor("input"))
				}
				eval.Throw("RuntimeError", errGeluApprox)
			}
			return tensor.Gelu(r.tensor("input"))
		})
	nnf("softmax", "softmax(input, dim=None, _stacklevel=3, dtype=None) -> Tensor",
		"softmax along dim (without dim, PyTorch's deprecated implicit choice: 0 for 0-, 1- and 3-d inputs, else 1, with its warning).",
		func(a *eval.Args) eval.Value { return nnSoftmax(a, "softmax", false) })
	nnf("log_softmax", "log_softmax(input, dim=None, _stacklevel=3, dtype=None) -> Tensor",
		"log_softmax along dim (without dim, PyTorch's deprecated implicit choice, with its warning).",
		func(a *eval.Args) eval.Value { return nnSoftmax(a, "log_softmax", true) })
	nnf("linear", "linear(input, weight, bias=None) -> Tensor", "input @ weight.T + bias.",
		func(a *eval.Args) eval.Value {
			r := linearSigs.parse(a)
			x, w, b := r.tensor("input"), r.tensor("weight"), r.tensor("bias")
			if x.Dim() == 2 && x.DType() != w.DType() {
				eval.Throw("RuntimeError", errMatSameDType) // addmm's check
			}
			out := linalg.Matmul(x, w.T())
			if b != nil {
				return tensor.Add(tensor.TensorOperand(out), tensor.TensorOperand(b), tensor.IntS(1), tensor.Opts{})
			}
			return out
		})
	nnf("one_hot", "one_hot(tensor, num_classes=-1) -> LongTensor", "A new last dimension of num_classes (max + 1 by default) with a 1 at each element's value.",
		func(a *eval.Args) eval.Value {
			r := oneHotSigs.parse(a)
			return tensor.OneHot(r.tensor("input"), r.int("num_classes", -1))
		})
	nnf("pad", "pad(input, pad, mode='constant', value=None) -> Tensor",
		"Pads the last len(pad)/2 dimensions, last first: (left, right, top, bottom, ...); negative pads crop. mode 'constant' (value, default 0), 'reflect', 'replicate' or 'circular'.",
		func(a *eval.Args) eval.Value {
			r := padSigs.parse(a)
			mode := "constant"
			if s, ok := r.val("mode").(eval.Str); ok {
				mode = string(s)
			}
			v := 0.0
			hasV := r.has("value")
			if hasV {
				v = r.double("value", 0)
			}
			return tensor.Pad(r.tensor("input"), r.ints("pad"), mode, v, hasV)
		})
	nnf("normalize", "normalize(input, p=2.0, dim=1, eps=1e-12, out=None) -> Tensor", "input divided by its p-norm along dim (at least eps).",
		func(a *eval.Args) eval.Value {
			var t *tensor.Tensor
			p, dim, eps := 2.0, 1, 1e-12
			var out eval.Value = eval.None
			a.Unpack("input", &t, "p?", &p, "dim?", &dim, "eps?", &eps, "out?", &out)
			n := tensor.Norm(t, p, []int{dim}, true)
			lo := tensor.FloatS(eps)
			denom := tensor.Clamp(n, &lo, nil, tensor.Opts{}).Expand(t.Shape())
			res := tensor.Div(tensor.TensorOperand(t), tensor.TensorOperand(denom), "", tensor.Opts{})
			if o, ok := out.(*tensor.Tensor); ok {
				return writeOut(a, o, res)
			}
			return res
		})
	nnf("mse_loss", "mse_loss(input, target, size_average=None, reduce=None, reduction='mean') -> Tensor", "The mean (or sum, or none) of the squared differences.",
		func(a *eval.Args) eval.Value { return pointLoss(a, "mse_loss", true) })
	nnf("l1_loss", "l1_loss(input, target, size_average=None, reduce=None, reduction='mean') -> Tensor", "The mean (or sum, or none) of the absolute differences.",
		func(a *eval.Args) eval.Value { return pointLoss(a, "l1_loss", false) })
	nnf("nll_loss", "nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean') -> Tensor",
		"The negative log likelihood loss of log-probabilities input (N, C), (C,) or (N, C, d1, ...) for class indices target.",
		func(a *eval.Args) eval.Value { return nllLossCall(a, false) })
	nnf("cross_entropy", "cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0) -> Tensor",
		"nll_loss(log_softmax(input, 1), target): the cross entropy of logits input (N, C), (C,) or (N, C, d1, ...) and class indices target, or class probabilities (a target of input's shape); label_smoothing mixes the target with the uniform distribution.",
		func(a *eval.Args) eval.Value { return nllLossCall(a, true) })
}

// callMethod calls the tensor method name on t (raising the function's
// TypeError when t is not a tensor).
func callMethod(a *eval.Args, name string, t eval.Value, pos ...eval.Value) eval.Value {
	if _, ok := t.(*tensor.Tensor); !ok {
		eval.Throw("TypeError", eval.ErrArgMustBePos, name, "input", 1, "Tensor", eval.TypeName(t))
	}
	return eval.TensorMethods[name].Fn((&eval.Args{Name: name, Self: t, Pos: pos}).Bind(a.Session()))
}

func inplaceOr(a *eval.Args, name string) eval.Value {
	var t eval.Value
	inplace := false
	a.Unpack("input", &t, "inplace?", &inplace)
	if inplace {
		return callMethod(a, name+"_", t)
	}
	return callMethod(a, name, t)
}

func softmaxCall(a *eval.Args, p *argParser, log bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	if r.idx == 1 {
		r.dimname("dim", t)
	}
	if d, ok := r.dtype("dtype"); ok {
		t = t.To(d)
	}
	res := tensor.Softmax(t, r.int("dim", 0), log)
	return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
}

// nnSoftmax is F.softmax / F.log_softmax (torch/nn/functional.py).
func nnSoftmax(a *eval.Args, name string, log bool) eval.Value {
	var t *tensor.Tensor
	var dim, dtype eval.Value = eval.None, eval.None
	stack := 3
	a.Unpack("input", &t, "dim?", &dim, "_stacklevel?", &stack, "dtype?", &dtype)
	d := 0
	if _, isNone := dim.(eval.NoneType); isNone {
		a.Session().Warn("UserWarning", fmt.Sprintf(warnImplicitDim, name))
		if n := t.Dim(); n != 0 && n != 1 && n != 3 {
			d = 1
		}
	} else {
		d = int(a.ToInt("dim", dim))
	}
	if dt, ok := dtype.(eval.DTypeValue); ok {
		t = t.To(dt.D)
	}
	return tensor.Softmax(t, d, log)
}

// reduction resolves the reduction= of a loss, with the legacy
// size_average= and reduce= (PyTorch's _Reduction.legacy_get_string).
func reduction(a *eval.Args, sizeAverage, reduce, red eval.Value) string {
	_, saNone := sizeAverage.(eval.NoneType)
	_, rNone := reduce.(eval.NoneType)
	if !saNone || !rNone {
		sa, re := true, true
		if !saNone {
			sa = a.Session().Truth(sizeAverage)
		}
		if !rNone {
			re = a.Session().Truth(reduce)
		}
		res := "sum"
		switch {
		case !re:
			res = "none"
		case sa:
			res = "mean"
		}
		warnFrom(a.Session(), warnReductionLoc, "UserWarning", fmt.Sprintf(warnLegacyReduction, res), warnReductionSrc)
		return res
	}
	s, ok := red.(eval.Str)
	if !ok {
		eval.Throw("TypeError", eval.ErrArgMustBeKw, a.Name, "reduction", "str", eval.TypeName(red))
	}
	switch string(s) {
	case "mean", "sum", "none":
		return string(s)
	}
	eval.Throw("ValueError", errBadReduction, string(s))
	return ""
}

func applyReduction(t *tensor.Tensor, red string) *tensor.Tensor {
	switch red {
	case "mean":
		return tensor.Mean(t, nil, false)
	case "sum":
		return tensor.Sum(t, nil, false)
	}
	return t
}

func pointLoss(a *eval.Args, name string, square bool) eval.Value {
	var x, y *tensor.Tensor
	var sa, re, red eval.Value = eval.None, eval.None, eval.Str("mean")
	a.Unpack("input", &x, "target", &y, "size_average?", &sa, "reduce?", &re, "reduction?", &red)
	if !slices.Equal(x.Shape(), y.Shape()) {
		lossSizeWarning(a.Session(), x, y)
	}
	r := reduction(a, sa, re, red)
	d := tensor.Sub(tensor.TensorOperand(x), tensor.TensorOperand(y), tensor.IntS(1), tensor.Opts{})
	if square {
		d = tensor.Binary(tensor.OpMul, tensor.TensorOperand(d), tensor.TensorOperand(d), tensor.Opts{})
	} else {
		d = tensor.Unary(tensor.OpAbs, d, tensor.Opts{})
	}
	return applyReduction(d, r)
}

func nllLossCall(a *eval.Args, fromLogits bool) eval.Value {
	var x, y *tensor.Tensor
	var w, sa, re, red eval.Value = eval.None, eval.None, eval.None, eval.Str("mean")
	ignore := int64(-100)
	smoothing := 0.0
	if fromLogits {
		a.Unpack("input", &x, "target", &y, "weight?", &w, "size_average?", &sa, "ignore_index?", &ignore,
			"reduce?", &re, "reduction?", &red, "label_smoothing?", &smoothing)
	} else {
		a.Unpack("input", &x, "target", &y, "weight?", &w, "size_average?", &sa, "ignore_index?", &ignore,
			"reduce?", &re, "reduction?", &red)
	}
	r := reduction(a, sa, re, red)
	var weight *tensor.Tensor
	if wt, ok := w.(*tensor.Tensor); ok {
		weight = wt
	}
	if fromLogits && (smoothing > 0 || slices.Equal(x.Shape(), y.Shape())) {
		return crossEntropyExt(a.Session(), x, y, weight, ignore, r, smoothing) // torch_nnf_loss.go
	}
	if fromLogits && x.Dim() > 2 {
		x = callMT(a.Session(), "log_softmax", x, eval.MakeInt(1)) // recorded: nllLossNd records too
	} else if fromLogits {
		classDim := 1
		if x.Dim() == 1 {
			classDim = 0
		}
		x = tensor.Softmax(x, classDim, true)
	}
	if x.Dim() > 2 {
		return nllLossNd(a.Session(), x, y, weight, ignore, r) // torch_nnf_loss.go
	}
	return tensor.NLLLoss(x, y, weight, ignore, r)
}
