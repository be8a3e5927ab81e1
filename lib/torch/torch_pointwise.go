package torch

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The pointwise torch functions and Tensor methods: binary operations with
// broadcasting, their in-place forms, unary operations, where, lerp,
// addcmul, addcdiv, clamp, fills and copies, and the broadcasting helpers.
// Their arguments are bound with PyTorch 1.13's signatures (argparse.go).

// binaryForm is the set of signatures a binary function has.
type binaryForm int

const (
	tensorsOnly  binaryForm = iota // (Tensor input, Tensor other, *, Tensor out=None)
	numbersToo                     // numbers bind to its Tensor parameters (mul: one signature)
	numbersOrNum                   // numbers bind to Tensors, and (Tensor input, Number other)
	scalarOther                    // and (Tensor input, Number other, *, Tensor out=None)
	scalarSelf                     // and (Number self, Tensor other) before it
)

// binarySpec describes a binary torch function and its Tensor methods.
type binarySpec struct {
	names   []string // torch function and method names (aliases after the first)
	op      tensor.BinaryOp
	form    binaryForm
	inplace bool // has in-place methods NAME_
	doc     string
}

var binarySpecs = []binarySpec{
	{names: []string{"mul"}, op: tensor.OpMul, form: numbersToo, inplace: true, doc: "Multiplies input by other, elementwise, with broadcasting and type promotion."},
	{names: []string{"multiply"}, op: tensor.OpMul, form: numbersOrNum, inplace: true, doc: "Alias of mul."},
	{names: []string{"true_divide"}, op: tensor.OpDiv, form: numbersOrNum, inplace: true, doc: "Divides input by other elementwise, always as true (floating) division."},
	{names: []string{"floor_divide"}, op: tensor.OpDivFloor, form: numbersOrNum, inplace: true, doc: "Divides input by other elementwise, rounding the quotient down (Python's //)."},
	{names: []string{"remainder"}, op: tensor.OpRemainder, form: scalarSelf, inplace: true, doc: "Python's modulus elementwise: the result has the sign of the divisor."},
	{names: []string{"fmod"}, op: tensor.OpFmod, form: scalarOther, inplace: true, doc: "C's fmod elementwise: the result has the sign of the dividend."},
	{names: []string{"pow"}, op: tensor.OpPow, form: scalarSelf, inplace: true, doc: "Raises input to the power exponent, elementwise."},
	{names: []string{"maximum"}, op: tensor.OpMaximum, doc: "Elementwise maximum of two tensors; NaN if either is NaN."},
	{names: []string{"minimum"}, op: tensor.OpMinimum, doc: "Elementwise minimum of two tensors; NaN if either is NaN."},
	{names: []string{"fmax"}, op: tensor.OpFmax, doc: "Elementwise maximum of two tensors, ignoring NaNs."},
	{names: []string{"fmin"}, op: tensor.OpFmin, doc: "Elementwise minimum of two tensors, ignoring NaNs."},
	{names: []string{"atan2", "arctan2"}, op: tensor.OpAtan2, inplace: true, doc: "Elementwise arctangent of input/other, in the right quadrant."},
	{names: []string{"hypot"}, op: tensor.OpHypot, inplace: true, doc: "Elementwise hypotenuse sqrt(input**2 + other**2)."},
	{names: []string{"eq"}, op: tensor.OpEq, form: scalarOther, inplace: true, doc: "Elementwise ==, giving a bool tensor."},
	{names: []string{"ne", "not_equal"}, op: tensor.OpNe, form: scalarOther, inplace: true, doc: "Elementwise !=, giving a bool tensor."},
	{names: []string{"lt", "less"}, op: tensor.OpLt, form: scalarOther, inplace: true, doc: "Elementwise <, giving a bool tensor."},
	{names: []string{"le", "less_equal"}, op: tensor.OpLe, form: scalarOther, inplace: true, doc: "Elementwise <=, giving a bool tensor."},
	{names: []string{"gt", "greater"}, op: tensor.OpGt, form: scalarOther, inplace: true, doc: "Elementwise >, giving a bool tensor."},
	{names: []string{"ge", "greater_equal"}, op: tensor.OpGe, form: scalarOther, inplace: true, doc: "Elementwise >=, giving a bool tensor."},
	{names: []string{"logical_and"}, op: tensor.OpLogicalAnd, inplace: true, doc: "Elementwise logical AND of the truth values, giving a bool tensor."},
	{names: []string{"logical_or"}, op: tensor.OpLogicalOr, inplace: true, doc: "Elementwise logical OR of the truth values, giving a bool tensor."},
	{names: []string{"logical_xor"}, op: tensor.OpLogicalXor, inplace: true, doc: "Elementwise logical XOR of the truth values, giving a bool tensor."},
	{names: []string{"bitwise_and"}, op: tensor.OpBitAnd, form: scalarSelf, inplace: true, doc: "Elementwise bitwise AND of integer or bool tensors (the & operator)."},
	{names: []string{"bitwise_or"}, op: tensor.OpBitOr, form: scalarSelf, inplace: true, doc: "Elementwise bitwise OR of integer or bool tensors (the | operator)."},
	{names: []string{"bitwise_xor"}, op: tensor.OpBitXor, form: scalarSelf, inplace: true, doc: "Elementwise bitwise XOR of integer or bool tensors (the ^ operator)."},
	{names: []string{"bitwise_left_shift"}, op: tensor.OpLshift, form: scalarSelf, inplace: true, doc: "Shifts the bits of input left by other, elementwise (the << operator)."},
	{names: []string{"bitwise_right_shift"}, op: tensor.OpRshift, form: scalarSelf, inplace: true, doc: "Shifts the bits of input right by other, elementwise (the >> operator)."},
}

