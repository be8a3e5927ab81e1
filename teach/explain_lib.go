package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strconv"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/broadcast"
)

// %explain for the arrays of library modules (NumPy's ndarray, Paddle's
// Tensor): the same step-by-step layout as for tensors, the library's own
// error line (its exception, from running the operation), and for
// Paddle's axis= the alignment that starts at axis instead of at the
// trailing dimension.

// ExplainArray is a library array %explain shows: its shape, and the
// framework its error lines name ("NumPy", "Paddle").
type ExplainArray interface {
	ExplainShape() (shape []int, framework string)
}

// InplaceExplainer is a library array whose augmented assignments work in
// place (NumPy's x += y): ExplainInplace is the exception x op= other
// would raise, found without modifying x (nil when it would succeed).
type InplaceExplainer interface {
	ExplainArray
	ExplainInplace(s *eval.Session, op lang.Op, other eval.Value) *eval.Exception
}

// libBinary explains x op y when an operand is a library array.
func (ex *explainer) libBinary(e lang.Expr, op lang.Op, x, y aval) (aval, bool) {
	_, xa := x.v.(ExplainArray)
	_, ya := y.v.(ExplainArray)
	if !xa && !ya || op == lang.At {
		return aval{}, false
	}
	names := []string{ex.text(x.node), ex.text(y.node)}
	return ex.libBroadcast(e, names, []eval.Value{x.v, y.v}, -1, func() eval.Value { return ex.s.Binary(op, x.v, y.v) }), true
}

// libCall explains a call of a function of ExplainOperands.
func (ex *explainer) libCall(e *lang.CallExpr, fn eval.Value, args *callArgs) (aval, bool) {
	b, ok := fn.(*eval.Builtin)
	if !ok {
		return aval{}, false
	}
	opsOf, ok := eval.ExplainOperands[b]
	if !ok || impure(e) != "" {
		return aval{}, false
	}
	cargs := (&eval.Args{Name: b.Name}).Bind(ex.s)
	for _, a := range args.pos {
		cargs.Pos = append(cargs.Pos, ex.value(a))
	}
	for _, k := range args.kwOrder {
		cargs.Kw = append(cargs.Kw, eval.KwArg{Name: k, Value: ex.value(args.kw[k])})
	}
	var vals []eval.Value
	axis := -1
	if ex.s.Guard(func() { vals, axis = opsOf(cargs) }) != nil {
		return aval{}, false
	}
	names := make([]string, len(vals))
	for i, v := range vals {
		names[i] = "arg " + strconv.Itoa(i)
		for j, a := range args.pos {
			if cargs.Pos[j] == v {
				names[i] = ex.text(a.node)
			}
		}
		for _, k := range args.kwOrder {
			if ex.value(args.kw[k]) == v {
				names[i] = k
			}
		}
	}
	return ex.libBroadcast(e, names, vals, axis, func() eval.Value { return ex.s.Call(b, cargs) }), true
}

// libBroadcast records the broadcasting step of library operands and
// returns the real result (the library's exception stops the walk).
func (ex *explainer) libBroadcast(e lang.Expr, names []string, vals []eval.Value, axis int, compute func() eval.Value) aval {
	var ops []opnd
	framework := ""
	for i, v := range vals {
		if a, ok := v.(ExplainArray); ok {
			shape, fw := a.ExplainShape()
			ops = append(ops, opnd{name: names[i], shape: shape})
			if framework == "" {
				framework = fw
			}
		}
	}
	st := &step{kind: kindBroadcast, expr: ex.text(e), ops: ops}
	var res eval.Value
	exc := ex.s.Guard(func() { res = compute() })
	if axis >= 0 && len(ops) == 2 {
		libAxisLines(st, ops[0], ops[1], axis)
	} else {
		libTrailingLines(st, ops)
	}
	if exc != nil {
		st.err = exc
		st.result = nil
		st.add(msgLibSays, framework, exc.Error())
		ex.record(st)
	}
	ex.steps = append(ex.steps, st)
	return ex.wrap(e, res)
}

// libTrailingLines is NumPy's rule, trailing dimension by trailing
// dimension, in the words used for tensors.
func libTrailingLines(st *step, ops []opnd) {
	shapes := make([][]int, len(ops))
	n := 0
	for i, o := range ops {
		shapes[i] = o.shape
		n = max(n, len(o.shape))
	}
	result, err := broadcast.Shapes(shapes...)
	labels := names(ops)
	table := shapeTable(labels, shapes)
	if err == nil {
		table = shapeTable(append(append([]string{}, labels...), msgResultLabel), append(append([][]int{}, shapes...), result))
	}
	st.lines = append(st.lines, table[:len(ops)]...)
	firstBad := 0
	for t := 1; t <= n; t++ {
		v, ok := broadcastVerdict(ops, t)
		st.add(msgTrailing, ordinal(t), v)
		if !ok && firstBad == 0 {
			firstBad = t
		}
	}
	all := joinAnd(labels)
	if err != nil {
		if firstBad > 0 {
			st.add(msgNotBroadcast, all, ordinal(firstBad), mismatchSizes(ops, firstBad))
		}
		return
	}
	st.add(msgBroadcastable, all)
	st.lines = append(st.lines, table[len(ops)])
	st.result = result
}

