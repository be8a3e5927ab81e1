package tensor

import (
	"bytes"
	"math"
	"testing"
)

// TestMT19937Reference: the engine is the standard mt19937 (the C++
// standard requires the 10000th output of a default-seeded std::mt19937
// to be 4123659995).
func TestMT19937Reference(t *testing.T) {
	g := NewGenerator(5489)
	var v uint32
	for i := 0; i < 10000; i++ {
		v = g.Random()
	}
	if v != 4123659995 {
		t.Errorf("10000th draw = %d, want 4123659995", v)
	}
}

// TestSeedTruncation: PyTorch keeps the 64-bit seed but seeds the engine
// with its low 32 bits.
func TestSeedTruncation(t *testing.T) {
	a, b := NewGenerator(7), NewGenerator(7+1<<32)
	for i := 0; i < 1000; i++ {
		if a.Random() != b.Random() {
			t.Fatal("seeds equal modulo 2^32 give different streams")
		}
	}
	if b.InitialSeed() != 7+1<<32 {
		t.Errorf("initial seed %d", b.InitialSeed())
	}
}

func TestRandom64(t *testing.T) {
	a, b := NewGenerator(3), NewGenerator(3)
	for i := 0; i < 100; i++ {
		hi, lo := a.Random(), a.Random()
		if got := b.Random64(); got != uint64(hi)<<32|uint64(lo) {
			t.Fatalf("Random64 = %#x, want %#x", got, uint64(hi)<<32|uint64(lo))
		}
	}
}

// TestReseedReplays: manual seeding drops the cached normal sample and
// replays the stream.
func TestReseedReplays(t *testing.T) {
	g := NewGenerator(0)
	first := Slice[float32](Randn([]int{3}, Float32, g).Storage())
	Rand([]int{5}, Float64, g)
	g.ManualSeed(0)
	again := Slice[float32](Randn([]int{3}, Float32, g).Storage())
	for i := range first {
		if first[i] != again[i] {
			t.Fatalf("reseeded randn differs at %d: %v vs %v", i, first[i], again[i])
		}
	}
}

// TestStateRoundTrip: State and SetState carry the engine and both
// normal caches.
func TestStateRoundTrip(t *testing.T) {
	g := NewGenerator(11)
	Randn([]int{1}, Float64, g) // leaves a cached double sample
	g.nextFloat, g.nextFloatValid = 1.5, true
	st := g.State()
	if len(st) != 5056 {
		t.Fatalf("state has %d bytes", len(st))
	}
	want := Slice[float64](Randn([]int{7}, Float64, g).Storage())
	h := NewGenerator(0)
	h.SetState(st)
	if !bytes.Equal(h.State(), st) {
		t.Fatal("state does not round-trip")
	}
	got := Slice[float64](Randn([]int{7}, Float64, h).Storage())
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("restored generator differs at %d", i)
		}
	}
	// The legacy 5048-byte state has no float cache.
	h.SetState(st[:5048])
	if h.nextFloatValid || !h.nextDoubleValid {
		t.Error("legacy state restored the wrong caches")
	}
}

func TestSetStateErrors(t *testing.T) {
	g := NewGenerator(1)
	expectError(t, "Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size 5056 but found the input RNG state size to be 10", func() {
		g.SetState(make([]byte, 10))
	})
	expectError(t, "Invalid mt19937 state", func() { g.SetState(make([]byte, 5056)) })
}

func expectError(t *testing.T, msg string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		e, ok := r.(*Error)
		if !ok || e.Msg != msg {
			t.Errorf("got %v, want error %q", r, msg)
		}
	}()
	f()
}

// TestNoDrawsForEmptyTensors: like PyTorch, filling nothing draws nothing.
func TestNoDrawsForEmptyTensors(t *testing.T) {
	g := NewGenerator(4)
	before := g.State()
	Rand([]int{0}, Float32, g)
	Randn([]int{2, 0}, Float64, g)
	Randint(0, 10, []int{0}, Int64, g, nil)
	Randperm(0, Int64, g)
	Randperm(1, Int64, g)
	Empty([]int{0}, Float32).Normal_(0, 1, g)
	if !bytes.Equal(before, g.State()) {
		t.Error("an empty fill drew from the generator")
	}
}

