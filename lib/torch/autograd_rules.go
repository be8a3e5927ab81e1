package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// gradRules record the node of each differentiable builtin (by name; the
// in-place NAME_ uses NAME's rule), once the builtin has run.
var gradRules = map[string]func(c *gradCtx){}

// binaryRuleOps are the binary builtins, with the name of their second
// operand.
var binaryRuleOps = map[string]struct {
	op     tensor.BinaryOp
	second string
}{
	"add": {tensor.OpAdd, "other"}, "sub": {tensor.OpSub, "other"}, "subtract": {tensor.OpSub, "other"},
	"mul": {tensor.OpMul, "other"}, "multiply": {tensor.OpMul, "other"},
	"div": {tensor.OpDiv, "other"}, "divide": {tensor.OpDiv, "other"}, "true_divide": {tensor.OpDiv, "other"},
	"pow": {tensor.OpPow, "exponent"}, "maximum": {tensor.OpMaximum, "other"}, "minimum": {tensor.OpMinimum, "other"},
	"fmax": {tensor.OpFmax, "other"}, "fmin": {tensor.OpFmin, "other"}, "atan2": {tensor.OpAtan2, "other"},
	"arctan2": {tensor.OpAtan2, "other"}, "hypot": {tensor.OpHypot, "other"}, "fmod": {tensor.OpFmod, "other"},
	"remainder": {tensor.OpRemainder, "other"}, "rsub": {tensor.OpSub, "other"},
}

// unaryRuleOps are the unary builtins.
var unaryRuleOps = map[string]tensor.UnaryOp{
	"neg": tensor.OpNeg, "negative": tensor.OpNeg, "abs": tensor.OpAbs, "absolute": tensor.OpAbs,
	"sign": tensor.OpSign, "sgn": tensor.OpSign, "sqrt": tensor.OpSqrt, "rsqrt": tensor.OpRsqrt,
	"exp": tensor.OpExp, "expm1": tensor.OpExpm1, "log": tensor.OpLog, "log1p": tensor.OpLog1p,
	"log2": tensor.OpLog2, "log10": tensor.OpLog10, "sin": tensor.OpSin, "cos": tensor.OpCos,
	"tan": tensor.OpTan, "asin": tensor.OpAsin, "arcsin": tensor.OpAsin, "acos": tensor.OpAcos,
	"arccos": tensor.OpAcos, "atan": tensor.OpAtan, "arctan": tensor.OpAtan, "sinh": tensor.OpSinh,
	"cosh": tensor.OpCosh, "tanh": tensor.OpTanh, "sigmoid": tensor.OpSigmoid, "relu": tensor.OpRelu,
	"floor": tensor.OpFloor, "ceil": tensor.OpCeil, "round": tensor.OpRound, "trunc": tensor.OpTrunc,
	"fix": tensor.OpTrunc, "frac": tensor.OpFrac, "reciprocal": tensor.OpReciprocal,
}

// operandOf converts an argument to a pointwise operand.
func operandOf(v eval.Value) (tensor.Operand, bool) {
	if v == nil {
		return tensor.Operand{}, false
	}
	return toOperand(v)
}

