package autograd

import "github.com/tensh/tensh/runtime/tensor"

// geometry is a tensor's strided layout over its storage.
type geometry struct {
	shape, strides []int
	offset         int
}

func geomOf(t *tensor.Tensor) geometry {
	return geometry{append([]int{}, t.Shape()...), append([]int{}, t.Strides()...), t.Offset()}
}

// extent is the number of storage elements a geometry spans from its
// offset.
func (g geometry) extent() int {
	n := 1
	for i, s := range g.shape {
		if s == 0 {
			return 0
		}
		n += (s - 1) * g.strides[i]
	}
	return n
}

// zerosStrided is new_zeros with base's sizes and strides (a fresh
// storage laid out as base's).
func zerosStrided(in geometry, d tensor.DType) *tensor.Tensor {
	st := tensor.NewStorage(d, in.extent())
	return tensor.FromStorage(st, 0, in.shape, in.strides)
}

// viewGrad is the backward of a view: the gradient of the viewed elements
// placed where they sit in the input, zeros elsewhere.
func viewGrad(g *tensor.Tensor, in geometry, outs []geometry, grads []*tensor.Tensor) *tensor.Tensor {
	if !tensor.IsContiguous(in.shape, in.strides) {
		// PyTorch's select/slice/... backward fill contiguous zeros
		return scatterStrided(g, geometry{in.shape, tensor.ContiguousStrides(in.shape), 0}, relayout(in, outs), grads)
	}
	return scatterStrided(g, in, outs, grads)
}

// scatterStrided is viewGrad into a tensor laid out as in.
func scatterStrided(g *tensor.Tensor, in geometry, outs []geometry, grads []*tensor.Tensor) *tensor.Tensor {
	d := g.DType()
	res := zerosStrided(in, d)
	for i, og := range outs {
		gi := grads[i]
		if gi == nil {
			continue
		}
		dst := res.AsStrided(og.shape, og.strides, og.offset-in.offset)
		tensor.Copy(dst, top(gi), noOpts)
	}
	if gradEnabled {
		recordLinear("AsStridedScatterBackward0", grads, res, func(h *tensor.Tensor) []*tensor.Tensor {
			vs := viewOf(h, in, outs)
			for i := range vs {
				if grads[i] == nil {
					vs[i] = nil
				}
			}
			return vs
		})
	}
	return res
}

// markView makes out a differentiable view of in's root base.
func markView(in, out *tensor.Tensor, c creation, fnName string) {
	m := ensure(out)
	base := in
	if bm := meta(in); bm != nil && bm.base != nil {
		base = bm.base
	}
	m.base = base
	m.attrVersion = out.Storage().Version()
	if c == creationDefault {
		if im := meta(in); im != nil && im.base != nil && im.creation != creationDefault {
			c, fnName = im.creation, im.viewFnName
		}
	}
	m.creation, m.viewFnName = c, fnName
}

// MarkView makes out (a view of in) a differentiable view without
// recording a node: the slices that index assignment writes through.
func MarkView(in, out *tensor.Tensor) {
	c := creationDefault
	if !gradEnabled {
		c = creationNoGrad
	}
	markView(in, out, c, "")
}

// reshapeViews are the views whose backward reshapes the gradient (a view
// of it where it can be), and permuteViews those whose backward permutes
// it back: their gradients keep the incoming gradient's layout, as
// PyTorch's do, which fixes the order of later reductions.
var (
	reshapeViews = map[string]bool{"ViewBackward0": true, "ReshapeAliasBackward0": true, "UnsqueezeBackward0": true,
		"SqueezeBackward0": true, "SqueezeBackward1": true, "AliasBackward0": true}
	permuteViews = map[string]bool{"TBackward0": true, "TransposeBackward0": true, "PermuteBackward0": true}
)

// MarkViews makes outs, the views one function (name) returned, views of
// in that may not be modified in place.
func MarkViews(name string, in *tensor.Tensor, outs []*tensor.Tensor) {
	c := creationMultiOutput
	if !gradEnabled {
		c = creationNoGrad
	}
	for i, o := range outs {
		markView(in, o, c, name)
		ensure(o).outputNr = i
	}
}

