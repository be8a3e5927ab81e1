package gpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// The GPU's operations against the CPU's, on random shapes, strides,
// offsets and broadcasts, for every dtype the device has kernels for.
// Integer and bool results must be bit-exact; floating results of add,
// sub, mul, div, maximum and minimum too (IEEE operations, division
// correctly rounded by BuildOptions, no contraction): a bound of 0 ULP,
// except add/sub with alpha, 1 ULP (the CPU's compiler may fuse
// x + alpha*y on some machines); pow, atan2 and hypot use OpenCL's
// built-ins, within binaryULPs (17, 8, 8 ULP: OpenCL 1.2's bounds plus
// the CPU's 1 ULP). Integer pow, the shifts, fmax/fmin and float floor
// division are exact.

// testDevice is the tensh device of the first OpenCL device.
func testDevice(t *testing.T) (tensor.Device, *Device) {
	d := needDevice(t)
	return tensor.Device{Type: "opencl", Index: 0}, d
}

// randView makes a tensor of shape with a random layout: permuted
// dimensions, gaps between rows, an offset, random values of dtype d.
func randView(rng *rand.Rand, d tensor.DType, shape []int) *tensor.Tensor {
	n := len(shape)
	strides := make([]int, n)
	stride := 1
	for _, i := range rng.Perm(n) {
		strides[i] = stride
		stride *= shape[i] + rng.Intn(2)
	}
	offset := rng.Intn(3)
	size := offset + 1
	for i, s := range shape {
		size += (s - 1) * strides[i]
	}
	st := tensor.NewStorage(d, size)
	for i := 0; i < size; i++ {
		var v tensor.Scalar
		switch {
		case d == tensor.Bool:
			v = tensor.IntS(int64(rng.Intn(2)))
		case d.IsFloat():
			specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1)}
			if rng.Intn(10) == 0 {
				v = tensor.FloatS(specials[rng.Intn(len(specials))])
			} else {
				v = tensor.FloatS(rng.NormFloat64() * 10)
			}
		case d == tensor.Uint8:
			v = tensor.IntS(int64(rng.Intn(256)))
		default:
			v = tensor.IntS(int64(rng.Intn(200) - 100))
		}
		st.Set(i, v)
	}
	return tensor.FromStorage(st, offset, shape, strides)
}

// randShapes are a result shape and two operand shapes broadcasting to it.
func randShapes(rng *rand.Rand) (out, a, b []int) {
	nd := rng.Intn(5)
	out = make([]int, nd)
	for i := range out {
		out[i] = 1 + rng.Intn(5)
	}
	bcast := func() []int {
		s := append([]int{}, out...)
		for i := range s {
			if rng.Intn(4) == 0 {
				s[i] = 1
			}
		}
		return s[rng.Intn(len(s)+1)/2:]
	}
	return out, bcast(), bcast()
}

// sameValues compares two tensors of one shape: bit-exact for integer
// and bool dtypes, within ulps for floating ones (NaN equal to NaN).
func sameValues(got, want *tensor.Tensor, ulps uint64) error {
	g := tensor.OnDevice(got, tensor.CPU).Contiguous()
	w := want.Contiguous()
	if fmt.Sprint(g.Shape()) != fmt.Sprint(w.Shape()) || g.DType() != w.DType() {
		return fmt.Errorf("shape/dtype %v %v, want %v %v", g.Shape(), g.DType(), w.Shape(), w.DType())
	}
	isz := w.DType().ItemSize()
	gb := g.Storage().Bytes()[g.Offset()*isz:][:w.Numel()*isz]
	wb := w.Storage().Bytes()[w.Offset()*isz:][:w.Numel()*isz]
	for i := 0; i < w.Numel(); i++ {
		x, y := gb[i*isz:(i+1)*isz], wb[i*isz:(i+1)*isz]
		switch w.DType() {
		case tensor.Float32:
			a, b := math.Float32frombits(binary.LittleEndian.Uint32(x)), math.Float32frombits(binary.LittleEndian.Uint32(y))
			if !(a != a && b != b) && ulpDiff(uint64(math.Float32bits(a)), uint64(math.Float32bits(b)), 32) > ulps {
				return fmt.Errorf("element %d: %v, want %v", i, a, b)
			}
		case tensor.Float64:
			a, b := math.Float64frombits(binary.LittleEndian.Uint64(x)), math.Float64frombits(binary.LittleEndian.Uint64(y))
			if !(a != a && b != b) && ulpDiff(math.Float64bits(a), math.Float64bits(b), 64) > ulps {
				return fmt.Errorf("element %d: %v, want %v", i, a, b)
			}
		default:
			if string(x) != string(y) {
				return fmt.Errorf("element %d: bytes %v, want %v", i, x, y)
			}
		}
	}
	return nil
}

