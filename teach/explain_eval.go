package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The explainer walks an expression the way the evaluator would, but
// works out tensor shapes (and strides) without running the operations it
// knows: creation, pointwise operations, matrix products, views,
// reductions. Everything else it evaluates for real, provided that has no
// side effects (no in-place or random operations, no printing). Each
// broadcasting, in-place, matmul, expand or view operation it meets is
// recorded as a step, in evaluation order; the first step that fails
// stops the walk.

// aval is what the explainer knows about a sub-expression.
type aval struct {
	v    eval.Value // the value, when it was computed
	t    *opnd      // the tensor's geometry, when the value is a tensor
	node lang.Expr  // the expression (to evaluate it for real when needed)
}

func (a aval) isTensor() bool { return a.t != nil }

// standInMax bounds the tensors the explainer makes up (zeros) in place of
// values it must not compute.
const standInMax = 1 << 16

type explainer struct {
	s     *eval.Session
	src   string
	steps []*step
	notes []string
	// failed is set when the walk stopped on an error (a failing step, or
	// a real evaluation that raised).
	failed  bool
	evalErr *eval.Exception
}

func newExplainer(s *eval.Session, src string) *explainer {
	return &explainer{s: s, src: src}
}

// text is the source text of a node.
func (ex *explainer) text(n lang.Node) string {
	return strings.TrimSpace(lang.Source(ex.src, n))
}

func (ex *explainer) stop() { panic(eval.ExplainStop{}) }

// record adds a step; a failing step stops the walk.
func (ex *explainer) record(st *step) {
	ex.steps = append(ex.steps, st)
	if st.err != nil {
		ex.failed = true
		ex.stop()
	}
}

// run runs f (real evaluation); an exception is reported and stops the
// walk.
func (ex *explainer) run(what string, f func() eval.Value) eval.Value {
	var v eval.Value
	if e := ex.s.Guard(func() { v = f() }); e != nil {
		ex.evalErr = e
		ex.failed = true
		ex.notes = append(ex.notes, fmt.Sprintf(msgEvalFailed, what, e.Error()))
		ex.stop()
	}
	return v
}

// unknown stops the walk: the value of n cannot be had without side effects.
func (ex *explainer) unknown(n lang.Node, why string) {
	if why != "" {
		why = fmt.Sprintf(msgCannotTellWhy, why)
	}
	ex.notes = append(ex.notes, fmt.Sprintf(msgCannotTell, ex.text(n), why))
	ex.stop()
}

// concrete evaluates n for real when that has no side effects.
func (ex *explainer) concrete(n lang.Expr) aval {
	if why := impure(n); why != "" {
		ex.unknown(n, why)
	}
	v := ex.run(ex.text(n), func() eval.Value { return ex.s.Eval(n) })
	return ex.wrap(n, v)
}

func (ex *explainer) wrap(n lang.Expr, v eval.Value) aval {
	a := aval{v: v, node: n}
	if t, ok := v.(*tensor.Tensor); ok {
		o := opndOf(ex.text(n), t)
		a.t = &o
	}
	return a
}

// abstract makes the aval of a tensor known only by its geometry.
func (ex *explainer) abstract(n lang.Expr, shape, strides []int, dt tensor.DType) aval {
	if strides == nil {
		strides = tensor.ContiguousStrides(shape)
	}
	return aval{t: &opnd{name: ex.text(n), shape: shape, strides: strides, dtype: dt}, node: n}
}

// value returns a's value, computing it when it is only known by shape:
// for real when that is free of side effects, otherwise as zeros of the
// right shape (noted) when that is small.
func (ex *explainer) value(a aval) eval.Value {
	if a.v != nil {
		return a.v
	}
	if a.t == nil {
		ex.unknown(a.node, "")
	}
	if impure(a.node) == "" {
		v := ex.run(ex.text(a.node), func() eval.Value { return ex.s.Eval(a.node) })
		return v
	}
	n := prod(a.t.shape)
	if n > standInMax {
		ex.unknown(a.node, "")
	}
	ex.notes = append(ex.notes, fmt.Sprintf(msgStandIn, ex.text(a.node), fmtShape(a.t.shape)))
	return tensor.Empty(a.t.shape, a.t.dtype)
}

