package numpy

import (
	"math"
	"sort"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Sorting and selection (np.sort, np.argsort, np.unique, np.clip) and
// the stacking helpers (np.vstack, np.hstack, np.repeat, np.tile), with
// np.isclose/np.allclose and np.meshgrid.

// npLess orders elements as NumPy's sorts do: NaN last.
func npLess(x, y tensor.Scalar) bool {
	c := npOrder(x, y)
	if c == npUnordered {
		return !math.IsNaN(x.Float()) && math.IsNaN(y.Float())
	}
	return c < 0
}

// npSortAxis sorts a copy of a along axis (argsort gives the indices).
func npSortAxis(a *NDArray, axis eval.Value, arg bool) *NDArray {
	if _, none := axis.(eval.NoneType); none {
		a = npRavel(a)
		axis = eval.MakeInt(0)
	}
	if a.ndim() == 0 {
		eval.Throw("numpy.AxisError", errNPAxisBounds, npIndexInt(axis), 0)
	}
	ax := npWrapAxis(int(npIndexInt(axis)), a.ndim())
	d := a.dtype()
	if arg {
		d = tensor.Int64
	}
	out := newND(npEmpty(append([]int{}, a.shape()...), d))
	outer := append([]int{}, a.shape()...)
	outer[ax] = 1
	n := a.shape()[ax]
	src, dst := a.t.Storage(), out.t.Storage()
	as, os := a.t.Strides()[ax], out.t.Strides()[ax]
	var ooffs []int
	tensor.ForEachOffset(outer, out.t.Strides(), 0, func(o int) { ooffs = append(ooffs, o) })
	k := 0
	tensor.ForEachOffset(outer, a.t.Strides(), a.t.Offset(), func(base int) {
		vals := make([]tensor.Scalar, n)
		idx := make([]int, n)
		for i := range vals {
			vals[i] = src.Get(base + i*as)
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return npLess(vals[idx[i]], vals[idx[j]]) })
		for i, j := range idx {
			if arg {
				dst.Set(ooffs[k]+i*os, tensor.IntS(int64(j)))
			} else {
				dst.Set(ooffs[k]+i*os, vals[j])
			}
		}
		k++
	})
	return out
}

// npUnique is np.unique(a): the sorted distinct elements.
func npUnique(a *NDArray) *NDArray {
	s := npSortAxis(a, eval.None, false)
	vals := s.values()
	var keep []tensor.Scalar
	for i, v := range vals {
		if i == 0 || npOrder(v, vals[i-1]) != 0 && !(math.IsNaN(v.Float()) && math.IsNaN(vals[i-1].Float())) {
			keep = append(keep, v)
		}
	}
	out := npEmpty([]int{len(keep)}, a.dtype())
	for i, v := range keep {
		out.Storage().Set(i, v)
	}
	return newND(out)
}

// npAtLeast gives a at least nd dims (np.atleast_1d/_2d).
func npAtLeast(a *NDArray, nd int) *NDArray {
	switch {
	case a.ndim() >= nd:
		return a
	case a.ndim() == 0 && nd == 1:
		return npReshape(a, []int{1})
	case a.ndim() == 0:
		return npReshape(a, []int{1, 1})
	}
	return npExpandDims(a, 0)
}

// npRepeat is np.repeat(a, repeats, axis). The result's length along
// axis is summed as NumPy sums it (in npy_intp, wrapping: its
// negative-dimensions error), and the result is checked against the cap
// (NumPy's errors) before anything is allocated; one index_select then
// fills it (it joined one slice per repetition: 6*10**7 of them did not
// finish).
func npRepeat(a *NDArray, repeats []int, axis eval.Value) *NDArray {
	if _, none := axis.(eval.NoneType); none {
		a = npRavel(a)
		axis = eval.MakeInt(0)
	}
	ax := npWrapAxis(int(npIndexInt(axis)), a.ndim())
	n := a.shape()[ax]
	reps := make([]int64, n)
	total := int64(0)
	if len(repeats) == 1 {
		r := int64(repeats[0])
		if r < 0 {
			eval.Throw("ValueError", errNPNegativeDims)
		}
		total = r * int64(n)
		npRepeatCheck(a, ax, total)
		for i := range reps {
			reps[i] = r
		}
	} else {
		if len(repeats) != n {
			eval.Throw("ValueError", errNPRepeatShape, n, len(repeats))
		}
		for i, r := range repeats {
			if r < 0 {
				eval.Throw("ValueError", errNPRepeatNegative)
			}
			reps[i] = int64(r)
			total += int64(r)
		}
		npRepeatCheck(a, ax, total)
	}
	if total == 0 {
		shape := append([]int{}, a.shape()...)
		shape[ax] = 0
		return newND(npEmpty(shape, a.dtype()))
	}
	return newND(tensor.IndexSelect(a.t, ax, tensor.RepeatIndex(reps)))
}

