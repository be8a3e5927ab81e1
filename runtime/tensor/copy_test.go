package tensor

import (
	"math"
	"math/rand"
	"testing"
)

const guardValue = -7777

// guarded makes a tensor whose storage has guard elements before and after
// the region it uses; the layout is (shape, strides) at offset guard.
func guarded(shape, strides []int, guard int) *Tensor {
	span := 1
	for i, s := range shape {
		if s == 0 {
			span = 0
			break
		}
		span += (s - 1) * strides[i]
	}
	data := make([]float32, guard+span+guard)
	for i := range data {
		data[i] = guardValue
	}
	return FromStorage(StorageOf(data), guard, shape, strides)
}

func checkGuards(t *testing.T, x *Tensor, guard int) {
	t.Helper()
	data := Slice[float32](x.st)
	for i := 0; i < guard; i++ {
		if data[i] != guardValue || data[len(data)-1-i] != guardValue {
			t.Fatalf("guard element overwritten (shape %v strides %v)", x.shape, x.strides)
		}
	}
}

// randomLayout returns strides for shape laid out in a random dimension
// order with random gaps, so that the elements never overlap.
func randomLayout(r *rand.Rand, shape []int) []int {
	perm := r.Perm(len(shape))
	strides := make([]int, len(shape))
	acc := 1
	for _, d := range perm {
		strides[d] = acc * (1 + r.Intn(2))
		acc = strides[d] * max(shape[d], 1)
	}
	return strides
}

func randomShape(r *rand.Rand, maxDims, maxSize int) []int {
	nd := r.Intn(maxDims + 1)
	shape := make([]int, nd)
	for i := range shape {
		shape[i] = r.Intn(maxSize + 1)
		if r.Intn(8) == 0 {
			shape[i] = 1
		}
	}
	return shape
}

// referenceCopy is the reference loop: every multi-index, one at a time.
func referenceCopy(dst, src *Tensor) {
	dOffs, sOffs := dst.Offsets(), src.Offsets()
	for i := range dOffs {
		dst.st.Set(dOffs[i], src.st.Get(sOffs[i]))
	}
}

func TestCopyIntoGuarded(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	const guard = 5
	for iter := 0; iter < 3000; iter++ {
		maxSize := 6
		if iter%10 == 0 {
			maxSize = 90 // big enough for the tiled path
		}
		shape := randomShape(r, 4, maxSize)
		if Numel(shape) > 200000 {
			continue
		}
		src := guarded(shape, randomLayout(r, shape), guard)
		k := 0
		src.ForEach(func(off int) { src.st.Set(off, IntS(int64(k))); k++ })
		dst := guarded(shape, randomLayout(r, shape), guard)
		want := guarded(dst.shape, dst.strides, guard)
		referenceCopy(want, src)
		CopyInto(dst, src)
		checkGuards(t, dst, guard)
		got, exp := dst.Values(), want.Values()
		for i := range got {
			if got[i] != exp[i] {
				t.Fatalf("shape %v: dst strides %v src strides %v: element %d = %v, want %v", shape, dst.strides, src.strides, i, got[i], exp[i])
			}
		}
	}
}

func TestContiguousTransposedBlocked(t *testing.T) {
	for _, n := range []int{1, 7, 63, 64, 65, 130, 257} {
		for _, m := range []int{1, 9, 64, 100} {
			x := Empty([]int{n, m}, Float32)
			d := Slice[float32](x.st)
			for i := range d {
				d[i] = float32(i)
			}
			y := x.Transpose(0, 1).Contiguous()
			if !y.IsContiguous() || y.shape[0] != m || y.shape[1] != n {
				t.Fatalf("bad result geometry %v %v", y.shape, y.strides)
			}
			for i := 0; i < m; i++ {
				for j := 0; j < n; j++ {
					if y.At(i, j).F != float64(j*m+i) {
						t.Fatalf("%dx%d: y[%d,%d] = %v", n, m, i, j, y.At(i, j))
					}
				}
			}
		}
	}
}

