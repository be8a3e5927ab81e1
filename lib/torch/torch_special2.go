package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The torch.special functions of two operands (xlogy, xlog1py, zeta,
// gammainc, the orthogonal polynomials) and of a tensor and an integer
// (polygamma, multigammaln, logit's eps).

// specBinary is a pointwise function of two operands, each a tensor or
// (not both) a number.
type specBinary struct {
	torch   string   // torch function and Tensor method (with NAME_), or ""
	special []string // torch.special names
	params  [2]string
	kernel  string
	half    bool
	f       func(x, y float64) float64
	fp      func(v []float64, single bool) float64 // f computed in the input's precision
	grad    bool                                   // PyTorch records a node (tensh raises NotImplementedError for it)
	doc     string
}

var specBinaries = []specBinary{
	{torch: "xlogy", params: [2]string{"input", "other"}, kernel: "xlogy_cpu", f: xlogy, grad: true,
		doc: "x * ln(y) of each pair of elements (broadcast), 0 where x is 0 unless y is NaN."},
	{special: []string{"xlog1py"}, params: [2]string{"input", "other"}, kernel: "xlog1py_cpu", f: xlog1py, grad: true,
		doc: "x * ln(1 + y) of each pair of elements (broadcast), 0 where x is 0 unless y is NaN."},
	{special: []string{"zeta"}, params: [2]string{"input", "other"}, kernel: "zeta_cpu", f: hurwitzZeta, grad: true,
		doc: "The Hurwitz zeta function ζ(x, q) = Σ (k + q)^-x of each pair of elements (broadcast)."},
	{torch: "igamma", params: [2]string{"input", "other"}, kernel: "igamma_cpu", half: true, grad: true,
		f: func(a, x float64) float64 { return gammainc(a, x, false) }, doc: "The regularized lower incomplete gamma function P(a, x) (torch.special.gammainc)."},
	{torch: "igammac", params: [2]string{"input", "other"}, kernel: "igammac_cpu", half: true, grad: true,
		f: func(a, x float64) float64 { return gammainc(a, x, true) }, doc: "The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x) (torch.special.gammaincc)."},
}

func appendPolynomials() {
	for _, p := range []struct {
		name string
		f    func(v []float64, single bool) float64
		doc  string
	}{
		{"chebyshev_polynomial_t", poly(chebyshevT[float32], chebyshevT[float64], false), "The Chebyshev polynomial of the first kind T_n(x)."},
		{"chebyshev_polynomial_u", poly(chebyshevU[float32], chebyshevU[float64], false), "The Chebyshev polynomial of the second kind U_n(x)."},
		{"chebyshev_polynomial_v", poly(chebyshevV[float32], chebyshevV[float64], false), "The Chebyshev polynomial of the third kind V_n(x)."},
		{"chebyshev_polynomial_w", poly(chebyshevW[float32], chebyshevW[float64], false), "The Chebyshev polynomial of the fourth kind W_n(x)."},
		{"shifted_chebyshev_polynomial_t", poly(chebyshevT[float32], chebyshevT[float64], true), "The shifted Chebyshev polynomial of the first kind T*_n(x) = T_n(2x - 1)."},
		{"shifted_chebyshev_polynomial_u", poly(chebyshevU[float32], chebyshevU[float64], true), "The shifted Chebyshev polynomial of the second kind U*_n(x) = U_n(2x - 1)."},
		{"shifted_chebyshev_polynomial_v", poly(chebyshevV[float32], chebyshevV[float64], true), "The shifted Chebyshev polynomial of the third kind V*_n(x) = V_n(2x - 1)."},
		{"shifted_chebyshev_polynomial_w", poly(chebyshevW[float32], chebyshevW[float64], true), "The shifted Chebyshev polynomial of the fourth kind W*_n(x) = W_n(2x - 1)."},
		{"hermite_polynomial_h", poly(hermiteH[float32], hermiteH[float64], false), "The physicists' Hermite polynomial H_n(x)."},
		{"hermite_polynomial_he", poly(hermiteHe[float32], hermiteHe[float64], false), "The probabilists' Hermite polynomial He_n(x)."},
		{"laguerre_polynomial_l", poly(laguerreL[float32], laguerreL[float64], false), "The Laguerre polynomial L_n(x)."},
		{"legendre_polynomial_p", poly(legendreP[float32], legendreP[float64], false), "The Legendre polynomial P_n(x)."},
	} {
		specBinaries = append(specBinaries, specBinary{special: []string{p.name}, params: [2]string{"x", "n"},
			kernel: p.name + "_cpu", fp: p.f, doc: p.doc + " n is truncated to an integer; a negative n gives 0."})
	}
}

func specBinarySigs(name string, p [2]string) *argParser {
	first := "self"
	if p[0] == "x" {
		first = "x"
	}
	return newArgParser(
		name+"(Tensor "+p[0]+", Tensor "+p[1]+", *, Tensor out=None)",
		name+"(Scalar "+first+", Tensor "+p[1]+", *, Tensor out=None)",
		name+"(Tensor "+p[0]+", Scalar "+p[1]+", *, Tensor out=None)")
}

func (sp *specBinary) run(ops []tensor.Operand, opts tensor.Opts) *tensor.Tensor {
	if sp.fp != nil {
		return tensor.MapFloatPrec(sp.kernel, ops, sp.fp, opts)
	}
	f := func(v []float64) float64 { return sp.f(v[0], v[1]) }
	if sp.half {
		return tensor.MapFloatAll(sp.kernel, ops, f, opts)
	}
	return tensor.MapFloat(sp.kernel, ops, f, opts)
}

// bound2 reads the two operands of a binary signature.
func bound2(b *boundArgs, p [2]string) []tensor.Operand {
	x := b.operand(p[0])
	if b.idx == 1 {
		if p[0] == "x" {
			x = b.operand("x")
		} else {
			x = b.operand("self")
		}
	}
	return []tensor.Operand{x, b.operand(p[1])}
}

func registerSpecialBinaries() {
	appendPolynomials()
	for i := range specBinaries {
		sp := &specBinaries[i]
		if sp.torch != "" {
			name := sp.torch
			sigs := specBinarySigs(name, sp.params)
			msigs := newArgParser(name+"(Tensor input, Tensor other)", name+"(Tensor input, Scalar other)")
			isigs := newArgParser(name+"_(Tensor input, Tensor other)", name+"_(Tensor input, Scalar other)")
			eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc, Sig: name + "(input, other, *, out=None) -> Tensor", Doc: sp.doc,
				Fn: func(a *eval.Args) eval.Value {
					b := sigs.parse(a)
					opts := pwOpts(a.Session())
					opts.Out = b.tensor("out")
					return sp.run(bound2(b, sp.params), opts)
				}},
				&eval.Builtin{Name: name, Kind: eval.TensorMethod, Sig: name + "(other) -> Tensor", Doc: sp.doc,
					Fn: func(a *eval.Args) eval.Value {
						b := msigs.parse(a)
						return sp.run([]tensor.Operand{tensor.TensorOperand(b.tensor("input")), b.operand("other")}, pwOpts(a.Session()))
					}},
				&eval.Builtin{Name: name + "_", Kind: eval.TensorMethod, Sig: name + "_(other) -> Tensor",
					Doc: "In-place form of " + name + "(): writes the result into self, which keeps its dtype and shape.",
					Fn: func(a *eval.Args) eval.Value {
						b := isigs.parse(a)
						opts := pwOpts(a.Session())
						opts.Inplace = true
						return sp.run([]tensor.Operand{tensor.TensorOperand(b.tensor("input")), b.operand("other")}, opts)
					}})
			if sp.grad {
				gradUnsupported[name] = true
			}
		}
		for _, sn := range sp.special {
			full := "special_" + sn
			sigs := specBinarySigs(full, sp.params)
			specialFuncs[sn] = &eval.Builtin{Name: full, Module: "torch._C._special", Sig: sn + "(" + sp.params[0] + ", " + sp.params[1] + ", *, out=None) -> Tensor", Doc: sp.doc,
				Fn: func(a *eval.Args) eval.Value {
					b := sigs.parse(a)
					opts := pwOpts(a.Session())
					opts.Out = b.tensor("out")
					return sp.run(bound2(b, sp.params), opts)
				}}
			if sp.grad {
				gradUnsupported[full] = true
			}
		}
	}
	registerIntParamSpecials()
}

