package eval

import (
	"bytes"
	"strings"
	"testing"
)

// TestHugeIntegerArguments (issue 16, items 4 and 6): integers near and
// past the int64 range, as offsets, steps and ndigits, raise what PyTorch
// and CPython raise (the oracle's text), never a Go panic. Where PyTorch
// wraps around and reads outside the storage (as_strided's offset), a
// RuntimeError names the overflow.
func TestHugeIntegerArguments(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	for _, c := range []struct{ src, want string }{
		{"torch.ones(3).as_strided((), (), 2**62)", "RuntimeError: Storage size calculation overflowed with sizes=[], strides=[] and storage offset=4611686018427387904"},
		{"torch.ones(3).as_strided((2,), (1,), 2**62)", "RuntimeError: Storage size calculation overflowed with sizes=[2], strides=[1] and storage offset=4611686018427387904"},
		{"torch.ones(3).as_strided((), (), 2**63-1)", "RuntimeError: Storage size calculation overflowed with sizes=[], strides=[] and storage offset=9223372036854775807"},
		{"torch.ones(3).as_strided((), (), 2**31)", "RuntimeError: setStorage: sizes [], strides [], storage offset 2147483648, and itemsize 4 requiring a storage size of 8589934596 are out of bounds for storage of size 12"},
		{"torch.ones(3).as_strided((), (), 2**63)", "RuntimeError: Overflow when unpacking long"},
		{"torch.ones(3).as_strided((3,), (2**62,), 2**62)", "RuntimeError: Storage size calculation overflowed with sizes=[3] and strides=[4611686018427387904]"},
		{"torch.ones(3).as_strided((2,), (1,), 1)", "tensor([1., 1.])"},
		{"round(1, -2**63)", "0"},
		{"round(1, -2**63) == 0 and round(1, -2**64) == 0", "True"},
		{"round(10, -(2**31)) == 0", "True"},
		{"round(1, 2**63) == 1 and round(1.5, 2**63) == 1.5", "True"},
		{"round(1.5, -2**64) == 0.0 and round(-7, -2**62) == 0", "True"},
		{"round(25, -1) == 20 and round(35, -1) == 40 and round(-25, -1) == -20", "True"},
		{"round(10**30 + 5 * 10**10, -11) == 10**30", "True"},
		{"round(1, 1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
		{"torch.ones(3)[::2**63]", "RuntimeError: Storage size calculation overflowed with sizes=[-1] and strides=[9223372036854775807]"},
		{"torch.ones(3)[::2**64]", "RuntimeError: Storage size calculation overflowed with sizes=[-1] and strides=[9223372036854775807]"},
		{"x = torch.ones(4); x[1::2**63-1] = torch.ones(2)", "RuntimeError: Storage size calculation overflowed with sizes=[-1] and strides=[9223372036854775807]"},
		{"x = torch.ones(4); x[1::2**63-1] = 5", "RuntimeError: Storage size calculation overflowed with sizes=[-1] and strides=[9223372036854775807]"},
		{"x = torch.ones(4); x[::2**63] = 1", ""},
		// int(x, base): the hostile corpus's InternalErrors.
		{"int('nuc', 1)", "ValueError: int() base must be >= 2 and <= 36, or 0"},
		{"int('0', -(2**62))", "ValueError: int() base must be >= 2 and <= 36, or 0"},
		{"int('1', 2**64)", "ValueError: int() base must be >= 2 and <= 36, or 0"},
		{"int('1', 1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
		{"int(5, 10)", "TypeError: int() can't convert non-string with explicit base"},
		{"int('z', 36), int('0x1f', 0), int('11', 2)", "(35, 31, 3)"},
	} {
		out.Reset()
		got := ""
		if e := s.Exec(c.src, 1); e != nil {
			got = e.Error()
		}
		got = strings.TrimSuffix(out.String(), "\n") + got
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.src, got, c.want)
		}
	}
}
