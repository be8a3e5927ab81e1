package tensor

import (
	"math"
	"unsafe"
)

// Single-precision elementary functions as PyTorch 1.13 computes them on
// x86 CPUs: its vectorised kernels call SLEEF's u10 functions (AVX2, with
// fused multiply-adds), which are not always correctly rounded. These
// ports reproduce them bit for bit, so that float32 results and their
// printed digits match PyTorch's.

// fmaf (random_avxmath.go) is a single-precision fused multiply-add.

// rintf rounds to the nearest integer, ties to even (cvtps2dq).
func rintf(x float32) int32 {
	return int32(math.RoundToEven(float64(x)))
}

// ldexpf is x * 2^q for the range SLEEF's expf needs.
func ldexpf(x float32, q int32) float32 {
	return float32(math.Ldexp(float64(x), int(q)))
}

// sleefExpf is SLEEF's xexpf (expf_u10).
func sleefExpf(d float32) float32 {
	const (
		rLn2f = 1.442695040888963407359924681001892137426645954152985934135449406931
		l2Uf  = 0.693145751953125
		l2Lf  = 1.428606765330187045e-06
	)
	if d != d {
		return d
	}
	q := rintf(d * rLn2f)
	qf := float32(q)
	s := fmaf(qf, -l2Uf, d)
	s = fmaf(qf, -l2Lf, s)
	u := float32(0.000198527617612853646278381)
	u = fmaf(u, s, 0.00139304355252534151077271)
	u = fmaf(u, s, 0.00833336077630519866943359)
	u = fmaf(u, s, 0.0416664853692054748535156)
	u = fmaf(u, s, 0.166666671633720397949219)
	u = fmaf(u, s, 0.5)
	u = 1 + fmaf(s*s, u, s)
	u = ldexpf(u, q)
	if d < -104 {
		u = 0
	}
	if d > 100 {
		u = float32(math.Inf(1))
	}
	return u
}

// vecBlock is the number of elements PyTorch's cpu_kernel_vec handles per
// vectorised step (two AVX2 vectors of float32); a contiguous row's last
// n % vecBlock elements, and every element of a strided row, take the
// scalar path instead.
const vecBlock = 16

// sigmoidRowPT is sigmoid over a row as PyTorch 1.13 computes it for
// float32: 1/(1+exp(-x)) with SLEEF's exp in the vectorised blocks and
// the C library's (correctly rounded, as Go's float64 exp rounded to
// float32 is) elsewhere; each step is rounded to float32.
func sigmoidRowPT[T floatNum](n int, o []T, os int, a []T, as int) {
	vec := 0
	if unsafe.Sizeof(o[0]) == 4 && os == 1 && (as == 1 || as == 0) {
		vec = n - n%vecBlock
	}
	for i := 0; i < vec; i++ {
		e := T(sleefExpf(-float32(a[i*as])))
		o[i] = 1 / (1 + e)
	}
	for i := vec; i < n; i++ {
		e := T(math.Exp(-float64(a[i*as])))
		o[i*os] = 1 / (1 + e)
	}
}
