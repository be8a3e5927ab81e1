package tensor

import "math"

// nonzero, argwhere, unique, searchsorted/bucketize, bincount and histc.

// Nonzero is torch.nonzero(t): an (n, t.dim()) int64 tensor of the
// coordinates of the non-zero elements in row-major order (a 0-d tensor
// gives (1, 0) or (0, 0)).
func Nonzero(t *Tensor) *Tensor {
	if t.Dim() == 0 {
		if t.Truth() {
			return Empty([]int{1, 0}, Int64)
		}
		return Empty([]int{0, 0}, Int64)
	}
	cols := t.NonzeroColumns()
	n := cols[0].Numel()
	// The columns lie one after the other in one storage.
	all := FromStorage(cols[0].st, 0, []int{t.Dim(), n}, []int{n, 1})
	return all.Transpose(0, 1).Contiguous()
}

// Unique is torch.unique(t, sorted) without dim (_unique2): the distinct
// values (one of 0.0 and -0.0, the first met) in the iteration order of
// the std::unordered_set PyTorch builds (unique_hash.go), sorted by
// std::sort with < when sorted; inverse has t's shape and maps every
// element to its value's position; counts counts them. Every NaN is
// distinct, with inverse 0 and count 0, as PyTorch's hash maps give.
// Sorted values with NaNs among more than 16 distinct values are ordered
// numbers first (std::sort's order there is not reproduced).
func Unique(t *Tensor, sorted bool) (values, inverse, counts *Tensor) {
	if t.DType() == Float16 {
		raise(RuntimeError, errNotImplementedDT, "unique", "Half")
	}
	cd := computeSortDType(t.DType())
	c := t.To(cd).Contiguous()
	n := t.Numel()
	inverse = Empty(t.shape, Int64)
	inv := Slice[int64](inverse.st)
	var k int
	var cnt []int64
	bf16 := t.DType() == BFloat16
	switch v := c.st.host().(type) {
	case []uint8:
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, stdHash[uint8])
	case []int8:
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, stdHash[int8])
	case []int16:
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, stdHash[int16])
	case []int32:
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, stdHash[int32])
	case []int64:
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, stdHash[int64])
	case []float32:
		h := stdHash[float32]
		if bf16 {
			h = func(x float32) uint64 { return uint64(math.Float32bits(x) >> 16) }
		}
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, h)
	case []float64:
		values, k, cnt = uniqueFlat(v[c.offset:c.offset+n], inv, sorted, stdHash[float64])
	}
	counts = FromSlice(cnt, k)
	return values.To(t.DType()), inverse, counts
}

func uniqueFlat[T Num](v []T, inv []int64, sorted bool, hash func(T) uint64) (*Tensor, int, []int64) {
	distinct, ok := setOrder(v, hash)
	if !ok {
		if !sorted {
			raise(NotImplementedError, errUniqueUnsortedLarge)
		}
		// Too large to lay out as libstdc++ does: first-seen order
		// (only the sorted result is used then).
		distinct = distinct[:0]
		seen := map[T]bool{}
		for i, x := range v {
			pollAt(i)
			if x != x || !seen[x] {
				if x == x {
					seen[x] = true
				}
				distinct = append(distinct, x)
			}
		}
	}
	if sorted {
		plainSort(distinct)
	}
	pos := map[T]int{}
	for i, x := range distinct {
		if x == x {
			if _, dup := pos[x]; !dup {
				pos[x] = i
			}
		}
	}
	counts := make([]int64, len(distinct))
	for i, x := range v {
		pollAt(i)
		if x != x {
			inv[i] = 0
			continue
		}
		p := pos[x]
		inv[i] = int64(p)
		counts[p]++
	}
	return FromSlice(distinct, len(distinct)), len(distinct), counts
}

