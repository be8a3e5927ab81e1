package linalg

import (
	"fmt"

	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// The shape rules of the matrix products, as pure functions of sizes and
// strides: the products call them for their checks, and a teacher (tensh's
// %explain) calls them to predict a product's result or error without
// running it.

// MatmulPath is the kernel torch.matmul dispatches to; it decides the
// error messages.
type MatmulPath int

const (
	// PathDot: 1-D @ 1-D.
	PathDot MatmulPath = iota
	// PathMv: 2-D @ 1-D.
	PathMv
	// PathMm: 1-D or 2-D @ 2-D (a 1-D left operand is a row).
	PathMm
	// PathFold: a ≥3-D operand against a 1-D or 2-D one, folded into one
	// mm or mv (ATen's should_fold).
	PathFold
	// PathBmm: batched, with broadcast batch dims.
	PathBmm
	// Path0D: an operand is 0-dim (always an error).
	Path0D
)

// MatmulPlan is what torch.matmul does with operands of given shapes.
type MatmulPlan struct {
	Path  MatmulPath
	Shape []int // the result's shape; nil when Err is set
	// Batch is the broadcast of the batch dims (PathBmm; nil when they do
	// not broadcast, with BatchErr set).
	Batch    []int
	BatchErr *broadcast.Error
	// PathFold: Transposed when the right operand is the folded one (its
	// last two dims swapped); Rows x K is the folded matrix; Other is the
	// shape of the operand it multiplies (transposed when 2-D and
	// Transposed).
	Transposed bool
	Rows, K    int
	Other      []int
	// Err is the message matmul raises for these shapes ("" when none).
	Err string
}

// MmShapeError is mm's check of its operands' shapes, or "".
func MmShapeError(as, bs []int) string {
	switch {
	case len(as) != 2:
		return errMmSelfMatrix
	case len(bs) != 2:
		return errMmMat2Matrix
	case as[1] != bs[0]:
		return fmt.Sprintf(errMmShapes, as[0], as[1], bs[0], bs[1])
	}
	return ""
}

// MvShapeError is mv's check, or "".
func MvShapeError(ms, vs []int) string {
	switch {
	case len(ms) != 2 || len(vs) != 1:
		return fmt.Sprintf(errMvVecDims, 1, len(ms), len(vs))
	case ms[1] != vs[0]:
		return fmt.Sprintf(errMvSize, ms[0], ms[0], ms[1], vs[0])
	}
	return ""
}

// DotDimsError is dot's check of the operands' dims (before their dtypes),
// DotSizeError its check of their sizes (after), or "".
func DotDimsError(as, bs []int) string {
	if len(as) != 1 || len(bs) != 1 {
		return fmt.Sprintf(errDotDims, len(as), len(bs))
	}
	return ""
}

// DotSizeError: see DotDimsError.
func DotSizeError(as, bs []int) string {
	if as[0] != bs[0] {
		return fmt.Sprintf(errDotSize, as[0], bs[0], as[0], bs[0])
	}
	return ""
}

// BmmShapeError is bmm's check, or "".
func BmmShapeError(as, bs []int) string {
	switch {
	case len(as) != 3:
		return errBmmBatch1
	case len(bs) != 3:
		return errBmmBatch2
	case bs[0] != as[0] || bs[1] != as[2]:
		return fmt.Sprintf(errBmmShape, as[0], as[2], bs[0], bs[1])
	}
	return ""
}

// PlanMatmul is torch.matmul's rule for operands of (as, ast) and (bs,
// bst): its path, result shape and error.
func PlanMatmul(as, ast, bs, bst []int) MatmulPlan {
	da, db := len(as), len(bs)
	var p MatmulPlan
	switch {
	case da == 0 || db == 0:
		p.Path, p.Err = Path0D, fmt.Sprintf(errMatmul0D, da, db)
		return p
	case da == 1 && db == 1:
		p.Path, p.Err = PathDot, DotSizeError(as, bs)
	case da == 2 && db == 1:
		p.Path, p.Err = PathMv, MvShapeError(as, bs)
	case da == 1 && db == 2:
		p.Path, p.Err = PathMm, MmShapeError([]int{1, as[0]}, bs)
	case da == 2 && db == 2:
		p.Path, p.Err = PathMm, MmShapeError(as, bs)
	case shouldFold(as, ast, db) || shouldFold(bs, bst, da):
		p.Path, p.Transposed = PathFold, db > da
		t1, t2 := as, bs
		if p.Transposed {
			t1 = append(append([]int{}, bs[:db-2]...), bs[db-1], bs[db-2])
			t2 = as
			if da == 2 {
				t2 = []int{as[1], as[0]}
			}
		}
		p.Rows, p.K, p.Other = tensor.Numel(t1[:len(t1)-1]), t1[len(t1)-1], t2
		if len(t2) == 2 {
			p.Err = MmShapeError([]int{p.Rows, p.K}, t2)
		} else {
			p.Err = MvShapeError([]int{p.Rows, p.K}, t2)
		}
		if p.Err != "" {
			return p
		}
		p.Shape = append([]int{}, t1[:len(t1)-1]...)
		if len(t2) == 2 {
			p.Shape = append(p.Shape, t2[1])
			if p.Transposed {
				n := len(p.Shape)
				p.Shape[n-2], p.Shape[n-1] = p.Shape[n-1], p.Shape[n-2]
			}
		}
		return p
	default:
		p.Path = PathBmm
		n, m1, m2, k := MatDims(as, bs)
		batch, err := broadcast.InferSize(as[:max(da-2, 0)], bs[:max(db-2, 0)])
		if err != nil {
			p.BatchErr = err.(*broadcast.Error)
			p.Err = p.BatchErr.Msg
			return p
		}
		p.Batch = batch
		nb := tensor.Numel(batch)
		p.Err = BmmShapeError([]int{nb, n, m1}, []int{nb, m2, k})
	}
	if p.Err != "" {
		return p
	}
	n, _, _, k := MatDims(as, bs)
	p.Shape = append([]int{}, p.Batch...)
	if da > 1 {
		p.Shape = append(p.Shape, n)
	}
	if db > 1 {
		p.Shape = append(p.Shape, k)
	}
	return p
}

// MatDims are the matrix dims of a product: a is n x m1, b is m2 x k (a
// 1-D a is a row, a 1-D b a column).
func MatDims(as, bs []int) (n, m1, m2, k int) {
	da, db := len(as), len(bs)
	n = 1
	if da > 1 {
		n = as[da-2]
	}
	m1 = as[da-1]
	m2, k = bs[0], 1
	if db > 1 {
		m2, k = bs[db-2], bs[db-1]
	}
	return n, m1, m2, k
}

// shouldFold is ATen's should_fold: a ≥3-d operand times a 1-d or 2-d one
// is computed as one mm or mv over the folded batch, unless it is a
// transposed 3-d tensor that bmm handles without a copy.
func shouldFold(s, st []int, otherDim int) bool {
	if len(s) < 3 || (otherDim != 1 && otherDim != 2) {
		return false
	}
	if len(s) == 3 && otherDim == 2 && st[2] != 1 && st[0] == s[1]*s[2] {
		return false
	}
	return true
}
