package tensor

// Floating-point sums follow ATen's cascade_sum (SumKernel.cpp) as it runs
// on one thread of an AVX2 build: the same accumulator type (float for
// float32, float16 and bfloat16, double for float64), the same split of the
// iteration into inner (contiguous), outer (contiguous across outputs) and
// scalar loops, and the same multi-level chunked summation, so that sums
// round exactly as PyTorch's do. SIMD lanes become independent
// accumulators here; their count is what matters for rounding.

// accFloat is the accumulator type of a floating sum.
type accFloat interface{ float32 | float64 }

// cascade holds one floating sum in progress.
type cascade[A accFloat] struct {
	in    []A // input values at their storage offsets
	lanes int // lanes of Vectorized<acc_t>: 8 for float, 4 for double
	vecN  int // elements of one input vector load: lanes, or 16 for half types
	pair  bool
	// store is CastStoreAccumulate: out[off] += v in the output dtype. For
	// the half types c10 has no Half += float, so v is rounded to the
	// output dtype before the addition, and the sum rounded again.
	store func(off int, v A)

	acc  [4][]A // multi_row_sum levels
	cols []A    // row_sum partials
}

// multiRowSum is multi_row_sum: ncols independent columns over size rows,
// summed in chunks of 2^levelPower rows carried up through four levels.
// addRow(i, dst) adds row i into dst. The result is left in c.acc[0].
//
// Reference: for every column, a running sum of chunk sums, where a chunk
// is itself a running sum (recursively) — see SumKernel.cpp.
func (c *cascade[A]) multiRowSum(ncols, size int, addRow func(i int, dst []A)) []A {
	return c.multiRowSumN(ncols, size, func(i, count int, dst []A) {
		for j := 0; j < count; j++ {
			addRow(i+j, dst)
		}
	})
}

// multiRowSumN is multiRowSum with rows added in runs: addRows(i, count,
// dst) adds rows i..i+count-1 into dst, one after the other.
func (c *cascade[A]) multiRowSumN(ncols, size int, addRows func(i, count int, dst []A)) []A {
	const levels = 4
	levelPower := max(4, ceilLog2(size)/levels)
	levelStep := 1 << levelPower
	levelMask := levelStep - 1
	for l := range c.acc {
		if cap(c.acc[l]) < ncols {
			CheckAllocBytes(int64(ncols) * 8)
			c.acc[l] = make([]A, ncols)
		}
		c.acc[l] = c.acc[l][:ncols]
		clear(c.acc[l])
	}
	a0 := c.acc[0]
	i, work := 0, 0
	for i+levelStep <= size {
		addRows(i, levelStep, a0)
		i += levelStep
		if work += levelStep * ncols; work >= pollEvery {
			work = 0
			CheckInterrupt()
		}
		for j := 1; j < levels; j++ {
			aj, ap := c.acc[j], c.acc[j-1]
			addTo(aj, ap)
			clear(ap)
			if i&(levelMask<<(j*levelPower)) != 0 {
				break
			}
		}
	}
	if i < size {
		addRows(i, size-i, a0)
	}
	for j := 1; j < levels; j++ {
		addTo(a0, c.acc[j])
	}
	return a0
}

// rowSumScalar is row_sum over single values: n values from base with
// the given stride, in four interleaved partial sums.
func (c *cascade[A]) rowSumScalar(base, stride, n int) A {
	in := c.in
	nilp := n / 4
	p := c.multiRowSum(4, nilp, func(i int, dst []A) {
		o := base + i*4*stride
		dst[0] += in[o]
		dst[1] += in[o+stride]
		dst[2] += in[o+2*stride]
		dst[3] += in[o+3*stride]
	})
	for i := nilp * 4; i < n; i++ {
		p[0] += in[base+i*stride]
	}
	return p[0] + p[1] + p[2] + p[3]
}