// UniqueDim is torch.unique(t, dim=d): the distinct slices along d in
// lexicographic order, the inverse (one index per slice of t) and the
// counts.
func UniqueDim(t *Tensor, dim int) (values, inverse, counts *Tensor) {
	if t.DType() == Float16 {
		raise(RuntimeError, errNotImplementedDT, "unique_dim", "Half")
	}
	var d int
	if t.Dim() == 0 {
		raise(IndexError, errDimNoDims, dim)
	} else {
		d = WrapDim(dim, t.Dim())
	}
	n := 1
	if t.Dim() > 0 {
		n = t.shape[d]
	}
	if t.Numel() == 0 {
		zeros := 0
		for _, s := range t.shape {
			if s == 0 {
				zeros++
			}
		}
		if n != 0 {
			raise(RuntimeError, errUniqueDimEmpty)
		}
		if zeros > 1 {
			raise(RuntimeError, errUniqueDimZeros)
		}
		return t.ContiguousClone(), Empty([]int{0}, Int64), Empty([]int{0}, Int64)
	}
	w := t
	if t.Dim() > 0 {
		w = t.Movedim([]int{d}, []int{0})
	}
	isInt := !t.DType().IsFloat()
	var fdata []float64
	var idata []int64
	rowLen := w.Numel() / n
	if isInt {
		c := w.To(Int64).Contiguous()
		idata = Slice[int64](c.st)[c.offset:]
	} else {
		c := w.To(Float64).Contiguous()
		fdata = Slice[float64](c.st)[c.offset:]
	}
	less := func(a, b int64) bool {
		for k := 0; k < rowLen; k++ {
			if isInt {
				x, y := idata[int(a)*rowLen+k], idata[int(b)*rowLen+k]
				if x < y {
					return true
				} else if x > y {
					return false
				}
				continue
			}
			x, y := fdata[int(a)*rowLen+k], fdata[int(b)*rowLen+k]
			if x < y {
				return true
			} else if x > y {
				return false
			}
		}
		return false
	}
	equal := func(a, b int64) bool {
		for k := 0; k < rowLen; k++ {
			if isInt {
				if idata[int(a)*rowLen+k] != idata[int(b)*rowLen+k] {
					return false
				}
			} else if fdata[int(a)*rowLen+k] != fdata[int(b)*rowLen+k] {
				return false
			}
		}
		return true
	}
	order := make([]int64, n)
	for i := range order {
		order[i] = int64(i)
	}
	sortIndices(order, less)
	inv := make([]int64, n)
	var keep []int64
	var cnt []int64
	for i, o := range order {
		if i == 0 || !equal(order[i-1], o) {
			keep = append(keep, o)
			cnt = append(cnt, 0)
		}
		inv[o] = int64(len(keep) - 1)
		cnt[len(cnt)-1]++
	}
	idx := keep
	if t.Dim() == 0 {
		return t.ContiguousClone(), FromSlice(inv, n), FromSlice(cnt, len(cnt))
	}
	values = IndexSelect(t, d, FromSlice(idx, len(idx)))
	return values, FromSlice(inv, n), FromSlice(cnt, len(cnt))
}

