package autograd

import (
	"container/heap"

	"github.com/tensh/tensh/runtime/tensor"
)

// Backward is torch.autograd.backward(roots, grads, retain_graph,
// create_graph): the gradients of the roots (grads[i] nil for an implicit
// ones for a one-element root) accumulate into the leaves' .grad.
func Backward(roots, grads []*tensor.Tensor, retain, create bool) {
	run(roots, grads, nil, retain, create, false)
}

// BackwardInputs is backward with inputs=: only the given tensors' .grad
// receive their gradients.
func BackwardInputs(roots, grads, inputs []*tensor.Tensor, retain, create bool) {
	for _, t := range inputs {
		// a non-leaf input gets its .grad as retain_grad gives it
		RetainGrad(t)
	}
	res := run(roots, grads, inputs, retain, create, true)
	for i, g := range res {
		if g != nil && IsLeaf(inputs[i]) {
			accumulate(inputs[i], g, false)
		}
	}
}

// GradOf is torch.autograd.grad(outputs, inputs, grad_outputs,
// retain_graph, create_graph, allow_unused): the gradients of the outputs
// with respect to the inputs (nil for an unused input when allowUnused).
func GradOf(outputs, inputs, grads []*tensor.Tensor, retain, create, allowUnused bool) []*tensor.Tensor {
	for i, r := range outputs {
		if gradientEdge(r).Fn == nil {
			raise(errNoGradFn, i)
		}
	}
	for _, t := range inputs {
		if !RequiresGrad(t) {
			raise(errInputNoGrad)
		}
	}
	res := run(outputs, grads, inputs, retain, create, true)
	for _, g := range res {
		if g == nil && !allowUnused {
			raise(errNotUsed)
		}
	}
	return res
}

// MakeGrads is _make_grads: the root gradients, checked against the roots.
func makeGrads(roots, grads []*tensor.Tensor) []*tensor.Tensor {
	out := make([]*tensor.Tensor, len(roots))
	for i, r := range roots {
		var g *tensor.Tensor
		if i < len(grads) {
			g = grads[i]
		}
		if g != nil {
			if !sameShape(g.Shape(), r.Shape()) {
				tensor.Raise(tensor.RuntimeError, errShapeMismatch, i, tensor.ShapeString(g.Shape()), i, tensor.ShapeString(r.Shape()))
			}
			out[i] = g
			continue
		}
		if RequiresGrad(r) {
			if r.Numel() != 1 {
				raise(errImplicitScalar)
			}
			out[i] = tensor.Full(r.Shape(), tensor.FloatS(1), r.DType())
		}
	}
	return out
}

// traceHook, when set, receives a line for each step of backward (the
// evaluator's %trace).
var traceHook func(line string)

// SetTrace sets the function that receives backward's steps (nil: none).
func SetTrace(f func(line string)) { traceHook = f }

func trace(format string, args ...any) {
	if traceHook != nil {
		traceHook(sprintf(format, args...))
	}
}

func shapesText(ts []*tensor.Tensor) string {
	var b []byte
	for i, t := range ts {
		if i > 0 {
			b = append(b, ", "...)
		}
		if t == nil {
			b = append(b, "None"...)
		} else {
			b = append(b, tensor.ShapeString(t.Shape())...)
		}
	}
	return string(b)
}

// graphTask is one run of the engine.
type graphTask struct {
	deps     map[*Node]int
	buffers  map[*Node][]*tensor.Tensor
	needed   map[*Node]bool // autograd.grad: the nodes on a path to an input
	captures map[Edge][]int // autograd.grad: input edges -> result indices
	results  []*tensor.Tensor
	retain   bool
	// owned are the gradients made during this run and referenced once:
	// AccumulateGrad may keep them as .grad without a copy.
	owned map[*tensor.Tensor]bool
}

