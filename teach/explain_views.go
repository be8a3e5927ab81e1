package teach

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// ---- expand ----

// analyzeExpand explains x.expand(sizes); the geometry and the error are
// the runtime's (tensor.ExpandGeometry).
func analyzeExpand(expr string, x opnd, target []int) *step {
	st := &step{kind: kindExpand, expr: expr, ops: []opnd{x}}
	st.header = fmt.Sprintf(msgExpandHeader, expr)
	st.lines = append(st.lines, shapeTable([]string{x.name, msgExpandTarget}, [][]int{x.shape, target})...)
	outShape, outStrides, err := tensor.ExpandGeometry(x.shape, x.stridesOr(), target)
	if err != nil && err.Kind == tensor.ExpandTooFewSizes {
		st.add(msgExpandTooFew, plural(len(target), "dim"), x.name, len(x.shape))
		st.fail("RuntimeError", "%s", err.Message(x.dtype, x.dev))
		st.cause = fmt.Sprintf(hintExpandFew, len(target), len(x.shape))
		return st
	}
	n := len(target)
	for t := 1; t <= n; t++ {
		i := n - t
		ts := target[i]
		s, present := sizeAt(x.shape, t)
		var v string
		switch {
		case !present && ts == -1:
			v = msgExpandBadNew
		case !present && ts == 1:
			v = msgExpandNew1
		case !present:
			v = fmt.Sprintf(msgExpandNew, ts)
		case ts == -1:
			v = fmt.Sprintf(msgExpandKeep, x.name, s)
		case s == ts:
			v = fmt.Sprintf(msgExpandSame, x.name)
		case s == 1:
			v = fmt.Sprintf(msgExpandGrow, x.name, ts)
		default:
			v = fmt.Sprintf(msgExpandBad, x.name, s, ts)
		}
		st.add(msgTrailing, ordinal(t), v)
	}
	if err != nil {
		st.fail("RuntimeError", "%s", err.Message(x.dtype, x.dev))
		dim := err.Dim
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

// inferWhy is the explanation of a view's invalid sizes (the runtime's
// tensor.InferError), or "" when the numbers say it.
func inferWhy(e *tensor.InferError) string {
	switch e.Kind {
	case tensor.InferTwice:
		return msgViewTwoInfer
	case tensor.InferBadDim:
		return fmt.Sprintf(msgViewBadSize, e.Size)
	case tensor.InferAmbiguous:
		return msgViewZeroInfer
	}
	return ""
}

// viewChunk is a run of dims that view may treat as one flat, evenly
// spaced run of elements.
type viewChunk struct {
	lo, hi int // dims lo..hi
	numel  int
	stride int // the step between consecutive elements
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
	shape, out, spans, err := tensor.ViewGeometry(x.shape, strides, sizes)
	if shape == nil {
		ierr := err.(*tensor.InferError)
		switch why := inferWhy(ierr); {
		case why != "":
			st.addText(why)
		case containsInt(sizes, -1):
			st.add(msgViewNumelInfer, x.name, numel, -prod(sizes))
		default:
			st.add(msgViewNumel, x.name, numel, fmtShape(sizes), prod(sizes))
		}
		st.fail("RuntimeError", "%s", ierr.Error())
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
	if err == nil {
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
	st.fail("RuntimeError", "%s", tensor.ErrViewStride.Msg)
	args := strings.Trim(fmtTuple(sizes), "(),")
	if len(sizes) > 1 {
		args = strings.Trim(fmtTuple(sizes), "()")
	}
	st.add(msgViewAdvice, x.name, args, x.name, args)
	if len(chunks) > 1 {
		st.cause = fmt.Sprintf(hintView, fmtTuple(strides), fmt.Sprintf(hintViewSpan, chunks[0].hi, chunks[1].lo))
	} else {
		st.cause = fmt.Sprintf(hintView, fmtTuple(strides), tensor.ErrViewStride.Msg)
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
