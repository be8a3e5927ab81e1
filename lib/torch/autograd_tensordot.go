package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// tensordot, as ATen composes it: each input permuted (contracted dims
// last for the first, first for the second) and reshaped to a matrix,
// one mm, the product reshaped to the result.
func init() {
	gradRules["tensordot"] = func(c *gradCtx) {
		x, y, da, db, out := tensordotArgs(c.a)
		if out != eval.Value(eval.None) || len(da) != len(db) {
			c.unsupported()
		}
		contracted1, contracted2 := make([]bool, x.Dim()), make([]bool, y.Dim())
		csize := 1
		for i := range da {
			da[i], db[i] = tensor.WrapDim(da[i], x.Dim()), tensor.WrapDim(db[i], y.Dim())
			if x.Shape()[da[i]] != y.Shape()[db[i]] {
				c.unsupported() // PyTorch sums a broadcast dim first
			}
			contracted1[da[i]], contracted2[db[i]] = true, true
			csize *= x.Shape()[da[i]]
		}
		var p1, p2, rsizes []eval.Value
		size1, size2 := 1, 1
		for i, cd := range contracted1 {
			if !cd {
				p1 = append(p1, eval.MakeInt(int64(i)))
				size1 *= x.Shape()[i]
				rsizes = append(rsizes, eval.MakeInt(int64(x.Shape()[i])))
			}
		}
		for i := range da {
			p1 = append(p1, eval.MakeInt(int64(da[i])))
			p2 = append(p2, eval.MakeInt(int64(db[i])))
		}
		for i, cd := range contracted2 {
			if !cd {
				p2 = append(p2, eval.MakeInt(int64(i)))
				size2 *= y.Shape()[i]
				rsizes = append(rsizes, eval.MakeInt(int64(y.Shape()[i])))
			}
		}
		t1 := c.call("reshape", c.call("permute", x, p1...), eval.MakeInt(int64(size1)), eval.MakeInt(int64(csize)))
		t2 := c.call("reshape", c.call("permute", y, p2...), eval.MakeInt(int64(csize)), eval.MakeInt(int64(size2)))
		c.r = c.call("reshape", c.call("mm", t1, t2), rsizes...)
	}
}
