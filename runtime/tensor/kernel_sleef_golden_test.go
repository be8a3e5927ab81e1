package tensor

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// TestSleefGolden checks float32 pow, log, tanh, sin, cos, tan, asin,
// acos, atan, sinh, cosh, expm1, log1p, log2 and log10 against PyTorch's
// outputs in testdata/sleef_golden.txt (see gen_sleef_golden.py): the
// references, and Unary on contiguous and strided tensors.
func TestSleefGolden(t *testing.T) {
	f, err := os.Open("testdata/sleef_golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ins := map[string][]float32{}
	outs := map[string][]float32{}
	var powX, powY, powOut []float32
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var name string
		var a, b, c uint32
		if n, _ := fmt.Sscanf(sc.Text(), "%s %x %x %x", &name, &a, &b, &c); n == 4 && name == "pow" {
			powX = append(powX, math.Float32frombits(a))
			powY = append(powY, math.Float32frombits(b))
			powOut = append(powOut, math.Float32frombits(c))
			continue
		}
		if _, err := fmt.Sscanf(sc.Text(), "%s %x %x", &name, &a, &b); err != nil {
			t.Fatal(err)
		}
		ins[name] = append(ins[name], math.Float32frombits(a))
		outs[name] = append(outs[name], math.Float32frombits(b))
	}
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
	}
	if len(powX) == 0 || len(ins["pow2.5"]) == 0 {
		t.Fatal("no pow cases")
	}
	x := FromSlice(append([]float32{}, powX...), len(powX))
	y := FromSlice(append([]float32{}, powY...), len(powY))
	gotTT := Binary(OpPow, TensorOperand(x), TensorOperand(y), Opts{}).st.data.([]float32)
	x = FromSlice(append([]float32{}, ins["pow2.5"]...), len(ins["pow2.5"]))
	gotTS := Binary(OpPow, TensorOperand(x), ScalarOperand(FloatS(2.5)), Opts{}).st.data.([]float32)
	for i := range powOut {
		if !same(gotTT[i], powOut[i]) {
			t.Errorf("pow(%g, %g) at %d = %#x, PyTorch %#x", powX[i], powY[i], i, math.Float32bits(gotTT[i]), math.Float32bits(powOut[i]))
		}
		if want := outs["pow2.5"][i]; !same(gotTS[i], want) {
			t.Errorf("%g ** 2.5 at %d = %#x, PyTorch %#x", ins["pow2.5"][i], i, math.Float32bits(gotTS[i]), math.Float32bits(want))
		}
	}
	ops := map[string]UnaryOp{"log": OpLog, "tanh": OpTanh, "sin": OpSin, "cos": OpCos, "tan": OpTan,
		"asin": OpAsin, "acos": OpAcos, "atan": OpAtan, "sinh": OpSinh, "cosh": OpCosh, "expm1": OpExpm1,
		"log1p": OpLog1p, "log2": OpLog2, "log10": OpLog10, "sinh_s": OpSinh, "cosh_s": OpCosh}
	refs := map[string]func(float32) float32{"log": sleefLogf, "tanh": sleefTanhf, "asin": sleefAsinf,
		"acos": sleefAcosf, "atan": sleefAtanf, "sinh": sleefSinhf, "cosh": sleefCoshf, "expm1": sleefExpm1f,
		"log1p": sleefLog1pf, "log2": sleefLog2f, "log10": sleefLog10f, "sinh_s": glibcSinhf, "cosh_s": glibcCoshf}
	// sin, cos and tan: the row functions, whose vectors of 8 are the
	// file's (each function's inputs were one tensor).
	rows := map[string]func(dst, src []float32){"sin": sinF32, "cos": cosF32, "tan": tanF32}
	for name, op := range ops {
		xs, want := ins[name], outs[name]
		if len(xs) == 0 {
			t.Fatalf("no %s cases", name)
		}
		n := len(xs)
		ref := make([]float32, n)
		if f := refs[name]; f != nil {
			for i, x := range xs {
				ref[i] = f(x)
			}
		} else {
			rows[name](ref, xs)
		}
		for i, x := range xs {
			if !same(ref[i], want[i]) {
				t.Errorf("%s(%g [%#x]) = %#x, PyTorch %#x", name, x, math.Float32bits(x), math.Float32bits(ref[i]), math.Float32bits(want[i]))
			}
		}
		// sinh and cosh take SLEEF on contiguous rows (whole blocks of 16
		// here) and glibc on strided ones (name_s); the others take the
		// same function on both.
		for _, strided := range []bool{false, true} {
			switch {
			case (name == "sinh" || name == "cosh") && strided:
				continue
			case strings.HasSuffix(name, "_s") && !strided:
				continue
			}
			var in *Tensor
			if strided {
				buf := make([]float32, 2*n)
				for i, x := range xs {
					buf[2*i] = x
				}
				in = FromSlice(buf, n, 2).Select(1, 0)
			} else {
				in = FromSlice(append([]float32{}, xs...), n)
			}
			got := Unary(op, in, Opts{}).Contiguous().st.data.([]float32)
			for i := range xs {
				if !same(got[i], want[i]) {
					t.Fatalf("%s strided=%v (useAVX2=%v) at %d: %g -> %#x, PyTorch %#x", name, strided, useAVX2, i, xs[i], math.Float32bits(got[i]), math.Float32bits(want[i]))
				}
			}
		}
	}
}