func run(roots, grads, inputs []*tensor.Tensor, retain, create, capture bool) []*tensor.Tensor {
	defer tensor.LenientDevices()() // GPU gradients meet CPU constants (docs/gpu.md)
	grads = makeGrads(roots, grads)
	rootNode := &Node{name: "GraphRoot", seq: ^uint64(0)}
	for i, r := range roots {
		e := gradientEdge(r)
		if e.Fn == nil {
			raise(errNoGradFn, i)
		}
		rootNode.next = append(rootNode.next, e)
	}
	rootGrads := grads
	rootNode.apply = func([]*tensor.Tensor) []*tensor.Tensor { return rootGrads }

	task := &graphTask{deps: map[*Node]int{}, buffers: map[*Node][]*tensor.Tensor{}, retain: retain, owned: map[*tensor.Tensor]bool{}}
	task.countDeps(rootNode)
	if capture {
		task.captures = map[Edge][]int{}
		task.results = make([]*tensor.Tensor, len(inputs))
		for i, t := range inputs {
			e := gradientEdge(t)
			task.captures[e] = append(task.captures[e], i)
		}
		task.markNeeded(rootNode)
	}

	prev := gradEnabled
	gradEnabled = create
	defer func() { gradEnabled = prev }()

	q := &readyQueue{}
	heap.Push(q, rootNode)
	for q.Len() > 0 {
		n := heap.Pop(q).(*Node)
		task.execute(n, q)
	}
	return task.results
}

// countDeps counts, for each node reachable from root, the edges into it.
func (t *graphTask) countDeps(root *Node) {
	seen := map[*Node]bool{root: true}
	stack := []*Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range n.next {
			if e.Fn == nil {
				continue
			}
			t.deps[e.Fn]++
			if !seen[e.Fn] {
				seen[e.Fn] = true
				stack = append(stack, e.Fn)
			}
		}
	}
}

// markNeeded marks the nodes from which a captured edge can be reached
// (exec_info): only they run in autograd.grad.
func (t *graphTask) markNeeded(root *Node) {
	memo := map[*Node]bool{}
	var visit func(n *Node) bool
	visit = func(n *Node) bool {
		if v, ok := memo[n]; ok {
			return v
		}
		memo[n] = false
		need := false
		for _, e := range n.next {
			if e.Fn == nil {
				continue
			}
			if _, ok := t.captures[e]; ok {
				need = true
			}
			if visit(e.Fn) {
				need = true
			}
		}
		memo[n] = need
		return need
	}
	visit(root)
	t.needed = memo
}

// execute runs n on its input buffer and routes its outputs.
func (t *graphTask) execute(n *Node, q *readyQueue) {
	in := t.buffers[n]
	delete(t.buffers, n)
	if in == nil {
		in = make([]*tensor.Tensor, max(1, len(n.in)))
	}
	applyHooks(n, in)
	for nr, rt := range n.retained {
		if nr < len(in) && in[nr] != nil {
			m := ensure(rt)
			if m.grad == nil {
				m.grad = in[nr].Clone()
			} else {
				m.grad = binary(tensor.OpAdd, m.grad, in[nr])
			}
		}
	}
	var out []*tensor.Tensor
	if t.needed == nil || t.needed[n] {
		if n.variable != nil {
			if t.captures == nil {
				if traceHook != nil {
					trace(traceAccumulate, shapesText(in[:1]))
				}
				accumulate(n.variable, in[0], t.owned[in[0]])
			}
		} else if n.name == "GraphRoot" || anyDefined(in) {
			out = n.apply(in)
			if n.name != "GraphRoot" { // the root's are the caller's tensors
				t.markOwned(in, out)
			}
			if traceHook != nil && n.name != "GraphRoot" {
				trace(traceNode, n.name, shapesText(in), shapesText(out))
			}
		}
		if !t.retain {
			n.release()
		}
	}
	for i, e := range n.next {
		if e.Fn == nil {
			continue
		}
		var g *tensor.Tensor
		if i < len(out) {
			g = out[i]
		}
		if g != nil {
			if v := validate(n, i, g, e.Fn.in[e.Input]); v != g {
				g = v
				t.owned[g] = true
			}
		}
		for _, idx := range t.captures[e] {
			if g == nil {
				break
			}
			if t.results[idx] == nil {
				t.results[idx] = g
			} else {
				t.results[idx] = add(t.results[idx], g)
			}
		}
		buf := t.buffers[e.Fn]
		if buf == nil {
			buf = make([]*tensor.Tensor, max(1, len(e.Fn.in)))
			t.buffers[e.Fn] = buf
		}
		if g != nil {
			if buf[e.Input] == nil {
				buf[e.Input] = g
			} else {
				buf[e.Input] = add(buf[e.Input], g)
				t.owned[buf[e.Input]] = true
			}
		}
		t.deps[e.Fn]--
		if t.deps[e.Fn] == 0 {
			heap.Push(q, e.Fn)
		}
	}
}

