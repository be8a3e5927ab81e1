package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// %explain for gather, scatter and scatter_add (how the index's shape
// relates to the input's and src's, dimension by dimension) and for
// tensordot (which dims pair up, and the result's shape).

const (
	msgGatherHeader   = "%s: %s along dim %d"
	msgGatherDimFree  = "dim %d (the %s dim): %s's size %d is free; every index must be in [0, %d)"
	msgGatherDimOK    = "dim %d: %s has %d <= %s's %d"
	msgGatherDimBad   = "dim %d: %s has %d > %s's %d: apart from dim %d, the index may not be larger than %s"
	msgGatherDimsBad  = "%s has %d dimensions and %s has %d: they must have the same number (0-d counts as 1)"
	msgGatherResult   = "%s  %s (the index's shape)"
	msgScatterResult  = "%s  %s (%s's shape)"
	msgScatterSrcDim  = "dim %d: %s has %d > src %s's %d: the index may not be larger than src in any dimension"
	msgScatterSrcDims = "src %s has %d dimensions and %s has %d: they must have the same number"
)

// surfaceRule explains gather and the scatter family; ok is false for
// anything else (or when the arguments are not known well enough).
func (ex *explainer) surfaceRule(e *lang.CallExpr, name string, method bool, recv aval, args *callArgs) (aval, bool) {
	if !method {
		switch name {
		case "tensordot":
			return ex.tensordotRule(e, args)
		case "meshgrid":
			return ex.meshgridRule(e, args)
		case "cdist":
			return ex.cdistRule(e, args)
		}
	}
	base := strings.TrimSuffix(name, "_")
	if base != "gather" && base != "scatter" && base != "scatter_add" {
		return aval{}, false
	}
	vals := args.pos
	if method {
		vals = append([]aval{recv}, args.pos...)
	}
	get := func(i int, kws ...string) (aval, bool) {
		for _, k := range kws {
			if a, ok := args.kw[k]; ok {
				return a, true
			}
		}
		if i < len(vals) {
			return vals[i], true
		}
		return aval{}, false
	}
	self, ok1 := get(0, "input")
	dimA, ok2 := get(1, "dim")
	idx, ok3 := get(2, "index")
	if !ok1 || !ok2 || !ok3 || !self.isTensor() || !idx.isTensor() {
		return aval{}, false
	}
	d, ok := ex.intArg(dimA)
	if !ok {
		return aval{}, false
	}
	dim, ok := wrapDim(d, len(self.t.shape))
	if !ok {
		return aval{}, false
	}
	var src *opnd
	if base != "gather" {
		if s, ok := get(3, "src", "value"); ok && s.isTensor() {
			src = s.t
		}
	}
	a, ix := *self.t, *idx.t
	st := &step{kind: kindView, expr: ex.text(e)}
	st.header = fmt.Sprintf(msgGatherHeader, st.expr, base, dim)
	names, shapes := []string{a.name, ix.name}, [][]int{a.shape, ix.shape}
	st.ops = []opnd{a, ix}
	if src != nil {
		names, shapes = append(names, src.name), append(shapes, src.shape)
		st.ops = append(st.ops, *src)
	}
	st.lines = append(st.lines, shapeTable(names, shapes)...)
	dtName := base
	if base == "scatter_add" {
		dtName = "scatter"
	}
	var srcDType *tensor.DType
	if src != nil {
		srcDType = &src.dtype
	}
	if msg := tensor.ScatterGatherDTypeError(dtName, a.dtype, ix.dtype, tensor.Numel(ix.shape), srcDType); msg != "" {
		st.fail("RuntimeError", "%s", msg)
		st.cause = st.lines[len(st.lines)-1]
		ex.record(st)
		return aval{}, true
	}
	size := func(s []int, i int) int {
		if len(s) == 0 {
			return 1
		}
		return s[i]
	}
	nd := max(len(a.shape), 1)
	what := "gathered"
	if base != "gather" {
		what = "scattered"
	}
	bad := ""
	note := func(format string, args ...any) {
		st.add(format, args...)
		if bad == "" {
			bad = st.lines[len(st.lines)-1]
		}
	}
	switch {
	case max(len(ix.shape), 1) != nd:
		note(msgGatherDimsBad, ix.name, len(ix.shape), a.name, len(a.shape))
	case src != nil && max(len(src.shape), 1) != nd:
		note(msgScatterSrcDims, src.name, len(src.shape), ix.name, len(ix.shape))
	default:
		for i := 0; i < nd; i++ {
			switch {
			case i == dim:
				st.add(msgGatherDimFree, i, what, ix.name, size(ix.shape, i), size(a.shape, i))
			case size(ix.shape, i) > size(a.shape, i):
				note(msgGatherDimBad, i, ix.name, size(ix.shape, i), a.name, size(a.shape, i), dim, a.name)
			default:
				st.add(msgGatherDimOK, i, ix.name, size(ix.shape, i), a.name, size(a.shape, i))
			}
			if src != nil && size(ix.shape, i) > size(src.shape, i) {
				note(msgScatterSrcDim, i, ix.name, size(ix.shape, i), src.name, size(src.shape, i))
			}
		}
	}
	var srcShape []int
	if src != nil {
		srcShape = src.shape
	}
	if err := tensor.ScatterGatherCheck(base == "gather", a.shape, ix.shape, srcShape, src != nil, dim); err != nil {
		st.cause = bad
		st.fail(err.Kind.String(), "%s", err.Msg)
		ex.record(st)
		return aval{}, true
	}
	if base == "gather" {
		st.result = ix.shape
		st.add(msgGatherResult, msgResultLabel, fmtShape(ix.shape))
	} else {
		st.result = a.shape
		st.add(msgScatterResult, msgResultLabel, fmtShape(a.shape), a.name)
	}
	ex.record(st)
	return ex.abstract(e, st.result, nil, a.dtype), true
}