// impureNames are functions and methods with side effects (besides the
// in-place methods, whose names end in '_').
var impureNames = map[string]bool{
	"print": true, "help": true, "manual_seed": true, "seed": true, "set_printoptions": true,
	"rand": true, "randn": true, "randint": true, "randperm": true, "rand_like": true,
	"randn_like": true, "randint_like": true, "normal": true, "bernoulli": true,
	"multinomial": true, "poisson": true, "set_default_dtype": true,
	"append": true, "extend": true, "insert": true, "pop": true, "remove": true,
	"clear": true, "sort": true, "reverse": true,
}

// impure returns the name of a call in e that has side effects, or "".
func impure(e lang.Expr) string {
	found := ""
	walkExpr(e, func(n lang.Expr) bool {
		c, ok := n.(*lang.CallExpr)
		if !ok || found != "" {
			return found == ""
		}
		name := calleeName(c)
		if impureNames[name] || (strings.HasSuffix(name, "_") && !strings.HasPrefix(name, "__")) {
			found = name + "()"
		}
		return found == ""
	})
	return found
}

func calleeName(c *lang.CallExpr) string {
	switch f := c.Fn.(type) {
	case *lang.Ident:
		return f.Name
	case *lang.AttrExpr:
		return f.Name
	}
	return ""
}

// walkExpr calls fn for e and its sub-expressions, depth first, while fn
// returns true.
func walkExpr(e lang.Expr, fn func(lang.Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	switch e := e.(type) {
	case *lang.ParenExpr:
		walkExpr(e.X, fn)
	case *lang.UnaryExpr:
		walkExpr(e.X, fn)
	case *lang.BinaryExpr:
		walkExpr(e.X, fn)
		walkExpr(e.Y, fn)
	case *lang.CompareExpr:
		for _, o := range e.Operands {
			walkExpr(o, fn)
		}
	case *lang.CondExpr:
		walkExpr(e.Then, fn)
		walkExpr(e.Cond, fn)
		walkExpr(e.Else, fn)
	case *lang.CallExpr:
		walkExpr(e.Fn, fn)
		for _, a := range e.Args {
			walkExpr(a.Value, fn)
		}
	case *lang.AttrExpr:
		walkExpr(e.X, fn)
	case *lang.IndexExpr:
		walkExpr(e.X, fn)
		walkExpr(e.Index, fn)
	case *lang.SliceExpr:
		walkExpr(e.Lo, fn)
		walkExpr(e.Hi, fn)
		walkExpr(e.Step, fn)
	case *lang.StarredExpr:
		walkExpr(e.X, fn)
	case *lang.ListExpr:
		for _, x := range e.Elems {
			walkExpr(x, fn)
		}
	case *lang.TupleExpr:
		for _, x := range e.Elems {
			walkExpr(x, fn)
		}
	case *lang.FString:
		for _, p := range e.Parts {
			if p.Expr != nil {
				walkExpr(p.Expr, fn)
			}
			if p.Spec != nil {
				walkExpr(p.Spec, fn)
			}
		}
	}
}

// eval walks an expression.
func (ex *explainer) eval(e lang.Expr) aval {
	switch e := e.(type) {
	case *lang.ParenExpr:
		a := ex.eval(e.X)
		a.node = e
		if a.t != nil {
			t := *a.t
			t.name = ex.text(e)
			a.t = &t
		}
		return a
	case *lang.UnaryExpr:
		if e.Op == lang.Not {
			return ex.concrete(e)
		}
		x := ex.eval(e.X)
		if x.isTensor() {
			strides := resultStrides(x.t.shape, []opnd{*x.t}) // pointwise
			if e.Op == lang.Plus {
				strides = x.t.stridesOr() // +x is x
			}
			return ex.abstract(e, x.t.shape, strides, x.t.dtype)
		}
		return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.Unary(e.Op, x.v) }))
	case *lang.BinaryExpr:
		if e.Op == lang.And || e.Op == lang.Or {
			return ex.concrete(e)
		}
		x := ex.eval(e.X)
		y := ex.eval(e.Y)
		return ex.binary(e, e.Op, x, y)
	case *lang.CompareExpr:
		if len(e.Ops) != 1 {
			return ex.concrete(e)
		}
		x := ex.eval(e.Operands[0])
		y := ex.eval(e.Operands[1])
		if !x.isTensor() && !y.isTensor() {
			return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.Compare(e.Ops[0], x.v, y.v) }))
		}
		switch e.Ops[0] {
		case lang.Is, lang.IsNot, lang.In, lang.NotIn:
			return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.Compare(e.Ops[0], ex.value(x), ex.value(y)) }))
		}
		r := ex.pointwise(e, []aval{x, y})
		r.t.dtype = tensor.Bool
		return r
	case *lang.CondExpr:
		c := ex.eval(e.Cond)
		cv := ex.value(c)
		var truth bool
		ex.run(ex.text(e.Cond), func() eval.Value { truth = ex.s.Truth(cv); return nil })
		if truth {
			return ex.eval(e.Then)
		}
		return ex.eval(e.Else)
	case *lang.CallExpr:
		return ex.call(e)
	case *lang.AttrExpr:
		return ex.attr(e)
	case *lang.IndexExpr:
		return ex.index(e)
	case *lang.TupleExpr, *lang.ListExpr:
		var elems []lang.Expr
		if t, ok := e.(*lang.TupleExpr); ok {
			elems = t.Elems
		} else {
			elems = e.(*lang.ListExpr).Elems
		}
		vals := make([]eval.Value, 0, len(elems))
		for _, el := range elems {
			if st, ok := el.(*lang.StarredExpr); ok {
				v := ex.value(ex.eval(st.X))
				vals = append(vals, ex.run(ex.text(st), func() eval.Value { return eval.Tuple(eval.IterateAll(v)) }).(eval.Tuple)...)
				continue
			}
			vals = append(vals, ex.value(ex.eval(el)))
		}
		if _, ok := e.(*lang.TupleExpr); ok {
			return aval{v: eval.Tuple(vals), node: e}
		}
		return aval{v: &eval.List{Elems: vals}, node: e}
	}
	return ex.concrete(e)
}

