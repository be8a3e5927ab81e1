package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strconv"
	"strings"

	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// ---- broadcasting ----

// broadcastVerdict is the verdict on one trailing dimension: the seed
// documents' wording for two operands, generalized to more.
func broadcastVerdict(ops []opnd, t int) (text string, ok bool) {
	var missing, ones, others []string
	var otherSizes []int
	for _, o := range ops {
		s, present := sizeAt(o.shape, t)
		switch {
		case !present:
			missing = append(missing, o.name)
		case s == 1:
			ones = append(ones, o.name)
		default:
			others = append(others, o.name)
			otherSizes = append(otherSizes, s)
		}
	}
	if !dimBroadcasts(ops, t) {
		var has []string
		for i, n := range others {
			has = append(has, fmt.Sprintf(msgHasSize, n, otherSizes[i]))
		}
		joined := strings.Join(has, ", ")
		if len(others) == 2 {
			return fmt.Sprintf(msgMismatch2, joined, otherSizes[0], otherSizes[1]), false
		}
		return fmt.Sprintf(msgMismatchN, joined), false
	}
	var clauses []string
	switch len(missing) {
	case 0:
	case 1:
		clauses = append(clauses, fmt.Sprintf(msgDimMissing, missing[0]))
	default:
		clauses = append(clauses, fmt.Sprintf(msgDimsMissing, joinAnd(missing)))
	}
	if len(others) == 0 {
		if len(missing) == 0 {
			if len(ops) == 2 {
				clauses = append(clauses, msgBothSize1)
			} else {
				clauses = append(clauses, msgAllSize1)
			}
		}
	} else {
		switch len(ones) {
		case 0:
		case 1:
			clauses = append(clauses, fmt.Sprintf(msgHasSize1, ones[0]))
		default:
			clauses = append(clauses, fmt.Sprintf(msgHaveSize1, joinAnd(ones)))
		}
		if len(others) >= 2 {
			eq := make([]string, len(others))
			for i, n := range others {
				eq[i] = fmt.Sprintf(msgSizeEq, n)
			}
			clauses = append(clauses, strings.Join(eq, " == "))
		}
	}
	return strings.Join(clauses, ", "), true
}

// dimBroadcasts applies the runtime's rule of one dimension
// (broadcast.Size) to the sizes of the operands' t-th trailing dimension.
func dimBroadcasts(ops []opnd, t int) bool {
	size := 1
	for _, o := range ops {
		s, _ := sizeAt(o.shape, t)
		var ok bool
		if size, ok = broadcast.Size(size, s); !ok {
			return false
		}
	}
	return true
}

// resultDimCause is the hint for a broadcasting error: "result dim 1: 2
// vs 3".
func resultDimCause(e *broadcast.Error) string {
	return fmt.Sprintf(hintResultDim, e.Dim, fmt.Sprintf(hintVs, e.SizeA, e.SizeB))
}

// analyzeBroadcast explains how ops broadcast together (x + y,
// torch.where(c, x, y), ...).
func analyzeBroadcast(expr string, ops []opnd) *step {
	st := &step{kind: kindBroadcast, expr: expr, ops: ops}
	shapes := make([][]int, len(ops))
	n := 0
	for i, o := range ops {
		shapes[i] = o.shape
		n = max(n, len(o.shape))
	}
	result, err := broadcast.Shapes(shapes...)
	labels := names(ops)
	tableShapes := shapes
	if err == nil {
		labels = append(labels, msgResultLabel)
		tableShapes = append(append([][]int{}, shapes...), result)
	}
	table := shapeTable(labels, tableShapes)
	st.lines = append(st.lines, table[:len(ops)]...)
	firstBad := 0
	for t := 1; t <= n; t++ {
		v, ok := broadcastVerdict(ops, t)
		st.add(msgTrailing, ordinal(t), v)
		if !ok && firstBad == 0 {
			firstBad = t
		}
	}
	all := joinAnd(labels[:len(ops)])
	if err != nil {
		if firstBad > 0 {
			// "in the 3rd trailing dimension 2 != 3"
			st.add(msgNotBroadcast, all, ordinal(firstBad), mismatchSizes(ops, firstBad))
		}
		st.fail("RuntimeError", "%s", err.Error())
		be := err.(*broadcast.Error)
		k, acc, dim := be.Operand, be.A, be.Dim
		nres := max(len(acc), len(ops[k].shape))
		var aName, aDim string
		if k == 1 {
			aName = ops[0].name
			aDim = fmt.Sprintf(msgOwnDim, ops[0].name, dim-(nres-len(acc)))
		} else {
			aName = fmt.Sprintf(msgAccumulated, joinAnd(names(ops[:k])), fmtShape(acc))
			aDim = fmt.Sprintf(msgAccDim, dim-(nres-len(acc)), fmtShape(acc))
		}
		bDim := fmt.Sprintf(msgOwnDim, ops[k].name, dim-(nres-len(ops[k].shape)))
		st.add(msgTensorAB, aName, ops[k].name, dim, nres, aDim, bDim)
		st.cause = resultDimCause(be)
		return st
	}
	st.add(msgBroadcastable, all)
	st.lines = append(st.lines, table[len(ops)])
	st.result = result
	st.resultStrides = tensor.ContiguousStrides(result)
	for _, o := range ops {
		dims := broadcast.ExpandedDims(o.shape, result)
		if len(dims) == 0 {
			st.add(msgUsedAsIs, o.name)
			continue
		}
		st.expanded = true
		st.add(msgExpandedAlong, o.name, dimsPhrase(dims), fmtTuple(o.stridesOr()),
			fmtTuple(broadcast.ExpandStrides(o.shape, o.stridesOr(), result)))
		if o.grad {
			st.add(msgGradSummed, o.name, dimsPhrase(dims), o.name, fmtShape(o.shape))
		}
	}
	return st
}