var (
	polygammaSigs  = newArgParser("polygamma(int64_t n, Tensor input, *, Tensor out=None)")
	polygammaMSigs = newArgParser("polygamma(Tensor input, int64_t n)")
	polygammaISigs = newArgParser("polygamma_(Tensor input, int64_t n)")
	mvlgammaSigs   = newArgParser("mvlgamma(Tensor input, int64_t p, *, Tensor out=None)")
	mvlgammaISigs  = newArgParser("mvlgamma_(Tensor input, int64_t p)")
	logitSigs      = newArgParser("logit(Tensor input, double? eps=None, *, Tensor out=None)")
	logitISigs     = newArgParser("logit_(Tensor input, double? eps=None)")
)

func polygammaRun(n int, t *tensor.Tensor, opts tensor.Opts) *tensor.Tensor {
	if n < 0 {
		eval.Throw("RuntimeError", errPolygammaNeg)
	}
	single := singleResult(t)
	return mapUnary("polygamma", func(x float64) float64 { return polygammaIn(n, x, single) }, t, opts)
}

// singleResult tells whether a float function of t computes in float32
// (or a narrower float).
func singleResult(t *tensor.Tensor) bool {
	d := t.DType()
	if d.IsIntegral(true) {
		d = tensor.DefaultFloat()
	}
	return d != tensor.Float64
}

