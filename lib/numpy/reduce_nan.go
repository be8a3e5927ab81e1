package numpy

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// nansum, nanprod, nanmax, nanmin and nanmean: the reductions with NaNs
// left out (numpy/lib/nanfunctions.py): NaN replaced by the reduction's
// identity (-inf for max, +inf for min) before reducing, and an all-NaN
// slice giving NaN with its RuntimeWarning for max, min and mean.

const (
	warnNPAllNaN     = "All-NaN slice encountered"
	warnNPEmptyMean  = "Mean of empty slice"
	nanFuncsSigsTail = "(a, axis=None, dtype=None, out=None, keepdims=False)"
)

// npNaNReplaced is a with its NaNs replaced by fill (a itself for
// non-float arrays).
func npNaNReplaced(a *NDArray, fill float64) *NDArray {
	if !a.dtype().IsFloat() {
		return a
	}
	return a.mapValues(a.dtype(), func(v tensor.Scalar) tensor.Scalar {
		if math.IsNaN(v.Float()) {
			return tensor.FloatS(fill)
		}
		return v
	})
}

func init() {
	for name, spec := range map[string]struct {
		method string
		fill   float64
	}{"nansum": {"sum", 0}, "nanprod": {"prod", 1}, "nanmax": {"max", math.Inf(-1)}, "nanmin": {"min", math.Inf(1)}, "nanmean": {"mean", 0}} {
		name, spec := name, spec
		npFunc(name, name+nanFuncsSigsTail, "NumPy's "+spec.method+" with NaNs left out.", func(a *eval.Args) eval.Value {
			if len(a.Pos) == 0 {
				a.Unpack("a", new(eval.Value))
			}
			s := a.Session()
			x := npArg(a.Pos[0])
			call := func(m string, arr *NDArray) eval.Value {
				return s.Call(&eval.BoundMethod{Self: arr, Fn: npMethods[m]}, &eval.Args{Pos: a.Pos[1:], Kw: a.Kw})
			}
			if !x.dtype().IsFloat() {
				return call(spec.method, x)
			}
			filled := npNaNReplaced(x, spec.fill)
			switch name {
			case "nansum", "nanprod":
				return call(spec.method, filled)
			}
			// count the numbers in each slice: sum of ~isnan
			notNaN := x.mapValues(tensor.Float64, func(v tensor.Scalar) tensor.Scalar {
				if math.IsNaN(v.Float()) {
					return tensor.FloatS(0)
				}
				return tensor.FloatS(1)
			})
			var kw []eval.KwArg
			for _, k := range a.Kw {
				if k.Name == "axis" || k.Name == "keepdims" {
					kw = append(kw, k)
				}
			}
			pos := a.Pos[1:]
			if len(pos) > 1 {
				pos = pos[:1]
			}
			count := npArgAny(s.Call(&eval.BoundMethod{Self: notNaN, Fn: npMethods["sum"]}, &eval.Args{Pos: pos, Kw: kw}))
			var r *NDArray
			if name == "nanmean" {
				total := npArgAny(call("sum", filled))
				// divided here, without the ufunc's 0/0 warning
				tv, cv := total.values(), count.values()
				i := 0
				r = total.mapValues(tensor.Float64, func(v tensor.Scalar) tensor.Scalar {
					q := tv[i].Float() / cv[i].Float()
					i++
					return tensor.FloatS(q)
				})
				r.scalar = total.scalar
			} else {
				r = npArgAny(call(spec.method, filled))
			}
			empty := false
			cv := count.values()
			res := r.mapValues(r.dtype(), func(v tensor.Scalar) tensor.Scalar { return v })
			for i, c := range cv {
				if c.Float() == 0 {
					empty = true
					res.t.Storage().Set(i, tensor.FloatS(math.NaN()))
				}
			}
			if empty {
				if name == "nanmean" {
					s.Warn("RuntimeWarning", warnNPEmptyMean)
				} else {
					s.Warn("RuntimeWarning", warnNPAllNaN)
				}
			}
			if r.scalar {
				return npScalar(res.item(), res.dtype())
			}
			return res
		})
	}
}
