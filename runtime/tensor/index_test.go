package tensor

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// A naive reference for indexing with PyTorch's rules: ints select (they
// are basic indices, unlike NumPy's), slices and None make dimensions,
// index arrays are broadcast together and their dimensions replace the
// indexed ones in place when they are adjacent, or go first otherwise.

type refEntry struct {
	adv    bool
	size   int   // basic: the number of positions
	coords []int // basic: source coordinate of each position (nil for None)
	src    int   // source dimension (-1 for None)
	arr    *Tensor
}

func sliceCoords(size, start, stop, step int) []int {
	if start < 0 {
		start += size
	}
	if stop < 0 {
		stop += size
	}
	start = min(max(start, 0), size)
	stop = min(max(stop, start), size)
	var out []int
	for i := start; i < stop; i += step {
		out = append(out, i)
	}
	return out
}

func describe(items []IndexItem) string {
	var parts []string
	for _, it := range items {
		switch it.Kind {
		case IndexInt:
			parts = append(parts, fmt.Sprint(it.Int))
		case IndexSlice:
			parts = append(parts, fmt.Sprintf("%d:%d:%d", it.Start, it.Stop, it.Step))
		case IndexNone:
			parts = append(parts, "None")
		case IndexEllipsis:
			parts = append(parts, "...")
		case IndexTensor:
			parts = append(parts, fmt.Sprintf("T%v%v", it.Tensor.shape, it.Tensor.Values()))
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// refIndex returns the result shape and, for each result element in
// row-major order, the source multi-index it reads.
func refIndex(shape []int, items []IndexItem) ([]int, [][]int) {
	consumed := 0
	for _, it := range items {
		if it.Kind == IndexInt || it.Kind == IndexSlice || it.Kind == IndexTensor {
			consumed++
		}
	}
	fixed := map[int]int{}
	var entries []refEntry
	sd := 0
	for _, it := range items {
		switch it.Kind {
		case IndexNone:
			entries = append(entries, refEntry{size: 1, src: -1})
		case IndexEllipsis:
			for k := 0; k < len(shape)-consumed; k++ {
				entries = append(entries, refEntry{size: shape[sd], coords: sliceCoords(shape[sd], 0, shape[sd], 1), src: sd})
				sd++
			}
		case IndexInt:
			i := it.Int
			if i < 0 {
				i += shape[sd]
			}
			fixed[sd] = i
			sd++
		case IndexSlice:
			c := sliceCoords(shape[sd], it.Start, it.Stop, it.Step)
			entries = append(entries, refEntry{size: len(c), coords: c, src: sd})
			sd++
		case IndexTensor:
			arr := it.Tensor
			if arr.DType() == Bool {
				var c []int64
				for i, v := range arr.Values() {
					if v.Bool() {
						c = append(c, int64(i))
					}
				}
				if c == nil {
					c = []int64{}
				}
				arr = FromSlice(c, len(c))
			}
			entries = append(entries, refEntry{adv: true, src: sd, arr: arr})
			sd++
		}
	}
	for ; sd < len(shape); sd++ {
		entries = append(entries, refEntry{size: shape[sd], coords: sliceCoords(shape[sd], 0, shape[sd], 1), src: sd})
	}
	var advPos []int
	var shapes [][]int
	for i, e := range entries {
		if e.adv {
			advPos = append(advPos, i)
			shapes = append(shapes, e.arr.shape)
		}
	}
	// Result dimensions: each is a basic entry or the broadcast block.
	var layout []int // entry index per result "slot"; -1 marks the block
	var bshape []int
	if len(advPos) > 0 {
		bshape = shapes[0]
		for _, s := range shapes[1:] {
			out := make([]int, max(len(bshape), len(s)))
			for i := range out {
				a, b := 1, 1
				if j := len(bshape) - len(out) + i; j >= 0 {
					a = bshape[j]
				}
				if j := len(s) - len(out) + i; j >= 0 {
					b = s[j]
				}
				out[i] = max(a, b)
				if a == 0 || b == 0 {
					out[i] = 0
				}
			}
			bshape = out
		}
		adjacent := advPos[len(advPos)-1]-advPos[0] == len(advPos)-1
		if adjacent {
			for i := range entries {
				if i == advPos[0] {
					layout = append(layout, -1)
				}
				if !entries[i].adv {
					layout = append(layout, i)
				}
			}
		} else {
			layout = append(layout, -1)
			for i := range entries {
				if !entries[i].adv {
					layout = append(layout, i)
				}
			}
		}
	} else {
		for i := range entries {
			layout = append(layout, i)
		}
	}
	var rshape []int
	for _, l := range layout {
		if l == -1 {
			rshape = append(rshape, bshape...)
		} else {
			rshape = append(rshape, entries[l].size)
		}
	}
	// Broadcast index arrays' values, row-major over bshape.
	advVals := make([][]int64, len(advPos))
	for k, p := range advPos {
		e := entries[p].arr.Expand(bshape)
		for _, v := range e.Values() {
			advVals[k] = append(advVals[k], v.I)
		}
	}
	var srcs [][]int
	n := Numel(rshape)
	idx := make([]int, len(rshape))
	bstr := ContiguousStrides(bshape)
	for k := 0; k < n; k++ {
		src := make([]int, len(shape))
		for d, v := range fixed {
			src[d] = v
		}
		pos := 0
		for _, l := range layout {
			if l == -1 {
				b := 0
				for j := range bshape {
					b += idx[pos+j] * bstr[j]
				}
				for q, p := range advPos {
					v := int(advVals[q][b])
					if v < 0 {
						v += shape[entries[p].src]
					}
					src[entries[p].src] = v
				}
				pos += len(bshape)
				continue
			}
			e := entries[l]
			if e.src >= 0 {
				src[e.src] = e.coords[idx[pos]]
			}
			pos++
		}
		srcs = append(srcs, src)
		for d := len(rshape) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < rshape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return rshape, srcs
}

// randomIndex builds a random valid index tuple for shape.
func randomIndex(r *rand.Rand, shape []int) []IndexItem {
	var items []IndexItem
	ellipsis := false
	d := 0
	// The index arrays of one index share a shape (up to broadcasting);
	// a mask is used alone.
	common := []int{1 + r.Intn(3)}
	if r.Intn(3) == 0 {
		common = []int{1 + r.Intn(2), 1 + r.Intn(3)}
	}
	arrays, masks := 0, 0
	for d < len(shape) || r.Intn(3) == 0 {
		if len(items) > 5 {
			break
		}
		kind := r.Intn(10)
		if d >= len(shape) {
			kind = 9 // only None fits
		}
		size := 0
		if d < len(shape) {
			size = shape[d]
		}
		switch {
		case kind <= 1 && size > 0:
			items = append(items, IndexItem{Kind: IndexInt, Int: r.Intn(2*size) - size})
			d++
		case kind <= 4:
			start, stop := r.Intn(2*size+3)-size-1, r.Intn(2*size+3)-size-1
			if r.Intn(3) == 0 {
				start = 0
			}
			if r.Intn(3) == 0 {
				stop = SliceUnbounded
			}
			items = append(items, IndexItem{Kind: IndexSlice, Start: start, Stop: stop, Step: 1 + r.Intn(3)})
			d++
		case kind <= 6 && size > 0 && masks == 0:
			ashape := append([]int{}, common...)
			if len(ashape) == 2 && r.Intn(3) == 0 {
				ashape = ashape[1:]
			}
			if r.Intn(4) == 0 {
				ashape[r.Intn(len(ashape))] = 1
			}
			arrays++
			vals := make([]int64, Numel(ashape))
			for i := range vals {
				vals[i] = int64(r.Intn(2*size) - size)
			}
			items = append(items, IndexItem{Kind: IndexTensor, Tensor: FromSlice(vals, ashape...)})
			d++
		case kind == 7 && arrays == 0 && masks == 0:
			masks++
			mask := make([]bool, size)
			for i := range mask {
				mask[i] = r.Intn(2) == 0
			}
			items = append(items, IndexItem{Kind: IndexTensor, Tensor: FromSlice(mask, size)})
			d++
		case kind == 8 && !ellipsis:
			ellipsis = true
			items = append(items, IndexItem{Kind: IndexEllipsis})
			// the ellipsis takes the dimensions the rest leaves; stop
			// consuming so that the count stays valid
			return append(items, randomTail(r, shape, d)...)
		default:
			items = append(items, IndexItem{Kind: IndexNone})
		}
	}
	return items
}

// randomTail adds, after an ellipsis, a few ints for the last dimensions
// (which the ints after an ellipsis index, in order) mixed with Nones.
func randomTail(r *rand.Rand, shape []int, d int) []IndexItem {
	n := r.Intn(len(shape) - d + 1)
	sizes := shape[len(shape)-n:]
	for _, s := range sizes {
		if s == 0 {
			return nil
		}
	}
	var out []IndexItem
	k := 0
	for k < n || r.Intn(3) == 0 {
		if k < n && r.Intn(3) != 0 {
			out = append(out, IndexItem{Kind: IndexInt, Int: r.Intn(2*sizes[k]) - sizes[k]})
			k++
		} else {
			out = append(out, IndexItem{Kind: IndexNone})
		}
	}
	return out
}

// hasAdvanced reports whether an index has tensor items.
func hasAdvanced(items []IndexItem) bool {
	for _, it := range items {
		if it.Kind == IndexTensor {
			return true
		}
	}
	return false
}

// indexCoverage counts the kinds of index the random tests produced.
type indexCoverage struct{ adv, multiAdv, mask, ellipsis, none int }

func (c *indexCoverage) add(items []IndexItem) {
	tensors := 0
	for _, it := range items {
		switch it.Kind {
		case IndexTensor:
			tensors++
			if it.Tensor.DType() == Bool {
				c.mask++
			}
		case IndexEllipsis:
			c.ellipsis++
		case IndexNone:
			c.none++
		}
	}
	if tensors > 0 {
		c.adv++
	}
	if tensors > 1 {
		c.multiAdv++
	}
}

func (c *indexCoverage) check(t *testing.T) {
	if c.adv < 2000 || c.multiAdv < 500 || c.mask < 500 || c.ellipsis < 500 || c.none < 500 {
		t.Fatalf("poor coverage: %+v", *c)
	}
}

func TestGetItemAgainstReference(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	var cov indexCoverage
	defer cov.check(t)
	for iter := 0; iter < 20000; iter++ {
		shape := randomShape(r, 3, 4)
		base := guarded(shape, randomLayout(r, shape), 3)
		vals := Slice[float32](base.st)
		base.ForEach(func(off int) { vals[off] = float32(off) })
		items := randomIndex(r, shape)
		cov.add(items)
		rshape, srcs := refIndex(shape, items)
		got := base.GetItem(items, true, nil)
		if !sameShape(got.shape, rshape) {
			t.Fatalf("x%v with x of shape %v: shape %v, want %v", describe(items), shape, got.shape, rshape)
		}
		gv := got.Values()
		for k, src := range srcs {
			want := base.At(src...)
			if gv[k] != want {
				t.Fatalf("x%v with x of shape %v: element %d = %v, want %v (source %v)", describe(items), shape, k, gv[k], want, src)
			}
		}
		if adv := hasAdvanced(items); adv == (got.st == base.st) && got.Numel() > 0 {
			t.Fatalf("x%v: advanced=%v but shares storage=%v", describe(items), adv, got.st == base.st)
		}
		checkGuardsOf(t, base, 3)
	}
}

func TestSetItemAgainstReference(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for iter := 0; iter < 20000; iter++ {
		shape := randomShape(r, 3, 4)
		const guard = 3
		x := guarded(shape, randomLayout(r, shape), guard)
		data := Slice[float32](x.st)
		x.ForEach(func(off int) { data[off] = -1 })
		items := randomIndex(r, shape)
		rshape, srcs := refIndex(shape, items)
		// skip indices that write an element twice (the winner is an
		// iteration-order detail)
		seen := map[string]bool{}
		dup := false
		for _, s := range srcs {
			k := fmt.Sprint(s)
			if seen[k] {
				dup = true
			}
			seen[k] = true
		}
		if dup {
			continue
		}
		// The value: the result's shape, or a broadcastable suffix of it.
		vshape := rshape
		if len(vshape) > 0 && r.Intn(3) == 0 {
			vshape = vshape[1+r.Intn(len(vshape)):]
		}
		v := Empty(vshape, Float32)
		vd := Slice[float32](v.st)
		for i := range vd {
			vd[i] = float32(100 + i)
		}
		want := map[string]float32{}
		ev := v.Expand(rshape).Values()
		for k, s := range srcs {
			want[fmt.Sprint(s)] = float32(ev[k].F)
		}
		x.SetItem(items, true, v, nil)
		checkGuardsOf(t, x, guard)
		all := rowMajorIndices(shape)
		xv := x.Values()
		for k, idx := range all {
			w, ok := want[fmt.Sprint(idx)]
			if !ok {
				w = -1
			}
			if float32(xv[k].F) != w {
				t.Fatalf("x%v = v (x %v, v %v): x%v = %v, want %v", describe(items), shape, vshape, idx, xv[k].F, w)
			}
		}
	}
}

func rowMajorIndices(shape []int) [][]int {
	var out [][]int
	n := Numel(shape)
	idx := make([]int, len(shape))
	for k := 0; k < n; k++ {
		out = append(out, append([]int{}, idx...))
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

func checkGuardsOf(t *testing.T, x *Tensor, guard int) {
	t.Helper()
	checkGuards(t, x, guard)
}

// TestIndexOutputLayout checks the strides of advanced-indexing results,
// which follow TensorIterator's choice (values from PyTorch 1.13).
func TestIndexOutputLayout(t *testing.T) {
	y := FromSlice(make([]int64, 24), 2, 3, 4)
	x := FromSlice(make([]int64, 12), 3, 4)
	idx := FromSlice([]int64{0, 1}, 2)
	cases := []struct {
		name string
		got  *Tensor
		want []int
	}{
		{"x.t()[[0,1]]", x.Transpose(0, 1).Index([]*Tensor{idx}, nil), []int{3, 1}},
		{"y.permute(2,0,1)[[0,1]]", y.Permute([]int{2, 0, 1}).Index([]*Tensor{idx}, nil), []int{6, 3, 1}},
		{"y.transpose(0,2)[:, [0,1]]", y.Transpose(0, 2).Index([]*Tensor{nil, idx}, nil), []int{1, 4, 8}},
		{"y.transpose(0,2)[[0,1]]", y.Transpose(0, 2).Index([]*Tensor{idx}, nil), []int{6, 1, 3}},
		{"y.transpose(0,1)[:, :, [0,1]]", y.Transpose(0, 1).Index([]*Tensor{nil, nil, idx}, nil), []int{2, 6, 1}},
		{"y[[0,1], :, [0,1]]", y.Index([]*Tensor{idx, nil, idx}, nil), []int{3, 1}},
		{"y[:, :, [[0,1]]]", y.Index([]*Tensor{nil, nil, idx.Unsqueeze(0)}, nil), []int{6, 2, 2, 1}},
	}
	for _, c := range cases {
		if !sameShape(c.got.strides, c.want) {
			t.Errorf("%s: strides %v, want %v", c.name, c.got.strides, c.want)
		}
	}
}

func BenchmarkMaskIndex4096Float32(b *testing.B) {
	x := Empty([]int{4096, 4096}, Float32)
	m := Empty([]int{4096, 4096}, Bool)
	md := Slice[bool](m.st)
	for i := range md {
		md[i] = i%3 == 0
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.GetItem([]IndexItem{{Kind: IndexTensor, Tensor: m}}, true, nil)
	}
}

func BenchmarkRowIndex4096Float32(b *testing.B) {
	x := Empty([]int{4096, 4096}, Float32)
	idx := make([]int64, 2048)
	for i := range idx {
		idx[i] = int64(i * 2)
	}
	it := FromSlice(idx, 2048)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.GetItem([]IndexItem{{Kind: IndexTensor, Tensor: it}}, true, nil)
	}
}

func BenchmarkMaskAssign4096Float32(b *testing.B) {
	x := Empty([]int{4096, 4096}, Float32)
	m := Empty([]int{4096, 4096}, Bool)
	md := Slice[bool](m.st)
	for i := range md {
		md[i] = i%3 == 0
	}
	v := Scalar0(FloatS(1), Float32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.SetItem([]IndexItem{{Kind: IndexTensor, Tensor: m}}, true, v, nil)
	}
}
