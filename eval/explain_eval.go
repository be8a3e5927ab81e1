package eval

import (
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
	v    Value     // the value, when it was computed
	t    *opnd     // the tensor's geometry, when the value is a tensor
	node lang.Expr // the expression (to evaluate it for real when needed)
}

func (a aval) isTensor() bool { return a.t != nil }

// explainStop unwinds the walk after a failing step or an unknown value.
type explainStop struct{}

// standInMax bounds the tensors the explainer makes up (zeros) in place of
// values it must not compute.
const standInMax = 1 << 16

type explainer struct {
	s     *Session
	src   string
	steps []*step
	notes []string
	// failed is set when the walk stopped on an error (a failing step, or
	// a real evaluation that raised).
	failed  bool
	evalErr *Exception
}

func newExplainer(s *Session, src string) *explainer {
	return &explainer{s: s, src: src}
}

// text is the source text of a node.
func (ex *explainer) text(n lang.Node) string {
	return strings.TrimSpace(lang.Source(ex.src, n))
}

func (ex *explainer) stop() { panic(explainStop{}) }

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
func (ex *explainer) run(what string, f func() Value) Value {
	var v Value
	if e := ex.s.guard(func() { v = f() }); e != nil {
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
	v := ex.run(ex.text(n), func() Value { return ex.s.eval(n) })
	return ex.wrap(n, v)
}

func (ex *explainer) wrap(n lang.Expr, v Value) aval {
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
func (ex *explainer) value(a aval) Value {
	if a.v != nil {
		return a.v
	}
	if a.t == nil {
		ex.unknown(a.node, "")
	}
	if impure(a.node) == "" {
		v := ex.run(ex.text(a.node), func() Value { return ex.s.eval(a.node) })
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
			return ex.abstract(e, x.t.shape, nil, x.t.dtype)
		}
		return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.unary(e.Op, x.v) }))
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
			return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.compare(e.Ops[0], x.v, y.v) }))
		}
		switch e.Ops[0] {
		case lang.Is, lang.IsNot, lang.In, lang.NotIn:
			return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.compare(e.Ops[0], ex.value(x), ex.value(y)) }))
		}
		r := ex.pointwise(e, []aval{x, y})
		r.t.dtype = tensor.Bool
		return r
	case *lang.CondExpr:
		c := ex.eval(e.Cond)
		cv := ex.value(c)
		var truth bool
		ex.run(ex.text(e.Cond), func() Value { truth = ex.s.truth(cv); return nil })
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
		vals := make([]Value, 0, len(elems))
		for _, el := range elems {
			if st, ok := el.(*lang.StarredExpr); ok {
				v := ex.value(ex.eval(st.X))
				vals = append(vals, ex.run(ex.text(st), func() Value { return Tuple(iterate(v)) }).(Tuple)...)
				continue
			}
			vals = append(vals, ex.value(ex.eval(el)))
		}
		if _, ok := e.(*lang.TupleExpr); ok {
			return aval{v: Tuple(vals), node: e}
		}
		return aval{v: &List{Elems: vals}, node: e}
	}
	return ex.concrete(e)
}

// binary is x op y.
func (ex *explainer) binary(e lang.Expr, op lang.Op, x, y aval) aval {
	if !x.isTensor() && !y.isTensor() {
		if r, ok := ex.libBinary(e, op, x, y); ok { // NumPy, Paddle: explain_lib.go
			return r
		}
		return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.binary(op, x.v, y.v) }))
	}
	if op == lang.At {
		if !x.isTensor() || !y.isTensor() {
			return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.binary(op, ex.value(x), ex.value(y)) }))
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
	var r aval
	if len(ops) == 1 {
		r = ex.abstract(e, ops[0].shape, nil, dt)
	} else {
		st := analyzeBroadcast(ex.text(e), ops)
		ex.record(st)
		r = ex.abstract(e, st.result, nil, dt)
	}
	// the result of operands that require grad requires grad
	for _, o := range ops {
		r.t.grad = r.t.grad || o.grad && dt.IsFloat()
	}
	return r
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
			return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.getAttr(x.v, e.Name) }))
		}
	}
	if x.isTensor() {
		t := x.t
		switch e.Name {
		case "shape":
			return aval{v: Size(append([]int{}, t.shape...)), node: e}
		case "ndim":
			return aval{v: MakeInt(int64(len(t.shape))), node: e}
		case "dtype":
			return aval{v: DTypeValue{t.dtype}, node: e}
		case "T":
			perm := make([]int, len(t.shape))
			for i := range perm {
				perm[i] = len(perm) - 1 - i
			}
			return ex.permuted(e, t, perm)
		case "mT":
			if len(t.shape) >= 2 {
				perm := make([]int, len(t.shape))
				for i := range perm {
					perm[i] = i
				}
				n := len(perm)
				perm[n-1], perm[n-2] = perm[n-2], perm[n-1]
				return ex.permuted(e, t, perm)
			}
		}
	}
	v := ex.value(x)
	return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.getAttr(v, e.Name) }))
}

