package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy indexing (numpy/core/src/multiarray/mapping.c): basic indexing
// (ints, slices, None, ...) makes views; integer and boolean arrays
// (advanced indexing) select storage offsets, copied on read.

// npSel is the result of an index: a view, or (advanced) the storage
// offsets of the selected elements in the result's shape.
type npSel struct {
	view    *NDArray
	adv     bool
	shape   []int
	offsets []int
}

type npItem struct {
	kind  int // 0 int, 1 slice, 2 newaxis, 3 ellipsis, 4 int array, 5 bool array
	i     int
	slice *eval.Slice
	arr   *NDArray
}

func npIndexItems(idx eval.Value) []npItem {
	var elems []eval.Value
	if t, ok := idx.(eval.Tuple); ok {
		elems = t
	} else {
		elems = []eval.Value{idx}
	}
	items := make([]npItem, 0, len(elems))
	for _, e := range elems {
		switch x := e.(type) {
		case eval.Int:
			items = append(items, npItem{kind: 0, i: int(npIndexInt(x))})
		case *eval.Slice:
			items = append(items, npItem{kind: 1, slice: x})
		case eval.NoneType:
			items = append(items, npItem{kind: 2})
		case eval.EllipsisType:
			items = append(items, npItem{kind: 3})
		case *NDArray:
			switch {
			case x.dtype() == tensor.Bool:
				items = append(items, npItem{kind: 5, arr: x})
			case x.dtype().IsFloat():
				eval.Throw("IndexError", errNPIndexType)
			case x.ndim() == 0:
				items = append(items, npItem{kind: 0, i: int(x.item().Int())})
			default:
				items = append(items, npItem{kind: 4, arr: x})
			}
		case *eval.List, eval.Tuple:
			arr := npFromValue(x, nil)
			if arr.size() == 0 {
				arr = arr.copyAs(tensor.Int64)
			}
			switch {
			case arr.dtype() == tensor.Bool:
				items = append(items, npItem{kind: 5, arr: arr})
			case arr.dtype().IsFloat():
				eval.Throw("IndexError", errNPIndexType)
			default:
				items = append(items, npItem{kind: 4, arr: arr})
			}
		case eval.Bool:
			items = append(items, npItem{kind: 5, arr: npScalar(tensor.BoolS(bool(x)), tensor.Bool)})
		case *tensor.Tensor:
			items = append(items, npIndexItems(tensorToND(x))...)
		default:
			eval.Throw("IndexError", errNPIndexType)
		}
	}
	return items
}

