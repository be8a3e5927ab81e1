package tensor

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"
)

// Device is where a tensor's storage lives: "cpu", or a GPU when the GPU
// backend finds one.
type Device struct {
	Type  string // "cpu" or "cuda"
	Index int    // -1 when no index was given
}

// CPU is the default device.
var CPU = Device{Type: "cpu", Index: -1}

func (d Device) String() string {
	if d.Index < 0 {
		return d.Type
	}
	return d.Type + ":" + strconv.Itoa(d.Index)
}

// Tensor is a strided view of a Storage.
type Tensor struct {
	st      *Storage
	offset  int
	shape   []int
	strides []int
	device  Device

	// Autograd is runtime/autograd's record of t (requires_grad, grad_fn,
	// .grad, its view base): nil for a tensor autograd has not seen. The
	// field belongs to runtime/autograd; this package only prints it.
	Autograd AutogradMeta

	// Class is the Python class of a tensor subclass's instance
	// (nn.Parameter): nil for a torch.Tensor. The evaluator's; this
	// package never reads it, and new tensors (views, results) have none.
	Class any
}

// AutogradMeta is what this package needs of runtime/autograd's metadata:
// the suffix repr(t) ends with ("requires_grad=True", "grad_fn=<MulBackward0>",
// or "" for none).
type AutogradMeta interface {
	ReprSuffix() string
}

// DType is the element type.
func (t *Tensor) DType() DType { return t.st.dtype }

// Shape returns the sizes of t. The slice belongs to t: do not modify it.
func (t *Tensor) Shape() []int { return t.shape }

// Strides returns the strides of t, in elements. Do not modify the slice.
func (t *Tensor) Strides() []int { return t.strides }

// Offset is the storage offset of t's first element.
func (t *Tensor) Offset() int { return t.offset }

// Storage is the buffer t views.
func (t *Tensor) Storage() *Storage { return t.st }

// Device is where t lives.
func (t *Tensor) Device() Device { return t.device }

// Dim is the number of dimensions.
func (t *Tensor) Dim() int { return len(t.shape) }

// Numel is the number of elements.
func (t *Tensor) Numel() int { return Numel(t.shape) }

// Numel is the product of sizes (1 for a 0-d shape).
func Numel(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// ShapeString formats sizes as PyTorch's messages do: [2, 3].
func ShapeString(shape []int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, s := range shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(s))
	}
	b.WriteByte(']')
	return b.String()
}

// CheckedNumel validates sizes for a new tensor of dtype d (no negative
// sizes, no overflow of the byte count) and returns the element count.
func CheckedNumel(shape []int, d DType) int {
	for _, s := range shape {
		if s < 0 {
			raise(RuntimeError, errNegativeDim, s, ShapeString(shape))
		}
	}
	n := uint64(1)
	overflow := false
	for _, s := range shape {
		hi, lo := bits.Mul64(n, uint64(s))
		if hi != 0 || lo > 1<<62 {
			overflow = true
		}
		n = lo
	}
	if !overflow {
		hi, lo := bits.Mul64(n, uint64(d.ItemSize()))
		overflow = hi != 0 || lo > 1<<62
	}
	if overflow {
		raise(RuntimeError, errSizeOverflow, ShapeString(shape))
	}
	return int(n)
}

// checkViewNumel is TensorImpl's safe_refresh_numel: a view (of any
// storage, an expanded one say) whose element count overflows int64 is
// refused. Like c10's safe_multiplies_u64, it flags an overflow of any
// partial product, even when a later size is 0.
func checkViewNumel(shape []int) {
	prod, overflow := uint64(1), false
	for _, s := range shape {
		hi, lo := bits.Mul64(prod, uint64(s))
		overflow = overflow || hi != 0
		prod = lo
	}
	if overflow || prod > math.MaxInt64 {
		raise(RuntimeError, errNumelOverflow)
	}
}

// ContiguousStrides returns the row-major strides of shape.
func ContiguousStrides(shape []int) []int {
	st := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		if shape[i] > 1 { // c10 multiplies by max(size, 1)
			acc *= shape[i]
		}
	}
	return st
}

// Empty allocates a contiguous tensor (zero-filled) of the given sizes.
func Empty(shape []int, d DType) *Tensor {
	n := CheckedNumel(shape, d)
	return &Tensor{st: NewStorage(d, n), shape: append([]int{}, shape...), strides: ContiguousStrides(shape), device: CPU}
}

