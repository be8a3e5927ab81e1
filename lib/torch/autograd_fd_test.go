package torch

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// gradFDCases are losses of x (a float64 2×3 tensor) through composite
// rules; each one's backward is checked against central differences.
var gradFDCases = []string{
	"(lambda m: (m[0] ** 2 * 3 + m[1] ** 3).sum())(torch.meshgrid(x[0], x[1], indexing='xy'))",
	"(lambda m: (m[0] * m[1] ** 2 + m[2]).sum())(torch.meshgrid(x[0], x[1, :2], x[0, :1], indexing='xy'))",
	"(x.diff(prepend=x[:, :1] ** 2, append=x[:, 1:] * 3) ** 2).sum()",
	"(x.diff(n=2, dim=0, append=x.sin()) ** 3).sum()",
	"(F.linear(x, x.sin() * 2, x[1, :2] * x[0, 1:]) ** 2).sum()",
	"(F.linear(x.T, x.T, x[0]) ** 3).sum()",
	"(torch.kron(x, x.T[:2] ** 2) ** 2).sum()",
	"(torch.tensordot(x, x.sin(), ([1], [1])) ** 2).sum()",
	"(torch.tensordot(x.T.reshape(3, 1, 2), x.cos().reshape(2, 1, 3), dims=([2, 1], [0, 1])) ** 3).sum()",
	"(torch.tensordot(x, x ** 2, dims=0) ** 2).sum()",
	"(torch.kron(x[0], x.sin()) * torch.kron(x.cos(), x[1]).sum()).sum()",
	"(torch.einsum('...i,...i->...', x, x.sin()) ** 2).sum()",
	"(torch.einsum('ii->i', x[:, :2]) * torch.einsum('iij->j', x.view(1, 1, 6)).sum()).sum()",
	"(torch.einsum('ij,...j->...i', x, x.T.reshape(3, 1, 2)[:, :, :1].expand(3, 1, 3)) ** 2).sum()",
	"(torch.tensordot(x, x[:1] ** 2, dims=([0, 1], [0, 1])) ** 2).sum()",
	"(torch.cartesian_prod(x[0], x[1].sin()) ** 3).sum()",
	"(torch.block_diag(x, x[:, :1] ** 2) ** 2).sum()",
	"(x.repeat_interleave(torch.tensor([1, 2]), dim=0) ** 3).sum()",
	"(x.masked_scatter(x > 0.4, x.sin() * 3) ** 2).sum()",
	"(F.linear(torch.stack([x, x.cos()]), x.sin(), x[0, :2]) ** 2).sum()",
	"F.cross_entropy(x, torch.tensor([2, 0]), label_smoothing=0.3, weight=torch.tensor([1., 2., 3.], dtype=torch.float64))",
	"F.cross_entropy(x, torch.tensor([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]], dtype=torch.float64), label_smoothing=0.2)",
	"F.cross_entropy(x.view(2, 3, 1), torch.tensor([[2], [0]]), reduction='sum')",
	"(F.pad(x, (2, 1), mode='reflect') ** 2).sum() + (F.pad(x, (1, 1), value=2.) ** 3).sum()",
	"(torch.cdist(x, x.flip(0) * 2, p=3.) ** 2).sum()",
	"torch.linalg.svdvals(x).sum() + torch.linalg.matrix_norm(x, 'nuc')",
	"(torch.linalg.pinv(x) ** 2).sum() + torch.linalg.norm(x, 2)",
	"(torch.linalg.solve(x[:, :2] + 3 * torch.eye(2, dtype=torch.float64), x.T, left=False) ** 2).sum()",
}

func TestGradFiniteDifferences(t *testing.T) {
	var out strings.Builder
	s := eval.NewSession(eval.Options{Out: &out})
	run := func(line string) bool {
		if exc := s.Exec(line, 1); exc != nil {
			t.Errorf("%s: %s: %s", line, exc.Type, exc.Msg)
			return false
		}
		return true
	}
	run("import torch")
	run("import torch.nn.functional as F")
	for _, loss := range gradFDCases {
		ok := run("x = torch.tensor([[0.3, -0.7, 1.1], [0.5, 0.9, -0.4]], dtype=torch.float64, requires_grad=True)") &&
			run("("+loss+").backward()") && run("g = x.grad.clone().view(-1)") && run("x0 = x.detach().clone()")
		for i := 0; ok && i < 6; i++ {
			ok = run(fmt.Sprintf("with torch.no_grad():\n    xs = x0.clone()\n    xs.view(-1)[%d] += 1e-5\n    x = xs\n    lp = %s\n    xs.view(-1)[%d] -= 2e-5\n    lm = %s\n", i, loss, i, loss)) &&
				run(fmt.Sprintf("assert abs(float(g[%d]) - float(lp - lm) / 2e-5) < 1e-6 * (1 + abs(float(g[%d]))), (float(g[%d]), float(lp - lm) / 2e-5)", i, i, i))
			if !ok {
				t.Errorf("case %s, element %d", loss, i)
			}
		}
	}
}