// binarySigs are the signatures of the binary function name (second is
// its second parameter: other, or exponent for pow).
func binarySigs(name, second string, form binaryForm) *argParser {
	num := ""
	if form == numbersToo || form == numbersOrNum {
		num = "|numbers"
	}
	tt := name + "(Tensor input, Tensor " + second + ", *, Tensor out=None)" + num
	switch form {
	case numbersOrNum:
		return newArgParser(tt, name+"(Tensor input, Scalar "+second+")"+num)
	case scalarOther:
		return newArgParser(tt, name+"(Tensor input, Scalar "+second+", *, Tensor out=None)")
	case scalarSelf:
		selfOut := ""
		if second == "exponent" {
			selfOut = ", *, Tensor out=None"
		}
		return newArgParser(tt, name+"(Scalar self, Tensor "+second+selfOut+")", name+"(Tensor input, Scalar "+second+", *, Tensor out=None)")
	}
	return newArgParser(tt)
}

// operand converts a Tensor or Scalar parameter (a Number parameter given a
// 0-d tensor takes its value, as PyTorch's Scalar does).
func (b *boundArgs) operand(name string) tensor.Operand {
	if i := b.index(name); i >= 0 && b.sig.params[i].typ == "Scalar" {
		return tensor.ScalarOperand(b.scalar(name))
	}
	o, _ := toOperand(b.val(name))
	return o
}

// first is the first operand: input, or the Number self of a function's
// scalar signature.
func (b *boundArgs) first() tensor.Operand {
	if b.index("input") >= 0 {
		return b.operand("input")
	}
	return b.operand("self")
}

// binaryOperands converts the bound operands of a binary function: when
// both are numbers (numbers bind to its tensors) the first becomes a 0-d
// tensor.
func binaryOperands(b *boundArgs, second string) (tensor.Operand, tensor.Operand) {
	x, y := b.first(), b.operand(second)
	if x.IsScalar() && y.IsScalar() {
		x = tensor.TensorOperand(tensor.Scalar0(x.S, x.S.DType()))
	}
	return x, y
}