// npRepeatCheck raises NumPy's errors for np.repeat's result of total
// along ax (a negative total is an overflowed one), counting the index
// that fills it beside it.
func npRepeatCheck(a *NDArray, ax int, total int64) {
	if total < 0 {
		eval.Throw("ValueError", errNPNegativeDims)
	}
	shape := append([]int{}, a.shape()...)
	shape[ax] = int(total)
	index := math.MaxInt
	if total < math.MaxInt/8 {
		index = int(total) * 8
	}
	npCheckAlloc(shape, a.dtype(), index)
}

// npTile is np.tile(a, reps), as NumPy writes it: for each dim, the
// array seen as rows of what follows is repeated (np.repeat, with its
// checks and NumPy's errors for the shapes NumPy makes), then reshaped.
func npTile(a *NDArray, reps []int) *NDArray {
	nd := max(a.ndim(), len(reps))
	for len(reps) < nd {
		reps = append([]int{1}, reps...)
	}
	shape := append([]int{}, a.shape()...)
	for len(shape) < nd {
		shape = append([]int{1}, shape...)
	}
	c := npReshape(a.copyAs(a.dtype()), shape)
	out := make([]int, nd)
	for i := range out {
		out[i] = shape[i] * reps[i]
	}
	if n := c.size(); n > 0 {
		for i, r := range reps {
			if r != 1 {
				c = npRepeat(npReshape(c, []int{c.size() / n, n}), []int{r}, eval.MakeInt(0))
			}
			n /= shape[i]
		}
	}
	if c.size() == 0 {
		return newND(npEmpty(out, a.dtype()))
	}
	return npReshape(c, out)
}

