package svg

import (
	"errors"
	"fmt"
	"strings"
)

// Strides is what a strides picture shows: a tensor's shape and strides
// over its storage.
type Strides struct {
	Name       string // how the expression names the tensor
	Shape      []int
	Strides    []int
	Offset     int    // the storage offset of element [0, ..., 0]
	StorageLen int    // the storage's length, in elements
	ItemSize   int    // bytes per element
	DType      string // the element type's name, e.g. "float32" (may be empty)
}

// Sizes of the strides picture.
const (
	stCellW     = 34
	stCellH     = 26
	stWindow    = 32      // storage cells drawn
	stVisitsMax = 1 << 16 // elements numbered
)

// Errors of inconsistent input.
var (
	errStridesLen   = errors.New("svg: shape and strides differ in length")
	errStridesRange = errors.New("svg: an element lies outside its storage")
	errNegative     = errors.New("svg: a negative size")
)

// SVG draws the tensor as a grid of its elements, numbered in the order
// they are visited (row-major), each with the storage cell it reads, and
// its storage as a strip of cells holding the numbers of the elements that
// read them; arrows over the strip go from element [0, ..., 0]'s cell as
// far as each dim's stride steps, and a dim of stride 0 is a loop back to
// the same cell, read once per index.
func (st Strides) SVG() (string, error) {
	if len(st.Shape) != len(st.Strides) {
		return "", errStridesLen
	}
	numel := 1
	for _, n := range st.Shape {
		if n < 0 {
			return "", errNegative
		}
		numel *= n
	}
	if st.StorageLen < 0 || st.Offset < 0 || st.ItemSize < 0 {
		return "", errNegative
	}
	if numel > 0 {
		lo, hi := st.Offset, st.Offset
		for d, n := range st.Shape {
			if s := st.Strides[d] * (n - 1); s < 0 {
				lo += s
			} else {
				hi += s
			}
		}
		if lo < 0 || hi >= st.StorageLen {
			return "", errStridesRange
		}
	}
	var cv canvas
	y := margin + 14
	title := fmt.Sprintf(msgStridesTitle, st.Name, fmtShape(st.Shape), fmtStrides(st.Strides), st.Offset)
	cv.text(margin, y, "title", "start", title)
	y += 20

	// The elements.
	cv.text(margin, y, "small", "start", fmt.Sprintf(msgElemsHead, st.Name))
	y += 8
	g := newGrid(st.Shape, stCellW, stCellH)
	lead := len(st.Shape) - len(g.dims)
	contig := contiguous(st.Shape)
	g.cells(margin, y, func(idx []int, x, cy int) {
		k, addr := 0, st.Offset
		for d, i := range idx {
			k += i * contig[lead+d]
			addr += i * st.Strides[lead+d]
		}
		cv.rect(x, cy, stCellW, stCellH, "elem")
		cv.text(x+stCellW/2, cy+12, "num", "middle", fmt.Sprint(k))
		cv.text(x+stCellW/2, cy+23, "small", "middle", fmt.Sprintf("@%d", addr))
	})
	g.decorate(&cv, margin, y)
	_, gh := g.size()
	y += gh + 24
	if lead > 0 {
		cv.text(margin, y-8, "small", "start", fmt.Sprintf(msgNotDrawn, maxDims))
		y += 8
	}

	// The storage.
	dt := ""
	if st.DType != "" {
		dt = fmt.Sprintf(msgStorageDType, st.DType)
	}
	cv.text(margin, y, "small", "start", fmt.Sprintf(msgStorageHead, st.StorageLen, st.ItemSize, dt))
	lo := st.Offset
	if st.StorageLen <= stWindow || lo >= st.StorageLen {
		lo = max(min(lo, st.StorageLen-stWindow), 0)
	}
	hi := min(st.StorageLen, lo+stWindow)
	visits, counted := st.visits(lo, hi, numel)

	arrows := 0
	var ones []string
	for d, n := range st.Shape {
		if n > 1 {
			arrows++
		} else {
			ones = append(ones, fmt.Sprint(d))
		}
	}
	top := y + 16 + 16*arrows + 12 // the strip's top
	cellX := func(addr int) int { return margin + (addr-lo)*stCellW + stCellW/2 }
	level := 0
	labelX := margin + (hi-lo)*stCellW + 14 // the arrows' labels, right of the strip
	for d, n := range st.Shape {
		if n <= 1 || numel == 0 {
			continue
		}
		h := 14 + 16*level // the arrow's apex is h over the strip
		level++
		s := st.Strides[d]
		x1 := cellX(st.Offset)
		apex, label := x1, fmt.Sprintf(msgStrideArrow, d, s)
		switch {
		case s == 0:
			c := top - 4*h/3
			cv.path(fmt.Sprintf("M%d %dC%d %d %d %d %d %d", x1-6, top, x1-18, c, x1+18, c, x1+6, top), "stride0")
			label = fmt.Sprintf(msgStrideZero, d, n)
		case st.Offset+s >= lo && st.Offset+s < hi:
			x2 := cellX(st.Offset + s)
			apex = (x1 + x2) / 2
			cv.path(fmt.Sprintf("M%d %dQ%d %d %d %d", x1, top, apex, top-2*h, x2, top), "stride")
		default:
			x2 := margin + (hi-lo)*stCellW + 8
			if st.Offset+s < lo {
				x2 = margin - 4
			}
			apex = (x1 + x2) / 2
			cv.path(fmt.Sprintf("M%d %dQ%d %d %d %d", x1, top, apex, top-2*h, x2, top-h), "stride")
			label = fmt.Sprintf(msgStrideOut, d, s)
		}
		cv.path(fmt.Sprintf("M%d %dH%d", apex, top-h, labelX-4), "leader")
		cv.text(labelX, top-h+4, "small", "start", label)
	}
	repeat, unused := false, false
	for a := lo; a < hi; a++ {
		x := margin + (a-lo)*stCellW
		v := visits[a-lo]
		class := "store"
		switch {
		case len(v) == 0:
			unused = true
		case len(v) == 1:
			class = "used"
		default:
			class = "repeat"
			repeat = true
		}
		cv.rect(x, top, stCellW, stCellH, class)
		cv.text(x+stCellW/2, top+17, "num", "middle", visitText(v))
		cv.text(x+stCellW/2, top+stCellH+12, "index", "middle", fmt.Sprint(a))
		cv.text(x+stCellW/2, top+stCellH+23, "index", "middle", fmt.Sprintf("+%dB", a*st.ItemSize))
	}
	y = top + stCellH + 42
	note := func(format string, args ...any) {
		cv.text(margin, y, "small", "start", fmt.Sprintf(format, args...))
		y += 14
	}
	if lo > 0 || hi < st.StorageLen {
		note(msgStorageWin, lo, hi-1, st.StorageLen)
	}
	if counted < numel {
		note(msgManyElems, counted, numel)
	}
	if len(ones) > 0 && numel > 0 {
		note(msgStrideOne, strings.Join(ones, ", "))
	}
	if repeat {
		note("%s", msgRepeatLegend)
	}
	if unused {
		note("%s", msgUnusedLegend)
	}
	return cv.doc(title), nil
}

