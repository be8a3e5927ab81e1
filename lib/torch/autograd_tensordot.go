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
		var t1, t2 eval.Value = x, y
		for i := range da {
			da[i], db[i] = tensor.WrapDim(da[i], x.Dim()), tensor.WrapDim(db[i], y.Dim())
			contracted1[da[i]], contracted2[db[i]] = true, true
			// a broadcast dim is summed right away, as ATen does
			switch s1, s2 := x.Shape()[da[i]], y.Shape()[db[i]]; {
			case s2 == 1:
				t1 = c.call("sum", t1, eval.MakeInt(int64(da[i])), eval.Bool(true))
			case s1 == 1:
				t2 = c.call("sum", t2, eval.MakeInt(int64(db[i])), eval.Bool(true))
			default:
				csize *= s1
			}
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
		m1 := c.call("reshape", c.call("permute", t1, p1...), eval.MakeInt(int64(size1)), eval.MakeInt(int64(csize)))
		m2 := c.call("reshape", c.call("permute", t2, p2...), eval.MakeInt(int64(csize)), eval.MakeInt(int64(size2)))
		c.r = c.call("reshape", c.call("mm", m1, m2), eval.Tuple(rsizes))
	}
}
