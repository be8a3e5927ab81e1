package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// Derivatives of issue 17's leftovers, with PyTorch 1.13's graphs:
// repeat_interleave (index_select of the flattened input), block_diag,
// cartesian_prod (meshgrid, flatten, stack), masked_scatter, aminmax and
// scatter with reduce= (PyTorch's NotImplemented nodes), and F.linear on
// inputs of 3 or more dims.

// callTorch runs torch.name through autograd.
func (c *gradCtx) callTorch(name string, pos ...eval.Value) eval.Value {
	return gradCall(c.s, eval.TorchFuncs[name], (&eval.Args{Name: name, Pos: pos}).Bind(c.s))
}

func init() {
	gradRules["repeat_interleave"] = func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil {
			return
		}
		pos, ok := c.rerunOn(autograd.Positions(x)).(*tensor.Tensor)
		if !ok || pos.Numel() != out.Numel() {
			c.unsupported()
		}
		in := x
		if d := c.arg(2, "dim"); d == nil || d == eval.Value(eval.None) {
			// PyTorch flattens the input first (a reshape)
			flat, isT := c.call("reshape", x, eval.MakeInt(-1)).(*tensor.Tensor)
			if !isT {
				c.unsupported()
			}
			in = flat
		}
		c.finish(autograd.RecordPick("IndexSelectBackward0", in, pos, out))
	}
	gradRules["block_diag"] = func(c *gradCtx) {
		ins := tensorArgs(c.a, "block_diag")
		if out := c.out(); out != nil {
			c.finish(autograd.RecordBlockDiag(ins, out))
		}
	}
	gradRules["cartesian_prod"] = func(c *gradCtx) {
		ins := c.a.Pos
		if len(ins) < 2 {
			if len(ins) == 1 {
				c.r = c.call("view_as", ins[0], ins[0])
			}
			return
		}
		grids, ok := gradCall(c.s, eval.TorchFuncs["meshgrid"], (&eval.Args{Name: "meshgrid", Pos: ins,
			Kw: []eval.KwArg{{Name: "indexing", Value: eval.Str("ij")}}}).Bind(c.s)).(eval.Tuple)
		if !ok {
			c.unsupported()
		}
		flat := make([]*tensor.Tensor, len(grids))
		for i, g := range grids {
			t, isT := c.call("flatten", g).(*tensor.Tensor)
			if !isT {
				c.unsupported()
			}
			flat[i] = t
		}
		out := tensor.Stack(flat, 1)
		autograd.SetHistory(out, autograd.RecordStack(flat, 1, out), 0)
		c.r = out
	}
	gradRules["masked_scatter"] = func(c *gradCtx) {
		self, out := c.in0(), c.out()
		mask, _ := c.arg(1, "mask").(*tensor.Tensor)
		src, _ := c.arg(2, "source").(*tensor.Tensor)
		if self == nil || out == nil || mask == nil || src == nil {
			c.unsupported()
		}
		c.finish(autograd.RecordMaskedScatter(self, mask, src, out))
	}
	gradRules["aminmax"] = func(c *gradCtx) {
		x := c.in0()
		r, ok := c.r.(*eval.NamedTuple)
		if x == nil || !ok {
			c.unsupported()
		}
		outs := tensorList(r.Elems)
		if len(outs) != 2 || !outs[0].DType().IsFloat() {
			return
		}
		autograd.RecordNotImplementedOutputs("aminmax", outs, x)
	}
}

// scatterReduce records scatter(..., reduce=): PyTorch 1.13 has no
// derivative for it (grad_fn=<NotImplemented>; backward raises).
func scatterReduce(c *gradCtx, self, src *tensor.Tensor) {
	c.finish(autograd.RecordNotImplemented("scatter", self, src))
}

// linearNd is F.linear(input, weight, bias) for an input of 3 or more
// dims: a contiguous 3-d input goes through addmm on its (N*L, C) view
// (ViewBackward0 over AddmmBackward0); the others through matmul and add.
func linearNd(c *gradCtx, x, w, b *tensor.Tensor) {
	out := c.out()
	if x.Dim() == 3 && x.IsContiguous() && out != nil {
		s := x.Shape()
		xs, ok1 := c.call("view", x, eval.MakeInt(int64(s[0]*s[1])), eval.MakeInt(int64(s[2]))).(*tensor.Tensor)
		wt, ok2 := c.call("t", w).(*tensor.Tensor)
		if !ok1 || !ok2 {
			c.unsupported()
		}
		flat := out.Contiguous().View([]int{s[0] * s[1], out.Shape()[2]})
		autograd.SetHistory(flat, autograd.RecordAddmm(b, xs, wt, flat), 0)
		c.r = c.call("view", flat, eval.MakeInt(int64(s[0])), eval.MakeInt(int64(s[1])), eval.MakeInt(int64(out.Shape()[2])))
		return
	}
	c.r = c.call("add", c.call("matmul", x, c.call("t", w)), b)
}

