package tensor

import "math/bits"

// The sorting algorithms of libstdc++ (bits/stl_algo.h, bits/stl_heap.h)
// that PyTorch 1.13's CPU kernels call, ported step for step so that
// equal keys come out in the same order as PyTorch's: std::sort
// (introsort: median-of-three quicksort, heapsort past 2·log2(n) levels,
// insertion sort below 16 elements), std::partial_sort (heap select, then
// sort_heap) and std::nth_element (introselect); and PyTorch's own
// quickselect (kthvalue).
//
// They sort a pair of parallel slices, unsigned keys v and their indices
// ix, with the keys' <. The keys (sort_keys.go) encode PyTorch's
// comparisons: KeyValueCompAsc (NaN above everything, -0 equal to 0)
// as an order-preserving map of the values, KeyValueCompDesc as its
// complement. stable adds the index as a tie-break.

// sortKey is the type of the keys.
type sortKey interface{ uint32 | uint64 }

// pairSorter sorts v and ix together.
type pairSorter[T sortKey] struct {
	v      []T
	ix     []int64
	stable bool
}

// lessVal is KeyValueCompAsc on values, for the tests.
func lessVal[T Num](a, b T) bool {
	return (a == a && b != b) || a < b
}

// less compares element (a, ai) with (b, bi).
func (s *pairSorter[T]) less(a T, ai int64, b T, bi int64) bool {
	return a < b || (s.stable && a == b && ai < bi)
}

func (s *pairSorter[T]) lessAt(i, j int) bool { return s.less(s.v[i], s.ix[i], s.v[j], s.ix[j]) }

func (s *pairSorter[T]) swap(i, j int) {
	s.v[i], s.v[j] = s.v[j], s.v[i]
	s.ix[i], s.ix[j] = s.ix[j], s.ix[i]
}

const introThreshold = 16

// lg is std::__lg: floor(log2(n)).
func lg(n int) int { return bits.Len(uint(n)) - 1 }

// sort is std::sort over [first, last).
func (s *pairSorter[T]) sort(first, last int) {
	if first == last {
		return
	}
	s.introsortLoop(first, last, lg(last-first)*2)
	s.finalInsertionSort(first, last)
}

func (s *pairSorter[T]) introsortLoop(first, last, depth int) {
	for last-first > introThreshold {
		if depth == 0 {
			s.partialSort(first, last, last)
			return
		}
		depth--
		cut := s.partitionPivot(first, last)
		s.introsortLoop(cut, last, depth)
		last = cut
	}
}

func (s *pairSorter[T]) partitionPivot(first, last int) int {
	mid := first + (last-first)/2
	s.moveMedianToFirst(first, first+1, mid, last-1)
	return s.unguardedPartition(first+1, last, first)
}

func (s *pairSorter[T]) moveMedianToFirst(result, a, b, c int) {
	switch {
	case s.lessAt(a, b):
		switch {
		case s.lessAt(b, c):
			s.swap(result, b)
		case s.lessAt(a, c):
			s.swap(result, c)
		default:
			s.swap(result, a)
		}
	case s.lessAt(a, c):
		s.swap(result, a)
	case s.lessAt(b, c):
		s.swap(result, c)
	default:
		s.swap(result, b)
	}
}

func (s *pairSorter[T]) unguardedPartition(first, last, pivot int) int {
	pv, pi := s.v[pivot], s.ix[pivot]
	for {
		for s.less(s.v[first], s.ix[first], pv, pi) {
			first++
		}
		last--
		for s.less(pv, pi, s.v[last], s.ix[last]) {
			last--
		}
		if first >= last {
			return first
		}
		s.swap(first, last)
		first++
	}
}

func (s *pairSorter[T]) finalInsertionSort(first, last int) {
	if last-first > introThreshold {
		s.insertionSort(first, first+introThreshold)
		for i := first + introThreshold; i < last; i++ {
			s.unguardedLinearInsert(i)
		}
		return
	}
	s.insertionSort(first, last)
}

func (s *pairSorter[T]) insertionSort(first, last int) {
	if first == last {
		return
	}
	for i := first + 1; i < last; i++ {
		if s.lessAt(i, first) {
			v, x := s.v[i], s.ix[i]
			copy(s.v[first+1:i+1], s.v[first:i])
			copy(s.ix[first+1:i+1], s.ix[first:i])
			s.v[first], s.ix[first] = v, x
		} else {
			s.unguardedLinearInsert(i)
		}
	}
}

