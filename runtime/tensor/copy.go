package tensor

import (
	"math"
	"sort"

	"github.com/tensh/tensh/runtime/broadcast"
)

// Strided copies: the copy planner behind Contiguous, CopyInto and Clone,
// clone's stride rules, and the checked conversion of Python scalars.

// copyTile is the edge of the square tiles of the general blocked 2-D
// copy: the strided side's cache lines stay in L1/L2 while a tile is
// walked.
const copyTile = 32

// copyPlanned copies src into dst (same shape and dtype, dd and sd their
// backing slices). It reorders the dimensions so that dst is walked in
// memory order, merges dimensions that are contiguous in both, and when
// src's fastest dimension is not dst's, copies the two in square tiles so
// that both sides are read and written a cache line at a time (the
// transposed copy of contiguous() runs at memory speed this way).
//
// Reference loop: for every multi-index i,
// dd[dst.offset + i·dst.strides] = sd[src.offset + i·src.strides].
func copyPlanned[T Elem](dd []T, dst *Tensor, sd []T, src *Tensor) {
	shape, ds, ss := copyPlan(dst.shape, dst.strides, src.strides)
	nd := len(shape)
	if nd == 0 {
		dd[dst.offset] = sd[src.offset]
		return
	}
	last := nd - 1
	// Blocked 2-D: the dimension where src moves fastest is not the last.
	k := -1
	if nd >= 2 && ss[last] != 1 {
		best := abs(ss[last])
		for d := 0; d < last; d++ {
			if shape[d] >= 8 && abs(ss[d]) < best {
				best, k = abs(ss[d]), d
			}
		}
	}
	if k >= 0 && shape[last] >= 8 {
		outer := make([]int, 0, nd-2)
		for d := 0; d < last; d++ {
			if d != k {
				outer = append(outer, d)
			}
		}
		if ds[last] == 1 && ss[k] == 1 {
			forEachOuter(shape, ds, ss, outer, dst.offset, src.offset, func(do, so int) {
				transposeTiles(dd, do, ds[k], sd, so, ss[last], shape[k], shape[last])
			})
			return
		}
		forEachOuter(shape, ds, ss, outer, dst.offset, src.offset, func(do, so int) {
			copyTiles(dd, do, ds[k], ds[last], sd, so, ss[k], ss[last], shape[k], shape[last])
		})
		return
	}
	outer := make([]int, last)
	for d := range outer {
		outer[d] = d
	}
	n, dsl, ssl := shape[last], ds[last], ss[last]
	forEachOuter(shape, ds, ss, outer, dst.offset, src.offset, func(do, so int) {
		for lo := 0; lo < n; lo += pollEvery {
			CheckInterrupt()
			hi := min(lo+pollEvery, n)
			switch {
			case dsl == 1 && ssl == 1:
				copy(dd[do+lo:do+hi], sd[so+lo:so+hi])
			case dsl == 1:
				row := dd[do+lo : do+hi]
				for i := range row {
					row[i] = sd[so+(lo+i)*ssl]
				}
			default:
				for i := lo; i < hi; i++ {
					dd[do+i*dsl] = sd[so+i*ssl]
				}
			}
		}
	})
}

