package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The derivatives of issue 17's functions (tools/autograd/derivatives.yaml):
// the selections record the positions they pick, by running the builtin
// again on arange(numel).view(shape); the others have their formulas in
// runtime/autograd/select.go.

// gradUnsupported are the functions of issue 17 without a derivative yet:
// with an input that requires grad in grad mode they raise
// NotImplementedError rather than return a result without grad_fn.
var gradUnsupported = map[string]bool{}

func init() {
	for _, name := range []string{
		"scatter_reduce", "index_reduce", "kron", "tensordot", "slogdet", "logdet", "matrix_power", "matrix_exp",
		"take_along_dim", "msort",
	} {
		gradUnsupported[name] = true
	}
	for _, name := range []string{"gather", "index_select", "take", "masked_select", "rot90"} {
		gradRules[name] = pickRule
	}
	gradRules["sort"] = sortedRule("SortBackward0", 1, -1)
	gradRules["topk"] = sortedRule("TopkBackward0", 2, -1)
	gradRules["kthvalue"] = sortedRule("KthvalueBackward0", 2, 3)
	gradRules["trace"] = func(c *gradCtx) {
		if x, out := c.in0(), c.out(); x != nil && out != nil {
			c.finish(autograd.RecordTrace(x, out))
		}
	}
	gradRules["softmax"] = softmaxRule(false)
	gradRules["log_softmax"] = softmaxRule(true)
	gradRules["gelu"] = func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil {
			return
		}
		tanh := false
		switch v := c.arg(1, "approximate").(type) {
		case nil:
		case eval.Str:
			tanh = v == "tanh"
		default:
			c.unsupported()
		}
		c.finish(autograd.RecordGelu(x, tanh, out))
	}
	gradRules["mse_loss"] = func(c *gradCtx) {
		x, _ := c.arg(0, "input").(*tensor.Tensor)
		y, _ := c.arg(1, "target").(*tensor.Tensor)
		out := c.out()
		if x == nil || y == nil || out == nil {
			return
		}
		c.finish(autograd.RecordMseLoss(x, y, c.lossReduction(2, 3, 4), out))
	}
	gradRules["nll_loss"] = nllRule(false)
	gradRules["cross_entropy"] = nllRule(true)
}

// unsupported raises the error of a call autograd cannot differentiate.
func (c *gradCtx) unsupported() {
	name := c.name
	if len(name) > 7 && name[:7] == "linalg_" {
		name = "linalg." + name[7:]
	}
	eval.Throw("NotImplementedError", errGradUnsupported, name)
}

// guarded tells whether a call without a rule must raise: one of
// issue 17's functions (or torch.linalg's) with a floating result.
func (c *gradCtx) guarded() bool {
	if !gradUnsupported[c.name] && !(len(c.name) > 7 && c.name[:7] == "linalg_") {
		return false
	}
	return hasFloatTensor(c.r)
}

// hasFloatTensor tells whether v is or holds a floating tensor (the
// results autograd would give a grad_fn).
func hasFloatTensor(v eval.Value) bool {
	switch x := v.(type) {
	case *tensor.Tensor:
		return x.DType().IsFloat()
	case eval.Tuple:
		for _, e := range x {
			if hasFloatTensor(e) {
				return true
			}
		}
	case *eval.List:
		for _, e := range x.Elems {
			if hasFloatTensor(e) {
				return true
			}
		}
	case *eval.NamedTuple:
		return hasFloatTensor(x.Elems)
	}
	return false
}

// rerunOn runs the builtin again with its input (receiver or first
// argument) replaced by t.
func (c *gradCtx) rerunOn(t *tensor.Tensor) eval.Value {
	b := *c.a
	if _, ok := b.Self.(*tensor.Tensor); ok {
		b.Self = t
	} else if len(b.Pos) > 0 {
		b.Pos = append([]eval.Value{t}, b.Pos[1:]...)
	} else {
		b.Kw = append([]eval.KwArg{}, b.Kw...)
		for i := range b.Kw {
			if b.Kw[i].Name == "input" {
				b.Kw[i].Value = t
			}
		}
	}
	return c.fn.Fn(&b)
}

