package gpu

import (
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// Device-resident storage against the CPU: chains of operations, in-place
// operations on views sharing a storage, writes on the host between
// kernels, operations without a kernel in the middle of a chain, views of
// another dtype and copies between devices. Every result is compared with
// the same statements run on the CPU: bit-exact (0 ULP) for the exact
// operations used here (add, sub, mul, neg, abs, maximum, copies, where,
// casts), 8 ULP after exp, and float sums within the bound of
// TestReduceMatchesCPU (1e-5 of the sum of absolute values).

func tt(x *tensor.Tensor) tensor.Operand { return tensor.TensorOperand(x) }

func sc(v float64) tensor.Operand { return tensor.ScalarOperand(tensor.FloatS(v)) }

func add(x, y tensor.Operand) *tensor.Tensor {
	return tensor.Add(x, y, tensor.IntS(1), tensor.Opts{})
}

func mul(x, y tensor.Operand) *tensor.Tensor {
	return tensor.Binary(tensor.OpMul, x, y, tensor.Opts{})
}

// pair is one tensor on the CPU and its copy on the device.
type pair struct{ c, g *tensor.Tensor }

func newPair(rng *rand.Rand, gdev tensor.Device, d tensor.DType, shape []int) pair {
	c := randView(rng, d, shape)
	return pair{c, tensor.OnDevice(c.Clone(), gdev)}
}

// both runs f on the CPU operands and on the device ones.
func both(f func(xs ...*tensor.Tensor) *tensor.Tensor, ps ...pair) pair {
	var cs, gs []*tensor.Tensor
	for _, p := range ps {
		cs, gs = append(cs, p.c), append(gs, p.g)
	}
	return pair{f(cs...), f(gs...)}
}

func checkPair(t *testing.T, what string, p pair, ulps uint64) {
	t.Helper()
	if p.g.Device().IsCPU() {
		t.Fatalf("%s: result on the CPU", what)
	}
	if err := sameValues(p.g, p.c, ulps); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// TestChainStaysOnDevice: ((x+y)*z).sum() uploads its three operands once
// and downloads nothing but the result's element when it is read.
func TestChainStaysOnDevice(t *testing.T) {
	gdev, _ := testDevice(t)
	rng := rand.New(rand.NewSource(1))
	x, y, z := newPair(rng, gdev, tensor.Float32, []int{1000}), newPair(rng, gdev, tensor.Float32, []int{1000}), newPair(rng, gdev, tensor.Float32, []int{1000})
	up, down := Transfers.Up.Load(), Transfers.Down.Load()
	s := both(func(v ...*tensor.Tensor) *tensor.Tensor {
		return tensor.Sum(mul(tt(add(tt(v[0]), tt(v[1]))), tt(v[2])), nil, false)
	}, x, y, z)
	if n := Transfers.Up.Load() - up; n != 3 {
		t.Errorf("uploads: %d, want 3 (one per operand)", n)
	}
	if n := Transfers.Down.Load() - down; n != 0 {
		t.Errorf("downloads before a read: %d, want 0", n)
	}
	// Again: the operands are on the device already.
	up = Transfers.Up.Load()
	both(func(v ...*tensor.Tensor) *tensor.Tensor { return add(tt(v[0]), tt(v[1])) }, x, y)
	if n := Transfers.Up.Load() - up; n != 0 {
		t.Errorf("uploads of resident operands: %d, want 0", n)
	}
	c, g := s.c.Item().Float(), s.g.Item().Float()
	var abs float64
	for i := 0; i < 1000; i++ {
		v := (x.c.At(i).Float() + y.c.At(i).Float()) * z.c.At(i).Float()
		if v == v && v < 1e30 && v > -1e30 {
			abs += max(v, -v)
		}
	}
	if !(c != c && g != g) && c != g && max(c-g, g-c) > 1e-5*abs {
		t.Errorf("((x+y)*z).sum(): %v, want %v", g, c)
	}
}

// TestInPlaceOnViews writes through views sharing one storage, on the
// device and on the host, in turn.
func TestInPlaceOnViews(t *testing.T) {
	gdev, dev := testDevice(t)
	rng := rand.New(rand.NewSource(2))
	for _, d := range testDTypes() {
		if d == tensor.Bool || (d == tensor.Float64 && !dev.FP64) {
			continue
		}
		base := newPair(rng, gdev, d, []int{4, 6})
		one := tensor.ScalarOperand(tensor.IntS(1))
		// A kernel into a row, then one into a column, both in place.
		for _, p := range []*tensor.Tensor{base.c, base.g} {
			tensor.Add(tt(p.Select(0, 1)), one, tensor.IntS(1), tensor.Opts{Inplace: true})
			tensor.Binary(tensor.OpMul, tt(p.Select(1, 2)), tt(p.Select(1, 3)), tensor.Opts{Inplace: true})
		}
		checkPair(t, "in-place kernels on views "+d.String(), base, 0)
		// A write on the host (index assignment) between kernels.
		for _, p := range []*tensor.Tensor{base.c, base.g} {
			tensor.Fill(p.Select(0, 2), one)
			tensor.Unary(tensor.OpNeg, p.Narrow(1, 1, 3), tensor.Opts{Inplace: true})
		}
		checkPair(t, "fill then kernel "+d.String(), base, 0)
		// A kernel, then a read of one element on the host, then a host
		// write of one element, then a kernel reading it.
		var read [2]tensor.Scalar
		for i, p := range []*tensor.Tensor{base.c, base.g} {
			tensor.Add(tt(p), tt(p.Select(0, 0).Clone()), tensor.IntS(1), tensor.Opts{Inplace: true})
			read[i] = p.At(3, 5)
			if i == 1 && read[1] != read[0] {
				t.Errorf("%v: read after a kernel: %v, want %v", d, read[1], read[0])
			}
			p.Storage().Set(p.Offset(), tensor.IntS(7))
			tensor.Unary(tensor.OpAbs, p, tensor.Opts{Inplace: true})
		}
		checkPair(t, "host write then kernel "+d.String(), base, 0)
	}
}

// TestMixedKernelAndFallback runs operations without a kernel (sort; cumsum
// where the device lacks fp64) between kernels.
func TestMixedKernelAndFallback(t *testing.T) {
	gdev, _ := testDevice(t)
	rng := rand.New(rand.NewSource(3))
	x, y := newPair(rng, gdev, tensor.Float32, []int{5, 7}), newPair(rng, gdev, tensor.Float32, []int{7})
	r := both(func(v ...*tensor.Tensor) *tensor.Tensor {
		a := tensor.Binary(tensor.OpMaximum, tt(v[0]), tt(v[1]), tensor.Opts{}) // kernel
		dev := v[0].Device()                                                    // the CPU's results go back to the device, as eval places them
		b := tensor.OnDevice(tensor.Cumsum(a, 1), dev)                          // CPU
		c := add(tt(b), tt(v[1]))                                               // kernel
		s, _ := tensor.Sort(c, 0, false, false)
		s = tensor.OnDevice(s, dev)                                          // CPU
		e := tensor.Unary(tensor.OpExp, mul(tt(s), sc(0.01)), tensor.Opts{}) // kernels
		tensor.Add(tt(e.Select(1, 0)), tt(b.Select(1, 6)), tensor.IntS(1), tensor.Opts{Inplace: true})
		return tensor.Where(tensor.Binary(tensor.OpGt, tt(e), sc(1), tensor.Opts{}), tt(e), tt(tensor.OnDevice(tensor.Cumsum(e, 0), dev)), tensor.Opts{})
	}, x, y)
	checkPair(t, "kernels and CPU operations", r, 8)
}

// TestDTypeViewsAndDevices: a view of another dtype shares the device
// copy; copies between a device, the CPU and back keep the values.
func TestDTypeViewsAndDevices(t *testing.T) {
	gdev, _ := testDevice(t)
	rng := rand.New(rand.NewSource(4))
	x := newPair(rng, gdev, tensor.Float32, []int{3, 4})
	r := both(func(v ...*tensor.Tensor) *tensor.Tensor {
		a := add(tt(v[0]), sc(1))
		bits := a.ViewDType(tensor.Int32)
		tensor.Binary(tensor.OpBitXor, tt(bits), tensor.ScalarOperand(tensor.IntS(1)), tensor.Opts{Inplace: true})
		return tensor.Unary(tensor.OpAbs, a, tensor.Opts{})
	}, x)
	checkPair(t, "view(int32) of a device result", r, 0)
	// To the CPU and back: a copy of the device's current elements.
	g := add(tt(x.g), sc(2))
	back := tensor.OnDevice(tensor.OnDevice(g, tensor.CPU).Clone(), gdev)
	tensor.Add(tt(g), sc(1), tensor.IntS(1), tensor.Opts{Inplace: true})
	checkPair(t, "a copy made before an in-place write", pair{add(tt(x.c), sc(2)), back}, 0)
	checkPair(t, "the tensor written in place", pair{add(tt(x.c), sc(3)), g}, 0)
	// A cast on the device, and a 0-d CPU operand.
	h := tensor.Binary(tensor.OpMul, tt(g.To(tensor.Int64)), tt(tensor.Scalar0(tensor.IntS(3), tensor.Int64)), tensor.Opts{})
	checkPair(t, "cast and 0-d CPU operand", pair{tensor.Binary(tensor.OpMul, tt(add(tt(x.c), sc(3)).To(tensor.Int64)), tensor.ScalarOperand(tensor.IntS(3)), tensor.Opts{}), h}, 0)
}

// TestDataMovementOnDevice: reshape of a transposed tensor, cat, stack,
// repeat and roll copy on the device (bit-exact), downloading nothing.
func TestDataMovementOnDevice(t *testing.T) {
	gdev, _ := testDevice(t)
	rng := rand.New(rand.NewSource(6))
	for _, d := range testDTypes() {
		x, y := newPair(rng, gdev, d, []int{3, 4}), newPair(rng, gdev, d, []int{3, 4})
		x.c = x.c.ContiguousClone() // a row-major x: x.T() is not a view of 12 elements
		x.g = tensor.OnDevice(x.c.ContiguousClone(), gdev)
		down := Transfers.Down.Load()
		for name, f := range map[string]func(v ...*tensor.Tensor) *tensor.Tensor{
			"reshape": func(v ...*tensor.Tensor) *tensor.Tensor { return v[0].T().Reshape([]int{12}) },
			"cat":     func(v ...*tensor.Tensor) *tensor.Tensor { return tensor.Cat([]*tensor.Tensor{v[0], v[1].T().T()}, 1) },
			"stack":   func(v ...*tensor.Tensor) *tensor.Tensor { return tensor.Stack([]*tensor.Tensor{v[0], v[1]}, 2) },
			"repeat":  func(v ...*tensor.Tensor) *tensor.Tensor { return tensor.Repeat(v[0].T(), []int{2, 1, 3}) },
			"roll":    func(v ...*tensor.Tensor) *tensor.Tensor { return tensor.Roll(v[0], []int{2}, []int{1}) },
		} {
			before := Launches.Load()
			r := both(f, x, y)
			if Launches.Load() == before || r.g.Device() != gdev {
				t.Fatalf("%s %v: no kernel ran (result on %v)", name, d, r.g.Device())
			}
			if n := Transfers.Down.Load() - down; n != 0 {
				t.Errorf("%s %v: %d downloads", name, d, n)
			}
			checkPair(t, name+" "+d.String(), r, 0)
			down = Transfers.Down.Load()
		}
	}
}

// TestMaskedFillOnDevice: masked_fill and masked_fill_ (a broadcast mask,
// a view written in place) as a where kernel, bit-exact.
func TestMaskedFillOnDevice(t *testing.T) {
	gdev, _ := testDevice(t)
	rng := rand.New(rand.NewSource(8))
	for _, d := range testDTypes() {
		x, m := newPair(rng, gdev, d, []int{3, 4}), newPair(rng, gdev, tensor.Bool, []int{4})
		v := tensor.ScalarOperand(tensor.IntS(1))
		before := Launches.Load()
		r := both(func(a ...*tensor.Tensor) *tensor.Tensor { return tensor.MaskedFill(a[0], a[1], v, tensor.Opts{}) }, x, m)
		both(func(a ...*tensor.Tensor) *tensor.Tensor {
			return tensor.MaskedFill(a[0].Select(0, 1), a[1], v, tensor.Opts{Inplace: true})
		}, x, m)
		if Launches.Load() == before || r.g.Device() != gdev {
			t.Fatalf("masked_fill %v: no kernel ran (result on %v)", d, r.g.Device())
		}
		checkPair(t, "masked_fill "+d.String(), r, 0)
		checkPair(t, "masked_fill_ "+d.String(), x, 0)
	}
}
