package tensor

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSleefAgainstTorchDump compares the SLEEF ports with PyTorch outputs
// dumped by hand (pairs of little-endian float32 bits, input then output,
// of one contiguous 1-D tensor whose length is a multiple of 16) into
// $TENSH_SLEEF_DUMPS/NAME.bin, and NAME_strided.bin (the same inputs as a
// strided tensor, for the kernels that take a scalar path there); skipped
// without it. It checks the row functions, Unary, and the scalar
// references (where an element's result does not depend on its vector).
func TestSleefAgainstTorchDump(t *testing.T) {
	dir := os.Getenv("TENSH_SLEEF_DUMPS")
	if dir == "" {
		t.Skip("set TENSH_SLEEF_DUMPS to a directory of PyTorch dumps")
	}
	funcs := map[string]func(float32) float32{"log": sleefLogf, "tanh": sleefTanhf,
		"asin": sleefAsinf, "acos": sleefAcosf, "atan": sleefAtanf, "sinh": sleefSinhf, "cosh": sleefCoshf,
		"expm1": sleefExpm1f, "log1p": sleefLog1pf, "log2": sleefLog2f, "log10": sleefLog10f,
		"sinh_strided": glibcSinhf, "cosh_strided": glibcCoshf, "glibc_expf": glibcExpf, "glibc_expm1f": glibcExpm1f}
	vecs := map[string]func(dst, src []float32){"log": logF32, "tanh": tanhF32,
		"sin": sinF32, "cos": cosF32, "tan": tanF32, "asin": asinF32, "acos": acosF32, "atan": atanF32,
		"expm1": expm1F32, "log1p": log1pF32, "log2": log2F32, "log10": log10F32}
	ops := map[string]UnaryOp{"log": OpLog, "tanh": OpTanh, "sin": OpSin, "cos": OpCos, "tan": OpTan,
		"asin": OpAsin, "acos": OpAcos, "atan": OpAtan, "sinh": OpSinh, "cosh": OpCosh, "expm1": OpExpm1,
		"log1p": OpLog1p, "log2": OpLog2, "log10": OpLog10, "sinh_strided": OpSinh, "cosh_strided": OpCosh}
	same := func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b) }
	ops["glibc_expf"], ops["glibc_expm1f"] = numUnaryOps, numUnaryOps // references only (glibc's, dumped through ctypes)
	for name, op := range ops {
		b, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		n := len(b) / 8
		xs, want := make([]float32, n), make([]float32, n)
		for i := range xs {
			xs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[8*i:]))
			want[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[8*i+4:]))
		}
		var in *Tensor
		if strings.HasSuffix(name, "_strided") {
			buf := make([]float32, 2*n)
			for i, x := range xs {
				buf[2*i] = x
			}
			in = FromSlice(buf, n, 2).Select(1, 0)
		} else {
			in = FromSlice(append([]float32{}, xs...), n)
		}
		got := want
		if op != numUnaryOps {
			got = Unary(op, in, Opts{}).Contiguous().st.data.([]float32)
		}
		var vec []float32
		if v := vecs[name]; v != nil {
			vec = make([]float32, n)
			v(vec, xs)
		}
		bad, badRef := 0, 0
		for i, x := range xs {
			if !same(got[i], want[i]) {
				if bad < 10 {
					t.Errorf("%s(%g [%#x]) = %g [%#x], PyTorch %g [%#x]", name, x, math.Float32bits(x), got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
				}
				bad++
			}
			if vec != nil && !same(vec[i], want[i]) {
				badRef++
			}
			if f := funcs[name]; f != nil && !same(f(x), want[i]) {
				badRef++
			}
		}
		if badRef > 0 {
			t.Errorf("%s: the references differ from PyTorch %d times", name, badRef)
		}
		t.Logf("%s: %d of %d differ", name, bad, n)
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
