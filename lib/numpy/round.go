package numpy

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Rounding (np.round, ndarray.round, round() of arrays and NumPy scalars)
// as PyArray_Round computes it: multiply by 10**decimals, round half to
// even, divide (for negative decimals: divide, round, multiply), in the
// array's dtype; integers are left as they are for decimals >= 0.

func npRoundArray(s *eval.Session, a *NDArray, decimals int) *NDArray {
	d := a.dtype()
	if !d.IsFloat() {
		if decimals >= 0 {
			c := a.copyAs(d)
			c.scalar = a.scalar
			return c
		}
		f := int64(math.Pow(10, float64(-decimals)))
		return a.mapValues(d, func(v tensor.Scalar) tensor.Scalar {
			q := npFloorDivI(v.Int()+f/2, f, &npFlags{})
			r := q * f
			// half to even
			if (v.Int()+f/2)%f == 0 && q%2 != 0 {
				r -= f
			}
			return tensor.IntS(r)
		})
	}
	rint := func(x *NDArray) *NDArray {
		return x.mapValues(d, func(v tensor.Scalar) tensor.Scalar { return tensor.FloatS(math.RoundToEven(v.Float())) })
	}
	var res *NDArray
	if decimals >= 0 {
		f := eval.Float(math.Pow(10, float64(decimals)))
		y := npUfuncs["multiply"].call(s, a, f, nil).(*NDArray)
		res = npUfuncs["divide"].call(s, rint(y), f, nil).(*NDArray)
	} else {
		f := eval.Float(math.Pow(10, float64(-decimals)))
		y := npUfuncs["divide"].call(s, a, f, nil).(*NDArray)
		res = npUfuncs["multiply"].call(s, rint(y), f, nil).(*NDArray)
	}
	res.scalar = a.scalar
	return res
}

// Round is round(a) and round(a, ndigits): a NumPy scalar without
// ndigits gives a Python int.
func (a *NDArray) Round(s *eval.Session, ndigits eval.Value) eval.Value {
	if !a.scalar {
		eval.Throw("TypeError", errNPNoRound)
	}
	if _, none := ndigits.(eval.NoneType); none {
		r := npRoundArray(s, a, 0)
		if a.scalar {
			v := r.item()
			if a.dtype().IsFloat() {
				f := v.Float()
				if math.IsInf(f, 0) {
					eval.Throw("OverflowError", errNPInfToInt)
				}
				if math.IsNaN(f) {
					eval.Throw("ValueError", errNPNaNToInt)
				}
				return eval.MakeInt(int64(f))
			}
			return eval.MakeInt(v.Int())
		}
		return r
	}
	return npRoundArray(s, a, int(npIndexInt(ndigits)))
}

// Contains is `x in a`: (a == x).any().
func (a *NDArray) Contains(s *eval.Session, x eval.Value) bool {
	eq, ok := npUfuncs["equal"].call(s, a, x, nil).(*NDArray)
	return ok && npAllAny(eq, eval.None, false, false).(*NDArray).item().Bool()
}

// IsInstance: numpy.float64 is a subclass of Python's float.
func (a *NDArray) IsInstance(c *eval.Class) bool {
	return a.scalar && a.dtype() == tensor.Float64 && c == eval.FloatClass
}

func init() {
	round := func(a *eval.Args) eval.Value {
		var x eval.Value
		decimals := 0
		a.Unpack("a", &x, "decimals?", &decimals)
		return npRoundArray(a.Session(), npArg(x), decimals)
	}
	npFunc("round", "round(a, decimals=0)", "a rounded to decimals places (half to even), in a's dtype.", round)
	npFuncs["around"] = npFuncs["round"]
	npMethod("round", "round(decimals=0)", "The array rounded to decimals places (half to even).", func(a *eval.Args, x *NDArray) eval.Value {
		decimals := 0
		a.Unpack("decimals?", &decimals)
		return npRoundArray(a.Session(), x, decimals)
	})
}

// PyScalar is the element float(a) and int(a) convert (one-element
// arrays only).
func (a *NDArray) PyScalar() (eval.Value, bool) {
	if a.size() != 1 {
		eval.Throw("TypeError", errNPSize1Convert)
	}
	return scalarValue(a.values()[0], a.dtype()), true
}