// mismatchSizes is "2 != 3" for the sizes that clash in trailing dim t.
func mismatchSizes(ops []opnd, t int) string {
	var parts []string
	seen := map[int]bool{}
	for _, o := range ops {
		if s, ok := sizeAt(o.shape, t); ok && s != 1 && !seen[s] {
			seen[s] = true
			parts = append(parts, strconv.Itoa(s))
		}
	}
	return strings.Join(parts, " != ")
}

// ---- in-place operations ----

// inplaceVerdict is the verdict on trailing dim t when other is written
// into self.
func inplaceVerdict(self, other opnd, t int) string {
	ss, sok := sizeAt(self.shape, t)
	os, ook := sizeAt(other.shape, t)
	switch {
	case !ook:
		return fmt.Sprintf(msgDimMissing, other.name)
	case !sok:
		return fmt.Sprintf(msgInplaceNoDim, self.name, self.name)
	case ss == os && ss == 1:
		return msgBothSize1
	case ss == os:
		return fmt.Sprintf(msgSizeEq, self.name) + " == " + fmt.Sprintf(msgSizeEq, other.name)
	case os == 1:
		return fmt.Sprintf(msgHasSize1, other.name)
	case ss == 1:
		return fmt.Sprintf(msgInplaceCantGrow, self.name, other.name, os, self.name)
	}
	return fmt.Sprintf(msgMismatch2, fmt.Sprintf(msgHasSize, self.name, ss)+", "+fmt.Sprintf(msgHasSize, other.name, os), ss, os)
}

// analyzeInplace explains self.op_(others...) and self op= other: the
// others broadcast to self's shape, which may not change. The verdict is
// the runtime's (tensor.InplaceShape), in docs mode with the seed
// documents' rule.
func analyzeInplace(expr string, self opnd, others []opnd, compat eval.Compat) *step {
	st := &step{kind: kindInplace, expr: expr, ops: append([]opnd{self}, others...)}
	st.header = fmt.Sprintf(msgInplaceHeader, expr, self.name, fmtShape(self.shape))
	shapes := [][]int{self.shape}
	for _, o := range others {
		shapes = append(shapes, o.shape)
	}
	ierr := tensor.InplaceShape(self.shape, shapes[1:], compat == eval.CompatDocs)
	labels := names(st.ops)
	tshapes := shapes
	if ierr == nil {
		labels = append(labels, msgResultLabel)
		tshapes = append(append([][]int{}, shapes...), self.shape)
	}
	table := shapeTable(labels, tshapes)
	st.lines = append(st.lines, table[:len(st.ops)]...)
	n := 0
	for _, s := range shapes {
		n = max(n, len(s))
	}
	for t := 1; t <= n; t++ {
		var v string
		if len(others) == 1 {
			v = inplaceVerdict(self, others[0], t)
		} else {
			v, _ = broadcastVerdict(st.ops, t)
		}
		st.add(msgTrailing, ordinal(t), v)
	}
	if ierr == nil {
		st.lines = append(st.lines, table[len(st.ops)])
		st.result = self.shape
		st.resultStrides = self.stridesOr()
		for _, o := range others {
			dims := broadcast.ExpandedDims(o.shape, self.shape)
			if len(dims) == 0 {
				st.add(msgUsedAsIs, o.name)
				continue
			}
			st.expanded = true
			st.add(msgExpandedAlong, o.name, dimsPhrase(dims), fmtTuple(o.stridesOr()),
				fmtTuple(broadcast.ExpandStrides(o.shape, o.stridesOr(), self.shape)))
		}
		return st
	}
	why := msgInplaceNoBcast
	if bshape, berr := broadcast.Shapes(shapes...); berr == nil {
		why = fmt.Sprintf(msgInplaceBcast, fmtShape(bshape))
	}
	st.add(msgInplaceFail, self.name, fmtShape(self.shape), why)
	switch {
	case ierr.Expand != nil:
		// Only the documents' rule (%compat docs) fails this way: their
		// text, labelled as theirs.
		o := others[ierr.Operand]
		st.fail("RuntimeError", "%s", ierr.Message(o.dtype, o.dev))
		st.lines[len(st.lines)-1] = fmt.Sprintf(msgDocsSay, st.err.Error())
		if ierr.Expand.Kind == tensor.ExpandTooFewSizes {
			st.lines[len(st.lines)-1] = fmt.Sprintf(msgDocsEraSays, st.err.Error())
			st.add(msgInplaceDocsMore, o.name, self.name, o.name, self.name)
			st.cause = fmt.Sprintf(hintInplaceMore, o.name, self.name)
		} else {
			dim := ierr.Expand.Dim
			od := dim - (len(self.shape) - len(o.shape))
			st.add(msgInplaceDocsNote, o.name, self.name, dim, self.name,
				fmt.Sprintf(msgOwnDim, self.name, dim), fmt.Sprintf(msgOwnDim, o.name, od))
			st.cause = fmt.Sprintf(hintInplaceDim, self.name, dim, ierr.Expand.Size, ierr.Expand.Existing, self.name)
		}
	case ierr.Broadcast != nil:
		st.fail("RuntimeError", "%s", ierr.Message(self.dtype, self.dev))
		st.cause = resultDimCause(ierr.Broadcast)
	default:
		st.fail("RuntimeError", "%s", ierr.Message(self.dtype, self.dev))
		st.cause = fmt.Sprintf(hintInplace, self.name, fmtShape(ierr.Shape))
	}
	return st
}
