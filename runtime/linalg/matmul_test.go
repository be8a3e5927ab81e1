package linalg

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// naiveMatmul is the reference for 2-d products: each element one running
// sum over k in increasing order, rounded to the dtype after every
// product and every addition (as the reference BLAS does).
func naiveMatmul(a, b *tensor.Tensor) []float64 {
	m, k, n := a.Shape()[0], a.Shape()[1], b.Shape()[1]
	d := a.DType()
	out := make([]float64, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var acc float64
			for l := 0; l < k; l++ {
				acc = roundTo(d, acc+roundTo(d, a.At(i, l).Float()*b.At(l, j).Float()))
			}
			out[i*n+j] = acc
		}
	}
	return out
}

func TestMatmulAgainstTripleLoop(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for trial := 0; trial < 200; trial++ {
		d := []tensor.DType{tensor.Float32, tensor.Float64}[r.Intn(2)]
		m, k, n := 1+r.Intn(9), r.Intn(300), 1+r.Intn(9)
		a := randomFloats(r, d, m, k)
		b := randomFloats(r, d, k, n)
		if r.Intn(2) == 0 {
			a = a.Transpose(-2, -1).ContiguousClone().Transpose(-2, -1)
		}
		if r.Intn(2) == 0 {
			b = b.Transpose(-2, -1).ContiguousClone().Transpose(-2, -1)
		}
		want := naiveMatmul(a, b)
		got := Mm(a, b).Values()
		for i := range want {
			if got[i].F != want[i] {
				t.Fatalf("%s %dx%d @ %dx%d (strides %v %v): element %d = %v, want %v", d, m, k, k, n, a.Strides(), b.Strides(), i, got[i].F, want[i])
			}
		}
	}
}

func TestMatmulIntegersWrap(t *testing.T) {
	a := tensor.Full([]int{3, 3}, tensor.IntS(20), tensor.Uint8)
	if got := Mm(a, a).Values()[0].I; got != 176 {
		t.Errorf("uint8 matmul: %d, want 176", got)
	}
	x := tensor.FromSlice([]int64{1, 2, 3, 4, 5, 6}, 2, 3)
	y := tensor.FromSlice([]int64{1, 0, -1, 2, 3, 1}, 3, 2)
	if got := fmt.Sprint(Mm(x, y).Values()); got != "[{1 8 0 0} {1 7 0 0} {1 17 0 0} {1 16 0 0}]" {
		t.Errorf("int64 matmul: %s", got)
	}
}

func TestMatmulNaNPropagates(t *testing.T) {
	a := tensor.FromSlice([]float32{0, 1}, 1, 2)
	b := tensor.FromSlice([]float32{float32(math.NaN()), 1}, 2, 1)
	if got := Mm(a, b).Item().F; got == got {
		t.Errorf("0 * NaN must propagate, got %v", got)
	}
}

// TestMatmulBatchBroadcast checks batched products against per-batch 2-d
// products, with broadcast and transposed operands and 1-d promotion.
func TestMatmulBatchBroadcast(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	cases := []struct{ a, b, out []int }{
		{[]int{4, 2, 3}, []int{3, 5}, []int{4, 2, 5}},
		{[]int{2, 1, 3, 4}, []int{5, 4, 2}, []int{2, 5, 3, 2}},
		{[]int{1, 3, 4}, []int{6, 1, 4, 2}, []int{6, 1, 3, 2}},
		{[]int{3, 4}, []int{2, 5, 4, 2}, []int{2, 5, 3, 2}},
		{[]int{3}, []int{4, 3, 5}, []int{4, 5}},
		{[]int{4, 2, 3}, []int{3}, []int{4, 2}},
		{[]int{3}, []int{3}, []int{}},
		{[]int{2, 3}, []int{3}, []int{2}},
		{[]int{3}, []int{3, 2}, []int{2}},
	}
	for _, c := range cases {
		a := randomFloats(r, tensor.Float32, c.a...)
		b := randomFloats(r, tensor.Float32, c.b...)
		got := Matmul(a, b)
		if fmt.Sprint(got.Shape()) != fmt.Sprint(c.out) {
			t.Fatalf("%v @ %v: shape %v, want %v", c.a, c.b, got.Shape(), c.out)
		}
		// Reference: promote to ≥2-d, broadcast, multiply batch by batch.
		a2, b2 := a, b
		if a.Dim() == 1 {
			a2 = a.Unsqueeze(0)
		}
		if b.Dim() == 1 {
			b2 = b.Unsqueeze(1)
		}
		batch := broadcastShapes(a2.Shape()[:a2.Dim()-2], b2.Shape()[:b2.Dim()-2])
		ae := a2.Expand(append(append([]int{}, batch...), a2.Shape()[a2.Dim()-2:]...))
		be := b2.Expand(append(append([]int{}, batch...), b2.Shape()[b2.Dim()-2:]...))
		var want []float64
		nb := tensor.Numel(batch)
		for i := 0; i < nb; i++ {
			idx := indexOf(batch, i)
			ai, bi := ae, be
			for _, x := range idx {
				ai, bi = ai.Select(0, x), bi.Select(0, x)
			}
			want = append(want, naiveMatmul(ai, bi)...)
		}
		for i, v := range got.Values() {
			if v.F != want[i] {
				t.Fatalf("%v @ %v: element %d = %v, want %v", c.a, c.b, i, v.F, want[i])
			}
		}
	}
}

