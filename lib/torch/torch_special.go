package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.special, and the torch functions and Tensor methods it shares
// (erf, erfc, erfinv, exp2, lgamma, digamma, polygamma, mvlgamma, i0,
// sinc, logit, xlogy, igamma, igammac). The pointwise kernels compute in
// float64 (special_math.go, special_poly.go) through tensor.MapFloat.

// specUnary is a pointwise function of one tensor.
type specUnary struct {
	torch   string   // the torch function and Tensor method (with NAME_), or ""
	special []string // its torch.special names
	kernel  string   // the CPU kernel named by "not implemented for" errors
	f       func(x float64) float64
	grad    string                     // the backward node; "" gives no grad_fn (as PyTorch for these)
	deriv   func(x, y float64) float64 // df/dx at x, y = f(x)
	doc     string
}

const twoOverSqrtPi = 1.1283791670955126

var specUnaries = []specUnary{
	{torch: "erf", special: []string{"erf"}, kernel: "erf_vml_cpu", f: math.Erf, grad: "ErfBackward0",
		deriv: func(x, y float64) float64 { return twoOverSqrtPi * math.Exp(-x*x) }, doc: "The error function 2/√π ∫0^x exp(-t²) dt of each element."},
	{torch: "erfc", special: []string{"erfc"}, kernel: "erfc_vml_cpu", f: math.Erfc, grad: "ErfcBackward0",
		deriv: func(x, y float64) float64 { return -twoOverSqrtPi * math.Exp(-x*x) }, doc: "The complementary error function 1 - erf(x) of each element."},
	{torch: "erfinv", special: []string{"erfinv"}, kernel: "erfinv_cpu", f: math.Erfinv, grad: "ErfinvBackward0",
		deriv: func(x, y float64) float64 { return math.Sqrt(math.Pi) / 2 * math.Exp(y*y) }, doc: "The inverse error function of each element (±inf at ±1, NaN outside [-1, 1])."},
	{torch: "exp2", special: []string{"exp2"}, kernel: "exp2_cpu", f: math.Exp2, grad: "Exp2Backward0",
		deriv: func(x, y float64) float64 { return y * math.Ln2 }, doc: "2 to the power of each element."},
	{torch: "lgamma", special: []string{"gammaln"}, kernel: "lgamma_vml_cpu", f: lgamma, grad: "LgammaBackward0",
		deriv: func(x, y float64) float64 { return digamma(x) }, doc: "ln |Γ(x)| of each element."},
	{torch: "digamma", special: []string{"digamma", "psi"}, kernel: "digamma", f: digamma, grad: "DigammaBackward0",
		deriv: func(x, y float64) float64 { return trigamma(x) }, doc: "The digamma function ψ(x) = Γ'(x)/Γ(x) of each element (-inf at 0, NaN at negative integers)."},
	{torch: "i0", special: []string{"i0"}, kernel: "i0_cpu", f: besselI0, grad: "I0Backward0",
		deriv: func(x, y float64) float64 { return besselI1(x) }, doc: "The modified Bessel function of the first kind of order 0, I0(x), of each element."},
	{torch: "sinc", special: []string{"sinc"}, kernel: "sinc_cpu", f: sinc, grad: "SincBackward0",
		deriv: func(x, y float64) float64 {
			if x == 0 {
				return 0
			}
			return (math.Cos(math.Pi*x) - y) / x
		}, doc: "The normalized sinc function sin(πx)/(πx) of each element (1 at 0)."},
	{torch: "asinh", kernel: "asinh_cpu", f: math.Asinh, grad: "AsinhBackward0",
		deriv: func(x, y float64) float64 { return 1 / math.Sqrt(x*x+1) }, doc: "The inverse hyperbolic sine of each element."},
	{torch: "arcsinh", kernel: "asinh_cpu", f: math.Asinh, grad: "AsinhBackward0",
		deriv: func(x, y float64) float64 { return 1 / math.Sqrt(x*x+1) }, doc: "torch.asinh."},
	{torch: "acosh", kernel: "acosh_cpu", f: math.Acosh, grad: "AcoshBackward0",
		deriv: func(x, y float64) float64 { return 1 / math.Sqrt(x*x-1) }, doc: "The inverse hyperbolic cosine of each element (NaN below 1)."},
	{torch: "arccosh", kernel: "acosh_cpu", f: math.Acosh, grad: "AcoshBackward0",
		deriv: func(x, y float64) float64 { return 1 / math.Sqrt(x*x-1) }, doc: "torch.acosh."},
	{torch: "atanh", kernel: "atanh_cpu", f: math.Atanh, grad: "AtanhBackward0",
		deriv: func(x, y float64) float64 { return 1 / (1 - x*x) }, doc: "The inverse hyperbolic tangent of each element (±inf at ±1, NaN beyond)."},
	{torch: "arctanh", kernel: "atanh_cpu", f: math.Atanh, grad: "AtanhBackward0",
		deriv: func(x, y float64) float64 { return 1 / (1 - x*x) }, doc: "torch.atanh."},
	{special: []string{"erfcx"}, kernel: "erfcx_cpu", f: erfcx, grad: "SpecialErfcxBackward0",
		deriv: func(x, y float64) float64 { return 2*x*y - twoOverSqrtPi }, doc: "The scaled complementary error function exp(x²) erfc(x) of each element."},
	{special: []string{"i0e"}, kernel: "i0e_cpu", f: besselI0e, grad: "SpecialI0EBackward0",
		deriv: func(x, y float64) float64 { return besselI1e(x) - sgnf(x)*y }, doc: "The exponentially scaled I0: exp(-|x|) I0(x) of each element."},
	{special: []string{"i1"}, kernel: "i1_cpu", f: besselI1, grad: "SpecialI1Backward0",
		deriv: func(x, y float64) float64 {
			if x == 0 {
				return 0.5
			}
			return besselI0(x) - y/x
		}, doc: "The modified Bessel function of the first kind of order 1, I1(x), of each element."},
	{special: []string{"i1e"}, kernel: "i1e_cpu", f: besselI1e, grad: "SpecialI1EBackward0",
		deriv: func(x, y float64) float64 {
			if x == 0 {
				return 0.5
			}
			return besselI0e(x) - y*(sgnf(x)+1/x)
		}, doc: "The exponentially scaled I1: exp(-|x|) I1(x) of each element."},
	{special: []string{"ndtr"}, kernel: "ndtr_cpu", f: ndtr, grad: "MulBackward1",
		deriv: func(x, y float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }, doc: "The standard normal CDF Φ(x) of each element."},
	{special: []string{"ndtri"}, kernel: "ndtri_cpu", f: ndtri, grad: "SpecialNdtriBackward0",
		deriv: func(x, y float64) float64 { return math.Sqrt(2*math.Pi) * math.Exp(y*y/2) }, doc: "The inverse of the standard normal CDF, Φ⁻¹(p), of each element."},
	{special: []string{"log_ndtr"}, kernel: "log_ndtr_cpu", f: logNdtr, grad: "SpecialLogNdtrBackward0",
		deriv: func(x, y float64) float64 { return math.Exp(-x*x/2-y) / math.Sqrt(2*math.Pi) }, doc: "ln Φ(x) of each element, accurate far in the left tail."},
	{special: []string{"entr"}, kernel: "entr_cpu", f: entr, grad: "SpecialEntrBackward0",
		deriv: func(x, y float64) float64 { return -(math.Log(x) + 1) }, doc: "The elementwise entropy -x ln x (0 at 0, -inf below)."},
	{special: []string{"bessel_j0"}, kernel: "bessel_j0_cpu", f: math.J0, doc: "The Bessel function of the first kind of order 0, J0(x)."},
	{special: []string{"bessel_j1"}, kernel: "bessel_j1_cpu", f: math.J1, doc: "The Bessel function of the first kind of order 1, J1(x)."},
	{special: []string{"bessel_y0"}, kernel: "bessel_y0_cpu", f: math.Y0, doc: "The Bessel function of the second kind of order 0, Y0(x)."},
	{special: []string{"bessel_y1"}, kernel: "bessel_y1_cpu", f: math.Y1, doc: "The Bessel function of the second kind of order 1, Y1(x)."},
	{special: []string{"modified_bessel_i0"}, kernel: "modified_bessel_i0_cpu", f: besselI0, doc: "The modified Bessel function of the first kind of order 0, I0(x)."},
	{special: []string{"modified_bessel_i1"}, kernel: "modified_bessel_i1_cpu", f: besselI1, doc: "The modified Bessel function of the first kind of order 1, I1(x)."},
	{special: []string{"modified_bessel_k0"}, kernel: "modified_bessel_k0_cpu", f: func(x float64) float64 { return besselK(0, x, false) }, doc: "The modified Bessel function of the second kind of order 0, K0(x)."},
	{special: []string{"modified_bessel_k1"}, kernel: "modified_bessel_k1_cpu", f: func(x float64) float64 { return besselK(1, x, false) }, doc: "The modified Bessel function of the second kind of order 1, K1(x)."},
	{special: []string{"scaled_modified_bessel_k0"}, kernel: "scaled_modified_bessel_k0_cpu", f: func(x float64) float64 { return besselK(0, x, true) }, doc: "exp(x) K0(x)."},
	{special: []string{"scaled_modified_bessel_k1"}, kernel: "scaled_modified_bessel_k1_cpu", f: func(x float64) float64 { return besselK(1, x, true) }, doc: "exp(x) K1(x)."},
	{special: []string{"spherical_bessel_j0"}, kernel: "spherical_bessel_j0_cpu", f: sphericalJ0, doc: "The spherical Bessel function of the first kind of order 0, sin(x)/x."},
	{special: []string{"airy_ai"}, kernel: "airy_ai_cpu", f: airyAi, doc: "The Airy function Ai(x)."},
}

