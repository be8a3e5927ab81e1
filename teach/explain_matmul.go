package teach

import (
	"fmt"
	"slices"

	"github.com/tensh/tensh/runtime/linalg"
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

// analyzeMatmul explains a @ b (torch.matmul): batch dims broadcast,
// matrix dims must agree. The path, result and error are the runtime's
// (linalg.PlanMatmul): dot, mv, mm, folded mm/mv, or bmm on the broadcast
// batch.
func analyzeMatmul(expr string, a, b opnd) *step {
	st := &step{kind: kindMatmul, expr: expr, ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgMatmulHeader, expr)
	da, db := len(a.shape), len(b.shape)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	plan := linalg.PlanMatmul(a.shape, a.stridesOr(), b.shape, b.stridesOr())
	switch plan.Path {
	case linalg.Path0D:
		z := a
		if da != 0 {
			z = b
		}
		st.add(msgMatmul0d, z.name)
		st.fail("RuntimeError", "%s", plan.Err)
		st.cause = fmt.Sprintf(msgMatmul0d, z.name)
		return st
	case linalg.PathDot:
		st.add(msgMatmulDot, a.shape[0], b.shape[0])
		if plan.Err != "" {
			st.fail("RuntimeError", "%s", plan.Err)
			st.cause = fmt.Sprintf(hintVs, a.shape[0], b.shape[0])
			return st
		}
		st.result = plan.Shape
		st.addText(msgResultLabel + "  " + fmtShape(st.result))
		return st
	}
	// The matrix view of each side.
	n, m1, m2, p := linalg.MatDims(a.shape, b.shape)
	batchA := a.shape[:max(da-2, 0)]
	batchB := b.shape[:max(db-2, 0)]
	if da == 1 {
		st.add(msgMatmulVec1, a.name, m1)
	}
	if db == 1 {
		st.add(msgMatmulVec2, b.name, m2)
	}
	// Batch dims.
	switch {
	case len(batchA) == 0 && len(batchB) == 0:
		st.addText(msgMatmulNoBatch)
	case len(batchA) == 0 || len(batchB) == 0:
		who, bs := a.name, batchA
		if len(batchA) == 0 {
			who, bs = b.name, batchB
		}
		st.add(msgMatmulOneBatch, fmtShape(bs), who)
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
	}
	rel := "=="
	if m1 != m2 {
		rel = "!="
	}
	st.add(msgMatmulInner, n, m1, m2, p, a.name, m1, rel, b.name, m2)
	if plan.BatchErr != nil {
		be := plan.BatchErr
		st.fail("RuntimeError", "%s", plan.Err)
		nb := max(len(batchA), len(batchB))
		st.add(msgMatmulBatchAB, a.name, fmtShape(batchA), b.name, fmtShape(batchB), be.Dim,
			fmt.Sprintf(msgAccDim, be.Dim-(nb-len(batchA)), fmt.Sprintf("%s's batch dims", a.name)),
			fmt.Sprintf(msgAccDim, be.Dim-(nb-len(batchB)), fmt.Sprintf("%s's batch dims", b.name)))
		st.cause = fmt.Sprintf(hintMatmulBatch, be.Dim, be.SizeA, be.SizeB)
		return st
	}
	if plan.Err != "" {
		st.fail("RuntimeError", "%s", plan.Err)
		switch plan.Path {
		case linalg.PathMv:
			st.add(msgMatmulMv, fmt.Sprintf("%dx%d", a.shape[0], a.shape[1]), a.name, b.shape[0], b.name)
		case linalg.PathFold:
			folded := fmt.Sprintf("%dx%d", plan.Rows, plan.K)
			if plan.Transposed {
				st.add(msgMatmulFoldT, b.name, folded, b.name)
			} else {
				st.add(msgMatmulFold, a.name, folded, a.name)
			}
		case linalg.PathBmm:
			st.add(msgMatmulBmm, prod(plan.Batch), fmtShape(plan.Batch), b.name)
		}
		st.cause = fmt.Sprintf(hintMatmul, a.name, m1, b.name, m2)
		return st
	}
	st.result = plan.Shape
	st.resultStrides = tensor.ContiguousStrides(plan.Shape)
	if len(batchA) > 0 && len(batchB) > 0 && !(slices.Equal(batchA, plan.Batch) && slices.Equal(batchB, plan.Batch)) {
		st.expanded = true
	}
	st.addText(msgResultLabel + "  " + fmtShape(plan.Shape))
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
			st.fail("RuntimeError", "%s", linalg.MmShapeError(a.shape, b.shape))
		} else if db != 2 {
			st.add(msgMatmulBadDims, name, "2-D matrices", b.name, db)
			st.fail("RuntimeError", "%s", linalg.MmShapeError(a.shape, b.shape))
		}
	case "bmm":
		if da != 3 {
			st.add(msgMatmulBadDims, name, "3-D batches of matrices", a.name, da)
			st.fail("RuntimeError", "%s", linalg.BmmShapeError(a.shape, b.shape))
		} else if db != 3 {
			st.add(msgMatmulBadDims, name, "3-D batches of matrices", b.name, db)
			st.fail("RuntimeError", "%s", linalg.BmmShapeError(a.shape, b.shape))
		}
	case "mv":
		if da != 2 || db != 1 {
			bad, d := a, da
			if da == 2 {
				bad, d = b, db
			}
			st.add(msgMatmulBadDims, name, "a 2-D matrix and a 1-D vector", bad.name, d)
			st.fail("RuntimeError", "%s", linalg.MvShapeError(a.shape, b.shape))
		}
	case "dot":
		if da != 1 || db != 1 {
			bad, d := a, da
			if da == 1 {
				bad, d = b, db
			}
			st.add(msgMatmulBadDims, name, "two 1-D tensors", bad.name, d)
			st.fail("RuntimeError", "%s", linalg.DotDimsError(a.shape, b.shape))
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
	if msg := linalg.BmmShapeError(a.shape, b.shape); msg != "" {
		st.fail("RuntimeError", "%s", msg)
		st.cause = fmt.Sprintf(hintMatmul, a.name, a.shape[2], b.name, b.shape[1])
		return st
	}
	st.result = []int{a.shape[0], a.shape[1], b.shape[2]}
	st.addText(msgResultLabel + "  " + fmtShape(st.result))
	return st
}
