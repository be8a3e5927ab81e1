package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "strides",
		Usage: "%strides EXPR",
		Doc: "Pictures how a tensor maps onto its storage: shape, strides, offset, contiguity, the variables " +
			"it shares storage with, the storage row with each cell's element number (counting from 0 in row-major " +
			"order), and why view would or would not work on it.",
		Save: true,
		Run: func(s *eval.Session, arg string) {
			if strings.TrimSpace(arg) == "" {
				eval.Throw("UsageError", "%s", msgStridesUsage)
			}
			s.Print(eval.WrapTextKeep(Strides(s, arg), s.Width(), isStorageRow))
		},
	})
}

// stridesCells is how many storage cells %strides shows.
const stridesCells = 32

// stridesVisitMax bounds the elements %strides numbers.
const stridesVisitMax = 1 << 20

// Strides returns what %strides prints for the tensor expression src.
func Strides(s *eval.Session, src string) string {
	e, err := lang.ParseExpr(src)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	defer s.SetSource(src)()
	v := s.Eval(e)
	t, ok := v.(*tensor.Tensor)
	name := strings.TrimSpace(lang.Source(src, e))
	if !ok {
		eval.Throw("UsageError", msgStridesNotT, name)
	}
	var b strings.Builder
	line := func(format string, args ...any) {
		b.WriteString(fmt.Sprintf(format, args...) + "\n")
	}
	shape, strides := t.Shape(), t.Strides()
	line(msgStridesHead, name, fmtShape(shape), fmtTuple(strides), t.Offset(), t.DType().Name())
	if t.IsContiguous() {
		line("  %s", msgStridesContig)
	} else {
		line("  "+msgStridesNotCont, fmtShape(shape), fmtTuple(tensor.ContiguousStrides(shape)))
	}
	self := ""
	if id, ok := e.(*lang.Ident); ok {
		self = id.Name
	}
	var sharers []string
	for n, g := range s.Globals() {
		if gt, ok := g.(*tensor.Tensor); ok && n != self && !strings.HasPrefix(n, "_") && tensor.SameStorage(gt.Storage(), t.Storage()) {
			sharers = append(sharers, n)
		}
	}
	sort.Strings(sharers)
	if len(sharers) > 0 {
		line("  "+msgStridesShares, strings.Join(sharers, ", "))
	} else {
		line("  %s", msgStridesOwn)
	}
	for _, l := range storagePicture(t, name) {
		line("  %s", l)
	}
	line("  "+msgStridesAddr, indexNames(len(shape)), addressFormula(t.Offset(), strides))
	// view
	st := &step{}
	chunks := displayChunks(shape, strides)
	n := t.Numel()
	if len(chunks) <= 1 {
		st.add(msgStridesViewOK, plural(n, "element"))
	} else {
		describeChunks(st, opnd{name: name, shape: shape, strides: strides}, chunks)
		st.add(msgStridesViewNo, name, n, name, n)
		// the chunk count line becomes the header; the rest is indented
		st.lines[0] = msgStridesViewSome
		for i := 1; i < len(st.lines); i++ {
			st.lines[i] = "  " + strings.TrimPrefix(st.lines[i], "  ")
		}
	}
	for _, l := range st.lines {
		line("  %s", l)
	}
	return b.String()
}

// indexNames is "[i, j]" for a 2-D tensor.
func indexNames(n int) string {
	names := make([]string, n)
	for i := range names {
		names[i] = indexName(i, n)
	}
	return "[" + strings.Join(names, ", ") + "]"
}

func indexName(i, n int) string {
	if n <= 6 {
		return string(rune('i' + i))
	}
	return "i" + strconv.Itoa(i)
}

// addressFormula is "0 + 6*i + 1*j".
func addressFormula(offset int, strides []int) string {
	parts := []string{strconv.Itoa(offset)}
	for i, st := range strides {
		parts = append(parts, fmt.Sprintf("%d*%s", st, indexName(i, len(strides))))
	}
	return strings.Join(parts, " + ")
}

// storagePicture is the storage row: cell index, value, and which element
// of the tensor (row-major, from 0 like the index) each cell holds ("." for
// cells it does not use, "n+" for a cell that is element n and later ones).
func storagePicture(t *tensor.Tensor, name string) []string {
	st := t.Storage()
	lo := t.Offset()
	if st.Len() <= stridesCells || lo >= st.Len() {
		lo = max(min(lo, st.Len()-stridesCells), 0)
	}
	hi := min(st.Len(), lo+stridesCells)
	visits := make([][]int, hi-lo)
	shape, strides := t.Shape(), t.Strides()
	n := t.Numel()
	counted := min(n, stridesVisitMax)
	if n > 0 {
		idx := make([]int, len(shape))
		off := t.Offset()
		for k := 0; k < counted; k++ {
			if off >= lo && off < hi && len(visits[off-lo]) < 2 {
				visits[off-lo] = append(visits[off-lo], k)
			} else if off >= lo && off < hi {
				visits[off-lo] = append(visits[off-lo][:1], -1)
			}
			// next index, row-major
			for d := len(shape) - 1; d >= 0; d-- {
				idx[d]++
				off += strides[d]
				if idx[d] < shape[d] {
					break
				}
				off -= strides[d] * shape[d]
				idx[d] = 0
			}
		}
	}
	cells := hi - lo
	row := func(label string, f func(i int) string) []string {
		out := []string{label}
		for i := 0; i < cells; i++ {
			out = append(out, f(i))
		}
		return out
	}
	index := row(msgStridesIndex, func(i int) string { return strconv.Itoa(lo + i) })
	value := row(msgStridesValue, func(i int) string { return scalarText(st.Get(lo + i)) })
	repeat := false
	visit := row(msgStridesVisit, func(i int) string {
		switch len(visits[i]) {
		case 0:
			return "."
		case 1:
			return strconv.Itoa(visits[i][0])
		}
		repeat = true
		return strconv.Itoa(visits[i][0]) + "+"
	})
	rows := [][]string{index, value, visit}
	w := make([]int, cells+1)
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], len(c))
		}
	}
	out := []string{fmt.Sprintf(msgStridesStorage, plural(st.Len(), "element"), st.DType().Name())}
	for _, r := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, c := range r {
			if i == 0 {
				b.WriteString(c + strings.Repeat(" ", w[0]-len(c)))
				continue
			}
			b.WriteString(" " + strings.Repeat(" ", w[i]-len(c)) + c)
		}
		out = append(out, b.String())
	}
	if lo > 0 || hi < st.Len() {
		out = append(out, fmt.Sprintf(msgStridesWindow, lo, hi-1))
	}
	if counted < n {
		out = append(out, fmt.Sprintf(msgStridesMany, counted, n))
	}
	out = append(out, fmt.Sprintf(msgStridesOrder, name))
	if repeat {
		out = append(out, msgStridesRepeat)
	}
	for _, v := range visits {
		if len(v) == 0 {
			out = append(out, msgStridesGaps)
			break
		}
	}
	return out
}

// scalarText is a storage element as Python prints the number.
func scalarText(v tensor.Scalar) string {
	return eval.Repr(eval.FromScalar(v))
}

// isStorageRow reports whether a line of %strides is a row of its storage
// picture (index, value, element: columns that must not be wrapped).
func isStorageRow(l string) bool {
	f := strings.Fields(l)
	return len(f) > 1 && (f[0] == msgStridesIndex || f[0] == msgStridesValue || f[0] == msgStridesVisit) &&
		!strings.HasPrefix(f[1], "[")
}
