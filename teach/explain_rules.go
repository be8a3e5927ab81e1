package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strconv"
	"strings"

	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The explainer analyses one operation from its operands' shapes (and
// strides), without running it: broadcasting (explain_broadcast.go),
// in-place operations, matrix products (explain_matmul.go), expand and
// view (explain_views.go). Each analysis gives a step: the lines %explain
// prints, the result shape, the error PyTorch would raise, and the
// one-line cause that hints print. %explain, hints and %trace all use these
// analyses. The shape rules themselves are the runtime's pure functions
// (runtime/broadcast, tensor.InplaceShape, ViewGeometry, ExpandGeometry,
// linalg.PlanMatmul, ...), which the operations call too: an analysis only
// turns their record into words (explain_drift_test.go checks them
// against real runs). This file holds the operands, the steps and the
// formatting helpers.

// opnd is one operand of an analysed operation.
type opnd struct {
	name    string // source text
	shape   []int
	strides []int // nil when not known: contiguous is assumed
	offset  int
	dtype   tensor.DType
	dev     tensor.Device
	grad    bool // requires grad: its gradient is summed where it is expanded
}

func opndOf(name string, t *tensor.Tensor) opnd {
	return opnd{name: name, shape: t.Shape(), strides: t.Strides(), offset: t.Offset(), dtype: t.DType(), dev: t.Device(), grad: autograd.RequiresGrad(t)}
}

// stridesOr returns the operand's strides, or the contiguous ones.
func (o opnd) stridesOr() []int {
	if o.strides != nil {
		return o.strides
	}
	return tensor.ContiguousStrides(o.shape)
}

type stepKind int

const (
	kindBroadcast stepKind = iota
	kindInplace
	kindMatmul
	kindExpand
	kindView
)

// step is one analysed operation.
type step struct {
	kind          stepKind
	expr          string // source text of the operation
	header        string // first line; expr when empty
	ops           []opnd
	lines         []string
	result        []int // nil when the operation fails
	resultStrides []int
	err           *eval.Exception // what PyTorch raises, when it fails
	cause         string          // for hints: why it fails
	expanded      bool            // some operand is broadcast (for %trace)
}

func (st *step) add(format string, args ...any) {
	st.lines = append(st.lines, fmt.Sprintf(format, args...))
}

func (st *step) addText(line string) { st.lines = append(st.lines, line) }

func (st *step) fail(typ, format string, args ...any) {
	st.err = &eval.Exception{Type: typ, Msg: fmt.Sprintf(format, args...)}
	st.result = nil
	st.add(msgPyTorchSays, st.err.Error())
}

// ---- formatting helpers ----

func fmtShape(s []int) string { return tensor.ShapeString(s) }

// fmtTuple is Python's repr of a tuple of ints: (1,), (4, 1).
func fmtTuple(s []int) string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// ordinal is 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st.
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// joinAnd joins "a", "b", "c" as "a, b and c".
func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// dimsPhrase is "dim 0" or "dims 0 and 2".
func dimsPhrase(dims []int) string {
	if len(dims) == 1 {
		return "dim " + strconv.Itoa(dims[0])
	}
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = strconv.Itoa(d)
	}
	return "dims " + joinAnd(parts)
}

// alignShapes formats shapes right-aligned in columns, one column per
// trailing dimension, as the seed documents write torch.empty(  3,1,1)
// under torch.empty(5,3,4,1):
//
//	[5, 3, 4, 1]
//	[   3, 1, 1]
func alignShapes(shapes [][]int) []string {
	n := 0
	for _, s := range shapes {
		n = max(n, len(s))
	}
	w := make([]int, n)
	for _, s := range shapes {
		for j, v := range s {
			col := n - len(s) + j
			w[col] = max(w[col], len(strconv.Itoa(v)))
		}
	}
	out := make([]string, len(shapes))
	for k, s := range shapes {
		var b strings.Builder
		b.WriteByte('[')
		lead := n - len(s)
		for col := 0; col < n; col++ {
			sep := ", "
			if col < lead {
				b.WriteString(strings.Repeat(" ", w[col]))
				sep = "  "
			} else {
				v := strconv.Itoa(s[col-lead])
				b.WriteString(strings.Repeat(" ", w[col]-len(v)) + v)
			}
			if col < n-1 {
				b.WriteString(sep)
			}
		}
		b.WriteByte(']')
		out[k] = b.String()
	}
	return out
}

// shapeTable prints operands (and extra labelled shapes) with their names
// padded to one width and their shapes aligned.
func shapeTable(names []string, shapes [][]int) []string {
	w := 0
	for _, n := range names {
		w = max(w, len(n))
	}
	al := alignShapes(shapes)
	out := make([]string, len(names))
	for i := range names {
		out[i] = names[i] + strings.Repeat(" ", w-len(names[i])) + "  " + al[i]
	}
	return out
}

func names(ops []opnd) []string {
	out := make([]string, len(ops))
	for i, o := range ops {
		out[i] = o.name
	}
	return out
}

// operandsPhrase is "x is [5, 2, 4, 1], y is [3, 1, 1]" (hints).
func operandsPhrase(ops []opnd) string {
	parts := make([]string, len(ops))
	for i, o := range ops {
		parts[i] = fmt.Sprintf(hintIs, o.name, fmtShape(o.shape))
	}
	return strings.Join(parts, ", ")
}

// sizeAt returns the size of the t-th trailing dimension (1-based) of
// shape, and whether it exists.
func sizeAt(shape []int, t int) (int, bool) {
	if t > len(shape) {
		return 1, false
	}
	return shape[len(shape)-t], true
}
