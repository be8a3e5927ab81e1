package linalg

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// refGemm is the reference BLAS's loop: every element a running sum in
// increasing order of the contracted index, each product and sum rounded.
func refGemm[T float32 | float64](m, n, k int, a []T, av matView, b []T, bv matView) []T {
	c := make([]T, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var acc T
			for l := 0; l < k; l++ {
				acc = acc + T(a[av.off+i*av.rs+l*av.cs]*b[bv.off+l*bv.rs+j*bv.cs])
			}
			c[i*n+j] = acc
		}
	}
	return c
}

func randSpecial[T float32 | float64](rng *rand.Rand, n int) []T {
	x := make([]T, n)
	for i := range x {
		switch rng.Intn(40) {
		case 0:
			x[i] = 0
		case 1:
			x[i] = T(math.Copysign(0, -1))
		case 2:
			x[i] = T(math.Inf(1))
		case 3:
			x[i] = T(math.NaN())
		case 4:
			x[i] = T(1e-40) // subnormal in float32
		default:
			x[i] = T(rng.NormFloat64() * 3)
		}
	}
	return x
}

func sameBits[T float32 | float64](x, y T) bool {
	if x != x && y != y {
		return true
	}
	switch v := any(x).(type) {
	case float32:
		return math.Float32bits(v) == math.Float32bits(any(y).(float32))
	default:
		return math.Float64bits(any(x).(float64)) == math.Float64bits(any(y).(float64))
	}
}

func checkBlocked[T float32 | float64](t *testing.T, rng *rand.Rand, m, n, k int, transA, transB bool) {
	t.Helper()
	a := randSpecial[T](rng, m*k+3)
	b := randSpecial[T](rng, k*n+2)
	av := matView{3, k, 1}
	if transA {
		av = matView{3, 1, m}
	}
	bv := matView{2, n, 1}
	if transB {
		bv = matView{2, 1, k}
	}
	want := refGemm(m, n, k, a, av, b, bv)
	ldc := n + 5
	c := make([]T, 7+m*ldc)
	for i := range c {
		c[i] = T(math.NaN()) // gemmBlocked must not read c's old values
	}
	gemmBlocked(m, n, k, a, av, b, bv, c, 7, ldc)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			if got := c[7+i*ldc+j]; !sameBits(got, want[i*n+j]) {
				t.Fatalf("%T %dx%dx%d (%v,%v) [%d,%d]: got %v, want %v", got, m, n, k, transA, transB, i, j, got, want[i*n+j])
			}
		}
	}
}

// TestGemmBlockedBitExact checks the register-tiled GEMM against the
// reference loop, bit for bit, on edge sizes, strided operands and
// special values, for float32 and float64.
func TestGemmBlockedBitExact(t *testing.T) {
	if !haveGemmKernels() {
		t.Skip("no AVX2 GEMM kernels here")
	}
	rng := rand.New(rand.NewSource(5))
	sizes := [][3]int{{6, 16, 4}, {7, 17, 300}, {13, 8, 257}, {96, 33, 513}, {100, 50, 9}, {200, 40, 260}}
	for _, s := range sizes {
		for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}} {
			checkBlocked[float32](t, rng, s[0], s[1], s[2], tr[0], tr[1])
			checkBlocked[float64](t, rng, s[0], s[1], s[2], tr[0], tr[1])
		}
	}
}

func benchMatmul(b *testing.B, n int, d tensor.DType) {
	g := tensor.NewGenerator(1)
	x := tensor.Rand([]int{n, n}, tensor.Float32, g).To(d)
	y := tensor.Rand([]int{n, n}, tensor.Float32, g).To(d)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Matmul(x, y)
	}
	b.ReportMetric(2*float64(n)*float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

func BenchmarkMatmul1024Float32(b *testing.B) { benchMatmul(b, 1024, tensor.Float32) }
func BenchmarkMatmul1024Float64(b *testing.B) { benchMatmul(b, 1024, tensor.Float64) }
func BenchmarkMatmul256Float32(b *testing.B)  { benchMatmul(b, 256, tensor.Float32) }
