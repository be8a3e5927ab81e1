package tensor

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// vecTestInputs are float32 values for checking the vector kernels
// against their references: special values, every power of two and its
// neighbours, the edges of exp's range, a dense sweep of [-110, 110], and
// random bit patterns.
func vecTestInputs() []float32 {
	var xs []float32
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00000), math.Float32frombits(0x7f800001),
		math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
		88.72283, 88.72284, 88.7229, -87.33654, -87.3366, -103.9, -104, -104.00001, 100, 100.00001, 99.99,
		-88, -89, -100, -103.97, -150, 150}
	xs = append(xs, specials...)
	for e := -149; e <= 127; e++ {
		v := float32(math.Ldexp(1, e))
		for _, x := range []float32{v, -v} {
			xs = append(xs, x, math.Nextafter32(x, 0), math.Nextafter32(x, float32(math.Inf(1))))
		}
	}
	for x := float32(-110); x <= 110; x += 0.0137 {
		xs = append(xs, x)
	}
	r := rand.New(rand.NewSource(1))
	for range 200000 {
		xs = append(xs, math.Float32frombits(r.Uint32()))
		xs = append(xs, float32(r.NormFloat64()*30))
	}
	return xs
}

func sameBits32(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

func TestExpF32MatchesReference(t *testing.T) {
	xs := vecTestInputs()
	got := make([]float32, len(xs))
	for _, n := range []int{len(xs), 7, 8, 9, 23} {
		expF32(got[:n], xs[:n])
		for i := 0; i < n; i++ {
			if want := sleefExpf(xs[i]); !sameBits32(got[i], want) {
				t.Fatalf("exp(%g [%#x]) = %g [%#x], want %g [%#x] (useAVX2=%v)", xs[i], math.Float32bits(xs[i]),
					got[i], math.Float32bits(got[i]), want, math.Float32bits(want), useAVX2)
			}
		}
	}
	// In place.
	in := append([]float32{}, xs...)
	expF32(in, in)
	for i := range in {
		if !sameBits32(in[i], got[i]) {
			t.Fatalf("in-place exp differs at %d", i)
		}
	}
}

func TestSigmoidF32MatchesReference(t *testing.T) {
	xs := vecTestInputs()
	for _, n := range []int{len(xs), len(xs) - 5, 15, 16, 17, 40} {
		got := make([]float32, n)
		want := make([]float32, n)
		sigmoidF32(got, xs[:n])
		sigmoidRowPT(n, want, 1, xs[:n], 1)
		for i := range got {
			if !sameBits32(got[i], want[i]) {
				t.Fatalf("n=%d: sigmoid(%g) = %g [%#x], want %g [%#x]", n, xs[i], got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
			}
		}
	}
}

// TestVecKernelsPortable runs the vector-kernel tests with the AVX2
// kernels off, so that the portable path is covered on any machine.
func TestVecKernelsPortable(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels: the other tests already run the portable code")
	}
	useAVX2 = false
	defer func() { useAVX2 = true }()
	t.Run("exp", TestExpF32MatchesReference)
	t.Run("sigmoid", TestSigmoidF32MatchesReference)
	t.Run("normal", TestNormalBlocksMatchesReference)
	t.Run("binary", TestBinF32MatchesScalar)
	t.Run("sqrt", TestSqrtAndWidenF32)
	t.Run("extremum", TestExtremumMatchesSequentialFold)
	t.Run("where", TestWhereContiguous)
	t.Run("compare", TestCmpF32MatchesScalar)
	t.Run("logtanh", TestLogTanhF32MatchReference)
	t.Run("sleefgolden", TestSleefGolden)
	t.Run("pow", TestPowF32MatchesReference)
	t.Run("trig", TestTrigF32MatchesReference)
	t.Run("atan", TestAtanF32MatchesReference)
}

// TestExpF32Exhaustive compares the vector exp with its reference on every
// float32 (TENSH_EXHAUSTIVE=1; a few minutes).
func TestExpF32Exhaustive(t *testing.T) {
	if os.Getenv("TENSH_EXHAUSTIVE") == "" {
		t.Skip("set TENSH_EXHAUSTIVE=1 to run")
	}
	const block = 1 << 16
	xs := make([]float32, block)
	got := make([]float32, block)
	for hi := uint64(0); hi < 1<<32; hi += block {
		for i := range xs {
			xs[i] = math.Float32frombits(uint32(hi) + uint32(i))
		}
		expF32(got, xs)
		for i, x := range xs {
			if want := sleefExpf(x); !sameBits32(got[i], want) {
				t.Fatalf("exp(%g [%#x]) = %#x, want %#x", x, math.Float32bits(x), math.Float32bits(got[i]), math.Float32bits(want))
			}
		}
	}
}

// TestNormalBlocksMatchesReference checks the vector Box–Muller blocks
// against normal16Float32 on uniforms from the generator and on the edges
// of their range.
func TestNormalBlocksMatchesReference(t *testing.T) {
	g := NewGenerator(3)
	const n = 16 * 40000
	u := make([]float32, n)
	uniformFillFloat32(u, g, 0, 1)
	edges := []float32{0, 1 - 1.0/(1<<24), 0.5, 0.25, 0.75, 1.0 / (1 << 24), 0.125, 0.875, 0.0625, 0.3, 0.7, 0.99, 0.01, 0.4999, 0.5001, 0.2}
	for i, e := range edges {
		u[i], u[16+i] = e, e
		u[32+i], u[48+i] = 0.5, e
	}
	for _, ms := range [][2]float32{{0, 1}, {3, 0.5}} {
		got := append([]float32{}, u...)
		normalBlocksFloat32(got, ms[0], ms[1])
		want := append([]float32{}, u...)
		for b := 0; b < n; b += 16 {
			normal16Float32(want[b:b+16], ms[0], ms[1])
		}
		for i := range got {
			if !sameBits32(got[i], want[i]) {
				t.Fatalf("mean %g std %g: element %d (u %g) = %g, want %g", ms[0], ms[1], i, u[i], got[i], want[i])
			}
		}
	}
}

func TestBinF32MatchesScalar(t *testing.T) {
	xs := vecTestInputs()
	r := rand.New(rand.NewSource(5))
	ys := make([]float32, len(xs))
	for i := range ys {
		ys[i] = xs[r.Intn(len(xs))]
	}
	ref := func(op BinaryOp, x, y float32) float32 {
		switch op {
		case OpAdd:
			return x + y
		case OpSub:
			return x - y
		case OpMul:
			return x * y
		}
		return x / y
	}
	for _, op := range []BinaryOp{OpAdd, OpSub, OpMul, OpDiv} {
		for _, n := range []int{len(xs), 8, 13, 100} {
			for _, l := range [][2]int{{1, 1}, {1, 0}, {0, 1}} {
				o := make([]float32, n)
				if !binF32(op, o, xs, l[0], ys, l[1]) {
					if useAVX2 {
						t.Fatalf("op %d: no kernel", op)
					}
					continue
				}
				for i := range o {
					x, y := xs[i*l[0]], ys[i*l[1]]
					want := ref(op, x, y)
					if !sameBits32(o[i], want) && !(o[i] != o[i] && want != want) {
						t.Fatalf("op %d layout %v: %g op %g = %g, want %g", op, l, x, y, o[i], want)
					}
				}
			}
		}
	}
}

func TestSqrtAndWidenF32(t *testing.T) {
	xs := vecTestInputs()
	ng := make([]float32, len(xs))
	negF32(ng, xs)
	sq := make([]float32, len(xs))
	squareF32(sq, xs)
	for i, x := range xs {
		if !sameBits32(ng[i], -x) || !sameBits32(sq[i], x*x) && !(x != x && sq[i] != sq[i]) {
			t.Fatalf("-(%g) = %g, (%g)^2 = %g", x, ng[i], x, sq[i])
		}
	}
	o := make([]float32, len(xs))
	sqrtF32(o, xs)
	w := make([]float64, len(xs))
	widenF32(w, xs)
	for i, x := range xs {
		if want := float32(math.Sqrt(float64(x))); !sameBits32(o[i], want) && !(o[i] != o[i] && want != want) {
			t.Fatalf("sqrt(%g) = %g, want %g", x, o[i], want)
		}
		if want := float64(x); math.Float64bits(w[i]) != math.Float64bits(want) && !(x != x && w[i] != w[i]) {
			t.Fatalf("float64(%g) = %g", x, w[i])
		}
	}
}

func testWhere[T Elem](t *testing.T, gen func(i int) T) {
	r := rand.New(rand.NewSource(9))
	for _, n := range []int{0, 1, 7, 8, 9, 31, 1000} {
		c := make([]bool, n)
		x, y, o := make([]T, n), make([]T, n), make([]T, n)
		for i := range c {
			c[i] = r.Intn(2) == 1
			x[i], y[i] = gen(i), gen(i+n)
		}
		whereContiguous(o, c, x, y)
		for i := range o {
			want := y[i]
			if c[i] {
				want = x[i]
			}
			if o[i] != want && !(o[i] != o[i] && want != want) {
				t.Fatalf("%T n=%d i=%d: got %v, want %v", o[i], n, i, o[i], want)
			}
		}
	}
}

func TestWhereContiguous(t *testing.T) {
	testWhere(t, func(i int) bool { return i%3 == 0 })
	testWhere(t, func(i int) int8 { return int8(i) })
	testWhere(t, func(i int) Half { return Half(i * 7) })
	testWhere(t, func(i int) float32 { return float32(i) - 0.5 })
	testWhere(t, func(i int) int32 { return int32(-i) })
	testWhere(t, func(i int) float64 { return float64(i) * 1.5 })
	testWhere(t, func(i int) int64 { return int64(i) << 40 })
}

func TestCmpF32MatchesScalar(t *testing.T) {
	xs := vecTestInputs()
	r := rand.New(rand.NewSource(6))
	ys := make([]float32, len(xs))
	for i := range ys {
		if r.Intn(4) == 0 {
			ys[i] = xs[i] // equal values
		} else {
			ys[i] = xs[r.Intn(len(xs))]
		}
	}
	ref := func(op BinaryOp, x, y float32) bool {
		switch op {
		case OpEq:
			return x == y
		case OpNe:
			return x != y
		case OpLt:
			return x < y
		case OpLe:
			return x <= y
		case OpGt:
			return x > y
		}
		return x >= y
	}
	for op := OpEq; op <= OpGe; op++ {
		for _, n := range []int{len(xs), 8, 13} {
			for _, l := range [][2]int{{1, 1}, {1, 0}, {0, 1}} {
				o := make([]bool, n)
				if !cmpF32(op, o, xs, l[0], ys, l[1]) {
					if useAVX2 {
						t.Fatalf("op %d: no kernel", op)
					}
					continue
				}
				for i := range o {
					x, y := xs[i*l[0]], ys[i*l[1]]
					if want := ref(op, x, y); o[i] != want {
						t.Fatalf("op %d layout %v: %g vs %g = %v, want %v", op, l, x, y, o[i], want)
					}
				}
			}
		}
	}
}

func TestLogTanhF32MatchReference(t *testing.T) {
	xs := vecTestInputs()
	got := make([]float32, len(xs))
	for _, c := range []struct {
		name string
		vec  func(dst, src []float32)
		ref  func(float32) float32
	}{{"log", logF32, sleefLogf}, {"tanh", tanhF32, sleefTanhf}} {
		for _, n := range []int{len(xs), 9} {
			c.vec(got[:n], xs[:n])
			for i := 0; i < n; i++ {
				want := c.ref(xs[i])
				if !sameBits32(got[i], want) && !(got[i] != got[i] && want != want) {
					t.Fatalf("%s(%g [%#x]) = %g [%#x], want %g [%#x] (useAVX2=%v)", c.name, xs[i], math.Float32bits(xs[i]),
						got[i], math.Float32bits(got[i]), want, math.Float32bits(want), useAVX2)
				}
			}
		}
	}
}

func TestPowF32MatchesReference(t *testing.T) {
	xs := vecTestInputs()
	r := rand.New(rand.NewSource(8))
	ys := make([]float32, len(xs))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 2, 3, -3, 0.5, 2.5, 1 << 24, 1<<24 + 2,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e30, -1e30}
	for i := range ys {
		switch r.Intn(4) {
		case 0:
			ys[i] = special[r.Intn(len(special))]
		case 1:
			ys[i] = float32(math.Round(r.NormFloat64() * 5))
		default:
			ys[i] = float32(r.NormFloat64() * 3)
		}
	}
	n := len(xs) &^ 15
	check := func(layout string, got []float32, x func(i int) float32, y func(i int) float32) {
		for i := 0; i < n; i++ {
			want := sleefPowf(x(i), y(i))
			if !sameBits32(got[i], want) && !(got[i] != got[i] && want != want) {
				t.Fatalf("%s: pow(%g, %g) = %g [%#x], want %g [%#x] (useAVX2=%v)", layout, x(i), y(i),
					got[i], math.Float32bits(got[i]), want, math.Float32bits(want), useAVX2)
			}
		}
	}
	o := make([]float32, n)
	powRowF32(n, o, 1, xs, 1, ys, 1)
	check("vv", o, func(i int) float32 { return xs[i] }, func(i int) float32 { return ys[i] })
	for _, e := range []float32{2.5, -1.5, 0.3, 7} {
		powRowF32(n, o, 1, xs, 1, []float32{e}, 0)
		check("vs", o, func(i int) float32 { return xs[i] }, func(int) float32 { return e })
		powScalarRowF32(n, o, 1, xs, 1, float64(e))
		check("scalar", o, func(i int) float32 { return xs[i] }, func(int) float32 { return e })
		powRowF32(n, o, 1, []float32{e}, 0, ys, 1)
		check("sv", o, func(int) float32 { return e }, func(i int) float32 { return ys[i] })
	}
}

