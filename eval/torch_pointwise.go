package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The pointwise torch functions and Tensor methods: binary operations with
// broadcasting, their in-place forms, unary operations, where, lerp,
// addcmul, addcdiv, clamp, fills and copies, and the broadcasting helpers.

// tensorParam converts argument v (the idx-th parameter, 0-based, counting
// self) to a tensor, with the argument parser's message.
func (a *Args) tensorParam(name string, idx int, v Value) *tensor.Tensor {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		pos := idx + 1
		if a.Self != nil {
			pos--
		}
		throw("TypeError", errArgMustBePos, a.Name, name, pos, "Tensor", TypeName(v))
	}
	return t
}

// operandParam converts argument v to a tensor or a Python number; other
// values make the call an invalid combination of arguments.
func (a *Args) operandParam(v Value) tensor.Operand {
	o, ok := toOperand(v)
	if !ok {
		a.invalid()
	}
	return o
}

// outParam returns the out= tensor, or nil.
func (a *Args) outParam(v Value) *tensor.Tensor {
	if _, none := v.(NoneType); none || v == nil {
		return nil
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		throw("TypeError", errArgMustBeKw, a.Name, "out", "Tensor", TypeName(v))
	}
	return t
}

// binarySpec describes a binary torch function and its Tensor methods.
type binarySpec struct {
	names   []string // torch function and method names (aliases after the first)
	op      tensor.BinaryOp
	numIn   bool // a Python number is accepted as input
	numOut  bool // a Python number is accepted as other
	bothNum bool // input and other may both be numbers
	single  bool // one visible signature: bad arguments get the parser's specific message
	inplace bool // has in-place methods NAME_
	doc     string
}

var binarySpecs = []binarySpec{
	{names: []string{"mul"}, op: tensor.OpMul, numIn: true, numOut: true, bothNum: true, single: true, inplace: true, doc: "Multiplies input by other, elementwise, with broadcasting and type promotion."},
	{names: []string{"multiply"}, op: tensor.OpMul, numIn: true, numOut: true, bothNum: true, inplace: true, doc: "Alias of mul."},
	{names: []string{"true_divide"}, op: tensor.OpDiv, numIn: true, numOut: true, bothNum: true, inplace: true, doc: "Divides input by other elementwise, always as true (floating) division."},
	{names: []string{"floor_divide"}, op: tensor.OpDivFloor, numIn: true, numOut: true, bothNum: true, inplace: true, doc: "Divides input by other elementwise, rounding the quotient down (Python's //)."},
	{names: []string{"remainder"}, op: tensor.OpRemainder, numIn: true, numOut: true, inplace: true, doc: "Python's modulus elementwise: the result has the sign of the divisor."},
	{names: []string{"fmod"}, op: tensor.OpFmod, numOut: true, inplace: true, doc: "C's fmod elementwise: the result has the sign of the dividend."},
	{names: []string{"pow"}, op: tensor.OpPow, numIn: true, numOut: true, inplace: true, doc: "Raises input to the power exponent, elementwise."},
	{names: []string{"maximum"}, op: tensor.OpMaximum, single: true, doc: "Elementwise maximum of two tensors; NaN if either is NaN."},
	{names: []string{"minimum"}, op: tensor.OpMinimum, single: true, doc: "Elementwise minimum of two tensors; NaN if either is NaN."},
	{names: []string{"fmax"}, op: tensor.OpFmax, single: true, doc: "Elementwise maximum of two tensors, ignoring NaNs."},
	{names: []string{"fmin"}, op: tensor.OpFmin, single: true, doc: "Elementwise minimum of two tensors, ignoring NaNs."},
	{names: []string{"atan2", "arctan2"}, op: tensor.OpAtan2, single: true, inplace: true, doc: "Elementwise arctangent of input/other, in the right quadrant."},
	{names: []string{"hypot"}, op: tensor.OpHypot, single: true, inplace: true, doc: "Elementwise hypotenuse sqrt(input**2 + other**2)."},
	{names: []string{"eq"}, op: tensor.OpEq, numOut: true, inplace: true, doc: "Elementwise ==, giving a bool tensor."},
	{names: []string{"ne", "not_equal"}, op: tensor.OpNe, numOut: true, inplace: true, doc: "Elementwise !=, giving a bool tensor."},
	{names: []string{"lt", "less"}, op: tensor.OpLt, numOut: true, inplace: true, doc: "Elementwise <, giving a bool tensor."},
	{names: []string{"le", "less_equal"}, op: tensor.OpLe, numOut: true, inplace: true, doc: "Elementwise <=, giving a bool tensor."},
	{names: []string{"gt", "greater"}, op: tensor.OpGt, numOut: true, inplace: true, doc: "Elementwise >, giving a bool tensor."},
	{names: []string{"ge", "greater_equal"}, op: tensor.OpGe, numOut: true, inplace: true, doc: "Elementwise >=, giving a bool tensor."},
	{names: []string{"logical_and"}, op: tensor.OpLogicalAnd, single: true, inplace: true, doc: "Elementwise logical AND of the truth values, giving a bool tensor."},
	{names: []string{"logical_or"}, op: tensor.OpLogicalOr, single: true, inplace: true, doc: "Elementwise logical OR of the truth values, giving a bool tensor."},
	{names: []string{"logical_xor"}, op: tensor.OpLogicalXor, single: true, inplace: true, doc: "Elementwise logical XOR of the truth values, giving a bool tensor."},
	{names: []string{"bitwise_and"}, op: tensor.OpBitAnd, numIn: true, numOut: true, inplace: true, doc: "Elementwise bitwise AND of integer or bool tensors (the & operator)."},
	{names: []string{"bitwise_or"}, op: tensor.OpBitOr, numIn: true, numOut: true, inplace: true, doc: "Elementwise bitwise OR of integer or bool tensors (the | operator)."},
	{names: []string{"bitwise_xor"}, op: tensor.OpBitXor, numIn: true, numOut: true, inplace: true, doc: "Elementwise bitwise XOR of integer or bool tensors (the ^ operator)."},
	{names: []string{"bitwise_left_shift"}, op: tensor.OpLshift, numIn: true, numOut: true, inplace: true, doc: "Shifts the bits of input left by other, elementwise (the << operator)."},
	{names: []string{"bitwise_right_shift"}, op: tensor.OpRshift, numIn: true, numOut: true, inplace: true, doc: "Shifts the bits of input right by other, elementwise (the >> operator)."},
}