// index resolves idx against a.
func (a *NDArray) index(idx eval.Value) npSel {
	items := npIndexItems(idx)
	consumed := 0
	ellipsis := false
	for _, it := range items {
		switch it.kind {
		case 0, 1, 4:
			consumed++
		case 5:
			consumed += it.arr.ndim()
		case 3:
			if ellipsis {
				eval.Throw("IndexError", errNPOneEllipsis)
			}
			ellipsis = true
		}
	}
	if consumed > a.ndim() {
		eval.Throw("IndexError", errNPTooManyIndices, a.ndim(), consumed)
	}
	off := a.t.Offset()
	var shape, strides []int
	type advDim struct {
		pos int      // dim of the view
		arr *NDArray // int64 indices
	}
	var advs []advDim
	dim := 0
	full := &eval.Slice{Start: eval.None, Stop: eval.None, Step: eval.None}
	for _, it := range items {
		switch it.kind {
		case 3:
			for k := 0; k < a.ndim()-consumed; k++ {
				shape = append(shape, a.shape()[dim])
				strides = append(strides, a.t.Strides()[dim])
				dim++
			}
		case 2:
			shape = append(shape, 1)
			strides = append(strides, 0)
		case 0:
			n := a.shape()[dim]
			i := it.i
			if i < -n || i >= n {
				eval.Throw("IndexError", errNPIndexBounds, it.i, dim, n)
			}
			if i < 0 {
				i += n
			}
			off += i * a.t.Strides()[dim]
			dim++
		case 1:
			start, stop, step := eval.SliceIndices(it.slice, a.shape()[dim])
			n := 0
			if step > 0 && stop > start {
				n = (stop - start + step - 1) / step
			} else if step < 0 && start > stop {
				n = (start - stop - step - 1) / (-step)
			}
			if n > 0 {
				off += start * a.t.Strides()[dim]
			}
			shape = append(shape, n)
			strides = append(strides, step*a.t.Strides()[dim])
			dim++
		case 4:
			n := a.shape()[dim]
			vals := it.arr.values()
			fixed := npEmpty(append([]int{}, it.arr.shape()...), tensor.Int64)
			for k, v := range vals {
				i := v.Int()
				if i < int64(-n) || i >= int64(n) {
					eval.Throw("IndexError", errNPIndexBounds, i, dim, n)
				}
				if i < 0 {
					i += int64(n)
				}
				fixed.Storage().Set(k, tensor.IntS(i))
			}
			advs = append(advs, advDim{len(shape), newND(fixed)})
			shape = append(shape, n)
			strides = append(strides, a.t.Strides()[dim])
			dim++
		case 5:
			m := it.arr
			for k := 0; k < m.ndim(); k++ {
				if m.shape()[k] != a.shape()[dim+k] {
					eval.Throw("IndexError", errNPBoolIndex, dim+k, a.shape()[dim+k], m.shape()[k])
				}
			}
			for k, ix := range npNonzero(m) {
				advs = append(advs, advDim{len(shape), ix})
				shape = append(shape, a.shape()[dim+k])
				strides = append(strides, a.t.Strides()[dim+k])
			}
			if m.ndim() == 0 {
				// a[True] adds a dimension of 1 (of 0 for False).
				n := 0
				if m.item().Bool() {
					n = 1
				}
				ix := npEmpty([]int{n}, tensor.Int64)
				ix.Fill(tensor.IntS(0))
				advs = append(advs, advDim{len(shape), newND(ix)})
				shape = append(shape, 1)
				strides = append(strides, 0)
			}
			dim += m.ndim()
		}
	}
	_ = full
	for ; dim < a.ndim(); dim++ {
		shape = append(shape, a.shape()[dim])
		strides = append(strides, a.t.Strides()[dim])
	}
	view := a.view(off, shape, strides)
	if len(advs) == 0 {
		return npSel{view: view}
	}
	// Advanced: broadcast the index arrays.
	var ishapes [][]int
	for _, ad := range advs {
		ishapes = append(ishapes, ad.arr.shape())
	}
	bshape, ok := npBroadcastShapes(ishapes...)
	if !ok {
		text := ""
		for _, s := range ishapes {
			text += npShapeText(s) + " "
		}
		eval.Throw("IndexError", errNPIndexBroadcast, text)
	}
	isAdv := map[int]bool{}
	adjacent := true
	for k, ad := range advs {
		isAdv[ad.pos] = true
		if k > 0 && ad.pos != advs[k-1].pos+1 {
			adjacent = false
		}
	}
	var before, after []int // remaining view dims
	for d := range shape {
		if isAdv[d] {
			continue
		}
		if adjacent && d < advs[0].pos {
			before = append(before, d)
		} else {
			after = append(after, d)
		}
	}
	var rshape []int
	for _, d := range before {
		rshape = append(rshape, shape[d])
	}
	rshape = append(rshape, bshape...)
	for _, d := range after {
		rshape = append(rshape, shape[d])
	}
	idxVals := make([][]tensor.Scalar, len(advs))
	for k, ad := range advs {
		idxVals[k] = ad.arr.expandTo(bshape).values()
	}
	n := tensor.Numel(rshape)
	eval.CheckItems(n)
	offsets := make([]int, 0, n)
	counter := make([]int, len(rshape))
	nb := len(bshape)
	for e := 0; e < n; e++ {
		o := off
		for k, d := range before {
			o += counter[k] * strides[d]
		}
		bflat := 0
		for k := 0; k < nb; k++ {
			bflat = bflat*bshape[k] + counter[len(before)+k]
		}
		for k, ad := range advs {
			o += int(idxVals[k][bflat].Int()) * strides[ad.pos]
		}
		for k, d := range after {
			o += counter[len(before)+nb+k] * strides[d]
		}
		offsets = append(offsets, o)
		for k := len(rshape) - 1; k >= 0; k-- {
			counter[k]++
			if counter[k] < rshape[k] {
				break
			}
			counter[k] = 0
		}
	}
	return npSel{adv: true, shape: rshape, offsets: offsets, view: view}
}

