package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// TestSortOrders checks sort's order (NaN above every number), that the
// indices point at the values, and stability when asked for.
func TestSortOrders(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 2, 15, 16, 17, 100, 1000} {
		data := make([]float32, n)
		for i := range data {
			data[i] = float32(r.Intn(7))
			if r.Intn(10) == 0 {
				data[i] = float32(math.NaN())
			}
		}
		x := FromSlice(data, n)
		for _, desc := range []bool{false, true} {
			for _, stable := range []bool{false, true} {
				v, ix := Sort(x, 0, desc, stable)
				vs, is := Slice[float32](v.st), Slice[int64](ix.st)
				for i := range vs {
					if a, b := vs[i], data[is[i]]; a != b && !(a != a && b != b) {
						t.Fatalf("n=%d: value %v at %d is not data[%d]=%v", n, a, i, is[i], b)
					}
					if i == 0 {
						continue
					}
					p, q := vs[i-1], vs[i]
					if desc {
						p, q = q, p
					}
					if lessVal(q, p) {
						t.Fatalf("n=%d desc=%v: out of order at %d: %v %v", n, desc, i, vs[i-1], vs[i])
					}
					if stable && !lessVal(p, q) && !lessVal(q, p) && is[i-1] > is[i] {
						t.Fatalf("n=%d: not stable at %d", n, i)
					}
				}
			}
		}
	}
}

// TestTopkKthAgreeWithSort checks topk's and kthvalue's values against a
// stable sort's.
func TestTopkKthAgreeWithSort(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, n := range []int{1, 5, 64, 200, 1000} {
		data := make([]float64, n)
		for i := range data {
			data[i] = float64(r.Intn(50))
		}
		x := FromSlice(data, n)
		sv, _ := Sort(x, 0, true, true)
		asc, _ := Sort(x, 0, false, true)
		for _, k := range []int{1, n / 2, n} {
			if k == 0 {
				continue
			}
			v, ix := Topk(x, k, 0, true, true)
			for i := 0; i < k; i++ {
				if got, want := Slice[float64](v.st)[i], Slice[float64](sv.st)[i]; got != want {
					t.Fatalf("n=%d k=%d: topk[%d]=%v want %v", n, k, i, got, want)
				}
				if data[Slice[int64](ix.st)[i]] != Slice[float64](v.st)[i] {
					t.Fatalf("topk index does not point at its value")
				}
			}
			kv, ki := Kthvalue(x, k, 0, false)
			if got, want := kv.Item().F, Slice[float64](asc.st)[k-1]; got != want {
				t.Fatalf("n=%d k=%d: kthvalue %v want %v", n, k, got, want)
			}
			if data[ki.Item().I] != kv.Item().F {
				t.Fatalf("kthvalue index does not point at its value")
			}
		}
	}
}

// TestGatherScatterReference checks gather and scatter against their
// reference loops on a transposed input.
func TestGatherScatterReference(t *testing.T) {
	src := Arange(IntS(0), IntS(12), IntS(1), Float32).View([]int{3, 4}).Transpose(0, 1) // 4x3
	idx := FromSlice([]int64{2, 0, 1, 1, 0, 2, 2, 2}, 4, 2)
	g := Gather(src, 1, idx)
	for i := 0; i < 4; i++ {
		for j := 0; j < 2; j++ {
			want := src.At(i, int(idx.At(i, j).I)).F
			if got := g.At(i, j).F; got != want {
				t.Fatalf("gather[%d][%d]=%v want %v", i, j, got, want)
			}
		}
	}
	dst := Full([]int{4, 3}, FloatS(-1), Float32)
	Scatter("scatter", dst, 1, FromSlice([]int64{2, 0, 1, 1}, 4, 1), g.Narrow(1, 0, 1), Scalar{}, ScatterNone)
	for i, c := range []int{2, 0, 1, 1} {
		if got, want := dst.At(i, c).F, g.At(i, 0).F; got != want {
			t.Fatalf("scatter row %d: %v want %v", i, got, want)
		}
	}
}

func benchData(n int) *Tensor {
	r := rand.New(rand.NewSource(3))
	d := make([]float32, n)
	for i := range d {
		d[i] = float32(r.NormFloat64())
	}
	return FromSlice(d, n)
}

func BenchmarkSort2p22(b *testing.B) {
	x := benchData(1 << 22)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Sort(x, 0, false, false)
	}
}

func BenchmarkTopk2p22(b *testing.B) {
	x := benchData(1 << 22)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Topk(x, 100, 0, true, true)
	}
}

func BenchmarkGather2p22(b *testing.B) {
	n := 1 << 22
	x := benchData(n)
	r := rand.New(rand.NewSource(4))
	ix := make([]int64, n)
	for i := range ix {
		ix[i] = int64(r.Intn(n))
	}
	idx := FromSlice(ix, n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Gather(x, 0, idx)
	}
}

// TestSortIndicesMatchesKeySort checks that the comparator port orders
// ties exactly as the key port does (both are libstdc++'s std::sort).
func TestSortIndicesMatchesKeySort(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for _, n := range []int{0, 1, 5, 16, 17, 100, 3000} {
		keys := make([]uint32, n)
		for i := range keys {
			keys[i] = uint32(r.Intn(9))
		}
		ix := make([]int64, n)
		ix2 := make([]int64, n)
		for i := range ix {
			ix[i], ix2[i] = int64(i), int64(i)
		}
		k := append([]uint32{}, keys...)
		s := pairSorter[uint32]{v: k, ix: ix}
		s.sort(0, n)
		sortIndices(ix2, func(a, b int64) bool { return keys[a] < keys[b] })
		for i := range ix {
			if ix[i] != ix2[i] {
				t.Fatalf("n=%d: orders differ at %d: %d vs %d", n, i, ix[i], ix2[i])
			}
		}
	}
}
