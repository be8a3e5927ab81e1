package eval

import "fmt"

// %explain's internal-overlap step: an operation that writes into a tensor
// (in place, or through out=) fails when several of that tensor's elements
// are one memory location (a dimension of size > 1 with stride 0, as
// expand makes). PyTorch checks this before the shapes, so the step comes
// before the broadcasting step of the same operation.

// overlapWriters are the operations (without the trailing '_') whose
// in-place and out= forms refuse a written-to tensor with internal overlap
// (TensorIterator's check_mem_overlap). fill_, zero_, masked_fill_ and
// index_fill_ only warn or do not check; view operations write nothing.
func overlapWriter(base string) bool {
	return (pointwiseNames[base] || unaryNames[base] || base == "copy") &&
		base != "masked_fill" && !overlapExempt[base]
}

// overlapExempt are names in pointwiseNames/unaryNames that write nothing
// or do not check.
var overlapExempt = setOf("detach", "clone", "contiguous", "cpu", "isnan", "isinf", "isfinite",
	"isposinf", "isneginf", "isreal", "signbit", "isclose", "where")

// sharedDim returns the first dimension of o with size > 1 and stride 0,
// or -1.
func sharedDim(o opnd) int {
	st := o.stridesOr()
	for d, n := range o.shape {
		if n > 1 && st[d] == 0 {
			return d
		}
	}
	return -1
}

// checkOverlap records a failing step when w, the tensor expr writes into,
// has elements sharing one memory location; it stops the walk.
func (ex *explainer) checkOverlap(expr string, w opnd) {
	d := sharedDim(w)
	if d < 0 {
		return
	}
	st := &step{kind: kindInplace, expr: expr, ops: []opnd{w}}
	st.header = fmt.Sprintf(msgOverlapHeader, expr, w.name, w.name)
	st.add(msgOverlapLayout, w.name, fmtShape(w.shape), fmtTuple(w.stridesOr()))
	st.add(msgOverlapDim, d, w.shape[d], w.shape[d])
	st.add(msgOverlapWhy, w.name)
	st.cause = fmt.Sprintf(hintOverlap, w.name, d)
	st.fail("RuntimeError", "%s", ptOverlapInternal)
	ex.record(st)
}
