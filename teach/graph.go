package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"sort"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// %graph draws the backward graph of a tensor: its grad_fn and, below it,
// the nodes its gradients flow to, down to the leaves that will receive
// them (named by the variables that hold them).

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "graph",
		Usage: "%graph EXPR",
		Doc: "Draws the backward graph that EXPR's grad_fn starts: each node with the shapes of the " +
			"gradients it receives, down to the leaves (and their variables) whose .grad backward fills.",
		Save: true,
		Run: func(s *eval.Session, arg string) {
			if strings.TrimSpace(arg) == "" {
				eval.Throw("UsageError", "%s", msgGraphUsage)
			}
			s.Print(Graph(s, arg))
		},
	})
}

// Graph returns what %graph prints for the tensor expression src.
func Graph(s *eval.Session, src string) string {
	e, err := lang.ParseExpr(src)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	v := s.Eval(e)
	t, ok := v.(*tensor.Tensor)
	name := strings.TrimSpace(lang.Source(src, e))
	if !ok {
		eval.Throw("UsageError", msgGraphNotTensor, name)
	}
	var b strings.Builder
	fn := autograd.GradFn(t)
	switch {
	case fn == nil && autograd.RequiresGrad(t):
		fmt.Fprintf(&b, msgGraphLeaf+"\n", name, fmtShape(t.Shape()))
		return b.String()
	case fn == nil:
		fmt.Fprintf(&b, msgGraphNone+"\n", name)
		return b.String()
	}
	fmt.Fprintf(&b, msgGraphHead+"\n", name, fmtShape(t.Shape()))
	writeGraph(&b, fn, leafNames(s))
	return b.String()
}

// Bounds of %graph's drawing (issue 27 item 6): it walks the graph with a
// stack of its own, not recursion, so that depth does not matter; the
// indent stops growing at maxGraphIndent levels, so that a deep graph's
// text is linear in its size (it was quadratic); and it draws at most
// maxGraphNodes nodes, then says how many more there are.
const (
	maxGraphIndent = 32
	maxGraphNodes  = 2000
)

// graphItem is a line to draw: a node (nil: an input without a gradient)
// under its parent's prefix, with its branch, and its indent level.
type graphItem struct {
	n              *autograd.Node
	prefix, branch string
	level          int
}

// writeGraph draws the graph from fn, depth first, children in order.
func writeGraph(b *strings.Builder, fn *autograd.Node, names map[*tensor.Tensor]string) {
	seen := map[*autograd.Node]int{}
	count, flat := 0, false
	stack := []graphItem{{n: fn}}
	for len(stack) > 0 {
		eval.Poll()
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.n == nil {
			fmt.Fprintf(b, "%s%s%s\n", it.prefix, it.branch, msgGraphNoGrad)
			continue
		}
		label := graphLabel(it.n, names)
		if id, ok := seen[it.n]; ok {
			fmt.Fprintf(b, "%s%s"+msgGraphSeen+"\n", it.prefix, it.branch, label, id)
			continue
		}
		if count == maxGraphNodes {
			fmt.Fprintf(b, msgGraphMore+"\n", countNodes(fn)-count, maxGraphNodes)
			break
		}
		count++
		seen[it.n] = count
		fmt.Fprintf(b, "%s%s[%d] %s\n", it.prefix, it.branch, count, label)
		child, level := it.prefix, it.level
		if level < maxGraphIndent {
			switch it.branch {
			case "├─ ":
				child += "│  "
			case "└─ ":
				child += "   "
			}
			if it.branch != "" {
				level++
			}
		} else {
			flat = true
		}
		next := it.n.NextFunctions()
		for i := len(next) - 1; i >= 0; i-- {
			br := "├─ "
			if i == len(next)-1 {
				br = "└─ "
			}
			stack = append(stack, graphItem{n: next[i].Fn, prefix: child, branch: br, level: level})
		}
	}
	if flat {
		fmt.Fprintf(b, msgGraphFlat+"\n", maxGraphIndent)
	}
}

// countNodes is the number of distinct nodes of the graph from fn.
func countNodes(fn *autograd.Node) int {
	seen := map[*autograd.Node]bool{fn: true}
	stack := []*autograd.Node{fn}
	for len(stack) > 0 {
		eval.Poll()
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range n.NextFunctions() {
			if e.Fn != nil && !seen[e.Fn] {
				seen[e.Fn] = true
				stack = append(stack, e.Fn)
			}
		}
	}
	return len(seen)
}

// leafNames maps each tensor held by a global variable to the sorted
// names holding it (once, not per leaf drawn).
func leafNames(s *eval.Session) map[*tensor.Tensor]string {
	byTensor := map[*tensor.Tensor][]string{}
	for k, v := range s.Globals() {
		if t, ok := v.(*tensor.Tensor); ok {
			byTensor[t] = append(byTensor[t], k)
		}
	}
	names := make(map[*tensor.Tensor]string, len(byTensor))
	for t, ns := range byTensor {
		sort.Strings(ns)
		names[t] = strings.Join(ns, ", ")
	}
	return names
}

// graphLabel is a node's line: its name and the gradients' shapes, or
// for AccumulateGrad the leaf (and the variables naming it).
func graphLabel(n *autograd.Node, names map[*tensor.Tensor]string) string {
	if leaf := n.Variable(); leaf != nil {
		label := fmt.Sprintf(msgGraphAccum, fmtShape(leaf.Shape()))
		if ns := names[leaf]; ns != "" {
			label += " " + fmt.Sprintf(msgGraphNames, ns)
		}
		return label
	}
	var shapes []string
	for _, sh := range n.OutputShapes() {
		shapes = append(shapes, fmtShape(sh))
	}
	return fmt.Sprintf(msgGraphNode, n.TypeName(), strings.Join(shapes, ", "))
}
