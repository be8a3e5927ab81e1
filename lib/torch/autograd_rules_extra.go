package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// More rules: three-operand pointwise functions, compositions PyTorch
// builds from other operations (outer, column_stack, ...), and operations
// without a derivative.

func init() {
	// random fills: the old values get no gradient
	gradRules["uniform"] = func(c *gradCtx) { c.finish(autograd.RecordFill("UniformBackward0", c.self, nil)) }
	gradRules["normal"] = func(c *gradCtx) { c.finish(autograd.RecordFill("NormalBackward0", c.self, nil)) }
	roundRule := gradRules["round"]
	gradRules["round"] = func(c *gradCtx) {
		if c.arg(1, "decimals") == nil {
			roundRule(c)
			return
		}
		if x, out := c.in0(), c.out(); x != nil && out != nil {
			c.finish(autograd.RecordUnary(tensor.OpRound, x, out).Renamed("RoundBackward1"))
		}
	}
	gradRules["lerp"] = func(c *gradCtx) {
		start, end := c.in0(), tensorAt(c, 1, "end")
		w, ok := operandOf(c.arg(2, "weight"))
		if start == nil || end == nil || !ok {
			return
		}
		c.finish(autograd.RecordLerp(start, end, w, c.out()))
	}
	addc := func(isDiv bool) func(c *gradCtx) {
		return func(c *gradCtx) {
			t1, t2 := tensorAt(c, 1, "tensor1"), tensorAt(c, 2, "tensor2")
			v := tensor.IntS(1)
			if sc, ok := eval.ToScalar(eval.OrNone(c.arg(3, "value"))); ok {
				v = sc
			}
			if c.in0() == nil || t1 == nil || t2 == nil {
				return
			}
			c.finish(autograd.RecordAddc(isDiv, c.in0(), t1, t2, v, c.out()))
		}
	}
	gradRules["addcmul"], gradRules["addcdiv"] = addc(false), addc(true)
	gradRules["cumprod"] = func(c *gradCtx) {
		if c.in0() != nil && c.out() != nil {
			c.finish(autograd.RecordCumprod(c.in0(), gradIntOf(c.arg(1, "dim"), 0), c.out()))
		}
	}
	outer := func(c *gradCtx) {
		a, b := c.in0(), tensorAt(c, 1, "vec2")
		if a == nil || b == nil || c.out() == nil {
			return
		}
		// outer is self.reshape(-1, 1) * vec2
		col := a
		if autograd.RequiresGrad(a) {
			col = autograd.View(a, []int{-1, 1})
		} else {
			col = a.View([]int{-1, 1})
		}
		c.finish(autograd.RecordBinary(tensor.OpMul, tensor.TensorOperand(col), tensor.TensorOperand(b), tensor.IntS(1), c.out(), false))
	}
	gradRules["outer"], gradRules["ger"] = outer, outer
	gradRules["vdot"] = func(c *gradCtx) {
		a, b := c.in0(), tensorAt(c, 1, "other")
		if a != nil && b != nil && c.out() != nil {
			c.finish(autograd.RecordDot(a, b, c.out()).Renamed("VdotBackward0"))
		}
	}
	gradRules["index_fill"] = func(c *gradCtx) {
		idx := tensorAt(c, 2, "index")
		if c.in0() == nil || idx == nil {
			return
		}
		if v, ok := c.arg(3, "value").(*tensor.Tensor); ok && autograd.RequiresGrad(v) {
			return
		}
		c.finish(autograd.RecordIndexFill(c.in0(), gradIntOf(c.arg(1, "dim"), 0), idx, c.out()))
	}
	gradRules["masked_fill"] = func(c *gradCtx) {
		mask := tensorAt(c, 1, "mask")
		if mask == nil || c.in0() == nil {
			return
		}
		if v, ok := c.arg(2, "value").(*tensor.Tensor); ok {
			c.finish(autograd.RecordMaskedFillTensor(c.in0(), mask, v, c.out()))
			return
		}
		c.finish(autograd.RecordMaskedFill(c.in0(), mask, c.out()))
	}
	scalarClamp := gradRules["clamp"]
	tensorClamp := func(c *gradCtx) {
		lo, _ := c.arg(1, "min").(*tensor.Tensor)
		hi, _ := c.arg(2, "max").(*tensor.Tensor)
		if lo == nil && hi == nil {
			scalarClamp(c)
			return
		}
		c.finish(autograd.RecordClampTensor(c.in0(), lo, hi, c.out()))
	}
	gradRules["clamp"], gradRules["clip"] = tensorClamp, tensorClamp
	gradRules["floor_divide"] = func(c *gradCtx) {
		var ins []*tensor.Tensor
		for _, v := range c.a.All() {
			if t, ok := v.(*tensor.Tensor); ok {
				ins = append(ins, t)
			}
		}
		if c.out() != nil && c.out().DType().IsFloat() {
			c.finish(autograd.RecordNotImplemented("floor_divide", ins...))
		}
	}
	gradRules["broadcast_tensors"] = func(c *gradCtx) {
		outs, _ := c.r.(eval.Tuple)
		for i, v := range c.a.All() {
			in, ok1 := v.(*tensor.Tensor)
			if i >= len(outs) || !ok1 || !autograd.RequiresGrad(in) {
				continue
			}
			if out, ok := outs[i].(*tensor.Tensor); ok && out != in {
				autograd.RecordExpandView(in, out)
			}
		}
	}
	splitRule := gradRules["split"]
	gradRules["split"] = func(c *gradCtx) {
		if _, isInt := c.arg(1, "split_size").(eval.Int); isInt || c.arg(1, "split_size") == nil {
			splitRule(c)
			return
		}
		gradRules["split_with_sizes"](c)
	}
	gradRules["unfold"] = func(c *gradCtx) {
		if c.in0() == nil || c.out() == nil {
			return
		}
		autograd.RecordUnfold(c.in0(), gradIntOf(c.arg(1, "dimension"), 0), gradIntOf(c.arg(2, "size"), 0), gradIntOf(c.arg(3, "step"), 1), c.out())
	}
	rollRule := gradRules["roll"]
	gradRules["roll"] = func(c *gradCtx) {
		if dims, _ := dimsOf(c.arg(2, "dims")); len(dims) > 0 {
			rollRule(c)
			return
		}
		shifts, _ := dimsOf(c.arg(1, "shifts"))
		c.finish(autograd.RecordRoll(c.in0(), shifts, nil))
	}
	// column_stack and dstack reshape their inputs before cat.
	gradRules["column_stack"] = stackedCat(func(t *tensor.Tensor) []int {
		if t.Dim() <= 1 {
			return []int{t.Numel(), 1}
		}
		return nil
	}, 1)
	gradRules["dstack"] = stackedCat(func(t *tensor.Tensor) []int {
		switch t.Dim() {
		case 0:
			return []int{1, 1, 1}
		case 1:
			return []int{1, t.Numel(), 1}
		case 2:
			return []int{t.Shape()[0], t.Shape()[1], 1}
		}
		return nil
	}, 2)
}