func init() {
	for name, spec := range binaryRuleOps {
		name, spec := name, spec
		gradRules[name] = func(c *gradCtx) {
			out := c.out()
			if out == nil {
				return
			}
			x, ok1 := operandOf(c.arg(0, "input"))
			if c.orig != nil {
				x = tensor.TensorOperand(c.orig)
			}
			y, ok2 := operandOf(c.arg(1, spec.second))
			if !ok1 || !ok2 {
				return
			}
			alpha := tensor.IntS(1)
			if v := c.arg(2, "alpha"); v != nil {
				if sc, ok := eval.ToScalar(v); ok {
					alpha = sc
				}
			}
			op := spec.op
			if spec.op == tensor.OpDiv {
				if m, ok := c.a.Kwarg("rounding_mode"); ok {
					switch m {
					case eval.Str("trunc"):
						op = tensor.OpDivTrunc
					case eval.Str("floor"):
						op = tensor.OpDivFloor
					}
				}
			}
			if x.T == nil && y.T == nil {
				return
			}
			c.finish(autograd.RecordBinary(op, x, y, alpha, out, name == "rsub"))
		}
	}
	for name, op := range unaryRuleOps {
		op := op
		gradRules[name] = func(c *gradCtx) {
			x, out := c.in0(), c.out()
			if x == nil || out == nil {
				return
			}
			c.finish(autograd.RecordUnary(op, x, out))
		}
	}
	gradRules["sgn"] = func(c *gradCtx) {
		if x, out := c.in0(), c.out(); x != nil && out != nil {
			c.finish(autograd.RecordUnary(tensor.OpSign, x, out).Renamed("SgnBackward0"))
		}
	}
	gradRules["square"] = func(c *gradCtx) {
		c.finish(autograd.RecordBinary(tensor.OpPow, tensor.TensorOperand(c.in0()), tensor.ScalarOperand(tensor.IntS(2)), tensor.IntS(1), c.out(), false))
	}
	gradRules["nan_to_num"] = simpleRule(func(c *gradCtx, x *tensor.Tensor) *autograd.Node { return autograd.RecordNanToNum(x) })
	gradRules["clamp"] = clampRule("ClampBackward1", "min", "max")
	gradRules["clip"] = gradRules["clamp"]
	gradRules["clamp_min"] = clampRule("ClampMinBackward0", "min", "")
	gradRules["clamp_max"] = clampRule("ClampMaxBackward0", "", "max")
	gradRules["where"] = func(c *gradCtx) {
		cond, _ := c.arg(0, "condition").(*tensor.Tensor)
		x, ok1 := operandOf(c.arg(1, "input"))
		y, ok2 := operandOf(c.arg(2, "other"))
		if cond == nil || !ok1 || !ok2 || c.out() == nil {
			return
		}
		c.finish(autograd.RecordWhere(cond, x, y, c.out()))
	}
	gradRules["masked_fill"] = func(c *gradCtx) {
		mask, _ := c.arg(1, "mask").(*tensor.Tensor)
		if mask == nil || c.in0() == nil {
			return
		}
		c.finish(autograd.RecordMaskedFill(c.in0(), mask, c.out()))
	}
	gradRules["fill"] = func(c *gradCtx) {
		v, _ := c.arg(1, "value").(*tensor.Tensor)
		name := "FillBackward2"
		if v != nil {
			name = "FillBackward3"
		}
		c.finish(autograd.RecordFill(name, c.self, v))
	}
	gradRules["zero"] = func(c *gradCtx) { c.finish(autograd.RecordFill("ZeroBackward0", c.self, nil)) }
	gradRules["copy"] = func(c *gradCtx) {
		src, _ := c.arg(1, "src").(*tensor.Tensor)
		if src == nil {
			return
		}
		c.finish(autograd.RecordCopy(c.self, src))
	}
	gradRules["clone"] = simpleRule(func(c *gradCtx, x *tensor.Tensor) *autograd.Node { return autograd.RecordClone(x) })
	gradRules["contiguous"] = func(c *gradCtx) {
		if x := c.in0(); x != nil && c.out() != nil && c.out() != x {
			c.finish(autograd.RecordClone(x))
		}
	}
	for _, name := range []string{"to", "type", "double", "float", "half", "bfloat16", "cpu", "cuda"} {
		gradRules[name] = func(c *gradCtx) {
			x, out := c.in0(), c.out()
			if x == nil || out == nil || out == x || !out.DType().IsFloat() {
				return
			}
			if out.DType() == x.DType() {
				c.finish(autograd.RecordClone(x))
				return
			}
			c.finish(autograd.RecordToCopy(x, out))
		}
	}
	gradRules["flip"] = func(c *gradCtx) {
		dims, _ := dimsOf(c.arg(1, "dims"))
		if len(c.a.All()) > 2 {
			dims, _ = dimsOf(eval.Tuple(c.a.All()[1:]))
		}
		c.finish(autograd.RecordFlip(c.in0(), dims))
	}
	gradRules["fliplr"] = simpleRule(func(c *gradCtx, x *tensor.Tensor) *autograd.Node { return autograd.RecordFlip(x, []int{1}) })
	gradRules["flipud"] = simpleRule(func(c *gradCtx, x *tensor.Tensor) *autograd.Node { return autograd.RecordFlip(x, []int{0}) })
	gradRules["roll"] = func(c *gradCtx) {
		shifts, _ := dimsOf(c.arg(1, "shifts"))
		dims, _ := dimsOf(c.arg(2, "dims"))
		if len(dims) == 0 {
			// roll without dims flattens: its gradient rolls the flat gradient back.
			return
		}
		c.finish(autograd.RecordRoll(c.in0(), shifts, dims))
	}
	gradRules["tril"] = func(c *gradCtx) { c.finish(autograd.RecordTriangle(true, c.in0(), gradIntOf(c.arg(1, "diagonal"), 0))) }
	gradRules["triu"] = func(c *gradCtx) {
		c.finish(autograd.RecordTriangle(false, c.in0(), gradIntOf(c.arg(1, "diagonal"), 0)))
	}
	gradRules["repeat"] = func(c *gradCtx) {
		reps, _ := dimsOf(c.arg(1, "repeats"))
		if all := c.a.All(); len(all) > 2 {
			reps, _ = dimsOf(eval.Tuple(all[1:]))
		}
		c.finish(autograd.RecordRepeat(c.in0(), reps))
	}
	gradRules["tile"] = func(c *gradCtx) {
		reps, _ := dimsOf(c.arg(1, "dims"))
		x := c.in0()
		for len(reps) < x.Dim() {
			reps = append([]int{1}, reps...)
		}
		c.finish(autograd.RecordRepeat(x, reps))
	}
	catRule := func(c *gradCtx) {
		ts := tensorList(c.arg(0, "tensors"))
		if ts == nil || c.out() == nil {
			return
		}
		c.finish(autograd.RecordCat(ts, gradIntOf(c.arg(1, "dim"), 0), c.out()))
	}
	gradRules["cat"], gradRules["concat"], gradRules["concatenate"] = catRule, catRule, catRule
	stackCat := func(dimOf func(ts []*tensor.Tensor) int) func(c *gradCtx) {
		return func(c *gradCtx) {
			ts := tensorList(c.arg(0, "tensors"))
			if ts == nil || c.out() == nil {
				return
			}
			c.finish(autograd.RecordCat(ts, dimOf(ts), c.out()))
		}
	}
	gradRules["hstack"] = stackCat(func(ts []*tensor.Tensor) int {
		if len(ts) > 0 && ts[0].Dim() <= 1 {
			return 0
		}
		return 1
	})
	gradRules["vstack"] = stackCat(func([]*tensor.Tensor) int { return 0 })
	gradRules["row_stack"] = gradRules["vstack"]
	gradRules["stack"] = func(c *gradCtx) {
		ts := tensorList(c.arg(0, "tensors"))
		if ts == nil || c.out() == nil {
			return
		}
		c.finish(autograd.RecordStack(ts, gradIntOf(c.arg(1, "dim"), 0), c.out()))
	}
	products()
	reductions()
	viewRules()
}