// ulpDiff is the distance in units in the last place of two floats' bits
// (sign-magnitude mapped onto a line).
func ulpDiff(a, b uint64, bits uint) uint64 {
	sign := uint64(1) << (bits - 1)
	line := func(v uint64) int64 {
		if v&sign != 0 {
			return -int64(v &^ sign)
		}
		return int64(v)
	}
	d := line(a) - line(b)
	if d < 0 {
		d = -d
	}
	return uint64(d)
}

// catch runs f and returns the *tensor.Error it raised, if any.
func catch(f func()) (err *tensor.Error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*tensor.Error); ok {
				err = e
				return
			}
			panic(r)
		}
	}()
	f()
	return nil
}

func TestBinaryMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(14))
	for _, d := range testDTypes() {
		if d == tensor.Float64 && !dev.FP64 {
			continue
		}
		for op, desc := range binaryDescs {
			if desc.expr(d) == "" {
				continue
			}
			for trial := 0; trial < 4; trial++ {
				out, sa, sb := randShapes(rng)
				a, b := randView(rng, d, sa), randView(rng, d, sb)
				if (op == tensor.OpDivTrunc || op == tensor.OpDivFloor || op == tensor.OpRemainder || op == tensor.OpFmod) && !d.IsFloat() {
					// integer division by zero raises before any kernel
					zero := tensor.Binary(tensor.OpEq, tensor.TensorOperand(b), tensor.ScalarOperand(tensor.IntS(0)), tensor.Opts{})
					b = tensor.Where(zero, tensor.ScalarOperand(tensor.IntS(-1)), tensor.TensorOperand(b), tensor.Opts{})
				}
				alpha := tensor.IntS(1)
				if trial == 3 && (op == tensor.OpAdd || op == tensor.OpSub) && d != tensor.Bool {
					alpha = tensor.IntS(3)
				}
				run := func(x, y *tensor.Tensor) *tensor.Tensor {
					switch op {
					case tensor.OpAdd:
						return tensor.Add(tensor.TensorOperand(x), tensor.TensorOperand(y), alpha, tensor.Opts{})
					case tensor.OpSub:
						return tensor.Sub(tensor.TensorOperand(x), tensor.TensorOperand(y), alpha, tensor.Opts{})
					}
					return tensor.Binary(op, tensor.TensorOperand(x), tensor.TensorOperand(y), tensor.Opts{})
				}
				want := run(a, b)
				before := Launches.Load()
				got := run(tensor.OnDevice(a, gdev), tensor.OnDevice(b, gdev))
				if got.Device() != gdev {
					t.Fatalf("%s %v: result on %v", desc.name, d, got.Device())
				}
				if want.Numel() > 0 && Launches.Load() == before {
					t.Fatalf("%s %v: no kernel ran", desc.name, d)
				}
				ulps := binaryULPs[op] // pow 17, atan2 8, hypot 8; the others 0
				if alpha.I != 1 {
					ulps = 1
				}
				if err := sameValues(got, want, ulps); err != nil {
					t.Errorf("%s %v %v (a %v%v, b %v%v): %v", desc.name, d, out, a.Shape(), a.Strides(), b.Shape(), b.Strides(), err)
				}
			}
		}
	}
}

func TestMixedDevices(t *testing.T) {
	gdev, _ := testDevice(t)
	a := tensor.OnDevice(tensor.Full([]int{2}, tensor.IntS(1), tensor.Float32), gdev)
	b := tensor.Full([]int{2}, tensor.IntS(1), tensor.Float32)
	for _, pair := range [][2]*tensor.Tensor{{a, b}, {b, a}} {
		e := catch(func() {
			tensor.Binary(tensor.OpAdd, tensor.TensorOperand(pair[0]), tensor.TensorOperand(pair[1]), tensor.Opts{})
		})
		if e == nil || e.Msg != "Expected all tensors to be on the same device, but found at least two devices, opencl:0 and cpu!" {
			t.Errorf("mixed devices: %v", e)
		}
	}
	// A 0-d CPU tensor goes with a GPU tensor.
	s := tensor.Scalar0(tensor.FloatS(2), tensor.Float32)
	if r := tensor.Binary(tensor.OpMul, tensor.TensorOperand(a), tensor.TensorOperand(s), tensor.Opts{}); r.Device() != gdev {
		t.Errorf("a 0-d CPU operand: result on %v", r.Device())
	}
}

