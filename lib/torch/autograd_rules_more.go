package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// products records dot, mv, mm, bmm and matmul.
func products() {
	gradRules["dot"] = pairRule(autograd.RecordDot)
	gradRules["vdot"] = pairRule(autograd.RecordDot)
	gradRules["mv"] = pairRule(autograd.RecordMv)
	gradRules["mm"] = pairRule(autograd.RecordMm)
	gradRules["bmm"] = pairRule(autograd.RecordBmm)
	gradRules["matmul"] = pairRule(recordMatmul)
}

// recordMatmul is matmul's node: the product it dispatches to.
func recordMatmul(a, b, out *tensor.Tensor) *autograd.Node {
	switch {
	case a.Dim() == 1 && b.Dim() == 1:
		return autograd.RecordDot(a, b, out)
	case a.Dim() == 2 && b.Dim() == 1:
		return autograd.RecordMv(a, b, out)
	case a.Dim() == 2 && b.Dim() == 2:
		return autograd.RecordMm(a, b, out)
	case a.Dim() == 1 && b.Dim() == 2:
		return autograd.RecordMatmul("SqueezeBackward3", a, b, out)
	case a.Dim() >= 3 && b.Dim() <= 2:
		return autograd.RecordFoldedMatmul(a, b, out)
	}
	return autograd.RecordMatmul("UnsafeViewBackward0", a, b, out)
}

func pairRule(rec func(a, b, out *tensor.Tensor) *autograd.Node) func(c *gradCtx) {
	return func(c *gradCtx) {
		all := c.a.All()
		if len(all) < 2 {
			if v, ok := c.a.Kw0(); ok {
				all = append(all, v)
			}
		}
		if len(all) < 2 {
			return
		}
		a, ok1 := all[0].(*tensor.Tensor)
		b, ok2 := all[1].(*tensor.Tensor)
		if !ok1 || !ok2 || c.out() == nil {
			return
		}
		c.finish(rec(a, b, c.out()))
	}
}

// reductions records sum, mean, prod, max, min, amax, amin, norm, std,
// var, cumsum and logsumexp.
func reductions() {
	sumMean := func(mean bool) func(c *gradCtx) {
		return func(c *gradCtx) {
			x, out := c.in0(), c.out()
			if x == nil || out == nil {
				return
			}
			dims, withDim := dimsOf(c.arg(1, "dim"))
			if _, isDT := c.arg(1, "dim").(eval.DTypeValue); isDT {
				withDim = false
			}
			keep := boolOf(c.arg(2, "keepdim"), false)
			if mean {
				c.finish(autograd.RecordMean(x, dims, keep, withDim, out))
				return
			}
			c.finish(autograd.RecordSum(x, dims, keep, withDim, out))
		}
	}
	gradRules["sum"] = sumMean(false)
	gradRules["mean"] = sumMean(true)
	gradRules["prod"] = func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil {
			return
		}
		d := c.arg(1, "dim")
		if _, ok := d.(eval.Int); !ok {
			c.finish(autograd.RecordProd(x, 0, false, false, out))
			return
		}
		c.finish(autograd.RecordProd(x, gradIntOf(d, 0), boolOf(c.arg(2, "keepdim"), false), true, out))
	}
	extremum := func(isMax bool, name string) func(c *gradCtx) {
		return func(c *gradCtx) {
			x := c.in0()
			if x == nil {
				return
			}
			switch r := c.r.(type) {
			case *tensor.Tensor:
				if other, ok := c.arg(1, "other").(*tensor.Tensor); ok {
					op := tensor.OpMaximum
					if !isMax {
						op = tensor.OpMinimum
					}
					c.finish(autograd.RecordBinary(op, tensor.TensorOperand(x), tensor.TensorOperand(other), tensor.IntS(1), r, false))
					return
				}
				c.finish(autograd.RecordMaxAll(name+"Backward1", x, r))
			case *eval.NamedTuple:
				vals, _ := r.Elems[0].(*tensor.Tensor)
				idx, _ := r.Elems[1].(*tensor.Tensor)
				if vals == nil || idx == nil || !vals.DType().IsFloat() {
					return
				}
				n := autograd.RecordSelectReduce(name+"Backward0", x, gradIntOf(c.arg(1, "dim"), 0), boolOf(c.arg(2, "keepdim"), false), idx, vals)
				autograd.SetHistory(vals, n, 0)
			}
		}
	}
	gradRules["max"] = extremum(true, "Max")
	gradRules["min"] = extremum(false, "Min")
	gradRules["median"] = extremum(true, "Median")
	gradRules["mode"] = extremum(true, "Mode")
	gradRules["median"] = func(c *gradCtx) {
		x := c.in0()
		switch r := c.r.(type) {
		case *tensor.Tensor:
			c.finish(autograd.RecordMaxAll("MedianBackward0", x, r))
		case *eval.NamedTuple:
			vals, _ := r.Elems[0].(*tensor.Tensor)
			idx, _ := r.Elems[1].(*tensor.Tensor)
			if vals != nil && idx != nil && vals.DType().IsFloat() {
				autograd.SetHistory(vals, autograd.RecordSelectReduce("MedianBackward1", x, gradIntOf(c.arg(1, "dim"), 0), boolOf(c.arg(2, "keepdim"), false), idx, vals), 0)
			}
		}
	}
	amax := func(name string) func(c *gradCtx) {
		return func(c *gradCtx) {
			x, out := c.in0(), c.out()
			if x == nil || out == nil {
				return
			}
			dims, _ := dimsOf(c.arg(1, "dim"))
			c.finish(autograd.RecordAmax(name, x, dims, boolOf(c.arg(2, "keepdim"), false), out))
		}
	}
	gradRules["amax"] = amax("AmaxBackward0")
	gradRules["amin"] = amax("AminBackward0")
	gradRules["norm"] = func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil {
			return
		}
		p := 2.0
		switch v := c.arg(1, "p").(type) {
		case eval.Int, eval.Float, eval.Bool:
			sc, _ := eval.ToScalar(v)
			p = sc.Float()
		case eval.Str:
			if v != "fro" {
				return
			}
		}
		dims, _ := dimsOf(c.arg(2, "dim"))
		keep := boolOf(c.arg(3, "keepdim"), false)
		if _, isNum := c.arg(1, "p").(eval.Float); !isNum && len(dims) == 2 && p == 2 {
			if _, isInt := c.arg(1, "p").(eval.Int); !isInt {
				// frobenius_norm: sqrt(sum(x * x, dims))
				c.finish(autograd.RecordFrobenius(x, dims, keep, out))
				return
			}
		}
		c.finish(autograd.RecordNorm("NormBackward1", x, p, dims, keep, out))
	}
	varStd := func(isStd bool) func(c *gradCtx) {
		return func(c *gradCtx) {
			x, out := c.in0(), c.out()
			if x == nil || out == nil {
				return
			}
			correction := 1.0
			var dims []int
			keep := false
			a1 := c.arg(1, "dim")
			if b, ok := a1.(eval.Bool); ok {
				if !b {
					correction = 0
				}
			} else {
				dims, _ = dimsOf(a1)
				if b, ok := c.arg(2, "unbiased").(eval.Bool); ok && !bool(b) {
					correction = 0
				}
				keep = boolOf(c.arg(3, "keepdim"), false)
			}
			if v, ok := c.a.Kwarg("correction"); ok {
				if sc, ok := eval.ToScalar(v); ok {
					correction = sc.Float()
				}
			}
			if v, ok := c.a.Kwarg("keepdim"); ok {
				keep = boolOf(v, false)
			}
			c.finish(autograd.RecordVarStd(isStd, x, dims, correction, keep, out))
		}
	}
	gradRules["std"] = varStd(true)
	gradRules["var"] = varStd(false)
	gradRules["cumsum"] = func(c *gradCtx) {
		if c.in0() == nil || c.out() == nil {
			return
		}
		c.finish(autograd.RecordCumsum(c.in0(), gradIntOf(c.arg(1, "dim"), 0), c.out()))
	}
	gradRules["logsumexp"] = func(c *gradCtx) {
		if c.in0() == nil || c.out() == nil {
			return
		}
		dims, _ := dimsOf(c.arg(1, "dim"))
		c.finish(autograd.RecordLogsumexp(c.in0(), dims, boolOf(c.arg(2, "keepdim"), false), c.out()))
	}
}