func (s *pairSorter[T]) unguardedLinearInsert(last int) {
	v, x := s.v[last], s.ix[last]
	next := last - 1
	for s.less(v, x, s.v[next], s.ix[next]) {
		s.v[last], s.ix[last] = s.v[next], s.ix[next]
		last = next
		next--
	}
	s.v[last], s.ix[last] = v, x
}

// partialSort is std::partial_sort: [first, middle) ends up holding the
// smallest elements in order.
func (s *pairSorter[T]) partialSort(first, middle, last int) {
	s.heapSelect(first, middle, last)
	for middle-first > 1 {
		middle--
		s.popHeap(first, middle, middle)
	}
}

func (s *pairSorter[T]) heapSelect(first, middle, last int) {
	s.makeHeap(first, middle)
	for i := middle; i < last; i++ {
		if s.lessAt(i, first) {
			s.popHeap(first, middle, i)
		}
	}
}

func (s *pairSorter[T]) makeHeap(first, last int) {
	n := last - first
	if n < 2 {
		return
	}
	for parent := (n - 2) / 2; ; parent-- {
		s.adjustHeap(first, parent, n, s.v[first+parent], s.ix[first+parent])
		if parent == 0 {
			return
		}
	}
}

func (s *pairSorter[T]) popHeap(first, last, result int) {
	v, x := s.v[result], s.ix[result]
	s.v[result], s.ix[result] = s.v[first], s.ix[first]
	s.adjustHeap(first, 0, last-first, v, x)
}

func (s *pairSorter[T]) adjustHeap(first, hole, n int, v T, x int64) {
	top := hole
	child := hole
	for child < (n-1)/2 {
		child = 2 * (child + 1)
		if s.lessAt(first+child, first+child-1) {
			child--
		}
		s.v[first+hole], s.ix[first+hole] = s.v[first+child], s.ix[first+child]
		hole = child
	}
	if n&1 == 0 && child == (n-2)/2 {
		child = 2 * (child + 1)
		s.v[first+hole], s.ix[first+hole] = s.v[first+child-1], s.ix[first+child-1]
		hole = child - 1
	}
	// __push_heap
	parent := (hole - 1) / 2
	for hole > top && s.less(s.v[first+parent], s.ix[first+parent], v, x) {
		s.v[first+hole], s.ix[first+hole] = s.v[first+parent], s.ix[first+parent]
		hole = parent
		parent = (hole - 1) / 2
	}
	s.v[first+hole], s.ix[first+hole] = v, x
}

// nthElement is std::nth_element.
func (s *pairSorter[T]) nthElement(first, nth, last int) {
	if first == last || nth == last {
		return
	}
	depth := lg(last-first) * 2
	for last-first > 3 {
		if depth == 0 {
			s.heapSelect(first, nth+1, last)
			s.swap(first, nth)
			return
		}
		depth--
		cut := s.partitionPivot(first, last)
		if cut <= nth {
			first = cut
		} else {
			last = cut
		}
	}
	s.insertionSort(first, last)
}

// quickSelect is PyTorch's quick_select_template (SortingUtils.h), which
// kthvalue and median use: afterwards v[k] is the k-th smallest (NaN
// largest), with ix permuted alongside.
func (s *pairSorter[T]) quickSelect(k int) {
	l, r := 0, len(s.v)-1
	for {
		if r <= l {
			return
		}
		if r == l+1 {
			if s.v[l] > s.v[r] {
				s.swap(l, r)
			}
			return
		}
		p := l + (r-l)/2
		s.swap(p, l+1)
		if s.v[l+1] > s.v[r] {
			s.swap(l+1, r)
		}
		if s.v[l] > s.v[r] {
			s.swap(l, r)
		}
		if s.v[l+1] > s.v[l] {
			s.swap(l+1, l)
		}
		i, j := l+1, r
		piv := s.v[l]
		for {
			i++
			for piv > s.v[i] {
				i++
			}
			j--
			for s.v[j] > piv {
				j--
			}
			if j < i {
				break
			}
			s.swap(i, j)
		}
		s.swap(l, j)
		if j <= k {
			l = i
		}
		if j >= k {
			r = j - 1
		}
	}
}