// tensorList converts a list or tuple of tensors (nil if another value).
func tensorList(v eval.Value) []*tensor.Tensor {
	var elems []eval.Value
	switch x := v.(type) {
	case *eval.List:
		elems = x.Elems
	case eval.Tuple:
		elems = x
	default:
		return nil
	}
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			return nil
		}
		out[i] = t
	}
	return out
}

// simpleRule makes a rule from a node constructor of the first operand.
func simpleRule(f func(c *gradCtx, x *tensor.Tensor) *autograd.Node) func(c *gradCtx) {
	return func(c *gradCtx) {
		x := c.in0()
		if x == nil || c.out() == nil {
			return
		}
		c.finish(f(c, x))
	}
}

// clampRule records clamp with number bounds.
func clampRule(name, minName, maxName string) func(c *gradCtx) {
	return func(c *gradCtx) {
		var lo, hi *tensor.Scalar
		i := 1
		if minName != "" {
			if s, ok := eval.ToScalar(eval.OrNone(c.arg(i, minName))); ok {
				lo = &s
			}
			i++
		}
		if maxName != "" {
			if s, ok := eval.ToScalar(eval.OrNone(c.arg(i, maxName))); ok {
				hi = &s
			}
		}
		if lo == nil && hi == nil {
			return
		}
		c.finish(autograd.RecordClamp(name, c.in0(), lo, hi))
	}
}
