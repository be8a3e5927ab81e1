package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// Hints: after an error, a short cause line names the failing
// sub-expression and its operands' shapes:
//
//	RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1
//	x + y: x is [5, 2, 4, 1], y is [3, 1, 1]; result dim 1: 2 vs 3
//
// The evaluator keeps a note of the operation it is running (opContext);
// when an exception unwinds, the innermost operation's note stays, and
// Hint explains it with the same analyses as %explain.

// Hint returns the cause line for e, the exception Exec just returned,
// or "" when hints are off or tensh has nothing to add. The REPL prints
// it (dimmed) under the error; transcripts never show it.
func Hint(s *eval.Session, e *eval.Exception) string {
	if !s.HintsEnabled() || e == nil || s.LastFailure().Exc != e {
		return ""
	}
	return CauseOf(s, e)
}

// CauseOf returns the cause line for e whether or not hints are on.
func CauseOf(s *eval.Session, e *eval.Exception) (out string) {
	f := s.LastFailure()
	if f.Exc != e || f.Ctx.Node == nil {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			out = "" // a hint must never turn into an error
		}
	}()
	return cause(s, f)
}

func cause(s *eval.Session, f eval.Failure) string {
	c := f.Ctx
	text := func(n lang.Node) string { return strings.TrimSpace(lang.Source(f.Src, n)) }
	tensorOp := func(n lang.Node, v eval.Value) (opnd, bool) {
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return opnd{}, false
		}
		name := text(n)
		if name == "" {
			name = "self"
		}
		return opndOf(name, t), true
	}
	if eval.Tensors.Cause != nil {
		if h := eval.Tensors.Cause(f.Exc); h != "" {
			return h
		}
	}
	if h := overlapCause(s, f, text); h != "" {
		return h
	}
	switch n := c.Node.(type) {
	case *lang.BinaryExpr:
		if h, ok := libCause(text(n), text(n.X), text(n.Y), c.X, c.Y, f.Exc); ok { // explain_lib.go
			return h
		}
		a, aok := tensorOp(n.X, c.X)
		b, bok := tensorOp(n.Y, c.Y)
		return causeOperator(s, text(n), n.Op, a, aok, b, bok, f.Exc)
	case *lang.CompareExpr:
		// the failing comparison is the one whose operands are x and y
		for i := range n.Ops {
			if i+1 < len(n.Operands) {
				a, aok := tensorOp(n.Operands[i], c.X)
				b, bok := tensorOp(n.Operands[i+1], c.Y)
				if aok || bok {
					return causeOperator(s, text(n), n.Ops[i], a, aok, b, bok, f.Exc)
				}
			}
		}
	case *lang.AugAssignStmt:
		a, aok := tensorOp(n.Target, c.X)
		b, bok := tensorOp(n.Value, c.Y)
		if aok && bok && n.Op != lang.At {
			st := analyzeInplace(text(n), a, []opnd{b}, s.Compat)
			return causeLine(st, f.Exc)
		}
		return causeOperator(s, text(n), n.Op, a, aok, b, bok, f.Exc)
	case *lang.CallExpr:
		return causeCall(s, f, n, text)
	}
	return ""
}

// causeOperator explains a failing x op y.
func causeOperator(s *eval.Session, expr string, op lang.Op, a opnd, aok bool, b opnd, bok bool, e *eval.Exception) string {
	switch {
	case aok && bok && op == lang.At:
		return causeLine(analyzeMatmul(expr, a, b), e)
	case aok && bok:
		return causeLine(analyzeBroadcast(expr, []opnd{a, b}), e)
	}
	return ""
}

// causeLine is "EXPR: x is [..], y is [..]; CAUSE" for a failing step,
// when the analysis predicts exactly the error e that was raised (so that
// a hint never explains some other error).
func causeLine(st *step, e *eval.Exception) string {
	if st.err == nil || st.cause == "" || !sameError(st.err, e) {
		return ""
	}
	return fmt.Sprintf(hintOperands, st.expr, operandsPhrase(st.ops)) + "; " + st.cause
}

func sameError(predicted, got *eval.Exception) bool {
	if got == nil {
		return false
	}
	msg, _, _ := strings.Cut(got.Msg, "\n")
	return predicted.Type == got.Type && predicted.Msg == msg
}

