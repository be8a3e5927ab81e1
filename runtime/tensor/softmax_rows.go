package tensor

// Rows of softmax and log_softmax along the last dimension: the rows are
// independent, so they are split over the worker goroutines (each row's
// result is what one thread computes), and float32 rows go through the
// AVX2 exp kernel (kernel_avx2_amd64.s) where the CPU has it.

// softmaxRowGrain is the number of elements a worker takes at least.
const softmaxRowGrain = 32 << 10

// softmaxRows runs row(src row, dst row) over outer rows of dimSize
// elements, in parallel for large inputs.
func softmaxRows[T float32 | float64](src, dst []T, outer, dimSize int, row func(in, out []T)) {
	grainRows := max(1, softmaxRowGrain/max(dimSize, 1))
	parallelFor(outer, grainRows, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			if r&15 == 0 && Interrupted() {
				return
			}
			row(src[r*dimSize:(r+1)*dimSize], dst[r*dimSize:(r+1)*dimSize])
		}
	})
	CheckInterrupt()
}

// softmaxRowRef is one row of _vec_softmax_lastdim (log false) or
// _vec_log_softmax_lastdim (log true), the reference of softmaxRowF32.
func softmaxRowRef[T float32 | float64](row, o []T, log bool, lanes int, vexp, vlog func(T) T) {
	mx := reduceMaxVec(row)
	if log {
		ls := vlog(mapSumVec(row, mx, lanes, vexp))
		for i, x := range row {
			o[i] = x - mx - ls
		}
		return
	}
	for i, x := range row {
		o[i] = vexp(x - mx)
	}
	s := 1 / sumVec(o, lanes)
	for i := range o {
		o[i] *= s
	}
}

// softmaxRowF32 is softmaxRowRef for float32 with 8 lanes and SLEEF's
// exp and log, through the AVX2 kernels.
func softmaxRowF32(row, o []float32, log bool) {
	n := len(row)
	if !useAVX2 || n < 32 {
		softmaxRowRef(row, o, log, 8, sleefExpf, sleefLogf)
		return
	}
	o = o[:n]
	mx := rowMaxF32(row)
	// o = exp(row - mx) and the sum of o in reduce_all's 8 lanes.
	var acc [8]float32
	k := n &^ 7
	expSubSumf32AVX2(&o[0], &row[0], mx, &acc[0], k)
	for i := k; i < n; i++ {
		o[i] = sleefExpf(row[i] - mx)
		acc[i-k] += o[i]
	}
	sum := laneTree(acc[:])
	if log {
		ls := sleefLogf(sum)
		subVSf32AVX2(&o[0], &row[0], mx, k)
		subVSf32AVX2(&o[0], &o[0], ls, k)
		for i := k; i < n; i++ {
			o[i] = row[i] - mx - ls
		}
		return
	}
	s := 1 / sum
	mulVSf32AVX2(&o[0], &o[0], s, k)
	for i := k; i < n; i++ {
		o[i] *= s
	}
}

// rowMaxF32 is reduceMaxVec for float32 with the AVX2 fold; a NaN or a
// zero maximum (whose sign the first zero decides) takes the reference.
func rowMaxF32(row []float32) float32 {
	k := len(row) &^ 31
	m, nan := maxf32AVX2(&row[0], k)
	for _, v := range row[k:] {
		if v != v {
			nan = true
		} else if v > m {
			m = v
		}
	}
	if nan || m == 0 {
		return reduceMaxVec(row)
	}
	return m
}
