//go:build unix

package main

import (
	"strings"
	"testing"
)

// The generator draws from the registries the libraries fill: linked
// without them (issue 27 item 17) it had no torch functions and panicked.
func TestGeneratorHasTheLibraries(t *testing.T) {
	g := newGenerator(16)
	if len(g.torch) < 100 || len(g.methods) < 100 {
		t.Fatalf("registries not linked: %d torch functions, %d Tensor methods", len(g.torch), len(g.methods))
	}
	corpus := g.corpus(60000)
	var torch, random int
	for _, st := range corpus {
		if strings.HasPrefix(st, "torch.") {
			torch++
		}
	}
	random = len(corpus) - len(g.sweep())
	if torch == 0 || random <= 0 {
		t.Fatalf("corpus of %d: %d torch calls, %d random statements", len(corpus), torch, random)
	}
	if s := sampled(corpus, 100); len(s) != 100 || s[0] != corpus[0] || s[99] != corpus[99*len(corpus)/100] {
		t.Fatalf("sampled: %d statements", len(s))
	}
}
