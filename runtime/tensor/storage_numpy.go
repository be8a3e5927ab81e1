package tensor

import "math"

// The storage of NumPy's element types that PyTorch 1.13's tensors do not
// have (uint16, uint32, uint64) or that tensh's torch only holds and
// prints (complex64, complex128). lib/numpy computes on them element by
// element through Storage.Get and Set; uint64 elements travel in a
// Scalar's int64 bits (ScalarUint64 reads them back).

// makeSliceExtra allocates the slice of one of these dtypes (nil for others).
func makeSliceExtra(d DType, n int) any {
	switch d {
	case Uint16:
		return make([]uint16, n)
	case Uint32:
		return make([]uint32, n)
	case Uint64:
		return make([]uint64, n)
	case Complex64:
		return make([]complex64, n)
	case Complex128:
		return make([]complex128, n)
	}
	return nil
}

func dtypeOfExtra(v any) (DType, bool) {
	switch v.(type) {
	case uint16:
		return Uint16, true
	case uint32:
		return Uint32, true
	case uint64:
		return Uint64, true
	case complex64:
		return Complex64, true
	case complex128:
		return Complex128, true
	}
	return 0, false
}

// ComplexS makes a complex Scalar.
func ComplexS(re, im float64) Scalar { return Scalar{Kind: ComplexScalar, F: re, Im: im} }

// IsComplex reports whether d is a complex dtype.
func (d DType) IsComplex() bool { return d == Complex64 || d == Complex128 }

// IsTorch reports whether PyTorch 1.13 has tensors of dtype d with
// tensh's kernels (the NumPy-only storage types are not).
func (d DType) IsTorch() bool { return d <= Float64 }

// ScalarUint64 is the value of a uint64 element as Get returns it.
func ScalarUint64(v Scalar) uint64 { return uint64(v.I) }

func (s *Storage) getExtra(i int) Scalar {
	switch d := s.host().(type) {
	case []uint16:
		return IntS(int64(d[i]))
	case []uint32:
		return IntS(int64(d[i]))
	case []uint64:
		return IntS(int64(d[i]))
	case []complex64:
		return ComplexS(float64(real(d[i])), float64(imag(d[i])))
	case []complex128:
		return ComplexS(real(d[i]), imag(d[i]))
	}
	panic("tensor: bad storage")
}

func (s *Storage) setExtra(i int, v Scalar) {
	switch d := s.host().(type) {
	case []uint16:
		d[i] = uint16(scalarInt32(v))
	case []uint32:
		d[i] = uint32(scalarToInt(v))
	case []uint64:
		d[i] = scalarToUint64(v)
	case []complex64:
		d[i] = complex(float32(v.Float()), float32(v.Im))
	case []complex128:
		d[i] = complex(v.Float(), v.Im)
	default:
		panic("tensor: bad storage")
	}
}

// scalarToUint64 converts like static_cast<uint64_t> on x86-64: floats
// from 2**63 up convert directly, others through int64.
func scalarToUint64(v Scalar) uint64 {
	if v.Kind >= FloatScalar && v.F >= 9.223372036854775807e18 && v.F < 1.8446744073709552e19 {
		return uint64(v.F)
	}
	if v.Kind >= FloatScalar && (math.IsNaN(v.F) || math.IsInf(v.F, 0)) {
		return 1 << 63
	}
	return uint64(scalarToInt(v))
}

func (s *Storage) clearExtra(lo, hi int) {
	switch d := s.host().(type) {
	case []uint16:
		clear(d[lo:hi])
	case []uint32:
		clear(d[lo:hi])
	case []uint64:
		clear(d[lo:hi])
	case []complex64:
		clear(d[lo:hi])
	case []complex128:
		clear(d[lo:hi])
	default:
		panic("tensor: bad storage")
	}
}

// fillExtra is Fill for these dtypes; one holds the value.
func (t *Tensor) fillExtra(one *Storage) {
	switch d := t.st.host().(type) {
	case []uint16:
		fillT(t, d, Slice[uint16](one)[0])
	case []uint32:
		fillT(t, d, Slice[uint32](one)[0])
	case []uint64:
		fillT(t, d, Slice[uint64](one)[0])
	case []complex64:
		fillT(t, d, Slice[complex64](one)[0])
	case []complex128:
		fillT(t, d, Slice[complex128](one)[0])
	}
}

// copySameExtra is copySame for these dtypes.
func copySameExtra(dst, src *Tensor) {
	switch d := dst.st.host().(type) {
	case []uint16:
		copyStrided(d, dst, src.st.host().([]uint16), src)
	case []uint32:
		copyStrided(d, dst, src.st.host().([]uint32), src)
	case []uint64:
		copyStrided(d, dst, src.st.host().([]uint64), src)
	case []complex64:
		copyStrided(d, dst, src.st.host().([]complex64), src)
	case []complex128:
		copyStrided(d, dst, src.st.host().([]complex128), src)
	default:
		panic("tensor: bad storage")
	}
}

// copyConvertExtra is CopyInto between dtypes one of which is one of
// these: element by element through Scalars. Complex values do not go
// into real tensors (PyTorch warns and drops the imaginary part; tensh's
// torch raises).
func copyConvertExtra(dst, src *Tensor) {
	if src.DType().IsComplex() && !dst.DType().IsComplex() {
		raise(RuntimeError, errComplexToReal, src.DType().String(), dst.DType().String())
	}
	n := dst.Numel()
	CheckMemory(int64(n) * 8)
	offs := make([]int, 0, n)
	dst.ForEach(func(off int) { offs = append(offs, off) })
	i := 0
	src.ForEach(func(off int) {
		pollAt(i)
		dst.st.Set(offs[i], src.st.Get(off))
		i++
	})
}

// Suffix is a storage over s's elements from off on: the same memory
// under a storage of its own, as torch.from_numpy sees an array that
// starts inside its buffer (storage_offset() 0). Off 0 is s itself.
func (s *Storage) Suffix(off int) *Storage {
	if off <= 0 {
		return s
	}
	off = min(off, s.n)
	var data any
	switch d := s.host().(type) {
	case []bool:
		data = d[off:]
	case []uint8:
		data = d[off:]
	case []int8:
		data = d[off:]
	case []int16:
		data = d[off:]
	case []int32:
		data = d[off:]
	case []int64:
		data = d[off:]
	case []Half:
		data = d[off:]
	case []BF16:
		data = d[off:]
	case []float32:
		data = d[off:]
	case []float64:
		data = d[off:]
	case []uint16:
		data = d[off:]
	case []uint32:
		data = d[off:]
	case []uint64:
		data = d[off:]
	case []complex64:
		data = d[off:]
	case []complex128:
		data = d[off:]
	default:
		panic("tensor: bad storage")
	}
	return &Storage{data: data, dtype: s.dtype, n: s.n - off}
}
