package eval

import (
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
	if _, named := c.arg(1, "dim").(Str); named || index == nil || sv == nil || c.arg(4, "reduce") != nil && base == "scatter" {
		c.unsupported()
	}
	src, _ := sv.(*tensor.Tensor)
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
	if src != nil && !sameShape(src.Shape(), pos.Shape()) {
		c.unsupported()
	}
	alpha := 1.0
	if base == "index_add" {
		if v := c.arg(4, "alpha"); v != nil {
			if sc, ok := ToScalar(v); ok {
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
