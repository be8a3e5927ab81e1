package eval

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// This file analyses one operation from its operands' shapes (and strides),
// without running it: broadcasting, in-place operations, matrix products,
// expand and view. Each analysis gives a step: the lines %explain prints,
// the result shape, the error PyTorch would raise, and the one-line cause
// that hints print. %explain, hints and %trace all use these functions, on
// top of runtime/broadcast.

// opnd is one operand of an analysed operation.
type opnd struct {
	name    string // source text
	shape   []int
	strides []int // nil when not known: contiguous is assumed
	offset  int
	dtype   tensor.DType
	grad    bool // requires grad: its gradient is summed where it is expanded
}

func opndOf(name string, t *tensor.Tensor) opnd {
	return opnd{name: name, shape: t.Shape(), strides: t.Strides(), offset: t.Offset(), dtype: t.DType(), grad: autograd.RequiresGrad(t)}
}

// stridesOr returns the operand's strides, or the contiguous ones.
func (o opnd) stridesOr() []int {
	if o.strides != nil {
		return o.strides
	}
	return tensor.ContiguousStrides(o.shape)
}

type stepKind int

const (
	kindBroadcast stepKind = iota
	kindInplace
	kindMatmul
	kindExpand
	kindView
)

// step is one analysed operation.
type step struct {
	kind          stepKind
	expr          string // source text of the operation
	header        string // first line; expr when empty
	ops           []opnd
	lines         []string
	result        []int // nil when the operation fails
	resultStrides []int
	err           *Exception // what PyTorch raises, when it fails
	cause         string     // for hints: why it fails
	expanded      bool       // some operand is broadcast (for %trace)
}

func (st *step) add(format string, args ...any) {
	st.lines = append(st.lines, fmt.Sprintf(format, args...))
}

func (st *step) addText(line string) { st.lines = append(st.lines, line) }

func (st *step) fail(typ, format string, args ...any) {
	st.err = &Exception{Type: typ, Msg: fmt.Sprintf(format, args...)}
	st.result = nil
	st.add(msgPyTorchSays, st.err.Error())
}

// ---- formatting helpers ----

func fmtShape(s []int) string { return tensor.ShapeString(s) }

// fmtShapeTight is [5,3,4,1], as %trace prints shapes.
func fmtShapeTight(s []int) string { return strings.ReplaceAll(fmtShape(s), ", ", ",") }

// fmtTuple is Python's repr of a tuple of ints: (1,), (4, 1).
func fmtTuple(s []int) string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// ordinal is 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st.
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// joinAnd joins "a", "b", "c" as "a, b and c".
func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// dimsPhrase is "dim 0" or "dims 0 and 2".
func dimsPhrase(dims []int) string {
	if len(dims) == 1 {
		return "dim " + strconv.Itoa(dims[0])
	}
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = strconv.Itoa(d)
	}
	return "dims " + joinAnd(parts)
}

// alignShapes formats shapes right-aligned in columns, one column per
// trailing dimension, as the seed documents write torch.empty(  3,1,1)
// under torch.empty(5,3,4,1):
//
//	[5, 3, 4, 1]
//	[   3, 1, 1]
func alignShapes(shapes [][]int) []string {
	n := 0
	for _, s := range shapes {
		n = max(n, len(s))
	}
	w := make([]int, n)
	for _, s := range shapes {
		for j, v := range s {
			col := n - len(s) + j
			w[col] = max(w[col], len(strconv.Itoa(v)))
		}
	}
	out := make([]string, len(shapes))
	for k, s := range shapes {
		var b strings.Builder
		b.WriteByte('[')
		lead := n - len(s)
		for col := 0; col < n; col++ {
			sep := ", "
			if col < lead {
				b.WriteString(strings.Repeat(" ", w[col]))
				sep = "  "
			} else {
				v := strconv.Itoa(s[col-lead])
				b.WriteString(strings.Repeat(" ", w[col]-len(v)) + v)
			}
			if col < n-1 {
				b.WriteString(sep)
			}
		}
		b.WriteByte(']')
		out[k] = b.String()
	}
	return out
}

