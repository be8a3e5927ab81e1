package eval

import (
	"strings"
	"testing"
)

// The calls of issue 17's functions that autograd does not differentiate
// yet (cdist's batched matrix-product form): with
// an input that requires grad they raise NotImplementedError (never a
// result without grad_fn); under no_grad they run.
var gradUnsupportedCalls = []string{
	"torch.cdist(torch.ones(2, 30, 3, requires_grad=True), x.unsqueeze(0))",
}

func TestGradUnsupportedRaises(t *testing.T) {
	var out strings.Builder
	s := NewSession(Options{Out: &out})
	setup := "import torch\nimport torch.nn.functional as F\nx = torch.tensor([[1., -2., 3.], [0.5, 2., -1.]], requires_grad=True)"
	for _, line := range strings.Split(setup, "\n") {
		if exc := s.Exec(line, 1); exc != nil {
			t.Fatalf("%s: %s", line, exc.Msg)
		}
	}
	for _, call := range gradUnsupportedCalls {
		exc := s.Exec("_r = "+call, 1)
		if exc == nil {
			t.Errorf("%s: no error with an input that requires grad", call)
			continue
		}
		if exc.Type != "NotImplementedError" || !strings.Contains(exc.Msg, "autograd cannot differentiate") {
			t.Errorf("%s: %s: %s", call, exc.Type, exc.Msg)
		}
		if exc := s.Exec("with torch.no_grad():\n    _r = "+call+"\n", 1); exc != nil {
			t.Errorf("%s under no_grad: %s: %s", call, exc.Type, exc.Msg)
		}
	}
}