// EmptyUninit is Empty without the zero fill for large float tensors
// (newStorageUninit): torch.empty, whose elements are unspecified, and
// results every element of which is written before anyone reads them.
func EmptyUninit(shape []int, d DType) *Tensor {
	n := CheckedNumel(shape, d)
	return &Tensor{st: newStorageUninit(d, n), shape: append([]int{}, shape...), strides: ContiguousStrides(shape), device: CPU}
}

// EmptyLike is empty_like(t, dtype=d) with memory_format=preserve, the
// layout clone() gives too: t's strides when t is contiguous or otherwise
// non-overlapping and dense (c10's is_non_overlapping_and_dense flag),
// else dense strides in the order of t's (InferDenseStrides). The result
// is a CPU tensor.
func EmptyLike(t *Tensor, d DType) *Tensor {
	return FromStorage(NewStorage(d, CheckedNumel(t.shape, d)), 0, t.shape, LikeStrides(t.shape, t.strides))
}

// LikeStrides is the layout EmptyLike gives a tensor like one of (shape,
// strides): the same strides when they are contiguous or non-overlapping
// and dense, else dense strides in their order.
func LikeStrides(shape, strides []int) []int {
	if !IsContiguous(shape, strides) && !IsNonOverlappingAndDense(shape, strides) {
		return InferDenseStrides(shape, strides)
	}
	return strides
}

// FromStorage makes a tensor viewing st. It does not check bounds; use
// AsStrided for user-supplied geometry.
func FromStorage(st *Storage, offset int, shape, strides []int) *Tensor {
	checkViewNumel(shape)
	return &Tensor{st: st, offset: offset, shape: append([]int{}, shape...), strides: append([]int{}, strides...), device: CPU}
}

// FromSlice makes a contiguous tensor of the given shape over data.
func FromSlice[T Elem](data []T, shape ...int) *Tensor {
	if Numel(shape) != len(data) {
		panic("tensor.FromSlice: shape does not match data")
	}
	return FromStorage(StorageOf(data), 0, shape, ContiguousStrides(shape))
}

// Scalar0 makes a 0-d tensor of dtype d holding v.
func Scalar0(v Scalar, d DType) *Tensor {
	t := Empty(nil, d)
	t.st.Set(0, v)
	return t
}

// Full makes a contiguous tensor filled with v.
func Full(shape []int, v Scalar, d DType) *Tensor {
	n := CheckedNumel(shape, d)
	t := &Tensor{st: newStorageUninit(d, n), shape: append([]int{}, shape...), strides: ContiguousStrides(shape), device: CPU}
	t.Fill(v)
	return t
}

// view makes a tensor sharing t's storage with new geometry.
func (t *Tensor) view(offset int, shape, strides []int) *Tensor {
	checkViewNumel(shape)
	return &Tensor{st: t.st, offset: offset, shape: shape, strides: strides, device: t.device}
}

// Alias returns a new Tensor object viewing exactly what t views (a fresh
// identity, as detach() and view_as of the same shape return).
func (t *Tensor) Alias() *Tensor {
	return t.view(t.offset, append([]int{}, t.shape...), append([]int{}, t.strides...))
}

// WithDevice returns t relabelled as living on dev (used by the GPU
// backend's bookkeeping; CPU storage is shared).
func (t *Tensor) WithDevice(dev Device) *Tensor {
	u := t.Alias()
	u.device = dev
	return u
}

// WrapDim turns a possibly negative dim into an index in [0, ndim),
// raising PyTorch's IndexError. A 0-d tensor accepts -1 and 0.
func WrapDim(dim, ndim int) int {
	n := ndim
	if n <= 0 {
		n = 1
	}
	if dim < -n || dim >= n {
		raise(IndexError, errDimRange, -n, n-1, dim)
	}
	if dim < 0 {
		dim += n
	}
	return dim
}

// Size returns the size of dimension d (negative counts from the end).
func (t *Tensor) Size(d int) int {
	if len(t.shape) == 0 {
		WrapDim(d, 0)
		raise(IndexError, errDimNoDims, d)
	}
	return t.shape[WrapDim(d, len(t.shape))]
}

// Stride returns the stride of dimension d.
func (t *Tensor) Stride(d int) int {
	if len(t.shape) == 0 {
		WrapDim(d, 0)
		raise(IndexError, errDimNoDims, d)
	}
	return t.strides[WrapDim(d, len(t.shape))]
}

// IsContiguous is c10's definition: size-1 dims are skipped and empty
// tensors count as contiguous.
func (t *Tensor) IsContiguous() bool {
	return IsContiguous(t.shape, t.strides)
}

