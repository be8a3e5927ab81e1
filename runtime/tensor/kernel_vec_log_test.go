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

// logVecCase is a vectorised float32 row function and its Go reference.
type logVecCase struct {
	name     string
	vec, ref func(dst, src []float32)
}

func logVecCases() []logVecCase {
	elem := func(f func(float32) float32) func(dst, src []float32) {
		return func(dst, src []float32) { mapElemF32(dst[:len(src)], src, f) }
	}
	hyp := func(kern func(dst, src *float32, n int), vec, scalar func(float32) float32) func(dst, src []float32) {
		return func(dst, src []float32) { sinhCoshVecRowF32(len(src), dst, 1, src, 1, kern, vec, scalar) }
	}
	hypRef := func(vec, scalar func(float32) float32) func(dst, src []float32) {
		return func(dst, src []float32) { sinhCoshRowF32(len(src), dst, 1, src, 1, vec, scalar) }
	}
	return []logVecCase{
		{"log2", log2VecF32, elem(sleefLog2f)},
		{"log10", log10VecF32, elem(sleefLog10f)},
		{"log1p", log1pVecF32, elem(sleefLog1pf)},
		{"expm1", expm1VecF32, elem(sleefExpm1f)},
		{"sinh", hyp(sinhf32AVX2, sleefSinhf, glibcSinhf), hypRef(sleefSinhf, glibcSinhf)},
		{"cosh", hyp(coshf32AVX2, sleefCoshf, glibcCoshf), hypRef(sleefCoshf, glibcCoshf)},
	}
}

// logVecTestInputs adds to vecTestInputs the neighbourhoods of 1 and -1
// (log1p's pole and the logs' zero), the thresholds of expm1, sinh and
// cosh, and random values of every magnitude and sign.
func logVecTestInputs() []float32 {
	xs := vecTestInputs()
	for _, c := range []float32{1, -1, 0.75, 1.5, -0.25, 0.5, 2, 88.72283172607421875, -16.635532333438687, 89, -89, -104, 104, 1e38, -1e38, 8.664339742} {
		for i := int32(-40); i <= 40; i++ {
			xs = append(xs, math.Float32frombits(uint32(int32(math.Float32bits(c))+i)))
		}
	}
	r := rand.New(rand.NewSource(17))
	for range 100000 {
		x := float32(math.Ldexp(r.Float64(), 40-r.Intn(190)))
		if r.Intn(2) == 0 {
			x = -x
		}
		xs = append(xs, x, 1+x*0x1p-10, -1+x*0x1p-20)
	}
	return xs
}

// TestLogVecF32MatchesReference checks the float32 log2, log10, log1p,
// expm1 rows and the sinh, cosh blocks against their Go references on
// rows starting at several offsets (vectors of 8 count from a row's
// start), of several lengths, and in place.
func TestLogVecF32MatchesReference(t *testing.T) {
	xs := logVecTestInputs()
	for _, c := range logVecCases() {
		checkRowsF32(t, c.name, xs, rowOffsets32(len(xs)), c.vec, c.ref)
	}
}

// TestLogVecF32Portable runs TestLogVecF32MatchesReference with the AVX2
// kernels off.
func TestLogVecF32Portable(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels: the other tests already run the portable code")
	}
	useAVX2 = false
	defer func() { useAVX2 = true }()
	TestLogVecF32MatchesReference(t)
}

// TestLogVecF32Exhaustive compares the rows of TestLogVecF32MatchesReference
// with their references on every float32 (TENSH_EXHAUSTIVE=1; minutes per
// core; TENSH_EXHAUSTIVE_STRIDE=k checks every k-th block of 2^16 only).
func TestLogVecF32Exhaustive(t *testing.T) {
	if os.Getenv("TENSH_EXHAUSTIVE") == "" {
		t.Skip("set TENSH_EXHAUSTIVE=1 to run")
	}
	stride := 1
	if s := os.Getenv("TENSH_EXHAUSTIVE_STRIDE"); s != "" {
		fmt.Sscan(s, &stride)
	}
	const block = 1 << 16
	var blocks []uint32
	for b := 0; b*block < 1<<32; b += stride {
		blocks = append(blocks, uint32(b*block))
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
				for _, c := range logVecCases() {
					c.vec(got, xs)
					c.ref(want, xs)
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