// transposeTiles is copyTiles for a pure transposition, dst contiguous
// along j and src contiguous along i:
// d[do+i*dRow+j] = s[so+i+j*sRow]. Inside each tile it moves 4×4 blocks
// through registers, so that every access is to a run of 4 neighbours.
func transposeTiles[T Elem](d []T, do, dRow int, s []T, so, sRow int, n0, n1 int) {
	const B = 32
	for i0 := 0; i0 < n0; i0 += B {
		CheckInterrupt()
		i1 := min(i0+B, n0)
		for j0 := 0; j0 < n1; j0 += B {
			j1 := min(j0+B, n1)
			i := i0
			for ; i+4 <= i1; i += 4 {
				j := j0
				for ; j+4 <= j1; j += 4 {
					sp := so + j*sRow + i
					s0 := s[sp : sp+4 : sp+4]
					s1 := s[sp+sRow : sp+sRow+4 : sp+sRow+4]
					s2 := s[sp+2*sRow : sp+2*sRow+4 : sp+2*sRow+4]
					s3 := s[sp+3*sRow : sp+3*sRow+4 : sp+3*sRow+4]
					dp := do + i*dRow + j
					d0 := d[dp : dp+4 : dp+4]
					d1 := d[dp+dRow : dp+dRow+4 : dp+dRow+4]
					d2 := d[dp+2*dRow : dp+2*dRow+4 : dp+2*dRow+4]
					d3 := d[dp+3*dRow : dp+3*dRow+4 : dp+3*dRow+4]
					d0[0], d0[1], d0[2], d0[3] = s0[0], s1[0], s2[0], s3[0]
					d1[0], d1[1], d1[2], d1[3] = s0[1], s1[1], s2[1], s3[1]
					d2[0], d2[1], d2[2], d2[3] = s0[2], s1[2], s2[2], s3[2]
					d3[0], d3[1], d3[2], d3[3] = s0[3], s1[3], s2[3], s3[3]
				}
				for ; j < j1; j++ {
					for ii := i; ii < i+4; ii++ {
						d[do+ii*dRow+j] = s[so+j*sRow+ii]
					}
				}
			}
			for ; i < i1; i++ {
				for j := j0; j < j1; j++ {
					d[do+i*dRow+j] = s[so+j*sRow+i]
				}
			}
		}
	}
}

// copyTiles copies an n0×n1 block: d[do+i*d0+j*d1] = s[so+i*s0+j*s1],
// tile by tile.
func copyTiles[T Elem](d []T, do, d0, d1 int, s []T, so, s0, s1 int, n0, n1 int) {
	for i0 := 0; i0 < n0; i0 += copyTile {
		CheckInterrupt()
		i1 := min(i0+copyTile, n0)
		for j0 := 0; j0 < n1; j0 += copyTile {
			j1 := min(j0+copyTile, n1)
			for i := i0; i < i1; i++ {
				dp := do + i*d0 + j0*d1
				sp := so + i*s0 + j0*s1
				if d1 == 1 {
					row := d[dp : dp+(j1-j0)]
					for j := range row {
						row[j] = s[sp+j*s1]
					}
					continue
				}
				for j := j0; j < j1; j++ {
					d[dp] = s[sp]
					dp += d1
					sp += s1
				}
			}
		}
	}
}