// unaryULPs is the bound of a unary operation on floats: 0 (exact) for
// all but the ones computed with OpenCL's built-in transcendental
// functions, which OpenCL 1.2 allows 3 (exp, log, expm1, log2, log10),
// 2 (log1p), 4 (sin, cos, asin, acos, sinh, cosh) and 5 (tan, atan,
// tanh) ULP in float32 and float64; 8 ULP covers those plus the CPU's own
// error (SLEEF's 1 ULP) and sigmoid's composition. sign and frac are
// exact.
func unaryULPs(op tensor.UnaryOp) uint64 {
	if transcendental[op] {
		return 8
	}
	return 0
}

func TestUnaryMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(41))
	for _, d := range testDTypes() {
		if d == tensor.Float64 && !dev.FP64 {
			continue
		}
		for _, op := range sortedOps(unaryDescs) {
			ds := unaryDescs[op]
			if ds.expr(d) == "" {
				continue
			}
			for trial := 0; trial < 3; trial++ {
				shape, _, _ := randShapes(rng)
				a := randView(rng, d, shape)
				want := tensor.Unary(op, a, tensor.Opts{})
				before := Launches.Load()
				got := tensor.Unary(op, tensor.OnDevice(a, gdev), tensor.Opts{})
				if got.Device() != gdev {
					t.Fatalf("%s %v: result on %v", ds.name, d, got.Device())
				}
				if want.Numel() > 0 && Launches.Load() == before {
					t.Fatalf("%s %v: no kernel ran", ds.name, d)
				}
				if err := sameValues(got, want, unaryULPs(op)); err != nil {
					t.Errorf("%s %v (a %v%v): %v", ds.name, d, a.Shape(), a.Strides(), err)
				}
			}
		}
	}
}

// TestCopyMatchesCPU copies between random layouts and dtypes: into a
// strided view of a GPU tensor (the elements between stay), and casts.
func TestCopyMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(7))
	for _, s := range testDTypes() {
		for _, d := range testDTypes() {
			if (s == tensor.Float64 || d == tensor.Float64) && !dev.FP64 {
				continue
			}
			shape, _, _ := randShapes(rng)
			src := randView(rng, s, shape)
			base := randView(rng, d, shape)
			whole := tensor.FromStorage(base.Storage(), 0, []int{base.Storage().Len()}, []int{1}).Clone()
			tensor.CopyInto(tensor.FromStorage(whole.Storage(), base.Offset(), shape, base.Strides()), src)
			before := Launches.Load()
			tensor.CopyInto(tensor.OnDevice(base, gdev), src)
			if castExpr(s, d) != "" && src.Numel() > 0 && Launches.Load() == before {
				t.Fatalf("copy %v to %v: no kernel ran", s, d)
			}
			all := tensor.FromStorage(base.Storage(), 0, []int{base.Storage().Len()}, []int{1})
			if err := sameValues(all, whole, 0); err != nil {
				t.Errorf("copy %v to %v (shape %v strides %v): %v", s, d, shape, base.Strides(), err)
			}
		}
	}
}

func TestWhereMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(3))
	for _, d := range testDTypes() {
		if d == tensor.Float64 && !dev.FP64 {
			continue
		}
		out, sa, sb := randShapes(rng)
		c := randView(rng, tensor.Bool, out[len(out)/2:])
		a, b := randView(rng, d, sa), randView(rng, d, sb)
		want := tensor.Where(c, tensor.TensorOperand(a), tensor.TensorOperand(b), tensor.Opts{})
		before := Launches.Load()
		got := tensor.Where(tensor.OnDevice(c, gdev), tensor.TensorOperand(tensor.OnDevice(a, gdev)), tensor.TensorOperand(tensor.OnDevice(b, gdev)), tensor.Opts{})
		if want.Numel() > 0 && Launches.Load() == before {
			t.Fatalf("where %v: no kernel ran", d)
		}
		if err := sameValues(got, want, 0); err != nil {
			t.Errorf("where %v: %v", d, err)
		}
	}
}

