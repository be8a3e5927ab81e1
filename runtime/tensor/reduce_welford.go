package tensor

import "math"

// Welford's algorithm over contiguous last-dimension rows (var/std with
// dim=-1): each output's steps are those of welfordLines, in the same
// order; four outputs are interleaved (their chains of divisions are
// independent) and groups of rows are split over the workers.

// welfordGrain is the number of elements a worker takes at least.
const welfordGrain = 64 << 10

// welfordRowsLast updates acc (indexed from the output's offset oOff) with
// every row of the reduction g, a last-dimension one (normLastDim).
func welfordRowsLast[T float32 | float64](g *redGeom, x []T, acc []welford, oOff int) {
	type row struct{ o, i, n int }
	var rows []row
	g.forRows(func(o, i, n, _, _ int) { rows = append(rows, row{o - oOff, i, n}) })
	groups := (len(rows) + 3) / 4
	per := 4 * max(rows[0].n, 1)
	parallelFor(groups, max(1, welfordGrain/per), func(lo, hi int) {
		for q := lo; q < hi; q++ {
			if Interrupted() {
				return
			}
			rs := rows[q*4 : min(q*4+4, len(rows))]
			if len(rs) == 4 && rs[0].n == rs[1].n && rs[0].n == rs[2].n && rs[0].n == rs[3].n {
				welford4(x, rs[0].i, rs[1].i, rs[2].i, rs[3].i, rs[0].n,
					&acc[rs[0].o], &acc[rs[1].o], &acc[rs[2].o], &acc[rs[3].o])
				continue
			}
			for _, r := range rs {
				welford1(x[r.i:r.i+r.n], &acc[r.o])
			}
		}
	})
	CheckInterrupt()
}

// welford1 runs Welford's steps over row into a.
func welford1[T float32 | float64](row []T, a *welford) {
	mean, m2, n := a.mean, a.m2, a.n
	for _, v := range row {
		x := float64(v)
		n++
		delta := x - mean
		mean += delta / n
		m2 = math.FMA(delta, x-mean, m2)
	}
	a.mean, a.m2, a.n = mean, m2, n
}

// welford4 is welford1 over four rows of n elements at once.
func welford4[T float32 | float64](x []T, i0, i1, i2, i3, n int, a0, a1, a2, a3 *welford) {
	r0, r1, r2, r3 := x[i0:i0+n], x[i1:i1+n], x[i2:i2+n], x[i3:i3+n]
	m0, m1, m2, m3 := a0.mean, a1.mean, a2.mean, a3.mean
	s0, s1, s2, s3 := a0.m2, a1.m2, a2.m2, a3.m2
	c := a0.n
	same := a1.n == c && a2.n == c && a3.n == c
	if !same {
		welford1(r0, a0)
		welford1(r1, a1)
		welford1(r2, a2)
		welford1(r3, a3)
		return
	}
	for k := 0; k < n; k++ {
		x0, x1, x2, x3 := float64(r0[k]), float64(r1[k]), float64(r2[k]), float64(r3[k])
		c++
		d0, d1, d2, d3 := x0-m0, x1-m1, x2-m2, x3-m3
		m0 += d0 / c
		m1 += d1 / c
		m2 += d2 / c
		m3 += d3 / c
		s0 = math.FMA(d0, x0-m0, s0)
		s1 = math.FMA(d1, x1-m1, s1)
		s2 = math.FMA(d2, x2-m2, s2)
		s3 = math.FMA(d3, x3-m3, s3)
	}
	a0.mean, a1.mean, a2.mean, a3.mean = m0, m1, m2, m3
	a0.m2, a1.m2, a2.m2, a3.m2 = s0, s1, s2, s3
	a0.n, a1.n, a2.n, a3.n = c, c, c, c
}
