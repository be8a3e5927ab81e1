package tensor

// The max/min reduction kernel. Its result is defined by the sequential
// fold below (the reference): the output starts at the identity (lo for
// max, hi for min) and each input x, in iteration order, replaces it when
// x is NaN or x beats it (x > p for max, x < p for min; a NaN output is
// only replaced by a later NaN). The fast paths compute the same result:
// contiguous rows in four independent lanes, falling back to the
// sequential fold for a row whose answer the lanes cannot decide
// bit-exactly (a NaN, or a winning ±0 whose sign depends on which zero
// comes first), and column reductions one input row at a time.

// extremumRows folds max or min (NaN propagating) of in's rows into out.
func extremumRows[T Num](g *redGeom, od, id []T, isMax bool, lo, hi T) {
	init := hi
	if isMax {
		init = lo
	}
	fillSlice(od, init)
	if isMax {
		g.for2D(func(oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
			extremumBlockMax(od, id, oBase, iBase, size0, size1, o0, i0, o1, i1)
		})
	} else {
		g.for2D(func(oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
			extremumBlockMin(od, id, oBase, iBase, size0, size1, o0, i0, o1, i1)
		})
	}
}

// The Max and Min variants below are the same code with > and <
// (written out twice so that the comparison inlines into the loops).

// foldElemMax is the reference step: x replaces p when NaN or better.
func foldElemMax[T Num](p, x T) T {
	if x != x || x > p {
		return x
	}
	return p
}

// extremumBlockMax folds one 2-d block of the iteration (dimension 0 inner).
func extremumBlockMax[T Num](od, id []T, oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
	switch {
	case o0 == 0 && i0 == 1:
		// Contiguous rows, one output each (or all into one when o1 == 0).
		if o1 == 0 || size0*size1 <= grain {
			extremumRowsMax(od, id, oBase, iBase, size0, o1, i1, 0, size1)
			return
		}
		parallelFor(size1, max(1, grain/max(size0, 1)), func(lo, hi int) {
			extremumRowsMax(od, id, oBase, iBase, size0, o1, i1, lo, hi)
		})
	case o0 == 0 && o1 == 1 && i1 == 1:
		// Outputs contiguous along dimension 1: fold input rows into them.
		if size0*size1 <= grain {
			extremumColsMax(od, id, oBase, iBase, size0, i0, 0, size1)
			return
		}
		parallelFor(size1, max(64, grain/max(size0, 1)), func(lo, hi int) {
			extremumColsMax(od, id, oBase, iBase, size0, i0, lo, hi)
		})
	default:
		for j := 0; j < size1; j++ {
			for i := 0; i < size0; i++ {
				pollAt(i) // a row may be huge: a stride-0 view of 2**40 elements
				o := oBase + j*o1 + i*o0
				od[o] = foldElemMax(od[o], id[iBase+j*i1+i*i0])
			}
		}
	}
}

// extremumRowsMax folds rows lo..hi-1 of a block of contiguous rows.
func extremumRowsMax[T Num](od, id []T, oBase, iBase, size0, o1, i1, lo, hi int) {
	for j := lo; j < hi; j++ {
		p := &od[oBase+j*o1]
		*p = extremumRowMax(*p, id[iBase+j*i1:iBase+j*i1+size0])
	}
}

// extremumColsMax folds the input rows' columns lo..hi-1 into the
// contiguous outputs.
func extremumColsMax[T Num](od, id []T, oBase, iBase, size0, i0, lo, hi int) {
	out := od[oBase+lo : oBase+hi]
	for i := 0; i < size0; i++ {
		row := id[iBase+i*i0+lo : iBase+i*i0+hi]
		row = row[:len(out)]
		k0 := 0
		if o32, ok := any(out).([]float32); ok && useAVX2 && len(out) >= 8 {
			k0 = len(out) &^ 7
			foldMaxf32AVX2(&o32[0], &any(row).([]float32)[0], k0)
		}
		for k := k0; k < len(row); k++ {
			out[k] = foldElemMax(out[k], row[k])
		}
	}
}

// extremumRowMax folds the contiguous row x into p.
func extremumRowMax[T Num](p T, x []T) T {
	if x32, ok := any(x).([]float32); ok && useAVX2 && len(x) >= 32 {
		return T(extremumRowMaxF32(float32(p), x32))
	}
	if len(x) < 16 {
		for _, v := range x {
			p = foldElemMax(p, v)
		}
		return p
	}
	m0, m1, m2, m3 := p, p, p, p
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		m0 = foldElemMax(m0, v[0])
		m1 = foldElemMax(m1, v[1])
		m2 = foldElemMax(m2, v[2])
		m3 = foldElemMax(m3, v[3])
	}
	for ; i < len(x); i++ {
		m0 = foldElemMax(m0, x[i])
	}
	m := m0
	for _, v := range [3]T{m1, m2, m3} {
		if v > m {
			m = v
		}
	}
	if isFloatElem[T]() && (m0 != m0 || m1 != m1 || m2 != m2 || m3 != m3 || (m == 0 && m > p)) {
		// The lanes cannot tell which NaN comes last or which zero first.
		for _, v := range x {
			p = foldElemMax(p, v)
		}
		return p
	}
	if m > p {
		return m
	}
	return p
}

