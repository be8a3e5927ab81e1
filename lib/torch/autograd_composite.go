package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The functions PyTorch builds from other operations (CompositeImplicit):
// with an input that requires grad, their result is computed again by the
// same operations, recorded, so that grad_fn and the graph are PyTorch's
// (l1_loss: MeanBackward0 over AbsBackward0 over SubBackward0).

// call runs the tensor method name on self through autograd.
func (c *gradCtx) call(name string, self eval.Value, pos ...eval.Value) eval.Value {
	return gradCall(c.s, eval.TensorMethods[name], (&eval.Args{Name: name, Self: self, Pos: pos}).Bind(c.s))
}

func init() {
	gradRules["l1_loss"] = func(c *gradCtx) {
		x, _ := c.arg(0, "input").(*tensor.Tensor)
		y, _ := c.arg(1, "target").(*tensor.Tensor)
		if x == nil || y == nil {
			c.unsupported()
		}
		d := c.call("abs", c.call("sub", x, y))
		switch c.lossReduction(2, 3, 4) {
		case 0:
			c.r = d
		case 2:
			c.r = c.call("sum", d)
		default:
			c.r = c.call("mean", d)
		}
	}
	gradRules["diff"] = func(c *gradCtx) {
		x := c.in0()
		if x == nil || x.Dim() == 0 {
			c.unsupported()
		}
		n, dim := gradIntOf(c.arg(1, "n"), 1), tensor.WrapDim(gradIntOf(c.arg(2, "dim"), -1), x.Dim())
		var r eval.Value = diffJoined(c, x, dim)
		for k := 0; k < n; k++ {
			size := r.(*tensor.Tensor).Shape()[dim]
			if size == 0 {
				break
			}
			hi := c.call("narrow", r, eval.MakeInt(int64(dim)), eval.MakeInt(1), eval.MakeInt(int64(size-1)))
			lo := c.call("narrow", r, eval.MakeInt(int64(dim)), eval.MakeInt(0), eval.MakeInt(int64(size-1)))
			r = c.call("sub", hi, lo)
		}
		c.r = r
	}
	gradRules["normalize"] = func(c *gradCtx) {
		x := c.in0()
		if x == nil || c.arg(4, "out") != nil {
			c.unsupported()
		}
		p, dim, eps := c.arg(1, "p"), c.arg(2, "dim"), c.arg(3, "eps")
		if p == nil {
			p = eval.Float(2)
		}
		if dim == nil {
			dim = eval.MakeInt(1)
		}
		if eps == nil {
			eps = eval.Float(1e-12)
		}
		denom := c.call("expand_as", c.call("clamp_min", c.call("norm", x, p, dim, eval.Bool(true)), eps), x)
		c.r = c.call("div", x, denom)
	}
	gradRules["linear"] = func(c *gradCtx) {
		x, _ := c.arg(0, "input").(*tensor.Tensor)
		w, _ := c.arg(1, "weight").(*tensor.Tensor)
		b := c.arg(2, "bias")
		if x == nil || w == nil {
			c.unsupported()
		}
		bt, hasB := b.(*tensor.Tensor)
		if hasB && x.Dim() == 2 {
			// PyTorch's addmm(bias, input, weight.t())
			wt, out := c.call("t", w).(*tensor.Tensor), c.out()
			if wt == nil || out == nil {
				c.unsupported()
			}
			c.finish(autograd.RecordAddmm(bt, x, wt, out))
			return
		}
		if hasB && x.Dim() > 2 {
			linearNd(c, x, w, bt) // autograd_rules_surface3.go
			return
		}
		r := c.call("matmul", x, c.call("t", w))
		if b != nil && b != eval.Value(eval.None) {
			r = c.call("add", r, b)
		}
		c.r = r
	}
}

func init() {
	// meshgrid(indexing='ij'): each input viewed along its dim and
	// expanded (ExpandBackward0 over ViewBackward0), as PyTorch does
	gradRules["meshgrid"] = func(c *gradCtx) {
		if v, ok := c.a.Kwarg("indexing"); ok && v != eval.Value(eval.Str("ij")) && v != eval.Value(eval.Str("xy")) && v != eval.Value(eval.None) {
			c.unsupported()
		}
		ins := c.a.Pos
		if len(ins) == 1 {
			if _, isT := ins[0].(*tensor.Tensor); !isT {
				ins = eval.IterateAll(ins[0])
			}
		}
		xy := false
		if v, ok := c.a.Kwarg("indexing"); ok && v == eval.Value(eval.Str("xy")) && len(ins) >= 2 {
			// PyTorch swaps the first two inputs, then the first two results
			xy = true
			ins = append([]eval.Value{ins[1], ins[0]}, ins[2:]...)
		}
		shape := make([]eval.Value, len(ins))
		for i, v := range ins {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				c.unsupported()
			}
			shape[i] = eval.MakeInt(int64(t.Numel()))
		}
		res := make(eval.Tuple, len(ins))
		for i, v := range ins {
			vs := make([]eval.Value, len(ins))
			for j := range vs {
				vs[j] = eval.MakeInt(1)
			}
			vs[i] = shape[i]
			res[i] = c.call("expand", c.call("view", v, vs...), shape...)
		}
		if xy {
			res[0], res[1] = res[1], res[0]
		}
		c.r = res
	}
}

func init() {
	// nanmean: nansum over the count of the numbers (DivBackward0 over
	// NansumBackward0), as PyTorch computes it
	gradRules["nanmean"] = func(c *gradCtx) {
		x := c.in0()
		if x == nil {
			return
		}
		dim, kd, dt := c.arg(1, "dim"), c.arg(2, "keepdim"), c.arg(3, "dtype")
		if dim == nil {
			dim = eval.None
		}
		if kd == nil {
			kd = eval.Bool(false)
		}
		if dt == nil {
			dt = eval.None
		}
		cnt := c.call("sum", c.call("eq", x, x), dim, kd)
		ns := gradCall(c.s, eval.TensorMethods["nansum"], (&eval.Args{Name: "nansum", Self: x, Pos: []eval.Value{dim, kd},
			Kw: []eval.KwArg{{Name: "dtype", Value: dt}}}).Bind(c.s))
		c.r = c.call("div", ns, cnt)
	}
}

// diffJoined is diff's input with its prepend and append joined along
// dim (CatBackward0), as PyTorch's prepend_append_on_dim does.
func diffJoined(c *gradCtx, x *tensor.Tensor, dim int) eval.Value {
	var ts []*tensor.Tensor
	for _, v := range []eval.Value{c.arg(3, "prepend"), x, c.arg(4, "append")} {
		if v == nil || v == eval.Value(eval.None) {
			continue
		}
		t, ok := v.(*tensor.Tensor)
		if !ok {
			c.unsupported()
		}
		ts = append(ts, t)
	}
	if len(ts) == 1 {
		return x
	}
	out := tensor.Cat(ts, dim)
	autograd.SetHistory(out, autograd.RecordCat(ts, dim, out), 0)
	return out
}
