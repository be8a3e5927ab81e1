package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"slices"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

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

// sharedDim returns the first dimension of o whose elements share memory
// (the runtime's rule, tensor.ExpandedDim), or -1.
func sharedDim(o opnd) int {
	return tensor.ExpandedDim(o.shape, o.stridesOr())
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
	st.cause = fmt.Sprintf(hintOverlap, expr, w.name, d)
	st.fail("RuntimeError", "%s", tensor.ErrInternalOverlap.Msg)
	ex.record(st)
}

// viewMethods make views (no copy, no side effect): an expression made of
// names, subscripts and these is cheap to evaluate for real, so that the
// explainer can see which storage it reads (partial overlap).
var viewMethods = setOf("t", "T", "mT", "H", "transpose", "swapaxes", "swapdims", "permute", "view",
	"view_as", "expand", "expand_as", "narrow", "select", "diagonal", "unsqueeze", "squeeze",
	"as_strided", "unfold", "movedim", "moveaxis", "broadcast_to", "flatten", "unflatten", "real")

// viewOnly reports whether e is a name with subscripts, attributes and
// view methods applied (their arguments constants).
func viewOnly(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Ident:
		return true
	case *lang.ParenExpr:
		return viewOnly(e.X)
	case *lang.AttrExpr:
		return viewMethods[e.Name] && viewOnly(e.X)
	case *lang.IndexExpr:
		return viewOnly(e.X) && constIndex(e.Index)
	case *lang.CallExpr:
		f, ok := e.Fn.(*lang.AttrExpr)
		if !ok || !viewMethods[f.Name] || !viewOnly(f.X) {
			return false
		}
		for _, a := range e.Args {
			if a.Star != 0 || !constIndex(a.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// constIndex reports whether e is built of constants (ints, slices, None,
// ..., tuples of them).
func constIndex(e lang.Expr) bool {
	switch e := e.(type) {
	case nil, *lang.IntLit, *lang.Const:
		return true
	case *lang.UnaryExpr:
		return constIndex(e.X)
	case *lang.SliceExpr:
		return constIndex(e.Lo) && constIndex(e.Hi) && constIndex(e.Step)
	case *lang.TupleExpr:
		for _, x := range e.Elems {
			if !constIndex(x) {
				return false
			}
		}
		return true
	}
	return false
}

// realTensor is a's tensor when the explainer has it or can have it
// cheaply (viewOnly): the storage it reads is then known.
func (ex *explainer) realTensor(a aval) (*tensor.Tensor, bool) {
	if t, ok := a.v.(*tensor.Tensor); ok {
		return t, true
	}
	if a.node == nil || !viewOnly(a.node) {
		return nil, false
	}
	var v eval.Value
	if e := ex.s.Guard(func() { v = ex.s.Eval(a.node) }); e != nil {
		return nil, false
	}
	t, ok := v.(*tensor.Tensor)
	return t, ok
}

// checkPartialOverlap records a failing step when the tensor written
// (w) and an input share some but not all of their memory, as PyTorch
// checks before the shapes.
func (ex *explainer) checkPartialOverlap(expr string, w aval, inputs []aval) {
	wt, ok := ex.realTensor(w)
	if !ok {
		return
	}
	for _, in := range inputs {
		it, ok := ex.realTensor(in)
		if !ok || tensor.GetOverlapStatus(wt, it) != tensor.StatusPartial {
			continue
		}
		st := &step{kind: kindInplace, expr: expr, ops: []opnd{*w.t, *in.t}}
		st.header = fmt.Sprintf(msgPartialHeader, expr, w.t.name, in.t.name)
		wn := max(len(w.t.name), len(in.t.name))
		pad := func(n string) string { return n + strings.Repeat(" ", wn-len(n)) }
		st.add(msgPartialLayout, pad(w.t.name), fmtShape(w.t.shape), fmtTuple(w.t.stridesOr()), wt.Offset())
		st.add(msgPartialLayout, pad(in.t.name), fmtShape(in.t.shape), fmtTuple(in.t.stridesOr()), it.Offset())
		st.add(msgPartialWhy, in.t.name, w.t.name)
		st.cause = fmt.Sprintf(hintPartial, expr, w.t.name, in.t.name)
		st.fail("RuntimeError", "%s", tensor.ErrPartialOverlap.Msg)
		ex.record(st)
	}
}

// maskedFill is masked_fill (not in place): PyTorch broadcasts the mask
// with the input first (the mask is "tensor a"), and only then checks the
// value; the result has the input's dtype.
func (ex *explainer) maskedFill(e lang.Expr, input aval, rest []aval, args *callArgs) aval {
	mask, value := aval{}, aval{}
	if len(rest) > 0 {
		mask = rest[0]
	} else if a, ok := args.kw["mask"]; ok {
		mask = a
	}
	if len(rest) > 1 {
		value = rest[1]
	} else if a, ok := args.kw["value"]; ok {
		value = a
	}
	if !input.isTensor() || !mask.isTensor() {
		ex.unknown(e, "")
	}
	st := analyzeBroadcast(ex.text(e), []opnd{*mask.t, *input.t})
	ex.record(st)
	if value.isTensor() {
		if msg := tensor.MaskedFillValueError(len(value.t.shape)); msg != "" {
			vs := &step{kind: kindBroadcast, expr: ex.text(e)}
			vs.header = fmt.Sprintf(msgMaskedValueHeader, ex.text(e), value.t.name, len(value.t.shape))
			vs.fail("RuntimeError", "%s", msg)
			ex.record(vs)
		}
	}
	return ex.abstract(e, st.result, nil, input.t.dtype)
}

// checkOutShape follows a pointwise operation with out=: an out= tensor
// that is also an input must have the result's shape (PyTorch raises);
// another one is resized (PyTorch warns when it had elements).
func (ex *explainer) checkOutShape(expr string, out aval, inputs []aval, result []int) {
	if !out.isTensor() || slices.Equal(out.t.shape, result) {
		return
	}
	ot, ok := ex.realTensor(out)
	readWrite := false
	for _, in := range inputs {
		if it, ok2 := ex.realTensor(in); ok && ok2 && it == ot {
			readWrite = true
		}
	}
	if !readWrite {
		if prod(out.t.shape) > 0 {
			ex.notes = append(ex.notes, fmt.Sprintf(msgOutResized, out.t.name, fmtShape(out.t.shape), fmtShape(result)))
		}
		return
	}
	st := &step{kind: kindInplace, expr: expr, ops: []opnd{*out.t}}
	st.header = fmt.Sprintf(msgOutReadWrite, expr, out.t.name)
	st.fail("RuntimeError", "%s", tensor.OutShapeError(out.t.shape, result))
	ex.record(st)
}

// overlapCause is the hint after PyTorch's overlap errors: which tensor
// repeats its elements (internal overlap), or which input shares part of
// the written tensor's storage (partial overlap).
func overlapCause(s *eval.Session, f eval.Failure, text func(lang.Node) string) string {
	if f.Exc == nil || (f.Exc.Msg != tensor.ErrInternalOverlap.Msg && f.Exc.Msg != tensor.ErrPartialOverlap.Msg) {
		return ""
	}
	type named struct {
		name string
		t    *tensor.Tensor
	}
	var w *named
	var ins []named
	c := f.Ctx
	switch n := c.Node.(type) {
	case *lang.AugAssignStmt:
		if t, ok := c.X.(*tensor.Tensor); ok {
			w = &named{text(n.Target), t}
		}
		if t, ok := c.Y.(*tensor.Tensor); ok {
			ins = append(ins, named{text(n.Value), t})
		}
	case *lang.CallExpr:
		if bm, ok := c.Fn.(*eval.BoundMethod); ok {
			if t, ok := bm.Self.(*tensor.Tensor); ok {
				if a, ok := n.Fn.(*lang.AttrExpr); ok {
					w = &named{text(a.X), t}
				}
			}
		}
		if c.Args == nil {
			return ""
		}
		k := 0
		for _, a := range n.Args {
			switch {
			case a.Star != 0:
				return ""
			case a.Name == "":
				if k < len(c.Args.Pos) {
					if t, ok := c.Args.Pos[k].(*tensor.Tensor); ok {
						ins = append(ins, named{text(a.Value), t})
					}
				}
				k++
			default:
				for _, kw := range c.Args.Kw {
					if t, ok := kw.Value.(*tensor.Tensor); ok && kw.Name == a.Name {
						if a.Name == "out" {
							w = &named{text(a.Value), t}
						} else {
							ins = append(ins, named{text(a.Value), t})
						}
					}
				}
			}
		}
	}
	if w == nil {
		return ""
	}
	if f.Exc.Msg == tensor.ErrInternalOverlap.Msg {
		if d := sharedDim(opndOf(w.name, w.t)); d >= 0 {
			return fmt.Sprintf(hintOverlap, text(c.Node), w.name, d)
		}
		return ""
	}
	for _, in := range ins {
		if in.t != w.t && tensor.GetOverlapStatus(w.t, in.t) == tensor.StatusPartial {
			return fmt.Sprintf(hintPartial, text(c.Node), w.name, in.name)
		}
	}
	return ""
}
