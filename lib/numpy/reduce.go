package numpy

import (
	"github.com/tensh/tensh/eval"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy's reductions (sum, prod, mean, std, var, max, min, argmax,
// argmin, all, any) with axis= and keepdims=, summing as NumPy does:
// pairwise over the reduced elements when they are the array's trailing
// (contiguous) axes, in blocks of the iterator's 8192-element buffer, and
// one element at a time otherwise.

// npAxes resolves an axis argument (None: every axis).
func npAxes(axis eval.Value, ndim int) []bool {
	red := make([]bool, ndim)
	if _, ok := axis.(eval.NoneType); ok || axis == nil {
		for i := range red {
			red[i] = true
		}
		return red
	}
	var list []eval.Value
	if t, ok := axis.(eval.Tuple); ok {
		list = t
	} else {
		list = []eval.Value{axis}
	}
	for _, v := range list {
		ax := int(npIndexInt(v))
		if ax < -ndim || ax >= ndim {
			eval.Throw("numpy.AxisError", errNPAxisBounds, ax, ndim)
		}
		if ax < 0 {
			ax += ndim
		}
		if red[ax] {
			eval.Throw("ValueError", errNPDuplicateAxis)
		}
		red[ax] = true
	}
	return red
}

// npGroups splits a's elements into one group per output element: the
// output shape (keepdims or not) and the reduced values of each group in
// C order.
func npGroups(a *NDArray, red []bool, keepdims bool) (outShape []int, groups []npGroup, trailing bool) {
	var keptShape, keptStrides, redShape, redStrides []int
	trailing = true
	seenRed := false
	for d, n := range a.shape() {
		if red[d] {
			seenRed = true
			redShape = append(redShape, n)
			redStrides = append(redStrides, a.t.Strides()[d])
			if keepdims {
				outShape = append(outShape, 1)
			}
		} else {
			if seenRed {
				trailing = false
			}
			keptShape = append(keptShape, n)
			keptStrides = append(keptStrides, a.t.Strides()[d])
			outShape = append(outShape, n)
		}
	}
	if outShape == nil {
		outShape = []int{}
	}
	st := a.t.Storage()
	n := tensor.Numel(redShape)
	tensor.ForEachOffset(keptShape, keptStrides, a.t.Offset(), func(base int) {
		groups = append(groups, npGroup{st: st, shape: redShape, strides: redStrides, base: base, n: n})
	})
	return outShape, groups, trailing
}

// npGroup is the elements one output element of a reduction reduces,
// read from the storage as they are needed.
type npGroup struct {
	st             *tensor.Storage
	shape, strides []int
	base, n        int
}

// each calls fn with every element in C order until fn returns false.
func (g npGroup) each(fn func(j int, v tensor.Scalar) bool) {
	j := 0
	stop := false
	tensor.ForEachOffset(g.shape, g.strides, g.base, func(off int) {
		if !stop && !fn(j, g.st.Get(off)) {
			stop = true
		}
		j++
	})
}

// floats are the elements as float64s.
func (g npGroup) floats() []float64 {
	tensor.CheckAllocBytes(int64(g.n) * 8)
	out := make([]float64, 0, g.n)
	g.each(func(_ int, v tensor.Scalar) bool { out = append(out, v.Float()); return true })
	return out
}

// npPairwise is NumPy's pairwise_sum, in float64 or float32 arithmetic.
func npPairwise(x []float64, f32 bool) float64 {
	add := func(a, b float64) float64 {
		if f32 {
			return float64(float32(a + b))
		}
		return a + b
	}
	n := len(x)
	switch {
	case n < 8:
		r := math.Copysign(0, -1)
		for _, v := range x {
			r = add(r, v)
		}
		return r
	case n <= 128:
		var r [8]float64
		copy(r[:], x[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for j := 0; j < 8; j++ {
				r[j] = add(r[j], x[i+j])
			}
		}
		res := add(add(add(r[0], r[1]), add(r[2], r[3])), add(add(r[4], r[5]), add(r[6], r[7])))
		for ; i < n; i++ {
			res = add(res, x[i])
		}
		return res
	}
	n2 := n / 2
	n2 -= n2 % 8
	return add(npPairwise(x[:n2], f32), npPairwise(x[n2:], f32))
}

// npSumFloats sums a group as add.reduce does.
func npSumFloats(x []float64, f32, pairwise bool) float64 {
	add := func(a, b float64) float64 {
		if f32 {
			return float64(float32(a + b))
		}
		return a + b
	}
	acc := 0.0
	if !pairwise {
		for _, v := range x {
			acc = add(acc, v)
		}
		return acc
	}
	for i := 0; i < len(x); i += 8192 {
		acc = add(acc, npPairwise(x[i:min(i+8192, len(x))], f32))
	}
	return acc
}

// npSumDType is the dtype add.reduce gives (small integers widen to int64).
func npSumDType(d tensor.DType) tensor.DType {
	switch d {
	case tensor.Bool, tensor.Int8, tensor.Int16, tensor.Int32:
		return tensor.Int64
	case tensor.Uint8, tensor.Uint16, tensor.Uint32:
		return tensor.Uint64
	}
	return d
}

// npResult makes the reduction's result: a scalar for a full reduction
// without keepdims, else an array.
func npResult(shape []int, vals []tensor.Scalar, d tensor.DType) eval.Value {
	t := npEmpty(shape, d)
	for i, v := range vals {
		t.Storage().Set(i, npCast(v, d))
	}
	if len(shape) == 0 {
		return &NDArray{t: t, scalar: true}
	}
	return newND(t)
}

// npSum is a.sum(axis, dtype, keepdims).
func npSum(a *NDArray, axis eval.Value, keepdims bool, dt *tensor.DType) eval.Value {
	v, _ := npSumF(a, axis, keepdims, dt)
	return v
}

// npSumF is npSum with the floating-point exceptions of the sums.
func npSumF(a *NDArray, axis eval.Value, keepdims bool, dt *tensor.DType) (eval.Value, npFPFlags) {
	var flags npFPFlags
	red := npAxes(axis, a.ndim())
	var d tensor.DType
	if dt != nil {
		d = *dt
	} else {
		d = npSumDType(a.dtype())
	}
	shape, groups, trailing := npGroups(a, red, keepdims)
	vals := make([]tensor.Scalar, len(groups))
	for i, g := range groups {
		if d.IsFloat() {
			f32 := d == tensor.Float32 || d == tensor.Float16
			in := g.floats()
			r := npSumFloats(in, f32, trailing)
			if d == tensor.Float16 {
				r = npRound(r, d)
			}
			f := npReduceFlags(in, r)
			flags.overflow, flags.invalid = flags.overflow || f.overflow, flags.invalid || f.invalid
			vals[i] = tensor.FloatS(r)
			continue
		}
		var acc int64
		g.each(func(_ int, v tensor.Scalar) bool { acc += npCast(v, d).Int(); return true })
		vals[i] = tensor.IntS(acc)
	}
	return npResult(shape, vals, d), flags
}

// npProd is a.prod(axis, keepdims), warning for its float exceptions.
func npProd(s *eval.Session, a *NDArray, axis eval.Value, keepdims bool) eval.Value {
	d := npSumDType(a.dtype())
	shape, groups, _ := npGroups(a, npAxes(axis, a.ndim()), keepdims)
	vals := make([]tensor.Scalar, len(groups))
	var flags npFPFlags
	for i, g := range groups {
		if d.IsFloat() {
			acc := 1.0
			in := g.floats()
			for _, v := range in {
				acc = npRound(acc*v, d)
			}
			f := npReduceFlags(in, acc)
			flags.overflow, flags.invalid = flags.overflow || f.overflow, flags.invalid || f.invalid
			vals[i] = tensor.FloatS(acc)
			continue
		}
		acc := int64(1)
		g.each(func(_ int, v tensor.Scalar) bool { acc *= v.Int(); return true })
		vals[i] = tensor.IntS(acc)
	}
	flags.warn(s, npSumLoc(s, true), "reduce")
	return npResult(shape, vals, d)
}

// npMean is a.mean(axis, keepdims): the sum (in float64 for integers,
// float32 for float16) divided by the count.
func npMean(s *eval.Session, a *NDArray, axis eval.Value, keepdims bool) eval.Value {
	d := a.dtype()
	sumD := d
	switch {
	case !d.IsFloat():
		sumD = tensor.Float64
	case d == tensor.Float16:
		sumD = tensor.Float32
	}
	red := npAxes(axis, a.ndim())
	count := 1
	for i, r := range red {
		if r {
			count *= a.shape()[i]
		}
	}
	if count == 0 {
		npWarnCaller(s, errNPMeanEmpty, false)
	}
	sv, flags := npSumF(a, axis, keepdims, &sumD)
	flags.warn(s, npLocMeanSum, "reduce")
	sum := sv.(*NDArray)
	if sum.size() > 0 {
		div := npDivFlags(sum.values(), float64(count))
		switch {
		case !sum.scalar:
			div.warn(s, npLocMeanDiv, "divide")
		case d == tensor.Float16: // float32 / intp: a ufunc, not a scalar loop
			div.warn(s, npLocMeanF16, "divide")
		default:
			div.warn(s, npLocMeanScal, "scalar divide")
		}
	}
	outD := sumD
	if d == tensor.Float16 {
		outD = tensor.Float16
	}
	res := sum.mapValues(outD, func(v tensor.Scalar) tensor.Scalar {
		return tensor.FloatS(npRound(v.Float()/float64(count), sumD))
	})
	return res
}

// npVar is a.var(axis, ddof, keepdims) (std takes its square root), as
// numpy/core/_methods.py's _var computes it: the mean by a sum in the
// array's dtype (float64 for integers) divided by the count, the squared
// deviations summed the same way, divided by count - ddof.
func npVar(s *eval.Session, a *NDArray, axis eval.Value, keepdims bool, ddof int, std bool) eval.Value {
	d := a.dtype()
	sumD := d
	if !d.IsFloat() {
		sumD = tensor.Float64
	}
	red := npAxes(axis, a.ndim())
	count := 1
	for i, r := range red {
		if r {
			count *= a.shape()[i]
		}
	}
	if count-ddof <= 0 {
		npWarnCaller(s, errNPDegreesOfFreedom, std)
	}
	div := func(x *NDArray, n float64) *NDArray {
		return x.mapValues(sumD, func(v tensor.Scalar) tensor.Scalar {
			q := v.Float() / n
			if sumD == tensor.Float16 {
				q = float64(float32(q)) // half loops divide in float
			}
			return tensor.FloatS(npRound(q, sumD))
		})
	}
	mv, flags := npSumF(a, axis, true, &sumD)
	flags.warn(s, npLocVarSum1, "reduce")
	msum := mv.(*NDArray)
	if msum.size() > 0 {
		npDivFlags(msum.values(), float64(count)).warn(s, npLocVarMean, "divide")
	}
	mean := div(msum, float64(count))
	mean.scalar = false
	x := npUfuncs["subtract"].call(s, a, mean, nil).(*NDArray)
	x = npUfuncs["multiply"].call(s, x, x, nil).(*NDArray)
	sv, flags := npSumF(x, axis, keepdims, &sumD)
	flags.warn(s, npLocVarSum2, "reduce")
	sum := sv.(*NDArray)
	if sum.size() > 0 {
		f := npDivFlags(sum.values(), float64(max(count-ddof, 0)))
		if sum.scalar {
			f.warn(s, npLocVarScal, "scalar divide")
		} else {
			f.warn(s, npLocVarDiv, "divide")
		}
	}
	res := div(sum, float64(max(count-ddof, 0)))
	if std {
		res = res.mapValues(sumD, func(v tensor.Scalar) tensor.Scalar {
			r := math.Sqrt(v.Float())
			if sumD == tensor.Float16 {
				r = float64(float32(r))
			}
			return tensor.FloatS(npRound(r, sumD))
		})
	}
	res.scalar = sum.scalar
	return res
}

// npExtreme is a.max/a.min (NaN propagates).
func npExtreme(a *NDArray, axis eval.Value, keepdims bool, isMax bool, name string) eval.Value {
	shape, groups, _ := npGroups(a, npAxes(axis, a.ndim()), keepdims)
	vals := make([]tensor.Scalar, len(groups))
	for i, g := range groups {
		if g.n == 0 {
			eval.Throw("ValueError", errNPEmptyReduce, name)
		}
		var best tensor.Scalar
		g.each(func(j int, v tensor.Scalar) bool {
			if j == 0 {
				best = v
				return true
			}
			c := npOrder(v, best)
			if c == npUnordered {
				if math.IsNaN(v.Float()) && !math.IsNaN(best.Float()) {
					best = v
				}
				return true
			}
			if (isMax && c > 0) || (!isMax && c < 0) {
				best = v
			}
			return true
		})
		vals[i] = best
	}
	return npResult(shape, vals, a.dtype())
}

// npArgExtreme is a.argmax/argmin (one axis or the flattened array).
func npArgExtreme(a *NDArray, axis eval.Value, isMax bool, name string) eval.Value {
	if _, ok := axis.(eval.NoneType); ok || axis == nil {
		a = npRavel(a)
		axis = eval.MakeInt(0)
	}
	shape, groups, _ := npGroups(a, npAxes(axis, a.ndim()), false)
	vals := make([]tensor.Scalar, len(groups))
	for i, g := range groups {
		if g.n == 0 {
			eval.Throw("ValueError", errNPArgEmpty, name)
		}
		bi := 0
		var best tensor.Scalar
		g.each(func(j int, v tensor.Scalar) bool {
			if j == 0 {
				best = v
				return !math.IsNaN(v.Float())
			}
			c := npOrder(v, best)
			if c == npUnordered || (isMax && c > 0) || (!isMax && c < 0) {
				bi, best = j, v
			}
			return !math.IsNaN(best.Float())
		})
		vals[i] = tensor.IntS(int64(bi))
	}
	return npResult(shape, vals, tensor.Int64)
}

// npAllAny is a.all/a.any.
func npAllAny(a *NDArray, axis eval.Value, keepdims bool, all bool) eval.Value {
	shape, groups, _ := npGroups(a, npAxes(axis, a.ndim()), keepdims)
	vals := make([]tensor.Scalar, len(groups))
	for i, g := range groups {
		r := all
		g.each(func(_ int, v tensor.Scalar) bool {
			if v.Bool() != all {
				r = !all
				return false
			}
			return true
		})
		vals[i] = tensor.BoolS(r)
	}
	return npResult(shape, vals, tensor.Bool)
}

// npCumsum is a.cumsum(axis) (flattened without an axis).
func npCumsum(a *NDArray, axis eval.Value) eval.Value { return npCumulative(a, axis, false) }

// npCumulative is cumsum or (prod) cumprod.
func npCumulative(a *NDArray, axis eval.Value, prod bool) eval.Value {
	if _, ok := axis.(eval.NoneType); ok || axis == nil {
		a = npRavel(a)
		axis = eval.MakeInt(0)
	}
	red := npAxes(axis, a.ndim())
	d := npSumDType(a.dtype())
	out := a.copyAs(d)
	ax := 0
	for i, r := range red {
		if r {
			ax = i
		}
	}
	if out.size() == 0 {
		return out
	}
	st := out.t.Storage()
	strides := out.t.Strides()
	outer := append([]int{}, out.shape()...)
	outer[ax] = 1
	tensor.ForEachOffset(outer, strides, 0, func(base int) {
		acc := st.Get(base)
		for k := 1; k < out.shape()[ax]; k++ {
			o := base + k*strides[ax]
			v := st.Get(o)
			switch {
			case d.IsFloat() && prod:
				acc = tensor.FloatS(npRound(acc.Float()*v.Float(), d))
			case d.IsFloat():
				acc = tensor.FloatS(npRound(acc.Float()+v.Float(), d))
			case prod:
				acc = tensor.IntS(acc.Int() * v.Int())
			default:
				acc = tensor.IntS(acc.Int() + v.Int())
			}
			st.Set(o, acc)
		}
	})
	return out
}