func broadcastShapes(a, b []int) []int {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := range out {
		x, y := 1, 1
		if j := len(a) - n + i; j >= 0 {
			x = a[j]
		}
		if j := len(b) - n + i; j >= 0 {
			y = b[j]
		}
		out[i] = max(x, y)
	}
	return out
}

func TestMatmulErrors(t *testing.T) {
	f := func(shape ...int) *tensor.Tensor { return tensor.Full(shape, tensor.FloatS(1), tensor.Float32) }
	for _, c := range []struct {
		f    func()
		want string
	}{
		{func() { Matmul(f(2, 3), f(2, 3)) }, "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"},
		{func() { Matmul(f(3), f(4)) }, "RuntimeError: inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively"},
		{func() { Matmul(f(2, 3), f(4)) }, "RuntimeError: size mismatch, got 2, 2x3,4"},
		{func() { Matmul(f(4), f(2, 3)) }, "RuntimeError: mat1 and mat2 shapes cannot be multiplied (1x4 and 2x3)"},
		{func() { Matmul(f(), f(2, 2)) }, "RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 2D"},
		{func() { Matmul(f(2, 3, 4), f(3, 4, 5)) }, "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"},
		{func() { Matmul(f(2, 3, 4), f(2, 5, 6)) }, "RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [2, 5]."},
		{func() { Matmul(f(2, 3, 4), f(5)) }, "RuntimeError: size mismatch, got 6, 6x4,5"},
		{func() { Matmul(f(5), f(2, 4, 3)) }, "RuntimeError: size mismatch, got 6, 6x4,5"},
		{func() { Matmul(f(2, 3), f(2, 5, 2)) }, "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x5 and 3x2)"},
		{func() { Matmul(tensor.Full([]int{2, 3}, tensor.IntS(1), tensor.Int64), f(3, 2)) }, "RuntimeError: expected scalar type Long but found Float"},
		{func() { Mm(f(2, 3), f(3)) }, "RuntimeError: mat2 must be a matrix"},
		{func() { Mm(f(2, 2, 2), f(2, 3)) }, "RuntimeError: self must be a matrix"},
		{func() { Bmm(f(1, 3), f(3, 2)) }, "RuntimeError: batch1 must be a 3D tensor"},
		{func() { Bmm(f(2, 1, 3), f(3, 3, 2)) }, "RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3]."},
		{func() { Mv(f(3), f(3)) }, "RuntimeError: vector + matrix @ vector expected, got 1, 1, 1"},
		{func() { Dot(f(2), tensor.Full([]int{2}, tensor.FloatS(1), tensor.Float64)) }, "RuntimeError: dot : expected both vectors to have same dtype, but found Float and Double"},
		{func() { Dot(f(2, 2), f(2, 2)) }, "RuntimeError: 1D tensors expected, but got 2D and 2D tensors"},
		{func() {
			Mm(tensor.Full([]int{2, 2}, tensor.FloatS(1), tensor.Float16), tensor.Full([]int{2, 2}, tensor.FloatS(1), tensor.Float16))
		}, `RuntimeError: "addmm_impl_cpu_" not implemented for 'Half'`},
		{func() { Outer(f(3, 1), f(2)) }, "RuntimeError: outer: Expected 1-D argument self, but got 2-D"},
	} {
		if got := catchError(c.f); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

func BenchmarkMatmul512Float32(b *testing.B) {
	r := rand.New(rand.NewSource(5))
	x := randomFloats(r, tensor.Float32, 512, 512)
	y := randomFloats(r, tensor.Float32, 512, 512)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Matmul(x, y)
	}
}

func BenchmarkMv4096Float32(b *testing.B) {
	r := rand.New(rand.NewSource(10))
	x := randomFloats(r, tensor.Float32, 4096, 4096)
	v := randomFloats(r, tensor.Float32, 4096)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Mv(x, v)
	}
}

// TestInterruptStopsProducts checks that a pending interrupt stops matrix
// products with KeyboardInterrupt, and is then cleared.
func TestInterruptStopsProducts(t *testing.T) {
	x := tensor.Full([]int{64, 64}, tensor.FloatS(1), tensor.Float32)
	b := tensor.Full([]int{3, 4, 4}, tensor.FloatS(1), tensor.Float32)
	for name, f := range map[string]func(){
		"mm":  func() { Mm(x, x) },
		"bmm": func() { Matmul(b, b) },
	} {
		tensor.Interrupt()
		if got := catchError(f); got != "KeyboardInterrupt: " {
			t.Errorf("%s: got %q, want KeyboardInterrupt", name, got)
		}
		if tensor.Interrupted() {
			t.Errorf("%s: interrupt still pending", name)
		}
	}
	tensor.ClearInterrupt()
}
