package torch

import (
	"math"
	"slices"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The operators, indexing and properties that do not go through Call
// record their nodes here.

// gradOn tells whether an operation on these operands records a node.
func gradOn(ts ...*tensor.Tensor) bool {
	return autograd.Active() && autograd.NeedsGrad(ts...)
}

// gradBinary records r = a op b for an operator (rsub: r = b - a).
func gradBinary(op tensor.BinaryOp, a, b tensor.Operand, r *tensor.Tensor, rsub bool) *tensor.Tensor {
	if autograd.InferenceMode() {
		autograd.MarkInference(r)
	}
	if gradOn(a.T, b.T) {
		if n := autograd.RecordBinary(op, a, b, tensor.IntS(1), r, rsub); n != nil {
			autograd.SetHistory(r, n, 0)
		}
	}
	return r
}

// gradOperator records r = a op b for a Python operator: // is
// floor_divide, which has no derivative.
func gradOperator(op tensor.BinaryOp, a, b tensor.Operand, r *tensor.Tensor) *tensor.Tensor {
	if op == tensor.OpDivFloor {
		if gradOn(a.T, b.T) && r.DType().IsFloat() {
			autograd.SetHistory(r, autograd.RecordNotImplemented("floor_divide", a.T, b.T), 0)
		}
		return r
	}
	return gradBinary(op, a, b, r, false)
}

// gradIter records the rows of t that iteration made (t.unbind(0)).
func gradIter(t *tensor.Tensor, rows []eval.Value) {
	if !gradOn(t) {
		return
	}
	outs := make([]*tensor.Tensor, len(rows))
	for i, r := range rows {
		outs[i] = r.(*tensor.Tensor)
	}
	autograd.RecordViews("UnbindBackward0", t, outs)
}

// gradUnary records r = op(x) for an operator.
func gradUnary(op tensor.UnaryOp, x, r *tensor.Tensor) *tensor.Tensor {
	if autograd.InferenceMode() {
		autograd.MarkInference(r)
	}
	if gradOn(x) {
		if n := autograd.RecordUnary(op, x, r); n != nil {
			autograd.SetHistory(r, n, 0)
		}
	}
	return r
}

// gradView records r, a view of x made by the function whose node is name.
func gradView(name string, x, r *tensor.Tensor) *tensor.Tensor {
	switch {
	case r == x:
	case gradOn(x):
		autograd.RecordView(name, x, r)
	case autograd.Active():
		autograd.MarkView(x, r)
	}
	return r
}

// gradInplaceOp is x op= y (x.__iop__(y)) with autograd's checks, version
// and history.
func gradInplaceOp(op tensor.BinaryOp, x *tensor.Tensor, other tensor.Operand, run func() eval.Value) eval.Value {
	if !autograd.Active() {
		r := run()
		autograd.BumpVersion(x)
		return r
	}
	need := autograd.NeedsGrad(x, other.T)
	var orig *tensor.Tensor
	if need {
		autograd.CheckInplace(x, true)
		if op != tensor.OpAdd && op != tensor.OpSub {
			orig = x.Clone()
			orig.Autograd = x.Autograd
			defer func() { orig.Autograd = nil }()
		}
	}
	r := run()
	autograd.BumpVersion(x)
	if need {
		a := tensor.TensorOperand(x)
		if orig != nil {
			a = tensor.TensorOperand(orig)
		}
		if n := autograd.RecordBinary(op, a, other, tensor.IntS(1), x, false); n != nil {
			autograd.RebaseHistory(x, n)
		}
	}
	return r
}

// gradGetItem records r = t[items]: a view (named for the last index
// applied) or, for an index with tensors, IndexBackward0.
func gradGetItem(t *tensor.Tensor, items []tensor.IndexItem, tuple bool, r *tensor.Tensor) *tensor.Tensor {
	if r == t {
		return r
	}
	if !gradOn(t) {
		if autograd.Active() && tensor.SameStorage(t.Storage(), r.Storage()) && !hasTensorIndex(items) {
			autograd.MarkView(t, r)
		}
		return r
	}
	if recordIndexChain(t, items, tuple, r) {
		return r
	}
	if !tensor.SameStorage(t.Storage(), r.Storage()) || hasTensorIndex(items) {
		autograd.SetHistory(r, autograd.RecordIndex(t, items, tuple, r), 0)
		return r
	}
	autograd.RecordView(basicIndexNode(items), t, r)
	return r
}

// recordIndexChain records an index as PyTorch's applySlicing makes it:
// one view per basic item (select, slice, unsqueeze), each the next one's
// input, then, for tensor items, IndexBackward0 on the last view. It
// reports false (nothing recorded) when the steps do not rebuild r.
func recordIndexChain(t *tensor.Tensor, items []tensor.IndexItem, tuple bool, r *tensor.Tensor) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	specified := 0
	for _, it := range items {
		if it.Kind == tensor.IndexInt || it.Kind == tensor.IndexSlice || it.Kind == tensor.IndexTensor {
			specified++
		}
	}
	single := !tuple && len(items) == 1
	type step struct {
		name string
		out  *tensor.Tensor
	}
	var steps []step
	adv := map[int]tensor.IndexItem{}
	cur, dim := t, 0
	for _, it := range items {
		var next *tensor.Tensor
		name := ""
		switch it.Kind {
		case tensor.IndexInt:
			next, name = cur.Select(dim, it.Int), "SelectBackward0"
		case tensor.IndexSlice:
			length := 0
			if dim < cur.Dim() {
				length = cur.Shape()[dim]
			}
			if !single && it.Start == 0 && it.Stop == length && it.Step == 1 {
				dim++
				continue
			}
			next, name = cur.SliceDim(dim, it.Start, it.Stop, it.Step), "SliceBackward0"
			dim++
		case tensor.IndexEllipsis:
			dim += t.Dim() - specified
			continue
		case tensor.IndexNone:
			next, name = cur.Unsqueeze(dim), "UnsqueezeBackward0"
			dim++
		case tensor.IndexTensor:
			ix := it.Tensor
			if ix.Dim() == 0 && (ix.DType() == tensor.Bool || ix.DType() == tensor.Uint8) {
				return false
			}
			if ix.Dim() == 0 && ix.DType().IsIntegral(false) {
				next, name = cur.Select(dim, int(ix.Item().Int())), "SelectBackward0"
				break
			}
			adv[dim] = it
			dim++
			continue
		default:
			return false
		}
		steps = append(steps, step{name, next})
		cur = next
	}
	if len(adv) == 0 {
		if len(steps) == 0 || !sameGeometry(cur, r) {
			return false
		}
	} else {
		// the tensor items index the last view, at the dims they reached
		sub := make([]tensor.IndexItem, cur.Dim())
		for d := range sub {
			if it, isT := adv[d]; isT {
				sub[d] = it
			} else {
				sub[d] = tensor.IndexItem{Kind: tensor.IndexSlice, Start: 0, Stop: math.MaxInt64, Step: 1}
			}
		}
		if !slices.Equal(cur.GetItem(sub, true, nil).Shape(), r.Shape()) {
			return false
		}
		prev := t
		for _, st := range steps {
			autograd.RecordView(st.name, prev, st.out)
			prev = st.out
		}
		autograd.SetHistory(r, autograd.RecordIndex(cur, sub, true, r), 0)
		return true
	}
	prev := t
	for i, st := range steps {
		out := st.out
		if i == len(steps)-1 {
			out = r
		}
		autograd.RecordView(st.name, prev, out)
		prev = out
	}
	return true
}