// binaryArgs converts the (input, other) arguments of a binary function:
// tensors, or numbers where the function takes them; with single, a bad
// argument gets the parser's "must be Tensor" message, otherwise the
// function has several signatures and the call is an invalid combination.
// When both are numbers (bothNum) the input becomes a 0-d tensor.
func binaryArgs(a *Args, x, y Value, names [2]string, numIn, numOut, bothNum, single bool) (tensor.Operand, tensor.Operand) {
	conv := func(v Value, name string, idx int, num bool) tensor.Operand {
		o, ok := toOperand(v)
		if !ok || (o.IsScalar() && !num) {
			if single {
				a.tensorParam(name, idx, v)
			}
			a.invalid()
		}
		return o
	}
	xo := conv(x, names[0], 0, numIn)
	yo := conv(y, names[1], 1, numOut)
	if xo.IsScalar() && yo.IsScalar() {
		if !bothNum {
			a.invalid()
		}
		xo = tensor.TensorOperand(tensor.Scalar0(xo.S, xo.S.DType()))
	}
	return xo, yo
}

// requireArgs raises the parser's error for a single-signature function
// called without its required positional arguments.
func requireArgs(a *Args, single bool, names ...string) {
	n := len(a.All())
	if n >= len(names) {
		return
	}
	for _, kw := range a.Kw {
		for _, name := range names[n:] {
			if kw.Name == name {
				return
			}
		}
	}
	if !single {
		a.invalid()
	}
	missing := names[n:]
	throw("TypeError", errMissingArgs, a.Name, len(missing), torchPlural(len(missing)), quoteNames(missing))
}

// torchPlural is the plural ending of PyTorch's missing-arguments message,
// which has it the wrong way round ("1 required positional arguments").
func torchPlural(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

func quoteNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += "\"" + n + "\""
	}
	return out
}

// binaryOperands unpacks (input, other) of a binary function or method.
func binaryOperands(a *Args, sp *binarySpec, first string) (tensor.Operand, tensor.Operand, *tensor.Tensor) {
	var x, y, out Value = nil, nil, None
	second := "other"
	if sp.op == tensor.OpPow {
		second = "exponent"
	}
	requireArgs(a, sp.single, first, second)
	a.Unpack(first, &x, second, &y, "$out?", &out)
	xo, yo := binaryArgs(a, x, y, [2]string{first, second}, sp.numIn, sp.numOut, sp.bothNum, sp.single)
	return xo, yo, a.outParam(out)
}