// IsContiguous reports whether (shape, strides) is row-major contiguous.
func IsContiguous(shape, strides []int) bool {
	expected := 1
	for i := len(shape) - 1; i >= 0; i-- {
		if shape[i] == 0 {
			return true
		}
	}
	for i := len(shape) - 1; i >= 0; i-- {
		if shape[i] != 1 {
			if strides[i] != expected {
				return false
			}
			expected *= shape[i]
		}
	}
	return true
}

// ForEachOffset calls fn with the storage offset of every element of a
// (shape, strides, offset) layout, in row-major order. It polls for
// interrupts between rows (CheckInterrupt), so it runs on the statement's
// goroutine only.
func ForEachOffset(shape, strides []int, offset int, fn func(off int)) {
	n := Numel(shape)
	if n == 0 {
		return
	}
	nd := len(shape)
	if nd == 0 {
		fn(offset)
		return
	}
	idx := make([]int, nd)
	off := offset
	last := nd - 1
	done := 0 // elements since the last interrupt poll
	for {
		for lo := 0; lo < shape[last]; lo += pollEvery {
			if lo > 0 {
				CheckInterrupt() // a huge row: a stride-0 view of 2**40 elements
			}
			for i := lo; i < min(lo+pollEvery, shape[last]); i++ {
				fn(off + i*strides[last])
			}
		}
		if done += shape[last]; done >= pollEvery {
			done = 0
			CheckInterrupt()
		}
		d := last - 1
		for ; d >= 0; d-- {
			idx[d]++
			off += strides[d]
			if idx[d] < shape[d] {
				break
			}
			off -= idx[d] * strides[d]
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

// ForEach calls fn with the storage offset of every element of t.
func (t *Tensor) ForEach(fn func(off int)) { ForEachOffset(t.shape, t.strides, t.offset, fn) }

// Offsets returns the storage offset of every element of t, in order.
func (t *Tensor) Offsets() []int {
	CheckAllocBytes(int64(t.Numel()) * 8)
	out := make([]int, 0, t.Numel())
	t.ForEach(func(off int) { out = append(out, off) })
	return out
}

// Item returns the single element of a one-element tensor.
func (t *Tensor) Item() Scalar {
	if t.Numel() != 1 {
		raise(ValueError, errItemNumel)
	}
	return t.st.Get(t.offset + firstOffsetDelta(t))
}

// firstOffsetDelta is 0: the first element of any non-empty view is at its
// offset. Kept as a function for clarity at call sites.
func firstOffsetDelta(*Tensor) int { return 0 }

// Truth is bool(t): one element, or the ambiguity errors (no values, more
// than one value).
func (t *Tensor) Truth() bool {
	if t.Numel() == 0 {
		raise(RuntimeError, errBoolNoValues)
	}
	if t.Numel() != 1 {
		raise(RuntimeError, errBoolAmbiguous)
	}
	return t.st.Get(t.offset).Bool()
}

// At returns the element at a full multi-index (no bounds checks beyond
// Go's).
func (t *Tensor) At(idx ...int) Scalar {
	off := t.offset
	for i, x := range idx {
		off += x * t.strides[i]
	}
	return t.st.Get(off)
}

// SetAt stores v at a full multi-index.
func (t *Tensor) SetAt(v Scalar, idx ...int) {
	off := t.offset
	for i, x := range idx {
		off += x * t.strides[i]
	}
	t.st.Set(off, v)
}

// Values returns every element of t as Scalars, in row-major order.
func (t *Tensor) Values() []Scalar {
	CheckAllocBytes(int64(t.Numel()) * int64(unsafe.Sizeof(Scalar{})))
	out := make([]Scalar, 0, t.Numel())
	t.ForEach(func(off int) { out = append(out, t.st.Get(off)) })
	return out
}

// Fill sets every element of t to v (converted to t's dtype).
func (t *Tensor) Fill(v Scalar) {
	tmp := NewStorage(t.DType(), 1)
	tmp.Set(0, v)
	switch d := t.st.host().(type) {
	case []bool:
		fillT(t, d, Slice[bool](tmp)[0])
	case []uint8:
		fillT(t, d, Slice[uint8](tmp)[0])
	case []int8:
		fillT(t, d, Slice[int8](tmp)[0])
	case []int16:
		fillT(t, d, Slice[int16](tmp)[0])
	case []int32:
		fillT(t, d, Slice[int32](tmp)[0])
	case []int64:
		fillT(t, d, Slice[int64](tmp)[0])
	case []Half:
		fillT(t, d, Slice[Half](tmp)[0])
	case []BF16:
		fillT(t, d, Slice[BF16](tmp)[0])
	case []float32:
		fillT(t, d, Slice[float32](tmp)[0])
	case []float64:
		fillT(t, d, Slice[float64](tmp)[0])
	default:
		t.fillExtra(tmp)
	}
}

func fillT[T Elem](t *Tensor, data []T, v T) {
	if t.Numel() == 0 {
		return // (an empty view's offset may lie past the end of its storage)
	}
	if t.IsContiguous() {
		n := t.Numel()
		fillSlice(data[t.offset:t.offset+n], v)
		return
	}
	t.ForEach(func(off int) { data[off] = v })
}

// Contiguous returns t itself when it is contiguous, else a contiguous copy.
func (t *Tensor) Contiguous() *Tensor {
	if t.IsContiguous() {
		return t
	}
	out := Empty(t.shape, t.DType())
	out.device = t.device
	CopyInto(out, t)
	return out
}

// CopyInto copies src into dst elementwise; they must have the same shape.
// Dtypes may differ (values are converted as by static_cast).
func CopyInto(dst, src *Tensor) {
	if !sameShape(dst.shape, src.shape) {
		panic("tensor.CopyInto: shape mismatch")
	}
	if onAccelerator(dst) && accelerator.Copy(dst, src) {
		return
	}
	if dst.DType() != src.DType() && (!dst.DType().IsTorch() || !src.DType().IsTorch()) {
		copyConvertExtra(dst, src) // storage_numpy.go
		return
	}
	if dst.DType() != src.DType() {
		if n := dst.Numel(); n > 0 && dst.IsContiguous() && src.IsContiguous() {
			// Convert straight into dst (no temporary, one pass).
			castSlice(dst.st, dst.offset, src.st, src.offset, n)
			return
		}
		src = src.To(dst.DType())
	}
	copySame(dst, src)
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// copySame copies between tensors of one dtype and shape.
func copySame(dst, src *Tensor) {
	if onAccelerator(dst) && accelerator.Copy(dst, src) {
		return
	}
	switch d := dst.st.host().(type) {
	case []bool:
		copyStrided(d, dst, src.st.host().([]bool), src)
	case []uint8:
		copyStrided(d, dst, src.st.host().([]uint8), src)
	case []int8:
		copyStrided(d, dst, src.st.host().([]int8), src)
	case []int16:
		copyStrided(d, dst, src.st.host().([]int16), src)
	case []int32:
		copyStrided(d, dst, src.st.host().([]int32), src)
	case []int64:
		copyStrided(d, dst, src.st.host().([]int64), src)
	case []Half:
		copyStrided(d, dst, src.st.host().([]Half), src)
	case []BF16:
		copyStrided(d, dst, src.st.host().([]BF16), src)
	case []float32:
		copyStrided(d, dst, src.st.host().([]float32), src)
	case []float64:
		copyStrided(d, dst, src.st.host().([]float64), src)
	default:
		copySameExtra(dst, src)
	}
}

// copyStrided copies src's elements into dst's, both of one shape.
//
// Reference loop: for every multi-index i, dst[dst.off+i·dst.strides] = src[src.off+i·src.strides].
func copyStrided[T Elem](dd []T, dst *Tensor, sd []T, src *Tensor) {
	n := dst.Numel()
	if n == 0 {
		return
	}
	if dst.IsContiguous() && src.IsContiguous() {
		copyPolled(dd[dst.offset:dst.offset+n], sd[src.offset:src.offset+n])
		return
	}
	copyPlanned(dd, dst, sd, src)
}

// copyPollBlock is how many elements copyPolled moves between two interrupt
// polls: at most 2 MB, well under a millisecond of memmove.
const copyPollBlock = 1 << 18

// copyPolled is copy(d, s) for len(d) == len(s), in blocks of copyPollBlock
// elements with an interrupt poll before each.
func copyPolled[T any](d, s []T) {
	for lo := 0; lo < len(d); lo += copyPollBlock {
		CheckInterrupt()
		hi := min(lo+copyPollBlock, len(d))
		copy(d[lo:hi], s[lo:hi])
	}
}

// To returns t converted to dtype d: t itself when it already has that
// dtype, otherwise a new contiguous tensor.
func (t *Tensor) To(d DType) *Tensor {
	if t.DType() == d {
		return t
	}
	// The result first: when memory runs out, PyTorch's message names its
	// size, not that of the contiguous copy made here.
	out := Empty(t.shape, d)
	if !t.device.IsCPU() {
		out.device = t.device
		CopyInto(out, t)
		return out
	}
	src := t.Contiguous()
	n := t.Numel()
	castSlice(out.st, 0, src.st, src.offset, n)
	return out
}