const (
	msgTensordotHeader  = "%s: tensordot, contracting %s's dims %s with %s's dims %s"
	msgTensordotPair    = "%s's dim %d (size %d) with %s's dim %d (size %d): %s"
	msgTensordotMatch   = "equal, summed over"
	msgTensordotBcast   = "one is 1, summed over on its own side"
	msgTensordotBad     = "%d != %d and neither is 1"
	msgTensordotLens    = "%d dims of %s against %d of %s: the lists must have the same length"
	msgTensordotResult  = "%s  %s (%s's other dims, then %s's)"
	msgTensordotDimsInt = "dims=%d: the last %d dims of %s with the first %d of %s"
)

// tensordotRule explains torch.tensordot(a, b, dims): which dims pair up
// and the result's shape (a's free dims, then b's).
func (ex *explainer) tensordotRule(e *lang.CallExpr, args *callArgs) (aval, bool) {
	get := func(i int, kw string) (aval, bool) {
		if a, ok := args.kw[kw]; ok {
			return a, true
		}
		if i < len(args.pos) {
			return args.pos[i], true
		}
		return aval{}, false
	}
	x, ok1 := get(0, "a")
	y, ok2 := get(1, "b")
	if !ok1 || !ok2 || !x.isTensor() || !y.isTensor() {
		return aval{}, false
	}
	a, b := *x.t, *y.t
	var da, db []int
	intro := ""
	dv, has := get(2, "dims")
	n := 2
	switch {
	case !has:
	case dv.v != nil:
		switch d := dv.v.(type) {
		case eval.Int:
			v, ok := d.Int64()
			if !ok || v < 0 {
				return aval{}, false
			}
			n = int(v)
		case eval.Tuple, *eval.List:
			parts := eval.IterateAll(d)
			if len(parts) != 2 {
				return aval{}, false
			}
			for k, p := range parts {
				var l []int
				switch q := p.(type) {
				case eval.Int:
					v, _ := q.Int64()
					l = []int{int(v)}
				case eval.Tuple, *eval.List:
					for _, e := range eval.IterateAll(q) {
						v, ok := e.(eval.Int)
						if !ok {
							return aval{}, false
						}
						iv, _ := v.Int64()
						l = append(l, int(iv))
					}
				default:
					return aval{}, false
				}
				if k == 0 {
					da = l
				} else {
					db = l
				}
			}
			n = -1
		default:
			return aval{}, false
		}
	default:
		return aval{}, false
	}
	if n >= 0 {
		if n > len(a.shape) || n > len(b.shape) {
			return aval{}, false // PyTorch's own range error, from real evaluation
		}
		for i := -n; i < 0; i++ {
			da = append(da, i) // as torch.tensordot's dims_a
		}
		for i := 0; i < n; i++ {
			db = append(db, i)
		}
		intro = fmt.Sprintf(msgTensordotDimsInt, n, n, a.name, n, b.name)
	}
	st := &step{kind: kindMatmul, expr: ex.text(e), ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgTensordotHeader, st.expr, a.name, fmtTuple(da), b.name, fmtTuple(db))
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	if intro != "" {
		st.addText(intro)
	}
	// the rule is tensordot's own (tensordotShape); an error other than
	// its RuntimeErrors is left to real evaluation
	var res []int
	exc := ex.s.Guard(func() { res = eval.TensordotShape(a.shape, b.shape, da, db) })
	if exc != nil && exc.Type != "RuntimeError" {
		return aval{}, false
	}
	if len(da) != len(db) {
		st.add(msgTensordotLens, len(da), a.name, len(db), b.name)
		st.cause = st.lines[len(st.lines)-1]
		st.fail(exc.Type, "%s", exc.Msg)
		ex.record(st)
		return aval{}, true
	}
	for i := range da {
		wa, wb := tensor.WrapDim(da[i], len(a.shape)), tensor.WrapDim(db[i], len(b.shape))
		s1, s2 := a.shape[wa], b.shape[wb]
		switch {
		case s2 == 1 || s1 == 1:
			st.add(msgTensordotPair, a.name, wa, s1, b.name, wb, s2, msgTensordotBcast)
		case s1 == s2:
			st.add(msgTensordotPair, a.name, wa, s1, b.name, wb, s2, msgTensordotMatch)
		default:
			st.add(msgTensordotPair, a.name, wa, s1, b.name, wb, s2, fmt.Sprintf(msgTensordotBad, s1, s2))
			st.cause = st.lines[len(st.lines)-1]
		}
		if st.cause != "" {
			break
		}
	}
	if exc != nil {
		st.fail(exc.Type, "%s", exc.Msg)
		ex.record(st)
		return aval{}, true
	}
	st.result = res
	st.add(msgTensordotResult, msgResultLabel, fmtShape(res), a.name, b.name)
	ex.record(st)
	return ex.abstract(e, res, nil, tensor.PromoteTypes(a.dtype, b.dtype)), true
}

