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

// forChunks runs fn over ranges of rows (in parallel when there are many).
func (w *sortWork) forChunks(fn func(lo, hi int)) {
	grain := max(1, (32<<10)/max(w.n, 1))
	parallelFor(w.rows, grain, fn)
	CheckInterrupt()
}

// sortOp is what runs on every line's keys.
type sortOp struct {
	kind   int // opSort, opTopk or opKth
	stable bool
	k      int
	sorted bool
}

const (
	opSort = iota
	opTopk
	opKth
)

// keep is how many leading elements of a line the result reads.
func (op sortOp) keep(n int) int {
	switch op.kind {
	case opTopk:
		return op.k
	case opKth:
		return n // the k-th is read at its place; the rest is left as is
	}
	return n
}

// apply runs op on one line's keys and indices (kb and ib are buffers as
// long, for the radix sort).
func (op sortOp) apply32(s *pairSorter[uint32], kb []uint32, ib []int64) { applyOp(op, s, kb, ib) }
func (op sortOp) apply64(s *pairSorter[uint64], kb []uint64, ib []int64) { applyOp(op, s, kb, ib) }

func applyOp[K sortKey](op sortOp, s *pairSorter[K], kb []K, ib []int64) {
	n := len(s.v)
	switch op.kind {
	case opSort:
		if op.stable && n > 64 {
			radixSort(s.v, s.ix, kb, ib)
			return
		}
		s.stable = op.stable
		s.sort(0, n)
	case opTopk:
		if op.k*64 <= n {
			s.partialSort(0, op.k, n)
			return
		}
		s.nthElement(0, op.k-1, n)
		if op.sorted {
			s.sort(0, op.k-1)
		}
	case opKth:
		s.quickSelect(op.k - 1)
	}
}

// runLines runs op over every line of the working copy: ix receives each
// line's permutation (line-local indices) and the values are permuted
// alongside.
func (w *sortWork) runLines(ix []int64, desc bool, op sortOp) {
	switch v := w.t.st.host().(type) {
	case []uint8:
		lines32(w, v, ix, desc, op)
	case []int8:
		lines32(w, v, ix, desc, op)
	case []int16:
		lines32(w, v, ix, desc, op)
	case []int32:
		lines32(w, v, ix, desc, op)
	case []float32:
		lines32(w, v, ix, desc, op)
	case []int64:
		lines64(w, v, ix, desc, op)
	case []float64:
		lines64(w, v, ix, desc, op)
	}
}

func lines32[T uint8 | int8 | int16 | int32 | float32](w *sortWork, v []T, ix []int64, desc bool, op sortOp) {
	n := w.n
	w.forChunks(func(lo, hi int) {
		keys, kb := make([]uint32, n), make([]uint32, n)
		ib, tmp := make([]int64, n), make([]T, n)
		for r := lo; r < hi && !Interrupted(); r++ {
			row, rix := v[r*n:r*n+n], ix[r*n:r*n+n]
			rowKeys32(row, keys, desc)
			for i := range rix {
				rix[i] = int64(i)
			}
			op.apply32(&pairSorter[uint32]{v: keys, ix: rix}, kb, ib)
			copy(tmp, row)
			for i, j := range rix[:op.keep(n)] {
				row[i] = tmp[j]
			}
		}
	})
}

func lines64[T int64 | float64](w *sortWork, v []T, ix []int64, desc bool, op sortOp) {
	n := w.n
	w.forChunks(func(lo, hi int) {
		keys, kb := make([]uint64, n), make([]uint64, n)
		ib, tmp := make([]int64, n), make([]T, n)
		for r := lo; r < hi && !Interrupted(); r++ {
			row, rix := v[r*n:r*n+n], ix[r*n:r*n+n]
			rowKeys64(row, keys, desc)
			for i := range rix {
				rix[i] = int64(i)
			}
			op.apply64(&pairSorter[uint64]{v: keys, ix: rix}, kb, ib)
			copy(tmp, row)
			for i, j := range rix[:op.keep(n)] {
				row[i] = tmp[j]
			}
		}
	})
}

// Sort is torch.sort(t, dim, descending, stable): the sorted values and
// the indices they came from. NaN sorts above every number; without
// stable, equal values come out in std::sort's order, as in PyTorch.
func Sort(t *Tensor, dim int, descending, stable bool) (values, indices *Tensor) {
	w := newSortWork(t, dim)
	idx := Empty(w.t.shape, Int64)
	if w.rows > 0 {
		CheckAllocBytes(int64(w.n) * 40 * int64(min(w.rows, 64)))
		w.runLines(Slice[int64](idx.st), descending, sortOp{kind: opSort, stable: stable})
	}
	return w.back(w.t, w.orig), w.back(idx, Int64)
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
		if t.Dim() > 0 {
			raise(RuntimeError, errNotImplementedDT, "topk_cpu", t.DType().ScalarName())
		}
	}
	w := newSortWork(t, dim)
	idx := Empty(w.t.shape, Int64)
	if k > 0 && w.rows > 0 {
		w.runLines(Slice[int64](idx.st), largest, sortOp{kind: opTopk, k: k, sorted: sorted})
	}
	if w.last < 0 {
		// A 0-d tensor is its own top-k, for k = 0 too.
		return w.back(w.t, w.orig), w.back(idx, Int64)
	}
	vk := w.t.Narrow(w.last, 0, k)
	ik := idx.Narrow(w.last, 0, k)
	return w.back(vk, w.orig), w.back(ik, Int64)
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
		if t.Dim() > 0 {
			raise(RuntimeError, errNotImplementedDT, "kthvalue_cpu", t.DType().ScalarName())
		}
	}
	w := newSortWork(t, dim)
	idx := Empty(w.t.shape, Int64)
	if w.rows > 0 {
		w.runLines(Slice[int64](idx.st), false, sortOp{kind: opKth, k: k})
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