// RecordView records out, a view of in made by the function whose node is
// name (ViewBackward0, SelectBackward0, TBackward0, ...).
func RecordView(name string, in, out *tensor.Tensor) {
	n := newNode(name, 1, in)
	ig, og := geomOf(in), geomOf(out)
	perm, isPerm := permutationOf(ig, og)
	switch {
	case reshapeViews[name] && in.Numel() == out.Numel():
		n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{backNamed(name, func() *tensor.Tensor { return reshapeRec(gs[0], ig.shape) })}
		}
	case permuteViews[name] && isPerm:
		inv := make([]int, len(perm))
		for i, p := range perm {
			inv[p] = i
		}
		n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{backNamed(name, func() *tensor.Tensor { return permuteRec(gs[0], inv) })}
		}
	default:
		n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{backNamed(name, func() *tensor.Tensor { return viewGrad(gs[0], ig, []geometry{og}, gs) })}
		}
	}
	SetHistory(out, n, 0)
	markView(in, out, creationDefault, name)
}

// RecordViews records outs, views of in made by one function that returns
// several (UnbindBackward0, SplitBackward0, ...): they may not be modified
// in place.
func RecordViews(name string, in *tensor.Tensor, outs []*tensor.Tensor) {
	n := newNode(name, len(outs), in)
	ig := geomOf(in)
	ogs := make([]geometry, len(outs))
	for i, o := range outs {
		ogs[i] = geomOf(o)
	}
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		var g *tensor.Tensor
		for _, x := range gs {
			if x != nil {
				g = x
			}
		}
		return []*tensor.Tensor{viewGrad(g, ig, ogs, gs)}
	}
	for i, o := range outs {
		SetHistory(o, n, i)
		markView(in, o, creationMultiOutput, name)
	}
}

// RecordExpand records out = in.expand(...) (a view whose gradient is
// summed back: sum_to).
func RecordExpand(in, out *tensor.Tensor) *Node {
	n := newNode("ExpandBackward0", 1, in)
	shape := append([]int{}, in.Shape()...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{sumTo(gs[0], shape)}
	}
	return n
}

// RecordExpandView is RecordExpand for the evaluator: out becomes a view.
func RecordExpandView(in, out *tensor.Tensor) {
	SetHistory(out, RecordExpand(in, out), 0)
	markView(in, out, creationDefault, "ExpandBackward0")
}

// RecordInplaceView records an in-place view operation (t_, unsqueeze_,
// transpose_, ...) that changed self's geometry from old.
func RecordInplaceView(name string, self *tensor.Tensor, oldShape, oldStrides []int, oldOffset int) {
	n := newNode(name, 1, self)
	ig := geometry{append([]int{}, oldShape...), append([]int{}, oldStrides...), oldOffset}
	og := geomOf(self)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{viewGrad(gs[0], ig, []geometry{og}, gs)}
	}
	m := ensure(self)
	if m.base != nil {
		m.attrVersion = self.Storage().Version()
	}
	SetHistory(self, n, 0)
}

// asStridedGrad is as_strided_backward for a view that does not overlap
// itself: the gradient placed in a tensor laid out as the base.
func asStridedGrad(g *tensor.Tensor, base, view geometry) *tensor.Tensor {
	return scatterStrided(g, base, []geometry{view}, []*tensor.Tensor{g})
}

// regenerateViewFn gives a view whose base changed in place a fresh
// AsStridedBackward0 to its base's current history.
func regenerateViewFn(t *tensor.Tensor, m *Meta, version uint64) {
	m.attrVersion = version
	if !RequiresGrad(m.base) {
		return
	}
	n := newNode("AsStridedBackward0", 1, m.base)
	bg, vg := geomOf(m.base), geomOf(t)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{asStridedGrad(gs[0], bg, vg)}
	}
	m.gradFn, m.outputNr = n, 0
	m.requiresGrad = false
	n.in[0] = inputMeta{append([]int{}, t.Shape()...), t.DType()}
}

// RecordAsStrided records out = in.as_strided(...).
func RecordAsStrided(in, out *tensor.Tensor) {
	n := newNode("AsStridedBackward0", 1, in)
	ig, og := geomOf(in), geomOf(out)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{asStridedGrad(gs[0], ig, og)}
	}
	SetHistory(out, n, 0)
	markView(in, out, creationDefault, "AsStridedBackward0")
}

