package autograd

import (
	"fmt"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// Node is a function of the backward graph (torch::autograd::Node): it
// maps the gradients of a forward operation's outputs to the gradients of
// its inputs, which flow along its edges.
type Node struct {
	name  string // "MulBackward0"
	next  []Edge
	seq   uint64
	in    []inputMeta // shape and dtype of each forward output
	apply func(grads []*tensor.Tensor) []*tensor.Tensor
	saved []*saved
	freed bool

	sub      *Node          // CopySlices: the in-place operation's node
	variable *tensor.Tensor // AccumulateGrad's leaf
	retained map[int]*tensor.Tensor
	hooks    map[int][]*Hook // tensor hooks of its outputs (hooks.go)

	// Handle is the evaluator's object for this node (one Python object
	// per node, so that `is` holds); this package never reads it.
	Handle any
}

// Edge is a Node's input a gradient flows to; a nil Fn is no edge (an
// input that does not require grad).
type Edge struct {
	Fn    *Node
	Input int
}

type inputMeta struct {
	shape []int
	dtype tensor.DType
}

// seqCounter numbers nodes in creation order: the engine runs the newest
// ready node first.
var seqCounter uint64

// Name is grad_fn.name(): the C++ name for the nodes that are not
// generated ("torch::autograd::AccumulateGrad").
func (n *Node) Name() string {
	switch n.name {
	case "AccumulateGrad", "CopySlices", "GraphRoot", "CopyBackwards", "NotImplemented":
		return "torch::autograd::" + n.name
	}
	return n.name
}

// Renamed gives n another name (an alias whose node PyTorch names apart:
// sgn's SgnBackward0 computes sign's formula for real tensors).
func (n *Node) Renamed(name string) *Node {
	if n != nil {
		n.name = name
	}
	return n
}

// TypeName is type(grad_fn).__name__ (what reprs print).
func (n *Node) TypeName() string { return n.name }

// NextFunctions is grad_fn.next_functions: each edge's node (nil for
// none) and input number.
func (n *Node) NextFunctions() []Edge { return n.next }

// Variable is AccumulateGrad's .variable (nil for other nodes).
func (n *Node) Variable() *tensor.Tensor { return n.variable }

// newNode makes a node over inputs (nil entries for the inputs that are
// not tensors), with edges to the inputs that require grad.
func newNode(name string, nOut int, inputs ...*tensor.Tensor) *Node {
	seqCounter++
	n := &Node{name: name, seq: seqCounter, in: make([]inputMeta, nOut)}
	n.next = make([]Edge, len(inputs))
	for i, t := range inputs {
		n.next[i] = gradientEdge(t)
	}
	return n
}

// gradientEdge is impl::gradient_edge: where t's gradient goes.
func gradientEdge(t *tensor.Tensor) Edge {
	m := meta(t)
	if m == nil {
		return Edge{}
	}
	if fn := GradFn(t); fn != nil {
		return Edge{fn, m.outputNr}
	}
	if m.requiresGrad {
		return Edge{gradAccumulator(t, m), 0}
	}
	return Edge{}
}

// gradAccumulator is the leaf's AccumulateGrad node (one per leaf).
func gradAccumulator(t *tensor.Tensor, m *Meta) *Node {
	if m.gradAcc == nil {
		m.gradAcc = &Node{name: "AccumulateGrad", seq: math.MaxUint64, variable: t,
			in: []inputMeta{{append([]int{}, t.Shape()...), t.DType()}}}
	}
	return m.gradAcc
}

// needsGrad tells whether an operation on inputs records a node.
func needsGrad(inputs ...*tensor.Tensor) bool {
	if !gradEnabled {
		return false
	}
	for _, t := range inputs {
		if RequiresGrad(t) {
			return true
		}
	}
	return false
}

// NeedsGrad is needsGrad for the evaluator: grad mode is on and an input
// requires grad.
func NeedsGrad(inputs ...*tensor.Tensor) bool { return needsGrad(inputs...) }

// SetHistory makes n the grad_fn of out, its output nr.
func SetHistory(out *tensor.Tensor, n *Node, nr int) {
	m := ensure(out)
	m.gradFn, m.outputNr = n, nr
	m.requiresGrad = false
	n.in[nr] = inputMeta{append([]int{}, out.Shape()...), out.DType()}
}

// saved is a SavedVariable: a tensor saved for backward, with the version
// it had then.
type saved struct {
	t        *tensor.Tensor
	version  uint64
	isOutput bool
	node     *Node // for outputs: the node (for the message)
	outNr    int
}

// save records t for backward. isOutput marks an output of n (saved
// without keeping n's history in t, as PyTorch saves outputs).
func (n *Node) save(t *tensor.Tensor, isOutput bool) *saved {
	if t == nil {
		return nil
	}
	if !inference && IsInference(t) {
		raise(errInferenceSave)
	}
	s := &saved{t: t, version: t.Storage().Version(), isOutput: isOutput}
	if isOutput {
		s.node = n
		s.outNr = OutputNr(t)
	}
	n.saved = append(n.saved, s)
	return s
}

// get unpacks a saved tensor: an error if the graph was freed, or if the
// tensor was modified in place since.
func (n *Node) get(s *saved) *tensor.Tensor {
	if n.freed {
		raise(errBackwardTwice)
	}
	if n.sub != nil && n.sub.freed {
		raise(errBackwardTwice)
	}
	if s == nil {
		return nil
	}
	if v := s.t.Storage().Version(); v != s.version {
		by := ""
		if s.isOutput {
			by = sprintf(errModifiedOutput, s.outNr, s.node.Name())
		} else if fn := GradFn(s.t); fn != nil {
			// an input names its grad_fn of now, as PyTorch's unpack does
			by = sprintf(errModifiedOutput, OutputNr(s.t), fn.Name())
		}
		raise(errModified, tensor.LegacyTypeName(s.t.DType(), s.t.Device()), tensor.ShapeString(s.t.Shape()), by, v, s.version)
	}
	return s.t
}

// release frees the saved tensors (after a backward without retain_graph).
func (n *Node) release() {
	if len(n.saved) > 0 {
		n.freed = true
	}
	n.saved = nil
	if n.sub != nil {
		n.sub.release()
	}
}

var sprintf = fmt.Sprintf

// OutputShapes are the shapes of the forward outputs whose gradients n
// receives (a leaf's shape for AccumulateGrad).
func (n *Node) OutputShapes() [][]int {
	out := make([][]int, len(n.in))
	for i, m := range n.in {
		out[i] = m.shape
	}
	return out
}
