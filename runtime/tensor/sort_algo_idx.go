package tensor

// std::sort with a comparator over indices (unique's sort of rows, and
// its std::sort of values with <, NaN included): the same port of
// libstdc++'s introsort as pairSorter's (sort_algo.go), generated from it
// with the comparison replaced by cmp, the keys unused.

// idxSorter sorts ix by cmp (v is unused, all zero).
type idxSorter struct {
	v   []uint32
	ix  []int64
	cmp func(ai, bi int64) bool
}

func (s *idxSorter) less(_ uint32, ai int64, _ uint32, bi int64) bool { return s.cmp(ai, bi) }

// sortIndices is std::sort(ix, less) for a comparator over indices.
func sortIndices(ix []int64, less func(a, b int64) bool) {
	s := idxSorter{v: make([]uint32, len(ix)), ix: ix, cmp: less}
	s.sort(0, len(ix))
}

func (s *idxSorter) lessAt(i, j int) bool { return s.less(s.v[i], s.ix[i], s.v[j], s.ix[j]) }

func (s *idxSorter) swap(i, j int) {
	s.v[i], s.v[j] = s.v[j], s.v[i]
	s.ix[i], s.ix[j] = s.ix[j], s.ix[i]
}

// sort is std::sort over [first, last).
func (s *idxSorter) sort(first, last int) {
	if first == last {
		return
	}
	s.introsortLoop(first, last, lg(last-first)*2)
	s.finalInsertionSort(first, last)
}

func (s *idxSorter) introsortLoop(first, last, depth int) {
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

func (s *idxSorter) partitionPivot(first, last int) int {
	mid := first + (last-first)/2
	s.moveMedianToFirst(first, first+1, mid, last-1)
	return s.unguardedPartition(first+1, last, first)
}

func (s *idxSorter) moveMedianToFirst(result, a, b, c int) {
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

func (s *idxSorter) unguardedPartition(first, last, pivot int) int {
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

func (s *idxSorter) finalInsertionSort(first, last int) {
	if last-first > introThreshold {
		s.insertionSort(first, first+introThreshold)
		for i := first + introThreshold; i < last; i++ {
			s.unguardedLinearInsert(i)
		}
		return
	}
	s.insertionSort(first, last)
}

func (s *idxSorter) insertionSort(first, last int) {
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

func (s *idxSorter) unguardedLinearInsert(last int) {
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
func (s *idxSorter) partialSort(first, middle, last int) {
	s.heapSelect(first, middle, last)
	for middle-first > 1 {
		middle--
		s.popHeap(first, middle, middle)
	}
}

func (s *idxSorter) heapSelect(first, middle, last int) {
	s.makeHeap(first, middle)
	for i := middle; i < last; i++ {
		if s.lessAt(i, first) {
			s.popHeap(first, middle, i)
		}
	}
}

func (s *idxSorter) makeHeap(first, last int) {
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

func (s *idxSorter) popHeap(first, last, result int) {
	v, x := s.v[result], s.ix[result]
	s.v[result], s.ix[result] = s.v[first], s.ix[first]
	s.adjustHeap(first, 0, last-first, v, x)
}

func (s *idxSorter) adjustHeap(first, hole, n int, v uint32, x int64) {
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