func (ex *explainer) permuted(e lang.Expr, t *opnd, perm []int) aval {
	st := t.stridesOr()
	shape := make([]int, len(perm))
	strides := make([]int, len(perm))
	for i, p := range perm {
		shape[i], strides[i] = t.shape[p], st[p]
	}
	return ex.abstract(e, shape, strides, t.dtype)
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
	return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.getItem(xv, iv) }))
}

// basicIndex works out t[items] for ints, slices (positive steps), None
// and ..., or reports !ok.
func (ex *explainer) basicIndex(e lang.Expr, t *opnd, items []lang.Expr) (aval, bool) {
	type idx struct {
		kind  int // 0 int, 1 slice, 2 None, 3 ellipsis
		i     int
		slice *Slice
	}
	var list []idx
	consumed := 0
	for _, it := range items {
		switch it := it.(type) {
		case *lang.SliceExpr:
			v := ex.run(ex.text(it), func() Value { return ex.s.evalSlice(it) })
			list = append(list, idx{kind: 1, slice: v.(*Slice)})
			consumed++
		case *lang.Const:
			switch it.Kind {
			case lang.None:
				list = append(list, idx{kind: 2})
			case lang.Ellipsis:
				list = append(list, idx{kind: 3})
			default:
				return aval{}, false
			}
		default:
			if impure(it) != "" {
				return aval{}, false
			}
			v := ex.run(ex.text(it), func() Value { return ex.s.eval(it) })
			n, ok := v.(Int)
			if !ok {
				return aval{}, false
			}
			i, ok := n.Int64()
			if !ok {
				return aval{}, false
			}
			list = append(list, idx{kind: 0, i: int(i)})
			consumed++
		}
	}
	if consumed > len(t.shape) {
		return aval{}, false
	}
	strides := t.stridesOr()
	var shape, outStrides []int
	d := 0
	sawEllipsis := false
	for _, it := range list {
		switch it.kind {
		case 0:
			size := t.shape[d]
			i := it.i
			if i < -size || i >= size {
				return aval{}, false
			}
			d++
		case 1:
			var step int
			var start, stop int
			ok := true
			ex.s.guard(func() { start, stop, step = sliceIndices(it.slice, t.shape[d]) })
			if step <= 0 {
				ok = false
			}
			if !ok {
				return aval{}, false
			}
			n := 0
			if stop > start {
				n = (stop - start + step - 1) / step
			}
			shape = append(shape, n)
			outStrides = append(outStrides, strides[d]*step)
			d++
		case 2:
			shape = append(shape, 1)
			outStrides = append(outStrides, 1)
		case 3:
			// Only the first ellipsis spans dimensions (PyTorch accepts
			// more; they span none).
			rest := len(t.shape) - consumed
			if sawEllipsis {
				rest = 0
			}
			sawEllipsis = true
			for k := 0; k < rest; k++ {
				shape = append(shape, t.shape[d])
				outStrides = append(outStrides, strides[d])
				d++
			}
		}
	}
	for ; d < len(t.shape); d++ {
		shape = append(shape, t.shape[d])
		outStrides = append(outStrides, strides[d])
	}
	return ex.abstract(e, shape, outStrides, t.dtype), true
}

// ---- calls ----

type callArgs struct {
	pos     []aval
	kw      map[string]aval
	kwOrder []string
}

func (c *callArgs) tensors(skipOut bool) []aval {
	var out []aval
	for _, a := range c.pos {
		if a.isTensor() {
			out = append(out, a)
		}
	}
	for _, k := range c.kwOrder {
		if skipOut && k == "out" {
			continue
		}
		if a := c.kw[k]; a.isTensor() {
			out = append(out, a)
		}
	}
	return out
}

func (ex *explainer) evalArgs(e *lang.CallExpr) *callArgs {
	c := &callArgs{kw: map[string]aval{}}
	for _, a := range e.Args {
		switch {
		case a.Star == 1:
			v := ex.value(ex.eval(a.Value))
			for _, el := range ex.run(ex.text(a.Value), func() Value { return Tuple(iterate(v)) }).(Tuple) {
				c.pos = append(c.pos, ex.wrap(a.Value, el))
			}
		case a.Star == 2:
			ex.concrete(e)
		case a.Name != "":
			c.kw[a.Name] = ex.eval(a.Value)
			c.kwOrder = append(c.kwOrder, a.Name)
		default:
			c.pos = append(c.pos, ex.eval(a.Value))
		}
	}
	return c
}

