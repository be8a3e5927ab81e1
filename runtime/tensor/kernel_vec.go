package tensor

import (
	"math"
	"unsafe"
)

// Contiguous float32 rows through the AVX2 kernels where the CPU has them
// (kernel_avx2_amd64.s), each equal element for element to its Go
// reference, which handles the rows' last n%8 elements and every row when
// there are no AVX2 kernels.

// asF32 reinterprets a row of a floatNum type of size 4 (float32).
func asF32[T floatNum](s []T) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// isF32 reports whether the floatNum type T is float32.
func isF32[T floatNum]() bool {
	var z T
	return unsafe.Sizeof(z) == 4
}

// expF32 is dst[i] = sleefExpf(src[i]).
func expF32(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		expf32AVX2(&dst[0], &src[0], k)
	}
	for i := k; i < n; i++ {
		dst[i] = sleefExpf(src[i])
	}
}

// sigmoidF32 is sigmoidRowPT for a contiguous float32 row: SLEEF's exp in
// the first n - n%vecBlock elements, the C library's in the rest.
func sigmoidF32(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	vec := n - n%vecBlock
	k := 0
	if useAVX2 && vec > 0 {
		k = vec
		sigmoidf32AVX2(&dst[0], &src[0], k)
	}
	for i := k; i < vec; i++ {
		e := sleefExpf(-src[i])
		dst[i] = 1 / (1 + e)
	}
	for i := vec; i < n; i++ {
		e := float32(math.Exp(-float64(src[i])))
		dst[i] = 1 / (1 + e)
	}
}

// addTo is dst[k] += src[k] for every k < len(dst).
func addTo[A accFloat](dst, src []A) {
	src = src[:len(dst)]
	if useAVX2 {
		if unsafe.Sizeof(dst[0]) == 4 {
			if n := len(dst) &^ 7; n > 0 {
				addf32AVX2((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&src[0])), n)
				dst, src = dst[n:], src[n:]
			}
		} else if n := len(dst) &^ 3; n > 0 {
			addf64AVX2((*float64)(unsafe.Pointer(&dst[0])), (*float64)(unsafe.Pointer(&src[0])), n)
			dst, src = dst[n:], src[n:]
		}
	}
	for k := range dst {
		dst[k] += src[k]
	}
}

// addRows adds rows consecutive rows of len(acc) values from src into acc,
// one row after the other: acc[k] += src[r*len(acc)+k].
func addRows[A accFloat](acc, src []A, rows int) {
	w := len(acc)
	src = src[:rows*w]
	if useAVX2 && rows > 0 && w*int(unsafe.Sizeof(acc[0])) == 128 {
		if w == 32 {
			addRowsf32AVX2((*float32)(unsafe.Pointer(&acc[0])), (*float32)(unsafe.Pointer(&src[0])), rows)
		} else {
			addRowsf64AVX2((*float64)(unsafe.Pointer(&acc[0])), (*float64)(unsafe.Pointer(&src[0])), rows)
		}
		return
	}
	for r := 0; r < rows; r++ {
		row := src[r*w : (r+1)*w]
		for k := range acc {
			acc[k] += row[k]
		}
	}
}

// binF32 computes o[i] = a[i*as] op b[i*bs] for i < len(o) (as, bs each 0
// or 1, not both 0) with the AVX2 kernels, for op add, sub, mul and div;
// it reports false, writing nothing, for any other op or when there are no
// AVX2 kernels.
func binF32(op BinaryOp, o, a []float32, as int, b []float32, bs int) bool {
	n := len(o)
	if !useAVX2 || n < 8 || as|bs > 1 || as+bs == 0 {
		return false
	}
	k := n &^ 7
	switch op {
	case OpAdd, OpSub, OpMul, OpDiv:
	default:
		return false
	}
	// Slice the operands to what the kernels read (a bounds check).
	a, b = a[:max(1, n*as)], b[:max(1, n*bs)]
	po := &o[0]
	switch {
	case as == 1 && bs == 1:
		pa, pb := &a[0], &b[0]
		switch op {
		case OpAdd:
			addVVf32AVX2(po, pa, pb, k)
		case OpSub:
			subVVf32AVX2(po, pa, pb, k)
		case OpMul:
			mulVVf32AVX2(po, pa, pb, k)
		case OpDiv:
			divVVf32AVX2(po, pa, pb, k)
		}
	case as == 1:
		pa, y := &a[0], b[0]
		switch op {
		case OpAdd:
			addVSf32AVX2(po, pa, y, k)
		case OpSub:
			subVSf32AVX2(po, pa, y, k)
		case OpMul:
			mulVSf32AVX2(po, pa, y, k)
		case OpDiv:
			divVSf32AVX2(po, pa, y, k)
		}
	default:
		x, pb := a[0], &b[0]
		switch op {
		case OpAdd:
			addSVf32AVX2(po, x, pb, k)
		case OpSub:
			subSVf32AVX2(po, x, pb, k)
		case OpMul:
			mulSVf32AVX2(po, x, pb, k)
		case OpDiv:
			divSVf32AVX2(po, x, pb, k)
		}
	}
	for i := k; i < n; i++ {
		x, y := a[i*as], b[i*bs]
		switch op {
		case OpAdd:
			o[i] = x + y
		case OpSub:
			o[i] = x - y
		case OpMul:
			o[i] = x * y
		case OpDiv:
			o[i] = x / y
		}
	}
	return true
}

