package lang

import (
	"strconv"
	"strings"
)

// ImagLit is an imaginary literal: 1j, 2.5J, 1e3j (a complex number
// whose real part is 0).
type ImagLit struct {
	ValuePos Pos
	EndPos   Pos
	Raw      string
	Value    float64 // the imaginary part
}

// Span is the literal's extent.
func (x *ImagLit) Span() (Pos, Pos) { return x.ValuePos, x.EndPos }
func (*ImagLit) exprNode()          {}

// imagLit converts the lexer's imaginary token.
func imagLit(t token) *ImagLit {
	raw := strings.ReplaceAll(t.val[:len(t.val)-1], "_", "")
	v, _ := strconv.ParseFloat(raw, 64) // out of range: ±inf, as CPython
	return &ImagLit{ValuePos: t.start, EndPos: t.end, Raw: t.val, Value: v}
}