func init() {
	for i := range binarySpecs {
		sp := &binarySpecs[i]
		for _, name := range sp.names {
			sig := name + "(input, other, *, out=None) -> Tensor"
			if sp.op == tensor.OpPow {
				sig = name + "(input, exponent, *, out=None) -> Tensor"
			}
			register(&Builtin{Name: name, Kind: TorchFunc | TensorMethod, Sig: sig, Doc: sp.doc,
				Fn: func(a *Args) Value {
					x, y, out := binaryOperands(a, sp, "input")
					opts := a.s.pwOpts()
					opts.Out = out
					return tensor.Binary(sp.op, x, y, opts)
				}})
			if sp.inplace {
				register(&Builtin{Name: name + "_", Kind: TensorMethod, Sig: name + "_(other) -> Tensor",
					Doc: "In-place form of " + name + "(): writes the result into self, which keeps its shape and dtype.",
					Fn: func(a *Args) Value {
						var self *tensor.Tensor
						var y Value
						second := "other"
						if sp.op == tensor.OpPow {
							second = "exponent"
						}
						requireArgs(a, sp.single, "self", second)
						a.Unpack("self", &self, second, &y)
						_, yo := binaryArgs(a, self, y, [2]string{"self", second}, true, sp.numOut, false, sp.single)
						opts := a.s.pwOpts()
						opts.Inplace = true
						return tensor.Binary(sp.op, tensor.TensorOperand(self), yo, opts)
					}})
			}
		}
	}

	// add and sub take alpha; sub has the aliases subtract and rsub.
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
		kind := TorchFunc | TensorMethod
		if name == "rsub" {
			kind = TorchFunc
		}
		register(&Builtin{Name: name, Kind: kind, Sig: name + "(input, other, *, alpha=1, out=None) -> Tensor", Doc: doc,
			Fn: func(a *Args) Value {
				var x, y, out, al Value = nil, nil, None, nil
				single := name == "add" || name == "sub"
				if single && len(a.All()) < 2 && len(a.Kw) == 0 {
					invalidExpected(a, "(Tensor input, Tensor other, *, Number alpha, Tensor out)")
				}
				requireArgs(a, false, "input", "other")
				a.Unpack("input", &x, "other", &y, "$alpha?", &al, "$out?", &out)
				xo, yo := binaryArgs(a, x, y, [2]string{"input", "other"}, name != "rsub", true, name != "rsub", single)
				alpha := alphaParam(a, al)
				opts := a.s.pwOpts()
				opts.Out = a.outParam(out)
				if name == "rsub" {
					return tensor.Sub(yo, xo, alpha, opts)
				}
				return op(xo, yo, alpha, opts)
			}})
		if name == "rsub" {
			continue
		}
		register(&Builtin{Name: name + "_", Kind: TensorMethod, Sig: name + "_(other, *, alpha=1) -> Tensor",
			Doc: "In-place form of " + name + "(): writes the result into self, which keeps its shape and dtype.",
			Fn: func(a *Args) Value {
				var self *tensor.Tensor
				var y, al Value
				if (name == "add" || name == "sub") && len(a.Pos) == 0 && len(a.Kw) == 0 {
					invalidExpected(a, "(Tensor other, *, Number alpha)")
				}
				a.Unpack("self", &self, "other", &y, "$alpha?", &al)
				_, yo := binaryArgs(a, self, y, [2]string{"self", "other"}, true, true, false, name == "sub" || name == "add")
				opts := a.s.pwOpts()
				opts.Inplace = true
				return op(tensor.TensorOperand(self), yo, alphaParam(a, al), opts)
			}})
	}

	// div takes rounding_mode.
	for _, name := range []string{"div", "divide"} {
		register(&Builtin{Name: name, Kind: TorchFunc | TensorMethod, Sig: name + "(input, other, *, rounding_mode=None, out=None) -> Tensor",
			Doc: "Divides input by other elementwise: true division, or rounded with rounding_mode 'trunc' or 'floor'.",
			Fn: func(a *Args) Value {
				var x, y, out, mode Value = nil, nil, None, None
				requireArgs(a, false, "input", "other")
				a.Unpack("input", &x, "other", &y, "$rounding_mode?", &mode, "$out?", &out)
				xo, yo := binaryArgs(a, x, y, [2]string{"input", "other"}, true, true, true, name == "div")
				opts := a.s.pwOpts()
				opts.Out = a.outParam(out)
				return tensor.Div(xo, yo, roundingMode(a, mode), opts)
			}})
		register(&Builtin{Name: name + "_", Kind: TensorMethod, Sig: name + "_(other, *, rounding_mode=None) -> Tensor",
			Doc: "In-place form of " + name + "(): writes the quotient into self, which keeps its shape and dtype.",
			Fn: func(a *Args) Value {
				var self *tensor.Tensor
				var y, mode Value = nil, None
				a.Unpack("self", &self, "other", &y, "$rounding_mode?", &mode)
				_, yo := binaryArgs(a, self, y, [2]string{"self", "other"}, true, true, false, name == "div")
				opts := a.s.pwOpts()
				opts.Inplace = true
				return tensor.Div(tensor.TensorOperand(self), yo, roundingMode(a, mode), opts)
			}})
	}
}