// pickRule records a selection: the builtin run on the positions gives
// the flat position of each element of the result.
func pickRule(c *gradCtx) {
	x, out := c.in0(), c.out()
	if x == nil || out == nil || c.inplace {
		return
	}
	pos, ok := c.rerunOn(autograd.Positions(x)).(*tensor.Tensor)
	if !ok || pos.Numel() != out.Numel() {
		c.unsupported()
	}
	c.finish(autograd.RecordPick(nodeName(c.name), x, pos, out))
}

// nodeName is the node of a selection: GatherBackward0...
func nodeName(name string) string {
	switch name {
	case "gather":
		return "GatherBackward0"
	case "index_select":
		return "IndexSelectBackward0"
	case "take":
		return "TakeBackward0"
	case "masked_select":
		return "MaskedSelectBackward0"
	}
	return "Rot90Backward0"
}

// sortedRule records the values of sort, topk or kthvalue: the positions
// of the indices they return, along dim (argument dimAt, default -1);
// keepAt is kthvalue's keepdim.
func sortedRule(node string, dimAt, keepAt int) func(c *gradCtx) {
	return func(c *gradCtx) {
		x := c.in0()
		var elems eval.Tuple
		switch r := c.r.(type) {
		case *eval.NamedTuple:
			elems = r.Elems
		case eval.Tuple:
			elems = r
		}
		if x == nil || len(elems) != 2 {
			return
		}
		vals, _ := elems[0].(*tensor.Tensor)
		idx, _ := elems[1].(*tensor.Tensor)
		if vals == nil || idx == nil {
			return
		}
		if _, isName := c.arg(dimAt, "dim").(eval.Str); isName {
			c.unsupported()
		}
		dim := gradIntOf(c.arg(dimAt, "dim"), -1)
		pos := autograd.Positions(x)
		if x.Dim() > 0 {
			dim = tensor.WrapDim(dim, x.Dim())
			if keepAt > 0 && !boolOf(c.arg(keepAt, "keepdim"), false) {
				idx = idx.Unsqueeze(dim)
			}
			pos = tensor.Gather(pos, dim, idx)
		}
		autograd.SetHistory(vals, autograd.RecordPick(node, x, pos, vals), 0)
	}
}

// softmaxRule records softmax or log_softmax along their dim (F's
// implicit dim when None).
func softmaxRule(log bool) func(c *gradCtx) {
	return func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil {
			return
		}
		for _, v := range append(c.a.All(), c.arg(99, "dtype")) {
			if _, isDT := v.(eval.DTypeValue); isDT {
				c.unsupported()
			}
		}
		var dim int
		switch v := c.arg(1, "dim").(type) {
		case nil, eval.NoneType:
			if n := x.Dim(); n != 0 && n != 1 && n != 3 {
				dim = 1
			}
		case eval.Int, eval.Bool:
			dim = gradIntOf(v, 0)
		default:
			c.unsupported()
		}
		c.finish(autograd.RecordSoftmax(x, out, dim, log))
	}
}

// lossReduction reads a loss's reduction= (at position at); the legacy
// size_average= and reduce= (at sa and re) are not differentiated.
func (c *gradCtx) lossReduction(sa, re, at int) int {
	for i, name := range []string{"size_average", "reduce"} {
		if v := c.arg([]int{sa, re}[i], name); v != nil && v != eval.Value(eval.None) {
			c.unsupported()
		}
	}
	switch c.arg(at, "reduction") {
	case eval.Str("sum"):
		return autograd.ReduceSum
	case eval.Str("none"):
		return autograd.ReduceNone
	}
	return autograd.ReduceMean
}

