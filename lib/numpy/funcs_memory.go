package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// take_along_axis, resize, shares_memory and may_share_memory.

const (
	errNPTakeAlongDims = "`indices` and `arr` must have the same number of dimensions"
	errNPTooHard       = "Exceeded max_work"
)

// npSpan is the range of storage elements [lo, hi] a view touches.
func npSpan(a *NDArray) (lo, hi int) {
	lo, hi = a.t.Offset(), a.t.Offset()
	for i, n := range a.shape() {
		if n == 0 {
			return 0, -1
		}
		st := a.t.Strides()[i]
		if st > 0 {
			hi += (n - 1) * st
		} else {
			lo += (n - 1) * st
		}
	}
	return lo, hi
}

// npSharesMemory tells whether a and b have an element in common (exact:
// the element offsets of the smaller one are looked up in the other's).
func npSharesMemory(a, b *NDArray, exact bool) bool {
	if !tensor.SameStorage(a.t.Storage(), b.t.Storage()) {
		return false
	}
	alo, ahi := npSpan(a)
	blo, bhi := npSpan(b)
	if ahi < blo || bhi < alo {
		return false
	}
	if !exact {
		return true
	}
	seen := map[int]bool{}
	for _, off := range a.t.Offsets() {
		seen[off] = true
	}
	for _, off := range b.t.Offsets() {
		if seen[off] {
			return true
		}
	}
	return false
}

// npMaxWorkExact reads max_work: -1 (np.MAY_SHARE_EXACT) solves
// exactly, 0 (np.MAY_SHARE_BOUNDS) allows no work beyond comparing the
// bounds (shares_memory raises TooHardError when they overlap), None is
// def. tensh's exact check (every element offset) always finishes, so a
// positive budget solves exactly too.
func npMaxWorkExact(mw eval.Value, def bool) bool {
	if mw == nil {
		return def
	}
	if _, none := mw.(eval.NoneType); none {
		return def
	}
	return npIndexInt(mw) != 0
}

func init() {
	npFunc("take_along_axis", "take_along_axis(arr, indices, axis)", "The elements of arr at indices along axis (the other axes broadcast; axis=None: the flattened arr).", func(a *eval.Args) eval.Value {
		var x, ix, axis eval.Value
		a.Unpack("arr", &x, "indices", &ix, "axis", &axis)
		arr, idx := npArg(x), npArg(ix)
		if _, none := axis.(eval.NoneType); none {
			arr = npRavel(arr)
			axis = eval.MakeInt(0)
		}
		if idx.ndim() != arr.ndim() {
			eval.Throw("ValueError", errNPTakeAlongDims)
		}
		ax := npAxis(int(npIndexInt(axis)), arr.ndim())
		// broadcast every axis but ax
		shape := make([]int, arr.ndim())
		for i := range shape {
			if i == ax {
				continue
			}
			s, ok := npBroadcastShapes([]int{arr.shape()[i]}, []int{idx.shape()[i]})
			if !ok {
				npBroadcastError(arr.shape(), idx.shape())
			}
			shape[i] = s[0]
		}
		ishape := append([]int{}, shape...)
		ishape[ax] = idx.shape()[ax]
		ashape := append([]int{}, shape...)
		ashape[ax] = arr.shape()[ax]
		it := idx.expandTo(ishape).t.To(tensor.Int64).ContiguousClone()
		n := arr.shape()[ax]
		vals := tensor.Slice[int64](it.Storage())
		for i, v := range vals {
			if v < 0 {
				vals[i] = v + int64(n)
			}
			if vals[i] < 0 || vals[i] >= int64(n) {
				eval.Throw("IndexError", errNPIndexBounds, v, ax, n)
			}
		}
		return newND(tensor.Gather(arr.expandTo(ashape).t, ax, it))
	})
	npFunc("resize", "resize(a, new_shape)", "A new array of the shape, filled with a's elements repeated in order (zeros for an empty a).", func(a *eval.Args) eval.Value {
		var x, shape eval.Value
		a.Unpack("a", &x, "new_shape", &shape)
		arr := npArgAny(x)
		dims := npShapeArg(shape)
		n := tensor.Numel(dims)
		out := npEmpty(dims, arr.dtype())
		vals := arr.values()
		for i := 0; i < n; i++ {
			if len(vals) == 0 {
				out.Storage().Set(i, npCast(tensor.IntS(0), arr.dtype()))
				continue
			}
			out.Storage().Set(i, vals[i%len(vals)])
		}
		return newND(out)
	})
	npFunc("shares_memory", "shares_memory(a, b, max_work=None)", "Whether a and b have an element of memory in common (exactly; max_work=0: whether their bounds overlap).", func(a *eval.Args) eval.Value {
		var x, y, mw eval.Value
		a.Unpack("a", &x, "b", &y, "max_work?", &mw)
		xa, ya := npArgAny(x), npArgAny(y)
		if !npMaxWorkExact(mw, true) {
			if !npSharesMemory(xa, ya, false) {
				return eval.Bool(false)
			}
			eval.Throw("numpy.TooHardError", errNPTooHard)
		}
		return eval.Bool(npSharesMemory(xa, ya, true))
	})
	npFunc("may_share_memory", "may_share_memory(a, b, max_work=None)", "Whether the memory bounds of a and b overlap (they may share elements; max_work=-1: exactly).", func(a *eval.Args) eval.Value {
		var x, y, mw eval.Value
		a.Unpack("a", &x, "b", &y, "max_work?", &mw)
		return eval.Bool(npSharesMemory(npArgAny(x), npArgAny(y), npMaxWorkExact(mw, false)))
	})
}