func TestCloneStrides(t *testing.T) {
	cases := []struct {
		shape, strides, want []int
	}{
		{[]int{3, 2}, []int{1, 3}, []int{1, 3}},            // c.t(): dense, kept
		{[]int{3, 4}, []int{2, 5}, []int{1, 3}},            // m.t()[::2]
		{[]int{4, 2, 2}, []int{1, 12, 4}, []int{1, 8, 4}},  // permuted and sliced
		{[]int{2, 4, 5}, []int{0, 5, 1}, []int{20, 5, 1}},  // expanded
		{[]int{3, 1, 4}, []int{1, 3, 3}, []int{1, 3, 3}},   // dense with a size-1 dim
		{[]int{3, 4}, []int{5, 1}, []int{4, 1}},            // m[:, 1:]
		{[]int{1, 3}, []int{1, 1}, []int{1, 1}},            // ones(3,1).t()
		{[]int{3, 2, 2}, []int{2, 6, 1}, []int{2, 6, 1}},   // dense, permuted
		{[]int{2, 3, 4}, []int{12, 4, 1}, []int{12, 4, 1}}, // contiguous
		{[]int{4, 3, 1}, []int{1, 4, 12}, []int{1, 4, 12}}, // dense with trailing 1
	}
	for _, c := range cases {
		n := 1
		for i, s := range c.shape {
			n += (s - 1) * c.strides[i]
		}
		x := FromStorage(NewStorage(Int64, n), 0, c.shape, c.strides)
		y := x.Clone()
		if !sameShape(y.strides, c.want) {
			t.Errorf("clone of %v/%v: strides %v, want %v", c.shape, c.strides, y.strides, c.want)
		}
	}
}

func TestCheckScalar(t *testing.T) {
	ok := func(v Scalar, d DType) (res bool) {
		defer func() {
			if recover() != nil {
				res = false
			}
		}()
		CheckScalar(v, d)
		return true
	}
	cases := []struct {
		v    Scalar
		d    DType
		want bool
	}{
		{IntS(-1), Uint8, true}, {IntS(256), Uint8, false}, {IntS(-255), Uint8, true}, {IntS(-256), Uint8, false},
		{FloatS(-1.5), Uint8, false}, {FloatS(1.5), Uint8, true}, {IntS(128), Int8, false}, {IntS(-129), Int16, true},
		{FloatS(70000), Float16, false}, {FloatS(65504), Float16, true}, {FloatS(1e300), Float32, false},
		{FloatS(1e300), Float64, true}, {FloatS(1e300), Bool, true}, {FloatS(mathNaN()), Int64, false},
		{FloatS(mathNaN()), Float16, true}, {IntS(1 << 31), Int32, false}, {IntS(1 << 31), Float16, false},
		{IntS(1 << 40), BFloat16, true}, {FloatS(3e38), BFloat16, true}, {FloatS(1e30), Int64, false},
	}
	for _, c := range cases {
		if got := ok(c.v, c.d); got != c.want {
			t.Errorf("CheckScalar(%v, %v) ok=%v, want %v", c.v, c.d, got, c.want)
		}
	}
}

func mathNaN() float64 { return math.NaN() }

func BenchmarkContiguousTransposed4096Float32(b *testing.B) {
	x := Empty([]int{4096, 4096}, Float32)
	x.Fill(FloatS(1))
	xt := x.Transpose(0, 1)
	out := Empty([]int{4096, 4096}, Float32)
	b.SetBytes(2 * 4096 * 4096 * 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		CopyInto(out, xt)
	}
}

func BenchmarkContiguousTransposed4096Float32Naive(b *testing.B) {
	x := Empty([]int{4096, 4096}, Float32)
	x.Fill(FloatS(1))
	src := Slice[float32](x.st)
	out := make([]float32, 4096*4096)
	b.SetBytes(2 * 4096 * 4096 * 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for r := 0; r < 4096; r++ {
			row := out[r*4096 : r*4096+4096]
			for c := range row {
				row[c] = src[c*4096+r]
			}
		}
	}
}

func BenchmarkCopyContiguous4096Float32(b *testing.B) {
	x := Empty([]int{4096, 4096}, Float32)
	x.Fill(FloatS(1))
	out := Empty([]int{4096, 4096}, Float32)
	b.SetBytes(2 * 4096 * 4096 * 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		CopyInto(out, x)
	}
}