func init() {
	for i := range binarySpecs {
		sp := &binarySpecs[i]
		second := "other"
		if sp.op == tensor.OpPow {
			second = "exponent"
		}
		for _, name := range sp.names {
			sigs := binarySigs(name, second, sp.form)
			sig := name + "(input, " + second + ", *, out=None) -> Tensor"
			eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: sig, Doc: sp.doc,
				Fn: func(a *eval.Args) eval.Value {
					b := sigs.parse(a)
					x, y := binaryOperands(b, second)
					opts := pwOpts(a.Session())
					opts.Out = b.tensor("out")
					return tensor.Binary(sp.op, x, y, opts)
				}})
			if sp.inplace {
				isigs := binarySigs(name+"_", second, sp.form)
				eval.RegisterTorch(&eval.Builtin{Name: name + "_", Kind: eval.TensorMethod, Sig: name + "_(" + second + ") -> Tensor",
					Doc: "In-place form of " + name + "(): writes the result into self, which keeps its shape and dtype.",
					Fn: func(a *eval.Args) eval.Value {
						b := isigs.parse(a)
						opts := pwOpts(a.Session())
						opts.Inplace = true
						return tensor.Binary(sp.op, b.first(), b.operand(second), opts)
					}})
			}
		}
	}

	// add and sub take alpha (and a deprecated (input, alpha, other) form);
	// sub has the aliases subtract and rsub.
	for _, name := range []string{"add", "sub", "subtract", "rsub"} {
		name := name
		op := tensor.Add
		doc := "Adds other, scaled by alpha, to input: input + alpha * other, with broadcasting and type promotion."
		switch name {
		case "sub", "subtract":
			op = tensor.Sub
			doc = "Subtracts other, scaled by alpha, from input: input - alpha * other, with broadcasting and type promotion."
		case "rsub":
			doc = "Reversed subtraction: other - alpha * input."
		}
		kind := eval.TorchFunc | eval.TensorMethod
		if name == "rsub" {
			kind = eval.TorchFunc
		}
		sigs, isigs := addSigs(name), addSigs(name+"_")
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: kind, Sig: name + "(input, other, *, alpha=1, out=None) -> Tensor", Doc: doc,
			Fn: func(a *eval.Args) eval.Value {
				b := sigs.parse(a)
				x, y := binaryOperands(b, "other")
				b.deprecated(a)
				opts := pwOpts(a.Session())
				opts.Out = b.tensor("out")
				alpha := tensor.IntS(1)
				if b.has("alpha") {
					alpha = b.scalar("alpha")
				}
				if name == "rsub" {
					return tensor.Sub(y, x, alpha, opts)
				}
				return op(x, y, alpha, opts)
			}})
		if name == "rsub" {
			continue
		}
		eval.RegisterTorch(&eval.Builtin{Name: name + "_", Kind: eval.TensorMethod, Sig: name + "_(other, *, alpha=1) -> Tensor",
			Doc: "In-place form of " + name + "(): writes the result into self, which keeps its shape and dtype.",
			Fn: func(a *eval.Args) eval.Value {
				b := isigs.parse(a)
				b.deprecated(a)
				opts := pwOpts(a.Session())
				opts.Inplace = true
				alpha := tensor.IntS(1)
				if b.has("alpha") {
					alpha = b.scalar("alpha")
				}
				return op(b.first(), b.operand("other"), alpha, opts)
			}})
	}

	// div takes rounding_mode.
	for _, name := range []string{"div", "divide"} {
		sigs, isigs := divSigs(name), divSigs(name+"_")
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: name + "(input, other, *, rounding_mode=None, out=None) -> Tensor",
			Doc: "Divides input by other elementwise: true division, or rounded with rounding_mode 'trunc' or 'floor'.",
			Fn: func(a *eval.Args) eval.Value {
				b := sigs.parse(a)
				x, y := binaryOperands(b, "other")
				opts := pwOpts(a.Session())
				opts.Out = b.tensor("out")
				return tensor.Div(x, y, roundingMode(b), opts)
			}})
		eval.RegisterTorch(&eval.Builtin{Name: name + "_", Kind: eval.TensorMethod, Sig: name + "_(other, *, rounding_mode=None) -> Tensor",
			Doc: "In-place form of " + name + "(): writes the quotient into self, which keeps its shape and dtype.",
			Fn: func(a *eval.Args) eval.Value {
				b := isigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = true
				return tensor.Div(b.first(), b.operand("other"), roundingMode(b), opts)
			}})
	}
}

// addSigs are the signatures of add, sub, subtract and rsub (and their
// in-place forms): add and sub have deprecated (input, alpha, other)
// forms, subtract and rsub a (Tensor input, Number other, Number alpha)
// one; all but rsub take numbers for tensors.
func addSigs(name string) *argParser {
	base := strings.TrimSuffix(name, "_")
	num := "|numbers"
	if base == "rsub" {
		num = ""
	}
	main := name + "(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)" + num
	if base == "rsub" {
		main = name + "(Tensor input, Tensor other, *, Scalar alpha=1)" // no out=
	}
	if base == "add" || base == "sub" {
		return newArgParser(
			name+"(Tensor input, Scalar alpha, Tensor other, *, Tensor out)|hidden"+num,
			name+"(Tensor input, Scalar alpha, Tensor other)|hidden"+num,
			main)
	}
	return newArgParser(main, name+"(Tensor input, Scalar other, Scalar alpha=1)"+num)
}

// divSigs are div's and divide's signatures.
func divSigs(name string) *argParser {
	sigs := []string{
		name + "(Tensor input, Tensor other, *, Tensor out=None)|numbers",
		name + "(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)|numbers",
	}
	if strings.HasPrefix(name, "divide") {
		sigs = append(sigs, name+"(Tensor input, Scalar other)|numbers")
	}
	return newArgParser(append(sigs, name+"(Tensor input, Scalar other, *, c10::string_view? rounding_mode)|numbers")...)
}

