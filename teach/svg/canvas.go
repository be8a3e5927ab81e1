// Package svg draws tensh's teaching pictures as SVG: broadcasting (what
// %explain says in words) and a tensor's layout in its storage (what
// %strides says). It is the one renderer for every front end (the
// terminal's --svg FILE, the browser page, later a notebook kernel), and it
// takes plain data, shapes and strides as ints, so that it knows nothing
// of the interpreter that computed them.
package svg

import (
	"fmt"
	"strings"
)

// canvas collects SVG elements and the extent they cover.
type canvas struct {
	b    strings.Builder
	w, h int
}

// grow widens the canvas to cover the point (x, y).
func (c *canvas) grow(x, y int) {
	c.w = max(c.w, x)
	c.h = max(c.h, y)
}

func (c *canvas) rect(x, y, w, h int, class string) {
	c.grow(x+w, y+h)
	fmt.Fprintf(&c.b, "<rect class=%q x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", class, x, y, w, h)
}

// text writes s at (x, y) (the baseline); anchor is "start", "middle" or "end".
func (c *canvas) text(x, y int, class, anchor, s string) {
	c.grow(x+textWidth(s, class), y+4)
	fmt.Fprintf(&c.b, "<text class=%q x=\"%d\" y=\"%d\" text-anchor=%q>%s</text>\n", class, x, y, anchor, esc(s))
}

// spans writes a text made of pieces, each with its own class (a red
// size in a shape, say).
func (c *canvas) spans(x, y int, class string, parts []span) {
	var b strings.Builder
	n := 0
	for _, p := range parts {
		n += len([]rune(p.text))
		if p.class == "" {
			b.WriteString(esc(p.text))
			continue
		}
		fmt.Fprintf(&b, "<tspan class=%q>%s</tspan>", p.class, esc(p.text))
	}
	c.grow(x+n*charW, y+4)
	attr := ""
	if class != "" {
		attr = fmt.Sprintf(" class=%q", class)
	}
	fmt.Fprintf(&c.b, "<text%s x=\"%d\" y=\"%d\" xml:space=\"preserve\">%s</text>\n", attr, x, y, b.String())
}

type span struct{ class, text string }

func (c *canvas) path(d, class string) {
	fmt.Fprintf(&c.b, "<path class=%q d=%q/>\n", class, d)
}

// doc is the finished SVG document, with its title (for screen readers)
// and the style of its classes.
func (c *canvas) doc(title string) string {
	w, h := c.w+margin, c.h+margin
	var b strings.Builder
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tensh-picture\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n", w, h, w, h)
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(title))
	b.WriteString(style)
	b.WriteString(c.b.String())
	b.WriteString("</svg>\n")
	return b.String()
}

// Geometry, in pixels.
const (
	margin = 10
	charW  = 8 // the width of a character of the 13px monospace font
)

// textWidth estimates the width of a text in the pictures' fonts.
func textWidth(s, class string) int {
	n := len([]rune(s))
	if class == "small" || class == "index" {
		return n * 6
	}
	return n * charW
}

// style scopes its rules to the picture (class tensh-picture), so that a
// page that shows pictures inline keeps its own styles, and they do not
// leak into the pictures either.
const style = `<defs>
<marker id="tensh-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#357"/></marker>
<marker id="tensh-arrow0" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#b60"/></marker>
</defs>
<style>
.tensh-picture { stroke: none; }
.tensh-picture text { font: 13px ui-monospace, Menlo, Consolas, monospace; fill: #222; stroke: none; }
.tensh-picture .title { font-weight: bold; }
.tensh-picture .small, .tensh-picture .index { font-size: 10px; fill: #667; }
.tensh-picture .num { font-size: 11px; }
.tensh-picture .cell, .tensh-picture .elem, .tensh-picture .used { fill: #cfe0f4; stroke: #357; }
.tensh-picture .ghost { fill: #f1f5fa; stroke: #9ab; stroke-dasharray: 3 2; }
.tensh-picture .result { fill: #d5ecd4; stroke: #363; }
.tensh-picture .store { fill: #fff; stroke: #357; }
.tensh-picture .repeat { fill: #fde3c0; stroke: #b60; }
.tensh-picture .fail { fill: none; stroke: #c22; stroke-width: 2.5; }
.tensh-picture .failtext, .tensh-picture .msg { fill: #c22; }
.tensh-picture .stride { fill: none; stroke: #357; stroke-width: 1.5; marker-end: url(#tensh-arrow); }
.tensh-picture .leader { fill: none; stroke: #99a; stroke-dasharray: 1 3; }
.tensh-picture .stride0 { fill: none; stroke: #b60; stroke-width: 1.5; marker-end: url(#tensh-arrow0); }
</style>
`

// esc escapes text for XML. Characters that XML 1.0 cannot hold at all
// (control characters but tab and newline, U+FFFE, U+FFFF) are written
// as Python writes them in a repr (\x01, \uffff), and bytes that are not
// UTF-8 as U+FFFD, so that every picture is well-formed XML.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20 && r != '\t' && r != '\n' || r == 0x7f:
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		case r == 0xfffe || r == 0xffff:
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fmtShape is a shape as PyTorch writes it in messages: [2, 3].
func fmtShape(shape []int) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = fmt.Sprint(n)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
