package tensor

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// randomReduceLayout returns a tensor of dtype d viewing random values through
// a random strided layout: a permutation of a sliced (stepped, offset)
// base of rank nd.
func randomReduceLayout(r *rand.Rand, d DType, nd int) *Tensor {
	shape := make([]int, nd)
	for i := range shape {
		shape[i] = 1 + r.Intn(5)
	}
	base := Empty(shape, d)
	for i := 0; i < base.Numel(); i++ {
		v := float64(r.Intn(13) - 6)
		if d.IsFloat() && r.Intn(40) == 0 {
			v = math.NaN()
		}
		if d == Bool {
			v = float64(r.Intn(2))
		}
		base.st.Set(i, FloatS(v))
	}
	off := 0
	vshape := make([]int, nd)
	vstrides := make([]int, nd)
	for i := range shape {
		step := 1
		if shape[i] > 2 && r.Intn(3) == 0 {
			step = 2
		}
		start := 0
		if shape[i] > 1 && r.Intn(4) == 0 {
			start = 1
		}
		off += start * base.strides[i]
		vshape[i] = (shape[i] - start + step - 1) / step
		vstrides[i] = base.strides[i] * step
	}
	perm := r.Perm(nd)
	ps, pst := make([]int, nd), make([]int, nd)
	for i, p := range perm {
		ps[i], pst[i] = vshape[p], vstrides[p]
	}
	return FromStorage(base.st, off, ps, pst)
}

// indexOf returns the multi-index of the k-th element of shape.
func indexOf(shape []int, k int) []int {
	idx := make([]int, len(shape))
	for i := len(shape) - 1; i >= 0; i-- {
		idx[i] = k % shape[i]
		k /= shape[i]
	}
	return idx
}

// naiveReduce folds f over the elements of t that map to each output
// element of a reduction over mask (keepdim shape), in row-major order.
func naiveReduce(t *Tensor, mask []bool, init float64, f func(acc, x float64, k int) float64) []float64 {
	kshape := make([]int, t.Dim())
	for i, s := range t.shape {
		kshape[i] = s
		if mask[i] {
			kshape[i] = 1
		}
	}
	out := make([]float64, Numel(kshape))
	for i := range out {
		out[i] = init
	}
	counts := make([]int, len(out))
	for k := 0; k < t.Numel(); k++ {
		idx := indexOf(t.shape, k)
		o := 0
		for i := range idx {
			j := idx[i]
			if mask[i] {
				j = 0
			}
			o = o*kshape[i] + j
		}
		out[o] = f(out[o], t.At(idx...).Float(), counts[o])
		counts[o]++
	}
	return out
}

func sameFloats(got []Scalar, want []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g := got[i].Float()
		if g != want[i] && !(g != g && want[i] != want[i]) {
			return false
		}
	}
	return true
}

