package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The elementwise activations of torch.nn.functional: each a forward
// f(x) and a derivative f'(x) over runtime/tensor's MapElems, recorded
// with PyTorch's node (EluBackward0, LeakyReluBackward0, ...). inplace=True
// writes the result into the input.

// act is one activation, made from the call's arguments.
type act struct {
	kernel string // ATen's kernel name, for the dtype error
	node   string
	ints   bool // defined for integer tensors too (hardtanh, threshold)
	f, df  func(x float64) float64
}

func softplusF(x, beta, th float64) float64 {
	if x*beta > th {
		return x
	}
	return math.Log1p(math.Exp(x*beta)) / beta
}

func sigm(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

const (
	seluAlpha = 1.6732632423543772848170429916717
	seluScale = 1.0507009873554804934193349852946
)

func eluAct(node string, alpha, scale, inScale float64) act {
	return act{kernel: "elu_cpu", node: node,
		f: func(x float64) float64 {
			if x > 0 {
				return scale * x
			}
			return scale * alpha * (math.Exp(x*inScale) - 1)
		},
		df: func(x float64) float64 {
			if x > 0 {
				return scale
			}
			return scale * alpha * inScale * math.Exp(x*inScale)
		}}
}

// activations maps each function to its argument spec and its act.
var activations = map[string]struct {
	sig, doc string
	spec     []string
	defaults []float64
	make     func(p []float64) act
}{
	"leaky_relu": {"leaky_relu(input, negative_slope=0.01, inplace=False) -> Tensor", "x for x > 0, else negative_slope·x.",
		[]string{"negative_slope"}, []float64{0.01}, func(p []float64) act {
			return act{kernel: "leaky_relu_cpu", node: "LeakyReluBackward0",
				f: func(x float64) float64 {
					if x > 0 {
						return x
					}
					return x * p[0]
				},
				df: func(x float64) float64 {
					if x > 0 {
						return 1
					}
					return p[0]
				}}
		}},
	"elu": {"elu(input, alpha=1.0, inplace=False) -> Tensor", "x for x > 0, else alpha·(exp(x) - 1).",
		[]string{"alpha"}, []float64{1}, func(p []float64) act { return eluAct("EluBackward0", p[0], 1, 1) }},
	"selu": {"selu(input, inplace=False) -> Tensor", "scale·elu(x, alpha) with the self-normalising constants (scale ≈ 1.0507, alpha ≈ 1.6733).",
		nil, nil, func(p []float64) act { return eluAct("EluBackward0", seluAlpha, seluScale, 1) }},
	"celu": {"celu(input, alpha=1.0, inplace=False) -> Tensor", "max(0, x) + min(0, alpha·(exp(x/alpha) - 1)).",
		[]string{"alpha"}, []float64{1}, func(p []float64) act { return eluAct("CeluBackward0", p[0], 1, 1/p[0]) }},
	"silu": {"silu(input, inplace=False) -> Tensor", "x·sigmoid(x) (swish).", nil, nil, func(p []float64) act {
		return act{kernel: "silu_cpu", node: "SiluBackward0",
			f:  func(x float64) float64 { return x * sigm(x) },
			df: func(x float64) float64 { s := sigm(x); return s * (1 + x*(1-s)) }}
	}},
	"mish": {"mish(input, inplace=False) -> Tensor", "x·tanh(softplus(x)).", nil, nil, func(p []float64) act {
		return act{kernel: "mish_cpu", node: "MishBackward0",
			f: func(x float64) float64 { return x * math.Tanh(math.Log1p(math.Exp(x))) },
			df: func(x float64) float64 {
				t := math.Tanh(math.Log1p(math.Exp(x)))
				return t + x*sigm(x)*(1-t*t)
			}}
	}},
	"softplus": {"softplus(input, beta=1, threshold=20) -> Tensor", "log(1 + exp(beta·x))/beta, and x where beta·x > threshold.",
		[]string{"beta", "threshold"}, []float64{1, 20}, func(p []float64) act {
			return act{kernel: "softplus_cpu", node: "SoftplusBackward0",
				f: func(x float64) float64 { return softplusF(x, p[0], p[1]) },
				df: func(x float64) float64 {
					if x*p[0] > p[1] {
						return 1
					}
					z := math.Exp(x * p[0])
					return z / (z + 1)
				}}
		}},
	"hardtanh": {"hardtanh(input, min_val=-1., max_val=1., inplace=False) -> Tensor", "x clamped to [min_val, max_val].",
		[]string{"min_val", "max_val"}, []float64{-1, 1}, func(p []float64) act { return hardtanh(p[0], p[1]) }},
	"relu6": {"relu6(input, inplace=False) -> Tensor", "min(max(0, x), 6): hardtanh(x, 0, 6).",
		nil, nil, func(p []float64) act { return hardtanh(0, 6) }},
	"hardsigmoid": {"hardsigmoid(input, inplace=False) -> Tensor", "0 for x ≤ -3, 1 for x ≥ 3, else x/6 + 1/2.", nil, nil, func(p []float64) act {
		return act{kernel: "hardsigmoid_cpu", node: "HardsigmoidBackward0",
			f: func(x float64) float64 { return math.Min(math.Max(x+3, 0), 6) / 6 },
			df: func(x float64) float64 {
				if x > -3 && x < 3 {
					return 1.0 / 6
				}
				return 0
			}}
	}},
	"hardswish": {"hardswish(input, inplace=False) -> Tensor", "x·relu6(x + 3)/6.", nil, nil, func(p []float64) act {
		return act{kernel: "hardswish_cpu", node: "HardswishBackward0",
			f: func(x float64) float64 { return x * math.Min(math.Max(x+3, 0), 6) / 6 },
			df: func(x float64) float64 {
				switch {
				case x < -3:
					return 0
				case x <= 3:
					return x/3 + 0.5
				}
				return 1
			}}
	}},
	"logsigmoid": {"logsigmoid(input) -> Tensor", "log(sigmoid(x)), computed stably.", nil, nil, func(p []float64) act {
		return act{kernel: "log_sigmoid_cpu", node: "LogSigmoidBackward0",
			f:  func(x float64) float64 { return math.Min(x, 0) - math.Log1p(math.Exp(-math.Abs(x))) },
			df: func(x float64) float64 { return sigm(-x) }}
	}},
	"threshold": {"threshold(input, threshold, value, inplace=False) -> Tensor", "x where x > threshold, else value.",
		[]string{"threshold", "value"}, []float64{math.NaN(), math.NaN()}, func(p []float64) act {
			return act{kernel: "threshold_cpu", node: "ThresholdBackward0", ints: true,
				f: func(x float64) float64 {
					if x > p[0] {
						return x
					}
					return p[1]
				},
				df: func(x float64) float64 {
					if x > p[0] {
						return 1
					}
					return 0
				}}
		}},
	"hardshrink": {"hardshrink(input, lambd=0.5) -> Tensor", "x where |x| > lambd, else 0.",
		[]string{"lambd"}, []float64{0.5}, func(p []float64) act {
			return act{kernel: "hardshrink_cpu", node: "HardshrinkBackward0",
				f: func(x float64) float64 {
					if x >= -p[0] && x <= p[0] {
						return 0
					}
					return x
				},
				df: func(x float64) float64 {
					if x >= -p[0] && x <= p[0] {
						return 0
					}
					return 1
				}}
		}},
	"softshrink": {"softshrink(input, lambd=0.5) -> Tensor", "x - lambd above lambd, x + lambd below -lambd, else 0.",
		[]string{"lambd"}, []float64{0.5}, func(p []float64) act {
			return act{kernel: "softshrink_cpu", node: "SoftshrinkBackward0",
				f: func(x float64) float64 {
					switch {
					case x > p[0]:
						return x - p[0]
					case x < -p[0]:
						return x + p[0]
					}
					return 0
				},
				df: func(x float64) float64 {
					if x > p[0] || x < -p[0] {
						return 1
					}
					return 0
				}}
		}},
}

func hardtanh(lo, hi float64) act {
	return act{kernel: "hardtanh_cpu", node: "HardtanhBackward0", ints: true,
		f: func(x float64) float64 { return math.Min(math.Max(x, lo), hi) },
		df: func(x float64) float64 {
			if x > lo && x < hi {
				return 1
			}
			return 0
		}}
}

// applyAct runs an activation on x, recording its node.
func applyAct(s *eval.Session, x *tensor.Tensor, ac act, inplace bool) eval.Value {
	if !x.DType().IsFloat() && !ac.ints {
		eval.Throw("RuntimeError", errNotImplementedFor, ac.kernel, x.DType().ScalarName())
	}
	var out *tensor.Tensor
	if x.DType().IsFloat() {
		out = tensor.MapElems(x, ac.f)
	} else {
		out = tensor.MapElems(x.To(tensor.Float64), ac.f).To(x.DType())
	}
	if inplace {
		return callM(s, "copy_", x, out)
	}
	if autograd.NeedsGrad(x) {
		n := autograd.RecordFunc(ac.node, []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{tensor.MapFloat2(g, x, func(gv, xv float64) float64 { return gv * ac.df(xv) })}
		})
		autograd.SetHistory(out, n, 0)
	}
	return out
}

