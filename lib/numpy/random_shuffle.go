package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The legacy RandomState's shuffle, permutation and choice
// (numpy/random/mtrand.pyx): Fisher-Yates from the end with
// random_interval, and choice's index draws.

// shuffleRows shuffles a along its first axis in place.
func (r *npMT) shuffleRows(a *NDArray) {
	n := a.shape()[0]
	st := a.t.Storage()
	for i := n - 1; i >= 1; i-- {
		j := int(r.bounded(uint64(i)))
		if i == j {
			continue
		}
		ri, rj := a.at(i), a.at(j)
		vi, vj := ri.values(), rj.values()
		k := 0
		ri.t.ForEach(func(off int) { st.Set(off, vj[k]); k++ })
		k = 0
		rj.t.ForEach(func(off int) { st.Set(off, vi[k]); k++ })
	}
}

func addShuffles(r *npMT, def func(name, sig, doc string, fn func(a *eval.Args) eval.Value)) {
	def("shuffle", "shuffle(x)", "Shuffles x in place along its first axis.", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("x", &x)
		if l, ok := x.(*eval.List); ok {
			for i := len(l.Elems) - 1; i >= 1; i-- {
				j := int(r.bounded(uint64(i)))
				l.Elems[i], l.Elems[j] = l.Elems[j], l.Elems[i]
			}
			return eval.None
		}
		arr, ok := x.(*NDArray)
		if !ok || arr.scalar {
			eval.Throw("TypeError", errNPShuffleType)
		}
		if arr.ndim() == 0 {
			eval.Throw("TypeError", errNPLen0d)
		}
		if arr.readonly {
			eval.Throw("ValueError", errNPReadOnly)
		}
		r.shuffleRows(arr)
		return eval.None
	})
	def("permutation", "permutation(x)", "A shuffled copy of x (of arange(x) for an int).", func(a *eval.Args) eval.Value {
		var x eval.Value
		a.Unpack("x", &x)
		var arr *NDArray
		switch v := x.(type) {
		case eval.Int:
			arr = npArange(eval.MakeInt(0), v, eval.MakeInt(1), nil)
		default:
			src := npArg(x)
			if src.ndim() == 0 {
				eval.Throw("IndexError", errNPPermutation0d)
			}
			arr = src.copyAs(src.dtype())
		}
		if arr.size() > 0 {
			r.shuffleRows(arr)
		}
		return arr
	})
	def("choice", "choice(a, size=None, replace=True, p=None)", "Random samples from a (or arange(a)), uniform or with probabilities p.", func(a *eval.Args) eval.Value {
		var x, size, p eval.Value = nil, eval.None, eval.None
		replace := true
		a.Unpack("a", &x, "size?", &size, "replace?", &replace, "p?", &p)
		if replace {
			return npChoice(x, size, p, func(n int) int { return int(r.bounded(uint64(n - 1))) }, r.double)
		}
		if _, noP := p.(eval.NoneType); !noP {
			eval.Throw("NotImplementedError", errNPChoiceNoReplaceP)
		}
		pool := npChoicePool(x)
		n := pool.shape()[0]
		shape, sized := npSizeArg(size)
		count := 1
		if sized {
			count = tensor.Numel(shape)
		}
		if count > n {
			eval.Throw("ValueError", errNPChoiceLarger)
		}
		perm := npArange(eval.MakeInt(0), eval.MakeInt(int64(n)), eval.MakeInt(1), nil)
		r.shuffleRows(perm)
		pv := perm.values()
		idx := make([]int, count)
		for k := range idx {
			idx[k] = int(pv[k].Int())
		}
		return npPick(pool, idx, shape, sized)
	})
}

// npChoicePool is choice's population: arange(a) for an int, else a 1-d
// array.
func npChoicePool(x eval.Value) *NDArray {
	if i, ok := x.(eval.Int); ok {
		n, _ := i.Int64()
		if n <= 0 {
			eval.Throw("ValueError", errNPChoicePositive)
		}
		return npArange(eval.MakeInt(0), i, eval.MakeInt(1), nil)
	}
	pool := npArg(x)
	if pool.ndim() != 1 {
		eval.Throw("ValueError", errNPChoice1D)
	}
	if pool.size() == 0 {
		eval.Throw("ValueError", errNPChoiceEmpty)
	}
	return pool
}

// npChoice is choice with replacement: uniform indices from index(n), or
// with probabilities p, the cumulative distribution searched with
// uniform draws from double.
func npChoice(x, size, p eval.Value, index func(n int) int, double func() float64) eval.Value {
	pool := npChoicePool(x)
	n := pool.shape()[0]
	shape, sized := npSizeArg(size)
	count := 1
	if sized {
		count = tensor.Numel(shape)
	}
	idx := make([]int, count)
	if _, noP := p.(eval.NoneType); noP {
		for k := range idx {
			idx[k] = index(n)
		}
		return npPick(pool, idx, shape, sized)
	}
	probs := npArg(p).copyAs(tensor.Float64).values()
	if len(probs) != n {
		eval.Throw("ValueError", errNPChoiceP)
	}
	cdf := make([]float64, n)
	acc := 0.0
	for i, v := range probs {
		acc += v.Float()
		cdf[i] = acc
	}
	for i := range cdf {
		cdf[i] /= cdf[n-1]
	}
	for k := range idx {
		u := double()
		j := 0
		for j < n && cdf[j] <= u {
			j++
		}
		idx[k] = j
	}
	return npPick(pool, idx, shape, sized)
}

// npPick is pool[idx] shaped as choice returns it.
func npPick(pool *NDArray, idx []int, shape []int, sized bool) eval.Value {
	if pool.ndim() > 1 {
		// a Generator's choice from a multi-dimensional a picks along
		// axis 0: whole rows
		ix := make([]int64, len(idx))
		for k, i := range idx {
			ix[k] = int64(i)
		}
		rows := tensor.IndexSelect(pool.t, 0, tensor.FromSlice(ix, len(ix)))
		rest := pool.shape()[1:]
		if !sized {
			return newND(rows.Reshape(append([]int{}, rest...)).ContiguousClone())
		}
		return newND(rows.Reshape(append(append([]int{}, shape...), rest...)).ContiguousClone())
	}
	vals := pool.values()
	if !sized {
		return npScalar(vals[idx[0]], pool.dtype())
	}
	out := npEmpty(shape, pool.dtype())
	for k, i := range idx {
		out.Storage().Set(k, vals[i])
	}
	return newND(out)
}
