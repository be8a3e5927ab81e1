package lang

import "testing"

// TestMatchAtEndOfInput: `match x:` with its block still to come is an
// incomplete input (the prompt and the script reader read on), not a
// syntax error; it failed so in scripts and at the prompt.
func TestMatchAtEndOfInput(t *testing.T) {
	for _, src := range []string{"match 1:", "match x:\n"} {
		if !Incomplete(src) {
			t.Errorf("%q: not an incomplete input", src)
		}
	}
	if !NeedsMore("match x:") {
		t.Errorf("match x: does not ask for more lines")
	}
	if _, err := Parse("match x:\n    case 1: pass\n", 1); err != nil {
		t.Errorf("a whole match statement: %v", err)
	}
}
