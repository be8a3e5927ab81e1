package lang

// Python's INDENT and DEDENT tokens: the lexer compares the indentation
// of each logical line with the stack of the open blocks'.

// indentWidth is the width of the indentation ws as Python's tokenizer
// counts it: a tab advances to the next multiple of 8.
func indentWidth(ws string) int {
	col := 0
	for i := 0; i < len(ws); i++ {
		if ws[i] == '\t' {
			col = (col/8 + 1) * 8
		} else {
			col++
		}
	}
	return col
}

// maxIndent is CPython's limit on the blocks open at once (its tokenizer's
// MAXINDENT): the 100th level is an IndentationError.
const maxIndent = 100

// indentation emits the INDENT or DEDENT tokens for a logical line that
// starts at width col.
func (s *scanner) indentation(col int) error {
	top := s.indents[len(s.indents)-1]
	switch {
	case col > top:
		if len(s.indents) >= maxIndent {
			return &Error{Pos: Pos{Offset: s.p.Offset - s.p.Col + 1, Line: s.p.Line, Col: 0}, Msg: errTooDeep}
		}
		s.indents = append(s.indents, col)
		// The parser reports "unexpected indent" at the last indentation
		// character, unless it fails earlier.
		p := s.p
		p.Col--
		p.Offset--
		s.toks = append(s.toks, token{kind: tIndent, start: p, end: s.p})
	case col < top:
		for col < s.indents[len(s.indents)-1] {
			s.indents = s.indents[:len(s.indents)-1]
			s.toks = append(s.toks, token{kind: tDedent, start: s.p, end: s.p})
		}
		if col != s.indents[len(s.indents)-1] {
			return &Error{Pos: s.p, Msg: errUnindent}
		}
	}
	return nil
}