// markOwned records the outputs of a node that are new tensors, each
// routed once.
func (t *graphTask) markOwned(in, out []*tensor.Tensor) {
	for i, g := range out {
		if g == nil {
			continue
		}
		fresh := true
		for _, x := range in {
			if x == g {
				fresh = false
			}
		}
		for j, h := range out {
			if j != i && h == g {
				fresh = false
			}
		}
		if fresh {
			t.owned[g] = true
		}
	}
}

func anyDefined(ts []*tensor.Tensor) bool {
	for _, t := range ts {
		if t != nil {
			return true
		}
	}
	return false
}

// validate is validate_outputs for one gradient: reduced to the input's
// shape when it was broadcast (sum_to), cast to its dtype.
func validate(n *Node, i int, g *tensor.Tensor, m inputMeta) *tensor.Tensor {
	if !sameShape(g.Shape(), m.shape) {
		if !expandable(m.shape, g.Shape()) {
			raise(errInvalidGrad, n.Name(), i, tensor.ShapeString(g.Shape()), tensor.ShapeString(m.shape))
		}
		if traceHook != nil {
			trace(traceSumTo, tensor.ShapeString(g.Shape()), tensor.ShapeString(m.shape))
		}
		g = sumTo(g, m.shape)
	}
	if g.DType() != m.dtype {
		g = toDType(g, m.dtype)
	}
	return g
}

// expandable tells whether shape can be expanded to target.
func expandable(shape, target []int) bool {
	if len(shape) > len(target) {
		return false
	}
	off := len(target) - len(shape)
	for i, s := range shape {
		if s != 1 && s != target[off+i] {
			return false
		}
	}
	return true
}

// accumulate is AccumulateGrad: the leaf's .grad becomes g, or grows by it.
func accumulate(leaf, g *tensor.Tensor, owned bool) {
	if g == nil {
		return
	}
	m := ensure(leaf)
	switch {
	case m.grad == nil:
		switch {
		case gradEnabled:
			// create_graph: a recorded copy, so that the graph goes on
			c := contiguousLike(g, leaf)
			if needsGrad(g) {
				SetHistory(c, RecordCopy(c, g), 0)
			}
			m.grad = c
		case owned && g.IsContiguous() && (leaf.IsContiguous() || sameShape(g.Strides(), leaf.Strides())):
			m.grad = g
		default:
			m.grad = contiguousLike(g, leaf)
		}
	case gradEnabled:
		m.grad = add(m.grad, g)
	default:
		tensor.Binary(tensor.OpAdd, tensor.TensorOperand(m.grad), tensor.TensorOperand(g), tensor.Opts{Inplace: true})
		m.grad.Storage().BumpVersion()
	}
	if m.grad.Device() != leaf.Device() {
		// a gradient made from CPU constants: the leaf's device
		m.grad.SetDevice(leaf.Device())
	}
}

// contiguousLike is clone_obey_contract: a copy of g with the leaf's
// strides when they are dense, else contiguous.
func contiguousLike(g, leaf *tensor.Tensor) *tensor.Tensor {
	if g.Numel() > 1 && allZero(g.Strides()) {
		// one value expanded (the gradient of a sum): a fill
		return tensor.Full(g.Shape(), g.Storage().Get(g.Offset()), g.DType())
	}
	var out *tensor.Tensor
	if tensor.IsNonOverlappingAndDense(leaf.Shape(), leaf.Strides()) {
		out = tensor.EmptyLike(leaf, g.DType())
	} else {
		out = tensor.Empty(g.Shape(), g.DType())
	}
	tensor.CopyInto(out, g)
	return out
}

// readyQueue is the engine's ready queue: the node with the highest
// sequence number (the most recently created) first.
type readyQueue []*Node

func (q readyQueue) Len() int           { return len(q) }
func (q readyQueue) Less(i, j int) bool { return q[i].seq > q[j].seq }
func (q readyQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *readyQueue) Push(x any)        { *q = append(*q, x.(*Node)) }
func (q *readyQueue) Pop() any {
	old := *q
	n := old[len(old)-1]
	*q = old[:len(old)-1]
	return n
}

func allZero(xs []int) bool {
	for _, x := range xs {
		if x != 0 {
			return false
		}
	}
	return true
}