// stackedCat records a join that reshapes each input (nil: as it is)
// and concatenates them along dim.
func stackedCat(shape func(t *tensor.Tensor) []int, dim int) func(c *gradCtx) {
	return func(c *gradCtx) {
		ts := tensorList(c.arg(0, "tensors"))
		if ts == nil || c.out() == nil {
			return
		}
		ins := make([]*tensor.Tensor, len(ts))
		for i, t := range ts {
			ins[i] = t
			if s := shape(t); s != nil {
				if autograd.RequiresGrad(t) {
					ins[i] = autograd.View(t, s)
				} else {
					ins[i] = t.View(s)
				}
			}
		}
		c.finish(autograd.RecordCat(ins, dim, c.out()))
	}
}

// tensorAt is the tensor argument at position i or keyword name (nil if
// absent or not a tensor).
func tensorAt(c *gradCtx, i int, name string) *tensor.Tensor {
	t, _ := c.arg(i, name).(*tensor.Tensor)
	return t
}

// outRejected raises PyTorch's error for an out= call whose operands
// require grad.
func outRejected(name string, a *eval.Args) {
	if v, ok := a.Kwarg("out"); ok {
		if _, isNone := v.(eval.NoneType); !isNone {
			eval.Throw("RuntimeError", errOutNoGrad, name)
		}
	}
}