// polygammaIn is polygamma as PyTorch computes it in float32 (single) or
// float64: the factorial n! as exp(lgamma(n + 1)) in the input's
// precision, the zeta function in double rounded to it, their product
// in it.
func polygammaIn(n int, x float64, single bool) float64 {
	if n <= 1 || !single {
		return polygamma(n, x)
	}
	lg := float32(lgamma(float64(n) + 1))
	fac := float32(math.Exp(float64(lg)))
	sign := float32(-1)
	if n%2 == 1 {
		sign = 1
	}
	return float64(sign * fac * float32(hurwitzZeta(float64(n+1), x)))
}

func mvlgamma(x float64, p int) float64 {
	s := float64(p) * float64(p-1) / 4 * math.Log(math.Pi)
	for j := 0; j < p; j++ {
		s += lgamma(x - float64(j)/2)
	}
	return s
}

func mvlgammaRun(p int, t *tensor.Tensor, opts tensor.Opts) *tensor.Tensor {
	if p < 1 {
		eval.Throw("RuntimeError", errMvlgammaP)
	}
	return mapUnary("mvlgamma", func(x float64) float64 { return mvlgamma(x, p) }, t, opts)
}

// logitOf is ln(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps
// is given.
func logitOf(eps *float64) func(x float64) float64 {
	return func(x float64) float64 {
		if eps != nil {
			lo, hi := *eps, 1-*eps
			if x < lo {
				x = lo
			} else if x > hi {
				x = hi
			}
		}
		return math.Log(x / (1 - x))
	}
}

