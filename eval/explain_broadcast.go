package eval

import (
	"fmt"
	"slices"
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
	distinct := map[int]bool{}
	for _, s := range otherSizes {
		distinct[s] = true
	}
	if len(distinct) > 1 {
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

// foldFailure replays PyTorch's left-to-right fold of infer_size over
// the operands and returns the index of the operand at which it fails,
// the shape accumulated before it, and the failing dim of the result.
func foldFailure(ops []opnd) (k int, acc []int, dim int, ok bool) {
	acc = ops[0].shape
	for k = 1; k < len(ops); k++ {
		b := ops[k].shape
		n := max(len(acc), len(b))
		for t := 1; t <= n; t++ {
			sa, _ := sizeAt(acc, t)
			sb, _ := sizeAt(b, t)
			if sa != sb && sa != 1 && sb != 1 {
				return k, acc, n - t, false
			}
		}
		acc, _ = broadcast.InferSize(acc, b)
	}
	return 0, acc, 0, true
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
	var badText string
	for t := 1; t <= n; t++ {
		v, ok := broadcastVerdict(ops, t)
		st.add(msgTrailing, ordinal(t), v)
		if !ok && firstBad == 0 {
			firstBad = t
			badText = v
		}
	}
	all := joinAnd(labels[:len(ops)])
	if err != nil {
		if firstBad > 0 {
			// "in the 3rd trailing dimension 2 != 3"
			st.add(msgNotBroadcast, all, ordinal(firstBad), mismatchSizes(ops, firstBad))
		}
		_ = badText
		st.fail("RuntimeError", "%s", err.Error())
		k, acc, dim, _ := foldFailure(ops)
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
		sa, _ := sizeAt(acc, nres-dim)
		sb, _ := sizeAt(ops[k].shape, nres-dim)
		st.cause = fmt.Sprintf(hintResultDim, dim, fmt.Sprintf(hintVs, sa, sb))
		return st
	}
	st.add(msgBroadcastable, all)
	st.lines = append(st.lines, table[len(ops)])
	st.result = result
	st.resultStrides = tensor.ContiguousStrides(result)
	for _, o := range ops {
		dims := expandedDims(o.shape, result)
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
func inplaceVerdict(self, other opnd, t int) (string, bool) {
	ss, sok := sizeAt(self.shape, t)
	os, ook := sizeAt(other.shape, t)
	switch {
	case !ook:
		return fmt.Sprintf(msgDimMissing, other.name), true
	case !sok:
		return fmt.Sprintf(msgInplaceNoDim, self.name, self.name), false
	case ss == os && ss == 1:
		return msgBothSize1, true
	case ss == os:
		return fmt.Sprintf(msgSizeEq, self.name) + " == " + fmt.Sprintf(msgSizeEq, other.name), true
	case os == 1:
		return fmt.Sprintf(msgHasSize1, other.name), true
	case ss == 1:
		return fmt.Sprintf(msgInplaceCantGrow, self.name, other.name, os, self.name), false
	}
	return fmt.Sprintf(msgMismatch2, fmt.Sprintf(msgHasSize, self.name, ss)+", "+fmt.Sprintf(msgHasSize, other.name, os), ss, os), false
}

// expandMessage is the error of expanding a tensor of shape (and dtype)
// to target, as at::expand raises it, or "" when it works. docs selects
// the seed documents' short form (no Target/Tensor sizes tail, a period).
func expandMessage(shape []int, dt tensor.DType, target []int, docs bool) (msg string, dim int) {
	if len(target) < len(shape) {
		return fmt.Sprintf(ptExpandNumSizes, "torch."+dt.ScalarName()+"Tensor", fmtShape(shape), fmtShape(target), len(target), len(shape)), -1
	}
	n := len(target)
	for i := n - 1; i >= 0; i-- {
		j := len(shape) - (n - i)
		size := 1
		if j >= 0 {
			size = shape[j]
		}
		ts := target[i]
		if ts == -1 {
			if j < 0 {
				return fmt.Sprintf(ptExpandLeading, ts, i), i
			}
			ts = size
		}
		if size != ts && size != 1 {
			if docs {
				return fmt.Sprintf(ptExpandedSizeDocs, ts, size, i), i
			}
			return fmt.Sprintf(ptExpandedSize, ts, size, i, fmtShape(target), fmtShape(shape)), i
		}
	}
	return "", 0
}

// analyzeInplace explains self.op_(others...) and self op= other: the
// others broadcast to self's shape, which may not change.
func analyzeInplace(expr string, self opnd, others []opnd, compat Compat) *step {
	st := &step{kind: kindInplace, expr: expr, ops: append([]opnd{self}, others...)}
	st.header = fmt.Sprintf(msgInplaceHeader, expr, self.name, fmtShape(self.shape))
	shapes := [][]int{self.shape}
	for _, o := range others {
		shapes = append(shapes, o.shape)
	}
	bshape, berr := broadcast.Shapes(shapes...)
	ok := berr == nil && slices.Equal(bshape, self.shape)
	labels := names(st.ops)
	tshapes := shapes
	if ok {
		labels = append(labels, msgResultLabel)
		tshapes = append(append([][]int{}, shapes...), bshape)
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
			v, _ = inplaceVerdict(self, others[0], t)
		} else {
			v, _ = broadcastVerdict(st.ops, t)
		}
		st.add(msgTrailing, ordinal(t), v)
	}
	if ok {
		st.lines = append(st.lines, table[len(st.ops)])
		st.result = self.shape
		st.resultStrides = self.stridesOr()
		for _, o := range others {
			dims := expandedDims(o.shape, self.shape)
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
	if berr == nil {
		why = fmt.Sprintf(msgInplaceBcast, fmtShape(bshape))
	}
	st.add(msgInplaceFail, self.name, fmtShape(self.shape), why)
	if compat == CompatDocs {
		for _, o := range others {
			msg, dim := expandMessage(o.shape, o.dtype, self.shape, true)
			if msg == "" {
				continue
			}
			st.fail("RuntimeError", "%s", msg)
			if dim < 0 {
				st.add(msgInplaceDocsMore, o.name, self.name, o.name, self.name)
				st.cause = fmt.Sprintf(hintInplaceMore, o.name, self.name)
			} else {
				od := dim - (len(self.shape) - len(o.shape))
				st.add(msgInplaceDocsNote, o.name, self.name, dim, self.name,
					fmt.Sprintf(msgOwnDim, self.name, dim), fmt.Sprintf(msgOwnDim, o.name, od))
				ot, _ := sizeAt(o.shape, len(self.shape)-dim)
				st.cause = fmt.Sprintf(hintInplaceDim, self.name, dim, self.shape[dim], ot, self.name)
			}
			return st
		}
	}
	if berr != nil {
		st.fail("RuntimeError", "%s", berr.Error())
		k, acc, dim, _ := foldFailure(st.ops)
		nres := max(len(acc), len(st.ops[k].shape))
		sa, _ := sizeAt(acc, nres-dim)
		sb, _ := sizeAt(st.ops[k].shape, nres-dim)
		st.cause = fmt.Sprintf(hintResultDim, dim, fmt.Sprintf(hintVs, sa, sb))
		return st
	}
	st.fail("RuntimeError", errOutputBroadcast, fmtShape(self.shape), fmtShape(bshape))
	st.cause = fmt.Sprintf(hintInplace, self.name, fmtShape(bshape))
	return st
}
