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

// atanTestFuncs are the row functions with AVX2 kernels for atan, asin and
// acos, with their Go references.
var atanTestFuncs = []struct {
	name string
	vec  func(dst, src []float32)
	ref  func(float32) float32
}{{"atan", atanF32, sleefAtanf}, {"asin", asinF32, sleefAsinf}, {"acos", acosF32, sleefAcosf}}

// atanTestInputs: first a run of floats in [-1, 1] (the vectors of 8
// that every kernel computes): powers of two and their neighbours, the
// floats nearest ±1 and ±0.5 (where asin and acos switch branches),
// random bit patterns and magnitudes; inDomain is its length. Then
// specials, powers of two above 1, random bit patterns and magnitudes of
// any size, with NaNs and infinities sprinkled in.
func atanTestInputs() (xs []float32, inDomain int) {
	r := rand.New(rand.NewSource(13))
	for e := -149; e <= 0; e++ {
		v := float32(math.Ldexp(1, e))
		for _, x := range []float32{v, -v} {
			xs = append(xs, x, math.Nextafter32(x, 0))
			if e < 0 {
				xs = append(xs, math.Nextafter32(x, 2*x))
			}
		}
	}
	xs = append(xs, 0, float32(math.Copysign(0, -1)))
	for _, c := range []float32{1, -1, 0.5, -0.5} {
		b := int32(math.Float32bits(c))
		for i := int32(-1000); i <= 1000; i++ {
			if x := math.Float32frombits(uint32(b + i)); math.Abs(float64(x)) <= 1 {
				xs = append(xs, x)
			}
		}
	}
	sign := func(x float32) float32 {
		if r.Intn(2) == 0 {
			return -x
		}
		return x
	}
	for range 200000 {
		switch r.Intn(3) {
		case 0: // any bit pattern up to 1 in magnitude
			xs = append(xs, sign(math.Float32frombits(r.Uint32()%0x3f800001)))
		case 1: // small magnitudes
			xs = append(xs, sign(float32(math.Ldexp(r.Float64(), -r.Intn(150)))))
		default:
			xs = append(xs, float32(r.Float64()*2-1))
		}
	}
	for len(xs)%8 != 0 {
		xs = append(xs, 0.25)
	}
	inDomain = len(xs)
	inf := float32(math.Inf(1))
	xs = append(xs, inf, -inf, float32(math.NaN()),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00000), math.Float32frombits(0x7f800001),
		math.MaxFloat32, -math.MaxFloat32)
	for e := 1; e <= 127; e++ {
		v := float32(math.Ldexp(1, e))
		for _, x := range []float32{v, -v} {
			xs = append(xs, x, math.Nextafter32(x, 0), math.Nextafter32(x, 2*x))
		}
	}
	odd := []float32{inf, -inf, float32(math.NaN()), 1.5, -2, 1e30, math.Float32frombits(0xffc00123)}
	for range 200000 {
		var x float32
		switch r.Intn(4) {
		case 0: // any bit pattern
			x = math.Float32frombits(r.Uint32())
		case 1: // large magnitudes
			x = sign(float32(math.Ldexp(r.Float64(), r.Intn(128))))
		default:
			x = sign(float32(r.Float64() * 4))
		}
		if r.Intn(100) == 0 {
			x = odd[r.Intn(len(odd))]
		}
		xs = append(xs, x)
	}
	return xs, inDomain
}

// TestAtanF32MatchesReference checks atanF32, asinF32 and acosF32 against
// their Go references element by element, on rows starting at several
// offsets, of several lengths, in place.
func TestAtanF32MatchesReference(t *testing.T) {
	xs, inDomain := atanTestInputs()
	got := make([]float32, len(xs))
	if useAVX2 {
		// The kernels take every vector of 8 in [-1, 1], and atan's every
		// vector of 8 without a NaN.
		noNaN := append([]float32{}, xs[:inDomain]...)
		for _, x := range xs[inDomain:] {
			if x == x {
				noNaN = append(noNaN, x)
			}
		}
		noNaN = noNaN[:len(noNaN)&^7]
		for _, c := range []struct {
			name string
			kern func(dst, src *float32, n int) int
			src  []float32
		}{{"atan", atanf32AVX2, noNaN}, {"asin", asinf32AVX2, xs[:inDomain]}, {"acos", acosf32AVX2, xs[:inDomain]}} {
			if k := c.kern(&got[0], &c.src[0], len(c.src)); k != len(c.src) {
				t.Fatalf("%s kernel stopped at %d of %d (%g)", c.name, k, len(c.src), c.src[k:k+8])
			}
		}
	}
	for _, c := range atanTestFuncs {
		checkRowsF32(t, c.name, xs, rowOffsets32(len(xs), [2]int{inDomain - 1003, 4013}), c.vec, func(dst, src []float32) { mapElemF32(dst, src, c.ref) })
	}
}

// TestAtanF32Exhaustive compares atanF32, asinF32 and acosF32 with their
// references on every float32 (TENSH_EXHAUSTIVE=1; minutes per core;
// TENSH_EXHAUSTIVE_STRIDE=k checks every k-th block of 2^16 only).
func TestAtanF32Exhaustive(t *testing.T) {
	if os.Getenv("TENSH_EXHAUSTIVE") == "" {
		t.Skip("set TENSH_EXHAUSTIVE=1 to run")
	}
	stride := 1
	if s := os.Getenv("TENSH_EXHAUSTIVE_STRIDE"); s != "" {
		fmt.Sscan(s, &stride)
	}
	const block = 1 << 16
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs, got, want := make([]float32, block), make([]float32, block), make([]float32, block)
			for {
				b := (next.Add(1) - 1) * int64(stride)
				if b*block >= 1<<32 || t.Failed() {
					return
				}
				for j := range xs {
					xs[j] = math.Float32frombits(uint32(b*block) + uint32(j))
				}
				for _, c := range atanTestFuncs {
					c.vec(got, xs)
					mapElemF32(want, xs, c.ref)
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

func BenchmarkAsinContiguous2p22Float32(b *testing.B) { benchUnary(b, OpAsin, 1<<22) }
func BenchmarkAcosContiguous2p22Float32(b *testing.B) { benchUnary(b, OpAcos, 1<<22) }