// TestReduceAgainstNaive checks order-independent reductions over every
// subset of dims of random layouts against a direct loop.
func TestReduceAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	nanMax := func(acc, x float64, _ int) float64 {
		if acc != acc || x != x {
			return math.NaN()
		}
		return math.Max(acc, x)
	}
	nanMin := func(acc, x float64, _ int) float64 {
		if acc != acc || x != x {
			return math.NaN()
		}
		return math.Min(acc, x)
	}
	for trial := 0; trial < 300; trial++ {
		d := []DType{Float32, Float64, Int64, Int16, Uint8}[r.Intn(5)]
		nd := r.Intn(4) + 1
		x := randomReduceLayout(r, d, nd)
		for m := 0; m < 1<<nd; m++ {
			var dims []int
			mask := make([]bool, nd)
			for i := 0; i < nd; i++ {
				if m>>i&1 != 0 || m == 0 {
					mask[i] = true
				}
				if m>>i&1 != 0 {
					dims = append(dims, i)
				}
			}
			name := fmt.Sprintf("%s%v%v dims %v", d, x.shape, x.strides, dims)
			check := func(op string, got *Tensor, want []float64) {
				t.Helper()
				if !sameFloats(got.Values(), want) {
					t.Fatalf("%s %s: got %v, want %v", op, name, got.Values(), want)
				}
			}
			check("amax", Amax(x, dims, true), naiveReduce(x, mask, math.Inf(-1), nanMax))
			check("amin", Amin(x, dims, true), naiveReduce(x, mask, math.Inf(1), nanMin))
			check("count_nonzero", CountNonzero(x, dims), naiveReduce(x, mask, 0, func(acc, x float64, _ int) float64 {
				if x != 0 {
					return acc + 1
				}
				return acc
			}))
			check("all", All(x, dims, true), naiveReduce(x, mask, 1, func(acc, x float64, _ int) float64 {
				if x == 0 {
					return 0
				}
				return acc
			}))
			check("any", Any(x, dims, true), naiveReduce(x, mask, 0, func(acc, x float64, _ int) float64 {
				if x != 0 {
					return 1
				}
				return acc
			}))
			if !d.IsFloat() {
				check("sum", Sum(x, dims, true), naiveReduce(x, mask, 0, func(acc, x float64, _ int) float64 { return acc + x }))
				// Products wrap in int64: compare them exactly.
				prods := map[int]int64{}
				kshape := Prod(x, dims, true).shape
				for k := 0; k < x.Numel(); k++ {
					idx := indexOf(x.shape, k)
					o := 0
					for i := range idx {
						j := idx[i]
						if mask[i] {
							j = 0
						}
						o = o*kshape[i] + j
					}
					if _, ok := prods[o]; !ok {
						prods[o] = 1
					}
					prods[o] *= x.At(idx...).Int()
				}
				for o, v := range Prod(x, dims, true).Values() {
					if v.I != prods[o] {
						t.Fatalf("prod %s: got %v at %d, want %d", name, v.I, o, prods[o])
					}
				}
			}
		}
		// Index reductions along each dim: the first extremum, NaN first.
		for dim := 0; dim < nd; dim++ {
			mask := make([]bool, nd)
			mask[dim] = true
			first := func(isMax bool) func(acc, x float64, k int) float64 {
				best := math.NaN()
				return func(acc, x float64, k int) float64 {
					if k == 0 {
						best = x
						return 0
					}
					if best != best {
						return acc
					}
					if x != x || (isMax && x > best) || (!isMax && x < best) {
						best = x
						return float64(k)
					}
					return acc
				}
			}
			// naiveReduce visits each output's elements in order but
			// interleaves outputs, so run one output line at a time.
			want := func(isMax bool) []float64 {
				var out []float64
				forEachLine(x, dim, func(_, base int) {
					line := FromStorage(x.st, base, []int{x.shape[dim]}, []int{x.strides[dim]})
					out = append(out, naiveReduce(line, []bool{true}, 0, first(isMax))[0])
				})
				return out
			}
			name := fmt.Sprintf("%s%v%v dim %d", d, x.shape, x.strides, dim)
			if got := Argmax(x, dim, false).Values(); !sameFloats(got, want(true)) {
				t.Fatalf("argmax %s: got %v, want %v", name, got, want(true))
			}
			if got := Argmin(x, dim, false).Values(); !sameFloats(got, want(false)) {
				t.Fatalf("argmin %s: got %v, want %v", name, got, want(false))
			}
			v, i := MaxDim(x, dim, true)
			if !sameFloats(i.Values(), want(true)) {
				t.Fatalf("max indices %s: got %v", name, i.Values())
			}
			if !sameFloats(v.Values(), naiveReduce(x, mask, math.Inf(-1), nanMax)) {
				t.Fatalf("max values %s: got %v", name, v.Values())
			}
		}
	}
}

// TestScanAgainstNaive checks cumsum and cumprod of integer layouts.
func TestScanAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for trial := 0; trial < 100; trial++ {
		x := randomReduceLayout(r, Int32, r.Intn(3)+1)
		for dim := 0; dim < x.Dim(); dim++ {
			cs, cp := Cumsum(x, dim), Cumprod(x, dim)
			if cs.DType() != Int64 || !sameShape(cs.shape, x.shape) {
				t.Fatalf("cumsum dtype %s shape %v", cs.DType(), cs.shape)
			}
			for k := 0; k < x.Numel(); k++ {
				idx := indexOf(x.shape, k)
				var s, p int64 = 0, 1
				j := slices.Clone(idx)
				for i := 0; i <= idx[dim]; i++ {
					j[dim] = i
					s += x.At(j...).Int()
					p *= x.At(j...).Int()
				}
				if cs.At(idx...).Int() != s || cp.At(idx...).Int() != p {
					t.Fatalf("scan %v dim %d at %v: got %v %v, want %d %d", x.shape, dim, idx, cs.At(idx...), cp.At(idx...), s, p)
				}
			}
		}
	}
}

// catchError runs f and returns the message of the *Error it raises.
func catchError(f func()) (msg string) {
	defer func() {
		if e, ok := recover().(*Error); ok {
			msg = e.Kind.String() + ": " + e.Msg
		}
	}()
	f()
	return ""
}