// libAxisLines is Paddle's axis rule: y's dims placed from dimension
// axis of x (or x's in y when y has more), then compared left to right.
func libAxisLines(st *step, x, y opnd, axis int) {
	big, small := x, y
	if len(y.shape) > len(x.shape) {
		big, small = y, x
	}
	nd := len(big.shape)
	if axis+len(small.shape) > nd {
		st.add(msgAxisOutside, axis, big.name)
		return
	}
	w := max(len(big.name), len(small.name), len(msgResultLabel))
	pad := func(s string) string { return s + strings.Repeat(" ", w-len(s)) }
	cols := make([]string, nd)
	for i, n := range big.shape {
		cols[i] = strconv.Itoa(n)
	}
	row := func(shape []int, from int) string {
		parts := make([]string, nd)
		for i := range parts {
			v := ""
			if i >= from && i < from+len(shape) {
				v = strconv.Itoa(shape[i-from])
			}
			wd := len(cols[i])
			if i >= axis && i < axis+len(small.shape) {
				wd = max(wd, len(strconv.Itoa(small.shape[i-axis])))
			}
			parts[i] = strings.Repeat(" ", wd-len(v)) + v
		}
		var b strings.Builder
		b.WriteByte('[')
		for i, p := range parts {
			b.WriteString(p)
			if i < nd-1 {
				if strings.TrimSpace(p) == "" || (i+1 < nd && strings.TrimSpace(parts[i+1]) == "") {
					b.WriteString("  ")
				} else {
					b.WriteString(", ")
				}
			}
		}
		b.WriteByte(']')
		return b.String()
	}
	st.addText(pad(big.name) + "  " + row(big.shape, 0))
	st.addText(pad(small.name) + "  " + row(small.shape, axis))
	st.add(msgAxisAligned, axis, small.name, big.name, axis)
	result := make([]int, nd)
	bad := -1
	var badText string
	for i := 0; i < nd; i++ {
		b := big.shape[i]
		s, present := 1, i >= axis && i < axis+len(small.shape)
		if present {
			s = small.shape[i-axis]
		}
		var v string
		switch {
		case !present:
			v = fmt.Sprintf(msgDimMissing, small.name)
		case b == s && b == 1:
			v = msgBothSize1
		case b == s:
			v = fmt.Sprintf(msgSizeEq, big.name) + " == " + fmt.Sprintf(msgSizeEq, small.name)
		case b == 1:
			v = fmt.Sprintf(msgHasSize1, big.name)
		case s == 1:
			v = fmt.Sprintf(msgHasSize1, small.name)
		default:
			v = fmt.Sprintf(msgMismatch2, fmt.Sprintf(msgHasSize, big.name, b)+", "+fmt.Sprintf(msgHasSize, small.name, s), b, s)
			if bad < 0 {
				bad, badText = i, fmt.Sprintf("%d != %d", b, s)
			}
		}
		st.add(msgAxisDim, i, v)
		result[i] = max(b, s)
	}
	all := joinAnd([]string{x.name, y.name})
	if bad >= 0 {
		st.add(msgAxisNotBcast, all, bad, badText)
		return
	}
	st.add(msgBroadcastable, all)
	st.addText(pad(msgResultLabel) + "  " + row(result, 0))
	st.result = result
}

// libCause is the hint line for a failing x op y of library arrays: the
// operands' shapes and the first trailing dimension where they clash,
// counted in the result's dims as for tensors.
func libCause(expr, xName, yName string, x, y eval.Value, e *eval.Exception) (string, bool) {
	xa, xok := x.(ExplainArray)
	ya, yok := y.(ExplainArray)
	if !xok || !yok || e == nil || e.Type != "ValueError" {
		return "", false
	}
	xs, _ := xa.ExplainShape()
	ys, _ := ya.ExplainShape()
	ops := []opnd{{name: xName, shape: xs}, {name: yName, shape: ys}}
	n := max(len(xs), len(ys))
	for t := 1; t <= n; t++ {
		a, _ := sizeAt(xs, t)
		b, _ := sizeAt(ys, t)
		if a != b && a != 1 && b != 1 {
			cause := fmt.Sprintf(hintResultDim, n-t, fmt.Sprintf(hintVs, a, b))
			return fmt.Sprintf(hintOperands, expr, operandsPhrase(ops)) + "; " + cause, true
		}
	}
	return "", false
}

// libInplace explains x op= y for a library array x: the result is
// written into x, which keeps its shape.
func (ex *explainer) libInplace(text string, op lang.Op, t, v aval) (aval, bool) {
	ie, ok := t.v.(InplaceExplainer)
	if !ok {
		return aval{}, false
	}
	shape, framework := ie.ExplainShape()
	self := opnd{name: ex.text(t.node), shape: shape}
	st := &step{kind: kindInplace, expr: text, ops: []opnd{self}}
	st.header = fmt.Sprintf(msgInplaceHeader, text, self.name, fmtShape(self.shape))
	labels, shapes := []string{self.name}, [][]int{self.shape}
	if oa, ok := v.v.(ExplainArray); ok { // a number does not broadcast
		os, _ := oa.ExplainShape()
		other := opnd{name: ex.text(v.node), shape: os}
		st.ops = append(st.ops, other)
		labels, shapes = append(labels, other.name), append(shapes, os)
		st.lines = append(st.lines, shapeTable(labels, shapes)...)
		for k := 1; k <= max(len(self.shape), len(os)); k++ {
			verdict := inplaceVerdict(self, other, k)
			st.add(msgTrailing, ordinal(k), verdict)
		}
	}
	if exc := ie.ExplainInplace(ex.s, op, v.v); exc != nil {
		st.err = exc
		st.add(msgLibSays, framework, exc.Error())
		ex.record(st)
	}
	if len(st.ops) > 1 {
		st.lines = append(st.lines, shapeTable(append(labels, msgResultLabel), append(shapes, self.shape))[len(labels)])
	}
	st.result = self.shape
	ex.steps = append(ex.steps, st)
	return t, true
}