func sgnf(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// specialFuncs are torch.special's members, by their Python names.
var specialFuncs = map[string]*eval.Builtin{}

// specialAliases are torch.special's names for torch functions.
var specialAliases = map[string]string{
	"expit": "sigmoid", "expm1": "expm1", "log1p": "log1p", "round": "round", "softmax": "softmax",
	"log_softmax": "log_softmax", "logsumexp": "logsumexp", "logit": "logit", "xlogy": "xlogy",
	"polygamma": "polygamma", "multigammaln": "mvlgamma", "gammainc": "igamma", "gammaincc": "igammac",
}

// mapUnary runs f over t (into out, or in place).
func mapUnary(kernel string, f func(float64) float64, t *tensor.Tensor, opts tensor.Opts) *tensor.Tensor {
	return tensor.MapFloat(kernel, []tensor.Operand{tensor.TensorOperand(t)}, func(x []float64) float64 { return f(x[0]) }, opts)
}

// unaryDerivRule records a unary function's node: the gradient g·f'(x).
func unaryDerivRule(node string, argPos int, deriv func(x, y float64) float64) func(c *gradCtx) {
	return func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if argPos == 1 {
			x, _ = c.arg(1, "input").(*tensor.Tensor)
		}
		if c.orig != nil {
			x = c.orig
		}
		if x == nil || out == nil {
			return
		}
		xd, yd := x.Detach(), out.Detach()
		c.finish(autograd.RecordSimple(node, x, func(g *tensor.Tensor) *tensor.Tensor {
			d := tensor.MapFloat("", []tensor.Operand{tensor.TensorOperand(xd), tensor.TensorOperand(yd)},
				func(v []float64) float64 { return deriv(v[0], v[1]) }, tensor.Opts{})
			return tensor.Binary(tensor.OpMul, tensor.TensorOperand(g), tensor.TensorOperand(d.To(g.DType())), tensor.Opts{})
		}))
	}
}