// binary is x op y.
func (ex *explainer) binary(e lang.Expr, op lang.Op, x, y aval) aval {
	if !x.isTensor() && !y.isTensor() {
		if r, ok := ex.libBinary(e, op, x, y); ok { // NumPy, Paddle: explain_lib.go
			return r
		}
		return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.Binary(op, x.v, y.v) }))
	}
	if op == lang.At {
		if !x.isTensor() || !y.isTensor() {
			return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.Binary(op, ex.value(x), ex.value(y)) }))
		}
		return ex.matmul(e, *x.t, *y.t)
	}
	r := ex.pointwise(e, []aval{x, y})
	if op == lang.Slash && !r.t.dtype.IsFloat() {
		r.t.dtype = tensor.DefaultFloat()
	}
	return r
}

// pointwise records the broadcasting of the tensor operands among args
// (Python numbers do not take part) and returns the result's geometry.
func (ex *explainer) pointwise(e lang.Expr, args []aval) aval {
	var ops []opnd
	var dt tensor.DType
	for _, a := range args {
		if !a.isTensor() {
			continue
		}
		if len(ops) == 0 {
			dt = a.t.dtype
		} else {
			dt = tensor.PromoteTypes(dt, a.t.dtype)
		}
		ops = append(ops, *a.t)
	}
	if len(ops) == 0 {
		ex.unknown(e, "")
	}
	result := ops[0].shape
	if len(ops) > 1 {
		st := analyzeBroadcast(ex.text(e), ops)
		ex.record(st)
		result = st.result
	}
	r := ex.abstract(e, result, resultStrides(result, ops), dt)
	// the result of operands that require grad requires grad
	for _, o := range ops {
		r.t.grad = r.t.grad || o.grad && dt.IsFloat()
	}
	return r
}

// resultStrides is the layout the runtime gives the result of a
// pointwise operation over ops (TensorIterator's).
func resultStrides(result []int, ops []opnd) []int {
	shapes, strides := make([][]int, len(ops)), make([][]int, len(ops))
	for i, o := range ops {
		shapes[i], strides[i] = o.shape, o.stridesOr()
	}
	return tensor.ResultStrides(result, shapes, strides)
}

