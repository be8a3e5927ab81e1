package lang

// Parse is a placeholder until the participle grammar lands (branch lang).
func Parse(src string, firstLine int) ([]Stmt, error) {
	return nil, &Error{Pos: Pos{Line: firstLine, Col: 1}, Msg: "invalid syntax"}
}

// Error is a syntax error.
type Error struct {
	Pos        Pos
	Msg        string
	Incomplete bool
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// NeedsMore reports whether src is an incomplete logical line.
func NeedsMore(src string) bool { return false }
