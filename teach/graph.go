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
	seen := map[*autograd.Node]int{}
	count := 0
	var walk func(n *autograd.Node, prefix, branch string, input int)
	walk = func(n *autograd.Node, prefix, branch string, input int) {
		label := graphLabel(s, n)
		if id, ok := seen[n]; ok {
			fmt.Fprintf(&b, "%s%s"+msgGraphSeen+"\n", prefix, branch, label, id)
			return
		}
		count++
		seen[n] = count
		fmt.Fprintf(&b, "%s%s[%d] %s\n", prefix, branch, count, label)
		child := prefix
		switch branch {
		case "├─ ":
			child += "│  "
		case "└─ ":
			child += "   "
		}
		next := n.NextFunctions()
		for i, e := range next {
			br := "├─ "
			if i == len(next)-1 {
				br = "└─ "
			}
			if e.Fn == nil {
				fmt.Fprintf(&b, "%s%s%s\n", child, br, msgGraphNoGrad)
				continue
			}
			walk(e.Fn, child, br, e.Input)
		}
	}
	walk(fn, "", "", 0)
	return b.String()
}

// graphLabel is a node's line: its name and the gradients' shapes, or
// for AccumulateGrad the leaf (and the variables naming it).
func graphLabel(s *eval.Session, n *autograd.Node) string {
	if leaf := n.Variable(); leaf != nil {
		var names []string
		for k, v := range s.Globals() {
			if v == eval.Value(leaf) {
				names = append(names, k)
			}
		}
		label := fmt.Sprintf(msgGraphAccum, fmtShape(leaf.Shape()))
		if len(names) > 0 {
			sort.Strings(names)
			label += " " + fmt.Sprintf(msgGraphNames, strings.Join(names, ", "))
		}
		return label
	}
	var shapes []string
	for _, sh := range n.OutputShapes() {
		shapes = append(shapes, fmtShape(sh))
	}
	return fmt.Sprintf(msgGraphNode, n.TypeName(), strings.Join(shapes, ", "))
}