func registerIntParamSpecials() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "polygamma", Kind: eval.TorchFunc, Sig: "polygamma(n, input, *, out=None) -> Tensor",
			Doc: "The n-th derivative of the digamma function, ψ^(n)(x), of each element (n >= 0).",
			Fn: func(a *eval.Args) eval.Value {
				b := polygammaSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Out = b.tensor("out")
				return polygammaRun(b.int("n", 0), b.tensor("input"), opts)
			}},
		&eval.Builtin{Name: "polygamma", Kind: eval.TensorMethod, Sig: "polygamma(n) -> Tensor", Doc: "torch.polygamma(n, self).",
			Fn: func(a *eval.Args) eval.Value {
				b := polygammaMSigs.parse(a)
				return polygammaRun(b.int("n", 0), b.tensor("input"), pwOpts(a.Session()))
			}},
		&eval.Builtin{Name: "polygamma_", Kind: eval.TensorMethod, Sig: "polygamma_(n) -> Tensor", Doc: "In-place form of polygamma().",
			Fn: func(a *eval.Args) eval.Value {
				b := polygammaISigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = true
				return polygammaRun(b.int("n", 0), b.tensor("input"), opts)
			}},
		&eval.Builtin{Name: "mvlgamma", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "mvlgamma(input, p, *, out=None) -> Tensor",
			Doc: "The multivariate log-gamma function of dimension p: Σ_j lgamma(x - j/2) + p(p-1)/4 ln π (torch.special.multigammaln).",
			Fn: func(a *eval.Args) eval.Value {
				b := mvlgammaSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Out = b.tensor("out")
				return mvlgammaRun(b.int("p", 1), b.tensor("input"), opts)
			}},
		&eval.Builtin{Name: "mvlgamma_", Kind: eval.TensorMethod, Sig: "mvlgamma_(p) -> Tensor", Doc: "In-place form of mvlgamma().",
			Fn: func(a *eval.Args) eval.Value {
				b := mvlgammaISigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = true
				return mvlgammaRun(b.int("p", 1), b.tensor("input"), opts)
			}},
		&eval.Builtin{Name: "logit", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "logit(input, eps=None, *, out=None) -> Tensor",
			Doc: "ln(x / (1 - x)) of each element, x first clamped to [eps, 1 - eps] when eps is given.",
			Fn: func(a *eval.Args) eval.Value {
				b := logitSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Out = b.tensor("out")
				return mapUnary("logit_cpu", logitOf(b.optDouble("eps")), b.tensor("input"), opts)
			}},
		&eval.Builtin{Name: "logit_", Kind: eval.TensorMethod, Sig: "logit_(eps=None) -> Tensor", Doc: "In-place form of logit().",
			Fn: func(a *eval.Args) eval.Value {
				b := logitISigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = true
				return mapUnary("logit_cpu", logitOf(b.optDouble("eps")), b.tensor("input"), opts)
			}},
	)
	gradRules["polygamma"] = func(c *gradCtx) {
		n := 0
		if c.a.Self != nil {
			n = gradIntOf(c.arg(1, "n"), 0)
		} else {
			n = gradIntOf(c.arg(0, "n"), 0)
		}
		x, _ := c.arg(0, "input").(*tensor.Tensor)
		if c.a.Self == nil {
			x, _ = c.arg(1, "input").(*tensor.Tensor)
		}
		single := x != nil && singleResult(x)
		unaryDerivRule("PolygammaBackward0", boolInt(c.a.Self == nil), func(x, y float64) float64 { return polygammaIn(n+1, x, single) })(c)
	}
	gradRules["mvlgamma"] = func(c *gradCtx) {
		p := gradIntOf(c.arg(1, "p"), 1)
		unaryDerivRule("MvlgammaBackward0", 0, func(x, y float64) float64 {
			s := 0.0
			for j := 0; j < p; j++ {
				s += digamma(x - float64(j)/2)
			}
			return s
		})(c)
	}
	gradRules["logit"] = func(c *gradCtx) {
		var eps *float64
		if v := c.arg(1, "eps"); v != nil && v != eval.Value(eval.None) {
			if sc, ok := eval.ToScalar(v); ok {
				f := sc.Float()
				eps = &f
			}
		}
		unaryDerivRule("LogitBackward0", 0, func(x, y float64) float64 {
			if eps != nil && (x < *eps || x > 1-*eps) {
				return 0
			}
			return 1 / (x * (1 - x))
		})(c)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