// invalidExpected is the parser's error for a single-signature function
// called with too few arguments: it names the signature.
func invalidExpected(a *Args, sig string) {
	throw("TypeError", errInvalidArgsFor, a.Name, "("+invalidArgsDesc(a)+")", sig)
}

// alphaParam reads the alpha keyword (a number; absent means 1).
func alphaParam(a *Args, v Value) tensor.Scalar {
	if v == nil {
		return tensor.IntS(1)
	}
	var sc tensor.Scalar
	a.convert("alpha", v, &sc)
	return sc
}

// roundingMode reads div's rounding_mode argument (None, 'trunc', 'floor').
func roundingMode(a *Args, v Value) string {
	switch m := v.(type) {
	case NoneType:
		return ""
	case Str:
		if m == "" {
			tensor.Raise(tensor.RuntimeError, errRoundingMode, "")
		}
		return string(m)
	}
	a.invalid()
	return ""
}

// unarySpec describes a unary torch function and its Tensor methods.
type unarySpec struct {
	names     []string
	op        tensor.UnaryOp
	noInplace bool
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
	{names: []string{"relu"}, op: tensor.OpRelu, doc: "max(x, 0) of each element."},
	{names: []string{"floor"}, op: tensor.OpFloor, doc: "Largest integer not greater than each element."},
	{names: []string{"ceil"}, op: tensor.OpCeil, doc: "Smallest integer not less than each element."},
	{names: []string{"trunc", "fix"}, op: tensor.OpTrunc, doc: "Each element rounded toward zero."},
	{names: []string{"frac"}, op: tensor.OpFrac, doc: "Fractional part of each element: x - trunc(x)."},
	{names: []string{"reciprocal"}, op: tensor.OpReciprocal, doc: "1 / x of each element (integers give floats)."},
	{names: []string{"logical_not"}, op: tensor.OpLogicalNot, doc: "Elementwise logical NOT of the truth values, giving a bool tensor."},
	{names: []string{"bitwise_not"}, op: tensor.OpBitwiseNot, doc: "Elementwise bitwise NOT of an integer or bool tensor (the ~ operator)."},
	{names: []string{"isnan"}, op: tensor.OpIsnan, noInplace: true, doc: "Whether each element is NaN, as a bool tensor."},
	{names: []string{"isinf"}, op: tensor.OpIsinf, noInplace: true, doc: "Whether each element is +inf or -inf, as a bool tensor."},
	{names: []string{"isfinite"}, op: tensor.OpIsfinite, noInplace: true, doc: "Whether each element is finite, as a bool tensor."},
}