// deprecated warns, as PyTorch does, when a call bound to one of the
// hidden (deprecated) signatures; the signatures that are not deprecated
// are the ones suggested.
func (b *boundArgs) deprecated(a *eval.Args) {
	if !b.sig.hidden {
		return
	}
	var alts []string
	for _, sig := range b.p.sigs {
		if !sig.hidden {
			alts = append(alts, "\t"+b.name+sig.forCall(a).String())
		}
	}
	// TORCH_WARN_ONCE: once per process, whichever function it is.
	if a.Session().FirstWarning("deprecated overload", "") {
		a.Session().Warn("UserWarning", fmt.Sprintf(warnDeprecatedOverload, b.name, b.name+b.sig.forCall(a).String(), strings.Join(alts, "\n")))
	}
}

// roundingMode is div's rounding_mode ("" for None).
func roundingMode(b *boundArgs) string {
	s, _ := b.val("rounding_mode").(eval.Str)
	if b.has("rounding_mode") && s == "" {
		tensor.Raise(tensor.RuntimeError, errRoundingMode, "")
	}
	return string(s)
}

// unarySpec describes a unary torch function and its Tensor methods.
type unarySpec struct {
	names     []string
	op        tensor.UnaryOp
	noInplace bool
	noOut     bool // the function has no out= parameter
	doc       string
}

var unarySpecs = []unarySpec{
	{names: []string{"neg", "negative"}, op: tensor.OpNeg, doc: "Negates each element."},
	{names: []string{"abs", "absolute"}, op: tensor.OpAbs, doc: "Absolute value of each element (integers keep their dtype)."},
	{names: []string{"sign", "sgn"}, op: tensor.OpSign, doc: "Sign of each element: -1, 0 or 1."},
	{names: []string{"sqrt"}, op: tensor.OpSqrt, doc: "Square root of each element (integers give floats)."},
	{names: []string{"rsqrt"}, op: tensor.OpRsqrt, doc: "Reciprocal of the square root of each element."},
	{names: []string{"exp"}, op: tensor.OpExp, doc: "e raised to each element."},
	{names: []string{"expm1"}, op: tensor.OpExpm1, doc: "exp(x) - 1 of each element, accurate near 0."},
	{names: []string{"log"}, op: tensor.OpLog, doc: "Natural logarithm of each element."},
	{names: []string{"log1p"}, op: tensor.OpLog1p, doc: "log(1 + x) of each element, accurate near 0."},
	{names: []string{"log2"}, op: tensor.OpLog2, doc: "Base-2 logarithm of each element."},
	{names: []string{"log10"}, op: tensor.OpLog10, doc: "Base-10 logarithm of each element."},
	{names: []string{"sin"}, op: tensor.OpSin, doc: "Sine of each element (radians)."},
	{names: []string{"cos"}, op: tensor.OpCos, doc: "Cosine of each element (radians)."},
	{names: []string{"tan"}, op: tensor.OpTan, doc: "Tangent of each element (radians)."},
	{names: []string{"asin", "arcsin"}, op: tensor.OpAsin, doc: "Arcsine of each element."},
	{names: []string{"acos", "arccos"}, op: tensor.OpAcos, doc: "Arccosine of each element."},
	{names: []string{"atan", "arctan"}, op: tensor.OpAtan, doc: "Arctangent of each element."},
	{names: []string{"sinh"}, op: tensor.OpSinh, doc: "Hyperbolic sine of each element."},
	{names: []string{"cosh"}, op: tensor.OpCosh, doc: "Hyperbolic cosine of each element."},
	{names: []string{"tanh"}, op: tensor.OpTanh, doc: "Hyperbolic tangent of each element."},
	{names: []string{"sigmoid"}, op: tensor.OpSigmoid, doc: "Logistic sigmoid 1 / (1 + exp(-x)) of each element."},
	{names: []string{"relu"}, op: tensor.OpRelu, noOut: true, doc: "max(x, 0) of each element."},
	{names: []string{"floor"}, op: tensor.OpFloor, doc: "Largest integer not greater than each element."},
	{names: []string{"ceil"}, op: tensor.OpCeil, doc: "Smallest integer not less than each element."},
	{names: []string{"trunc", "fix"}, op: tensor.OpTrunc, doc: "Each element rounded toward zero."},
	{names: []string{"frac"}, op: tensor.OpFrac, doc: "Fractional part of each element: x - trunc(x)."},
	{names: []string{"reciprocal"}, op: tensor.OpReciprocal, doc: "1 / x of each element (integers give floats)."},
	{names: []string{"logical_not"}, op: tensor.OpLogicalNot, doc: "Elementwise logical NOT of the truth values, giving a bool tensor."},
	{names: []string{"bitwise_not"}, op: tensor.OpBitwiseNot, doc: "Elementwise bitwise NOT of an integer or bool tensor (the ~ operator)."},
	{names: []string{"isnan"}, op: tensor.OpIsnan, noOut: true, noInplace: true, doc: "Whether each element is NaN, as a bool tensor."},
	{names: []string{"isinf"}, op: tensor.OpIsinf, noOut: true, noInplace: true, doc: "Whether each element is +inf or -inf, as a bool tensor."},
	{names: []string{"isfinite"}, op: tensor.OpIsfinite, noOut: true, noInplace: true, doc: "Whether each element is finite, as a bool tensor."},
}

