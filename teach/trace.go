package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"slices"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// %trace on reports every implicit broadcast as it happens, one line on
// the warnings stream (stderr in the REPL and in scripts; in transcripts,
// where warnings are part of the output, in line with it):
//
//	broadcast: x [5,1,4,1] + y [3,1,1] -> [5,3,4,1]
//
// A broadcast is implicit when an operand's shape differs from the
// result's. The evaluator reports operators (binaryAt, compareAt,
// inplaceAt) and calls of the pointwise functions and methods and of
// matmul (traceCall) after they succeed; Python numbers never count.

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "trace",
		Usage: "%trace [on|off]",
		Doc:   "Reports every implicit broadcast as it happens (operands, their shapes and the result's), on stderr.",
		Save:  true,
		Run: func(s *eval.Session, arg string) {
			s.SetTrace(parseOnOff(s, "trace", arg, s.Tracing()))
		},
	})
}

// parseOnOff reads "on"/"off"; with no argument it prints the state.
func parseOnOff(s *eval.Session, name, arg string, cur bool) bool {
	switch arg {
	case "":
		state := "off"
		if cur {
			state = "on"
		}
		s.Print(fmt.Sprintf(msgStateIs, name, state) + "\n")
		return cur
	case "on":
		return true
	case "off":
		return false
	}
	eval.Throw("UsageError", msgOnOff, name, arg)
	return cur
}

// traceBroadcast prints one trace line when some operand's shape differs
// from result. op is an operator ("+") for two operands, or the call's
// text; names are the operands' source texts.
func traceBroadcast(s *eval.Session, op string, names []string, shapes [][]int, result []int) {
	if !s.Tracing() {
		return
	}
	implicit := false
	for _, sh := range shapes {
		if !slices.Equal(sh, result) {
			implicit = true
		}
	}
	if !implicit {
		return
	}
	var line string
	if len(names) == 2 && isOperator(op) {
		line = fmt.Sprintf(traceBinary, names[0], fmtShape(shapes[0]), op, names[1], fmtShape(shapes[1]), fmtShape(result))
	} else {
		parts := make([]string, len(names))
		for i := range names {
			parts[i] = fmt.Sprintf(traceOperand, names[i], fmtShape(shapes[i]))
		}
		line = fmt.Sprintf(traceCall, op, strings.Join(parts, ", "), fmtShape(result))
	}
	fmt.Fprintln(s.TraceWriter(), line)
}

func isOperator(op string) bool {
	return op != "" && strings.IndexFunc(op, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) < 0
}

// traceOperator reports x op y after it succeeded.
func traceOperator(s *eval.Session, src string, xn, yn lang.Node, op lang.Op, x, y, r eval.Value) {
	if xa, ok := x.(ExplainArray); ok && op != lang.At { // NumPy, Paddle: explain_lib.go
		if ya, ok := y.(ExplainArray); ok {
			xs, _ := xa.ExplainShape()
			ys, _ := ya.ExplainShape()
			if res, err := broadcast.InferSize(xs, ys); err == nil {
				traceBroadcast(s, op.String(), []string{strings.TrimSpace(lang.Source(src, xn)), strings.TrimSpace(lang.Source(src, yn))}, [][]int{xs, ys}, res)
			}
		}
		return
	}
	a, aok := x.(*tensor.Tensor)
	b, bok := y.(*tensor.Tensor)
	if !aok || !bok {
		return
	}
	xs, ys := strings.TrimSpace(lang.Source(src, xn)), strings.TrimSpace(lang.Source(src, yn))
	if op == lang.At {
		traceMatmulOf(s, xs, ys, a.Shape(), b.Shape(), r)
		return
	}
	res, err := broadcast.InferSize(a.Shape(), b.Shape())
	if err != nil {
		return
	}
	traceBroadcast(s, op.String(), []string{xs, ys}, [][]int{a.Shape(), b.Shape()}, res)
}

// traceMatmul reports a matrix product whose batch dims broadcast.
func traceMatmulOf(s *eval.Session, xs, ys string, a, b []int, r eval.Value) {
	rt, ok := r.(*tensor.Tensor)
	if !ok || len(a) < 3 && len(b) < 3 {
		return
	}
	ba, bb := a[:max(len(a)-2, 0)], b[:max(len(b)-2, 0)]
	batch, err := broadcast.InferSize(ba, bb)
	if err != nil || (slices.Equal(ba, batch) && slices.Equal(bb, batch)) {
		return
	}
	fmt.Fprintln(s.TraceWriter(), fmt.Sprintf(traceMatmul, xs, fmtShape(a), ys, fmtShape(b),
		fmtShape(rt.Shape()), fmtShape(ba), fmtShape(bb), fmtShape(batch)))
}

// traceInplace reports x op= y: y is expanded to x's shape.
func traceInplaceOf(s *eval.Session, src string, st *lang.AugAssignStmt, x, y eval.Value) {
	a, aok := x.(*tensor.Tensor)
	b, bok := y.(*tensor.Tensor)
	if !aok || !bok || st.Op == lang.At || slices.Equal(a.Shape(), b.Shape()) {
		return
	}
	xs := strings.TrimSpace(lang.Source(src, st.Target))
	ys := strings.TrimSpace(lang.Source(src, st.Value))
	fmt.Fprintln(s.TraceWriter(), fmt.Sprintf(traceInplace, xs, st.Op.String(), ys, ys, fmtShape(b.Shape()), fmtShape(a.Shape())))
}

// traceCall reports a call of a broadcasting function or method after it
// succeeded.
func traceCallOf(s *eval.Session, src string, e *lang.CallExpr, fn eval.Value, args *eval.Args, r eval.Value) {
	var name string
	var self eval.Value
	switch f := fn.(type) {
	case *eval.Builtin:
		name = f.Name
	case *eval.BoundMethod:
		name, self = f.Fn.Name, f.Self
	default:
		return
	}
	base := strings.TrimSuffix(name, "_")
	inplace := self != nil && base != name
	if !pointwiseNames[base] && base != "copy" && name != "matmul" {
		return
	}
	text := func(n lang.Node) string { return strings.TrimSpace(lang.Source(src, n)) }
	var names []string
	var shapes [][]int
	if t, ok := self.(*tensor.Tensor); ok {
		selfText := "self"
		if a, ok := e.Fn.(*lang.AttrExpr); ok {
			selfText = text(a.X)
		}
		names = append(names, selfText)
		shapes = append(shapes, t.Shape())
	}
	k := 0
	for _, a := range e.Args {
		if a.Star != 0 {
			return // positions no longer match the source
		}
		var v eval.Value
		if a.Name == "" {
			if k >= len(args.Pos) {
				return
			}
			v = args.Pos[k]
			k++
		} else {
			if a.Name == "out" {
				continue
			}
			v, _ = args.Kwarg(a.Name)
		}
		if t, ok := v.(*tensor.Tensor); ok {
			names = append(names, text(a.Value))
			shapes = append(shapes, t.Shape())
		}
	}
	if len(shapes) < 2 {
		return
	}
	if name == "matmul" {
		traceMatmulOf(s, names[0], names[1], shapes[0], shapes[1], r)
		return
	}
	if name == "where" && self != nil {
		// x.where(condition, y) broadcasts condition, x, y
		names[0], names[1] = names[1], names[0]
		shapes[0], shapes[1] = shapes[1], shapes[0]
	}
	var result []int
	if inplace {
		result = shapes[0]
	} else {
		rt, ok := r.(*tensor.Tensor)
		if !ok {
			return
		}
		result = rt.Shape()
	}
	traceBroadcast(s, text(e), names, shapes, result)
}