func registerUnary(sp specUnary) {
	if sp.torch != "" {
		name := sp.torch
		sigs := newArgParser(name + "(Tensor input, *, Tensor out=None)")
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: name + "(input, *, out=None) -> Tensor", Doc: sp.doc,
			Fn: func(a *eval.Args) eval.Value {
				opts := pwOpts(a.Session())
				if a.Self != nil {
					return mapUnary(sp.kernel, sp.f, noArgTensor(a), opts)
				}
				b := sigs.parse(a)
				opts.Out = b.tensor("out")
				return mapUnary(sp.kernel, sp.f, b.tensor("input"), opts)
			}},
			&eval.Builtin{Name: name + "_", Kind: eval.TensorMethod, Sig: name + "_() -> Tensor",
				Doc: "In-place form of " + name + "(): writes the result into self, which keeps its dtype.",
				Fn: func(a *eval.Args) eval.Value {
					opts := pwOpts(a.Session())
					opts.Inplace = true
					return mapUnary(sp.kernel, sp.f, noArgTensor(a), opts)
				}})
		if sp.grad != "" {
			gradRules[name] = unaryDerivRule(sp.grad, 0, sp.deriv)
		}
	}
	for _, sn := range sp.special {
		full := "special_" + sn
		sigs := newArgParser(full + "(Tensor input, *, Tensor out=None)")
		specialFuncs[sn] = &eval.Builtin{Name: full, Module: "torch._C._special", Sig: sn + "(input, *, out=None) -> Tensor", Doc: sp.doc,
			Fn: func(a *eval.Args) eval.Value {
				b := sigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Out = b.tensor("out")
				return mapUnary(sp.kernel, sp.f, b.tensor("input"), opts)
			}}
		if sp.grad != "" {
			gradRules[full] = unaryDerivRule(sp.grad, 0, sp.deriv)
		}
	}
}

func init() {
	for _, sp := range specUnaries {
		registerUnary(sp)
	}
	registerSpecialBinaries()
	for sn, tn := range specialAliases {
		tb := eval.TorchFuncs[tn]
		if tb == nil {
			panic("torch.special alias of a missing torch function: " + tn)
		}
		alias := *tb
		alias.Name = "special_" + sn
		alias.Kind = 0
		alias.Module = "torch._C._special"
		specialFuncs[sn] = &alias
		if r := gradRules[tn]; r != nil {
			gradRules[alias.Name] = r
		} else if gradUnsupported[tn] {
			gradUnsupported[alias.Name] = true
		}
	}
	torchSubmodules["special"] = func(s *eval.Session) *eval.Module {
		m := &eval.Module{Name: "torch.special", Members: map[string]eval.Value{}}
		for name, b := range specialFuncs {
			m.Members[name] = b
		}
		m.Members["Tensor"] = eval.TensorClass
		return m
	}
}