func init() {
	for i := range unarySpecs {
		sp := &unarySpecs[i]
		for _, name := range sp.names {
			register(&Builtin{Name: name, Kind: TorchFunc | TensorMethod, Sig: name + "(input, *, out=None) -> Tensor", Doc: sp.doc,
				Fn: func(a *Args) Value {
					var x, out Value = nil, None
					unaryArgs(a)
					a.Unpack("input", &x, "$out?", &out)
					opts := a.s.pwOpts()
					opts.Out = a.outParam(out)
					return tensor.Unary(sp.op, a.tensorParam("input", 0, x), opts)
				}})
			if sp.noInplace {
				continue
			}
			register(&Builtin{Name: name + "_", Kind: TensorMethod, Sig: name + "_() -> Tensor",
				Doc: "In-place form of " + name + "(): writes the result into self, which keeps its dtype.",
				Fn: func(a *Args) Value {
					var self *tensor.Tensor
					unaryArgs(a)
					a.Unpack("self", &self)
					opts := a.s.pwOpts()
					opts.Inplace = true
					return tensor.Unary(sp.op, self, opts)
				}})
		}
	}

	register(&Builtin{Name: "positive", Kind: TorchFunc | TensorMethod, Sig: "positive(input) -> Tensor",
		Doc: "Returns input itself (the unary + operator); refused for bool tensors.",
		Fn: func(a *Args) Value {
			var x Value
			a.Unpack("input", &x)
			return tensor.Positive(a.tensorParam("input", 0, x))
		}})

	for _, inplace := range []bool{false, true} {
		inplace := inplace
		name := "round"
		kind := TorchFunc | TensorMethod
		if inplace {
			name, kind = "round_", TensorMethod
		}
		register(&Builtin{Name: name, Kind: kind, Sig: name + "(input, *, decimals=0, out=None) -> Tensor",
			Doc: "Rounds each element to the nearest integer, halves to even; with decimals, to that many decimal places.",
			Fn: func(a *Args) Value {
				var x, out Value = nil, None
				decimals := 0
				a.Unpack("input", &x, "$decimals?", &decimals, "$out?", &out)
				opts := a.s.pwOpts()
				if inplace {
					opts.Inplace = true
				} else {
					opts.Out = a.outParam(out)
				}
				return tensor.Round(a.tensorParam("input", 0, x), decimals, opts)
			}})

		name, kind = "square", TorchFunc|TensorMethod
		if inplace {
			name, kind = "square_", TensorMethod
		}
		register(&Builtin{Name: name, Kind: kind, Sig: name + "(input, *, out=None) -> Tensor",
			Doc: "Square of each element (input ** 2).",
			Fn: func(a *Args) Value {
				var x, out Value = nil, None
				a.Unpack("input", &x, "$out?", &out)
				opts := a.s.pwOpts()
				if inplace {
					opts.Inplace = true
				} else {
					opts.Out = a.outParam(out)
				}
				return tensor.Square(a.tensorParam("input", 0, x), opts)
			}})

		name, kind = "nan_to_num", TorchFunc|TensorMethod
		if inplace {
			name, kind = "nan_to_num_", TensorMethod
		}
		register(&Builtin{Name: name, Kind: kind, Sig: name + "(input, nan=0.0, posinf=None, neginf=None, *, out=None) -> Tensor",
			Doc: "Replaces NaN with nan, +inf with posinf and -inf with neginf (by default 0 and the dtype's largest and lowest finite values).",
			Fn: func(a *Args) Value {
				var x, out, pos, neg Value = nil, None, None, None
				nan := 0.0
				a.Unpack("input", &x, "nan?", &nan, "posinf?", &pos, "neginf?", &neg, "$out?", &out)
				opts := a.s.pwOpts()
				if inplace {
					opts.Inplace = true
				} else {
					opts.Out = a.outParam(out)
				}
				return tensor.NanToNum(a.tensorParam("input", 0, x), nan, optFloat(a, "posinf", pos), optFloat(a, "neginf", neg), opts)
			}})
	}
}

// unaryArgs raises the parser's errors for a function of one tensor (and
// keywords) called with other positional arguments.
func unaryArgs(a *Args) {
	switch {
	case a.Self != nil && len(a.Pos) > 0:
		throw("TypeError", errTakesNoArgs, "_TensorBase."+a.Name, len(a.Pos))
	case a.Self == nil && len(a.Pos) > 1:
		throw("TypeError", errTakesN, a.Name, 1, "", len(a.Pos), "were")
	case a.Self == nil && len(a.Pos) == 0:
		requireArgs(a, true, "input")
	}
}

// optFloat converts an optional float argument (None: nil).
func optFloat(a *Args, name string, v Value) *float64 {
	if _, none := v.(NoneType); none {
		return nil
	}
	var f float64
	a.convert(name, v, &f)
	return &f
}

