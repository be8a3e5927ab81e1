package torch

import (
	"os"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/gpu"
)

// needOpenCL skips a test without an OpenCL device, except on CI
// (CI=true), where .ci/run installs pocl-opencl-icd.
func needOpenCL(t *testing.T) {
	t.Helper()
	if gpu.DeviceCount("opencl") == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but no OpenCL device: %v (.ci/run installs pocl-opencl-icd)", gpu.Discover().Err)
		}
		t.Skipf("no OpenCL device (%v); install pocl-opencl-icd to run the GPU tests", gpu.Discover().Err)
	}
}

// deviceStatements run on the CPU and on opencl:0 must print the same,
// but for the device suffix of the reprs: the GPU's kernels and the
// CPU fallbacks, through the evaluator's device rules. The floating
// inputs are chosen so that 4-digit printing hides the bounded
// differences of sums, products and exp (see runtime/gpu's tests).
var deviceStatements = []string{
	"x = torch.arange(12.).view(3, 4) / 7; i = torch.arange(12).view(3, 4); b = i % 3 == 0",
	"x + 1", "x * x - x.t().t()", "x / (i + 1)", "i * 3 - 1", "i // 2", "-x", "x.abs()", "x.exp()", "x.sqrt()",
	"x.sigmoid()", "x.tanh()", "x > 0.5", "(i == 3) | b", "~b", "torch.where(b, x, -x)",
	"x.sum()", "x.sum(0)", "x.sum(1, keepdim=True)", "i.sum()", "x.mean(0)", "b.sum()",
	"x @ x.t()", "torch.mm(x, x.t())", "torch.bmm(x.view(1, 3, 4), x.t().reshape(1, 4, 3))", "i @ i.t()",
	"x.t().contiguous()", "x.double()[0]", "i.float()", "x.long()", "b.int()",
	"x[1]", "x[:, 1:3]", "x[[0, 2]]", "x.index_select(1, torch.tensor([3, 0], device=x.device))", "torch.gather(x, 1, torch.tensor([[0, 0], [1, 0], [3, 2]], device=x.device))",
	"x.cumsum(0)", "x.max(dim=1)", "x.argmax()", "torch.cat([x, x]).shape", "x.tolist()[0][1]", "x[0, 1].item()",
	"y = x.clone(); y.add_(1); y", "y[0] = 5; y",
	"w = x.clone().requires_grad_(); (w * w.exp()).sum().backward(); w.grad",
	"v = x.clone().requires_grad_(); (v @ v.t()).mean().backward(); v.grad",
}

func TestDeviceMatchesCPU(t *testing.T) {
	needOpenCL(t)
	run := func(dev string) []string {
		var out strings.Builder
		s := eval.NewSession(eval.Options{Out: &out})
		var lines []string
		exec := func(src string) {
			out.Reset()
			if exc := s.Exec(src, 1); exc != nil {
				out.WriteString(exc.Type + ": " + exc.Msg)
			}
			lines = append(lines, out.String())
		}
		exec("import torch")
		for i, st := range deviceStatements {
			if i == 0 {
				exec(st)
				exec("x, i, b = x.to('" + dev + "'), i.to('" + dev + "'), b.to('" + dev + "')")
				continue
			}
			exec(st)
		}
		return lines
	}
	cpu, gpuOut := run("cpu"), run("opencl")
	for i := range cpu {
		// The device suffix may push dtype= to a line of its own.
		g := strings.ReplaceAll(strings.ReplaceAll(gpuOut[i], ", device='opencl:0'", ""), ",\n       dtype=", ", dtype=")
		if g != strings.ReplaceAll(cpu[i], ",\n       dtype=", ", dtype=") {
			t.Errorf("statement %d (%s):\ncpu:    %q\nopencl: %q", i, deviceStatements[max(i-2, 0)], cpu[i], gpuOut[i])
		}
		if strings.Contains(cpu[i], "tensor(") && !strings.Contains(gpuOut[i], "device='opencl:0'") {
			t.Errorf("statement %d: a result left the device: %q", i, gpuOut[i])
		}
	}
}

func TestDeviceErrors(t *testing.T) {
	needOpenCL(t)
	var out strings.Builder
	s := eval.NewSession(eval.Options{Out: &out})
	for _, c := range []struct{ src, want string }{
		{"import torch", ""},
		{"g = torch.ones(2, device='opencl'); c = torch.ones(2)", ""},
		{"g + c", "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, opencl:0 and cpu!"},
		{"c + g", "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, opencl:0 and cpu!"},
		{"torch.add(c, g)", "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, opencl:0 and cpu!"},
		{"g + torch.tensor(1.)", "tensor([2., 2.], device='opencl:0')\n"},
		{"g.numpy()", "TypeError: can't convert opencl:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first."},
		{"torch.ones(1, device='opencl:99')", "RuntimeError: OpenCL error: invalid device ordinal"},
		{"g.device, g.is_cuda, g.cpu().device", "(device(type='opencl', index=0), False, device(type='cpu'))\n"},
		{"h = g.cpu(); h[0] = 7; g", "tensor([1., 1.], device='opencl:0')\n"},
	} {
		out.Reset()
		got := ""
		if exc := s.Exec(c.src, 1); exc != nil {
			got = exc.Type + ": " + exc.Msg
		} else {
			got = out.String()
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// TestTraceFallback: under %trace, an operation of GPU tensors that the
// CPU ran is named (also when a kernel ran on the way, as sort's copy of
// its input), and one that ran on the device, or made a view, is not.
func TestTraceFallback(t *testing.T) {
	needOpenCL(t)
	var out, trace strings.Builder
	s := eval.NewSession(eval.Options{Out: &out, Warn: &trace})
	if exc := s.Exec("import torch; x = torch.arange(12.).view(3, 4).to('opencl')", 1); exc != nil {
		t.Fatal(exc.Type + ": " + exc.Msg)
	}
	s.SetTrace(true)
	for _, c := range []struct {
		src      string
		fallback bool
	}{
		{"x + 1", false}, {"x.sum(0)", false}, {"x @ x.t()", false}, {"x[1]", false},
		{"x.t()", false}, {"x.cumsum(0)", false}, {"x.max(1)", false},
		{"x.sort(1)", true}, {"x.unique()", true}, {"x.var()", true},
	} {
		trace.Reset()
		if exc := s.Exec(c.src, 1); exc != nil {
			t.Fatalf("%s: %s: %s", c.src, exc.Type, exc.Msg)
		}
		name := strings.SplitN(strings.TrimPrefix(c.src, "x."), "(", 2)[0]
		want := "device: " + name + " ran on the CPU (opencl:0 has no kernel for it)"
		got := strings.Contains(trace.String(), want)
		if !c.fallback {
			got = strings.Contains(trace.String(), "ran on the CPU")
		}
		if got != c.fallback {
			t.Errorf("%s: reported %v, want %v; trace:\n%s", c.src, got, c.fallback, trace.String())
		}
	}
}