// TestReduceMatchesCPU reduces over random sets of dimensions (and all
// of them): amax and amin, and integer sums and products, bit-exact;
// floating sums and products, whose order differs from the CPU's, within
// 1e-5 (float32) or 1e-12 (float64) relative to the sum of the absolute
// values (sum) or to the result (prod, whose inputs are kept near 1).
func TestReduceMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(5))
	ops := map[string]func(*tensor.Tensor, []int, bool) *tensor.Tensor{
		"sum": tensor.Sum, "prod": tensor.Prod, "amax": tensor.Amax, "amin": tensor.Amin,
	}
	for _, name := range []string{"sum", "prod", "amax", "amin"} {
		f := ops[name]
		for _, d := range testDTypes() {
			if d == tensor.Float64 && !dev.FP64 {
				continue
			}
			for trial := 0; trial < 4; trial++ {
				shape, _, _ := randShapes(rng)
				if trial == 3 {
					shape = []int{3, 700}
				}
				a := randView(rng, d, shape)
				if d.IsFloat() && name != "amax" && name != "amin" {
					a = tensor.Where(tensor.Unary(tensor.OpIsfinite, a, tensor.Opts{}), tensor.TensorOperand(a), tensor.ScalarOperand(tensor.FloatS(1)), tensor.Opts{})
				}
				if name == "prod" && d.IsFloat() {
					// near 1: no overflow, a relative bound
					a = tensor.Add(tensor.ScalarOperand(tensor.FloatS(1)), tensor.TensorOperand(a), tensor.FloatS(1e-3), tensor.Opts{})
				}
				var dims []int
				for i := range shape {
					if rng.Intn(2) == 0 {
						dims = append(dims, i)
					}
				}
				if a.Numel() == 0 && (name == "amax" || name == "amin") {
					continue
				}
				keep := rng.Intn(2) == 0
				want := f(a, dims, keep)
				before := Launches.Load()
				got := f(tensor.OnDevice(a, gdev), dims, keep)
				if got.Device() != gdev || Launches.Load() == before {
					t.Fatalf("%s %v: on %v, %d launches", name, d, got.Device(), Launches.Load()-before)
				}
				if !want.DType().IsFloat() || name == "amax" || name == "amin" {
					if err := sameValues(got, want, 0); err != nil {
						t.Errorf("%s %v %v dims %v: %v", name, d, shape, dims, err)
					}
					continue
				}
				tol := 1e-5
				if d == tensor.Float64 {
					tol = 1e-12
				}
				scale := tensor.Unary(tensor.OpAbs, want, tensor.Opts{}).Contiguous()
				if name == "sum" {
					scale = tensor.Sum(tensor.Unary(tensor.OpAbs, a, tensor.Opts{}), dims, keep).Contiguous()
				}
				g, w := tensor.OnDevice(got, tensor.CPU).Contiguous(), want.Contiguous()
				for i := 0; i < w.Numel(); i++ {
					x, y, s := g.Storage().Get(g.Offset()+i).Float(), w.Storage().Get(w.Offset()+i).Float(), scale.Storage().Get(scale.Offset()+i).Float()
					if math.Abs(x-y) > tol*s+1e-30 {
						t.Errorf("%s %v %v dims %v element %d: %v, want %v", name, d, shape, dims, i, x, y)
					}
				}
			}
		}
	}
}

// TestGatherMatchesCPU: torch.gather and index_select on random layouts,
// bit-exact.
func TestGatherMatchesCPU(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(9))
	for _, d := range testDTypes() {
		if d == tensor.Float64 && !dev.FP64 {
			continue
		}
		shape := []int{2 + rng.Intn(3), 2 + rng.Intn(3), 1 + rng.Intn(3)}
		src := randView(rng, d, shape)
		dim := rng.Intn(3)
		ishape := append([]int{}, shape...)
		ishape[dim] = 1 + rng.Intn(5)
		idx := tensor.Empty(ishape, tensor.Int64)
		for i := 0; i < idx.Numel(); i++ {
			idx.Storage().Set(i, tensor.IntS(int64(rng.Intn(shape[dim]))))
		}
		want := tensor.Gather(src, dim, idx)
		before := Launches.Load()
		got := tensor.Gather(tensor.OnDevice(src, gdev), dim, tensor.OnDevice(idx, gdev))
		if Launches.Load() == before {
			t.Fatalf("gather %v: no kernel ran", d)
		}
		if err := sameValues(got, want, 0); err != nil {
			t.Errorf("gather %v dim %d: %v", d, dim, err)
		}
		sel := tensor.Empty([]int{4}, tensor.Int32)
		for i := 0; i < 4; i++ {
			sel.Storage().Set(i, tensor.IntS(int64(rng.Intn(shape[dim]))))
		}
		want = tensor.IndexSelect(src, dim, sel)
		before = Launches.Load()
		got = tensor.IndexSelect(tensor.OnDevice(src, gdev), dim, tensor.OnDevice(sel, gdev))
		if Launches.Load() == before {
			t.Fatalf("index_select %v: no kernel ran", d)
		}
		if err := sameValues(got, want, 0); err != nil {
			t.Errorf("index_select %v dim %d: %v", d, dim, err)
		}
	}
}

