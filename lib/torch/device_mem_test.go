package torch

import (
	"runtime"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestDeviceFactoryCountedOnce (issue 27): a factory's result on a device
// is made once, not made on the host and copied, so a tensor of most of
// the --max-memory cap fits, as it does on the CPU.
func TestDeviceFactoryCountedOnce(t *testing.T) {
	needOpenCL(t)
	runtime.GC()
	old := tensor.MemoryLimit()
	tensor.SetMemoryLimit(tensor.HeapInUse() + 96<<20)
	defer tensor.SetMemoryLimit(old)
	var out strings.Builder
	s := eval.NewSession(eval.Options{Out: &out})
	for _, src := range []string{
		"import torch",
		"x = torch.ones(16 * 2**20, device='opencl')", // 64 MiB of a 96 MiB cap
		"print(x.device, x[:2])",
	} {
		if exc := s.Exec(src, 1); exc != nil {
			t.Fatalf("%s: %s: %s", src, exc.Type, exc.Msg)
		}
	}
	if got := out.String(); got != "opencl:0 tensor([1., 1.], device='opencl:0')\n" {
		t.Errorf("printed %q", got)
	}
}
