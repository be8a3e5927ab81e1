package linalg

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// MatrixExp is torch.linalg.matrix_exp: exp(A) of each square matrix, by
// scaling and squaring with the degree-13 Padé approximant (Higham 2005),
// in float64.
func MatrixExp(t *tensor.Tensor) *tensor.Tensor {
	b := matrices("linalg.matrix_exp", t, true)
	n := b.rows
	for i, a := range b.mats {
		if n == 0 {
			break
		}
		b.mats[i] = expm(a, n)
	}
	return b.out(b.mats, []int{n, n}, b.dtype)
}

var pade13 = [14]float64{64764752532480000, 32382376266240000, 7771770303897600, 1187353796428800,
	129060195264000, 10559470521600, 670442572800, 33522128640, 1323241920, 40840800, 960960, 16380, 182, 1}

func mmul(a, b []float64, n int) []float64 {
	c := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			aik := a[i*n+k]
			if aik == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				c[i*n+j] += aik * b[k*n+j]
			}
		}
	}
	return c
}

// lincomb is Σ c_i M_i (+ c0 I).
func lincomb(n int, c0 float64, cs []float64, ms ...[]float64) []float64 {
	r := make([]float64, n*n)
	for i := 0; i < n; i++ {
		r[i*n+i] = c0
	}
	for k, m := range ms {
		for i := range r {
			r[i] += cs[k] * m[i]
		}
	}
	return r
}

func expm(a []float64, n int) []float64 {
	norm := 0.0
	for j := 0; j < n; j++ {
		s := 0.0
		for i := 0; i < n; i++ {
			s += math.Abs(a[i*n+j])
		}
		norm = math.Max(norm, s)
	}
	if math.IsNaN(norm) || math.IsInf(norm, 0) {
		r := make([]float64, n*n)
		for i := range r {
			r[i] = math.NaN()
		}
		return r
	}
	s := 0
	if norm > 5.371920351148152 {
		s = int(math.Ceil(math.Log2(norm / 5.371920351148152)))
	}
	A := make([]float64, n*n)
	sc := math.Ldexp(1, -s)
	for i := range A {
		A[i] = a[i] * sc
	}
	p := pade13
	A2 := mmul(A, A, n)
	A4 := mmul(A2, A2, n)
	A6 := mmul(A4, A2, n)
	u1 := lincomb(n, 0, []float64{p[13], p[11], p[9]}, A6, A4, A2)
	u2 := lincomb(n, p[1], []float64{p[7], p[5], p[3]}, A6, A4, A2)
	U := mmul(A, addm(mmul(A6, u1, n), u2), n)
	v1 := lincomb(n, 0, []float64{p[12], p[10], p[8]}, A6, A4, A2)
	v2 := lincomb(n, p[0], []float64{p[6], p[4], p[2]}, A6, A4, A2)
	V := addm(mmul(A6, v1, n), v2)
	P := make([]float64, n*n) // V + U
	Q := make([]float64, n*n) // V - U
	for i := range P {
		P[i] = V[i] + U[i]
		Q[i] = V[i] - U[i]
	}
	ipiv := make([]int, n)
	lapackImpl.Dgetrf(n, n, Q, n, ipiv)
	lapackImpl.Dgetrs('N', n, n, Q, n, ipiv, P, n)
	for k := 0; k < s; k++ {
		P = mmul(P, P, n)
	}
	return P
}

func addm(a, b []float64) []float64 {
	for i := range a {
		a[i] += b[i]
	}
	return a
}