// TestWideIndexVariant runs a sample of every family with the 64-bit
// index kernels, which real launches use only past 2^31 elements.
func TestWideIndexVariant(t *testing.T) {
	gdev, _ := testDevice(t)
	forceWide = true
	defer func() { forceWide = false }()
	rng := rand.New(rand.NewSource(64))
	dtypes := []tensor.DType{tensor.Int64, tensor.Float32}
	if !fullMatrix() {
		dtypes = dtypes[1:]
	}
	for _, d := range dtypes {
		_, sa, sb := randShapes(rng)
		a, b := randView(rng, d, sa), randView(rng, d, sb)
		x := tensor.OnDevice(a, gdev)
		cases := map[string][2]*tensor.Tensor{
			"mul": {tensor.Binary(tensor.OpMul, tensor.TensorOperand(a), tensor.TensorOperand(b), tensor.Opts{}),
				tensor.Binary(tensor.OpMul, tensor.TensorOperand(x), tensor.TensorOperand(tensor.OnDevice(b, gdev)), tensor.Opts{})},
			"neg":  {tensor.Unary(tensor.OpNeg, a, tensor.Opts{}), tensor.Unary(tensor.OpNeg, x, tensor.Opts{})},
			"copy": {a.To(tensor.Float64), x.To(tensor.Float64)},
			"amax": {tensor.Amax(tensor.Where(tensor.Unary(tensor.OpIsnan, a.To(tensor.Float64), tensor.Opts{}), tensor.ScalarOperand(tensor.FloatS(0)), tensor.TensorOperand(a), tensor.Opts{}), nil, false), nil},
		}
		for name, c := range cases {
			if c[1] == nil {
				continue
			}
			if err := sameValues(c[1], c[0], 0); err != nil {
				t.Errorf("%s %v (64-bit index): %v", name, d, err)
			}
		}
		if a.Numel() > 0 {
			if err := sameValues(tensor.Amax(x, nil, false), tensor.Amax(a, nil, false), 0); err != nil {
				t.Errorf("amax %v (64-bit index): %v", d, err)
			}
		}
		m1, m2 := randView(rng, d, []int{5, 9}), randView(rng, d, []int{9, 4})
		if d.IsFloat() {
			m1 = tensor.Where(tensor.Unary(tensor.OpIsfinite, m1, tensor.Opts{}), tensor.TensorOperand(m1), tensor.ScalarOperand(tensor.FloatS(1)), tensor.Opts{})
			m2 = tensor.Where(tensor.Unary(tensor.OpIsfinite, m2, tensor.Opts{}), tensor.TensorOperand(m2), tensor.ScalarOperand(tensor.FloatS(1)), tensor.Opts{})
		}
		mw := linalg.Matmul(m1, m2)
		if d.IsFloat() {
			// the 32-bit variant adds in the same order: bit-exact
			forceWide = false
			mw = linalg.Matmul(tensor.OnDevice(m1, gdev), tensor.OnDevice(m2, gdev))
			forceWide = true
		}
		mg := linalg.Matmul(tensor.OnDevice(m1, gdev), tensor.OnDevice(m2, gdev))
		if err := sameValues(mg, mw, 0); err != nil {
			t.Errorf("matmul %v (64-bit index): %v", d, err)
		}
		idx := tensor.Empty([]int{3}, tensor.Int64)
		for i := 0; i < 3; i++ {
			idx.Storage().Set(i, tensor.IntS(int64(rng.Intn(5))))
		}
		if err := sameValues(tensor.IndexSelect(tensor.OnDevice(m1, gdev), 0, idx), tensor.IndexSelect(m1, 0, idx), 0); err != nil {
			t.Errorf("index_select %v (64-bit index): %v", d, err)
		}
	}
}
