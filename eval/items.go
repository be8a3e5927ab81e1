package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// pyIndex converts an index value of a Python sequence (int, bool, or a
// one-element integer tensor through __index__).
func pyIndex(container string, v Value) (int64, bool) {
	switch x := v.(type) {
	case Int:
		i, ok := x.Int64()
		if !ok {
			throw("IndexError", errIndexSizedInt)
		}
		return i, true
	case Bool:
		if x {
			return 1, true
		}
		return 0, true
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(true) {
			return x.Item().Int(), true
		}
		throw("TypeError", errIndexTensorOnly)
	case *Instance:
		if n, ok := instanceIndex(x); ok {
			return pyIndex(container, n)
		}
	}
	if n, ok := asNumber(v).(Int); ok { // NumPy's integer scalars: __index__
		return pyIndex(container, n)
	}
	return 0, false
}

// sliceIndices is Python's slice.indices(n).
func sliceIndices(sl *Slice, n int) (start, stop, step int) {
	get := func(v Value, def int64) int64 {
		if _, ok := v.(NoneType); ok {
			return def
		}
		i, ok := pyIndex("slice", v)
		if !ok {
			throw("TypeError", errSliceIndices)
		}
		return i
	}
	st := get(sl.Step, 1)
	if st == 0 {
		throw("ValueError", errSliceStepZero)
	}
	ln := int64(n)
	var lo, hi int64
	if st > 0 {
		lo = get(sl.Start, 0)
		hi = get(sl.Stop, ln)
	} else {
		lo = get(sl.Start, ln-1)
		hi = get(sl.Stop, -1)
	}
	clamp := func(i int64) int64 {
		if i < 0 {
			i += ln
			if i < 0 {
				if st < 0 {
					return -1
				}
				return 0
			}
		} else if i >= ln {
			if st < 0 {
				return ln - 1
			}
			return ln
		}
		return i
	}
	if _, ok := sl.Start.(NoneType); !ok {
		lo = clamp(lo)
	}
	if _, ok := sl.Stop.(NoneType); !ok {
		hi = clamp(hi)
	}
	return int(lo), int(hi), int(st)
}

// sliceElems returns the elements of elems selected by a slice.
func sliceElems(elems []Value, sl *Slice) []Value {
	start, stop, step := sliceIndices(sl, len(elems))
	n := 0
	if step > 0 && stop > start {
		n = (stop - start + step - 1) / step
	} else if step < 0 && start > stop {
		n = (start - stop - step - 1) / -step
	}
	checkSlots(n)
	out := make([]Value, n)
	for k := range out {
		poll()
		out[k] = elems[start+k*step]
	}
	return out
}

// seqIndex resolves an int index into a sequence of length n.
func seqIndex(kind string, v Value, n int) int {
	i, ok := pyIndex(kind, v)
	if !ok {
		throw("TypeError", errIndicesType, kind, TypeName(v))
	}
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		throw("IndexError", errIndexOutOfRange, kind)
	}
	return int(i)
}

// getItem is x[idx].
func (s *Session) getItem(x, idx Value) Value {
	if ix, ok := x.(Indexable); ok {
		return ix.GetItem(s, idx)
	}
	if c, ok := x.(*Class); ok {
		if v, ok := s.classGetItem(c, idx); ok {
			return v
		}
	}
	switch c := x.(type) {
	case *tensor.Tensor:
		return Tensors.GetItem(s, c, idx)
	case *List:
		if sl, ok := idx.(*Slice); ok {
			return &List{Elems: sliceElems(c.Elems, sl)}
		}
		return c.Elems[seqIndex("list", idx, len(c.Elems))]
	case Tuple:
		if sl, ok := idx.(*Slice); ok {
			return Tuple(sliceElems(c, sl))
		}
		return c[seqIndex("tuple", idx, len(c))]
	case *NamedTuple:
		if sl, ok := idx.(*Slice); ok {
			return Tuple(sliceElems(c.Elems, sl))
		}
		return c.Elems[seqIndex("tuple", idx, len(c.Elems))]
	case Size:
		elems := iterate(c)
		if sl, ok := idx.(*Slice); ok {
			return sizeFromValues(sliceElems(elems, sl))
		}
		return elems[seqIndex("tuple", idx, len(elems))]
	case Str:
		return strItem(c, idx)
	case Range:
		if sl, ok := idx.(*Slice); ok {
			start, stop, step := sliceIndices(sl, int(c.Len()))
			return Range{Start: c.Start + int64(start)*c.Step, Stop: c.Start + int64(stop)*c.Step, Step: c.Step * int64(step)}
		}
		i := seqIndex("range object", idx, int(c.Len()))
		return MakeInt(c.Start + int64(i)*c.Step)
	case *StorageValue:
		return Tensors.StorageGetItem(c, idx)
	case *Dict:
		if c.sub != nil && c.sub.missing != nil {
			if v, ok := c.Get(idx); ok {
				return v
			}
			return c.sub.missing(s, c, idx) // __missing__
		}
		return dictGetItem(c, idx)
	case *Class:
		// torch.Tensor[...] etc. are not supported.
	case *Object:
		if c.GetItem != nil {
			return c.GetItem(idx)
		}
	}
	throw("TypeError", errNotSubscriptable, TypeName(x))
	return nil
}

// setItem is x[idx] = v.
func (s *Session) setItem(x, idx, v Value) {
	if ix, ok := x.(ItemSetter); ok {
		ix.SetItem(s, idx, v)
		return
	}
	switch c := x.(type) {
	case *tensor.Tensor:
		whole(func() { Tensors.SetItem(s, c, idx, v) })
		return
	case *List:
		if sl, ok := idx.(*Slice); ok {
			start, stop, step := sliceIndices(sl, len(c.Elems))
			c.Elems = assignSlice(c.Elems, start, stop, step, iterate(v))
			return
		}
		c.Elems[seqIndex("list", idx, len(c.Elems))] = v
		return
	case *StorageValue:
		Tensors.StorageSetItem(s, c, idx, v)
		return
	case *Dict:
		c.SetItem(idx, v)
		return
	}
	throw("TypeError", errNoItemAssignment, TypeName(x))
}

func delItem(x, idx Value) {
	if d, ok := x.(interface{ delItem(idx Value) }); ok { // collections' types
		d.delItem(idx)
		return
	}
	switch c := x.(type) {
	case *Instance:
		c.DelItem(c.s(), idx)
		return
	case *List:
		if sl, ok := idx.(*Slice); ok {
			start, stop, step := sliceIndices(sl, len(c.Elems))
			c.Elems = deleteSlice(c.Elems, start, stop, step)
			return
		}
		i := seqIndex("list", idx, len(c.Elems))
		c.Elems = append(c.Elems[:i:i], c.Elems[i+1:]...)
		return
	case *Dict:
		if !c.Delete(idx) {
			raiseKeyError(idx)
		}
		return
	}
	throw("TypeError", errNoItemDeletion, TypeName(x))
}
