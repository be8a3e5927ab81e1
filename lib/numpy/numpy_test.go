package numpy_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
	_ "github.com/tensh/tensh/lib/numpy"
)

// run executes statements in a fresh session and returns what it printed
// (values and warnings) and the text of the last exception.
func run(t *testing.T, stmts ...string) (out string, exc string) {
	t.Helper()
	var buf bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &buf})
	for i, st := range stmts {
		if e := s.Exec(st, i+1); e != nil {
			exc = e.Error()
		}
	}
	return buf.String(), exc
}

func TestImportBindsModule(t *testing.T) {
	out, exc := run(t, "import numpy as np", "np.arange(3)", "from numpy import array, float32 as f32", "array([1, 2], dtype=f32)")
	if exc != "" || out != "array([0, 1, 2])\narray([1., 2.], dtype=float32)\n" {
		t.Fatalf("got %q, %q", out, exc)
	}
	_, exc = run(t, "from numpy import nosuch")
	if exc != "ImportError: cannot import name 'nosuch' from 'numpy' (/usr/lib/python3/dist-packages/numpy/__init__.py)" {
		t.Fatalf("got %q", exc)
	}
}

func TestFloatWarnings(t *testing.T) {
	for _, c := range []struct{ stmt, warning string }{
		{"np.ones(2, np.float32) * 1e38 * 10", "RuntimeWarning: overflow encountered in multiply"},
		{"np.array([np.inf]) - np.inf", "RuntimeWarning: invalid value encountered in subtract"},
		{"np.array([1.0]) / 0", "RuntimeWarning: divide by zero encountered in divide"},
		{"np.float16(60000) * np.float16(2)", "RuntimeWarning: overflow encountered in scalar multiply"},
		{"np.log(np.array([0.0]))", "RuntimeWarning: divide by zero encountered in log"},
		{"np.sqrt(np.array([-1.0]))", "RuntimeWarning: invalid value encountered in sqrt"},
		{"np.arange(3) // 0", "RuntimeWarning: divide by zero encountered in floor_divide"},
	} {
		out, exc := run(t, "import numpy as np", c.stmt)
		if exc != "" || !strings.Contains(out, c.warning) {
			t.Errorf("%s: got %q, %q; want the warning %q", c.stmt, out, exc, c.warning)
		}
	}
	out, _ := run(t, "import numpy as np", "np.ones(3) * 2")
	if strings.Contains(out, "Warning") {
		t.Errorf("a warning without a floating-point condition: %q", out)
	}
}

func TestBridgeSharesMemory(t *testing.T) {
	out, exc := run(t, "import numpy as np", "a = np.zeros(3)", "t = torch.from_numpy(a)", "t[1] = 5", "a",
		"n = t.numpy()", "n[2] = 7", "t", "c = torch.tensor(a)", "c[0] = 9", "a")
	want := "array([0., 5., 0.])\ntensor([0., 5., 7.], dtype=torch.float64)\narray([0., 5., 7.])\n"
	if exc != "" || out != want {
		t.Fatalf("got %q, %q; want %q", out, exc, want)
	}
}

func TestHelpAndWhos(t *testing.T) {
	out, exc := run(t, "import numpy as np", "help(np.add)", "a = np.arange(30000.0).reshape(3, 10000)", "%whos")
	for _, want := range []string{
		"Help on built-in function add in module numpy:",
		"a          ndarray    3x10000: 30000 elems, type `float64`, 240000 bytes (234.375 kb)",
	} {
		if exc != "" || !strings.Contains(out, want) {
			t.Errorf("got %q, %q; want a line %q", out, exc, want)
		}
	}
}

func TestFromNumpyReadOnlyWarns(t *testing.T) {
	out, exc := run(t, "import numpy as np", "t = torch.from_numpy(np.broadcast_to(np.arange(3), (2, 3)))", "t.stride()")
	if exc != "" || !strings.Contains(out, "UserWarning: The given NumPy array is not writable") || !strings.Contains(out, "(0, 1)") {
		t.Fatalf("got %q, %q", out, exc)
	}
}

func TestOutOfBoundPythonIntWarns(t *testing.T) {
	out, exc := run(t, "import numpy as np", "np.array([300], dtype=np.uint8)", "a = np.zeros(2, np.int8)", "a[0] = -200", "a")
	for _, want := range []string{
		"DeprecationWarning: NumPy will stop allowing conversion of out-of-bound Python integers to integer arrays.  The conversion of 300 to uint8 will fail in the future.",
		"The conversion of -200 to int8 will fail in the future.",
		"array([44], dtype=uint8)", "array([56,  0], dtype=int8)",
	} {
		if exc != "" || !strings.Contains(out, want) {
			t.Errorf("got %q, %q; want %q", out, exc, want)
		}
	}
}
