package lang

import (
	"errors"
	"strings"
)

// NeedsMore reports whether src is an incomplete input: Parse fails with an
// Error whose Incomplete is set.
//
// At an interactive prompt a compound statement (or an input that wants
// a block) is complete only once an empty line follows it: NeedsMore
// is true for them until src ends with an empty line.
func NeedsMore(src string) bool {
	stmts, err := Parse(src, 1)
	var e *Error
	if errors.As(err, &e) {
		return e.Incomplete && (!e.Block || !endsWithEmptyLine(src))
	}
	for i, s := range stmts {
		if IsCompound(s) {
			// A statement after a compound one is an error at the prompt:
			// the input is complete (and fails).
			return i == len(stmts)-1 && !endsWithEmptyLine(src)
		}
	}
	return false
}

// Incomplete reports whether src is cut short: Parse fails because the
// input ended inside brackets, a string, a continuation, or before a
// block's body. Scripts read on while it is true.
func Incomplete(src string) bool { return IncompleteAt(src, 1) }

// IncompleteAt is Incomplete for an input whose first line is firstLine.
func IncompleteAt(src string, firstLine int) bool {
	_, err := Parse(src, firstLine)
	var e *Error
	return errors.As(err, &e) && e.Incomplete
}

// endsWithEmptyLine reports whether the last line of src (after a
// newline) is empty or blank.
func endsWithEmptyLine(src string) bool {
	i := strings.LastIndexByte(src, '\n')
	return i >= 0 && strings.TrimSpace(src[i+1:]) == ""
}
