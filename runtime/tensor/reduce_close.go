package tensor

import (
	"math"
	"strconv"

	"github.com/tensh/tensh/runtime/broadcast"
)

// Equal is torch.equal(a, b): same shape and equal elements (compared in
// the promoted dtype; NaN equals nothing).
func Equal(a, b *Tensor) bool {
	if !sameShape(a.shape, b.shape) {
		return false
	}
	dt := PromoteTypes(a.DType(), b.DType())
	a, b = a.To(dt), b.To(dt)
	eq := true
	forEachPair(a, b, func(ao, bo int) {
		eq = eq && scalarEq(a.st.Get(ao), b.st.Get(bo))
	})
	return eq
}

func scalarEq(x, y Scalar) bool {
	if x.Kind == FloatScalar || y.Kind == FloatScalar {
		return x.Float() == y.Float()
	}
	return x.I == y.I
}

// IsClose is torch.isclose(a, b, rtol, atol, equal_nan): elementwise
// |a - b| ≤ atol + |rtol·b| (or a == b), with broadcasting; a and b must
// have the same dtype.
func IsClose(a, b *Tensor, rtol, atol float64, equalNaN bool) *Tensor {
	if a.DType() != b.DType() {
		raise(RuntimeError, errIsCloseDType, a.DType().ScalarName(), b.DType().ScalarName())
	}
	if rtol < 0 {
		raise(RuntimeError, errIsCloseRtol, formatDouble(rtol))
	}
	if atol < 0 {
		raise(RuntimeError, errIsCloseAtol, formatDouble(atol))
	}
	shape, err := broadcast.InferSize(a.shape, b.shape)
	if err != nil {
		raise(RuntimeError, "%s", err.Error())
	}
	ae, be := a.Expand(shape), b.Expand(shape)
	out := Empty(shape, Bool)
	od := out.st.host().([]bool)
	d := a.DType()
	i := -1
	forEachPair(ae, be, func(ao, bo int) {
		i++
		x, y := a.st.Get(ao), b.st.Get(bo)
		close := scalarEq(x, y)
		if d.IsFloat() && equalNaN && x.F != x.F && y.F != y.F {
			close = true
		}
		if !close && (rtol != 0 || atol != 0) {
			if d.IsFloat() {
				// Scalars enter in the op's math type (float for the
				// half types), results are rounded to the dtype.
				r := func(v float64) float64 { return roundTo(d, v) }
				s := func(v float64) float64 { return roundTo(accDType(d), v) }
				allowed := r(s(atol) + math.Abs(r(s(rtol)*y.F)))
				actual := math.Abs(r(x.F - y.F))
				close = !math.IsInf(actual, 0) && !math.IsNaN(actual) && actual <= allowed
			} else {
				// The allowed error is computed in the default float dtype
				// and compared with the integer difference.
				df := DefaultFloat()
				r := func(v float64) float64 { return roundTo(df, v) }
				allowed := r(r(atol) + math.Abs(r(r(rtol)*r(y.Float()))))
				diff := x.I - y.I
				if diff < 0 {
					diff = -diff
				}
				close = r(float64(diff)) <= allowed
			}
		}
		od[i] = close
	})
	return out
}

// AllClose is torch.allclose: IsClose holds for every element.
func AllClose(a, b *Tensor, rtol, atol float64, equalNaN bool) bool {
	c := IsClose(a, b, rtol, atol, equalNaN)
	for _, v := range c.st.host().([]bool) {
		if !v {
			return false
		}
	}
	return true
}

// formatDouble prints a double as C++'s ostream does by default (six
// significant digits).
func formatDouble(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// forEachPair calls fn with the storage offsets of the elements of a and b
// (two layouts of one shape) in row-major order.
func forEachPair(a, b *Tensor, fn func(ao, bo int)) {
	if a.Numel() == 0 {
		return
	}
	nd := len(a.shape)
	if nd == 0 {
		fn(a.offset, b.offset)
		return
	}
	idx := make([]int, nd)
	last := nd - 1
	as, bs := a.strides[last], b.strides[last]
	ao, bo := a.offset, b.offset
	for {
		for i := 0; i < a.shape[last]; i++ {
			fn(ao+i*as, bo+i*bs)
		}
		d := last - 1
		for ; d >= 0; d-- {
			idx[d]++
			ao += a.strides[d]
			bo += b.strides[d]
			if idx[d] < a.shape[d] {
				break
			}
			ao -= idx[d] * a.strides[d]
			bo -= idx[d] * b.strides[d]
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}
