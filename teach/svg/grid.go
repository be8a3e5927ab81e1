package svg

import (
	"fmt"
	"strings"
)

// Caps on what a picture draws: a dim longer than its cap is drawn up to
// the cap and then an ellipsis.
const (
	maxDims = 4 // the last 4 dims; earlier ones are noted, not drawn
	capGrid = 8 // cells along each of the last two dims
	capLead = 4 // slices along each leading dim
	gap     = 12
)

// grid lays out a tensor's last (up to 4) dims as small multiples: the
// last two dims as a grid of cells (rows, columns), the dim before them as
// a row of such slices, and the one before that as rows of rows.
type grid struct {
	dims   []int // the drawn dims, at most maxDims
	shown  []int // how many of each are drawn
	cw, ch int   // a cell's size
}

func newGrid(shape []int, cw, ch int) grid {
	dims := shape[max(0, len(shape)-maxDims):]
	g := grid{dims: dims, shown: make([]int, len(dims)), cw: cw, ch: ch}
	for d, n := range dims {
		limit := capGrid
		if d < len(dims)-2 {
			limit = capLead
		}
		g.shown[d] = min(n, limit)
	}
	return g
}

// dim returns the size and the drawn count of the drawn dim that plays
// role r: 0 the rows of slices, 1 the slices in a row, 2 the rows of a
// slice, 3 its columns (1 and 1 when the tensor has no such dim).
func (g grid) dim(r int) (size, shown int, ok bool) {
	d := len(g.dims) - (maxDims - r)
	if d < 0 {
		return 1, 1, false
	}
	return g.dims[d], g.shown[d], true
}

func (g grid) truncated(r int) bool {
	n, s, _ := g.dim(r)
	return s < n
}

func (g grid) labelH() int {
	if len(g.dims) >= 3 {
		return 14
	}
	return 0
}

// sliceSize is the size of one 2-D slice, its label included.
func (g grid) sliceSize() (w, h int) {
	_, cols, _ := g.dim(3)
	_, rows, _ := g.dim(2)
	w, h = cols*g.cw, g.labelH()+rows*g.ch
	if g.truncated(3) {
		w += g.cw
	}
	if g.truncated(2) {
		h += g.ch
	}
	if len(g.dims) >= 3 { // room for the label "[0, 1]"
		w = max(w, 6*(3*(len(g.dims)-2))+4)
	}
	return max(w, g.cw), h
}

// size is the size of the whole grid.
func (g grid) size() (w, h int) {
	sw, sh := g.sliceSize()
	_, l0, _ := g.dim(0)
	_, l1, _ := g.dim(1)
	w = max(l1, 1)*(sw+gap) - gap
	h = max(l0, 1)*(sh+gap) - gap
	if g.truncated(1) {
		w += 3 * charW
	}
	if g.truncated(0) {
		h += 16
	}
	return w, h
}

// slices calls fn for each drawn 2-D slice with its leading indices and
// its top-left corner (x0, y0 being the grid's).
func (g grid) slices(x0, y0 int, fn func(a, b, x, y int)) {
	sw, sh := g.sliceSize()
	_, l0, _ := g.dim(0)
	_, l1, _ := g.dim(1)
	for a := 0; a < l0; a++ {
		for b := 0; b < l1; b++ {
			fn(a, b, x0+b*(sw+gap), y0+a*(sh+gap))
		}
	}
}

// cells calls fn for each drawn cell with its index in the drawn dims
// and its top-left corner.
func (g grid) cells(x0, y0 int, fn func(idx []int, x, y int)) {
	_, rows, _ := g.dim(2)
	_, cols, _ := g.dim(3)
	g.slices(x0, y0, func(a, b, x, y int) {
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				fn(g.index(a, b, r, c), x+c*g.cw, y+g.labelH()+r*g.ch)
			}
		}
	})
}

// index is the index in the drawn dims of the cell at roles (a, b, r, c).
func (g grid) index(a, b, r, c int) []int {
	all := []int{a, b, r, c}
	return append([]int(nil), all[maxDims-len(g.dims):]...)
}

// decorate draws the slice labels ("[1, 0]" above each slice of a 3-D or
// 4-D grid) and the ellipses of truncated dims.
func (g grid) decorate(cv *canvas, x0, y0 int) {
	sw, sh := g.sliceSize()
	g.slices(x0, y0, func(a, b, x, y int) {
		if len(g.dims) >= 3 {
			idx := g.index(a, b, 0, 0)
			lead := make([]string, len(idx)-2)
			for i := range lead {
				lead[i] = fmt.Sprint(idx[i])
			}
			cv.text(x, y+10, "index", "start", "["+strings.Join(lead, ", ")+"]")
		}
		_, rows, _ := g.dim(2)
		_, cols, _ := g.dim(3)
		if g.truncated(3) {
			cv.text(x+cols*g.cw+g.cw/2, y+g.labelH()+g.ch/2+4, "small", "middle", "…")
		}
		if g.truncated(2) {
			cv.text(x+g.cw/2, y+g.labelH()+rows*g.ch+g.ch/2+4, "small", "middle", "⋮")
		}
	})
	w, h := g.size()
	if g.truncated(1) {
		cv.text(x0+w-2*charW, y0+sh/2, "small", "start", "…")
	}
	if g.truncated(0) {
		cv.text(x0+sw/2, y0+h-4, "small", "middle", "⋮")
	}
}
