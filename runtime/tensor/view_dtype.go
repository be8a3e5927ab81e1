package tensor

import "unsafe"

// ViewDType is t.view(dtype): the bytes t views, read as elements of
// dtype d, without a copy; writes through either tensor show in both.
// With a smaller element size the last dimension grows (and the other
// strides and the offset scale); with a larger one it shrinks, which
// needs a last dimension, offset and strides divisible by the ratio, as
// ATen's view_dtype checks in this order.
func (t *Tensor) ViewDType(d DType) *Tensor {
	from, to := t.DType(), d
	if from == to {
		return t.Alias()
	}
	fs, ts := from.ItemSize(), to.ItemSize()
	shape, strides, offset := append([]int{}, t.shape...), append([]int{}, t.strides...), t.offset
	if fs != ts {
		if t.Dim() == 0 {
			raise(RuntimeError, errViewDTypeScalar, from.ScalarName(), to.ScalarName())
		}
		last := t.Dim() - 1
		if strides[last] != 1 {
			raise(RuntimeError, errViewDTypeStride, from.ScalarName(), to.ScalarName(), strides[last])
		}
		if fs > ts {
			ratio := fs / ts
			shape[last] *= ratio
			for i := range last {
				strides[i] *= ratio
			}
			offset *= ratio
		} else {
			ratio := ts / fs
			if shape[last]%ratio != 0 {
				raise(RuntimeError, errViewDTypeSize, ratio, from.ScalarName(), to.ScalarName(), shape[last])
			}
			if offset%ratio != 0 {
				raise(RuntimeError, errViewDTypeOffset, ratio, from.ScalarName(), to.ScalarName(), offset)
			}
			for i := range last {
				if strides[i]%ratio != 0 {
					raise(RuntimeError, errViewDTypeStrideDiv, i, ratio, from.ScalarName(), to.ScalarName(), strides[i])
				}
				strides[i] /= ratio
			}
			shape[last] /= ratio
			offset /= ratio
		}
	}
	v := &Tensor{st: t.st.reinterpret(to), offset: offset, shape: shape, strides: strides, device: t.device}
	checkViewNumel(shape)
	return v
}

// reinterpret returns a storage of dtype d over the same memory as s
// (as many whole elements of d as its bytes hold). It shares s's
// identity: SameStorage, overlap checks and data_ptr see one buffer.
func (s *Storage) reinterpret(d DType) *Storage {
	root := s.rootStorage()
	n := root.n * root.dtype.ItemSize() / d.ItemSize()
	r := &Storage{dtype: d, n: n, root: root}
	if n == 0 {
		r.data = makeSlice(d, 0)
		return r
	}
	p := slicePointer(root.host())
	switch d {
	case Bool:
		r.data = unsafe.Slice((*bool)(p), n)
	case Uint8:
		r.data = unsafe.Slice((*uint8)(p), n)
	case Int8:
		r.data = unsafe.Slice((*int8)(p), n)
	case Int16:
		r.data = unsafe.Slice((*int16)(p), n)
	case Int32:
		r.data = unsafe.Slice((*int32)(p), n)
	case Int64:
		r.data = unsafe.Slice((*int64)(p), n)
	case Float16:
		r.data = unsafe.Slice((*Half)(p), n)
	case BFloat16:
		r.data = unsafe.Slice((*BF16)(p), n)
	case Float32:
		r.data = unsafe.Slice((*float32)(p), n)
	case Float64:
		r.data = unsafe.Slice((*float64)(p), n)
	}
	return r
}

// rootStorage is the storage that owns s's memory (s itself unless s was
// made by reinterpret).
func (s *Storage) rootStorage() *Storage {
	if s.root != nil {
		return s.root
	}
	return s
}

// slicePointer is the address of the first element of a storage slice.
func slicePointer(data any) unsafe.Pointer {
	switch x := data.(type) {
	case []bool:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []uint8:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []int8:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []int16:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []int32:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []int64:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []Half:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []BF16:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []float32:
		return unsafe.Pointer(unsafe.SliceData(x))
	case []float64:
		return unsafe.Pointer(unsafe.SliceData(x))
	}
	panic("tensor: bad storage")
}
