package tensor

import (
	"fmt"
	"unsafe"

	"github.com/tensh/tensh/runtime/broadcast"
)

// Operand is one argument of a pointwise operation: a tensor, or a Python
// number (what PyTorch calls a wrapped number: in type promotion it counts
// only by its category).
type Operand struct {
	T *Tensor // nil for a Python number
	S Scalar  // the number, when T is nil
}

// TensorOperand makes an Operand of a tensor.
func TensorOperand(t *Tensor) Operand { return Operand{T: t} }

// ScalarOperand makes an Operand of a Python number.
func ScalarOperand(s Scalar) Operand { return Operand{S: s} }

// IsScalar reports whether o is a Python number.
func (o Operand) IsScalar() bool { return o.T == nil }

// Shape is o's shape (a Python number is 0-d).
func (o Operand) Shape() []int {
	if o.T == nil {
		return nil
	}
	return o.T.shape
}

// DType is o's dtype; a Python number has the dtype torch.tensor gives it.
func (o Operand) DType() DType {
	if o.T == nil {
		return o.S.DType()
	}
	return o.T.DType()
}

// tensorOf returns o as a tensor of dtype d: a tensor converted (a new
// contiguous copy when the dtype differs, as PyTorch's CPU iterator makes),
// or a Python number as a 0-d tensor.
func (o Operand) tensorOf(d DType) *Tensor {
	if o.T == nil {
		return Scalar0(o.S, d)
	}
	return o.T.To(d)
}

// ResultTypeOf is torch.result_type over operands: dimensioned tensors
// over zero-dimensional ones over Python numbers, by category (the same
// rule as ResultType, without building its lists).
func ResultTypeOf(ops ...Operand) DType {
	r := newResultState()
	for _, o := range ops {
		switch {
		case o.T == nil:
			r.wrapped = promoteOpt(r.wrapped, o.S.DType())
		case len(o.T.shape) == 0:
			r.zero = promoteOpt(r.zero, o.T.DType())
		default:
			r.dim = promoteOpt(r.dim, o.T.DType())
		}
	}
	return r.result()
}

// Opts are the options every pointwise operation takes.
type Opts struct {
	// Out is the out= tensor, or nil. It is resized (with PyTorch's
	// deprecation warning) when its shape differs from the result's.
	Out *Tensor
	// Inplace makes the first operand (self) receive the result. self
	// never changes shape.
	Inplace bool
	// Legacy selects the seed documents' in-place semantics (tensh's docs
	// compat mode): the other operands are expanded to self's shape, and
	// expansion failures print expand's message without its tail.
	Legacy bool
	// BroadcastWarning enables the backwards-compatibility warning of
	// torch.utils.backcompat.broadcast_warning (printed in Legacy mode only).
	BroadcastWarning bool
	// Warn prints a UserWarning; nil drops warnings.
	Warn func(msg string)
	// sameDTypeOut makes an out= tensor's dtype equal the result's, as
	// TensorIterator's unary-op configuration (check_all_same_dtype)
	// requires, instead of the result type merely casting to it.
	sameDTypeOut bool
}

func (o *Opts) warn(format string, args ...any) {
	if o.Warn != nil {
		o.Warn(fmt.Sprintf(format, args...))
	}
}

// boolBytes views a []bool as []uint8 (Go stores bools as bytes 0 and 1),
// so that bool tensors compute with the uint8 kernels.
func boolBytes(b []bool) []uint8 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*uint8)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}

// typeidName is the C++ name of the dtype's element type as the
// demangled typeid prints it in some of PyTorch's messages ("long int",
// "float", "c10::Half"); CppTypeName is the spelling of c10's
// checked_convert ("int64_t").
func typeidName(d DType) string {
	switch d {
	case Bool:
		return "bool"
	case Uint8:
		return "unsigned char"
	case Int8:
		return "signed char"
	case Int16:
		return "short int"
	case Int32:
		return "int"
	case Int64:
		return "long int"
	case Float16:
		return "c10::Half"
	case BFloat16:
		return "c10::BFloat16"
	case Float32:
		return "float"
	case Float64:
		return "double"
	}
	return d.Name()
}

// broadcastShape computes the shape of a pointwise result over ops, as
// TensorIterator does (infer_size folded left to right), applying the
// in-place rules of opts: self (ops[0] when Inplace) never changes shape.
// In Legacy (docs) mode the other operands must expand to self's shape;
// otherwise the broadcast shape must equal self's. It prints the
// backwards-compatibility warning where it applies; names are the
// operands' parameter names for it ("self", "other").
// shapeBuf holds a result shape on the caller's stack.
type shapeBuf [maxLoopDims + 8]int