// Searchsorted is torch.searchsorted(seq, values, right, sorter): for
// every value, the index where it would be inserted into its row of seq
// (1-d, or matching values' leading dimensions) to keep it sorted; NaN
// values go to the end. The result is int64, or int32 with outInt32.
func Searchsorted(seq, values *Tensor, right, outInt32 bool, sorter *Tensor) *Tensor {
	if values.Dim() == 0 && seq.Dim() != 1 {
		raise(RuntimeError, errSearchScalar, seq.Dim())
	}
	if seq.Dim() == 0 {
		raise(RuntimeError, errSearchBoundaries0d)
	}
	if seq.Dim() != 1 {
		ok := seq.Dim() == values.Dim()
		for i := 0; ok && i < seq.Dim()-1; i++ {
			ok = seq.shape[i] == values.shape[i]
		}
		if !ok {
			raise(RuntimeError, errSearchShapes, ShapeString(seq.shape), ShapeString(values.shape))
		}
	}
	if sorter != nil {
		if !sameShape(sorter.shape, seq.shape) {
			raise(RuntimeError, errSearchSorterSize, ShapeString(seq.shape), ShapeString(sorter.shape))
		}
		if sorter.DType() != Int64 {
			raise(RuntimeError, errSearchSorterDType, sorter.DType().ScalarName())
		}
	}
	if seq.DType() == Bool || values.DType() == Bool {
		raise(RuntimeError, errNotImplementedDT, "searchsorted_out_cpu", "Bool")
	}
	m := seq.shape[seq.Dim()-1]
	od := Int64
	if outInt32 {
		od = Int32
	}
	out := Empty(values.shape, od)
	nv := values.Numel()
	if nv == 0 {
		return out
	}
	perRow := nv
	if seq.Dim() > 1 && values.Dim() > 0 {
		perRow = values.shape[values.Dim()-1]
	}
	var srt []int64
	if sorter != nil {
		sc := sorter.Contiguous()
		srt = Slice[int64](sc.st)[sc.offset : sc.offset+sc.Numel()]
		for _, x := range srt {
			if x < 0 || int(x) >= m {
				raise(IndexError, errSearchSorterRange, x, m)
			}
		}
	}
	isInt := seq.DType().IsIntegral(false) && values.DType().IsIntegral(false)
	bs := seq.Contiguous()
	vs := values.Contiguous()
	var bf, vf []float64
	var bi, vi []int64
	if isInt {
		bi = Slice[int64](bs.To(Int64).st)[bs.To(Int64).offset:]
		vc := vs.To(Int64)
		vi = Slice[int64](vc.st)[vc.offset:]
	} else {
		bc := bs.To(Float64)
		bf = Slice[float64](bc.st)[bc.offset:]
		vc := vs.To(Float64)
		vf = Slice[float64](vc.st)[vc.offset:]
	}
	for i := 0; i < nv; i++ {
		pollAt(i)
		base := 0
		if seq.Dim() > 1 {
			base = (i / perRow) * m
		}
		lo, hi := 0, m
		for lo < hi {
			mid := lo + (hi-lo)>>1
			p := mid
			if srt != nil {
				p = int(srt[base+mid])
			} else {
				p += base
			}
			var goRight bool
			if isInt {
				if right {
					goRight = !(bi[p] > vi[i])
				} else {
					goRight = !(bi[p] >= vi[i])
				}
			} else if right {
				goRight = !(bf[p] > vf[i])
			} else {
				goRight = !(bf[p] >= vf[i])
			}
			if goRight {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		out.st.Set(i, IntS(int64(lo)))
	}
	return out
}

// Bincount is torch.bincount(t, weights, minlength): how often each
// non-negative integer occurs in the 1-d t (or the sum of its weights).
func Bincount(t, weights *Tensor, minlength int) *Tensor {
	if t.DType() == Bool || t.DType().IsFloat() {
		raise(RuntimeError, errNotImplementedDT, "bincount_cpu", t.DType().ScalarName())
	}
	if minlength < 0 {
		raise(RuntimeError, errBincountMinlength)
	}
	if t.Dim() == 1 && t.Numel() == 0 {
		return Empty([]int{minlength}, Int64)
	}
	vals := t.To(Int64).Contiguous()
	v := Slice[int64](vals.st)[vals.offset : vals.offset+vals.Numel()]
	bad := t.Dim() != 1
	nb := int64(minlength)
	for _, x := range v {
		if x < 0 {
			bad = true
			break
		}
		nb = max(nb, x+1)
	}
	if bad {
		raise(RuntimeError, errBincount1d)
	}
	if weights != nil && (weights.Dim() != 1 || weights.shape[0] != t.shape[0]) {
		raise(RuntimeError, errBincountWeights)
	}
	if weights == nil {
		out := Empty([]int{int(nb)}, Int64)
		o := Slice[int64](out.st)
		for _, x := range v {
			o[x]++
		}
		return out
	}
	od := Float64
	if weights.DType() == Float32 {
		od = Float32
	}
	wc := weights.To(Float64).Contiguous()
	w := Slice[float64](wc.st)[wc.offset:]
	out := Empty([]int{int(nb)}, od)
	if od == Float32 {
		acc32 := Slice[float32](out.st)
		for i, x := range v {
			acc32[x] += float32(w[i])
		}
		return out
	}
	acc := Slice[float64](out.st)
	for i, x := range v {
		acc[x] += w[i]
	}
	return out
}

// Histc is torch.histc(t, bins, min, max): a histogram of bins equal
// bins between min and max (the data's extremes when they are equal),
// computed in t's floating dtype as PyTorch's linear-interpolation kernel
// does; elements outside the range are not counted.
func Histc(t *Tensor, bins int, lo, hi float64) *Tensor {
	if t.DType() == Bool {
		raise(RuntimeError, errNotImplementedDT, "linspace_cpu", "Bool")
	}
	if !t.DType().IsFloat() {
		raise(RuntimeError, errNotImplementedDT, "histogram_cpu", t.DType().ScalarName())
	}
	if t.DType() == Float16 {
		raise(RuntimeError, errNotImplementedDT, "aminmax_cpu", "Half")
	}
	if bins <= 0 {
		raise(RuntimeError, errHistBins, bins)
	}
	if lo == hi && t.Numel() > 0 {
		lo = Amin(t, nil, false).Item().Float()
		hi = Amax(t, nil, false).Item().Float()
	}
	if lo == hi {
		lo--
		hi++
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsNaN(lo) || math.IsNaN(hi) {
		raise(RuntimeError, errHistcRange, CppFloatString(lo), CppFloatString(hi))
	}
	if !(lo < hi) {
		raise(RuntimeError, errHistcMinMax)
	}
	edges := Linspace(FloatS(lo), FloatS(hi), int64(bins+1), t.DType())
	out := Empty([]int{bins}, t.DType())
	c := t.Contiguous()
	switch v := c.st.host().(type) {
	case []float32:
		e := Slice[float32](edges.st)
		histRows(v[c.offset:c.offset+c.Numel()], e[0], e[bins], bins, Slice[float32](out.st))
	case []float64:
		e := Slice[float64](edges.st)
		histRows(v[c.offset:c.offset+c.Numel()], e[0], e[bins], bins, Slice[float64](out.st))
	case []BF16:
		x := c.To(Float32)
		e := edges.To(Float32)
		le, re := Slice[float32](e.st)[0], Slice[float32](e.st)[bins]
		acc := make([]float32, bins)
		histRowsBF16(Slice[float32](x.st), le, re, bins, acc)
		for i, a := range acc {
			Slice[BF16](out.st)[i] = BF16FromFloat32(a)
		}
	}
	return out
}

func histRows[T float32 | float64](v []T, left, right T, bins int, out []T) {
	for i, x := range v {
		pollAt(i)
		if !(x >= left && x <= right) {
			continue
		}
		pos := int64((x - left) * T(bins) / (right - left))
		if pos == int64(bins) {
			pos--
		}
		out[pos]++
	}
}

// histRowsBF16 is histRows for bfloat16: each step rounds to bfloat16.
func histRowsBF16(v []float32, left, right float32, bins int, acc []float32) {
	r := func(f float32) float32 { return BF16FromFloat32(f).Float32() }
	for i, x := range v {
		pollAt(i)
		if !(x >= left && x <= right) {
			continue
		}
		pos := int64(r(r(r(x-left)*r(float32(bins))) / r(right-left)))
		if pos == int64(bins) {
			pos--
		}
		acc[pos] = r(acc[pos] + 1)
	}
}

// plainSort is std::sort(first, last) with <, where NaN compares false
// with everything.
func plainSort[T Num](v []T) {
	ix := make([]int64, len(v))
	for i := range ix {
		ix[i] = int64(i)
	}
	sortIndices(ix, func(a, b int64) bool { return v[a] < v[b] })
	out := make([]T, len(v))
	for i, j := range ix {
		out[i] = v[j]
	}
	copy(v, out)
}