// shapeTable prints operands (and extra labelled shapes) with their names
// padded to one width and their shapes aligned.
func shapeTable(names []string, shapes [][]int) []string {
	w := 0
	for _, n := range names {
		w = max(w, len(n))
	}
	al := alignShapes(shapes)
	out := make([]string, len(names))
	for i := range names {
		out[i] = names[i] + strings.Repeat(" ", w-len(names[i])) + "  " + al[i]
	}
	return out
}

func names(ops []opnd) []string {
	out := make([]string, len(ops))
	for i, o := range ops {
		out[i] = o.name
	}
	return out
}

// operandsPhrase is "x is [5, 2, 4, 1], y is [3, 1, 1]" (hints).
func operandsPhrase(ops []opnd) string {
	parts := make([]string, len(ops))
	for i, o := range ops {
		parts[i] = fmt.Sprintf(hintIs, o.name, fmtShape(o.shape))
	}
	return strings.Join(parts, ", ")
}

// sizeAt returns the size of the t-th trailing dimension (1-based) of
// shape, and whether it exists.
func sizeAt(shape []int, t int) (int, bool) {
	if t > len(shape) {
		return 1, false
	}
	return shape[len(shape)-t], true
}

// expandedDims are the dims of result along which an operand of the given
// shape is broadcast: new leading dims and size-1 dims that grow.
func expandedDims(shape, result []int) []int {
	var out []int
	lead := len(result) - len(shape)
	for i := range result {
		j := i - lead
		if j < 0 || (shape[j] == 1 && result[i] != 1) {
			out = append(out, i)
		}
	}
	return out
}

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

// ---- expand ----

// analyzeExpand explains x.expand(sizes).
func analyzeExpand(expr string, x opnd, target []int) *step {
	st := &step{kind: kindExpand, expr: expr, ops: []opnd{x}}
	st.header = fmt.Sprintf(msgExpandHeader, expr)
	if len(target) < len(x.shape) {
		st.lines = append(st.lines, shapeTable([]string{x.name, msgExpandTarget}, [][]int{x.shape, target})...)
		st.add(msgExpandTooFew, plural(len(target), "dim"), x.name, len(x.shape))
		msg, _ := expandMessage(x.shape, x.dtype, target, false)
		st.fail("RuntimeError", "%s", msg)
		st.cause = fmt.Sprintf(hintExpandFew, len(target), len(x.shape))
		return st
	}
	st.lines = append(st.lines, shapeTable([]string{x.name, msgExpandTarget}, [][]int{x.shape, target})...)
	n := len(target)
	strides := x.stridesOr()
	outShape := make([]int, n)
	outStrides := make([]int, n)
	for t := 1; t <= n; t++ {
		i := n - t
		ts := target[i]
		s, present := sizeAt(x.shape, t)
		var v string
		switch {
		case !present && ts == -1:
			v = msgExpandBadNew
		case !present:
			v = fmt.Sprintf(msgExpandNew, ts)
			outShape[i], outStrides[i] = ts, 0
		case ts == -1:
			v = fmt.Sprintf(msgExpandKeep, x.name, s)
			outShape[i], outStrides[i] = s, strides[len(x.shape)-t]
		case s == ts:
			v = fmt.Sprintf(msgExpandSame, x.name)
			outShape[i], outStrides[i] = s, strides[len(x.shape)-t]
		case s == 1:
			v = fmt.Sprintf(msgExpandGrow, x.name, ts)
			outShape[i], outStrides[i] = ts, 0
		default:
			v = fmt.Sprintf(msgExpandBad, x.name, s, ts)
		}
		st.add(msgTrailing, ordinal(t), v)
	}
	msg, dim := expandMessage(x.shape, x.dtype, target, false)
	if msg != "" {
		st.fail("RuntimeError", "%s", msg)
		j := dim - (n - len(x.shape))
		who := fmt.Sprintf(msgOwnDim, x.name, j)
		if j < 0 {
			who = "a new dimension"
		}
		st.add(msgExpandDimNote, dim, who)
		s, _ := sizeAt(x.shape, n-dim)
		st.cause = fmt.Sprintf(hintExpand, dim, target[dim], s)
		return st
	}
	st.result, st.resultStrides = outShape, outStrides
	st.expanded = !slices.Equal(outShape, x.shape)
	st.add(msgExpandResult, fmtShape(outShape), fmtTuple(outStrides))
	return st
}