// causeCall explains a failing call from the function's name and its
// tensor arguments.
func causeCall(s *eval.Session, f eval.Failure, n *lang.CallExpr, text func(lang.Node) string) string {
	c := f.Ctx
	var name string
	var self eval.Value
	var selfNode lang.Node
	switch fn := c.Fn.(type) {
	case *eval.BoundMethod:
		name, self = fn.Fn.Name, fn.Self
		if a, ok := n.Fn.(*lang.AttrExpr); ok {
			selfNode = a.X
		}
	case *eval.Builtin:
		name = fn.Name
	default:
		return ""
	}
	// Tensor operands with their source text.
	var ops []opnd
	var selfOp *opnd
	if t, ok := self.(*tensor.Tensor); ok {
		o := opndOf(text(selfNode), t)
		selfOp = &o
	}
	argNode := func(i int) lang.Node {
		k := 0
		for _, a := range n.Args {
			if a.Name == "" && a.Star == 0 {
				if k == i {
					return a.Value
				}
				k++
			}
		}
		return nil
	}
	kwNode := func(name string) lang.Node {
		for _, a := range n.Args {
			if a.Name == name {
				return a.Value
			}
		}
		return nil
	}
	var posOps []opnd
	if c.Args != nil {
		for i, v := range c.Args.Pos {
			if t, ok := v.(*tensor.Tensor); ok {
				nm := text(argNode(i))
				if nm == "" {
					nm = fmt.Sprintf("argument %d", i+1)
				}
				posOps = append(posOps, opndOf(nm, t))
			}
		}
		for _, kw := range c.Args.Kw {
			if t, ok := kw.Value.(*tensor.Tensor); ok && kw.Name != "out" {
				posOps = append(posOps, opndOf(text(kwNode(kw.Name)), t))
			}
		}
	}
	if selfOp != nil {
		ops = append([]opnd{*selfOp}, posOps...)
	} else {
		ops = posOps
	}
	expr := text(n)
	base := strings.TrimSuffix(name, "_")
	inplace := selfOp != nil && strings.HasSuffix(name, "_") && !strings.HasPrefix(name, "__")
	var st *step
	switch {
	case inplace && (pointwiseNames[base] || base == "copy" || base == "masked_fill") && len(posOps) > 0:
		st = analyzeInplace(expr, *selfOp, posOps, s.Compat)
	case name == "where" && len(ops) >= 2:
		if selfOp != nil && len(posOps) >= 1 {
			// x.where(condition, y): condition, x, y
			ops = append([]opnd{posOps[0], *selfOp}, posOps[1:]...)
		}
		st = analyzeBroadcast(expr, ops)
	case pointwiseNames[name] && len(ops) >= 2:
		st = analyzeBroadcast(expr, ops)
	case (name == "matmul" || name == "mm" || name == "mv" || name == "dot") && len(ops) == 2:
		if d := matFnDims(expr, name, ops[0], ops[1]); d != nil {
			st = d
		} else {
			st = analyzeMatmul(expr, ops[0], ops[1])
		}
	case name == "bmm" && len(ops) == 2:
		if d := matFnDims(expr, name, ops[0], ops[1]); d != nil {
			st = d
		} else {
			st = analyzeBmm(expr, ops[0], ops[1])
		}
	case (name == "expand" || name == "broadcast_to" || name == "expand_as") && selfOp != nil:
		target := sizesOf(s, name, c.Args, posOps)
		if target == nil {
			return ""
		}
		st = analyzeExpand(expr, *selfOp, target)
		st.ops = []opnd{*selfOp}
	case (name == "view" || name == "reshape" || name == "view_as" || name == "reshape_as") && selfOp != nil:
		sizes := sizesOf(s, name, c.Args, posOps)
		if sizes == nil {
			return ""
		}
		st = analyzeView(expr, *selfOp, sizes, strings.HasPrefix(name, "reshape"))
		st.ops = []opnd{*selfOp}
		if st.err != nil && st.cause != "" && sameError(st.err, f.Exc) {
			return fmt.Sprintf(hintOperands, expr, fmt.Sprintf(hintIs, selfOp.name, fmtShape(selfOp.shape))) + ", " + st.cause
		}
		return ""
	}
	if st != nil {
		return causeLine(st, f.Exc)
	}
	return ""
}

// sizesOf reads the size arguments of expand/view (or the shape of the
// tensor argument of the _as forms).
func sizesOf(s *eval.Session, name string, a *eval.Args, tensors []opnd) []int {
	if a == nil {
		return nil
	}
	if strings.HasSuffix(name, "_as") {
		if len(tensors) == 1 {
			return tensors[0].shape
		}
		return nil
	}
	var out []int
	if e := s.Guard(func() {
		b := (&eval.Args{Name: name}).Bind(s)
		switch {
		case len(a.Pos) == 1:
			if _, isInt := a.Pos[0].(eval.Int); !isInt {
				out = b.ToInts("size", a.Pos[0])
				return
			}
			out = b.ToInts("size", eval.Tuple(a.Pos))
		case len(a.Pos) > 1:
			out = b.ToInts("size", eval.Tuple(a.Pos))
		default:
			if v, ok := a.Kwarg("size"); ok {
				out = b.ToInts("size", v)
			} else if v, ok := a.Kwarg("shape"); ok {
				out = b.ToInts("size", v)
			}
		}
	}); e != nil {
		return nil
	}
	return out
}

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "hints",
		Usage: "%hints [on|off]",
		Doc: "Turns on or off the hint line printed under an error: the failing sub-expression, its " +
			"operands' shapes and the dimension at fault. On by default in the REPL; off by default in " +
			"scripts and --echo, where tensh --hints (or %hints on) turns them on, on stderr (beside an " +
			"--echo transcript, never in it); tensh check never prints them.",
		Save: true,
		Run: func(s *eval.Session, arg string) {
			s.SetHints(parseOnOff(s, "hints", arg, s.HintsEnabled()))
		},
	})
}
