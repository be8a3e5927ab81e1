package torch

import (
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// The functions of issue 17 that autograd does not differentiate yet: with
// an input that requires grad they raise NotImplementedError (never a
// result without grad_fn); under no_grad they run.
var gradUnsupportedCalls = []string{
	"x.scatter(1, torch.tensor([[0], [1]]), x, reduce='add')",
	"x.scatter_add(1, torch.tensor([[0], [1]]), x)",
	"x.masked_scatter(x > 0, x)",
	"x.put(torch.tensor([0, 1]), torch.tensor([[1., 2.]]))",
	"x.nansum(dtype=torch.float64)", "x.nanmean(dtype=torch.float64)", "x.aminmax()",
	"torch.cartesian_prod(x[0], x[1])", "x.repeat_interleave(2)",
	"torch.block_diag(x, x)",
	"F.pad(x, (1, 1), value=2.)", "F.pad(x, (1, 1), mode='replicate')", "torch.cdist(x, x, p=3.)", "torch.cdist(torch.ones(30, 3, requires_grad=True), x)",
	"F.linear(x.unsqueeze(0), x, x[:, 0])",
	"torch.linalg.cholesky(x[:, :2] @ x[:, :2].T)", "torch.linalg.svdvals(x)", "torch.linalg.pinv(x)",
}

func TestGradUnsupportedRaises(t *testing.T) {
	var out strings.Builder
	s := eval.NewSession(eval.Options{Out: &out})
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
