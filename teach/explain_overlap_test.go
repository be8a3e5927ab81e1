package teach

import (
	"github.com/tensh/tensh/eval"

	"bytes"
	"strings"
	"testing"
)

// TestExplainPredictsErrors: for each statement, the error %explain
// predicts (its last "PyTorch: " line) is the error running the statement
// raises, and %explain predicts none for a statement that runs (issue 15,
// item 14: internal overlap included). The errors themselves are checked
// against PyTorch in testdata/defects_overlap.tsh.
func TestExplainPredictsErrors(t *testing.T) {
	setup := "c = torch.ones(3, 1); e = c.expand(3, 4); m = torch.ones(4, 4); x = torch.arange(9.); y = x.view(3, 3); a = torch.ones(3); b = torch.ones(2, 3)"
	for _, compat := range []eval.Compat{eval.CompatDocs, eval.CompatCurrent} {
		for _, src := range []string{
			"e.add_(1)", "e.mul_(torch.ones(4))", "e.mul_(torch.ones(5))", "e.copy_(torch.ones(4))",
			"e.exp_()", "e.sigmoid_()", "e.clamp_(0, 1)", "e.t().add_(1)", "e.addcmul_(e, e)",
			"torch.add(torch.ones(4), 1, out=e)", "torch.add(torch.ones(5), torch.ones(3, 4), out=e)",
			"torch.exp(torch.ones(3, 4), out=e)", "e += 1", "e[0] += 1", "e *= torch.ones(5)",
			// partial overlap of the written tensor and an input
			"x[1:].add_(x[:-1])", "x[1:].copy_(x[:-1])", "torch.add(x[:-1], 1, out=x[1:])", "x[1:] += x[:-1]",
			"y.t().add_(y)", "x[:3].add_(x[3:])", "x.add_(x)", "x[1:].add_(x[1:])", "y.add_(y.t())",
			// out= that is also an input is never resized (item 12)
			"torch.add(a, b, out=a)", "torch.mul(b, a, out=a)", "torch.add(b, b, out=a)", "torch.add(a, a, out=a)",
			// masked_fill: the mask is tensor a; the value's dims after (item 11)
			"a.masked_fill(torch.tensor([True, False]), 1.0)", "b.masked_fill(torch.tensor([True, False]), torch.tensor([1.0, 2.0]))",
			"b.masked_fill(torch.tensor([True, False, True]), torch.tensor([1.0, 2.0]))", "torch.masked_fill(b, torch.tensor([True, False]), 2)",
			"b.masked_fill(torch.ones(3, 2, 3, dtype=torch.bool), 1.0)",
			// no error: not written, or PyTorch only warns or does not check
			"e.fill_(2)", "e.zero_()", "e.masked_fill_(e > 0, 1)", "m.diagonal().add_(1)",
			"m.add_(1)", "m.t().mul_(torch.ones(4))", "c.add_(torch.ones(3, 1))", "e + 1",
		} {
			var out bytes.Buffer
			s := eval.NewSession(eval.Options{Out: &out, Warn: &out, Compat: compat})
			if e := s.Exec(setup, 1); e != nil {
				t.Fatal(e)
			}
			var predicted string
			if e := s.Guard(func() { predicted = Explain(s, src) }); e != nil {
				t.Fatalf("%%explain %s: %v", src, e)
			}
			want := ""
			for _, l := range strings.Split(predicted, "\n") {
				if p, ok := strings.CutPrefix(strings.TrimSpace(l), "PyTorch: "); ok {
					want = p
				}
				if p, ok := strings.CutPrefix(strings.TrimSpace(l), "PyTorch's broadcasting notes print: "); ok {
					want = p // %compat docs
				}
				if p, ok := strings.CutPrefix(strings.TrimSpace(l), "The documents' PyTorch printed: "); ok {
					want = p // %compat docs
				}
			}
			got := ""
			if e := s.Exec(src, 1); e != nil {
				got = e.Error()
			}
			if got != want {
				t.Errorf("%s (compat %v): %%explain predicts %q, running it raises %q\n%s", src, compat, want, got, predicted)
			}
		}
	}
}

// TestOverlapHints: the hint line after PyTorch's overlap errors names the
// tensor written into and what it shares.
func TestOverlapHints(t *testing.T) {
	s := eval.NewSession(eval.Options{Out: &bytes.Buffer{}, Hints: true})
	s.Exec("e = torch.ones(3, 1).expand(3, 4); x = torch.arange(6.)", 1)
	for src, want := range map[string]string{
		"e.add_(1)":                          "e.add_(1): e repeats its elements along dim 1 (stride 0), so PyTorch refuses to write into it",
		"e += 1":                             "e += 1: e repeats its elements along dim 1 (stride 0), so PyTorch refuses to write into it",
		"torch.exp(x[:4].view(4, 1), out=e)": "torch.exp(x[:4].view(4, 1), out=e): e repeats its elements along dim 1 (stride 0), so PyTorch refuses to write into it",
		"x[1:].add_(x[:-1])":                 "x[1:].add_(x[:-1]): x[1:] and x[:-1] share part of their storage, so PyTorch refuses to write one while reading the other",
		"x[1:] += x[:-1]":                    "x[1:] += x[:-1]: x[1:] and x[:-1] share part of their storage, so PyTorch refuses to write one while reading the other",
		"torch.add(x[:-1], 1, out=x[1:])":    "torch.add(x[:-1], 1, out=x[1:]): x[1:] and x[:-1] share part of their storage, so PyTorch refuses to write one while reading the other",
	} {
		e := s.Exec(src, 1)
		if e == nil {
			t.Errorf("%s: no error", src)
			continue
		}
		if got := Hint(s, e); got != want {
			t.Errorf("%s: hint %q, want %q", src, got, want)
		}
	}
}