// sqrtF32 is o[i] = float32(math.Sqrt(float64(a[i]))) (the correctly
// rounded square root) for i < len(o).
func sqrtF32(o, a []float32) {
	n := len(o)
	a = a[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		sqrtf32AVX2(&o[0], &a[0], k)
	}
	for i := k; i < n; i++ {
		o[i] = float32(math.Sqrt(float64(a[i])))
	}
}

// widenF32 is o[i] = float64(a[i]) for i < len(o).
func widenF32(o []float64, a []float32) {
	n := len(o)
	a = a[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		cvtf32f64AVX2(&o[0], &a[0], k)
	}
	for i := k; i < n; i++ {
		o[i] = float64(a[i])
	}
}

// cmpF32 computes o[i] = a[i*as] op b[i*bs] for i < len(o) (as, bs each 0
// or 1, not both 0) for the six comparisons with the AVX2 kernels; it
// reports false, writing nothing, for other ops or without AVX2.
func cmpF32(op BinaryOp, o []bool, a []float32, as int, b []float32, bs int) bool {
	n := len(o)
	if !useAVX2 || n < 8 || as|bs > 1 || as+bs == 0 {
		return false
	}
	if as == 0 {
		// A scalar first: swap the operands and mirror the comparison.
		switch op {
		case OpLt:
			op = OpGt
		case OpLe:
			op = OpGe
		case OpGt:
			op = OpLt
		case OpGe:
			op = OpLe
		}
		a, b, as, bs = b, a, bs, as
	}
	a, b = a[:n], b[:max(1, n*bs)]
	k := n &^ 7
	po, pa := &o[0], &a[0]
	if bs == 1 {
		pb := &b[0]
		switch op {
		case OpEq:
			cmpEqVVf32AVX2(po, pa, pb, k)
		case OpNe:
			cmpNeVVf32AVX2(po, pa, pb, k)
		case OpLt:
			cmpLtVVf32AVX2(po, pa, pb, k)
		case OpLe:
			cmpLeVVf32AVX2(po, pa, pb, k)
		case OpGt:
			cmpGtVVf32AVX2(po, pa, pb, k)
		case OpGe:
			cmpGeVVf32AVX2(po, pa, pb, k)
		default:
			return false
		}
	} else {
		y := b[0]
		switch op {
		case OpEq:
			cmpEqVSf32AVX2(po, pa, y, k)
		case OpNe:
			cmpNeVSf32AVX2(po, pa, y, k)
		case OpLt:
			cmpLtVSf32AVX2(po, pa, y, k)
		case OpLe:
			cmpLeVSf32AVX2(po, pa, y, k)
		case OpGt:
			cmpGtVSf32AVX2(po, pa, y, k)
		case OpGe:
			cmpGeVSf32AVX2(po, pa, y, k)
		default:
			return false
		}
	}
	for i := k; i < n; i++ {
		x, y := a[i], b[i*bs]
		var r bool
		switch op {
		case OpEq:
			r = x == y
		case OpNe:
			r = x != y
		case OpLt:
			r = x < y
		case OpLe:
			r = x <= y
		case OpGt:
			r = x > y
		case OpGe:
			r = x >= y
		}
		o[i] = r
	}
	return true
}

// mapF32 is o[i*os] = f(a[i*as]) for i < n with a row kernel f(dst, src)
// that maps every element alike: contiguous rows go straight to f, others
// through a buffer a block at a time (as PyTorch's vml kernels do).
func mapF32(n int, o []float32, os int, a []float32, as int, f func(dst, src []float32)) {
	if os == 1 && as == 1 {
		f(o[:n], a[:n])
		return
	}
	var buf [256]float32
	for done := 0; done < n; done += len(buf) {
		m := min(len(buf), n-done)
		b := buf[:m]
		for i := range b {
			b[i] = a[(done+i)*as]
		}
		f(b, b)
		for i, v := range b {
			o[(done+i)*os] = v
		}
	}
}

// negF32 is o[i] = -a[i] for i < len(o).
func negF32(o, a []float32) {
	n := len(o)
	a = a[:n]
	k := 0
	if useAVX2 && n >= 8 {
		k = n &^ 7
		negf32AVX2(&o[0], &a[0], k)
	}
	for i := k; i < n; i++ {
		o[i] = -a[i]
	}
}

// squareF32 is o[i] = a[i] * a[i] for i < len(o).
func squareF32(o, a []float32) {
	if !binF32(OpMul, o, a, 1, a, 1) {
		for i := range o {
			o[i] = a[i] * a[i]
		}
	}
}

// sumSqLanesF32 is lanes[l] = fmaf(x, x, lanes[l]) for x = src[8k+l] in
// order (norm's vectorized lanes); len(src) is a multiple of 8.
func sumSqLanesF32(lanes *[8]float32, src []float32) {
	if useAVX2 && len(src) > 0 {
		sumSqLanesf32AVX2(&lanes[0], &src[0], len(src))
		return
	}
	for k := 0; k+8 <= len(src); k += 8 {
		for l := range lanes {
			x := src[k+l]
			lanes[l] = fmaf(x, x, lanes[l])
		}
	}
}