const (
	msgMeshgridHeader = "%s: meshgrid, indexing='%s'"
	msgMeshgridInput  = "%s: %d elements, along result dim %d"
	msgMeshgridNotVec = "%s has %d dimensions: meshgrid takes 0-d or 1-d tensors"
	msgMeshgridResult = "%s  %d tensors of %s (each input viewed along its dim and expanded: no copy)"
	msgCdistHeader    = "%s: cdist, every row of %s against every row of %s"
	msgCdistCols      = "columns (last dim): %d and %d: %s"
	msgCdistRows      = "rows: %d and %d: the result is %d x %d"
	msgCdistBatch     = "batch dims %s and %s broadcast to %s"
	msgCdistResult    = "%s  %s"
)

// meshgridRule explains torch.meshgrid(*tensors, indexing=...).
func (ex *explainer) meshgridRule(e *lang.CallExpr, args *callArgs) (aval, bool) {
	ts := args.pos
	if len(ts) == 1 && !ts[0].isTensor() {
		return aval{}, false
	}
	ix := "ij"
	if k, ok := args.kw["indexing"]; ok {
		s, isStr := k.v.(eval.Str)
		if !isStr || (s != "ij" && s != "xy") {
			return aval{}, false
		}
		ix = string(s)
	} else {
		return aval{}, false // PyTorch warns: leave it to real evaluation
	}
	if len(ts) == 0 {
		return aval{}, false
	}
	st := &step{kind: kindView, expr: ex.text(e)}
	st.header = fmt.Sprintf(msgMeshgridHeader, st.expr, ix)
	var shape []int
	for _, t := range ts {
		if !t.isTensor() {
			return aval{}, false
		}
		st.ops = append(st.ops, *t.t)
		if t.t.dtype != ts[0].t.dtype {
			return aval{}, false
		}
		if len(t.t.shape) > 1 {
			st.add(msgMeshgridNotVec, t.t.name, len(t.t.shape))
			ex.record(st)
			return aval{}, false
		}
		shape = append(shape, tensor.Numel(t.t.shape))
	}
	for i, t := range ts {
		d := i
		if ix == "xy" && len(ts) >= 2 && i < 2 {
			d = 1 - i
		}
		st.add(msgMeshgridInput, t.t.name, shape[i], d)
	}
	if ix == "xy" && len(shape) >= 2 {
		shape[0], shape[1] = shape[1], shape[0]
	}
	st.result = shape
	st.add(msgMeshgridResult, msgResultLabel, len(ts), fmtShape(shape))
	ex.record(st)
	return aval{}, false // the tuple itself comes from real evaluation
}

