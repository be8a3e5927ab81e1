package torch

import (
	"fmt"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The argument parsing of F.batch_norm, layer_norm, group_norm, the
// dropouts and embedding (nn_functional_norm.go computes them).

func optTensor(v eval.Value) *tensor.Tensor {
	t, _ := v.(*tensor.Tensor)
	return t
}

func init() {
	nnf("batch_norm", "batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05) -> Tensor",
		"Normalises each channel (dim 1) by the batch's mean and variance (training=True, updating the running statistics in place) or by running_mean and running_var; then weight·x̂ + bias.",
		func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			var rm, rv, w, b eval.Value = eval.None, eval.None, eval.None, eval.None
			training := false
			momentum, eps := 0.1, 1e-5
			a.Unpack("input", &x, "running_mean", &rm, "running_var", &rv, "weight?", &w, "bias?", &b,
				"training?", &training, "momentum?", &momentum, "eps?", &eps)
			return batchNorm(a.Session(), x, optTensor(rm), optTensor(rv), optTensor(w), optTensor(b), training, momentum, eps)
		})
	nnf("layer_norm", "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05) -> Tensor",
		"Normalises over the last len(normalized_shape) dims of each sample (mean 0, variance 1, biased), then weight·x̂ + bias.",
		func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			var shape []int
			var w, b eval.Value = eval.None, eval.None
			eps := 1e-5
			a.Unpack("input", &x, "normalized_shape", &shape, "weight?", &w, "bias?", &b, "eps?", &eps)
			return layerNorm(x, shape, optTensor(w), optTensor(b), eps)
		})
	nnf("group_norm", "group_norm(input, num_groups, weight=None, bias=None, eps=1e-05) -> Tensor",
		"Normalises the channels of each sample in num_groups groups, then applies a per-channel weight and bias.",
		func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			var groups int
			var w, b eval.Value = eval.None, eval.None
			eps := 1e-5
			a.Unpack("input", &x, "num_groups", &groups, "weight?", &w, "bias?", &b, "eps?", &eps)
			return groupNorm(x, groups, optTensor(w), optTensor(b), eps)
		})
	drop := func(name, sig, doc string, feature bool) {
		nnf(name, sig, doc, func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			p := 0.5
			training, inplace := true, false
			a.Unpack("input", &x, "p?", &p, "training?", &training, "inplace?", &inplace)
			if p < 0 || p > 1 {
				eval.Throw("ValueError", errDropoutP, eval.Repr(eval.Float(p)))
			}
			if name == "dropout2d" && x.Dim() != 3 && x.Dim() != 4 {
				warnFrom(a.Session(), fmt.Sprintf(warnDropout2dLoc, 1331), "UserWarning", fmt.Sprintf(warnDropout2dDims, x.Dim()), warnDropout2dSrc)
			}
			if name == "dropout2d" && x.Dim() == 3 {
				warnFrom(a.Session(), fmt.Sprintf(warnDropout2dLoc, 1338), "UserWarning", warnDropout2d3D, warnDropout2d3DSrc)
			}
			if name == "dropout1d" && x.Dim() == 2 {
				x = x.Unsqueeze(0)
				r := dropout(a.Session(), x, p, training, inplace, true)
				return callM(a.Session(), "squeeze", r, eval.MakeInt(0))
			}
			return dropout(a.Session(), x, p, training, inplace, feature)
		})
	}
	drop("dropout", "dropout(input, p=0.5, training=True, inplace=False) -> Tensor",
		"Zeroes each element with probability p and scales the others by 1/(1-p) (the identity when training=False).", false)
	drop("dropout1d", "dropout1d(input, p=0.5, training=True, inplace=False) -> Tensor",
		"Zeroes whole channels of (N, C, L) or (C, L) inputs with probability p, scaling the others by 1/(1-p).", true)
	drop("dropout2d", "dropout2d(input, p=0.5, training=True, inplace=False) -> Tensor",
		"Zeroes whole channels (dim 1) with probability p, scaling the others by 1/(1-p).", true)
	drop("dropout3d", "dropout3d(input, p=0.5, training=True, inplace=False) -> Tensor",
		"Zeroes whole channels of 5-d inputs with probability p, scaling the others by 1/(1-p).", true)
	nnf("embedding", "embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False) -> Tensor",
		"The rows of weight at the indices of input (its gradient skips padding_idx); max_norm renormalises the rows used, in place.",
		func(a *eval.Args) eval.Value {
			var x, w *tensor.Tensor
			var pad, maxNorm eval.Value = eval.None, eval.None
			normType := 2.0
			scale, sparse := false, false
			a.Unpack("input", &x, "weight", &w, "padding_idx?", &pad, "max_norm?", &maxNorm, "norm_type?", &normType,
				"scale_grad_by_freq?", &scale, "sparse?", &sparse)
			if scale || sparse {
				eval.Throw("NotImplementedError", errNNUnsupported, "embedding", "scale_grad_by_freq=True and sparse=True")
			}
			p := -1
			if _, none := pad.(eval.NoneType); !none {
				p = int(a.ToInt("padding_idx", pad))
				if p >= w.Shape()[0] || p < -w.Shape()[0] {
					eval.Throw("AssertionError", errEmbedPadding)
				}
				if p < 0 {
					p += w.Shape()[0]
				}
			}
			var mn *float64
			if sc, ok := eval.ToScalar(maxNorm); ok {
				v := sc.Float()
				mn = &v
			}
			return embedding(x, w, p, mn, normType)
		})
}