// rowSumVec is row_sum over vectors: n vectors, vector i starting at
// base+i*stride; load(off, dst) adds the lanes of the vector at off into
// dst. The lanes' sums are left in c.cols[:lanes].
func (c *cascade[A]) rowSumVec(base, stride, n int, load func(off int, dst []A)) []A {
	L := c.lanes
	nilp := n / 4
	var p []A
	if stride == L && !c.pair {
		// Four contiguous vectors: one run of 4L values.
		in := c.in
		p = c.multiRowSumN(4*L, nilp, func(i, count int, dst []A) {
			addRows(dst, in[base+i*4*L:base+(i+count)*4*L], count)
		})
	} else {
		p = c.multiRowSum(4*L, nilp, func(i int, dst []A) {
			o := base + i*4*stride
			load(o, dst[:L])
			load(o+stride, dst[L:2*L])
			load(o+2*stride, dst[2*L:3*L])
			load(o+3*stride, dst[3*L:])
		})
	}
	if cap(c.cols) < L {
		c.cols = make([]A, L)
	}
	r := c.cols[:L]
	copy(r, p[:L])
	for i := nilp * 4; i < n; i++ {
		load(base+i*stride, r)
	}
	for k := 1; k < 4; k++ {
		for l := range r {
			r[l] += p[k*L+l]
		}
	}
	return r
}

// loadLanes adds the lanes of a contiguous vector load at off into dst.
func (c *cascade[A]) loadLanes(off int, dst []A) {
	v := c.in[off : off+len(dst)]
	for l := range dst {
		dst[l] += v[l]
	}
}

// loadPairs adds the lanes of a half-precision vector load at off: each
// float lane is the sum of two neighbouring elements.
func (c *cascade[A]) loadPairs(off int, dst []A) {
	v := c.in[off : off+2*len(dst)]
	for l := range dst {
		dst[l] += (0 + v[2*l]) + v[2*l+1]
	}
}

// block runs cascade_sum's 2-d loop on one block of the iteration.
func (c *cascade[A]) block(oBase, iBase, size0, size1, o0, i0, o1, i1 int) {
	if o0 != 0 && o1 == 0 {
		o0, o1 = o1, o0
		i0, i1 = i1, i0
		size0, size1 = size1, size0
	}
	if o0 != 0 && o1 != 0 {
		// Not a reduction: out += in elementwise.
		for j := 0; j < size1; j++ {
			for i := 0; i < size0; i++ {
				c.store(oBase+j*o1+i*o0, c.in[iBase+j*i1+i*i0])
			}
		}
		return
	}
	switch {
	case i0 == 1 && size0 >= c.vecN:
		if o1 == 0 || size0*size1 <= grain {
			c.innerSum(oBase, iBase, size0, size1, o1, i1)
			return
		}
		// Rows into distinct outputs: split the rows over goroutines.
		parallelFor(size1, max(1, grain/size0), func(lo, hi int) {
			c.clone().innerSum(oBase+lo*o1, iBase+lo*i1, size0, hi-lo, o1, i1)
		})
	case i1 == 1 && size1 >= c.vecN:
		// Columns into distinct outputs: split them over goroutines in
		// runs of 4L, so that every column takes the path (4L-wide blocks,
		// then L-wide vectors, then scalars) it takes in one run.
		if size0*size1 <= grain {
			c.outerSum(oBase, iBase, size0, size1, o1, i0)
			return
		}
		w := 4 * c.lanes
		parallelFor((size1+w-1)/w, max(1, grain/(size0*w)), func(lo, hi int) {
			j0, j1 := lo*w, min(hi*w, size1)
			c.clone().outerSum(oBase+j0*o1, iBase+j0, size0, j1-j0, o1, i0)
		})
	case i0 < i1:
		for j := 0; j < size1; j++ {
			c.store(oBase+j*o1, c.rowSumScalar(iBase+j*i1, i0, size0))
		}
	default:
		c.scalarOuterSum(oBase, iBase, size0, size1, o1, i0, i1)
	}
}

// clone is a cascade over the same input and output with its own scratch
// accumulators (one per goroutine).
func (c *cascade[A]) clone() *cascade[A] {
	return &cascade[A]{in: c.in, lanes: c.lanes, vecN: c.vecN, pair: c.pair, store: c.store}
}

// innerSum is vectorized_inner_sum: rows contiguous along the reduced
// dimension.
func (c *cascade[A]) innerSum(oBase, iBase, size0, size1, oStride, rowStride int) {
	vecSize := size0 / c.vecN
	load := c.loadLanes
	if c.pair {
		load = c.loadPairs
	}
	for j := 0; j < size1; j++ {
		row := iBase + j*rowStride
		lanes := c.rowSumVec(row, c.vecN, vecSize, load)
		var final A
		for k := vecSize * c.vecN; k < size0; k++ {
			final += c.in[row+k]
		}
		for _, v := range lanes {
			final += v
		}
		c.store(oBase+j*oStride, final)
	}
}