func sameGeometry(a, b *tensor.Tensor) bool {
	return a.Offset() == b.Offset() && slices.Equal(a.Shape(), b.Shape()) && slices.Equal(a.Strides(), b.Strides())
}

func hasTensorIndex(items []tensor.IndexItem) bool {
	for _, it := range items {
		if it.Kind == tensor.IndexTensor {
			return true
		}
	}
	return false
}

// basicIndexNode is the node of the last view a basic index applies
// (full slices are skipped, as applySlicing skips them).
func basicIndexNode(items []tensor.IndexItem) string {
	for i := len(items) - 1; i >= 0; i-- {
		it := items[i]
		switch it.Kind {
		case tensor.IndexInt:
			return "SelectBackward0"
		case tensor.IndexNone, tensor.IndexBool:
			return "UnsqueezeBackward0"
		case tensor.IndexSlice:
			if it.Start == 0 && it.Step == 1 && it.Stop >= math.MaxInt32 {
				continue
			}
			return "SliceBackward0"
		}
	}
	return "AliasBackward0"
}

// gradSetItem is t[items] = val with autograd: the checks of an in-place
// write to the slice, and the history (CopySlices on t's base for a basic
// index, IndexPutBackward0 otherwise). write does the assignment.
func gradSetItem(t *tensor.Tensor, items []tensor.IndexItem, tuple bool, val *tensor.Tensor, valIsTensor bool, write func()) {
	need := autograd.Active() && autograd.NeedsGrad(t, val)
	if !need {
		write()
		autograd.BumpVersion(t)
		return
	}
	if hasTensorIndex(items) {
		autograd.CheckInplace(t, true)
		write()
		autograd.BumpVersion(t)
		autograd.RebaseHistory(t, autograd.RecordIndexPut(t, items, tuple, val))
		return
	}
	view := t.GetItem(items, tuple, nil)
	if view == t {
		view = t.Alias()
	}
	if autograd.RequiresGrad(t) {
		autograd.RecordView(basicIndexNode(items), t, view)
	} else {
		autograd.MarkView(t, view)
	}
	if tensor.ExpandCheck(val.Shape(), view.Shape()) != nil {
		write() // the shape error comes first, as in PyTorch's copy_to
	}
	autograd.CheckInplace(view, true)
	write()
	autograd.BumpVersion(t)
	var n *autograd.Node
	if valIsTensor && autograd.RequiresGrad(val) {
		n = autograd.RecordCopy(view, val)
	} else {
		n = autograd.RecordFill("FillBackward0", view, nil)
	}
	autograd.RebaseHistory(view, n)
}