// call is f(args): torch functions and tensor methods that the explainer
// knows are worked out from shapes; other calls are evaluated.
func (ex *explainer) call(e *lang.CallExpr) aval {
	var recv aval
	method, torchFn := false, false
	var name string
	var fn Value
	switch f := e.Fn.(type) {
	case *lang.AttrExpr:
		r := ex.eval(f.X)
		name = f.Name
		switch {
		case r.isTensor():
			recv, method = r, true
		case r.v == Value(ex.s.torch):
			// torch.NAME: the rules apply whether or not tensh has NAME yet
			torchFn = true
		}
		if !method && !(torchFn && torchFuncs[name] == nil) {
			rv := r.v
			fn = ex.run(ex.text(f), func() Value { return ex.s.getAttr(rv, f.Name) })
		}
	case *lang.Ident:
		name = f.Name
		v, ok := ex.s.lookup(f.Name)
		if b, isB := v.(*Builtin); ok && isB && torchFuncs[name] == b {
			torchFn = true
		}
		fn = ex.run(f.Name, func() Value {
			if !ok {
				throw("NameError", errNameNotDefined, f.Name)
			}
			return v
		})
	default:
		fn = ex.value(ex.eval(e.Fn))
	}
	args := ex.evalArgs(e)
	if method || torchFn {
		if r, ok := ex.rule(e, name, method, recv, args); ok {
			return r
		}
	}
	if r, ok := ex.libCall(e, fn, args); ok { // NumPy, Paddle: explain_lib.go
		return r
	}
	// Evaluate for real.
	if fn == nil && !method {
		fn = ex.run(ex.text(e.Fn), func() Value { return ex.s.getAttr(ex.s.torch, name) })
	}
	if why := impure(e); why != "" {
		if method && strings.HasSuffix(name, "_") && !strings.HasPrefix(name, "__") {
			// An in-place method keeps its receiver's shape.
			return ex.abstract(e, recv.t.shape, recv.t.strides, recv.t.dtype)
		}
		ex.unknown(e, why)
	}
	if method {
		rv := ex.value(recv)
		fn = ex.run(ex.text(e.Fn), func() Value { return ex.s.getAttr(rv, name) })
	}
	cargs := &Args{s: ex.s}
	for _, a := range args.pos {
		cargs.Pos = append(cargs.Pos, ex.value(a))
	}
	for _, k := range args.kwOrder {
		cargs.Kw = append(cargs.Kw, KwArg{Name: k, Value: ex.value(args.kw[k])})
	}
	return ex.wrap(e, ex.run(ex.text(e), func() Value { return ex.s.Call(fn, cargs) }))
}

// Names of the pointwise operations whose tensor operands broadcast
// together (their in-place forms end in '_').
var pointwiseNames = setOf("add", "sub", "subtract", "mul", "multiply", "div", "divide",
	"true_divide", "floor_divide", "remainder", "fmod", "pow", "float_power", "maximum", "minimum",
	"fmax", "fmin", "atan2", "arctan2", "hypot", "eq", "ne", "lt", "le", "gt", "ge",
	"greater", "greater_equal", "less", "less_equal", "not_equal", "logical_and",
	"logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
	"bitwise_left_shift", "bitwise_right_shift", "lerp", "addcmul", "addcdiv", "clamp",
	"clip", "copysign", "xlogy", "isclose", "masked_fill", "where")

// Names of the comparison operations (bool results).
var comparisonNames = setOf("eq", "ne", "lt", "le", "gt", "ge", "greater", "greater_equal",
	"less", "less_equal", "not_equal", "logical_and", "logical_or", "logical_xor", "isclose")

// Unary operations keep the shape.
var unaryNames = setOf("neg", "negative", "abs", "absolute", "sign", "sgn", "sqrt", "rsqrt", "exp", "expm1",
	"log", "log1p", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
	"arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "sigmoid", "relu", "floor",
	"ceil", "round", "trunc", "fix", "frac", "reciprocal", "square", "logical_not",
	"bitwise_not", "isnan", "isinf", "isfinite", "nan_to_num", "detach", "clone",
	"contiguous", "cpu", "exp2", "erf", "positive", "signbit", "isposinf", "isneginf", "isreal", "deg2rad", "rad2deg")