func init() {
	for i := range unarySpecs {
		sp := &unarySpecs[i]
		for _, name := range sp.names {
			spec := name + "(Tensor input, *, Tensor out=None)"
			if sp.noOut {
				spec = name + "(Tensor input)"
			}
			sigs := newArgParser(spec)
			eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: name + "(input, *, out=None) -> Tensor", Doc: sp.doc,
				Fn: func(a *eval.Args) eval.Value {
					opts := pwOpts(a.Session())
					if a.Self != nil {
						return tensor.Unary(sp.op, noArgTensor(a), opts)
					}
					b := sigs.parse(a)
					opts.Out = b.tensor("out")
					return tensor.Unary(sp.op, b.tensor("input"), opts)
				}})
			if sp.noInplace {
				continue
			}
			eval.RegisterTorch(&eval.Builtin{Name: name + "_", Kind: eval.TensorMethod, Sig: name + "_() -> Tensor",
				Doc: "In-place form of " + name + "(): writes the result into self, which keeps its dtype.",
				Fn: func(a *eval.Args) eval.Value {
					opts := pwOpts(a.Session())
					opts.Inplace = true
					return tensor.Unary(sp.op, noArgTensor(a), opts)
				}})
		}
	}

	eval.RegisterTorch(&eval.Builtin{Name: "positive", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "positive(input) -> Tensor",
		Doc: "Returns input itself (the unary + operator); refused for bool tensors.",
		Fn: func(a *eval.Args) eval.Value {
			return tensor.Positive(tensorOnly(positiveSigs, a))
		}})

	for _, inplace := range []bool{false, true} {
		inplace := inplace
		name := "round"
		kind := eval.TorchFunc | eval.TensorMethod
		if inplace {
			name, kind = "round_", eval.TensorMethod
		}
		roundSigs := newArgParser(name+"(Tensor input, *, Tensor out=None)", name+"(Tensor input, *, int64_t decimals, Tensor out=None)")
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: kind, Sig: name + "(input, *, decimals=0, out=None) -> Tensor",
			Doc: "Rounds each element to the nearest integer, halves to even; with decimals, to that many decimal places.",
			Fn: func(a *eval.Args) eval.Value {
				b := roundSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = inplace
				opts.Out = b.tensor("out")
				return tensor.Round(b.tensor("input"), b.int("decimals", 0), opts)
			}})

		name, kind = "square", eval.TorchFunc|eval.TensorMethod
		if inplace {
			name, kind = "square_", eval.TensorMethod
		}
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: kind, Sig: name + "(input, *, out=None) -> Tensor",
			Doc: "Square of each element (input ** 2).",
			Fn: func(a *eval.Args) eval.Value {
				opts := pwOpts(a.Session())
				if a.Self != nil {
					opts.Inplace = inplace
					return tensor.Square(noArgTensor(a), opts)
				}
				b := squareSigs.parse(a)
				opts.Out = b.tensor("out")
				return tensor.Square(b.tensor("input"), opts)
			}})

		name, kind = "nan_to_num", eval.TorchFunc|eval.TensorMethod
		if inplace {
			name, kind = "nan_to_num_", eval.TensorMethod
		}
		nanSigs := newArgParser(name + "(Tensor input, double? nan=None, double? posinf=None, double? neginf=None, *, Tensor out=None)")
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: kind, Sig: name + "(input, nan=0.0, posinf=None, neginf=None, *, out=None) -> Tensor",
			Doc: "Replaces NaN with nan, +inf with posinf and -inf with neginf (by default 0 and the dtype's largest and lowest finite values).",
			Fn: func(a *eval.Args) eval.Value {
				b := nanSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = inplace
				opts.Out = b.tensor("out")
				return tensor.NanToNum(b.tensor("input"), b.double("nan", 0), b.optDouble("posinf"), b.optDouble("neginf"), opts)
			}})
	}
}

