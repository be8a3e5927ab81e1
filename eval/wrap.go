package eval

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Terminal-width wrapping of tensh's own prose (%explain, %help): on a
// terminal (Options.Width), a line longer than the terminal is broken at
// spaces, its continuation lines indented two more than it. Shape rows
// ("x  [5, 2, 4, 1]") are never broken, so that their columns stay
// aligned. Scripts, --echo and check do not wrap: their output is the
// same on any terminal.

// shapeRow matches a row of a shape table: a label, then a shape.
var shapeRow = regexp.MustCompile(`^\s*\S.*\s\[[-0-9, ]*\]$`)

// width is the terminal's width, or 0 when output is not wrapped.
func (s *Session) width() int {
	if s.opts.Width == nil {
		return 0
	}
	return s.opts.Width()
}

// wrapText wraps each line of text to width columns (0: as it is).
func wrapText(text string, width int) string { return wrapTextKeep(text, width, nil) }

// wrapTextKeep is wrapText, except for the lines keep reports (columns).
func wrapTextKeep(text string, width int, keep func(line string) bool) string {
	if width <= 0 {
		return text
	}
	trail := strings.HasSuffix(text, "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if keep != nil && keep(l) {
			b.WriteString(l)
			continue
		}
		b.WriteString(wrapLine(l, width))
	}
	if trail {
		b.WriteByte('\n')
	}
	return b.String()
}

// wrapLine breaks one line at spaces so that no piece is longer than
// width, where it can: a word longer than the line stays whole.
func wrapLine(l string, width int) string {
	if utf8.RuneCountInString(l) <= width || shapeRow.MatchString(l) {
		return l
	}
	indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
	cont := indent + "  "
	if len(cont) >= width/2 {
		cont = ""
	}
	var b strings.Builder
	cur := indent
	col := len(indent)
	first := true
	for _, w := range strings.Fields(l) {
		n := utf8.RuneCountInString(w)
		switch {
		case first:
			cur += w
			col += n
			first = false
		case col+1+n <= width:
			cur += " " + w
			col += 1 + n
		default:
			b.WriteString(cur + "\n")
			cur = cont + w
			col = len(cont) + n
		}
	}
	b.WriteString(cur)
	return b.String()
}
