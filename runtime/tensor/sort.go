package tensor

// sort, argsort, topk and kthvalue: PyTorch 1.13's CPU kernels
// (SortingKernel.cpp, TopKImpl.h, Sorting.cpp) over the lines of a tensor
// along one dimension, with libstdc++'s algorithms (sort_algo.go) so that
// equal values come out in PyTorch's order.

// sortWork is a line-by-line working copy of t: dim moved last by a
// transpose, contiguous, in the dtype the kernels compare in (bool as
// uint8, half and bfloat16 as float32; orderings are unchanged).
type sortWork struct {
	t     *Tensor // the working copy: rows of n elements
	dim   int     // the wrapped dimension
	last  int     // t's last dimension
	n     int     // row length
	rows  int     // number of rows
	orig  DType   // the input's dtype
	shape []int   // the input's shape
}

func newSortWork(t *Tensor, dim int) *sortWork {
	w := &sortWork{orig: t.DType(), shape: t.shape}
	if t.Dim() == 0 {
		WrapDim(dim, 0)
		w.t = t.Reshape([]int{1}).To(computeSortDType(t.DType()))
		if w.t == t || w.t.st == t.st {
			w.t = w.t.ContiguousClone()
		}
		w.n, w.rows, w.last = 1, 1, -1
		return w
	}
	w.dim = WrapDim(dim, t.Dim())
	w.last = t.Dim() - 1
	m := t
	if w.dim != w.last {
		m = t.Transpose(w.dim, w.last)
	}
	cd := computeSortDType(t.DType())
	if m.DType() != cd {
		w.t = m.To(cd)
	} else {
		w.t = m.ContiguousClone()
	}
	w.n = t.shape[w.dim]
	if w.n > 0 {
		w.rows = t.Numel() / w.n
	}
	return w
}

func computeSortDType(d DType) DType {
	switch d {
	case Bool:
		return Uint8
	case Float16, BFloat16:
		return Float32
	}
	return d
}

// back turns a row-form result r (rows of any length along the last
// dimension) into the layout of the input: the moved dimension put back,
// contiguous, in dtype d.
func (w *sortWork) back(r *Tensor, d DType) *Tensor {
	if w.last < 0 {
		r = r.Reshape([]int{})
	} else if w.dim != w.last {
		r = r.Transpose(w.dim, w.last)
	}
	if r.DType() != d {
		return r.To(d)
	}
	return r.Contiguous()
}

// rowShape is the working shape with the last dimension of size k.
func (w *sortWork) rowShape(k int) []int {
	s := append([]int{}, w.t.shape...)
	s[len(s)-1] = k
	return s
}

// forRows runs fn over every row (in parallel when there are many).
func (w *sortWork) forRows(fn func(r int)) {
	grain := max(1, (32<<10)/max(w.n, 1))
	parallelFor(w.rows, grain, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			if Interrupted() {
				return
			}
			fn(r)
		}
	})
	CheckInterrupt()
}

// Sort is torch.sort(t, dim, descending, stable): the sorted values and
// the indices they came from. NaN sorts above every number; without
// stable, equal values come out in std::sort's order, as in PyTorch.
func Sort(t *Tensor, dim int, descending, stable bool) (values, indices *Tensor) {
	w := newSortWork(t, dim)
	idx := Empty(w.t.shape, Int64)
	ix := Slice[int64](idx.st)
	n := w.n
	for i := range ix {
		ix[i] = int64(i % max(n, 1))
	}
	switch v := w.t.st.data.(type) {
	case []uint8:
		sortRows(w, v, ix, descending, stable)
	case []int8:
		sortRows(w, v, ix, descending, stable)
	case []int16:
		sortRows(w, v, ix, descending, stable)
	case []int32:
		sortRows(w, v, ix, descending, stable)
	case []int64:
		sortRows(w, v, ix, descending, stable)
	case []float32:
		sortRows(w, v, ix, descending, stable)
	case []float64:
		sortRows(w, v, ix, descending, stable)
	}
	return w.back(w.t, w.orig), w.back(idx, Int64)
}

func sortRows[T Num](w *sortWork, v []T, ix []int64, desc, stable bool) {
	n := w.n
	w.forRows(func(r int) {
		s := pairSorter[T]{v: v[r*n : r*n+n], ix: ix[r*n : r*n+n], desc: desc, stable: stable}
		s.sort(0, n)
	})
}

// Argsort is torch.argsort: Sort's indices.
func Argsort(t *Tensor, dim int, descending, stable bool) *Tensor {
	_, idx := Sort(t, dim, descending, stable)
	return idx
}