var (
	positiveSigs = newArgParser("positive(Tensor input)")
	squareSigs   = newArgParser("square(Tensor input, *, Tensor out=None)")
	whereSigs    = newArgParser(
		"where(Tensor condition)",
		"where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
		"where(Tensor condition, Scalar self, Tensor other)",
		"where(Tensor condition, Tensor input, Scalar other)",
		"where(Tensor condition, Scalar self, Scalar other)")
	whereMethodSigs = newArgParser("where(Tensor condition, Tensor other)")
	fillSigs        = newArgParser("fill_(Tensor input, Tensor value)", "fill_(Tensor input, Scalar value)")
	copySigs        = newArgParser(
		"copy_(Tensor input, Tensor other, bool non_blocking=False)|numbers",
		"copy_(Tensor input, Tensor other, bool async=False)|hidden|numbers")
)

// optDouble converts an optional double parameter (nil when absent or None).
func (b *boundArgs) optDouble(name string) *float64 {
	if !b.has(name) {
		return nil
	}
	f := b.double(name, 0)
	return &f
}

// twoSigs are the (Tensor, Number) pair of signatures of lerp, clamp,
// masked_fill...: spec has a %s where the parameter's type goes.
func twoSigs(spec string) *argParser {
	return newArgParser(fmt.Sprintf(spec, "Tensor"), fmt.Sprintf(spec, "Scalar"))
}

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "where", Kind: eval.TorchFunc, Sig: "where(condition, input, other) -> Tensor",
		Doc: "Elementwise choice: input where condition is true, other elsewhere, with three-way broadcasting. where(condition) is nonzero(condition, as_tuple=True).",
		Fn: func(a *eval.Args) eval.Value {
			b := whereSigs.parse(a)
			c := b.tensor("condition")
			if b.idx == 0 {
				return nonzeroTuple(c)
			}
			opts := pwOpts(a.Session())
			opts.Out = b.tensor("out")
			return tensor.Where(c, b.first(), b.operand("other"), opts)
		}})
	eval.RegisterTorch(&eval.Builtin{Name: "where", Kind: eval.TensorMethod, Sig: "where(condition, other) -> Tensor",
		Doc: "self where condition is true, other elsewhere (torch.where(condition, self, other)).",
		Fn: func(a *eval.Args) eval.Value {
			b := whereMethodSigs.parse(a)
			return tensor.Where(b.tensor("condition"), tensor.TensorOperand(a.Self.(*tensor.Tensor)), b.operand("other"), pwOpts(a.Session()))
		}})

	// lerp, addcmul, addcdiv, clamp
	for _, inplace := range []bool{false, true} {
		inplace := inplace
		suffix, kind := "", eval.TorchFunc|eval.TensorMethod
		if inplace {
			suffix, kind = "_", eval.TensorMethod
		}
		lerpSigs := twoSigs("lerp" + suffix + "(Tensor input, Tensor end, %s weight, *, Tensor out=None)")
		eval.RegisterTorch(&eval.Builtin{Name: "lerp" + suffix, Kind: kind, Sig: "lerp" + suffix + "(input, end, weight, *, out=None) -> Tensor",
			Doc: "Linear interpolation input + weight * (end - input); weight is a number or a tensor, all broadcast.",
			Fn: func(a *eval.Args) eval.Value {
				b := lerpSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = inplace
				opts.Out = b.tensor("out")
				return tensor.Lerp(b.tensor("input"), b.tensor("end"), b.operand("weight"), opts)
			}})
		for _, name := range []string{"addcmul", "addcdiv"} {
			name := name
			fn := tensor.Addcmul
			doc := "input + value * tensor1 * tensor2, elementwise, all broadcast."
			if name == "addcdiv" {
				fn = tensor.Addcdiv
				doc = "input + value * tensor1 / tensor2, elementwise, all broadcast."
			}
			n := name + suffix
			sigs := newArgParser(
				n+"(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out)|hidden",
				n+"(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2)|hidden",
				n+"(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)")
			eval.RegisterTorch(&eval.Builtin{Name: n, Kind: kind, Sig: n + "(input, tensor1, tensor2, *, value=1, out=None) -> Tensor", Doc: doc,
				Fn: func(a *eval.Args) eval.Value {
					b := sigs.parse(a)
					b.deprecated(a)
					opts := pwOpts(a.Session())
					opts.Inplace = inplace
					opts.Out = b.tensor("out")
					value := tensor.IntS(1)
					if b.has("value") {
						value = b.scalar("value")
					}
					return fn(b.tensor("input"), b.tensor("tensor1"), b.tensor("tensor2"), value, opts)
				}})
		}
		for _, name := range []string{"clamp", "clip"} {
			sigs := twoSigs(name + suffix + "(Tensor input, %[1]s? min=None, %[1]s? max=None, *, Tensor out=None)")
			eval.RegisterTorch(&eval.Builtin{Name: name + suffix, Kind: kind, Sig: name + suffix + "(input, min=None, max=None, *, out=None) -> Tensor",
				Doc: "Limits each element to [min, max]; the bounds are numbers or tensors (broadcast).",
				Fn: func(a *eval.Args) eval.Value {
					b := sigs.parse(a)
					opts := pwOpts(a.Session())
					opts.Inplace = inplace
					opts.Out = b.tensor("out")
					return clampCall(b, "min", "max", opts)
				}})
		}
		for _, bound := range []string{"min", "max"} {
			bound := bound
			name := "clamp_" + bound + suffix
			sigs := twoSigs(name + "(Tensor input, %s " + bound + ", *, Tensor out=None)")
			eval.RegisterTorch(&eval.Builtin{Name: name, Kind: kind, Sig: name + "(input, " + bound + ") -> Tensor",
				Doc: "clamp with only the " + bound + " bound.",
				Fn: func(a *eval.Args) eval.Value {
					b := sigs.parse(a)
					opts := pwOpts(a.Session())
					opts.Inplace = inplace
					opts.Out = b.tensor("out")
					if bound == "min" {
						return clampCall(b, "min", "", opts)
					}
					return clampCall(b, "", "max", opts)
				}})
		}
	}
}