func init() {
	for name, spec := range activations {
		spec := spec
		nnf(name, spec.sig, spec.doc, func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			p := append([]float64{}, spec.defaults...)
			inplace := false
			pairs := []any{"input", &x}
			for i, n := range spec.spec {
				if math.IsNaN(p[i]) {
					pairs = append(pairs, n, &p[i])
				} else {
					pairs = append(pairs, n+"?", &p[i])
				}
			}
			if spec.sig[len(spec.sig)-len("inplace=False) -> Tensor"):] == "inplace=False) -> Tensor" {
				pairs = append(pairs, "inplace?", &inplace)
			}
			a.Unpack(pairs...)
			return applyAct(a.Session(), x, spec.make(p), inplace)
		})
	}
	nnf("softsign", "softsign(input) -> Tensor", "x / (1 + |x|).", func(a *eval.Args) eval.Value {
		var x *tensor.Tensor
		a.Unpack("input", &x)
		s := a.Session()
		return callM(s, "div", x, callM(s, "add", callM(s, "abs", x), eval.MakeInt(1)))
	})
	nnf("tanhshrink", "tanhshrink(input) -> Tensor", "x - tanh(x).", func(a *eval.Args) eval.Value {
		var x *tensor.Tensor
		a.Unpack("input", &x)
		return callM(a.Session(), "sub", x, callM(a.Session(), "tanh", x))
	})
	nnf("glu", "glu(input, dim=-1) -> Tensor", "a·sigmoid(b) for the halves a, b of input along dim.", func(a *eval.Args) eval.Value {
		var x *tensor.Tensor
		dim := -1
		a.Unpack("input", &x, "dim?", &dim)
		if !x.DType().IsFloat() {
			eval.Throw("RuntimeError", errNotImplementedFor, "glu_cpu", x.DType().ScalarName())
		}
		d := tensor.WrapDim(dim, x.Dim())
		if x.Shape()[d]%2 != 0 {
			eval.Throw("RuntimeError", errGluOdd, d, x.Shape()[d])
		}
		h := x.Shape()[d] / 2
		av, bv := x.Narrow(d, 0, h), x.Narrow(d, h, h)
		sg := tensor.MapElems(bv, sigm)
		out := tensor.Binary(tensor.OpMul, tensor.TensorOperand(av), tensor.TensorOperand(sg), tensor.Opts{})
		if autograd.NeedsGrad(x) {
			n := autograd.RecordFunc("GluBackward0", []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
				ga := tensor.Binary(tensor.OpMul, tensor.TensorOperand(g), tensor.TensorOperand(sg), tensor.Opts{})
				gb := tensor.MapFloat2(tensor.Binary(tensor.OpMul, tensor.TensorOperand(g), tensor.TensorOperand(av), tensor.Opts{}), sg,
					func(u, sv float64) float64 { return u * sv * (1 - sv) })
				return []*tensor.Tensor{tensor.Cat([]*tensor.Tensor{ga, gb}, d)}
			})
			autograd.SetHistory(out, n, 0)
		}
		return out
	})
	nnf("prelu", "prelu(input, weight) -> Tensor", "x for x > 0, else weight·x, weight one value or one per channel (dim 1).", func(a *eval.Args) eval.Value {
		var x, w *tensor.Tensor
		a.Unpack("input", &x, "weight", &w)
		return prelu(x, w)
	})
}

