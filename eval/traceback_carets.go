package eval

import (
	"strings"
	"unicode"

	"github.com/tensh/tensh/lang"
)

// CPython 3.11's caret lines in tracebacks: under a frame's source line,
// ^ marks the expression that failed (a call, an operator, a comparison,
// an attribute, a subscript, a name) when it is only part of the line; a
// binary operator is drawn as ~~~^^~~~, its operator under ^, and a
// subscript as ~~~^^^^ (traceback.py's format_frame_summary and
// _extract_caret_anchors_from_line_segment, 3.11.2).

// failedCarets is the caret line of a frame of exc at line of src (whose
// first line is first). callerNode is the call that made the frame (nil
// at the module level): the expression that failed in the innermost frame
// is the operation the evaluator noted last (s.curNode), unless that is
// still the call into the frame; in the frames below it is the call into
// the frame above.
func (s *Session) failedCarets(exc *Exception, src string, first, line int, callerNode lang.Node) string {
	node := s.failedNode(exc, callerNode)
	if node == nil {
		return ""
	}
	return caretLine(rawSourceLine(src, first, line), line, node)
}

// failedNode is the expression of the frame being unwound that failed
// (nil when unknown).
func (s *Session) failedNode(exc *Exception, callerNode lang.Node) lang.Node {
	node := exc.nextNode
	if len(exc.Trace) == 0 {
		node = s.curNode
		if callerNode != nil && node == callerNode {
			node = nil // nothing noted inside the frame
		}
		if (exc.Type == "NameError" || exc.Type == "UnboundLocalError") && s.lastIdent != nil {
			node = s.lastIdent
		}
	}
	return node
}

// failedLine is the line a frame of the traceback names: as CPython's,
// that of the failing expression when a statement spans several lines
// (stmtLine when it is not known).
func (s *Session) failedLine(exc *Exception, callerNode lang.Node, stmtLine int) int {
	node := s.failedNode(exc, callerNode)
	if node == nil {
		return stmtLine
	}
	if start, _ := node.Span(); start.Line > stmtLine {
		return start.Line
	}
	return stmtLine
}

// rawSourceLine is line n of src (first is src's first line), untrimmed.
func rawSourceLine(src string, first, n int) string {
	i := n - first
	if i < 0 {
		return ""
	}
	for ; i > 0; i-- {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return src
}

// caretLine draws the carets of node under raw (line lineNo), as
// format_frame_summary: "" when node is not on that line or spans all of
// it.
func caretLine(raw string, lineNo int, node lang.Node) string {
	switch node.(type) {
	case *lang.CallExpr, *lang.BinaryExpr, *lang.CompareExpr, *lang.AugAssignStmt, *lang.AttrExpr, *lang.IndexExpr, *lang.Ident:
	default:
		return ""
	}
	start, end := node.Span()
	if !start.IsValid() || start.Line != lineNo {
		return ""
	}
	runes := []rune(raw)
	stripped := []rune(strings.TrimSpace(raw))
	strippedChars := len(runes) + 1 - len(stripped) // the line as read, with its newline
	startOff := start.Col
	endOff := len(runes) + 1
	var left, right int
	anchors := false
	if end.Line == lineNo {
		endOff = end.Col
		switch e := node.(type) {
		case *lang.BinaryExpr:
			if endOff <= len(runes)+1 {
				left, right, anchors = binOpAnchors(runes[startOff-1:endOff-1], start.Col, e)
			}
		case *lang.IndexExpr:
			// the subscript: from the end of the value to past the index
			_, vend := unparen(e.X).Span()
			_, iend := unparen(e.Index).Span()
			left, right, anchors = vend.Col-start.Col, iend.Col+1-start.Col, true
		}
	} else {
		endOff = strippedChars + len(stripped)
	}
	if !(endOff-startOff < len(stripped) || anchors && right-left > 0) {
		return ""
	}
	pad := startOff - strippedChars
	if pad < 0 || endOff < startOff {
		return ""
	}
	var b strings.Builder
	b.WriteString("    ")
	b.WriteString(strings.Repeat(" ", pad))
	if anchors {
		b.WriteString(strings.Repeat("~", left))
		b.WriteString(strings.Repeat("^", right-left))
		b.WriteString(strings.Repeat("~", max(0, endOff-startOff-right)))
	} else {
		b.WriteString(strings.Repeat("^", endOff-startOff))
	}
	return b.String()
}

// binOpAnchors are the operator's offsets in seg (the text of e, which
// starts at column col): CPython's anchors for a BinOp.
func binOpAnchors(seg []rune, col int, e *lang.BinaryExpr) (left, right int, ok bool) {
	_, lend := unparen(e.X).Span()
	rstart, _ := unparen(e.Y).Span()
	leftEnd, rightStart := lend.Col-col, rstart.Col-col
	if leftEnd < 0 || rightStart > len(seg) || leftEnd > rightStart {
		return 0, 0, false
	}
	op := seg[leftEnd:rightStart]
	off := 0
	for off < len(op) && unicode.IsSpace(op[off]) {
		off++
	}
	left = leftEnd + off
	right = left + 1
	if off+1 < len(op) && !unicode.IsSpace(op[off+1]) {
		right++
	}
	return left, right, true
}

// unparen is e without its parentheses (Python's AST has none).
func unparen(e lang.Expr) lang.Expr {
	for {
		p, ok := e.(*lang.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