// forEachOuter calls fn with the dst and src offsets of every combination
// of indices over the dimensions dims (in order, the last fastest),
// polling for interrupts between calls.
func forEachOuter(shape, ds, ss, dims []int, do, so int, fn func(do, so int)) {
	if len(dims) == 0 {
		fn(do, so)
		return
	}
	idx := make([]int, len(dims))
	for {
		CheckInterrupt()
		fn(do, so)
		i := len(dims) - 1
		for ; i >= 0; i-- {
			d := dims[i]
			idx[i]++
			do += ds[d]
			so += ss[d]
			if idx[i] < shape[d] {
				break
			}
			do -= idx[i] * ds[d]
			so -= idx[i] * ss[d]
			idx[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

// copyPlan drops size-1 dimensions, orders the rest by decreasing dst
// stride (so that dst is written in memory order; an elementwise copy may
// visit elements in any order), and merges neighbours that are contiguous
// with each other in both layouts.
func copyPlan(shape, dstStrides, srcStrides []int) (sh, ds, ss []int) {
	type dim struct{ n, d, s int }
	dims := make([]dim, 0, len(shape))
	for i, n := range shape {
		if n != 1 {
			dims = append(dims, dim{n, dstStrides[i], srcStrides[i]})
		}
	}
	sort.SliceStable(dims, func(a, b int) bool { return abs(dims[a].d) > abs(dims[b].d) })
	for _, x := range dims {
		if k := len(sh) - 1; k >= 0 && ds[k] == x.d*x.n && ss[k] == x.s*x.n {
			sh[k] *= x.n
			ds[k], ss[k] = x.d, x.s
			continue
		}
		sh = append(sh, x.n)
		ds = append(ds, x.d)
		ss = append(ss, x.s)
	}
	return sh, ds, ss
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// IsNonOverlappingAndDense is c10's test: the elements of (shape, strides)
// tile a contiguous block of memory exactly once, in some dimension order.
func IsNonOverlappingAndDense(shape, strides []int) bool {
	nd := len(shape)
	if nd == 1 {
		return shape[0] < 2 || strides[0] == 1
	}
	perm := make([]int, nd)
	for i := range perm {
		perm[i] = i
	}
	sort.SliceStable(perm, func(a, b int) bool {
		pa, pb := perm[a], perm[b]
		if shape[pa] < 2 {
			return false
		} else if shape[pb] < 2 {
			return true
		}
		return strides[pa] < strides[pb]
	})
	require := 1
	for _, p := range perm {
		if shape[p] < 2 {
			return true
		}
		if strides[p] != require {
			return false
		}
		require *= shape[p]
	}
	return true
}

// InferDenseStrides is ATen's infer_dense_strides: dense strides for shape
// that keep the dimension order of strides (what clone() and empty_like()
// give a tensor that is not dense).
func InferDenseStrides(shape, strides []int) []int {
	nd := len(shape)
	out := make([]int, nd)
	if nd == 0 {
		return out
	}
	if nd == 1 {
		out[0] = 1
		return out
	}
	// infer_dense_strides sorts as TensorIterator does for one operand.
	perm := broadcast.Reorder(shape, [][]int{strides}, nil)
	cur := 1
	for _, p := range perm {
		out[p] = cur
		if shape[p] > 1 {
			cur *= shape[p]
		}
	}
	return out
}

// Clone is t.clone(): a copy with new storage. Like PyTorch's
// preserve_format, a non-overlapping and dense tensor keeps its strides;
// any other gets dense strides in the same dimension order.
func (t *Tensor) Clone() *Tensor {
	out := EmptyLike(t, t.DType())
	out.device = t.device
	CopyInto(out, t)
	return out
}

// ContiguousClone is t.clone(memory_format=torch.contiguous_format): a
// row-major copy, even when t is already contiguous.
func (t *Tensor) ContiguousClone() *Tensor {
	out := Empty(t.shape, t.DType())
	out.device = t.device
	CopyInto(out, t)
	return out
}

// CheckScalar raises PyTorch's "value cannot be converted to type T
// without overflow" when a Python scalar does not fit dtype d (c10's
// checked_convert, as fill_, full and item assignment apply it). Integers
// may wrap into uint8 from as low as -255; floats must be finite and in
// range for integral types; inf and nan fit the floating types; anything
// fits bool.
func CheckScalar(v Scalar, d DType) {
	if d == Bool {
		return
	}
	var lo, hi float64
	switch d {
	case Uint8:
		lo, hi = 0, 255
	case Int8:
		lo, hi = math.MinInt8, math.MaxInt8
	case Int16:
		lo, hi = math.MinInt16, math.MaxInt16
	case Int32:
		lo, hi = math.MinInt32, math.MaxInt32
	case Int64:
		lo, hi = math.MinInt64, math.MaxInt64
	case Float16:
		lo, hi = -65504, 65504
	case BFloat16:
		lo, hi = -3.3895313892515355e38, 3.3895313892515355e38
	case Float32:
		lo, hi = -math.MaxFloat32, math.MaxFloat32
	case Float64:
		return
	}
	bad := false
	if v.Kind == FloatScalar {
		f := v.F
		switch {
		case d.IsFloat():
			bad = !math.IsInf(f, 0) && !math.IsNaN(f) && (f < lo || f > hi)
		default:
			bad = math.IsNaN(f) || f < lo || f > hi
		}
	} else {
		i := v.I
		switch {
		case d == Uint8:
			bad = i > 255 || i < -255
		case d == Int64:
		case d.IsFloat():
			bad = float64(i) < lo || float64(i) > hi
		default:
			bad = i < int64(lo) || i > int64(hi)
		}
	}
	if bad {
		raise(RuntimeError, errScalarOverflow, cppTypeNames[d])
	}
}

// FillChecked is t.fill_(v) for a Python scalar v: the checked conversion,
// then the fill.
func (t *Tensor) FillChecked(v Scalar) {
	CheckScalar(v, t.DType())
	t.Fill(v)
}