// ---- view and reshape ----

// inferViewShape resolves a -1 in a view's sizes as at::infer_size does;
// it returns the error message when the sizes do not fit numel.
func inferViewShape(sizes []int, numel int) (shape []int, why, msg string) {
	shape = append([]int{}, sizes...)
	infer := -1
	newsize := 1
	for i, s := range sizes {
		switch {
		case s == -1:
			if infer >= 0 {
				return nil, msgViewTwoInfer, ptViewTwoInfer
			}
			infer = i
		case s >= 0:
			newsize *= s
		default:
			return nil, fmt.Sprintf(msgViewBadSize, s), fmt.Sprintf(ptViewBadDim, s)
		}
	}
	if numel == newsize || (infer >= 0 && newsize > 0 && numel%newsize == 0) {
		if infer >= 0 {
			if newsize == 0 {
				return nil, msgViewZeroInfer, fmt.Sprintf(ptViewZeroInfer, fmtShape(sizes))
			}
			shape[infer] = numel / newsize
		}
		return shape, "", ""
	}
	return nil, "", fmt.Sprintf(ptViewInvalid, fmtShape(sizes), numel)
}

// viewChunk is a run of dims that view may treat as one flat, evenly
// spaced run of elements.
type viewChunk struct {
	lo, hi int // dims lo..hi
	numel  int
	stride int // the step between consecutive elements
}

// computeViewStrides is ATen's computeStride: the strides of a view of
// (shape, strides) with newShape, or ok == false when the view would need
// a copy. spans is the dim of newShape that straddles two chunks.
func computeViewStrides(shape, strides, newShape []int) (out []int, spans int, ok bool) {
	numel := prod(shape)
	if numel == 0 {
		if slices.Equal(shape, newShape) {
			return append([]int{}, strides...), -1, true
		}
		return tensor.ContiguousStrides(newShape), -1, true
	}
	out = make([]int, len(newShape))
	viewD := len(newShape) - 1
	if len(shape) == 0 {
		for i := range out {
			out[i] = 1
		}
		return out, -1, true
	}
	base := strides[len(strides)-1]
	tensorNumel, viewNumel := 1, 1
	for d := len(shape) - 1; d >= 0; d-- {
		tensorNumel *= shape[d]
		if d == 0 || (shape[d-1] != 1 && strides[d-1] != tensorNumel*base) {
			for viewD >= 0 && (viewNumel < tensorNumel || newShape[viewD] == 1) {
				out[viewD] = viewNumel * base
				viewNumel *= newShape[viewD]
				viewD--
			}
			if viewNumel != tensorNumel {
				return nil, viewD + 1, false
			}
			if d > 0 {
				base = strides[d-1]
				tensorNumel, viewNumel = 1, 1
			}
		}
	}
	if viewD != -1 {
		return nil, viewD, false
	}
	return out, -1, true
}

func chunkDims(c viewChunk, shape []int) string {
	var ds []int
	for d := c.lo; d <= c.hi; d++ {
		if shape[d] != 1 {
			ds = append(ds, d)
		}
	}
	if len(ds) == 1 {
		return fmt.Sprintf(msgViewDimOne, ds[0])
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = strconv.Itoa(d)
	}
	return fmt.Sprintf(msgViewDimsList, strings.Join(parts, ", "))
}