// trigTestInputs are float32 values for the sin/cos/tan kernels: mostly
// elements with |x| < 125 (the short reduction the kernels compute), with
// every power of two below 128 and its neighbours, neighbours of the
// multiples of pi/4, random magnitudes and bit patterns, and now and then
// a large, infinite or NaN element, so that some vectors of 8 take the long
// reduction, which the kernels leave to Go; then vecTestInputs.
func trigTestInputs() []float32 {
	r := rand.New(rand.NewSource(11))
	var xs []float32
	for e := -149; e <= 6; e++ {
		v := float32(math.Ldexp(1, e))
		for _, x := range []float32{v, -v} {
			xs = append(xs, x, math.Nextafter32(x, 0), math.Nextafter32(x, float32(math.Inf(1))))
		}
	}
	xs = append(xs, 0, float32(math.Copysign(0, -1)), 124.99999, -124.99999, 125, -125, 127, 64, -64)
	for k := -159; k <= 159; k++ {
		x := float32(float64(k) * math.Pi / 4)
		for i := -3; i <= 3; i++ {
			xs = append(xs, math.Float32frombits(uint32(int32(math.Float32bits(x))+int32(i))))
		}
	}
	large := []float32{125, -125, 1e4, -3e7, 1e30, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00000), math.MaxFloat32}
	for range 400000 {
		var x float32
		switch r.Intn(8) {
		case 0: // any bit pattern below 125
			x = math.Float32frombits(r.Uint32() % 0x42fa0000)
			if r.Intn(2) == 0 {
				x = -x
			}
		case 1: // small magnitudes
			x = float32(math.Ldexp(r.Float64(), -r.Intn(140)))
		default:
			x = float32((r.Float64()*2 - 1) * 125)
		}
		if r.Intn(40) == 0 {
			x = large[r.Intn(len(large))]
		}
		xs = append(xs, x)
	}
	return append(xs, vecTestInputs()...)
}

