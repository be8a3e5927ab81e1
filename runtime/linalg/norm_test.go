package linalg

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestNuclearNormKnown checks matrices whose singular values are known: a
// product Q·D·Pᵀ of a diagonal D with orthogonal Q and P (Householder
// reflections) has D's absolute values; batches and keepdim follow.
func TestNuclearNormKnown(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, sz := range [][2]int{{1, 1}, {3, 3}, {5, 2}, {2, 7}, {40, 25}} {
		m, n := sz[0], sz[1]
		a := make([]float64, m*n)
		want := 0.0
		for i := range min(m, n) {
			d := r.NormFloat64() * 10
			a[i*n+i] = d
			want += math.Abs(d)
		}
		reflect(r, a, m, n, true)
		reflect(r, a, m, n, false)
		got := NuclearNorm(tensor.FromSlice(a, m, n), nil, false).Item().F
		if math.Abs(got-want) > 1e-12*want {
			t.Errorf("%dx%d: %v, want %v", m, n, got, want)
		}
		// The same matrix twice in a batch along dim 1, transposed.
		both := append(append([]float64{}, a...), a...)
		bt := tensor.FromSlice(both, 2, m, n).Permute([]int{2, 0, 1})
		out := NuclearNorm(bt, []int{-1, 0}, true)
		if s := out.Shape(); len(s) != 3 || s[0] != 1 || s[1] != 2 || s[2] != 1 {
			t.Fatalf("%dx%d: keepdim shape %v", m, n, s)
		}
		for i := range 2 {
			if g := out.Storage().Get(i).F; math.Abs(g-want) > 1e-12*want {
				t.Errorf("%dx%d batch %d: %v, want %v", m, n, i, g, want)
			}
		}
	}
}

// reflect applies a random Householder reflection to the rows (left) or
// the columns of the m×n row-major matrix a.
func reflect(r *rand.Rand, a []float64, m, n int, left bool) {
	k := n
	if left {
		k = m
	}
	v := make([]float64, k)
	norm := 0.0
	for i := range v {
		v[i] = r.NormFloat64()
		norm += v[i] * v[i]
	}
	for i := range v {
		v[i] /= math.Sqrt(norm)
	}
	if left { // a = (I - 2vvᵀ) a
		for j := range n {
			dot := 0.0
			for i := range m {
				dot += v[i] * a[i*n+j]
			}
			for i := range m {
				a[i*n+j] -= 2 * v[i] * dot
			}
		}
		return
	}
	for i := range m { // a = a (I - 2vvᵀ)
		dot := 0.0
		for j := range n {
			dot += a[i*n+j] * v[j]
		}
		for j := range n {
			a[i*n+j] -= 2 * dot * v[j]
		}
	}
}

func TestNuclearNormErrors(t *testing.T) {
	x := tensor.Full([]int{2, 3}, tensor.FloatS(1), tensor.Float32)
	nan := tensor.FromSlice([]float64{1, math.NaN(), 0, 1}, 2, 2)
	for _, c := range []struct {
		f    func()
		want string
	}{
		{func() { NuclearNorm(tensor.Full([]int{3}, tensor.FloatS(1), tensor.Float32), nil, false) }, "RuntimeError: Expected a tensor with 2 dimensions, but got a tensor with 1 dimension instead."},
		{func() { NuclearNorm(tensor.Full([]int{1, 2, 3}, tensor.FloatS(1), tensor.Float32), nil, false) }, "RuntimeError: Expected a tensor with 2 dimensions, but got a tensor with 3 dimensions instead."},
		{func() { NuclearNorm(x, []int{0}, false) }, "RuntimeError: nuclear norm requires a 'dim' argument of size 2"},
		{func() { NuclearNorm(x, []int{1, -1}, false) }, "RuntimeError: duplicate or invalid dimensions"},
		{func() { NuclearNorm(x.To(tensor.Int64), nil, false) }, "RuntimeError: linalg.svd: Expected a floating point or complex tensor as input. Got Long"},
		{func() { NuclearNorm(nan, nil, false) }, "torch._C._LinAlgError: linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values."},
		{func() { tensor.Interrupt(); NuclearNorm(x, nil, false) }, "KeyboardInterrupt: "},
	} {
		if got := catchError(c.f); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if tensor.Interrupted() {
		t.Errorf("interrupt still pending")
	}
	inf := tensor.FromSlice([]float64{1, math.Inf(1), 0, 1}, 2, 2)
	if got := NuclearNorm(inf, nil, false).Item().F; !math.IsNaN(got) {
		t.Errorf("with an infinity: %v, want nan", got)
	}
}

func BenchmarkNuclearNorm256Float64(b *testing.B) {
	x := randomFloats(rand.New(rand.NewSource(1)), tensor.Float64, 256, 256)
	for b.Loop() {
		NuclearNorm(x, nil, false)
	}
}