// foldElemMin is the reference step: x replaces p when NaN or better.
func foldElemMin[T Num](p, x T) T {
	if x != x || x < p {
		return x
	}
	return p
}

// extremumBlockMin folds one 2-d block of the iteration (dimension 0 inner).
func extremumBlockMin[T Num](od, id []T, oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
	switch {
	case o0 == 0 && i0 == 1:
		// Contiguous rows, one output each (or all into one when o1 == 0).
		if o1 == 0 || size0*size1 <= grain {
			extremumRowsMin(od, id, oBase, iBase, size0, o1, i1, 0, size1)
			return
		}
		parallelFor(size1, max(1, grain/max(size0, 1)), func(lo, hi int) {
			extremumRowsMin(od, id, oBase, iBase, size0, o1, i1, lo, hi)
		})
	case o0 == 0 && o1 == 1 && i1 == 1:
		// Outputs contiguous along dimension 1: fold input rows into them.
		if size0*size1 <= grain {
			extremumColsMin(od, id, oBase, iBase, size0, i0, 0, size1)
			return
		}
		parallelFor(size1, max(64, grain/max(size0, 1)), func(lo, hi int) {
			extremumColsMin(od, id, oBase, iBase, size0, i0, lo, hi)
		})
	default:
		for j := 0; j < size1; j++ {
			for i := 0; i < size0; i++ {
				pollAt(i) // a row may be huge: a stride-0 view of 2**40 elements
				o := oBase + j*o1 + i*o0
				od[o] = foldElemMin(od[o], id[iBase+j*i1+i*i0])
			}
		}
	}
}

// extremumRowsMin folds rows lo..hi-1 of a block of contiguous rows.
func extremumRowsMin[T Num](od, id []T, oBase, iBase, size0, o1, i1, lo, hi int) {
	for j := lo; j < hi; j++ {
		p := &od[oBase+j*o1]
		*p = extremumRowMin(*p, id[iBase+j*i1:iBase+j*i1+size0])
	}
}

// extremumColsMin folds the input rows' columns lo..hi-1 into the
// contiguous outputs.
func extremumColsMin[T Num](od, id []T, oBase, iBase, size0, i0, lo, hi int) {
	out := od[oBase+lo : oBase+hi]
	for i := 0; i < size0; i++ {
		row := id[iBase+i*i0+lo : iBase+i*i0+hi]
		row = row[:len(out)]
		k0 := 0
		if o32, ok := any(out).([]float32); ok && useAVX2 && len(out) >= 8 {
			k0 = len(out) &^ 7
			foldMinf32AVX2(&o32[0], &any(row).([]float32)[0], k0)
		}
		for k := k0; k < len(row); k++ {
			out[k] = foldElemMin(out[k], row[k])
		}
	}
}

// extremumRowMin folds the contiguous row x into p.
func extremumRowMin[T Num](p T, x []T) T {
	if x32, ok := any(x).([]float32); ok && useAVX2 && len(x) >= 32 {
		return T(extremumRowMinF32(float32(p), x32))
	}
	if len(x) < 16 {
		for _, v := range x {
			p = foldElemMin(p, v)
		}
		return p
	}
	m0, m1, m2, m3 := p, p, p, p
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		m0 = foldElemMin(m0, v[0])
		m1 = foldElemMin(m1, v[1])
		m2 = foldElemMin(m2, v[2])
		m3 = foldElemMin(m3, v[3])
	}
	for ; i < len(x); i++ {
		m0 = foldElemMin(m0, x[i])
	}
	m := m0
	for _, v := range [3]T{m1, m2, m3} {
		if v < m {
			m = v
		}
	}
	if isFloatElem[T]() && (m0 != m0 || m1 != m1 || m2 != m2 || m3 != m3 || (m == 0 && m < p)) {
		// The lanes cannot tell which NaN comes last or which zero first.
		for _, v := range x {
			p = foldElemMin(p, v)
		}
		return p
	}
	if m < p {
		return m
	}
	return p
}

// isFloatElem reports whether T is float32 or float64.
func isFloatElem[T Num]() bool {
	var z T
	switch any(z).(type) {
	case float32, float64:
		return true
	}
	return false
}

// extremumRowMaxF32 is extremumRowMax for float32 rows of 32 or more,
// with the AVX2 fold.
func extremumRowMaxF32(p float32, x []float32) float32 {
	k := len(x) &^ 31
	m, nan := maxf32AVX2(&x[0], k)
	for _, v := range x[k:] {
		if v != v {
			nan = true
		} else if v > m {
			m = v
		}
	}
	if nan || p != p || (m == 0 && m > p) {
		// Which NaN comes last, or which zero first, decides.
		for _, v := range x {
			p = foldElemMax(p, v)
		}
		return p
	}
	if m > p {
		return m
	}
	return p
}

// extremumRowMinF32 is extremumRowMin for float32 rows of 32 or more,
// with the AVX2 fold.
func extremumRowMinF32(p float32, x []float32) float32 {
	k := len(x) &^ 31
	m, nan := minf32AVX2(&x[0], k)
	for _, v := range x[k:] {
		if v != v {
			nan = true
		} else if v < m {
			m = v
		}
	}
	if nan || p != p || (m == 0 && m < p) {
		// Which NaN comes last, or which zero first, decides.
		for _, v := range x {
			p = foldElemMin(p, v)
		}
		return p
	}
	if m < p {
		return m
	}
	return p
}