// cdistMM records cdist's matrix-product form (p=2, more than 25 rows or
// compute_mode='use_mm_for_euclid_dist'): _euclidean_dist, viewed as the
// result (ViewBackward0 over EuclideanDistBackward0); batched inputs are
// first expanded to the common batch and viewed as (batch, rows, cols),
// as ATen's cdist_impl does.
func cdistMM(c *gradCtx, a, b, out *tensor.Tensor) {
	batch, err := broadcast.Shapes(a.Shape()[:a.Dim()-2], b.Shape()[:b.Dim()-2])
	if err != nil || a.Numel() == 0 || b.Numel() == 0 {
		c.unsupported()
	}
	n := tensor.Numel(batch)
	if n == 1 {
		res := out.View(out.Shape())
		autograd.SetHistory(res, autograd.RecordEuclideanDist(a, b, res), 0)
		autograd.RecordView("ViewBackward0", res, out)
		return
	}
	flat := func(t *tensor.Tensor) *tensor.Tensor {
		r, k := t.Size(-2), t.Size(-1)
		full := intValues(append(append([]int{}, batch...), r, k))
		e := c.call("contiguous", c.call("expand", t, full...))
		v, ok := c.call("view", e, eval.MakeInt(int64(n)), eval.MakeInt(int64(r)), eval.MakeInt(int64(k))).(*tensor.Tensor)
		if !ok {
			c.unsupported()
		}
		return v
	}
	ae, be := flat(a), flat(b)
	res := out.Contiguous().View([]int{n, a.Size(-2), b.Size(-2)})
	autograd.SetHistory(res, autograd.RecordEuclideanDist(ae, be, res), 0)
	c.r = c.call("view", res, intValues(out.Shape())...)
}

// padRule records F.pad: the constant mode places each element once (a
// pad value other than 0 is set to 0 for finding where); replicate and
// reflect read elements several times (ReplicationPad1DBackward0 ...,
// the gradient summed back); circular padding too, under the CopySlices
// node its copies end with in PyTorch.
func padRule(c *gradCtx) {
	mode := "constant"
	if m, ok := c.arg(2, "mode").(eval.Str); ok {
		mode = string(m)
	}
	x, out := c.in0(), c.out()
	pad, _ := dimsOf(c.arg(1, "pad"))
	if x == nil || out == nil {
		c.unsupported()
	}
	switch mode {
	case "constant":
		if v := c.arg(3, "value"); v != nil && v != eval.Value(eval.None) {
			if sc, ok := eval.ToScalar(v); !ok || sc.Float() != 0 {
				// the marks must not be taken for the pad value
				b := *c.a
				b.Kw = append([]eval.KwArg{}, b.Kw...)
				if len(b.Pos) > 3 {
					b.Pos = append(append([]eval.Value{}, b.Pos[:3]...), eval.Float(0))
				}
				for i := range b.Kw {
					if b.Kw[i].Name == "value" {
						b.Kw[i].Value = eval.Float(0)
					}
				}
				c2 := *c
				c2.a = &b
				embedRule("ConstantPadNdBackward0")(&c2)
				return
			}
		}
		embedRule("ConstantPadNdBackward0")(c)
	case "replicate", "reflect", "circular":
		node := map[string]string{"replicate": "ReplicationPad", "reflect": "ReflectionPad"}[mode]
		node += string(rune('0'+len(pad)/2)) + "DBackward0"
		if mode == "circular" {
			// PyTorch's _pad_circular copies slices into a new tensor
			node = "CopySlices"
		}
		pos, ok := c.rerunOn(autograd.Positions(x)).(*tensor.Tensor)
		if !ok || pos.Numel() != out.Numel() {
			c.unsupported()
		}
		c.finish(autograd.RecordPick(node, x, pos, out))
	default:
		c.unsupported()
	}
}