func (ex *explainer) matmul(e lang.Expr, a, b opnd) aval {
	st := analyzeMatmul(ex.text(e), a, b)
	ex.record(st)
	return ex.abstract(e, st.result, nil, tensor.PromoteTypes(a.dtype, b.dtype))
}

// attr is x.name.
func (ex *explainer) attr(e *lang.AttrExpr) aval {
	x := ex.eval(e.X)
	if x.v != nil {
		if _, isT := x.v.(*tensor.Tensor); !isT {
			return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.GetAttr(x.v, e.Name) }))
		}
	}
	if x.isTensor() {
		t := x.t
		switch e.Name {
		case "shape":
			return aval{v: eval.Size(append([]int{}, t.shape...)), node: e}
		case "ndim":
			return aval{v: eval.MakeInt(int64(len(t.shape))), node: e}
		case "dtype":
			return aval{v: eval.DTypeValue{D: t.dtype}, node: e}
		case "T", "mT":
			// the runtime's own view code, on a stand-in (T's warning is
			// left to real evaluation)
			if r, ok := ex.geometry(e, t, func(g *tensor.Tensor) eval.Value {
				if e.Name == "T" {
					return g.NumpyT()
				}
				return g.MatrixT("mT")
			}); ok {
				return r
			}
		}
	}
	v := ex.value(x)
	return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.GetAttr(v, e.Name) }))
}

// geometry runs f, a view operation, on a stand-in with t's geometry and
// no elements (tensor.Geometry), so that the runtime's code works out the
// result's shape and strides. ok is false when f raises or gives no
// tensor: real evaluation then raises PyTorch's error.
func (ex *explainer) geometry(e lang.Expr, t *opnd, f func(g *tensor.Tensor) eval.Value) (aval, bool) {
	g := tensor.Geometry(t.shape, t.stridesOr(), t.offset, t.dtype)
	var v eval.Value
	if exc := ex.s.Guard(func() { v = f(g) }); exc != nil {
		return aval{}, false
	}
	r, ok := v.(*tensor.Tensor)
	if !ok {
		return aval{}, false
	}
	a := ex.abstract(e, r.Shape(), r.Strides(), t.dtype)
	a.t.offset = r.Offset()
	return a, true
}

// index is x[i]: basic indexing of a tensor known by shape is worked out
// as a view; everything else is evaluated.
func (ex *explainer) index(e *lang.IndexExpr) aval {
	x := ex.eval(e.X)
	var items []lang.Expr
	if tu, ok := e.Index.(*lang.TupleExpr); ok && !tu.Lparen.IsValid() {
		items = tu.Elems
	} else {
		items = []lang.Expr{e.Index}
	}
	if x.isTensor() {
		if r, ok := ex.basicIndex(e, x.t, items); ok {
			return r
		}
	}
	xv := ex.value(x)
	iv := ex.value(ex.eval(e.Index))
	return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.GetItem(xv, iv) }))
}

// basicIndex works out t[items] for ints, slices, None and ..., with the
// evaluator's own indexing on a stand-in; ok is false for other indices
// (and for an index that raises, left to real evaluation).
func (ex *explainer) basicIndex(e lang.Expr, t *opnd, items []lang.Expr) (aval, bool) {
	vals := make(eval.Tuple, 0, len(items))
	for _, it := range items {
		switch it := it.(type) {
		case *lang.SliceExpr:
			vals = append(vals, ex.run(ex.text(it), func() eval.Value { return ex.s.EvalSlice(it) }))
		case *lang.Const:
			switch it.Kind {
			case lang.None:
				vals = append(vals, eval.None)
			case lang.Ellipsis:
				vals = append(vals, eval.Ellipsis)
			default:
				return aval{}, false
			}
		default:
			if impure(it) != "" {
				return aval{}, false
			}
			v := ex.run(ex.text(it), func() eval.Value { return ex.s.Eval(it) })
			if _, ok := v.(eval.Int); !ok {
				return aval{}, false
			}
			vals = append(vals, v)
		}
	}
	var idx eval.Value = vals
	if len(items) == 1 {
		idx = vals[0]
	}
	return ex.geometry(e, t, func(g *tensor.Tensor) eval.Value { return ex.s.GetItem(g, idx) })
}
