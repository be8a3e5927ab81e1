package numpy_test

import (
	"strings"
	"testing"
)

// Complex, uint16/32/64 and str arrays reach no kernel written for the
// torch dtypes: what tensh does not compute on them raises its own
// TypeError instead of a wrong answer.
func TestExtraDTypesRaise(t *testing.T) {
	setup := []string{"import numpy as np", "c = np.array([1 + 2j, 3])", "t = torch.tensor(c)", "s = np.array(['a', 'bc'])"}
	for _, c := range []struct{ stmt, want string }{
		{"t + 1", "TypeError: tensh: + is not supported for torch.complex128 tensors"},
		{"t.sum()", "TypeError: tensh: sum is not supported for torch.complex128 tensors"},
		{"t[0]", "TypeError: tensh: indexing is not supported for torch.complex128 tensors"},
		{"-t", "TypeError: tensh: unary - is not supported"},
		{"t == t", "TypeError: tensh: == is not supported"},
		{"list(t)", "TypeError: tensh: list is not supported"},
		{"float(t)", "TypeError: tensh: float is not supported"},
		{"t.to(torch.float64)", "TypeError: tensh: to is not supported"},
		{"torch.tensor(c, dtype=torch.float32)", "RuntimeError: tensh: casting torch.complex128 values to torch.float32"},
		{"1j + torch.ones(2)", "TypeError: tensh: arithmetic between tensors and complex numbers"},
		{"c + 1", "TypeError: tensh: this operation is not supported for NumPy's complex arrays"},
		{"c.sum()", "TypeError: tensh: ndarray.sum is not supported for NumPy's complex arrays"},
		{"np.sqrt(c)", "TypeError: tensh: this operation is not supported"},
		{"s.sum()", "TypeError: tensh: ndarray.sum is not supported for str arrays"},
		{"np.array([2**64 - 1], dtype=np.uint64).max()", "TypeError: tensh: uint64 values of 2**63 and above"},
		{"np.array([2**63], dtype=np.uint64) + 1", "TypeError: tensh: uint64 values of 2**63 and above"},
		{"x = t; x += 1", "TypeError: tensh: += is not supported for torch.complex128 tensors"},
		{"t.view(torch.float64)", "TypeError: tensh: view(dtype) is not supported for torch.complex128 tensors"},
		{"torch.tensor([t, t])", "TypeError: tensh: tensor of a list is not supported for torch.complex128 tensors"},
		{"torch.arange(3, dtype=torch.complex64)", "TypeError: tensh: arange is not supported for torch.complex64 tensors"},
		{"torch.tensor(1j)", "TypeError: tensh: tensor of Python complex numbers is not supported"},
		{"torch.full((2,), [1j][0])", "TypeError: tensh: full of Python complex numbers is not supported"},
		{"x = torch.ones(2); x[0] = 1j", "TypeError: tensh: item assignment of Python complex numbers is not supported"},
	} {
		out, exc := run(t, append(setup, c.stmt)...)
		if !strings.HasPrefix(exc, c.want) {
			t.Errorf("%s: got %q (output %q), want %q...", c.stmt, exc, out, c.want)
		}
	}
	// What they do: print, reshape, copy, convert.
	out, exc := run(t, append(setup, "t.reshape(2, 1).clone()", "t.numpy()", "s.reshape(2, 1)")...)
	want := "tensor([[1.+2.j],\n        [3.+0.j]], dtype=torch.complex128)\narray([1.+2.j, 3.+0.j])\narray([['a'],\n       ['bc']], dtype='<U2')\n"
	if exc != "" || out != want {
		t.Errorf("got %q, %q; want %q", out, exc, want)
	}
}