// TestRandomErrors: PyTorch's messages for bad bounds and dtypes.
func TestRandomErrors(t *testing.T) {
	g := NewGenerator(0)
	cases := []struct {
		msg string
		f   func()
	}{
		{`"check_uniform_bounds" not implemented for 'Long'`, func() { Rand([]int{2}, Int64, g) }},
		{`"normal_kernel_cpu" not implemented for 'Int'`, func() { Randn([]int{2}, Int32, g) }},
		{"uniform_ expects to return a [from, to) range, but found from=2 > to=1", func() { Empty([]int{2}, Float32).Uniform_(2, 1, g) }},
		{"uniform_ expects to return a [from, to) range, but found from=0.5 > to=1e-05", func() { Empty([]int{2}, Float32).Uniform_(0.5, 1e-5, g) }},
		{"to is out of bounds for float", func() { Empty([]int{2}, Float32).Uniform_(0, math.Inf(1), g) }},
		{"from is out of bounds for c10::Half", func() { Empty([]int{2}, Float16).Uniform_(-1e5, 0, g) }},
		{"uniform_ expects to-from <= std::numeric_limits<Half>::max(), but found to=60000 and from=-60000 which result in to-from to exceed the limit", func() { Empty([]int{2}, Float16).Uniform_(-6e4, 6e4, g) }},
		{"normal expects std >= 0.0, but found std -1", func() { Empty([]int{2}, Float32).Normal_(0, -1, g) }},
		{"normal expects std >= 0.0, but found std nan", func() { Empty([]int{2}, Float32).Normal_(0, math.NaN(), g) }},
		{"random_ expects 'from' to be less than 'to', but got from=5 >= to=5", func() { Randint(5, 5, []int{3}, Int64, g, nil) }},
		{"to - 1 is out of bounds for unsigned char", func() { Randint(0, 300, []int{3}, Uint8, g, nil) }},
		{"from is out of bounds for signed char", func() { Randint(-200, 3, []int{3}, Int8, g, nil) }},
		{"to - 1 is out of bounds for bool", func() { Randint(0, 3, []int{3}, Bool, g, nil) }},
		{"random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=-3001 >= to=-3002", func() {
			to := int64(-3000)
			Empty([]int{2}, Float16).RandomFromTo_(-3001, &to, g, nil)
		}},
		{"n cannot be greater than 2049 for Half type.", func() { Randperm(3000, Float16, g) }},
		{"n cannot be greater than 2^24+1 for Float type.", func() { Randperm(1<<24+2, Float32, g) }},
		{`"randperm" not implemented for 'Bool'`, func() { Randperm(5, Bool, g) }},
		{"value cannot be converted to type int8_t without overflow", func() { Randperm(300, Int8, g) }},
		{"Trying to create tensor with negative dimension -1: [-1]", func() { Randperm(-1, Int64, g) }},
		{"unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.", func() {
			FromStorage(NewStorage(Float32, 1), 0, []int{3}, []int{0}).Uniform_(0, 1, g)
		}},
	}
	for _, c := range cases {
		expectError(t, c.msg, c.f)
	}
}

// TestRandomWarnings: floating dtypes warn beyond their exact integers.
func TestRandomWarnings(t *testing.T) {
	var got []string
	Randint(-1<<40, 1<<40, []int{2}, Float32, NewGenerator(0), func(m string) { got = append(got, m) })
	if len(got) != 2 || got[0][:47] != "from is out of bounds [-(2^24), 2^24]. Due to p" || got[1][:50] != "to - 1 is out of bounds [-(2^24), 2^24]. Due to pr" {
		t.Errorf("warnings %q", got)
	}
}

// TestNullaryLayout: a permuted or strided output is filled in memory
// order, as TensorIterator walks it.
func TestNullaryLayout(t *testing.T) {
	x := FromStorage(NewStorage(Float32, 6), 0, []int{3, 2}, []int{1, 3}) // zeros(2,3).t()
	shape, strides := nullaryLayout(x)
	if shape[0] != 2 || shape[1] != 3 || strides[0] != 3 || strides[1] != 1 {
		t.Errorf("layout %v %v", shape, strides)
	}
	g := NewGenerator(0)
	x.Uniform_(0, 1, g)
	g.ManualSeed(0)
	y := Rand([]int{6}, Float32, g)
	if !equalFloat32(Slice[float32](x.Storage()), Slice[float32](y.Storage())) {
		t.Error("transposed fill is not in memory order")
	}
}

func equalFloat32(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}