// npNonzero is a.nonzero(): one int64 index array per dimension.
func npNonzero(a *NDArray) []*NDArray {
	nd := a.ndim()
	var coords [][]int64
	counter := make([]int, nd)
	for _, v := range a.values() {
		if v.Bool() {
			c := make([]int64, nd)
			for k := range c {
				c[k] = int64(counter[k])
			}
			coords = append(coords, c)
		}
		for k := nd - 1; k >= 0; k-- {
			counter[k]++
			if counter[k] < a.shape()[k] {
				break
			}
			counter[k] = 0
		}
	}
	out := make([]*NDArray, nd)
	for k := range out {
		t := npEmpty([]int{len(coords)}, tensor.Int64)
		for i, c := range coords {
			t.Storage().Set(i, tensor.IntS(c[k]))
		}
		out[k] = newND(t)
	}
	return out
}

// GetItem is a[idx].
func (a *NDArray) GetItem(s *eval.Session, idx eval.Value) eval.Value {
	if a.ndim() == 0 && a.scalar {
		switch x := idx.(type) {
		case eval.Tuple:
			if len(x) == 0 {
				return a
			}
		case eval.EllipsisType:
			return &NDArray{t: a.t}
		}
		eval.Throw("IndexError", errNPScalarIndex)
	}
	sel := a.index(idx)
	if !sel.adv {
		if sel.view.ndim() == 0 && !npHasNewaxisOrEllipsis(idx) {
			return npScalar(sel.view.item(), a.dtype())
		}
		return sel.view
	}
	out := npEmpty(sel.shape, a.dtype())
	src, dst := a.t.Storage(), out.Storage()
	for i, o := range sel.offsets {
		dst.Set(i, src.Get(o))
	}
	return newND(out)
}

// npHasNewaxisOrEllipsis: a[...] and a[()] of a 0-d array stay arrays.
func npHasNewaxisOrEllipsis(idx eval.Value) bool {
	items := []eval.Value{idx}
	if t, ok := idx.(eval.Tuple); ok {
		items = t
	}
	for _, it := range items {
		if _, ok := it.(eval.EllipsisType); ok {
			return true
		}
	}
	return false
}

// SetItem is a[idx] = v.
func (a *NDArray) SetItem(s *eval.Session, idx, v eval.Value) {
	if a.scalar {
		eval.Throw("TypeError", errNPNoItemAssign, a.PyTypeName())
	}
	if a.readonly {
		eval.Throw("ValueError", errNPReadOnly)
	}
	sel := a.index(idx)
	npWarnPyInts(s, v, a.dtype())
	src := npArgAny(v)
	if !sel.adv {
		dst := sel.view
		if dst.ndim() == 0 && src.size() != 1 {
			eval.Throw("ValueError", errNPSetSequence)
		}
		if dst.ndim() == 0 {
			src = src.copyAs(src.dtype())
			src = src.view(0, nil, nil)
		}
		if _, ok := npBroadcastShapes(src.shape(), dst.shape()); !ok || !npFits(src.shape(), dst.shape()) {
			eval.Throw("ValueError", errNPCouldNotBroadcast, npShapeText(src.shape()), npShapeText(dst.shape()))
		}
		npCopyInto(dst, src.expandTo(dst.shape()))
		return
	}
	if m, ok := idx.(*NDArray); ok && m.dtype() == tensor.Bool && m.ndim() == a.ndim() && src.ndim() == 1 &&
		src.size() != 1 && src.size() != len(sel.offsets) {
		eval.Throw("ValueError", errNPBoolAssign, src.size(), len(sel.offsets))
	}
	if !npFits(src.shape(), sel.shape) {
		eval.Throw("ValueError", errNPValueBroadcast, npShapeText(src.shape()), npShapeText(sel.shape))
	}
	vals := src.expandTo(sel.shape).values()
	st := a.t.Storage()
	for i, o := range sel.offsets {
		st.Set(o, npCast(vals[i], a.dtype()))
	}
}

// npFits reports whether shape src broadcasts to dst (without changing dst).
func npFits(src, dst []int) bool {
	out, ok := npBroadcastShapes(src, dst)
	return ok && sameInts(out, dst)
}