// CheckInplace is check_inplace: the errors of an in-place operation on
// self when it (or another operand: requiresGrad) requires grad.
func CheckInplace(self *tensor.Tensor, requiresGrad bool) {
	if !requiresGrad || !gradEnabled {
		return
	}
	m := meta(self)
	if m != nil && m.base != nil {
		switch m.creation {
		case creationMultiOutput:
			// named by the view's grad_fn of now (a view of the output
			// inherits the restriction)
			if fn := GradFn(self); fn != nil {
				raise(errMultiOutputView, OutputNr(self), fn.Name())
			}
			raise(errMultiOutputNoFn)
		case creationNoGrad:
			raise(errNoGradView)
		}
		if RequiresGrad(self) && IsLeaf(m.base) && RequiresGrad(m.base) {
			raise(errLeafViewInplace)
		}
	}
	if RequiresGrad(self) && IsLeaf(self) {
		raise(errLeafInplace)
	}
}

// RebaseHistory makes fn, the node of an in-place operation on self, the
// history of self: directly, or for a view through a CopySlices node on
// its base (whose other views then regenerate their grad_fn).
func RebaseHistory(self *tensor.Tensor, fn *Node) {
	m := ensure(self)
	if m.base == nil {
		SetHistory(self, fn, 0)
		return
	}
	base := m.base
	fn.in[0] = inputMeta{append([]int{}, self.Shape()...), self.DType()}
	cs := newCopySlices(base, self, fn)
	bm := ensure(base)
	bm.gradFn, bm.outputNr, bm.requiresGrad = cs, 0, false
	cs.in[0] = inputMeta{append([]int{}, base.Shape()...), base.DType()}
	active = true
	regenerateViewFn(self, m, self.Storage().Version())
}

// newCopySlices is CopySlices: the gradient of the base flows through fn
// for the slice the view covers, unchanged elsewhere.
func newCopySlices(base, view *tensor.Tensor, fn *Node) *Node {
	seqCounter++
	n := &Node{name: "CopySlices", seq: seqCounter, in: make([]inputMeta, 1), sub: fn}
	n.next = append([]Edge{gradientEdge(base)}, fn.next[1:]...)
	bg, vg := geomOf(base), geomOf(view)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor {
		g := gs[0]
		result := zerosStrided(bg, g.DType())
		tensor.Copy(result, top(g), noOpts)
		slice := result.AsStrided(vg.shape, vg.strides, vg.offset-bg.offset)
		res := fn.apply([]*tensor.Tensor{slice.ContiguousClone()})
		out := make([]*tensor.Tensor, len(n.next))
		for i := range res {
			if i >= len(out) {
				break
			}
			if i == 0 {
				if res[0] != nil {
					tensor.Copy(slice, top(res[0]), noOpts)
				} else {
					tensor.Zero(slice)
				}
				out[0] = result
			} else {
				out[i] = res[i]
			}
		}
		return out
	}
	return n
}

// recordLinear gives out = f(ins...), a gradient computed by a linear map
// outside the recorded operations (a view's backward, index's scatter),
// its own node when create_graph records: adjoint maps out's gradient
// back to each input's.
func recordLinear(name string, ins []*tensor.Tensor, out *tensor.Tensor, adjoint func(h *tensor.Tensor) []*tensor.Tensor) {
	if !needsGrad(ins...) {
		return
	}
	n := newNode(name, 1, ins...)
	n.apply = func(gs []*tensor.Tensor) []*tensor.Tensor { return adjoint(gs[0]) }
	SetHistory(out, n, 0)
}

// viewOf is the adjoint of viewGrad: the elements of h (laid out as the
// input in) that each view covers.
func viewOf(h *tensor.Tensor, in geometry, outs []geometry) []*tensor.Tensor {
	lay := zerosStrided(in, h.DType())
	tensor.Copy(lay, top(h), noOpts)
	res := make([]*tensor.Tensor, len(outs))
	for i, og := range outs {
		res[i] = lay.AsStrided(og.shape, og.strides, og.offset-in.offset).ContiguousClone()
	}
	return res
}