func TestReduceErrors(t *testing.T) {
	a := Full([]int{2, 3}, FloatS(1), Float32)
	empty := Empty([]int{2, 0}, Float32)
	for _, c := range []struct {
		f    func()
		want string
	}{
		{func() { Sum(a, []int{2}, false) }, "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
		{func() { Sum(a, []int{0, -2}, false) }, "RuntimeError: dim 0 appears multiple times in the list of dims"},
		{func() { Mean(Full([]int{3}, IntS(1), Int64), nil, false) }, "RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long"},
		{func() { MaxAll(Empty([]int{0}, Float32)) }, "RuntimeError: max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."},
		{func() { Amax(empty, []int{1}, false) }, "IndexError: amax(): Expected reduction dim 1 to have non-zero size."},
		{func() { MaxDim(empty, 1, false) }, "IndexError: max(): Expected reduction dim 1 to have non-zero size."},
		{func() { ArgmaxAll(Empty([]int{0}, Float32), false) }, "IndexError: argmax(): Expected reduction dim to be specified for input.numel() == 0."},
		{func() { Argmax(Full([]int{2}, BoolS(true), Bool), 0, false) }, `RuntimeError: "argmax_cpu" not implemented for 'Bool'`},
		{func() { Std(Full([]int{2}, IntS(1), Int64), nil, 1, false) }, "RuntimeError: std and var only support floating point and complex dtypes"},
		{func() { Norm(Full([]int{2}, IntS(1), Int64), 2, nil, false) }, "RuntimeError: norm(): input dtype should be either floating point or complex. Got Long instead."},
		{func() { Cumsum(a, 2) }, "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
		{func() { Cumsum(Full([]int{2}, FloatS(1), Float16), 0) }, `RuntimeError: "cumsum_out_cpu" not implemented for 'Half'`},
	} {
		if got := catchError(c.f); got != c.want {
			t.Errorf("got %q\nwant %q", got, c.want)
		}
	}
	// Empty reductions.
	if got := Sum(empty, []int{1}, false).Values(); len(got) != 2 || got[0].F != 0 {
		t.Errorf("sum over an empty dim: %v", got)
	}
	if got := Prod(empty, nil, false).Item().F; got != 1 {
		t.Errorf("prod of empty: %v", got)
	}
	if got := Mean(empty, nil, false).Item().F; got == got {
		t.Errorf("mean of empty: %v", got)
	}
	if s := fmt.Sprint(Sum(empty, []int{0}, false).shape); s != "[0]" {
		t.Errorf("sum(0) of [2, 0]: shape %s", s)
	}
}

// TestReduceDTypes checks the result dtypes of the reductions.
func TestReduceDTypes(t *testing.T) {
	u8 := Full([]int{2}, IntS(200), Uint8)
	i8 := Full([]int{2}, IntS(100), Int8)
	b := Full([]int{3}, BoolS(true), Bool)
	for _, c := range []struct {
		got  *Tensor
		want string
	}{
		{Sum(u8, nil, false), "torch.int64 400"},
		{SumAs(i8, nil, false, Int8), "torch.int8 -56"},
		{Sum(b, nil, false), "torch.int64 3"},
		{Prod(i8, nil, false), "torch.int64 10000"},
		{Cumsum(i8, 0), "torch.int64 100"},
		{All(u8, nil, false), "torch.uint8 1"},
		{Any(b, nil, false), "torch.bool 1"},
		{CountNonzero(u8, nil), "torch.int64 2"},
		{Logsumexp(Full([]int{2}, IntS(1), Int64), []int{0}, false), "torch.float32 1.6931471824645996"},
	} {
		v := c.got.Values()[0]
		s := c.got.DType().String() + " " + strings.TrimSuffix(fmt.Sprint(v.Float()), ".0")
		if s != c.want {
			t.Errorf("got %s, want %s", s, c.want)
		}
	}
}

// BenchmarkSumDim4096 sums a 4096×4096 float32 tensor over each dim: dim
// 0 runs the outer (column-vector) cascade, dim 1 the inner one.
func BenchmarkSumDim4096(b *testing.B) {
	r := rand.New(rand.NewSource(9))
	x := Empty([]int{4096, 4096}, Float32)
	d := x.st.data.([]float32)
	for i := range d {
		d[i] = r.Float32()
	}
	for _, dim := range []int{0, 1} {
		b.Run(fmt.Sprintf("dim%d", dim), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Sum(x, []int{dim}, false)
			}
		})
	}
}

// TestSelectValIdx checks the median selection against a full sort.
func TestSelectValIdx(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + r.Intn(40)
		p := make([]valIdx, n)
		for i := range p {
			p[i] = valIdx{v: float64(r.Intn(5)), i: i}
		}
		q := slices.Clone(p)
		slices.SortFunc(q, cmpValIdx)
		k := r.Intn(n)
		selectValIdx(p, k)
		if p[k] != q[k] {
			t.Fatalf("n=%d k=%d: %v want %v", n, k, p[k], q[k])
		}
	}
}

// TestInterruptStopsKernels checks that a pending interrupt stops
// reductions and scans with KeyboardInterrupt, and is then cleared
// (runtime/linalg checks the same of the matrix products).
func TestInterruptStopsKernels(t *testing.T) {
	x := Full([]int{64, 64}, FloatS(1), Float32)
	for name, f := range map[string]func(){
		"sum":    func() { Sum(x, []int{0}, false) },
		"amax":   func() { Amax(x, nil, false) },
		"argmax": func() { Argmax(x, 1, false) },
		"cumsum": func() { Cumsum(x, 0) },
		"tril":   func() { Tril(x, 0) },
	} {
		Interrupt()
		if got := catchError(f); got != "KeyboardInterrupt: " {
			t.Errorf("%s: got %q, want KeyboardInterrupt", name, got)
		}
		if Interrupted() {
			t.Errorf("%s: interrupt still pending", name)
		}
	}
	ClearInterrupt()
}
