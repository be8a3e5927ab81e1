package tensor

import (
	"math"
	"strconv"
	"sync"
)

// Elem is the set of Go types that back tensor storage, one per dtype.
type Elem interface {
	bool | uint8 | int8 | int16 | int32 | int64 | Half | BF16 | float32 | float64 |
		uint16 | uint32 | uint64 | complex64 | complex128
}

// Num is the set of element types that kernels compute on directly. Half
// and BFloat16 are computed in float32; bool has its own kernels.
type Num interface {
	uint8 | int8 | int16 | int32 | int64 | float32 | float64
}

// Storage is a flat, typed buffer shared by every view of it.
type Storage struct {
	data  any // []T, T the element type of dtype
	dtype DType
	n     int
	root  *Storage // the storage whose memory this one reads as another dtype (view(dtype)), or nil
	// version counts the in-place writes to the storage (Tensor._version),
	// for autograd's check of saved tensors.
	version uint64
	// dev is the elements' copy in device memory (see device_mem.go).
	dev                   DeviceMem
	devCurrent, hostStale bool
	devMu                 sync.Mutex // serialises syncHost (parallel CPU kernels read the host copy)
}

// Version is the number of in-place writes recorded on the storage (shared
// by its views: PyTorch's version counter).
func (s *Storage) Version() uint64 { return s.rootStorage().version }

// BumpVersion records an in-place write.
func (s *Storage) BumpVersion() { s.rootStorage().version++ }

// DType is the storage's element type.
func (s *Storage) DType() DType { return s.dtype }

// Len is the number of elements in the storage.
func (s *Storage) Len() int { return s.n }

// Data returns the storage's backing slice ([]float32 for Float32, []Half
// for Float16, ...).
func (s *Storage) Data() any { return s.host() }

// Slice returns the backing slice of s as []T; T must match the dtype.
func Slice[T Elem](s *Storage) []T { return s.host().([]T) }

// SameStorage reports whether two storages are the same buffer.
func SameStorage(a, b *Storage) bool { return a.rootStorage() == b.rootStorage() }

// makeSlice allocates the typed slice for n elements of dtype d.
func makeSlice(d DType, n int) any {
	switch d {
	case Bool:
		return make([]bool, n)
	case Uint8:
		return make([]uint8, n)
	case Int8:
		return make([]int8, n)
	case Int16:
		return make([]int16, n)
	case Int32:
		return make([]int32, n)
	case Int64:
		return make([]int64, n)
	case Float16:
		return make([]Half, n)
	case BFloat16:
		return make([]BF16, n)
	case Float32:
		return make([]float32, n)
	case Float64:
		return make([]float64, n)
	}
	if x := makeSliceExtra(d, n); x != nil {
		return x
	}
	panic("tensor: bad dtype " + strconv.Itoa(int(d)))
}

// NewStorage allocates zeroed storage for n elements, checked against the
// memory cap.
func NewStorage(d DType, n int) *Storage {
	CheckAlloc(d, n)
	return &Storage{data: makeSlice(d, n), dtype: d, n: n}
}

// StorageOf wraps an existing slice (of an Elem type) as storage.
func StorageOf[T Elem](data []T) *Storage {
	var z T
	return &Storage{data: data, dtype: dtypeOf(z), n: len(data)}
}

func dtypeOf(v any) DType {
	switch v.(type) {
	case bool:
		return Bool
	case uint8:
		return Uint8
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case int64:
		return Int64
	case Half:
		return Float16
	case BF16:
		return BFloat16
	case float32:
		return Float32
	case float64:
		return Float64
	}
	if d, ok := dtypeOfExtra(v); ok {
		return d
	}
	panic("tensor: not an element type")
}

// Get returns element i as a Scalar (bool, int or float by dtype).
func (s *Storage) Get(i int) Scalar {
	switch d := s.host().(type) {
	case []bool:
		return BoolS(d[i])
	case []uint8:
		return IntS(int64(d[i]))
	case []int8:
		return IntS(int64(d[i]))
	case []int16:
		return IntS(int64(d[i]))
	case []int32:
		return IntS(int64(d[i]))
	case []int64:
		return IntS(d[i])
	case []Half:
		return FloatS(float64(d[i].Float32()))
	case []BF16:
		return FloatS(float64(d[i].Float32()))
	case []float32:
		return FloatS(float64(d[i]))
	case []float64:
		return FloatS(d[i])
	}
	return s.getExtra(i)
}

// Set stores v at element i, converting as a C++ static_cast to the
// dtype would (floats truncate toward zero into integers, integers wrap).
func (s *Storage) Set(i int, v Scalar) {
	switch d := s.host().(type) {
	case []bool:
		d[i] = v.Bool()
	case []uint8:
		d[i] = uint8(scalarToInt(v))
	case []int8:
		d[i] = int8(scalarInt32(v))
	case []int16:
		d[i] = int16(scalarInt32(v))
	case []int32:
		d[i] = scalarInt32(v)
	case []int64:
		d[i] = scalarToInt(v)
	case []Half:
		d[i] = HalfFromFloat32(scalarFloat32(v))
	case []BF16:
		d[i] = BF16FromFloat32(scalarFloat32(v))
	case []float32:
		d[i] = scalarFloat32(v)
	case []float64:
		d[i] = v.Float()
	default:
		s.setExtra(i, v)
	}
}

// scalarToInt converts like static_cast<int64_t>, with the x86 result for
// values out of range (the most negative int64).
func scalarToInt(v Scalar) int64 {
	if v.Kind < FloatScalar {
		return v.I
	}
	f := v.F
	if f != f || f >= 9.223372036854775807e18 || f < -9.223372036854775808e18 {
		return math.MinInt64
	}
	return int64(f)
}

// clearRange sets elements [lo, hi) to zero.
func (s *Storage) clearRange(lo, hi int) {
	switch d := s.host().(type) {
	case []bool:
		clear(d[lo:hi])
	case []uint8:
		clear(d[lo:hi])
	case []int8:
		clear(d[lo:hi])
	case []int16:
		clear(d[lo:hi])
	case []int32:
		clear(d[lo:hi])
	case []int64:
		clear(d[lo:hi])
	case []Half:
		clear(d[lo:hi])
	case []BF16:
		clear(d[lo:hi])
	case []float32:
		clear(d[lo:hi])
	case []float64:
		clear(d[lo:hi])
	default:
		s.clearExtra(lo, hi)
	}
}

// newStorageUninit is NewStorage without the zero fill for large float
// storages: only for results whose every element is written before
// anyone reads them (a pointwise result, a fill).
func newStorageUninit(d DType, n int) *Storage {
	CheckAlloc(d, n)
	return &Storage{data: makeUninit(d, n), dtype: d, n: n}
}