// Reductions over all elements or over dim (keepdim).
var reductionNames = setOf("sum", "mean", "prod", "amax", "amin", "std", "var", "all",
	"any", "norm", "logsumexp", "count_nonzero", "nansum", "nanmean", "argmax", "argmin")

// dtype conversions.
var convNames = map[string]tensor.DType{
	"float": tensor.Float32, "double": tensor.Float64, "half": tensor.Float16,
	"bfloat16": tensor.BFloat16, "long": tensor.Int64, "int": tensor.Int32,
	"short": tensor.Int16, "char": tensor.Int8, "byte": tensor.Uint8, "bool": tensor.Bool,
}

// Creation functions taking sizes.
var creationNames = setOf("empty", "zeros", "ones", "rand", "randn")

func setOf(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// ints converts avals holding Python ints (or one tuple/list/Size of
// them) to a size list.
func (ex *explainer) ints(name string, vals []aval) []int {
	vs := make([]Value, len(vals))
	for i, a := range vals {
		vs[i] = ex.value(a)
	}
	var out []int
	ex.run(name, func() Value {
		a := &Args{Name: name, s: ex.s}
		if len(vs) == 1 {
			if _, isInt := vs[0].(Int); !isInt {
				out = a.toInts("size", vs[0])
				return nil
			}
		}
		out = a.toInts("size", Tuple(vs))
		return nil
	})
	return out
}

// intArg returns the int in a, or ok == false.
func (ex *explainer) intArg(a aval) (int, bool) {
	if a.v == nil {
		return 0, false
	}
	switch n := a.v.(type) {
	case Int:
		i, ok := n.Int64()
		return int(i), ok
	case Bool:
		if n {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func (ex *explainer) dtypeKw(args *callArgs, def tensor.DType) tensor.DType {
	if d, ok := args.kw["dtype"]; ok {
		if dv, ok := d.v.(DTypeValue); ok {
			return dv.D
		}
	}
	return def
}

// wrapDim wraps a possibly negative dim; ok == false when out of range.
func wrapDim(d, n int) (int, bool) {
	m := max(n, 1)
	if d < -m || d >= m {
		return 0, false
	}
	if d < 0 {
		d += m
	}
	return d, true
}

// rule works out a known call from shapes. ok == false leaves the call
// to real evaluation.
func (ex *explainer) rule(e *lang.CallExpr, name string, method bool, recv aval, args *callArgs) (aval, bool) {
	if r, ok := ex.surfaceRule(e, name, method, recv, args); ok {
		return r, true
	}
	// The tensors in argument order (the receiver first).
	var self *opnd
	pos := args.pos
	if method {
		self = recv.t
	} else if len(pos) > 0 && pos[0].isTensor() {
		self = pos[0].t
	}
	rest := pos
	if !method && len(pos) > 0 {
		rest = pos[1:]
	}
	base := strings.TrimSuffix(name, "_")
	inplace := method && strings.HasSuffix(name, "_") && !strings.HasPrefix(name, "__")
	text := ex.text(e)
	if inplace && overlapWriter(base) {
		ex.checkOverlap(text, *self)
		ex.checkPartialOverlap(text, recv, args.tensors(true))
	} else if out, ok := args.kw["out"]; ok && out.isTensor() && !method && overlapWriter(name) {
		ex.checkOverlap(text, *out.t)
		ex.checkPartialOverlap(text, out, args.tensors(true))
	}
	switch {
	case inplace && (pointwiseNames[base] || base == "copy" || base == "masked_fill"):
		var others []opnd
		for _, a := range args.tensors(true) {
			others = append(others, *a.t)
		}
		if len(others) == 0 {
			return ex.abstract(e, self.shape, self.strides, self.dtype), true
		}
		st := analyzeInplace(text, *self, others, ex.s.Compat)
		ex.record(st)
		return ex.abstract(e, self.shape, self.strides, self.dtype), true
	case inplace:
		return ex.abstract(e, self.shape, self.strides, self.dtype), true
	case name == "where":
		var all []aval
		if method {
			// x.where(condition, y)
			if len(pos) < 1 {
				return aval{}, false
			}
			all = append([]aval{pos[0], recv}, pos[1:]...)
		} else {
			all = pos
			for _, k := range []string{"condition", "input", "self", "other"} {
				if a, ok := args.kw[k]; ok {
					all = append(all, a)
				}
			}
		}
		if len(all) != 3 {
			return aval{}, false
		}
		var ops []opnd
		dt := tensor.Bool
		for i, a := range all {
			if !a.isTensor() {
				continue
			}
			if i == 1 || (i == 2 && !all[1].isTensor()) {
				dt = a.t.dtype
			} else if i == 2 {
				dt = tensor.PromoteTypes(dt, a.t.dtype)
			}
			ops = append(ops, *a.t)
		}
		switch len(ops) {
		case 0:
			return aval{}, false
		case 1:
			return ex.abstract(e, ops[0].shape, nil, dt), true
		}
		st := analyzeBroadcast(text, ops)
		st.header = fmt.Sprintf(msgWhereHeader, text)
		ex.record(st)
		return ex.abstract(e, st.result, nil, dt), true
	case name == "masked_fill" && (method || len(pos) > 0):
		input := recv
		if !method {
			input = pos[0]
		}
		return ex.maskedFill(e, input, rest, args), true
	case pointwiseNames[name] && (method || len(args.tensors(true)) > 0):
		all := append([]aval{}, pos...)
		if method {
			all = append([]aval{recv}, pos...)
		}
		for _, k := range args.kwOrder {
			if k != "out" && k != "alpha" && k != "rounding_mode" && k != "value" {
				all = append(all, args.kw[k])
			}
		}
		r := ex.pointwise(e, all)
		if out, ok := args.kw["out"]; ok && !method && r.isTensor() {
			ex.checkOutShape(text, out, all, r.t.shape)
		}
		if comparisonNames[name] {
			r.t.dtype = tensor.Bool
		}
		return r, true
	case name == "matmul" || name == "mm" || name == "mv" || name == "dot" || name == "bmm":
		ts := args.tensors(true)
		if method {
			ts = append([]aval{recv}, ts...)
		}
		if len(ts) != 2 {
			return aval{}, false
		}
		a, b := *ts[0].t, *ts[1].t
		if st := matFnDims(text, name, a, b); st != nil {
			ex.record(st)
		}
		if name == "bmm" {
			st := analyzeBmm(text, a, b)
			ex.record(st)
			return ex.abstract(e, st.result, nil, tensor.PromoteTypes(a.dtype, b.dtype)), true
		}
		return ex.matmul(e, a, b), true
	case self == nil:
		// Creation functions (no tensor operand).
		return ex.creation(e, name, args)
	case name == "expand" || name == "broadcast_to" || name == "expand_as":
		var target []int
		switch {
		case name == "expand_as" && len(rest) == 1 && rest[0].isTensor():
			target = rest[0].t.shape
		case len(rest) > 0:
			target = ex.ints(name, rest)
		default:
			return aval{}, false
		}
		st := analyzeExpand(text, *self, target)
		ex.record(st)
		return ex.abstract(e, st.result, st.resultStrides, self.dtype), true
	case name == "view" || name == "reshape" || name == "view_as" || name == "reshape_as":
		var sizes []int
		switch {
		case strings.HasSuffix(name, "_as") && len(rest) == 1 && rest[0].isTensor():
			sizes = rest[0].t.shape
		case len(rest) == 1 && rest[0].v != nil:
			if _, isDT := rest[0].v.(DTypeValue); isDT {
				return aval{}, false
			}
			sizes = ex.ints(name, rest)
		case len(rest) > 0:
			sizes = ex.ints(name, rest)
		default:
			if s, ok := args.kw["shape"]; ok {
				sizes = ex.ints(name, []aval{s})
			} else {
				return aval{}, false
			}
		}
		st := analyzeView(text, *self, sizes, strings.HasPrefix(name, "reshape"))
		ex.record(st)
		return ex.abstract(e, st.result, st.resultStrides, self.dtype), true
	case unaryNames[name]:
		if len(rest) > 0 && (name == "round" || name == "nan_to_num") {
			return ex.abstract(e, self.shape, nil, self.dtype), true
		}
		if len(rest) > 0 {
			return aval{}, false
		}
		dt := self.dtype
		switch name {
		case "isnan", "isinf", "isfinite", "logical_not", "signbit", "isposinf", "isneginf", "isreal":
			dt = tensor.Bool
		}
		strides := self.strides
		if name != "detach" {
			strides = nil
		}
		return ex.abstract(e, self.shape, strides, dt), true
	case convNames[name] != 0 || name == "bool":
		if len(rest) > 0 || len(args.kw) > 0 {
			return aval{}, false
		}
		return ex.abstract(e, self.shape, nil, convNames[name]), true
	case name == "transpose" || name == "swapaxes" || name == "swapdims":
		if len(rest) != 2 {
			return aval{}, false
		}
		d0, ok0 := ex.intArg(rest[0])
		d1, ok1 := ex.intArg(rest[1])
		n := len(self.shape)
		if !ok0 || !ok1 {
			return aval{}, false
		}
		d0, ok0 = wrapDim(d0, n)
		d1, ok1 = wrapDim(d1, n)
		if !ok0 || !ok1 || n == 0 {
			return aval{}, false
		}
		perm := identity(n)
		perm[d0], perm[d1] = perm[d1], perm[d0]
		return ex.permuted(e, self, perm), true
	case name == "t":
		n := len(self.shape)
		if n > 2 || len(rest) > 0 {
			return aval{}, false
		}
		perm := identity(n)
		if n == 2 {
			perm[0], perm[1] = 1, 0
		}
		return ex.permuted(e, self, perm), true
	case name == "permute":
		dims := ex.ints(name, rest)
		n := len(self.shape)
		if len(dims) != n {
			return aval{}, false
		}
		seen := map[int]bool{}
		for i, d := range dims {
			w, ok := wrapDim(d, n)
			if !ok || seen[w] {
				return aval{}, false
			}
			seen[w] = true
			dims[i] = w
		}
		return ex.permuted(e, self, dims), true
	case name == "unsqueeze":
		if len(rest) != 1 {
			return aval{}, false
		}
		d, ok := ex.intArg(rest[0])
		n := len(self.shape)
		if !ok || d < -(n+1) || d > n {
			return aval{}, false
		}
		if d < 0 {
			d += n + 1
		}
		st := self.stridesOr()
		ns := 1
		if d < n {
			ns = self.shape[d] * st[d]
		}
		shape := append(append(append([]int{}, self.shape[:d]...), 1), self.shape[d:]...)
		strides := append(append(append([]int{}, st[:d]...), ns), st[d:]...)
		return ex.abstract(e, shape, strides, self.dtype), true
	case name == "squeeze":
		st := self.stridesOr()
		var shape, strides []int
		switch len(rest) {
		case 0:
			for i, s := range self.shape {
				if s != 1 {
					shape = append(shape, s)
					strides = append(strides, st[i])
				}
			}
		case 1:
			d, ok := ex.intArg(rest[0])
			if !ok {
				return aval{}, false
			}
			d, ok = wrapDim(d, len(self.shape))
			if !ok {
				return aval{}, false
			}
			for i, s := range self.shape {
				if i != d || s != 1 {
					shape = append(shape, s)
					strides = append(strides, st[i])
				}
			}
		default:
			return aval{}, false
		}
		return ex.abstract(e, shape, strides, self.dtype), true
	case name == "flatten":
		n := len(self.shape)
		start, end := 0, -1
		if len(rest) > 0 {
			s, ok := ex.intArg(rest[0])
			if !ok {
				return aval{}, false
			}
			start = s
		}
		if len(rest) > 1 {
			s, ok := ex.intArg(rest[1])
			if !ok {
				return aval{}, false
			}
			end = s
		}
		if n == 0 {
			return ex.abstract(e, []int{1}, nil, self.dtype), true
		}
		s0, ok0 := wrapDim(start, n)
		s1, ok1 := wrapDim(end, n)
		if !ok0 || !ok1 || s0 > s1 {
			return aval{}, false
		}
		shape := append([]int{}, self.shape[:s0]...)
		shape = append(shape, prod(self.shape[s0:s1+1]))
		shape = append(shape, self.shape[s1+1:]...)
		strides, _, ok := computeViewStrides(self.shape, self.stridesOr(), shape)
		if !ok {
			strides = nil
		}
		return ex.abstract(e, shape, strides, self.dtype), true
	case name == "size" || name == "dim" || name == "numel" || name == "stride" || name == "is_contiguous" || name == "nelement" || name == "ndimension":
		return ex.tensorQuery(e, name, self, rest)
	case reductionNames[name] || ((name == "max" || name == "min") && len(rest) == 0 && len(args.kw) == 0):
		return ex.reduction(e, name, self, rest, args)
	}
	return aval{}, false
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// tensorQuery answers size(), dim(), numel(), stride(), is_contiguous().
func (ex *explainer) tensorQuery(e lang.Expr, name string, t *opnd, rest []aval) (aval, bool) {
	switch name {
	case "size":
		if len(rest) == 0 {
			return aval{v: Size(append([]int{}, t.shape...)), node: e}, true
		}
		d, ok := ex.intArg(rest[0])
		if d, ok2 := wrapDim(d, len(t.shape)); ok && ok2 && len(t.shape) > 0 {
			return aval{v: MakeInt(int64(t.shape[d])), node: e}, true
		}
	case "dim", "ndimension":
		return aval{v: MakeInt(int64(len(t.shape))), node: e}, true
	case "numel", "nelement":
		return aval{v: MakeInt(int64(prod(t.shape))), node: e}, true
	case "stride":
		st := t.stridesOr()
		if len(rest) == 0 {
			vals := make(Tuple, len(st))
			for i, s := range st {
				vals[i] = MakeInt(int64(s))
			}
			return aval{v: vals, node: e}, true
		}
		d, ok := ex.intArg(rest[0])
		if d, ok2 := wrapDim(d, len(t.shape)); ok && ok2 && len(t.shape) > 0 {
			return aval{v: MakeInt(int64(st[d])), node: e}, true
		}
	case "is_contiguous":
		return aval{v: Bool(tensor.IsContiguous(t.shape, t.stridesOr())), node: e}, true
	}
	return aval{}, false
}

// reduction works out the shape of sum(dim, keepdim) and friends.
func (ex *explainer) reduction(e lang.Expr, name string, t *opnd, rest []aval, args *callArgs) (aval, bool) {
	dt := t.dtype
	switch name {
	case "mean", "std", "var", "norm", "logsumexp", "nanmean":
	case "all", "any":
		dt = tensor.Bool
	case "argmax", "argmin", "count_nonzero":
		dt = tensor.Int64
	case "sum", "prod", "nansum":
		if dt.IsIntegral(true) {
			dt = tensor.Int64
		}
	}
	var dimArg *aval
	keep := false
	if len(rest) > 0 {
		dimArg = &rest[0]
	}
	if d, ok := args.kw["dim"]; ok {
		dimArg = &d
	}
	if k, ok := args.kw["keepdim"]; ok {
		b, isB := k.v.(Bool)
		if !isB {
			return aval{}, false
		}
		keep = bool(b)
	}
	if len(rest) > 1 {
		b, isB := rest[1].v.(Bool)
		if !isB {
			return aval{}, false
		}
		keep = bool(b)
	}
	for k := range args.kw {
		if k != "dim" && k != "keepdim" && k != "dtype" {
			return aval{}, false
		}
	}
	if dimArg == nil || dimArg.v == None {
		if keep {
			shape := make([]int, len(t.shape))
			for i := range shape {
				shape[i] = 1
			}
			return ex.abstract(e, shape, nil, dt), true
		}
		return ex.abstract(e, []int{}, nil, dt), true
	}
	var dims []int
	if d, ok := ex.intArg(*dimArg); ok {
		dims = []int{d}
	} else if dimArg.v != nil {
		switch dimArg.v.(type) {
		case Tuple, *List:
			dims = ex.ints(name, []aval{*dimArg})
		default:
			return aval{}, false
		}
	} else {
		return aval{}, false
	}
	drop := map[int]bool{}
	for _, d := range dims {
		w, ok := wrapDim(d, len(t.shape))
		if !ok || drop[w] {
			return aval{}, false
		}
		drop[w] = true
	}
	var shape []int
	for i, s := range t.shape {
		switch {
		case !drop[i]:
			shape = append(shape, s)
		case keep:
			shape = append(shape, 1)
		}
	}
	return ex.abstract(e, shape, nil, dt), true
}

// creation works out the shape of torch.empty(5, 3) and friends without
// allocating.
func (ex *explainer) creation(e *lang.CallExpr, name string, args *callArgs) (aval, bool) {
	def := tensor.DefaultFloat()
	switch {
	case creationNames[name]:
		sizes := args.pos
		if s, ok := args.kw["size"]; ok && len(sizes) == 0 {
			sizes = []aval{s}
		}
		shape := ex.ints(name, sizes)
		return ex.checkedShape(e, name, shape, ex.dtypeKw(args, def))
	case name == "full":
		if len(args.pos) < 1 {
			return aval{}, false
		}
		shape := ex.ints(name, args.pos[:1])
		dt := def
		if len(args.pos) > 1 {
			switch args.pos[1].v.(type) {
			case Int:
				dt = tensor.Int64
			case Bool:
				dt = tensor.Bool
			}
		}
		return ex.checkedShape(e, name, shape, ex.dtypeKw(args, dt))
	case name == "randint":
		var size aval
		if s, ok := args.kw["size"]; ok {
			size = s
		} else if len(args.pos) >= 2 {
			size = args.pos[len(args.pos)-1]
		} else {
			return aval{}, false
		}
		shape := ex.ints(name, []aval{size})
		return ex.checkedShape(e, name, shape, ex.dtypeKw(args, tensor.Int64))
	case name == "empty_like" || name == "zeros_like" || name == "ones_like" || name == "rand_like" || name == "randn_like" || name == "full_like":
		if len(args.pos) < 1 || !args.pos[0].isTensor() {
			return aval{}, false
		}
		t := args.pos[0].t
		return ex.abstract(e, t.shape, nil, ex.dtypeKw(args, t.dtype)), true
	case name == "arange":
		var nums []float64
		isFloat := false
		for _, a := range args.pos {
			switch v := a.v.(type) {
			case Int:
				nums = append(nums, v.Float())
			case Float:
				nums = append(nums, float64(v))
				isFloat = true
			default:
				return aval{}, false
			}
		}
		start, end, step := 0.0, 0.0, 1.0
		switch len(nums) {
		case 1:
			end = nums[0]
		case 2:
			start, end = nums[0], nums[1]
		case 3:
			start, end, step = nums[0], nums[1], nums[2]
		default:
			return aval{}, false
		}
		if step == 0 || (end-start)/step < 0 {
			return aval{}, false
		}
		n := int((end - start) / step)
		if float64(n)*step+start != end && (end-start)/step > float64(n) {
			n++
		}
		dt := tensor.Int64
		if isFloat {
			dt = def
		}
		return ex.checkedShape(e, name, []int{n}, ex.dtypeKw(args, dt))
	}
	return aval{}, false
}

// checkedShape returns a tensor of the given shape, leaving invalid
// sizes to real evaluation (for PyTorch's error).
func (ex *explainer) checkedShape(e lang.Expr, name string, shape []int, dt tensor.DType) (aval, bool) {
	for _, s := range shape {
		if s < 0 {
			return aval{}, false
		}
	}
	return ex.abstract(e, shape, nil, dt), true
}

// matFnDims checks the dims that mm, bmm, mv and dot require; it returns
// a failing step, or nil.
func matFnDims(expr, name string, a, b opnd) *step {
	da, db := len(a.shape), len(b.shape)
	st := &step{kind: kindMatmul, expr: expr, ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgMatmulHeader, expr)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	switch name {
	case "mm":
		if da != 2 {
			st.add(msgMatmulBadDims, name, "2-D matrices", a.name, da)
			st.fail("RuntimeError", ptMmNotMatrix, "self")
		} else if db != 2 {
			st.add(msgMatmulBadDims, name, "2-D matrices", b.name, db)
			st.fail("RuntimeError", ptMmNotMatrix, "mat2")
		}
	case "bmm":
		if da != 3 {
			st.add(msgMatmulBadDims, name, "3-D batches of matrices", a.name, da)
			st.fail("RuntimeError", ptBmm3D, "batch1")
		} else if db != 3 {
			st.add(msgMatmulBadDims, name, "3-D batches of matrices", b.name, db)
			st.fail("RuntimeError", ptBmm3D, "batch2")
		}
	case "mv":
		if da != 2 || db != 1 {
			bad, d := a, da
			if da == 2 {
				bad, d = b, db
			}
			st.add(msgMatmulBadDims, name, "a 2-D matrix and a 1-D vector", bad.name, d)
			st.fail("RuntimeError", ptMvShape, da, db)
		}
	case "dot":
		if da != 1 || db != 1 {
			bad, d := a, da
			if da == 1 {
				bad, d = b, db
			}
			st.add(msgMatmulBadDims, name, "two 1-D tensors", bad.name, d)
			st.fail("RuntimeError", ptDot1D, da, db)
		}
	}
	if st.err == nil {
		return nil
	}
	st.cause = st.lines[len(st.lines)-2]
	return st
}

// analyzeBmm explains torch.bmm: no broadcasting, the batch sizes and the
// inner sizes must agree.
func analyzeBmm(expr string, a, b opnd) *step {
	st := &step{kind: kindMatmul, expr: expr, ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgMatmulHeader, expr)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	st.add(msgBmmBatch, a.shape[0], b.shape[0])
	rel := "=="
	if a.shape[2] != b.shape[1] {
		rel = "!="
	}
	st.add(msgMatmulInner, a.shape[1], a.shape[2], b.shape[1], b.shape[2], a.name, a.shape[2], rel, b.name, b.shape[1])
	if a.shape[0] != b.shape[0] || a.shape[2] != b.shape[1] {
		st.fail("RuntimeError", ptBmm, a.shape[0], a.shape[2], b.shape[0], b.shape[1])
		st.cause = fmt.Sprintf(hintMatmul, a.name, a.shape[2], b.name, b.shape[1])
		return st
	}
	st.result = []int{a.shape[0], a.shape[1], b.shape[2]}
	st.addText(msgResultLabel + "  " + fmtShape(st.result))
	return st
}
