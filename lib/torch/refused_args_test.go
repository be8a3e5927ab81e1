package torch

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/tensh/tensh/eval"
)

// Arguments tensh cannot honour are refused with a clear error, never
// accepted and ignored (issue 15, item 16). PyTorch accepts these, so no
// transcript from it can show tensh's refusal.
func TestRefusedArgs(t *testing.T) {
	for _, tt := range []struct{ stmt, want string }{
		{"torch.gather(torch.ones(2, 2), 0, torch.tensor([[0, 1]]), sparse_grad=True)", "RuntimeError: " + errSparseGrad},
		{"torch.Tensor(cdata=0)", "RuntimeError: " + errLegacyCdata},
	} {
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Out: &out})
		e := s.Exec(tt.stmt, 1)
		if got := fmt.Sprint(e); e == nil || got != tt.want {
			t.Errorf("%s: got %v, want %s", tt.stmt, got, tt.want)
		}
	}
}