// prelu is F.prelu, recorded as PreluBackward0.
func prelu(x, w *tensor.Tensor) *tensor.Tensor {
	if w.Numel() != 1 && (x.Dim() < 2 || x.Shape()[1] != w.Numel()) {
		c := 1
		if x.Dim() >= 2 {
			c = x.Shape()[1]
		}
		eval.Throw("RuntimeError", errPreluMismatch, w.Numel(), c)
	}
	ws := w
	if w.Numel() > 1 && x.Dim() >= 2 {
		shape := make([]int, x.Dim())
		for i := range shape {
			shape[i] = 1
		}
		shape[1] = w.Numel()
		ws = w.Reshape(shape)
	}
	out := tensor.MapFloat2(x, ws.Expand(x.Shape()), func(xv, wv float64) float64 {
		if xv > 0 {
			return xv
		}
		return wv * xv
	})
	if autograd.NeedsGrad(x, w) {
		n := autograd.RecordFunc("PreluBackward0", []*tensor.Tensor{x, w}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			wx := ws.Expand(x.Shape())
			gxw := tensor.Binary(tensor.OpMul, tensor.TensorOperand(g), tensor.TensorOperand(wx), tensor.Opts{})
			pos := tensor.MapElems(x, func(xv float64) float64 {
				if xv > 0 {
					return 1
				}
				return 0
			})
			// gx = g where x > 0, else g·w; gw = Σ g·x where x ≤ 0
			gx := tensor.Add(tensor.TensorOperand(tensor.Binary(tensor.OpMul, tensor.TensorOperand(g), tensor.TensorOperand(pos), tensor.Opts{})),
				tensor.TensorOperand(tensor.MapFloat2(gxw, pos, func(u, p float64) float64 { return u * (1 - p) })), tensor.IntS(1), tensor.Opts{})
			gwx := tensor.MapFloat2(tensor.Binary(tensor.OpMul, tensor.TensorOperand(g), tensor.TensorOperand(x), tensor.Opts{}), pos,
				func(u, p float64) float64 { return u * (1 - p) })
			var gw *tensor.Tensor
			if w.Numel() > 1 && x.Dim() >= 2 {
				dims := []int{0}
				for d := 2; d < x.Dim(); d++ {
					dims = append(dims, d)
				}
				gw = tensor.Sum(gwx, dims, false).Reshape(w.Shape())
			} else {
				gw = tensor.Sum(gwx, nil, false).Reshape(w.Shape())
			}
			return []*tensor.Tensor{gx, gw}
		})
		autograd.SetHistory(out, n, 0)
	}
	return out
}