func init() {
	// where
	register(&Builtin{Name: "where", Kind: TorchFunc, Sig: "where(condition, input, other) -> Tensor",
		Doc: "Elementwise choice: input where condition is true, other elsewhere, with three-way broadcasting. where(condition) is nonzero(condition, as_tuple=True).",
		Fn: func(a *Args) Value {
			var c, x, y Value = nil, None, None
			var out Value = None
			a.Unpack("condition", &c, "input?", &x, "other?", &y, "$out?", &out)
			if _, none := x.(NoneType); none {
				if _, none := y.(NoneType); none && len(a.Pos) == 1 {
					return nonzeroTuple(a.tensorParam("condition", 0, c))
				}
			}
			opts := a.s.pwOpts()
			opts.Out = a.outParam(out)
			return whereCall(a, c, x, y, opts)
		}})
	register(&Builtin{Name: "where", Kind: TensorMethod, Sig: "where(condition, other) -> Tensor",
		Doc: "self where condition is true, other elsewhere (torch.where(condition, self, other)).",
		Fn: func(a *Args) Value {
			var self, c, y Value
			a.Unpack("self", &self, "condition", &c, "other", &y)
			return whereCall(a, c, self, y, a.s.pwOpts())
		}})

	// lerp, addcmul, addcdiv
	for _, inplace := range []bool{false, true} {
		inplace := inplace
		suffix, kind := "", TorchFunc|TensorMethod
		if inplace {
			suffix, kind = "_", TensorMethod
		}
		register(&Builtin{Name: "lerp" + suffix, Kind: kind, Sig: "lerp" + suffix + "(input, end, weight, *, out=None) -> Tensor",
			Doc: "Linear interpolation input + weight * (end - input); weight is a number or a tensor, all broadcast.",
			Fn: func(a *Args) Value {
				var x, e, w, out Value = nil, nil, nil, None
				a.Unpack("input", &x, "end", &e, "weight", &w, "$out?", &out)
				xt, ok1 := x.(*tensor.Tensor)
				et, ok2 := e.(*tensor.Tensor)
				wo, ok3 := toOperand(w)
				if !ok1 || !ok2 || !ok3 {
					a.invalid()
				}
				opts := a.s.pwOpts()
				opts.Inplace = inplace
				if !inplace {
					opts.Out = a.outParam(out)
				}
				return tensor.Lerp(xt, et, wo, opts)
			}})
		for _, name := range []string{"addcmul", "addcdiv"} {
			name := name
			fn := tensor.Addcmul
			doc := "input + value * tensor1 * tensor2, elementwise, all broadcast."
			if name == "addcdiv" {
				fn = tensor.Addcdiv
				doc = "input + value * tensor1 / tensor2, elementwise, all broadcast."
			}
			register(&Builtin{Name: name + suffix, Kind: kind, Sig: name + suffix + "(input, tensor1, tensor2, *, value=1, out=None) -> Tensor", Doc: doc,
				Fn: func(a *Args) Value {
					var x, t1, t2, out Value = nil, nil, nil, None
					value := tensor.IntS(1)
					a.Unpack("input", &x, "tensor1", &t1, "tensor2", &t2, "$value?", &value, "$out?", &out)
					opts := a.s.pwOpts()
					opts.Inplace = inplace
					if !inplace {
						opts.Out = a.outParam(out)
					}
					return fn(a.tensorParam("input", 0, x), a.tensorParam("tensor1", 1, t1), a.tensorParam("tensor2", 2, t2), value, opts)
				}})
		}
		for _, name := range []string{"clamp", "clip"} {
			register(&Builtin{Name: name + suffix, Kind: kind, Sig: name + suffix + "(input, min=None, max=None, *, out=None) -> Tensor",
				Doc: "Limits each element to [min, max]; the bounds are numbers or tensors (broadcast).",
				Fn: func(a *Args) Value {
					var x, lo, hi, out Value = nil, None, None, None
					a.Unpack("input", &x, "min?", &lo, "max?", &hi, "$out?", &out)
					opts := a.s.pwOpts()
					opts.Inplace = inplace
					if !inplace {
						opts.Out = a.outParam(out)
					}
					f := clampCall(a, a.tensorParam("input", 0, x), lo, hi)
					return f(opts)
				}})
		}
		for _, bound := range []string{"min", "max"} {
			bound := bound
			name := "clamp_" + bound + suffix
			register(&Builtin{Name: name, Kind: kind, Sig: name + "(input, " + bound + ") -> Tensor",
				Doc: "clamp with only the " + bound + " bound.",
				Fn: func(a *Args) Value {
					var x, b Value
					a.Unpack("input", &x, bound, &b)
					opts := a.s.pwOpts()
					opts.Inplace = inplace
					lo, hi := b, Value(None)
					if bound == "max" {
						lo, hi = None, b
					}
					f := clampCall(a, a.tensorParam("input", 0, x), lo, hi)
					return f(opts)
				}})
		}
	}
}