// permutationOf finds p with out's dim i being in's dim p[i] (same
// offset, sizes and strides permuted).
func permutationOf(in, out geometry) ([]int, bool) {
	if len(in.shape) != len(out.shape) || in.offset != out.offset {
		return nil, false
	}
	used := make([]bool, len(in.shape))
	p := make([]int, len(out.shape))
	for i := range out.shape {
		found := false
		for j := range in.shape {
			if !used[j] && in.shape[j] == out.shape[i] && in.strides[j] == out.strides[i] {
				used[j], p[i], found = true, j, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return p, true
}

// reshapeRec is g.reshape(shape) (a view when g's layout allows),
// recorded.
func reshapeRec(g *tensor.Tensor, shape []int) *tensor.Tensor {
	out := g.Reshape(shape)
	if out == g {
		out = g.Alias()
	}
	if needsGrad(g) {
		if tensor.SameStorage(g.Storage(), out.Storage()) {
			RecordView("ViewBackward0", g, out)
		} else {
			SetHistory(out, RecordReshapeCopy(g), 0)
		}
	}
	return out
}

// permuteRec is g.permute(perm), recorded.
func permuteRec(g *tensor.Tensor, perm []int) *tensor.Tensor {
	out := g.Permute(perm)
	if needsGrad(g) {
		RecordView("PermuteBackward0", g, out)
	}
	return out
}

// relayout maps views of a non-contiguous input onto the same elements of
// a contiguous tensor of its shape, where each view is still a strided
// view (its dims map to combinations of the input's dims) or, failing
// that, gives nil.
func relayout(in geometry, outs []geometry) []geometry {
	cs := tensor.ContiguousStrides(in.shape)
	res := make([]geometry, len(outs))
	for k, og := range outs {
		// express each of the view's strides and its offset in the input's
		// dims: greedy decomposition by the input's strides, largest first
		order := make([]int, len(in.shape))
		for i := range order {
			order[i] = i
		}
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && in.strides[order[j]] > in.strides[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		conv := func(off int) int {
			c := 0
			for _, d := range order {
				if in.strides[d] > 0 && in.shape[d] > 1 {
					q := off / in.strides[d]
					if q >= in.shape[d] {
						q = in.shape[d] - 1
					}
					off -= q * in.strides[d]
					c += q * cs[d]
				}
			}
			return c
		}
		g := geometry{shape: og.shape, strides: make([]int, len(og.strides)), offset: conv(og.offset - in.offset)}
		for i, st := range og.strides {
			g.strides[i] = conv(st)
		}
		res[k] = g
	}
	return res
}

// viewBackNames are the nodes PyTorch records for the backward of a view
// (the view's node -> the node of its gradient, in create_graph mode):
// view's grad.reshape is a _reshape_alias, unsqueeze's a squeeze(dim),
// select's and slice's the fused select_backward and slice_backward.
var viewBackNames = map[string]string{
	"ViewBackward0": "ReshapeAliasBackward0", "ReshapeAliasBackward0": "ReshapeAliasBackward0",
	"UnsqueezeBackward0": "SqueezeBackward1", "SqueezeBackward0": "UnsqueezeBackward0",
	"SqueezeBackward1": "UnsqueezeBackward0", "TransposeBackward0": "TransposeBackward0",
	"TBackward0": "TBackward0", "SelectBackward0": "SelectBackwardBackward0",
	"SliceBackward0": "SliceBackwardBackward0",
}

// backNamed runs a view's backward f and gives the gradient it computed
// the node name PyTorch's formula records (when f recorded it as a view
// or a strided scatter of its own).
func backNamed(view string, f func() *tensor.Tensor) *tensor.Tensor {
	before := seqCounter
	g := f()
	m := meta(g)
	if m == nil || m.gradFn == nil || m.gradFn.seq <= before {
		return g
	}
	switch m.gradFn.name {
	case "ViewBackward0", "PermuteBackward0", "AsStridedScatterBackward0":
		if to, ok := viewBackNames[view]; ok {
			m.gradFn.name = to
		}
	}
	return g
}