// clampCall is clamp with the bound parameters lo and hi (either may be
// "": absent); the signature that bound tells the tensor form from the
// number form.
func clampCall(b *boundArgs, lo, hi string, opts tensor.Opts) *tensor.Tensor {
	x := b.tensor("input")
	if b.idx == 0 {
		var lp, hp *tensor.Operand
		if t := b.tensor(lo); t != nil {
			o := tensor.TensorOperand(t)
			lp = &o
		}
		if t := b.tensor(hi); t != nil {
			o := tensor.TensorOperand(t)
			hp = &o
		}
		return tensor.ClampTensor(x, lp, hp, opts)
	}
	var lp, hp *tensor.Scalar
	if b.has(lo) {
		s := b.scalar(lo)
		lp = &s
	}
	if b.has(hi) {
		s := b.scalar(hi)
		hp = &s
	}
	return tensor.Clamp(x, lp, hp, opts)
}

// nonzeroTuple is torch.where(condition): a tuple of index tensors, one per
// dimension, of the non-zero elements in row-major order.
func nonzeroTuple(t *tensor.Tensor) eval.Value {
	cols := t.NonzeroColumns()
	out := make(eval.Tuple, len(cols))
	for i, c := range cols {
		out[i] = c
	}
	return out
}

func init() {
	// fill_, zero_, copy_, masked_fill(_), index_fill(_)
	eval.RegisterTorch(&eval.Builtin{Name: "fill_", Kind: eval.TensorMethod, Sig: "fill_(value) -> Tensor",
		Doc: "Sets every element to value (a number or a 0-d tensor), converted to self's dtype.",
		Fn: func(a *eval.Args) eval.Value {
			b := fillSigs.parse(a)
			return tensor.Fill(b.tensor("input"), b.operand("value"))
		}})
	eval.RegisterTorch(&eval.Builtin{Name: "zero_", Kind: eval.TensorMethod, Sig: "zero_() -> Tensor",
		Doc: "Sets every element to zero.",
		Fn: func(a *eval.Args) eval.Value {
			return tensor.Zero(noArgTensor(a))
		}})
	eval.RegisterTorch(&eval.Builtin{Name: "copy_", Kind: eval.TensorMethod, Sig: "copy_(src, non_blocking=False) -> Tensor",
		Doc: "Copies src into self, broadcasting src to self's shape and converting to self's dtype.",
		Fn: func(a *eval.Args) eval.Value {
			b := copySigs.parse(a)
			return tensor.Copy(b.tensor("input"), b.operand("other"), pwOpts(a.Session()))
		}})
	for _, inplace := range []bool{false, true} {
		inplace := inplace
		suffix, kind := "", eval.TorchFunc|eval.TensorMethod
		if inplace {
			suffix, kind = "_", eval.TensorMethod
		}
		maskedSigs := twoSigs("masked_fill" + suffix + "(Tensor input, Tensor mask, %s value)")
		eval.RegisterTorch(&eval.Builtin{Name: "masked_fill" + suffix, Kind: kind, Sig: "masked_fill" + suffix + "(input, mask, value) -> Tensor",
			Doc: "Writes value where the bool mask (broadcast to the input's shape) is true.",
			Fn: func(a *eval.Args) eval.Value {
				b := maskedSigs.parse(a)
				opts := pwOpts(a.Session())
				opts.Inplace = inplace
				return tensor.MaskedFill(b.tensor("input"), b.tensor("mask"), b.operand("value"), opts)
			}})
		n := "index_fill" + suffix
		indexSigs := newArgParser(
			n+"(Tensor input, int64_t dim, Tensor index, Tensor value)",
			n+"(Tensor input, Dimname dim, Tensor index, Tensor value)",
			n+"(Tensor input, int64_t dim, Tensor index, Scalar value)",
			n+"(Tensor input, Dimname dim, Tensor index, Scalar value)")
		eval.RegisterTorch(&eval.Builtin{Name: n, Kind: kind, Sig: n + "(input, dim, index, value) -> Tensor",
			Doc: "Writes value into the slices of dimension dim selected by the int64 index tensor.",
			Fn: func(a *eval.Args) eval.Value {
				b := indexSigs.parse(a)
				x := b.tensor("input")
				if b.idx%2 == 1 {
					b.dimname("dim", x)
				}
				opts := pwOpts(a.Session())
				opts.Inplace = inplace
				return tensor.IndexFill(x, b.int("dim", 0), b.tensor("index"), b.operand("value"), opts)
			}})
	}

	// Broadcasting helpers.
	eval.RegisterTorch(&eval.Builtin{Name: "broadcast_shapes", Kind: eval.TorchFunc, Sig: "broadcast_shapes(*shapes) -> torch.Size",
		Doc: "The shape that tensors of the given shapes (ints or sequences of ints) broadcast to.",
		Fn: func(a *eval.Args) eval.Value {
			var shapes []eval.Value
			a.Unpack("*shapes", &shapes)
			return broadcastShapes(a.Session(), shapes)
		}})
	eval.RegisterTorch(&eval.Builtin{Name: "broadcast_tensors", Kind: eval.TorchFunc, Sig: "broadcast_tensors(*tensors) -> tuple of Tensors",
		Doc: "Views of the tensors expanded to their common broadcast shape (no copies: broadcast dimensions have stride 0).",
		Fn: func(a *eval.Args) eval.Value {
			var args []eval.Value
			a.Unpack("*tensors", &args)
			ts := make([]*tensor.Tensor, len(args))
			ops := make([]tensor.Operand, len(args))
			for i, v := range args {
				t, ok := v.(*tensor.Tensor)
				if !ok {
					eval.Throw("TypeError", errTensorListElem, i, 0, eval.TypeName(v))
				}
				ts[i], ops[i] = t, tensor.TensorOperand(t)
			}
			shape := tensor.BroadcastShapeOf(ops...)
			out := make(eval.Tuple, len(ts))
			for i, t := range ts {
				out[i] = t.Expand(shape)
			}
			return out
		}})
}

