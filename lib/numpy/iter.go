package numpy

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// npZip calls fn for every element of two arrays of the same shape, in C
// order, with the element's index and its storage offset in each array
// (no element lists: the loops read the storages directly). It polls for
// interrupts between rows.
func npZip(a, b *NDArray, fn func(i, oa, ob int)) {
	shape := a.shape()
	n := tensor.Numel(shape)
	if n == 0 {
		return
	}
	nd := len(shape)
	if nd == 0 {
		fn(0, a.t.Offset(), b.t.Offset())
		return
	}
	sa, sb := a.t.Strides(), b.t.Strides()
	idx := make([]int, nd)
	oa, ob := a.t.Offset(), b.t.Offset()
	last := nd - 1
	i := 0
	for {
		ra, rb := oa, ob
		for k := 0; k < shape[last]; k++ {
			fn(i, ra, rb)
			i++
			ra += sa[last]
			rb += sb[last]
		}
		if i&^0xffff != (i-shape[last])&^0xffff {
			tensor.CheckInterrupt()
		}
		d := last - 1
		for ; d >= 0; d-- {
			idx[d]++
			oa += sa[d]
			ob += sb[d]
			if idx[d] < shape[d] {
				break
			}
			oa -= idx[d] * sa[d]
			ob -= idx[d] * sb[d]
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}