// visits lists, for each storage cell in [lo, hi), the numbers of the
// elements (row-major) that read it: the first two, then -1 for "and
// more". It numbers at most stVisitsMax elements and says how many.
func (st Strides) visits(lo, hi, numel int) ([][]int, int) {
	out := make([][]int, hi-lo)
	counted := min(numel, stVisitsMax)
	idx := make([]int, len(st.Shape))
	off := st.Offset
	for k := 0; k < counted; k++ {
		if off >= lo && off < hi {
			v := out[off-lo]
			switch {
			case len(v) < 2:
				out[off-lo] = append(v, k)
			case len(v) == 2:
				out[off-lo] = append(v, -1)
			}
		}
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			off += st.Strides[d]
			if idx[d] < st.Shape[d] {
				break
			}
			off -= st.Strides[d] * st.Shape[d]
			idx[d] = 0
		}
	}
	return out, counted
}

// visitText is what a storage cell shows: "", "3", "3,7", or "3,7+".
func visitText(v []int) string {
	var parts []string
	more := ""
	for _, k := range v {
		if k < 0 {
			more = "+"
			continue
		}
		parts = append(parts, fmt.Sprint(k))
	}
	return strings.Join(parts, ",") + more
}

// contiguous is the row-major strides of shape (the numbering of its
// elements).
func contiguous(shape []int) []int {
	out := make([]int, len(shape))
	acc := 1
	for d := len(shape) - 1; d >= 0; d-- {
		out[d] = acc
		acc *= max(shape[d], 1)
	}
	return out
}

// fmtStrides is strides as Python prints a tuple: (3, 1), (1,), ().
func fmtStrides(s []int) string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = fmt.Sprint(n)
	}
	if len(s) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