// whereCall is torch.where(c, x, y) with x and y tensors or numbers.
func whereCall(a *Args, c, x, y Value, opts tensor.Opts) Value {
	ct, ok1 := c.(*tensor.Tensor)
	xo, ok2 := toOperand(x)
	yo, ok3 := toOperand(y)
	if !ok1 || !ok2 || !ok3 {
		a.invalid()
	}
	return tensor.Where(ct, xo, yo, opts)
}

// clampCall is clamp with bounds that are None, numbers or tensors. The
// tensor form is chosen when every bound given is a tensor; otherwise the
// number form, where a 0-d tensor counts as a number (its element).
func clampCall(a *Args, x *tensor.Tensor, lo, hi Value) func(tensor.Opts) *tensor.Tensor {
	isNone := func(v Value) bool { _, n := v.(NoneType); return n }
	allTensors := true
	for _, v := range []Value{lo, hi} {
		if _, ok := v.(*tensor.Tensor); !ok && !isNone(v) {
			allTensors = false
		}
	}
	if allTensors {
		var lp, hp *tensor.Operand
		if t, ok := lo.(*tensor.Tensor); ok {
			o := tensor.TensorOperand(t)
			lp = &o
		}
		if t, ok := hi.(*tensor.Tensor); ok {
			o := tensor.TensorOperand(t)
			hp = &o
		}
		return func(opts tensor.Opts) *tensor.Tensor { return tensor.ClampTensor(x, lp, hp, opts) }
	}
	bound := func(v Value) *tensor.Scalar {
		if isNone(v) {
			return nil
		}
		if t, ok := v.(*tensor.Tensor); ok {
			if t.Dim() != 0 {
				a.invalid()
			}
			sc := t.Item()
			return &sc
		}
		o, ok := toOperand(v)
		if !ok {
			a.invalid()
		}
		return &o.S
	}
	lp, hp := bound(lo), bound(hi)
	return func(opts tensor.Opts) *tensor.Tensor { return tensor.Clamp(x, lp, hp, opts) }
}

// nonzeroTuple is torch.where(condition): a tuple of index tensors, one per
// dimension, of the non-zero elements in row-major order.
func nonzeroTuple(t *tensor.Tensor) Value {
	cols := t.NonzeroColumns()
	out := make(Tuple, len(cols))
	for i, c := range cols {
		out[i] = c
	}
	return out
}

