//go:build !js

package main

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestPasteReader: bracketed pastes are taken out of the stream (their
// markers split across reads included) and stand as one pasteRune each.
func TestPasteReader(t *testing.T) {
	in := "ab" + pasteStart + "x = 1\r\ny = 2\r" + pasteEnd + "c\x1b[A" + pasteStart + "z" + pasteEnd
	p := newPasteReader(iotest.OneByteReader(strings.NewReader(in)), nil)
	got, err := io.ReadAll(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := "ab" + string(pasteRune) + "c\x1b[A" + string(pasteRune); string(got) != want {
		t.Errorf("passed on %q, want %q", got, want)
	}
	if a, b := p.take(), p.take(); a != "x = 1\ny = 2\n" || b != "z" {
		t.Errorf("pastes %q, %q", a, b)
	}
}

func TestPastedLines(t *testing.T) {
	for _, c := range []struct {
		before, text, after string
		lines               []string
		last                string
	}{
		{"", "x = 1", "", nil, "x = 1"},
		{"y = ", "1\nz = 2\n", "", []string{"y = 1", "z = 2"}, ""},
		{"", "a\nb", "c", []string{"a"}, "bc"},
		// a transcript: the lines without a prompt are its output
		{"", ">>> a + b\ntensor([1.])\n>>> for i in x:\n...     print(i)\n...\n1\nRuntimeError: no\n>>> c", "",
			[]string{">>> a + b", ">>> for i in x:", "...     print(i)", "... "}, ">>> c"},
		{"", ">>> a\ntensor([[1.],\n        [2.]])", "", []string{">>> a"}, ""},
	} {
		lines, last := pastedLines(c.before, c.text, c.after)
		if strings.Join(lines, "|") != strings.Join(c.lines, "|") || last != c.last {
			t.Errorf("pastedLines(%q, %q, %q) = %q, %q; want %q, %q", c.before, c.text, c.after, lines, last, c.lines, c.last)
		}
	}
}
