package svg

import (
	"fmt"
	"strings"
)

// Operand is one tensor of a broadcast: how the expression names it, and
// its shape.
type Operand struct {
	Name  string
	Shape []int
}

// Broadcast is what a broadcasting picture shows: the operands of one
// operation, and either the result's shape or the dim where it fails.
type Broadcast struct {
	Expr     string    // the operation, e.g. "x + y"
	Operands []Operand // in order: PyTorch's "tensor a" is the first
	Result   []int     // the result's shape; nil when broadcasting fails
	FailDim  int       // the result's dim that fails (from the left, as PyTorch's message counts), or -1
	Message  string    // PyTorch's error when it fails
	// InPlace: the first operand is written in place (x.add_(y)), so it
	// is not stretched: the result must have its shape.
	InPlace bool
}

const bcCell = 16

// SVG draws the broadcast: each operand as a grid of its shape aligned at
// the trailing dim in the frame of the result, the cells that size-1 and
// missing dims are stretched to drawn as dashed copies; then the result's
// grid, or, when it fails, the failing dim outlined in red on each
// operand and PyTorch's message under them. Tensors of 3 and 4 dims are
// drawn as small multiples: a row of 2-D slices for each leading index.
func (bc Broadcast) SVG() (string, error) {
	for _, s := range append([][]int{bc.Result}, shapesOf(bc.Operands)...) {
		for _, k := range s {
			if k < 0 {
				return "", errNegative
			}
		}
	}
	frame := bc.frame()
	n := len(frame)
	var cv canvas
	y := margin + 14
	cv.text(margin, y, "title", "start", bc.Expr)
	y += 16

	// The label column: "name  [5, 2, 4, 1]", sizes aligned by dim.
	widths := make([]int, n)
	for _, s := range append([][]int{bc.Result}, shapesOf(bc.Operands)...) {
		for i, k := range s {
			d := n - len(s) + i
			widths[d] = max(widths[d], len(fmt.Sprint(k)))
		}
	}
	nameW := len(msgResult)
	for _, op := range bc.Operands {
		nameW = max(nameW, len([]rune(op.Name)))
	}
	label := func(name string, shape []int, cls string) []span {
		parts := []span{{"", name + strings.Repeat(" ", nameW-len([]rune(name))) + "  ["}}
		for d := 0; d < n; d++ {
			i := d - (n - len(shape))
			text := strings.Repeat(" ", widths[d])
			if i >= 0 {
				text = fmt.Sprintf("%*d", widths[d], shape[i])
			}
			c := ""
			if d == bc.FailDim && bc.Result == nil && i >= 0 {
				c = cls
			}
			parts = append(parts, span{c, text})
			if d < n-1 {
				sep := ", "
				if i < 0 {
					sep = "  "
				}
				parts = append(parts, span{"", sep})
			}
		}
		return append(parts, span{"", "]"})
	}
	labelW := (nameW+4+n*2)*charW + 16
	for _, w := range widths {
		labelW += w * charW
	}
	x := margin + labelW

	g := newGrid(frame, bcCell, bcCell)
	_, gh := g.size()
	failRole := -1
	if bc.Result == nil && bc.FailDim >= 0 && bc.FailDim < n {
		if fd := bc.FailDim - (n - len(g.dims)); fd >= 0 {
			failRole = fd + maxDims - len(g.dims)
		}
	}
	for i, op := range bc.Operands {
		fixed := bc.InPlace && i == 0
		cv.spans(margin, y+12, "", label(op.Name, op.Shape, "failtext"))
		if fixed {
			cv.text(margin, y+28, "small", "start", msgWritten)
		} else if s := stretched(op.Shape, frame); s != "" {
			cv.text(margin, y+28, "small", "start", s)
		}
		bc.drawOperand(&cv, g, op.Shape, x, y, failRole >= 0, fixed)
		y += max(gh, 32) + 18
	}
	if bc.Result != nil {
		cv.spans(margin, y+12, "", label(msgResult, bc.Result, ""))
		g.cells(x, y, func(idx []int, cx, cy int) { cv.rect(cx, cy, bcCell, bcCell, "result") })
		g.decorate(&cv, x, y)
		y += max(gh, 16) + 18
	}
	if n > maxDims {
		y += 4
		cv.text(margin, y, "small", "start", fmt.Sprintf(msgNotDrawn, maxDims))
		y += 14
	}
	if hasGhost(bc.Operands[min(len(bc.Operands), btoi(bc.InPlace)):], frame) {
		y += 4
		cv.text(margin, y, "small", "start", msgGhostLegend)
		y += 14
	}
	if bc.Result == nil {
		y += 4
		if bc.FailDim >= 0 {
			if failRole < 0 {
				cv.text(margin, y, "small", "start", fmt.Sprintf(msgFailHidden, bc.FailDim))
			} else if bc.InPlace {
				cv.text(margin, y, "small", "start", fmt.Sprintf(msgFailInPlace, bc.FailDim, bc.Operands[0].Name))
			} else {
				cv.text(margin, y, "small", "start", fmt.Sprintf(msgFailLegend, bc.FailDim))
			}
			y += 18
		}
		for _, l := range strings.Split(bc.Message, "\n") {
			cv.text(margin, y, "msg", "start", l)
			y += 16
		}
	}
	return cv.doc(bc.Expr), nil
}