func init() {
	// fill_, zero_, copy_, masked_fill(_), index_fill(_)
	register(&Builtin{Name: "fill_", Kind: TensorMethod, Sig: "fill_(value) -> Tensor",
		Doc: "Sets every element to value (a number or a 0-d tensor), converted to self's dtype.",
		Fn: func(a *Args) Value {
			var self *tensor.Tensor
			var v Value
			a.Unpack("self", &self, "value", &v)
			return tensor.Fill(self, a.operandParam(v))
		}})
	register(&Builtin{Name: "zero_", Kind: TensorMethod, Sig: "zero_() -> Tensor",
		Doc: "Sets every element to zero.",
		Fn: func(a *Args) Value {
			var self *tensor.Tensor
			unaryArgs(a)
			a.Unpack("self", &self)
			return tensor.Zero(self)
		}})
	register(&Builtin{Name: "copy_", Kind: TensorMethod, Sig: "copy_(src, non_blocking=False) -> Tensor",
		Doc: "Copies src into self, broadcasting src to self's shape and converting to self's dtype.",
		Fn: func(a *Args) Value {
			var self *tensor.Tensor
			var src Value
			nb := false
			a.Unpack("self", &self, "src", &src, "non_blocking?", &nb)
			return tensor.Copy(self, a.operandParam(src), a.s.pwOpts())
		}})
	for _, inplace := range []bool{false, true} {
		inplace := inplace
		suffix, kind := "", TorchFunc|TensorMethod
		if inplace {
			suffix, kind = "_", TensorMethod
		}
		register(&Builtin{Name: "masked_fill" + suffix, Kind: kind, Sig: "masked_fill" + suffix + "(input, mask, value) -> Tensor",
			Doc: "Writes value where the bool mask (broadcast to the input's shape) is true.",
			Fn: func(a *Args) Value {
				var x, m, v Value
				a.Unpack("input", &x, "mask", &m, "value", &v)
				xt, ok1 := x.(*tensor.Tensor)
				mt, ok2 := m.(*tensor.Tensor)
				vo, ok3 := toOperand(v)
				if !ok1 || !ok2 || !ok3 {
					a.invalid()
				}
				opts := a.s.pwOpts()
				opts.Inplace = inplace
				return tensor.MaskedFill(xt, mt, vo, opts)
			}})
		register(&Builtin{Name: "index_fill" + suffix, Kind: kind, Sig: "index_fill" + suffix + "(input, dim, index, value) -> Tensor",
			Doc: "Writes value into the slices of dimension dim selected by the int64 index tensor.",
			Fn: func(a *Args) Value {
				var x, idx, v Value
				dim := 0
				a.Unpack("input", &x, "dim", &dim, "index", &idx, "value", &v)
				xt, ok1 := x.(*tensor.Tensor)
				it, ok2 := idx.(*tensor.Tensor)
				vo, ok3 := toOperand(v)
				if !ok1 || !ok2 || !ok3 {
					a.invalid()
				}
				opts := a.s.pwOpts()
				opts.Inplace = inplace
				return tensor.IndexFill(xt, dim, it, vo, opts)
			}})
	}

	// Broadcasting helpers.
	register(&Builtin{Name: "broadcast_shapes", Kind: TorchFunc, Sig: "broadcast_shapes(*shapes) -> torch.Size",
		Doc: "The shape that tensors of the given shapes (ints or sequences of ints) broadcast to.",
		Fn: func(a *Args) Value {
			var shapes []Value
			a.Unpack("*shapes", &shapes)
			return broadcastShapes(shapes)
		}})
	register(&Builtin{Name: "broadcast_tensors", Kind: TorchFunc, Sig: "broadcast_tensors(*tensors) -> tuple of Tensors",
		Doc: "Views of the tensors expanded to their common broadcast shape (no copies: broadcast dimensions have stride 0).",
		Fn: func(a *Args) Value {
			var args []Value
			a.Unpack("*tensors", &args)
			if len(args) == 1 {
				if _, isT := args[0].(*tensor.Tensor); !isT {
					args = iterate(args[0])
				}
			}
			ts := make([]*tensor.Tensor, len(args))
			ops := make([]tensor.Operand, len(args))
			for i, v := range args {
				t, ok := v.(*tensor.Tensor)
				if !ok {
					throw("TypeError", errTensorListElem, i, 0, TypeName(v))
				}
				ts[i], ops[i] = t, tensor.TensorOperand(t)
			}
			shape := tensor.BroadcastShapeOf(ops...)
			out := make(Tuple, len(ts))
			for i, t := range ts {
				out[i] = t.Expand(shape)
			}
			return out
		}})
}

// broadcastShapes is torch.broadcast_shapes, as torch/functional.py
// computes it.
func broadcastShapes(shapes []Value) Value {
	seqs := make([][]int64, len(shapes))
	maxLen := 0
	for i, sh := range shapes {
		switch v := sh.(type) {
		case Int, Bool:
			n, _ := toInt64(v)
			seqs[i] = []int64{n}
		case Tuple, *List, Size:
			elems := iterate(v)
			seq := make([]int64, len(elems))
			for j, e := range elems {
				n, ok := toInt64(e)
				if !ok {
					throw("TypeError", errUnsupportedCompare, "<", TypeName(e), "int")
				}
				seq[j] = n
			}
			seqs[i] = seq
		default:
			throw("RuntimeError", errBroadcastShapeArg, Repr(sh))
		}
		maxLen = max(maxLen, len(seqs[i]))
	}
	result := make([]int64, maxLen)
	for i := range result {
		result[i] = 1
	}
	for _, seq := range seqs {
		for i := -1; i >= -len(seq); i-- {
			s := seq[len(seq)+i]
			r := &result[maxLen+i]
			if s < 0 {
				throw("RuntimeError", errNegativeShapeDim, s, s)
			}
			if s == 1 || s == *r {
				continue
			}
			if *r != 1 {
				throw("RuntimeError", errBroadcastShapes)
			}
			*r = s
		}
	}
	out := make(Size, maxLen)
	for i, r := range result {
		out[i] = int(r)
	}
	return out
}

// toInt64 converts a Python int or bool.
func toInt64(v Value) (int64, bool) {
	switch x := v.(type) {
	case Int:
		return x.Int64()
	case Bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