func broadcastShape(buf *shapeBuf, ops []Operand, opts *Opts, names ...string) []int {
	if opts.Inplace {
		self := ops[0].T
		others := make([][]int, len(ops)-1)
		for i, o := range ops[1:] {
			if o.T != nil {
				others[i] = o.T.shape
				if others[i] == nil {
					others[i] = []int{}
				}
			}
		}
		if err := InplaceShape(self.shape, others, opts.Legacy); err != nil {
			t := self
			if err.Expand != nil {
				t = ops[1+err.Operand].T
			}
			raise(RuntimeError, "%s", err.Message(t.DType(), t.device))
		}
		if opts.Legacy {
			warnBackcompat(ops, opts, names)
		}
		return self.shape
	}
	shape := buf[:0]
	for _, o := range ops {
		os := o.Shape()
		if len(os) > len(buf) {
			shape = append(make([]int, 0, len(os)), shape...)
		} else if len(shape) < len(os) {
			shape = buf[:len(shape)]
		}
		s, err := broadcast.InferSizeInto(shape[:max(len(shape), len(os))], shape, os)
		if err != nil {
			raise(RuntimeError, "%s", err.Error())
		}
		shape = s
	}
	if opts.Legacy {
		warnBackcompat(ops, opts, names)
	}
	return shape
}

// warnBackcompat prints the seed's backwards-compatibility UserWarning when
// two tensor operands have different shapes (they broadcast) and the same
// number of elements.
func warnBackcompat(ops []Operand, opts *Opts, names []string) {
	if !opts.BroadcastWarning || !opts.Legacy || len(ops) != 2 || len(names) != 2 {
		return
	}
	a, b := ops[0].T, ops[1].T
	if a == nil || b == nil || sameShape(a.shape, b.shape) || a.Numel() != b.Numel() {
		return
	}
	opts.warn(errBackcompatWarning, names[0], names[1])
}

// checkCast raises PyTorch's error when a result of dtype from cannot be
// written into a tensor of dtype to.
func checkCast(from, to DType) {
	if !CanCast(from, to) {
		raise(RuntimeError, errCastResult, from.ScalarName(), to.ScalarName())
	}
}

// checkWriteOverlaps is TensorIterator's compute_mem_overlaps, which runs
// before the shapes are computed: the tensor written to (self in place, or
// out=) may not have elements sharing memory, nor partly overlap an input.
func checkWriteOverlaps(ops []Operand, opts *Opts) {
	switch {
	case opts.Inplace:
		checkOutOverlaps(ops[0].T, ops, opts)
	case opts.Out != nil:
		checkOutOverlaps(opts.Out, ops, opts)
	}
}

func checkOutOverlaps(out *Tensor, ops []Operand, opts *Opts) {
	AssertNoInternalOverlap(out)
	for _, o := range ops {
		if o.T != nil && !(opts.Inplace && o.T == out) {
			AssertNoPartialOverlap(out, o.T)
		}
	}
}

// prepareOut resolves where a result of the given shape and dtype goes:
// self for in-place operations, the out= tensor (resized when needed), or
// nil when the caller should allocate a new tensor. In TensorIterator's
// order, it checks the output's overlaps, then that the result type can
// be cast into it, and only then resizes an out= tensor (with PyTorch's
// warning when it had elements) unless it is also an input.
func prepareOut(shape []int, result DType, ops []Operand, opts *Opts) *Tensor {
	var out *Tensor
	switch {
	case opts.Inplace:
		out = ops[0].T
	case opts.Out != nil:
		out = opts.Out
	default:
		return nil
	}
	checkOutOverlaps(out, ops, opts)
	if !opts.Inplace && !sameShape(out.shape, shape) {
		// An out= tensor that is also an input (TensorIterator's
		// is_read_write operand) is never resized: its shape must be
		// the result's, checked before the dtypes.
		for _, o := range ops {
			if o.T == out {
				raise(RuntimeError, "%s", OutShapeError(out.shape, shape))
			}
		}
	}
	if opts.sameDTypeOut && !opts.Inplace && out.DType() != result {
		raise(RuntimeError, errFoundDType, out.DType().ScalarName(), result.ScalarName())
	}
	checkCast(result, out.DType())
	if !opts.Inplace && !sameShape(out.shape, shape) {
		if out.Numel() != 0 {
			opts.warn(errOutResized, ShapeString(out.shape), ShapeString(shape))
		}
		out.resizeInPlace(shape)
	}
	return out
}

// resizeInPlace gives t a new contiguous shape, as Tensor.resize_ does:
// the storage is kept when it is large enough.
func (t *Tensor) resizeInPlace(shape []int) {
	n := CheckedNumel(shape, t.DType())
	if t.offset+n > t.st.Len() {
		t.growStorage(t.offset + n)
	}
	t.strides = OutStrides(t.shape, t.strides, shape)
	t.shape = append([]int{}, shape...)
}

