package eval

import (
	"fmt"
	"slices"

	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// ---- matrix products ----

func prod(s []int) int {
	p := 1
	for _, v := range s {
		p *= v
	}
	return p
}

// shouldFold is ATen's should_fold (PyTorch 1.13): a batch of matrices
// times a vector or matrix is computed as one mm/mv by folding the batch
// dims into the rows, unless t is a 3-D tensor whose last two dims are
// transposed.
func shouldFold(t opnd, dimOther int) bool {
	d := len(t.shape)
	if d < 3 || (dimOther != 1 && dimOther != 2) {
		return false
	}
	st := t.stridesOr()
	if d == 3 && dimOther == 2 && st[2] != 1 && st[0] == t.shape[1]*t.shape[2] {
		return false
	}
	return true
}

// analyzeMatmul explains a @ b (torch.matmul): batch dims broadcast,
// matrix dims must agree. The predicted error follows the path ATen's
// matmul takes (dot, mv, mm, folded mm/mv, or bmm on the broadcast
// batch).
func analyzeMatmul(expr string, a, b opnd) *step {
	st := &step{kind: kindMatmul, expr: expr, ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgMatmulHeader, expr)
	da, db := len(a.shape), len(b.shape)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	if da == 0 || db == 0 {
		z := a
		if da != 0 {
			z = b
		}
		st.add(msgMatmul0d, z.name)
		st.fail("RuntimeError", ptMatmul0d, da, db)
		st.cause = fmt.Sprintf(msgMatmul0d, z.name)
		return st
	}
	if da == 1 && db == 1 {
		st.add(msgMatmulDot, a.shape[0], b.shape[0])
		if a.shape[0] != b.shape[0] {
			st.fail("RuntimeError", ptDot, a.shape[0], b.shape[0], a.shape[0], b.shape[0])
			st.cause = fmt.Sprintf(hintVs, a.shape[0], b.shape[0])
			return st
		}
		st.result = []int{}
		st.addText(msgResultLabel + "  " + fmtShape(st.result))
		return st
	}
	// The matrix view of each side.
	n := 1
	if da > 1 {
		n = a.shape[da-2]
	}
	m1 := a.shape[da-1]
	m2 := b.shape[0]
	p := 1
	if db > 1 {
		m2 = b.shape[db-2]
		p = b.shape[db-1]
	}
	batchA := a.shape[:max(da-2, 0)]
	batchB := b.shape[:max(db-2, 0)]
	if da == 1 {
		st.add(msgMatmulVec1, a.name, m1)
	}
	if db == 1 {
		st.add(msgMatmulVec2, b.name, m2)
	}
	// Batch dims.
	var batch []int
	var batchErr error
	switch {
	case len(batchA) == 0 && len(batchB) == 0:
		st.addText(msgMatmulNoBatch)
	case len(batchA) == 0 || len(batchB) == 0:
		who, bs := a.name, batchA
		if len(batchA) == 0 {
			who, bs = b.name, batchB
		}
		st.add(msgMatmulOneBatch, fmtShape(bs), who)
		batch = bs
	default:
		st.add(msgMatmulBatch, fmtShape(batchA), fmtShape(batchB))
		bops := []opnd{{name: a.name, shape: batchA}, {name: b.name, shape: batchB}}
		for _, l := range shapeTable(names(bops), [][]int{batchA, batchB}) {
			st.addText("  " + l)
		}
		nb := max(len(batchA), len(batchB))
		for t := 1; t <= nb; t++ {
			v, _ := broadcastVerdict(bops, t)
			st.add("  "+msgTrailing, ordinal(t), v)
		}
		batch, batchErr = broadcast.InferSize(batchA, batchB)
	}
	rel := "=="
	if m1 != m2 {
		rel = "!="
	}
	st.add(msgMatmulInner, n, m1, m2, p, a.name, m1, rel, b.name, m2)

	// The error PyTorch raises, following matmul's dispatch.
	switch {
	case da == 2 && db == 1:
		if m1 != m2 {
			st.fail("RuntimeError", ptMv, a.shape[0], a.shape[0], a.shape[1], b.shape[0])
			st.add(msgMatmulMv, fmt.Sprintf("%dx%d", a.shape[0], a.shape[1]), a.name, b.shape[0], b.name)
		}
	case da <= 2 && db <= 2:
		if m1 != m2 {
			st.fail("RuntimeError", ptMm, n, m1, m2, p)
		}
	case shouldFold(a, db) || shouldFold(b, da):
		transpose := db > da
		var t1, t2 []int
		var t1name string
		if !transpose {
			t1, t2, t1name = a.shape, b.shape, a.name
		} else {
			t1 = append(append([]int{}, b.shape[:db-2]...), b.shape[db-1], b.shape[db-2])
			t1name = b.name
			t2 = a.shape
			if da == 2 {
				t2 = []int{a.shape[1], a.shape[0]}
			}
		}
		rows := prod(t1[:len(t1)-1])
		k := t1[len(t1)-1]
		folded := fmt.Sprintf("%dx%d", rows, k)
		if len(t2) == 2 && k != t2[0] {
			st.fail("RuntimeError", ptMm, rows, k, t2[0], t2[1])
		} else if len(t2) == 1 && k != t2[0] {
			st.fail("RuntimeError", ptMv, rows, rows, k, t2[0])
		}
		if st.err != nil {
			if transpose {
				st.add(msgMatmulFoldT, t1name, folded, t1name)
			} else {
				st.add(msgMatmulFold, t1name, folded, t1name)
			}
		}
	default:
		if batchErr != nil {
			st.fail("RuntimeError", "%s", batchErr.Error())
			_, _, dim, _ := foldFailure([]opnd{{shape: batchA}, {shape: batchB}})
			nb := max(len(batchA), len(batchB))
			st.add(msgMatmulBatchAB, a.name, fmtShape(batchA), b.name, fmtShape(batchB), dim,
				fmt.Sprintf(msgAccDim, dim-(nb-len(batchA)), fmt.Sprintf("%s's batch dims", a.name)),
				fmt.Sprintf(msgAccDim, dim-(nb-len(batchB)), fmt.Sprintf("%s's batch dims", b.name)))
			sa, _ := sizeAt(batchA, nb-dim)
			sb, _ := sizeAt(batchB, nb-dim)
			st.cause = fmt.Sprintf(hintMatmulBatch, dim, sa, sb)
			return st
		}
		if m1 != m2 {
			bsz := prod(batch)
			st.fail("RuntimeError", ptBmm, bsz, m1, bsz, m2)
			st.add(msgMatmulBmm, bsz, fmtShape(batch), b.name)
		}
	}
	if st.err != nil {
		st.cause = fmt.Sprintf(hintMatmul, a.name, m1, b.name, m2)
		return st
	}
	if batchErr != nil {
		// Folded paths never broadcast batch dims against each other.
		batch = nil
	}
	res := append([]int{}, batch...)
	if da > 1 {
		res = append(res, n)
	}
	if db > 1 {
		res = append(res, p)
	}
	st.result = res
	st.resultStrides = tensor.ContiguousStrides(res)
	if len(batchA) > 0 && len(batchB) > 0 && !(slices.Equal(batchA, batch) && slices.Equal(batchB, batch)) {
		st.expanded = true
	}
	st.addText(msgResultLabel + "  " + fmtShape(res))
	return st
}

// matFnDims checks the dims that mm, bmm, mv and dot require; it returns
// a failing step, or nil.
func matFnDims(expr, name string, a, b opnd) *step {
	da, db := len(a.shape), len(b.shape)
	st := &step{kind: kindMatmul, expr: expr, ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgMatmulHeader, expr)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	switch name {
	case "mm":
		if da != 2 {
			st.add(msgMatmulBadDims, name, "2-D matrices", a.name, da)
			st.fail("RuntimeError", ptMmNotMatrix, "self")
		} else if db != 2 {
			st.add(msgMatmulBadDims, name, "2-D matrices", b.name, db)
			st.fail("RuntimeError", ptMmNotMatrix, "mat2")
		}
	case "bmm":
		if da != 3 {
			st.add(msgMatmulBadDims, name, "3-D batches of matrices", a.name, da)
			st.fail("RuntimeError", ptBmm3D, "batch1")
		} else if db != 3 {
			st.add(msgMatmulBadDims, name, "3-D batches of matrices", b.name, db)
			st.fail("RuntimeError", ptBmm3D, "batch2")
		}
	case "mv":
		if da != 2 || db != 1 {
			bad, d := a, da
			if da == 2 {
				bad, d = b, db
			}
			st.add(msgMatmulBadDims, name, "a 2-D matrix and a 1-D vector", bad.name, d)
			st.fail("RuntimeError", ptMvShape, da, db)
		}
	case "dot":
		if da != 1 || db != 1 {
			bad, d := a, da
			if da == 1 {
				bad, d = b, db
			}
			st.add(msgMatmulBadDims, name, "two 1-D tensors", bad.name, d)
			st.fail("RuntimeError", ptDot1D, da, db)
		}
	}
	if st.err == nil {
		return nil
	}
	st.cause = st.lines[len(st.lines)-2]
	return st
}

// analyzeBmm explains torch.bmm: no broadcasting, the batch sizes and the
// inner sizes must agree.
func analyzeBmm(expr string, a, b opnd) *step {
	st := &step{kind: kindMatmul, expr: expr, ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgMatmulHeader, expr)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	st.add(msgBmmBatch, a.shape[0], b.shape[0])
	rel := "=="
	if a.shape[2] != b.shape[1] {
		rel = "!="
	}
	st.add(msgMatmulInner, a.shape[1], a.shape[2], b.shape[1], b.shape[2], a.name, a.shape[2], rel, b.name, b.shape[1])
	if a.shape[0] != b.shape[0] || a.shape[2] != b.shape[1] {
		st.fail("RuntimeError", ptBmm, a.shape[0], a.shape[2], b.shape[0], b.shape[1])
		st.cause = fmt.Sprintf(hintMatmul, a.name, a.shape[2], b.name, b.shape[1])
		return st
	}
	st.result = []int{a.shape[0], a.shape[1], b.shape[2]}
	st.addText(msgResultLabel + "  " + fmtShape(st.result))
	return st
}
