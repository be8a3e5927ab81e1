package tensor

// Memory overlap, as ATen's MemoryOverlap.cpp decides it: the checks that
// make copy_, index_put_ and friends refuse to write a tensor that shares
// memory with its input in a way that would make the result depend on the
// order of the writes.

// MemOverlap says whether a tensor's elements overlap each other.
type MemOverlap int

const (
	OverlapNo      MemOverlap = iota // distinct elements have distinct addresses
	OverlapYes                       // some dimension has stride 0 and size > 1
	OverlapTooHard                   // not dense; not decided
)

// HasInternalOverlap is at::has_internal_overlap. (ATen asks whether t is
// non-overlapping and dense first; a dense tensor has no expanded
// dimension, so the cheap test can come first.)
func HasInternalOverlap(t *Tensor) MemOverlap {
	if hasExpandedDim(t) {
		return OverlapYes
	}
	if IsNonOverlappingAndDense(t.shape, t.strides) {
		return OverlapNo
	}
	return OverlapTooHard
}

// hasExpandedDim tells whether some dimension of t has size > 1 and
// stride 0: its elements share memory (MemOverlap::Yes).
func hasExpandedDim(t *Tensor) bool {
	return ExpandedDim(t.shape, t.strides) >= 0
}

// OverlapStatus says how two tensors' memory overlaps.
type OverlapStatus int

const (
	StatusFull    OverlapStatus = iota // the same elements, the same layout
	StatusPartial                      // some shared memory
	StatusNo                           // disjoint
	StatusTooHard                      // not dense; not decided
)

// GetOverlapStatus is at::get_overlap_status.
func GetOverlapStatus(a, b *Tensor) OverlapStatus {
	if a == b {
		return StatusFull
	}
	if a.Numel() == 0 || b.Numel() == 0 {
		return StatusNo
	}
	if !IsNonOverlappingAndDense(a.shape, a.strides) || !IsNonOverlappingAndDense(b.shape, b.strides) {
		return StatusTooHard
	}
	if SameStorage(a.st, b.st) {
		ab, ae := a.offset*a.DType().ItemSize(), (a.offset+a.Numel())*a.DType().ItemSize()
		bb, be := b.offset*b.DType().ItemSize(), (b.offset+b.Numel())*b.DType().ItemSize()
		if ab == bb && ae == be {
			if sameShape(a.strides, b.strides) {
				return StatusFull
			}
			return StatusPartial
		}
		if ab < be && bb < ae {
			return StatusPartial
		}
	}
	return StatusNo
}

// AssertNoInternalOverlap is at::assert_no_internal_overlap (as
// TensorIterator checks its outputs): PyTorch's error when t (to be
// written) has elements sharing memory.
func AssertNoInternalOverlap(t *Tensor) {
	if hasExpandedDim(t) {
		raise(RuntimeError, errOverlapInternal)
	}
}

// AssertNoPartialOverlap raises PyTorch's error when a and b share some
// but not all of their memory.
func AssertNoPartialOverlap(a, b *Tensor) {
	if GetOverlapStatus(a, b) == StatusPartial {
		raise(RuntimeError, errOverlapPartial)
	}
}

// AssertNoOverlap raises PyTorch's error when a and b share any memory.
func AssertNoOverlap(a, b *Tensor) {
	if s := GetOverlapStatus(a, b); s == StatusPartial || s == StatusFull {
		raise(RuntimeError, errOverlapPartial)
	}
}

// CopyChecked is dst.copy_(src) for a src of dst's shape: nothing when
// they are the same view, PyTorch's overlap errors, then an elementwise
// copy converting to dst's dtype.
func CopyChecked(dst, src *Tensor) {
	if !sameShape(dst.shape, src.shape) {
		panic("tensor.CopyChecked: shape mismatch")
	}
	if dst == src {
		return
	}
	if SameStorage(dst.st, src.st) && dst.offset == src.offset && sameShape(dst.strides, src.strides) && dst.DType() == src.DType() {
		return
	}
	AssertNoInternalOverlap(dst)
	AssertNoPartialOverlap(dst, src)
	if dst.Numel() == 0 {
		return
	}
	CopyInto(dst, src)
}