// Topk is torch.topk(t, k, dim, largest, sorted): the k largest (or
// smallest) values along dim and their indices, NaN counting as the
// largest. As PyTorch does, it partial-sorts when k·64 ≤ n and otherwise
// puts the k-th in place with nth_element (then sorts the k-1 before it
// when sorted is set).
func Topk(t *Tensor, k, dim int, largest, sorted bool) (values, indices *Tensor) {
	var n int
	if t.Dim() == 0 {
		WrapDim(dim, 0)
		n = 1
	} else {
		n = t.shape[WrapDim(dim, t.Dim())]
	}
	if k < 0 || k > n {
		raise(RuntimeError, errTopkRange)
	}
	switch t.DType() {
	case Bool, Float16:
		raise(RuntimeError, errNotImplementedDT, "topk_cpu", t.DType().ScalarName())
	}
	w := newSortWork(t, dim)
	idx := Empty(w.t.shape, Int64)
	ix := Slice[int64](idx.st)
	for i := range ix {
		ix[i] = int64(i % max(n, 1))
	}
	if k > 0 {
		switch v := w.t.st.data.(type) {
		case []uint8:
			topkRows(w, v, ix, k, largest, sorted)
		case []int8:
			topkRows(w, v, ix, k, largest, sorted)
		case []int16:
			topkRows(w, v, ix, k, largest, sorted)
		case []int32:
			topkRows(w, v, ix, k, largest, sorted)
		case []int64:
			topkRows(w, v, ix, k, largest, sorted)
		case []float32:
			topkRows(w, v, ix, k, largest, sorted)
		case []float64:
			topkRows(w, v, ix, k, largest, sorted)
		}
	}
	if w.last < 0 {
		// A 0-d tensor is its own top-k, for k = 0 too.
		return w.back(w.t, w.orig), w.back(idx, Int64)
	}
	vk := w.t.Narrow(w.last, 0, k)
	ik := idx.Narrow(w.last, 0, k)
	return w.back(vk, w.orig), w.back(ik, Int64)
}

func topkRows[T Num](w *sortWork, v []T, ix []int64, k int, largest, sorted bool) {
	n := w.n
	w.forRows(func(r int) {
		s := pairSorter[T]{v: v[r*n : r*n+n], ix: ix[r*n : r*n+n], desc: largest}
		if k*64 <= n {
			s.partialSort(0, k, n)
			return
		}
		s.nthElement(0, k-1, n)
		if sorted {
			s.sort(0, k-1)
		}
	})
}

// Kthvalue is torch.kthvalue(t, k, dim, keepdim): the k-th smallest value
// of each line (NaN the largest) and its index, found by PyTorch's
// quickselect.
func Kthvalue(t *Tensor, k, dim int, keepdim bool) (values, indices *Tensor) {
	var n, d int
	if t.Dim() == 0 {
		WrapDim(dim, 0)
		n = 1
	} else {
		d = WrapDim(dim, t.Dim())
		n = t.shape[d]
		if n == 0 {
			raise(IndexError, errReduceZeroSizeDim, "kthvalue", d)
		}
	}
	if k < 1 || k > n {
		raise(RuntimeError, errKthRange, d)
	}
	switch t.DType() {
	case Bool, Float16:
		raise(RuntimeError, errNotImplementedDT, "kthvalue_cpu", t.DType().ScalarName())
	}
	w := newSortWork(t, dim)
	idx := Empty(w.t.shape, Int64)
	ix := Slice[int64](idx.st)
	for i := range ix {
		ix[i] = int64(i % n)
	}
	switch v := w.t.st.data.(type) {
	case []uint8:
		kthRows(w, v, ix, k)
	case []int8:
		kthRows(w, v, ix, k)
	case []int16:
		kthRows(w, v, ix, k)
	case []int32:
		kthRows(w, v, ix, k)
	case []int64:
		kthRows(w, v, ix, k)
	case []float32:
		kthRows(w, v, ix, k)
	case []float64:
		kthRows(w, v, ix, k)
	}
	if w.last < 0 {
		return w.back(w.t, w.orig), w.back(idx, Int64)
	}
	vk := w.back(w.t.Narrow(w.last, k-1, 1), w.orig)
	ik := w.back(idx.Narrow(w.last, k-1, 1), Int64)
	if !keepdim {
		vk, ik = vk.SqueezeDim(w.dim), ik.SqueezeDim(w.dim)
	}
	return vk, ik
}

func kthRows[T Num](w *sortWork, v []T, ix []int64, k int) {
	n := w.n
	w.forRows(func(r int) {
		s := pairSorter[T]{v: v[r*n : r*n+n], ix: ix[r*n : r*n+n]}
		s.quickSelect(k - 1)
	})
}
