package numpy

import (
	"github.com/tensh/tensh/eval"
	"strconv"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy's shape functions: reshape, transpose, ravel, squeeze,
// expand_dims, concatenate, stack, broadcast_to, broadcast_arrays.

// cContiguous is NumPy's C_CONTIGUOUS flag (size-1 dims ignored).
func (a *NDArray) cContiguous() bool { return tensor.IsContiguous(a.shape(), a.t.Strides()) }

// fContiguous is F_CONTIGUOUS.
func (a *NDArray) fContiguous() bool {
	n := a.ndim()
	rs, rst := make([]int, n), make([]int, n)
	for i := range rs {
		rs[i], rst[i] = a.shape()[n-1-i], a.t.Strides()[n-1-i]
	}
	return tensor.IsContiguous(rs, rst)
}

// npReshape is a.reshape(shape) (a view when a is C-contiguous).
func npReshape(a *NDArray, dims []int) *NDArray {
	unknown := -1
	known := 1
	for i, d := range dims {
		switch {
		case d == -1:
			if unknown >= 0 {
				eval.Throw("ValueError", errNPOneUnknown)
			}
			unknown = i
		case d < 0:
			eval.Throw("ValueError", errNPNegativeDims)
		default:
			known *= d
		}
	}
	size := a.size()
	shape := append([]int{}, dims...)
	if unknown >= 0 {
		if known == 0 || size%known != 0 {
			eval.Throw("ValueError", errNPReshape, size, npReshapeText(dims))
		}
		shape[unknown] = size / known
	} else if known != size {
		eval.Throw("ValueError", errNPReshape, size, npReshapeText(dims))
	}
	src := a
	if !a.cContiguous() {
		src = a.copyAs(a.dtype())
	}
	return src.view(src.t.Offset(), shape, tensor.ContiguousStrides(shape))
}

// npReshapeText is convert_shape_to_string: -1 prints as newaxis, and
// leading ones are left out: (5,newaxis), (2) for (-1, 2).
func npReshapeText(dims []int) string {
	i := 0
	for i < len(dims) && dims[i] < 0 {
		i++
	}
	if i == len(dims) {
		return "()"
	}
	parts := []string{strconv.Itoa(dims[i])}
	for _, d := range dims[i+1:] {
		if d < 0 {
			parts = append(parts, "newaxis")
		} else {
			parts = append(parts, strconv.Itoa(d))
		}
	}
	if len(dims) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// npTranspose is a.transpose(axes) (reversed without axes).
func npTranspose(a *NDArray, axes []int) *NDArray {
	n := a.ndim()
	if axes == nil {
		axes = make([]int, n)
		for i := range axes {
			axes[i] = n - 1 - i
		}
	}
	if len(axes) != n {
		eval.Throw("ValueError", errNPAxesDontMatch)
	}
	seen := make([]bool, n)
	shape, strides := make([]int, n), make([]int, n)
	for i, ax := range axes {
		if ax < -n || ax >= n {
			eval.Throw("numpy.AxisError", errNPAxisBounds, ax, n)
		}
		if ax < 0 {
			ax += n
		}
		if seen[ax] {
			eval.Throw("ValueError", errNPRepeatedAxis)
		}
		seen[ax] = true
		shape[i], strides[i] = a.shape()[ax], a.t.Strides()[ax]
	}
	return a.view(a.t.Offset(), shape, strides)
}

// npRavel is a.ravel(): a view when contiguous, else a copy.
func npRavel(a *NDArray) *NDArray { return npReshape(a, []int{a.size()}) }

// npSqueeze removes size-1 dims (or the given axes).
func npSqueeze(a *NDArray, axis eval.Value) *NDArray {
	var red []bool
	if _, ok := axis.(eval.NoneType); ok || axis == nil {
		red = make([]bool, a.ndim())
		for i, n := range a.shape() {
			red[i] = n == 1
		}
	} else {
		red = npAxes(axis, a.ndim())
		for i, r := range red {
			if r && a.shape()[i] != 1 {
				eval.Throw("ValueError", errNPSqueeze)
			}
		}
	}
	var shape, strides []int
	for i, r := range red {
		if !r {
			shape = append(shape, a.shape()[i])
			strides = append(strides, a.t.Strides()[i])
		}
	}
	return a.view(a.t.Offset(), shape, strides)
}

// npExpandDims inserts a size-1 axis at axis.
func npExpandDims(a *NDArray, axis int) *NDArray {
	n := a.ndim() + 1
	if axis < -n || axis >= n {
		eval.Throw("numpy.AxisError", errNPAxisBounds, axis, n)
	}
	if axis < 0 {
		axis += n
	}
	shape := append(append(append([]int{}, a.shape()[:axis]...), 1), a.shape()[axis:]...)
	// The new axis's stride is what reshape gives it: the extent of the
	// axes after it (one item for a last axis).
	st := 1
	if axis < a.ndim() {
		st = a.t.Strides()[axis] * a.shape()[axis]
	}
	strides := append(append(append([]int{}, a.t.Strides()[:axis]...), st), a.t.Strides()[axis:]...)
	return a.view(a.t.Offset(), shape, strides)
}

// npConcat is np.concatenate(arrays, axis).
func npConcat(arrs []*NDArray, axis int) *NDArray {
	if len(arrs) == 0 {
		eval.Throw("ValueError", errNPNeedOneArray)
	}
	first := arrs[0]
	if first.ndim() == 0 {
		eval.Throw("ValueError", errNPConcatZeroDim)
	}
	nd := first.ndim()
	if axis < -nd || axis >= nd {
		eval.Throw("numpy.AxisError", errNPAxisBounds, axis, nd)
	}
	if axis < 0 {
		axis += nd
	}
	d := first.dtype()
	total := 0
	for i, a := range arrs {
		if a.ndim() != nd {
			eval.Throw("ValueError", errNPConcatNDim, nd, i, a.ndim())
		}
		for k := 0; k < nd; k++ {
			if k != axis && a.shape()[k] != first.shape()[k] {
				eval.Throw("ValueError", errNPConcatDims, k, first.shape()[k], i, a.shape()[k])
			}
		}
		if i > 0 {
			d = npPromote(d, a.dtype())
		}
		total += a.shape()[axis]
	}
	shape := append([]int{}, first.shape()...)
	shape[axis] = total
	out := newND(npEmpty(shape, d))
	pos := 0
	for _, a := range arrs {
		n := a.shape()[axis]
		npCopyInto(out.sliceAxis(axis, pos, pos+n), a)
		pos += n
	}
	return out
}

// npStack is np.stack(arrays, axis).
func npStack(arrs []*NDArray, axis int) *NDArray {
	if len(arrs) == 0 {
		eval.Throw("ValueError", errNPNeedOneStack)
	}
	for _, a := range arrs[1:] {
		if !sameInts(a.shape(), arrs[0].shape()) {
			eval.Throw("ValueError", errNPStackShape)
		}
	}
	n := arrs[0].ndim() + 1
	if axis < -n || axis >= n {
		eval.Throw("numpy.AxisError", errNPAxisBounds, axis, n)
	}
	if axis < 0 {
		axis += n
	}
	ex := make([]*NDArray, len(arrs))
	for i, a := range arrs {
		ex[i] = npExpandDims(a, axis)
	}
	return npConcat(ex, axis)
}

// npBroadcastTo is np.broadcast_to(a, shape): a read-only view.
func npBroadcastTo(a *NDArray, shape []int) *NDArray {
	for _, n := range shape {
		if n < 0 {
			eval.Throw("ValueError", errNPBroadcastNegative)
		}
	}
	if len(shape) == 0 && a.ndim() > 0 {
		eval.Throw("ValueError", errNPScalarBroadcast)
	}
	if a.ndim() > len(shape) {
		eval.Throw("ValueError", errNPMoreDims)
	}
	if !npFits(a.shape(), shape) {
		eval.Throw("ValueError", errNPRemapped, npShapeText(a.shape()), npShapeText(shape))
	}
	v := a.expandTo(shape)
	v.readonly = true
	return v
}

// npBroadcastShapesArgs is np.broadcast_shapes (PyArray_Broadcast): the
// dimensions left to right, each arg against the one that set the size so
// far, whose mismatch message names both.
func npBroadcastShapesArgs(shapes [][]int) []int {
	nd := 0
	for _, s := range shapes {
		nd = max(nd, len(s))
	}
	out := make([]int, nd)
	for i := range out {
		out[i] = 1
		src := 0
		for j, s := range shapes {
			k := i + len(s) - nd
			if k < 0 || s[k] == 1 {
				continue
			}
			if out[i] == 1 {
				out[i], src = s[k], j
			} else if out[i] != s[k] {
				eval.Throw("ValueError", errNPShapeMismatch, src, eval.Repr(shapeTuple(shapes[src])), j, eval.Repr(shapeTuple(s)))
			}
		}
	}
	return out
}
