package lang

import (
	"errors"
	"testing"
)

// FuzzParse checks that no input makes Parse panic, that every error is an
// *Error at a valid position, and that the spans of a successful parse are
// valid.
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add([]byte(tt.src))
	}
	for _, tt := range errorTests {
		f.Add([]byte(tt.src))
	}
	for _, tt := range blockTests {
		f.Add([]byte(tt.src))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := string(data)
		stmts, err := Parse(src, 1)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): error %T %v", src, err, err)
			}
			if !e.Pos.IsValid() || e.Msg == "" {
				t.Fatalf("Parse(%q): bad error %+v", src, e)
			}
			checkPos(t, src, 1, e.Pos)
			if Incomplete(src) != e.Incomplete || NeedsMore(src) && !e.Incomplete {
				t.Fatalf("Parse(%q): NeedsMore/Incomplete disagree", src)
			}
			return
		}
		checkTree(t, src, 1, stmts)
		for _, s := range stmts {
			_ = Dump(s)
		}
		if x, err := ParseExpr(src); err == nil {
			s, e := x.Span()
			checkPos(t, src, 1, s)
			checkPos(t, src, 1, e)
		} else if !errors.As(err, new(*Error)) {
			t.Fatalf("ParseExpr(%q): error %T", src, err)
		}
	})
}
