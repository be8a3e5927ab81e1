package tensor

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestSleefAgainstTorchDump compares the SLEEF ports with PyTorch outputs
// dumped by hand (pairs of little-endian float32 bits, input then output)
// into $TENSH_SLEEF_DUMPS/NAME.bin; skipped without it.
func TestSleefAgainstTorchDump(t *testing.T) {
	dir := os.Getenv("TENSH_SLEEF_DUMPS")
	if dir == "" {
		t.Skip("set TENSH_SLEEF_DUMPS to a directory of PyTorch dumps")
	}
	funcs := map[string]func(float32) float32{"log": sleefLogf, "tanh": sleefTanhf}
	vecs := map[string]func(dst, src []float32){"log": logF32, "tanh": tanhF32}
	for name, f := range funcs {
		b, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		n := len(b) / 8
		xs := make([]float32, n)
		for i := range xs {
			xs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[8*i:]))
		}
		vec := make([]float32, n)
		vecs[name](vec, xs)
		bad := 0
		for i := 0; i+8 <= len(b); i += 8 {
			x := xs[i/8]
			want := math.Float32frombits(binary.LittleEndian.Uint32(b[i+4:]))
			got := f(x)
			if v := vec[i/8]; math.Float32bits(v) != math.Float32bits(got) && !(v != v && got != got) {
				t.Errorf("%s(%g): vector kernel %#x, scalar %#x", name, x, math.Float32bits(v), math.Float32bits(got))
			}
			if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
				if bad < 10 {
					t.Errorf("%s(%g [%#x]) = %g [%#x], PyTorch %g [%#x]", name, x, math.Float32bits(x), got, math.Float32bits(got), want, math.Float32bits(want))
				}
				bad++
			}
		}
		t.Logf("%s: %d of %d differ", name, bad, len(b)/8)
	}
}

// TestSleefPowAgainstTorchDump is TestSleefAgainstTorchDump for pow:
// triples x, y, x**y in $TENSH_SLEEF_DUMPS/pow.bin (whole blocks of 16,
// PyTorch's vector path).
func TestSleefPowAgainstTorchDump(t *testing.T) {
	dir := os.Getenv("TENSH_SLEEF_DUMPS")
	if dir == "" {
		t.Skip("set TENSH_SLEEF_DUMPS to a directory of PyTorch dumps")
	}
	b, err := os.ReadFile(filepath.Join(dir, "pow.bin"))
	if err != nil {
		t.Skip(err)
	}
	n := len(b) / 12
	xs, ys, vec := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range xs {
		xs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[12*i:]))
		ys[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[12*i+4:]))
	}
	powRowF32(n, vec, 1, xs, 1, ys, 1) // n is a multiple of 16: all vector blocks
	bad := 0
	for i := 0; i+12 <= len(b); i += 12 {
		x, y := xs[i/12], ys[i/12]
		want := math.Float32frombits(binary.LittleEndian.Uint32(b[i+8:]))
		if v := vec[i/12]; math.Float32bits(v) != math.Float32bits(want) && !(v != v && want != want) {
			t.Errorf("pow(%g, %g): row kernel %#x, PyTorch %#x", x, y, math.Float32bits(v), math.Float32bits(want))
		}
		if got := sleefPowf(x, y); math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			if bad < 10 {
				t.Errorf("pow(%g, %g) = %g [%#x], PyTorch %g [%#x]", x, y, got, math.Float32bits(got), want, math.Float32bits(want))
			}
			bad++
		}
	}
	t.Logf("pow: %d of %d differ", bad, len(b)/12)
}