// cdistRule explains torch.cdist(x1, x2).
func (ex *explainer) cdistRule(e *lang.CallExpr, args *callArgs) (aval, bool) {
	get := func(i int, kw string) (aval, bool) {
		if a, ok := args.kw[kw]; ok {
			return a, true
		}
		if i < len(args.pos) {
			return args.pos[i], true
		}
		return aval{}, false
	}
	x, ok1 := get(0, "x1")
	y, ok2 := get(1, "x2")
	if !ok1 || !ok2 || !x.isTensor() || !y.isTensor() || len(x.t.shape) < 2 || len(y.t.shape) < 2 {
		return aval{}, false
	}
	a, b := *x.t, *y.t
	st := &step{kind: kindMatmul, expr: ex.text(e), ops: []opnd{a, b}}
	st.header = fmt.Sprintf(msgCdistHeader, st.expr, a.name, b.name)
	st.lines = append(st.lines, shapeTable([]string{a.name, b.name}, [][]int{a.shape, b.shape})...)
	na, nb := len(a.shape), len(b.shape)
	m1, m2 := a.shape[na-1], b.shape[nb-1]
	if m1 != m2 {
		st.add(msgCdistCols, m1, m2, "they must be equal")
		st.cause = st.lines[len(st.lines)-1]
		st.fail("RuntimeError", "%s", linalg.CdistShapeError(a.shape, b.shape))
		ex.record(st)
		return aval{}, true
	}
	st.add(msgCdistCols, m1, m2, "equal")
	p, r := a.shape[na-2], b.shape[nb-2]
	st.add(msgCdistRows, p, r, p, r)
	ba, bb := a.shape[:na-2], b.shape[:nb-2]
	bs, err := broadcast.InferSize(ba, bb)
	if err != nil {
		return aval{}, false
	}
	if len(ba)+len(bb) > 0 {
		st.add(msgCdistBatch, fmtShape(ba), fmtShape(bb), fmtShape(bs))
	}
	st.result = append(append([]int{}, bs...), p, r)
	st.add(msgCdistResult, msgResultLabel, fmtShape(st.result))
	ex.record(st)
	return aval{}, false // the values come from real evaluation
}