// broadcastShapes is torch.broadcast_shapes, as torch/functional.py
// computes it, with Python's comparisons on the elements (a float or a
// tensor element goes through, torch.Size refuses what is not an int).
func broadcastShapes(s *eval.Session, shapes []eval.Value) eval.Value {
	seqs := make([][]eval.Value, len(shapes))
	maxLen := 0
	for i, sh := range shapes {
		switch v := sh.(type) {
		case eval.Int, eval.Bool:
			seqs[i] = []eval.Value{v}
		case eval.Tuple, *eval.List, eval.Size:
			seqs[i] = eval.IterateAll(v)
		default:
			eval.Throw("RuntimeError", errBroadcastShapeArg, eval.Repr(sh))
		}
		maxLen = max(maxLen, len(seqs[i]))
	}
	result := make([]eval.Value, maxLen)
	for i := range result {
		result[i] = eval.MakeInt(1)
	}
	one, zero := eval.MakeInt(1), eval.MakeInt(0)
	for _, seq := range seqs {
		for i := -1; i >= -len(seq); i-- {
			v := seq[len(seq)+i]
			r := &result[maxLen+i]
			if s.Truth(s.Compare(lang.Lt, v, zero)) {
				eval.Throw("RuntimeError", errNegativeShapeDim, eval.Repr(v), eval.Repr(v))
			}
			if s.Truth(s.Compare(lang.Eq, v, one)) || s.Truth(s.Compare(lang.Eq, v, *r)) {
				continue
			}
			if s.Truth(s.Compare(lang.Ne, *r, one)) {
				eval.Throw("RuntimeError", errBroadcastShapes)
			}
			*r = v
		}
	}
	out := make(eval.Size, maxLen)
	for i, r := range result {
		n, ok := indexValue(r)
		if !ok {
			eval.Throw("TypeError", errSizeItemType, i, eval.TypeName(r))
		}
		out[i] = int(n)
	}
	return out
}

// toInt64 converts a Python int or bool.
func toInt64(v eval.Value) (int64, bool) {
	switch x := v.(type) {
	case eval.Int:
		return x.Int64()
	case eval.Bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
