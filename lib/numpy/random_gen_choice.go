package numpy

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Generator.choice(a, size, replace=False, p=None) as numpy/random/
// _generator.pyx (1.24) draws it: without p, Floyd's algorithm over a hash
// set then a shuffle of the result (or, for a population over 10000 and a
// sample over a fiftieth of it, a tail shuffle of arange); with p, rounds
// of uniform draws searched in the renormalised cumulative distribution of
// the not yet chosen entries.

// genChoiceNoReplace is the replace=False path; it returns the value
// choice returns.
func genChoiceNoReplace(p *pcg64, x, size, pv eval.Value) eval.Value {
	var pool *NDArray
	var popSize int64
	shape, sized := npSizeArg(size)
	count := int64(1)
	if sized {
		count = int64(tensor.Numel(shape))
	}
	if i, ok := x.(eval.Int); ok {
		popSize, _ = i.Int64()
		if popSize <= 0 && count != 0 {
			eval.Throw("ValueError", errNPGenChoicePositive)
		}
	} else {
		pool = npArg(x)
		if pool.ndim() == 0 {
			popSize = pool.item().Int()
			if popSize <= 0 && count != 0 {
				eval.Throw("ValueError", errNPGenChoicePositive)
			}
			pool = nil
		} else {
			popSize = int64(pool.shape()[0])
			if popSize == 0 && count != 0 {
				eval.Throw("ValueError", errNPGenChoiceEmpty)
			}
		}
	}
	var probs []float64
	if _, noP := pv.(eval.NoneType); !noP {
		probs = genChoiceProbs(pv, popSize)
	}
	if count > popSize {
		eval.Throw("ValueError", errNPGenChoiceLarger)
	}
	var idx []int64
	if probs != nil {
		idx = genChoiceWeighted(p, probs, int(count))
	} else {
		idx = genChoiceUniform(p, popSize, count)
	}
	if pool == nil {
		if !sized {
			return eval.MakeInt(idx[0]) // idx.item(0): a Python int
		}
		out := npEmpty(shape, tensor.Int64)
		for k, v := range idx {
			out.Storage().Set(k, tensor.IntS(v))
		}
		return newND(out)
	}
	pick := make([]int, len(idx))
	for k, v := range idx {
		pick[k] = int(v)
	}
	return npPick(pool, pick, shape, sized)
}

// genChoiceProbs checks p as the Generator does and returns it as float64s.
func genChoiceProbs(pv eval.Value, popSize int64) []float64 {
	atol := math.Sqrt(2.220446049250313e-16)
	if arr, ok := pv.(*NDArray); ok && arr.dtype().IsFloat() {
		eps := map[tensor.DType]float64{tensor.Float16: 0.0009765625, tensor.Float32: 1.1920929e-07, tensor.Float64: 2.220446049250313e-16}[arr.dtype()]
		atol = math.Max(atol, math.Sqrt(eps))
	}
	arr := npArg(pv).copyAs(tensor.Float64)
	if arr.ndim() != 1 {
		eval.Throw("ValueError", errNPGenChoicePDim)
	}
	if int64(arr.size()) != popSize {
		eval.Throw("ValueError", errNPChoiceP)
	}
	vals := arr.values()
	probs := make([]float64, len(vals))
	for i, v := range vals {
		probs[i] = v.Float()
	}
	// kahan_sum
	sum, c := probs[0], 0.0
	for _, v := range probs[1:] {
		y := v - c
		t := sum + y
		c = (t - sum) - y
		sum = t
	}
	if math.IsNaN(sum) {
		eval.Throw("ValueError", errNPGenChoicePNaN)
	}
	for _, v := range probs {
		if v < 0 {
			eval.Throw("ValueError", errNPGenChoicePNeg)
		}
	}
	if math.Abs(sum-1) > atol {
		eval.Throw("ValueError", errNPGenChoicePSum)
	}
	return probs
}

// genChoiceUniform is the sampling without p: Floyd's algorithm or the
// tail shuffle.
func genChoiceUniform(p *pcg64, pop, size int64) []int64 {
	if pop > 10000 && size > pop/50 {
		tensor.CheckAllocBytes(pop * 8)
		idx := make([]int64, pop)
		for i := range idx {
			idx[i] = int64(i)
		}
		p.shuffleInts(idx, max(pop-size, 1))
		return idx[pop-size:]
	}
	idx := make([]int64, size)
	mask := genMask(uint64(1.2 * float64(size)))
	tensor.CheckAllocBytes(int64(mask+1) * 8)
	hash := make([]uint64, mask+1)
	const empty = ^uint64(0)
	for i := range hash {
		hash[i] = empty
	}
	for j := pop - size; j < pop; j++ {
		val := p.bounded(uint64(j))
		loc := val & mask
		for hash[loc] != empty && hash[loc] != val {
			loc = (loc + 1) & mask
		}
		if hash[loc] == empty {
			hash[loc] = val
			idx[j-pop+size] = int64(val)
			continue
		}
		loc = uint64(j) & mask
		for hash[loc] != empty {
			loc = (loc + 1) & mask
		}
		hash[loc] = uint64(j)
		idx[j-pop+size] = j
	}
	p.shuffleInts(idx, 1)
	return idx
}

// shuffleInts is _shuffle_int: Fisher-Yates from the end down to first.
func (p *pcg64) shuffleInts(data []int64, first int64) {
	for i := int64(len(data)) - 1; i >= first; i-- {
		j := p.bounded(uint64(i))
		data[j], data[i] = data[i], data[j]
	}
}

// genMask is _gen_mask: the smallest 2**k - 1 not below v.
func genMask(v uint64) uint64 {
	for s := uint(1); s < 64; s <<= 1 {
		v |= v >> s
	}
	return v
}

// genChoiceWeighted is the sampling with p: rounds of draws, each keeping
// the first occurrence of every new index, in the order drawn.
func genChoiceWeighted(p *pcg64, probs []float64, size int) []int64 {
	nonzero := 0
	for _, v := range probs {
		if v > 0 {
			nonzero++
		}
	}
	if nonzero < size {
		eval.Throw("ValueError", errNPGenChoiceFewP)
	}
	probs = append([]float64{}, probs...)
	found := make([]int64, 0, size)
	for len(found) < size {
		draws := make([]float64, size-len(found))
		for i := range draws {
			draws[i] = p.double()
		}
		for _, f := range found {
			probs[f] = 0
		}
		cdf := make([]float64, len(probs))
		acc := 0.0
		for i, v := range probs {
			acc += v
			cdf[i] = acc
		}
		last := cdf[len(cdf)-1]
		for i := range cdf {
			cdf[i] /= last
		}
		// searchsorted(side='right'), then unique's first occurrences in
		// the order they were drawn.
		seen := map[int64]bool{}
		for _, u := range draws {
			j := int64(0)
			for int(j) < len(cdf) && cdf[j] <= u {
				j++
			}
			if !seen[j] {
				seen[j] = true
				found = append(found, j)
			}
		}
	}
	return found
}