// allocResult allocates the result of a pointwise operation over the given
// input tensors (already of the result's shape or broadcastable to it)
// with TensorIterator's layout: contiguous when the inputs are; the inputs'
// own strides when they all share one dense layout of the result's shape;
// otherwise dense in the order of the inputs' strides.
func allocResult(shape []int, d DType, ins ...*Tensor) *Tensor {
	return allocResultZ(shape, d, true, ins...)
}

// allocResultZ is allocResult; zero false leaves a dense result's
// storage uncleared, for kernels that write every element.
func allocResultZ(shape []int, d DType, zero bool, ins ...*Tensor) *Tensor {
	var shapes, strides [maxLoopOps][]int
	for k, t := range ins {
		shapes[k], strides[k] = t.shape, t.strides
	}
	var outBuf [maxLoopDims + 8]int
	var out []int
	if len(shape) <= len(outBuf) {
		out = outBuf[:len(shape)]
	} else {
		out = make([]int, len(shape))
	}
	switch resultLayout(out, shape, shapes[:len(ins)], strides[:len(ins)]) {
	case layoutStrided:
		return newDense(shape, out, d, zero)
	case layoutTooManyDims:
		return Empty(shape, d)
	}
	return newDense(shape, nil, d, zero)
}

// ResultStrides is the rule of a pointwise result's layout (allocResult's,
// TensorIterator's): the strides of the result of the given (broadcast)
// shape over inputs of (shapes[k], strides[k]).
func ResultStrides(shape []int, shapes, strides [][]int) []int {
	out := make([]int, len(shape))
	if resultLayout(out, shape, shapes, strides) != layoutStrided {
		return ContiguousStrides(shape)
	}
	return out
}

const (
	layoutContiguous = iota
	layoutStrided
	layoutTooManyDims
)

// resultLayout decides allocResult's layout: contiguous when the inputs
// are; the inputs' own strides when they all share one dense layout of the
// result's shape; otherwise dense in the order of the inputs' strides
// (written into out, of the shape's length, with layoutStrided).
func resultLayout(out, shape []int, shapes, strides [][]int) int {
	sameShapes := true
	allContig, allDense := true, true
	for k := range shapes {
		if !sameShape(shapes[k], shape) {
			sameShapes = false
			break
		}
		if IsContiguous(shapes[k], strides[k]) {
			continue
		}
		allContig = false
		allDense = allDense && IsNonOverlappingAndDense(shapes[k], strides[k])
	}
	if len(shapes) == 0 || (sameShapes && allContig) {
		return layoutContiguous
	}
	if sameShapes && allDense {
		same := true
		for _, st := range strides[1:] {
			if !sameShape(st, strides[0]) {
				same = false
			}
		}
		if same {
			copy(out, strides[0])
			return layoutStrided
		}
	}
	n := len(shape)
	if n > maxLoopDims+8 {
		return layoutTooManyDims
	}
	var stBuf [maxLoopOps][maxLoopDims + 8]int
	var exp [maxLoopOps][]int
	for k := range shapes {
		exp[k] = stBuf[k][:n]
		broadcast.ExpandStridesInto(exp[k], shapes[k], strides[k], shape)
	}
	var permBuf [maxLoopDims + 8]int
	perm := permBuf[:n]
	broadcast.ReorderInto(perm, shape, exp[:len(shapes)], nil)
	if broadcast.IsReversed(perm) {
		return layoutContiguous
	}
	next := 1
	for _, dim := range perm {
		out[dim] = next
		next *= shape[dim]
	}
	return layoutStrided
}

// newDense allocates a tensor of the given shape, contiguous (strides nil)
// or with the given dense strides; shape and strides share one allocation.
func newDense(shape, strides []int, d DType, zero bool) *Tensor {
	n := CheckedNumel(shape, d)
	nd := len(shape)
	geo := make([]int, 2*nd)
	copy(geo, shape)
	if strides != nil {
		copy(geo[nd:], strides)
	} else {
		acc := 1
		for i := nd - 1; i >= 0; i-- {
			geo[nd+i] = acc
			acc *= max(shape[i], 1)
		}
	}
	st := newStorageUninit(d, n)
	if zero {
		st = NewStorage(d, n)
	}
	return &Tensor{st: st, shape: geo[:nd:nd], strides: geo[nd:], device: CPU}
}

// finish writes a result computed into tmp (of the compute dtype) into the
// destination out, when they differ, converting as copy_ does.
func finish(out, tmp *Tensor) *Tensor {
	if out == nil || out == tmp {
		return tmp
	}
	CopyInto(out, tmp)
	return out
}

// BroadcastShapeOf is the shape the operands broadcast to (infer_size
// folded left to right), with PyTorch's error when they do not.
func BroadcastShapeOf(ops ...Operand) []int {
	var buf shapeBuf
	return append([]int{}, broadcastShape(&buf, ops, &Opts{})...)
}