// TestTrigF32MatchesReference checks sinF32, cosF32 and tanF32 against
// trigRowF32 with the Go references, on rows starting at several offsets
// (vectors of 8 count from a row's start), of several lengths, in place.
func TestTrigF32MatchesReference(t *testing.T) {
	xs := trigTestInputs()
	for _, c := range []struct {
		name string
		vec  func(dst, src []float32)
		ref  func(float32, bool) float32
	}{{"sin", sinF32, sleefSinfW}, {"cos", cosF32, sleefCosfW}, {"tan", tanF32, sleefTanfW}} {
		checkRowsF32(t, c.name, xs, rowOffsets32(len(xs)), c.vec, func(dst, src []float32) { trigRowF32(dst, src, c.ref) })
	}
}

// TestTrigF32Exhaustive compares sinF32, cosF32 and tanF32 with
// trigRowF32 on every float32 with |x| < 125, the vectors the AVX2 kernels
// compute (TENSH_EXHAUSTIVE=1; minutes per core; TENSH_EXHAUSTIVE_STRIDE=k
// checks every k-th block of 2^16 only).
func TestTrigF32Exhaustive(t *testing.T) {
	if os.Getenv("TENSH_EXHAUSTIVE") == "" {
		t.Skip("set TENSH_EXHAUSTIVE=1 to run")
	}
	stride := 1
	if s := os.Getenv("TENSH_EXHAUSTIVE_STRIDE"); s != "" {
		fmt.Sscan(s, &stride)
	}
	const block, end = 1 << 16, 0x42fa0000 // end: 125's bits
	var blocks []uint32
	for b := 0; b*block < end; b += stride {
		blocks = append(blocks, uint32(b*block), uint32(b*block)|0x80000000)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs, got, want := make([]float32, block), make([]float32, block), make([]float32, block)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(blocks) || t.Failed() {
					return
				}
				for j := range xs {
					xs[j] = math.Float32frombits(blocks[i] + uint32(j))
				}
				for _, c := range []struct {
					name string
					vec  func(dst, src []float32)
					ref  func(float32, bool) float32
				}{{"sin", sinF32, sleefSinfW}, {"cos", cosF32, sleefCosfW}, {"tan", tanF32, sleefTanfW}} {
					c.vec(got, xs)
					trigRowF32(want, xs, c.ref)
					for j := range got {
						if !sameBits32(got[j], want[j]) {
							t.Errorf("%s(%g [%#x]) = %#x, want %#x", c.name, xs[j], math.Float32bits(xs[j]), math.Float32bits(got[j]), math.Float32bits(want[j]))
							return
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}

// rowOffsets32 are the (offset, length) rows the kernel-vs-reference
// tests cut from their inputs: whole, shifted, short tails, odd lengths.
func rowOffsets32(n int, extra ...[2]int) [][2]int {
	rows := [][2]int{{0, n}, {3, n - 3}}
	rows = append(rows, extra...)
	return append(rows, [2]int{0, 7}, [2]int{1, 8}, [2]int{3, 9}, [2]int{7, 16}, [2]int{1, 23}, [2]int{7, 1001}, [2]int{5, 4099})
}

// checkRowsF32 runs vec on every row of xs that rows names, out of place
// and in place, and fails at the first element whose bits differ from
// ref's (ref writes the expected row).
func checkRowsF32(t *testing.T, name string, xs []float32, rows [][2]int, vec, ref func(dst, src []float32)) {
	t.Helper()
	want := make([]float32, len(xs))
	got := make([]float32, len(xs))
	for _, on := range rows {
		off, n := on[0], on[1]
		src := xs[off : off+n]
		ref(want[:n], src)
		vec(got[:n], src)
		in := append([]float32{}, src...)
		vec(in, in)
		for i := 0; i < n; i++ {
			if !sameBits32(got[i], want[i]) || !sameBits32(in[i], want[i]) {
				t.Fatalf("%s: offset %d, n %d: element %d (%g [%#x]) = %#x (in place %#x), want %#x (useAVX2=%v)",
					name, off, n, i, src[i], math.Float32bits(src[i]), math.Float32bits(got[i]),
					math.Float32bits(in[i]), math.Float32bits(want[i]), useAVX2)
			}
		}
	}
}
