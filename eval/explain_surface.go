package eval

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// %explain for gather, scatter and scatter_add: how the index's shape
// relates to the input's (and src's), dimension by dimension.

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

	errExplainIndexDType = "%s(): Expected dtype int64 for index"
	errExplainSrcDType   = "%s(): Expected self.dtype to be equal to src.dtype"
)

// surfaceRule explains gather and the scatter family; ok is false for
// anything else (or when the arguments are not known well enough).
func (ex *explainer) surfaceRule(e *lang.CallExpr, name string, method bool, recv aval, args *callArgs) (aval, bool) {
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
	if ix.dtype != tensor.Int64 && tensor.Numel(ix.shape) > 0 {
		st.fail("RuntimeError", errExplainIndexDType, dtName)
		st.cause = st.lines[len(st.lines)-1]
		ex.record(st)
		return aval{}, true
	}
	if src != nil && src.dtype != a.dtype {
		st.fail("RuntimeError", errExplainSrcDType, dtName)
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
	if msg := tensor.ScatterGatherShapeError(base == "gather", a.shape, ix.shape, srcShape, dim); msg != "" {
		st.cause = bad
		st.fail("RuntimeError", "%s", msg)
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