// outerSum is vectorized_outer_sum: outputs contiguous along dimension 1,
// each summing size0 elements with stride redStride.
func (c *cascade[A]) outerSum(oBase, iBase, size0, size1, oStride, redStride int) {
	L := c.lanes
	in := c.in
	// Every column of a 4L-wide block runs the same multi_row_sum, whose
	// carries depend only on the row index, so neighbouring blocks are
	// summed together: rows are then read in long contiguous runs.
	const maxRun = 1024
	j := 0
	for j+4*L <= size1 {
		n := min((size1-j)/(4*L)*(4*L), maxRun/(4*L)*(4*L))
		base := iBase + j
		sums := c.multiRowSumN(n, size0, func(i, count int, dst []A) {
			for r := i; r < i+count; r++ {
				addTo(dst, in[base+r*redStride:base+r*redStride+n])
			}
		})
		for k, v := range sums {
			c.store(oBase+(j+k)*oStride, v)
		}
		j += n
	}
	for ; j+L <= size1; j += L {
		sums := c.rowSumVec(iBase+j, redStride, size0, c.loadLanes)
		for k, v := range sums {
			c.store(oBase+(j+k)*oStride, v)
		}
	}
	for ; j < size1; j++ {
		c.store(oBase+j*oStride, c.rowSumScalar(iBase+j, redStride, size0))
	}
}

// scalarOuterSum is scalar_outer_sum: four outputs at a time.
func (c *cascade[A]) scalarOuterSum(oBase, iBase, size0, size1, oStride, i0, i1 int) {
	in := c.in
	j := 0
	for ; j+3 < size1; j += 4 {
		base := iBase + j*i1
		sums := c.multiRowSum(4, size0, func(i int, dst []A) {
			o := base + i*i0
			dst[0] += in[o]
			dst[1] += in[o+i1]
			dst[2] += in[o+2*i1]
			dst[3] += in[o+3*i1]
		})
		for k, v := range sums {
			c.store(oBase+(j+k)*oStride, v)
		}
	}
	for ; j < size1; j++ {
		c.store(oBase+j*oStride, c.rowSumScalar(iBase+j*i1, i0, size0))
	}
}

// floatSum sums the floating tensor t over the reduction r into a new
// tensor of t's dtype.
func floatSum(r *reduction, t *Tensor) *Tensor {
	out, ost := r.output(t.DType())
	g := r.geom(t, ost, out)
	switch od := out.st.host().(type) {
	case []float32:
		c := &cascade[float32]{in: t.st.host().([]float32), lanes: 8, vecN: 8,
			store: func(off int, v float32) { od[off] += v }}
		g.for2D(c.block)
	case []float64:
		c := &cascade[float64]{in: t.st.host().([]float64), lanes: 4, vecN: 4,
			store: func(off int, v float64) { od[off] += v }}
		g.for2D(c.block)
	case []Half:
		c := &cascade[float32]{in: widenStorage(t), lanes: 8, vecN: 16, pair: true,
			store: func(off int, v float32) { od[off] = HalfFromFloat32(od[off].Float32() + HalfFromFloat32(v).Float32()) }}
		g.for2D(c.block)
	case []BF16:
		c := &cascade[float32]{in: widenStorage(t), lanes: 8, vecN: 16, pair: true,
			store: func(off int, v float32) { od[off] = BF16FromFloat32(od[off].Float32() + BF16FromFloat32(v).Float32()) }}
		g.for2D(c.block)
	default:
		panic("tensor: floatSum of a non-float tensor")
	}
	return out
}

// widenStorage returns the float32 values of the part of t's storage that
// t views, at their storage offsets (for half-precision kernels that
// compute in float).
func widenStorage(t *Tensor) []float32 {
	hi := t.offset + 1
	for i, s := range t.shape {
		if s == 0 {
			return nil
		}
		if t.strides[i] > 0 {
			hi += (s - 1) * t.strides[i]
		}
	}
	CheckAlloc(Float32, hi)
	out := make([]float32, hi)
	switch d := t.st.host().(type) {
	case []Half:
		for i := t.offset; i < hi; i++ {
			out[i] = d[i].Float32()
		}
	case []BF16:
		for i := t.offset; i < hi; i++ {
			out[i] = d[i].Float32()
		}
	}
	return out
}
