package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

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
			for _, el := range ex.run(ex.text(a.Value), func() eval.Value { return eval.Tuple(eval.IterateAll(v)) }).(eval.Tuple) {
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
	var fn eval.Value
	switch f := e.Fn.(type) {
	case *lang.AttrExpr:
		r := ex.eval(f.X)
		name = f.Name
		switch {
		case r.isTensor():
			recv, method = r, true
		case r.v == eval.Value(ex.s.TorchModule()):
			// torch.NAME: the rules apply whether or not tensh has NAME yet
			torchFn = true
		}
		if !method && !(torchFn && eval.TorchFuncs[name] == nil) {
			rv := r.v
			fn = ex.run(ex.text(f), func() eval.Value { return ex.s.GetAttr(rv, f.Name) })
		}
	case *lang.Ident:
		name = f.Name
		v, ok := ex.s.Lookup(f.Name)
		if b, isB := v.(*eval.Builtin); ok && isB && eval.TorchFuncs[name] == b {
			torchFn = true
		}
		fn = ex.run(f.Name, func() eval.Value {
			if !ok {
				eval.Throw("NameError", eval.ErrNameNotDefined, f.Name)
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
	if r, ok := ex.moduleCall(e, fn, args); ok { // an nn.Module: explain_module.go
		return r
	}
	// Evaluate for real.
	if fn == nil && !method {
		fn = ex.run(ex.text(e.Fn), func() eval.Value { return ex.s.GetAttr(ex.s.TorchModule(), name) })
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
		fn = ex.run(ex.text(e.Fn), func() eval.Value { return ex.s.GetAttr(rv, name) })
	}
	cargs := (&eval.Args{}).Bind(ex.s)
	for _, a := range args.pos {
		cargs.Pos = append(cargs.Pos, ex.value(a))
	}
	for _, k := range args.kwOrder {
		cargs.Kw = append(cargs.Kw, eval.KwArg{Name: k, Value: ex.value(args.kw[k])})
	}
	return ex.wrap(e, ex.run(ex.text(e), func() eval.Value { return ex.s.Call(fn, cargs) }))
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
	vs := make([]eval.Value, len(vals))
	for i, a := range vals {
		vs[i] = ex.value(a)
	}
	var out []int
	ex.run(name, func() eval.Value {
		a := (&eval.Args{Name: name}).Bind(ex.s)
		if len(vs) == 1 {
			if _, isInt := vs[0].(eval.Int); !isInt {
				out = a.ToInts("size", vs[0])
				return nil
			}
		}
		out = a.ToInts("size", eval.Tuple(vs))
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
	case eval.Int:
		i, ok := n.Int64()
		return int(i), ok
	case eval.Bool:
		if n {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func (ex *explainer) dtypeKw(args *callArgs, def tensor.DType) tensor.DType {
	if d, ok := args.kw["dtype"]; ok {
		if dv, ok := d.v.(eval.DTypeValue); ok {
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
	r, ok := ex.ruleOf(e, name, method, recv, args)
	if out, has := args.kw["out"]; ok && has && out.isTensor() && r.isTensor() {
		// the result is written into out=, which keeps its layout or is
		// resized to the result's shape (tensor.OutStrides)
		r.t.strides = tensor.OutStrides(out.t.shape, out.t.stridesOr(), r.t.shape)
	}
	return r, ok
}

// ruleOf is rule, before out=.
func (ex *explainer) ruleOf(e *lang.CallExpr, name string, method bool, recv aval, args *callArgs) (aval, bool) {
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
			return ex.abstract(e, ops[0].shape, resultStrides(ops[0].shape, ops), dt), true
		}
		st := analyzeBroadcast(text, ops)
		st.header = fmt.Sprintf(msgWhereHeader, text)
		ex.record(st)
		return ex.abstract(e, st.result, resultStrides(st.result, ops), dt), true
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
			if _, isDT := rest[0].v.(eval.DTypeValue); isDT {
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
		// the runtime's layouts: TensorIterator's for pointwise results
		strides := resultStrides(self.shape, []opnd{*self})
		switch name {
		case "detach", "cpu": // the same view
			strides = self.stridesOr()
		case "clone", "contiguous":
			if len(args.kw) > 0 {
				return aval{}, false // memory_format: left to real evaluation
			}
			strides = tensor.LikeStrides(self.shape, self.stridesOr()) // clone is empty_like and a copy
			if name == "contiguous" {
				strides = nil
				if tensor.IsContiguous(self.shape, self.stridesOr()) {
					strides = self.stridesOr() // the tensor itself
				}
			}
		}
		return ex.abstract(e, self.shape, strides, dt), true
	case convNames[name] != 0 || name == "bool":
		if len(rest) > 0 || len(args.kw) > 0 {
			return aval{}, false
		}
		strides := tensor.LikeStrides(self.shape, self.stridesOr()) // empty_like and a copy
		if convNames[name] == self.dtype {
			strides = self.stridesOr() // the tensor itself
		}
		return ex.abstract(e, self.shape, strides, convNames[name]), true
	case geometryViews[name]:
		return ex.geometryView(e, name, method, self, rest, args)
	case name == "flatten":
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
		var shape []int
		same := false
		if e := ex.s.Guard(func() { shape, same = tensor.FlattenShape(self.shape, start, end) }); e != nil {
			return aval{}, false // real evaluation raises it
		}
		if same {
			return ex.abstract(e, shape, self.stridesOr(), self.dtype), true
		}
		// flatten reshapes: a view when the strides allow, else a copy
		_, strides, _, err := tensor.ViewGeometry(self.shape, self.stridesOr(), shape)
		if err != nil {
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

// geometryViews are the view operations whose result the explainer gets
// from the evaluator's own binding, run on a stand-in of the operand
// (ex.geometry): nothing is read or written.
var geometryViews = setOf("t", "transpose", "swapaxes", "swapdims", "permute", "unsqueeze", "squeeze",
	"movedim", "moveaxis", "narrow", "select", "diagonal", "unflatten")

// geometryView is self.name(rest...) (or torch.name(self, rest...)) on a
// stand-in of self; its other arguments must not be tensors.
func (ex *explainer) geometryView(e *lang.CallExpr, name string, method bool, self *opnd, rest []aval, args *callArgs) (aval, bool) {
	if len(args.tensors(false)) > 0 && !(len(args.tensors(false)) == 1 && !method) {
		return aval{}, false
	}
	var pos []eval.Value
	for _, a := range rest {
		pos = append(pos, ex.value(a))
	}
	kw := make([]eval.KwArg, 0, len(args.kwOrder))
	for _, k := range args.kwOrder {
		kw = append(kw, eval.KwArg{Name: k, Value: ex.value(args.kw[k])})
	}
	return ex.geometry(e, self, func(g *tensor.Tensor) eval.Value {
		var fn eval.Value
		if method {
			fn = ex.s.GetAttr(g, name)
		} else {
			fn = ex.s.GetAttr(ex.s.TorchModule(), name)
			pos = append([]eval.Value{g}, pos...)
		}
		return ex.s.Call(fn, (&eval.Args{Pos: pos, Kw: kw}).Bind(ex.s))
	})
}