// nllRule records nll_loss, or cross_entropy as nll_loss of log_softmax
// (its grad_fn NllLossBackward0 over LogSoftmaxBackward0).
func nllRule(fromLogits bool) func(c *gradCtx) {
	return func(c *gradCtx) {
		x, _ := c.arg(0, "input").(*tensor.Tensor)
		y, _ := c.arg(1, "target").(*tensor.Tensor)
		out := c.out()
		if out != nil && autograd.GradFn(out) != nil {
			return // composed of recorded operations (torch_nnf_loss.go)
		}
		if x == nil || y == nil || out == nil || x.Dim() > 2 || y.DType().IsFloat() {
			c.unsupported()
		}
		var weight *tensor.Tensor
		if w := c.arg(2, "weight"); w != nil && w != eval.Value(eval.None) {
			weight, _ = w.(*tensor.Tensor)
			if weight == nil || autograd.RequiresGrad(weight) {
				c.unsupported()
			}
		}
		if fromLogits {
			if v := c.arg(7, "label_smoothing"); v != nil {
				if f, ok := eval.ToScalar(v); !ok || f.Float() != 0 {
					c.unsupported()
				}
			}
			ls := tensor.Softmax(x, x.Dim()-1, true)
			autograd.SetHistory(ls, autograd.RecordSoftmax(x, ls, x.Dim()-1, true), 0)
			x = ls
		}
		red := c.lossReduction(3, 5, 6)
		ignore := gradIntOf(c.arg(4, "ignore_index"), -100)
		c.finish(autograd.RecordNllLoss(x, y, weight, red, ignore, out))
	}
}

func init() {
	gradRules["det"] = func(c *gradCtx) {
		if x, out := c.in0(), c.out(); x != nil && out != nil {
			c.realOnly(x)
			c.finish(autograd.RecordDet(x, out))
		}
	}
	gradRules["inv"] = func(c *gradCtx) {
		if x, out := c.in0(), c.out(); x != nil && out != nil {
			c.realOnly(x)
			c.finish(autograd.RecordInv(x, out))
		}
	}
	gradRules["inverse"] = gradRules["inv"]
	gradRules["linalg_det"], gradRules["linalg_inv"] = gradRules["det"], gradRules["inv"]
	gradRules["solve"] = func(c *gradCtx) {
		a, _ := c.arg(0, "A").(*tensor.Tensor)
		b, _ := c.arg(1, "B").(*tensor.Tensor)
		out := c.out()
		if a == nil || b == nil || out == nil {
			return
		}
		c.realOnly(a)
		if v, ok := c.a.Kwarg("left"); ok && !boolOf(v, true) {
			c.finish(autograd.RecordSolveRight(a, b, out))
			return
		}
		c.finish(autograd.RecordSolve(a, b, out))
	}
	gradRules["linalg_solve"] = gradRules["solve"]
}

// realOnly refuses the complex inputs the formulas do not conjugate.
func (c *gradCtx) realOnly(t *tensor.Tensor) {
	if !t.DType().IsFloat() {
		c.unsupported()
	}
}

func init() {
	gradRules["std_mean"] = varMeanRule(true, stdMeanParser)
	gradRules["var_mean"] = varMeanRule(false, varMeanParser)
}

// varMeanRule records std_mean or var_mean (as stdVarMean reads its
// arguments).
func varMeanRule(isStd bool, p *argParser) func(c *gradCtx) {
	return func(c *gradCtx) {
		r := p.parse(c.a)
		x := r.tensor("input")
		res, ok := c.r.(eval.Tuple)
		if !ok || len(res) != 2 || r.idx >= 3 {
			c.unsupported()
		}
		v, _ := res[0].(*tensor.Tensor)
		m, _ := res[1].(*tensor.Tensor)
		if v == nil || m == nil {
			return
		}
		correction := 1.0
		if !r.bool("unbiased", true) {
			correction = 0
		}
		if r.has("correction") {
			correction = float64(r.int("correction", 1))
		}
		autograd.RecordVarStdMean(isStd, x, r.ints("dim"), correction, r.bool("keepdim", false), v, m)
	}
}