func shapesOf(ops []Operand) [][]int {
	out := make([][]int, len(ops))
	for i, op := range ops {
		out[i] = op.Shape
	}
	return out
}

// frame is the shape the operands are drawn in: the result's, or, when
// broadcasting fails, the largest size of each dim.
func (bc Broadcast) frame() []int {
	if bc.Result != nil {
		return bc.Result
	}
	n := 0
	for _, op := range bc.Operands {
		n = max(n, len(op.Shape))
	}
	frame := make([]int, n)
	for d := range frame {
		frame[d] = 1
		for _, op := range bc.Operands {
			if i := d - (n - len(op.Shape)); i >= 0 && op.Shape[i] != 1 {
				frame[d] = max(frame[d], op.Shape[i])
				if op.Shape[i] == 0 && frame[d] == 1 {
					frame[d] = 0
				}
			}
		}
	}
	return frame
}

// kind of a cell of the frame for an operand of the given shape: "cell"
// for its own elements, "ghost" for a stretched copy, "" for none (past
// the operand's size in a dim that does not stretch: the failing one).
func cellKind(shape, frame, idx []int) string {
	kind := "cell"
	lead := len(frame) - len(idx) // dims not drawn: index 0
	for d, k := range idx {
		fd := lead + d
		i := fd - (len(frame) - len(shape))
		size := 1
		if i >= 0 {
			size = shape[i]
		}
		if k < size {
			continue
		}
		if size != 1 {
			return ""
		}
		kind = "ghost"
	}
	return kind
}

// drawOperand draws an operand's grid in the frame; with fail, a red
// outline around its own cells in each slice; fixed (the tensor an
// in-place operation writes to), without stretched copies.
func (bc Broadcast) drawOperand(cv *canvas, g grid, shape []int, x, y int, fail, fixed bool) {
	frame := bc.frame()
	g.cells(x, y, func(idx []int, cx, cy int) {
		if k := cellKind(shape, frame, idx); k != "" && (k != "ghost" || !fixed) {
			cv.rect(cx, cy, bcCell, bcCell, k)
		}
	})
	g.decorate(cv, x, y)
	if !fail {
		return
	}
	_, rows, _ := g.dim(2)
	_, cols, _ := g.dim(3)
	g.slices(x, y, func(a, b, sx, sy int) {
		nr, nc := 0, 0
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if cellKind(shape, frame, g.index(a, b, r, c)) == "cell" {
					nr, nc = max(nr, r+1), max(nc, c+1)
				}
			}
		}
		if nr > 0 {
			cv.rect(sx-2, sy+g.labelH()-2, nc*bcCell+4, nr*bcCell+4, "fail")
		}
	})
}

// stretched says along which dims of the frame an operand is stretched
// ("" when none).
func stretched(shape, frame []int) string {
	var dims []string
	for d, f := range frame {
		i := d - (len(frame) - len(shape))
		if (i < 0 || shape[i] == 1) && f != 1 {
			dims = append(dims, fmt.Sprint(d))
		}
	}
	switch len(dims) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(msgStretched, dims[0])
	}
	return fmt.Sprintf(msgStretchedN, strings.Join(dims, ", "))
}

func hasGhost(ops []Operand, frame []int) bool {
	for _, op := range ops {
		if stretched(op.Shape, frame) != "" {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