// displayChunks splits a layout into the chunks that view can treat as
// one flat run each, for explanations: size-1 dims belong to no chunk.
func displayChunks(shape, strides []int) []viewChunk {
	var dims []int
	for d, s := range shape {
		if s != 1 {
			dims = append(dims, d)
		}
	}
	if len(dims) == 0 {
		return nil
	}
	var out []viewChunk
	cur := viewChunk{lo: dims[len(dims)-1], hi: dims[len(dims)-1], numel: shape[dims[len(dims)-1]], stride: strides[dims[len(dims)-1]]}
	for k := len(dims) - 2; k >= 0; k-- {
		d := dims[k]
		if strides[d] == cur.numel*cur.stride {
			cur.lo = d
			cur.numel *= shape[d]
			continue
		}
		out = append([]viewChunk{cur}, out...)
		cur = viewChunk{lo: d, hi: d, numel: shape[d], stride: strides[d]}
	}
	return append([]viewChunk{cur}, out...)
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// describeChunks explains the chunk structure of x (shared with %strides).
func describeChunks(st *step, x opnd, chunks []viewChunk) {
	shape, strides := x.shape, x.stridesOr()
	if len(chunks) <= 1 {
		stride := 1
		if len(chunks) == 1 {
			stride = chunks[0].stride
		}
		st.add(msgViewChunks1, x.name, plural(prod(shape), "element"), stride)
		return
	}
	st.add(msgViewChunks, x.name, len(chunks))
	for i, c := range chunks {
		st.add(msgViewChunk, i+1, chunkDims(c, shape), plural(c.numel, "element"), c.stride)
	}
	for i := 0; i+1 < len(chunks); i++ {
		d := chunks[i].hi
		next := chunks[i+1]
		span := next.numel * next.stride
		st.add(msgViewBreak, d, next.lo, next.lo, next.numel, next.stride, span, next.numel, next.stride, d, span, strides[d])
	}
}

// analyzeView explains x.view(sizes) (reshape when isReshape).
func analyzeView(expr string, x opnd, sizes []int, isReshape bool) *step {
	st := &step{kind: kindView, expr: expr, ops: []opnd{x}}
	what := msgViewWhatView
	if isReshape {
		what = msgViewWhatReshp
	}
	st.header = fmt.Sprintf(msgViewHeader, expr, what)
	numel := prod(x.shape)
	strides := x.stridesOr()
	st.add(msgViewInput, x.name, fmtShape(x.shape), fmtTuple(strides), numel)
	shape, why, msg := inferViewShape(sizes, numel)
	if msg != "" {
		switch {
		case why != "":
			st.addText(why)
		case containsInt(sizes, -1):
			st.add(msgViewNumelInfer, x.name, numel, -prod(sizes))
		default:
			st.add(msgViewNumel, x.name, numel, fmtShape(sizes), prod(sizes))
		}
		st.fail("RuntimeError", "%s", msg)
		st.cause = fmt.Sprintf(hintViewNumel, numel, fmtShape(sizes))
		return st
	}
	for i, s := range sizes {
		if s == -1 {
			st.add(msgViewInfer, numel, -prod(sizes), shape[i])
		}
	}
	chunks := displayChunks(x.shape, strides)
	describeChunks(st, x, chunks)
	out, spans, ok := computeViewStrides(x.shape, strides, shape)
	if ok {
		st.result, st.resultStrides = shape, out
		st.add(msgViewResult, fmtShape(shape), fmtTuple(out), x.name)
		return st
	}
	if spans >= 0 && spans < len(shape) {
		sizes := make([]string, len(chunks))
		for i, c := range chunks {
			sizes[i] = strconv.Itoa(c.numel)
		}
		st.add(msgViewSpans, fmtShape(shape), joinAnd(sizes), spans, shape[spans])
	}
	if isReshape {
		st.result, st.resultStrides = shape, tensor.ContiguousStrides(shape)
		st.add(msgViewCopy, fmtShape(shape), fmtTuple(st.resultStrides))
		return st
	}
	st.fail("RuntimeError", ptViewStride)
	args := strings.Trim(fmtTuple(sizes), "(),")
	if len(sizes) > 1 {
		args = strings.Trim(fmtTuple(sizes), "()")
	}
	st.add(msgViewAdvice, x.name, args, x.name, args)
	if len(chunks) > 1 {
		st.cause = fmt.Sprintf(hintView, fmtTuple(strides), fmt.Sprintf(hintViewSpan, chunks[0].hi, chunks[1].lo))
	} else {
		st.cause = fmt.Sprintf(hintView, fmtTuple(strides), ptViewStride)
	}
	return st
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