func init() {
	npFunc("sort", "sort(a, axis=-1)", "A sorted copy of a along axis (flattened for axis=None); NaN last.", func(a *eval.Args) eval.Value {
		var x, axis eval.Value = nil, eval.MakeInt(-1)
		a.Unpack("a", &x, "axis?", &axis)
		return npSortAxis(npArg(x), axis, false)
	})
	npFunc("argsort", "argsort(a, axis=-1)", "The indices that sort a along axis (ties keep their order).", func(a *eval.Args) eval.Value {
		var x, axis eval.Value = nil, eval.MakeInt(-1)
		a.Unpack("a", &x, "axis?", &axis)
		return npSortAxis(npArg(x), axis, true)
	})
	npMethod("sort", "sort(axis=-1)", "Sorts the array in place along axis.", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.MakeInt(-1)
		a.Unpack("axis?", &axis)
		npCopyInto(x, npSortAxis(x, axis, false))
		return eval.None
	})
	npMethod("argsort", "argsort(axis=-1)", "The indices that sort the array along axis.", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.MakeInt(-1)
		a.Unpack("axis?", &axis)
		return npSortAxis(x, axis, true)
	})
	npFunc("unique", "unique(ar)", "The sorted distinct elements of ar (flattened).", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("ar", &x)
		return npUnique(npArg(x))
	})
	clip := func(s *eval.Session, x, lo, hi eval.Value) eval.Value {
		_, noLo := lo.(eval.NoneType)
		_, noHi := hi.(eval.NoneType)
		if noLo && noHi {
			eval.Throw("ValueError", errNPClipNone)
		}
		r := x
		if _, none := lo.(eval.NoneType); !none {
			r = npUfuncs["maximum"].call(s, r, lo, nil)
		}
		if _, none := hi.(eval.NoneType); !none {
			r = npUfuncs["minimum"].call(s, r, hi, nil)
		}
		return r
	}
	npFunc("clip", "clip(a, a_min, a_max)", "a with its elements limited to [a_min, a_max] (None: no limit).", func(a *eval.Args) eval.Value {
		var x, lo, hi eval.Value
		a.Unpack("a", &x, "a_min", &lo, "a_max", &hi)
		return clip(a.Session(), x, lo, hi)
	})
	npMethod("clip", "clip(min=None, max=None)", "The array with its elements limited to [min, max].", func(a *eval.Args, x *NDArray) eval.Value {
		var lo, hi eval.Value = eval.None, eval.None
		a.Unpack("min?", &lo, "max?", &hi)
		return clip(a.Session(), x, lo, hi)
	})
	npFunc("vstack", "vstack(tup)", "The arrays stacked as rows (1-D arrays become rows).", func(a *eval.Args) eval.Value {
		var xs eval.Value
		a.Unpack("tup", &xs)
		arrs := npArrays(xs)
		for i, x := range arrs {
			arrs[i] = npAtLeast(x, 2)
		}
		return npConcat(arrs, 0)
	})
	npFunc("hstack", "hstack(tup)", "The arrays joined along their second axis (along the first for 1-D).", func(a *eval.Args) eval.Value {
		var xs eval.Value
		a.Unpack("tup", &xs)
		arrs := npArrays(xs)
		for i, x := range arrs {
			arrs[i] = npAtLeast(x, 1)
		}
		if len(arrs) > 0 && arrs[0].ndim() == 1 {
			return npConcat(arrs, 0)
		}
		return npConcat(arrs, 1)
	})
	npFunc("repeat", "repeat(a, repeats, axis=None)", "a with each element repeated (flattened for axis=None).", func(a *eval.Args) eval.Value {
		var x, reps, axis eval.Value = nil, nil, eval.None
		a.Unpack("a", &x, "repeats", &reps, "axis?", &axis)
		return npRepeat(npArg(x), npShapeArgNeg(reps), axis)
	})
	npFunc("tile", "tile(A, reps)", "A repeated reps times along each axis.", func(a *eval.Args) eval.Value {
		var x, reps eval.Value
		a.Unpack("A", &x, "reps", &reps)
		return npTile(npArg(x), npShapeArg(reps))
	})
	isclose := func(s *eval.Session, x, y eval.Value, rtol, atol float64) *NDArray {
		xa, ya := npArg(x).copyAs(tensor.Float64), npArg(y).copyAs(tensor.Float64)
		shape, ok := npBroadcastShapes(xa.shape(), ya.shape())
		if !ok {
			npBroadcastError(xa.shape(), ya.shape())
		}
		xv, yv := xa.expandTo(shape).values(), ya.expandTo(shape).values()
		out := npEmpty(shape, tensor.Bool)
		for i := range xv {
			a, b := xv[i].Float(), yv[i].Float()
			close := math.Abs(a-b) <= atol+rtol*math.Abs(b)
			if math.IsInf(a, 0) || math.IsInf(b, 0) {
				close = a == b
			}
			out.Storage().Set(i, tensor.BoolS(close))
		}
		r := newND(out)
		r.scalar = xa.ndim() == 0 && ya.ndim() == 0
		return r
	}
	npFunc("isclose", "isclose(a, b, rtol=1e-05, atol=1e-08)", "Elementwise |a - b| <= atol + rtol * |b|.", func(a *eval.Args) eval.Value {
		var x, y eval.Value
		rtol, atol := 1e-05, 1e-08
		a.Unpack("a", &x, "b", &y, "rtol?", &rtol, "atol?", &atol)
		return isclose(a.Session(), x, y, rtol, atol)
	})
	npFunc("allclose", "allclose(a, b, rtol=1e-05, atol=1e-08)", "Whether isclose holds everywhere.", func(a *eval.Args) eval.Value {
		var x, y eval.Value
		rtol, atol := 1e-05, 1e-08
		a.Unpack("a", &x, "b", &y, "rtol?", &rtol, "atol?", &atol)
		c := isclose(a.Session(), x, y, rtol, atol)
		return eval.Bool(npAllAny(c, eval.None, false, true).(*NDArray).item().Bool())
	})
	npFunc("meshgrid", "meshgrid(*xi, indexing='xy')", "Coordinate matrices from coordinate vectors.", func(a *eval.Args) eval.Value {
		var xs []eval.Value
		indexing := "xy"
		a.Unpack("*xi", &xs, "$indexing?", &indexing)
		if indexing != "xy" && indexing != "ij" {
			eval.Throw("ValueError", errNPIndexing)
		}
		n := len(xs)
		vecs := make([]*NDArray, n)
		shape := make([]int, n)
		for i, x := range xs {
			vecs[i] = npRavel(npArg(x))
			shape[i] = vecs[i].size()
		}
		if indexing == "xy" && n > 1 {
			shape[0], shape[1] = shape[1], shape[0]
		}
		out := &eval.List{}
		for i, v := range vecs {
			vs := make([]int, n)
			for k := range vs {
				vs[k] = 1
			}
			pos := i
			if indexing == "xy" && n > 1 && i < 2 {
				pos = 1 - i
			}
			vs[pos] = v.size()
			out.Elems = append(out.Elems, npReshape(v, vs).expandTo(shape).copyAs(v.dtype()))
		}
		return out
	})
	npMethod("cumprod", "cumprod(axis=None)", "The running products (flattened without axis).", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.None
		a.Unpack("axis?", &axis)
		return npCumulative(x, axis, true)
	})
	npFunc("cumprod", "cumprod(a, axis=None)", "The running products of a (flattened without axis).", func(a *eval.Args) eval.Value {
		var x, axis eval.Value = nil, eval.None
		a.Unpack("a", &x, "axis?", &axis)
		return npCumulative(npArg(x), axis, true)
	})
}