// viewNames are the view builtins and their nodes.
var viewNames = map[string]string{
	"view": "ViewBackward0", "view_as": "ViewBackward0", "unflatten": "ViewBackward0",
	"reshape": "ReshapeAliasBackward0", "reshape_as": "ReshapeAliasBackward0", "flatten": "ReshapeAliasBackward0",
	"t": "TBackward0", "transpose": "TransposeBackward0", "swapaxes": "TransposeBackward0", "swapdims": "TransposeBackward0",
	"permute": "PermuteBackward0", "movedim": "PermuteBackward0", "moveaxis": "PermuteBackward0",
	"unsqueeze": "UnsqueezeBackward0", "select": "SelectBackward0", "narrow": "SliceBackward0",
	"diagonal": "DiagonalBackward0", "unfold": "UnfoldBackward0",
}

// multiViewNames are the builtins returning several views.
var multiViewNames = map[string]string{
	"unbind": "UnbindBackward0", "split": "SplitBackward0", "chunk": "SplitBackward0",
	"split_with_sizes": "SplitWithSizesBackward0",
}

func viewRules() {
	for name, node := range viewNames {
		node := node
		gradRules[name] = func(c *gradCtx) { recordViewResult(c, node) }
	}
	gradRules["squeeze"] = func(c *gradCtx) {
		node := "SqueezeBackward0"
		if c.arg(1, "dim") != nil {
			node = "SqueezeBackward1"
		}
		recordViewResult(c, node)
	}
	for name, node := range multiViewNames {
		node := node
		gradRules[name] = func(c *gradCtx) {
			x := c.in0()
			var outs []*tensor.Tensor
			if tup, ok := c.r.(eval.Tuple); ok {
				outs = tensorList(tup)
			}
			if x == nil || outs == nil {
				return
			}
			autograd.RecordViews(node, x, outs)
		}
	}
	expand := func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil || out == x {
			return
		}
		autograd.RecordExpandView(x, out)
	}
	gradRules["expand"], gradRules["expand_as"], gradRules["broadcast_to"] = expand, expand, expand
	gradRules["as_strided"] = func(c *gradCtx) {
		if x, out := c.in0(), c.out(); x != nil && out != nil {
			autograd.RecordAsStrided(x, out)
		}
	}
}

// recordViewResult records a view builtin's result: a view of the input
// (node), a copy (reshape of a tensor that cannot be viewed), or the
// input itself (nothing).
func recordViewResult(c *gradCtx, node string) {
	x, out := c.in0(), c.out()
	if x == nil || out == nil || out == x || out.DType() != x.DType() {
		return
	}
	if !tensor.SameStorage(x.Storage(), out.Storage()) {
		// _unsafe_view(self.clone(contiguous), shape), as ATen's reshape
		cl := x.Contiguous()
		autograd.SetHistory(cl, autograd.RecordClone(x), 0)
		autograd.SetHistory(out, autograd.RecordReshapeCopy(cl), 0)
		return
	}
	autograd.RecordView(node, x, out)
}
