package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// scatter, scatter_add, index_add and index_copy (and their in-place
// forms): the positions of the source's elements in the result are
// gather's (index_select's) on arange(numel).view(shape).

func init() {
	for _, name := range []string{"scatter", "scatter_add", "index_add", "index_copy"} {
		gradRules[name] = scatterRule
	}
}

func scatterRule(c *gradCtx) {
	self, out := c.in0(), c.out()
	if self == nil || out == nil {
		return
	}
	base := c.name
	if c.inplace {
		base = base[:len(base)-1]
	}
	srcName := "src"
	if base == "index_add" || base == "index_copy" {
		srcName = "source"
	}
	index, _ := c.arg(2, "index").(*tensor.Tensor)
	sv := c.arg(3, srcName)
	if sv == nil {
		sv = c.arg(3, "value")
	}
	if _, named := c.arg(1, "dim").(eval.Str); named || index == nil || sv == nil {
		c.unsupported()
	}
	src, _ := sv.(*tensor.Tensor)
	if r := c.arg(4, "reduce"); r != nil && r != eval.Value(eval.None) && base == "scatter" {
		scatterReduce(c, self, src) // autograd_rules_surface3.go
		return
	}
	dim := gradIntOf(c.arg(1, "dim"), 0)
	pos := autograd.Positions(self)
	if self.Dim() > 0 {
		dim = tensor.WrapDim(dim, self.Dim())
	}
	if base == "index_add" || base == "index_copy" {
		if self.Dim() > 0 {
			pos = tensor.IndexSelect(pos, dim, index)
		} else {
			pos = pos.Reshape([]int{1}).GetItem([]tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: index}}, false, nil)
		}
	} else {
		pos = tensor.Gather(pos, dim, index)
	}
	alpha := 1.0
	if base == "index_add" {
		if v := c.arg(4, "alpha"); v != nil {
			if sc, ok := eval.ToScalar(v); ok {
				alpha = sc.Float()
			}
		}
	}
	node := map[string]string{"scatter": "ScatterBackward0", "scatter_add": "ScatterAddBackward0",
		"index_add": "IndexAddBackward0", "index_copy": "IndexCopyBackward0"}[base]
	if src == nil {
		node = "ScatterBackward1"
	}
	overwrite := base == "scatter" || base == "index_copy"
	c.finish(autograd.RecordScatter(node, self, src, pos, overwrite, alpha, out))
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func init() {
	gradRules["diag_embed"] = embedRule("DiagEmbedBackward0")
	gradRules["pad"] = padRule // autograd_rules_surface3.go
}

// embedRule records an operation that places each input element at most
// once in its result: run on arange(1, numel+1) (zeros elsewhere, as the
// pad value is), its result tells where each element went.
func embedRule(node string) func(c *gradCtx) {
	return func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil || c.inplace {
			c.unsupported()
		}
		marks, ok := c.rerunOn(tensor.Arange(tensor.IntS(1), tensor.IntS(int64(x.Numel()+1)), tensor.IntS(1), tensor.Int64).View(x.Shape())).(*tensor.Tensor)
		if !ok || marks.Numel() != out.Numel() {
			c.unsupported()
		}
		pos := make([]int64, x.Numel())
		for k := range pos {
			pos[k] = -1
		}
		mc := marks.Contiguous()
		for j := 0; j < mc.Numel(); j++ {
			m := mc.Storage().Get(mc.Offset() + j).Int()
			if m > 0 {
				if pos[m-1] >= 0 {
					c.unsupported() // an element placed twice
				}
				pos[m-1] = int64(j)
			}
		}
		c.finish(autograd.RecordEmbed(node, x, pos, out))
	}
}

func init() {
	crossRule := func(c *gradCtx) {
		a, _ := c.arg(0, "input").(*tensor.Tensor)
		b, _ := c.arg(1, "other").(*tensor.Tensor)
		out := c.out()
		if a == nil || b == nil || out == nil || !out.DType().IsFloat() {
			c.unsupported()
		}
		dv := c.arg(2, "dim")
		dim := -1
		if dv == nil || dv == eval.Value(eval.None) {
			if c.name == "cross" {
				for i, s := range out.Shape() {
					if s == 3 {
						dim = i
						break
					}
				}
			}
		} else {
			dim = gradIntOf(dv, -1)
		}
		c.finish(autograd.RecordCross(a, b, tensor.WrapDim(dim, out.Dim()), out))
	}
	gradRules["cross"], gradRules["linalg_cross"] = crossRule, crossRule
}

func init() {
	gradRules["nansum"] = func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if x == nil || out == nil {
			return
		}
		// with dtype=, the gradient is cast back to x's dtype (the engine)
		dims, _ := dimsOf(c.arg(1, "dim"))
		c.finish(autograd.RecordNansum(x, dims, boolOf(c.arg(2, "keepdim"), false), out))
	}
}

func init() {
	gradRules["cdist"] = func(c *gradCtx) {
		a, _ := c.arg(0, "x1").(*tensor.Tensor)
		b, _ := c.arg(1, "x2").(*tensor.Tensor)
		out := c.out()
		if a == nil || b == nil || out == nil || a.Dim() < 2 {
			c.unsupported()
		}
		p := 2.0
		if v := c.arg(2, "p"); v != nil {
			sc, ok := eval.ToScalar(v)
			if !ok {
				c.unsupported()
			}
			p = sc.Float()
		}
		mode := c.arg(3, "compute_mode")
		rows, cols := a.Shape()[a.Dim()-2], b.Shape()[b.Dim()-2]
		// PyTorch's matrix-product form for p=2 records other nodes
		mm := mode == eval.Value(eval.Str("use_mm_for_euclid_dist")) ||
			(mode == nil || mode == eval.Value(eval.None) || mode == eval.Value(eval.Str("use_mm_for_euclid_dist_if_necessary"))) && (rows > 25 || cols > 25)
		if p == 2 && mm && a.Numel() > 0 && b.Numel() > 0 {
			cdistMM(c, a, b, out) // autograd_rules_surface3.go
			return
		}
		c.finish(autograd.RecordCdist(a, b, p, out))
	}
}

func init() {
	// put: source lands at take's positions (added with accumulate=True)
	gradRules["put"] = func(c *gradCtx) {
		self, out := c.in0(), c.out()
		index, _ := c.arg(1, "index").(*tensor.Tensor)
		src, _ := c.arg(2, "source").(*tensor.Tensor)
		if self == nil || out == nil || index == nil || src == nil || src.Numel() != index.Numel() {
			c.unsupported()
		}
		// grad.take(index).reshape_as(source)
		pos := tensor.Take(autograd.Positions(self), index).Reshape(src.Shape())
		overwrite := !boolOf(c.arg(3, "accumulate"), false)
		c.finish(autograd.RecordScatter("PutBackward0", self, src, pos, overwrite, 1, out))
	}
}
