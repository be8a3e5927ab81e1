package tensor

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// tv makes a contiguous tensor of dtype d and the given shape from float64
// values (converted as Storage.Set converts).
func tv(d DType, shape []int, vs ...float64) *Tensor {
	t := Empty(shape, d)
	if len(vs) != t.Numel() {
		panic("tv: wrong number of values")
	}
	for i, v := range vs {
		if d.IsFloat() {
			t.st.Set(i, FloatS(v))
		} else {
			t.st.Set(i, IntS(int64(v)))
		}
	}
	return t
}

// ar is torch.arange(n, dtype=d).view(shape) (shape defaults to (n,)).
func ar(n int, d DType, shape ...int) *Tensor {
	if shape == nil {
		shape = []int{n}
	}
	t := Empty(shape, d)
	for i := 0; i < n; i++ {
		t.st.Set(i, IntS(int64(i)))
	}
	return t
}

// mapT returns a copy of t (float64 dtype d) with f applied to each element.
func mapT(t *Tensor, d DType, f func(float64) float64) *Tensor {
	out := Empty(t.shape, d)
	vs := t.Values()
	for i, v := range vs {
		out.st.Set(i, FloatS(f(v.Float())))
	}
	return out
}

var (
	nan  = math.NaN()
	inf  = math.Inf(1)
	negz = math.Copysign(0, -1)
)

func withOpts(f func(*PrintOptions)) PrintOptions {
	o := DefaultPrintOptions()
	f(&o)
	return o
}

// TestPrintTable checks reprs against PyTorch 1.13's output (the
// statements of conformance/printing.tsh and a few more, built in Go).
func TestPrintTable(t *testing.T) {
	def := DefaultPrintOptions()
	cases := []struct {
		name string
		x    *Tensor
		o    PrintOptions
		want string
	}{
		{"ints", tv(Int64, []int{3}, 1, 2, 3), def, "tensor([1, 2, 3])"},
		{"int widths", tv(Int64, []int{3}, 1, -2, 300), def, "tensor([  1,  -2, 300])"},
		{"neg ints", tv(Int64, []int{3}, -1, -20, -300), def, "tensor([  -1,  -20, -300])"},
		{"int64 extremes", func() *Tensor {
			x := Empty([]int{2}, Int64)
			x.st.Set(0, IntS(math.MaxInt64))
			x.st.Set(1, IntS(math.MinInt64))
			return x
		}(), def, "tensor([ 9223372036854775807, -9223372036854775808])"},
		{"0-d int", tv(Int64, nil, -5), def, "tensor(-5)"},
		{"int matrix", tv(Int64, []int{2, 2}, 1, -1, 100, 0), def, "tensor([[  1,  -1],\n        [100,   0]])"},
		{"integral floats", tv(Float32, []int{3}, 1, -2, 300), def, "tensor([  1.,  -2., 300.])"},
		{"floats", tv(Float32, []int{2}, 1.5, 2), def, "tensor([1.5000, 2.0000])"},
		{"rounding", tv(Float32, []int{1}, 1.23456789), def, "tensor([1.2346])"},
		{"0-d float", tv(Float32, nil, 3.14159), def, "tensor(3.1416)"},
		{"0-d integral", tv(Float32, nil, 2), def, "tensor(2.)"},
		{"float32 0.1", tv(Float32, []int{3}, 0.1, 0.25, -0.125), def, "tensor([ 0.1000,  0.2500, -0.1250])"},
		{"mixed widths", tv(Float32, []int{3}, -1.5, 10.25, 100), def, "tensor([ -1.5000,  10.2500, 100.0000])"},
		{"float32 rounding", tv(Float32, []int{1}, 123456.789), def, "tensor([123456.7891])"},
		{"float64", tv(Float64, []int{1}, 1.0/3), def, "tensor([0.3333], dtype=torch.float64)"},
		{"0.99999", tv(Float32, []int{1}, 0.99999), def, "tensor([1.0000])"},
		{"sci small", tv(Float32, []int{2}, 2.5e-5, 0), def, "tensor([2.5000e-05, 0.0000e+00])"},
		{"zero", tv(Float32, []int{1}, 0), def, "tensor([0.])"},
		{"ratio 1000", tv(Float32, []int{2}, 1, 1000), def, "tensor([   1., 1000.])"},
		{"ratio 1001", tv(Float32, []int{2}, 1, 1001), def, "tensor([1.0000e+00, 1.0010e+03])"},
		{"ratio 1000 frac", tv(Float32, []int{2}, 1.5, 1000), def, "tensor([   1.5000, 1000.0000])"},
		{"ratio 1066 frac", tv(Float32, []int{2}, 1.5, 1600), def, "tensor([1.5000e+00, 1.6000e+03])"},
		{"1e8", tv(Float32, []int{1}, 1e8), def, "tensor([100000000.])"},
		{"1.5e8", tv(Float32, []int{1}, 1.5e8), def, "tensor([1.5000e+08])"},
		{"1e-4", tv(Float32, []int{1}, 0.0001), def, "tensor([1.0000e-04])"},
		{"1.1e-4", tv(Float32, []int{1}, 0.00011), def, "tensor([0.0001])"},
		{"1e-10", tv(Float32, nil, 1e-10), def, "tensor(1.0000e-10)"},
		{"1e20", tv(Float32, nil, 1e20), def, "tensor(1.0000e+20)"},
		{"1e300", tv(Float64, []int{1}, 1e300), def, "tensor([1.0000e+300], dtype=torch.float64)"},
		{"neg sci", tv(Float32, []int{2}, -1e-5, 5), def, "tensor([-1.0000e-05,  5.0000e+00])"},
		{"nan", tv(Float32, []int{1}, nan), def, "tensor([nan])"},
		{"infs", tv(Float32, []int{2}, inf, -inf), def, "tensor([inf, -inf])"},
		{"nan int mode", tv(Float32, []int{2}, nan, 1), def, "tensor([nan, 1.])"},
		{"nan frac", tv(Float32, []int{2}, nan, 1.5), def, "tensor([   nan, 1.5000])"},
		{"inf int mode", tv(Float32, []int{3}, inf, 1, -2), def, "tensor([inf,  1., -2.])"},
		{"nan sci", tv(Float32, []int{3}, nan, 1e-5, 1), def, "tensor([       nan, 1.0000e-05, 1.0000e+00])"},
		{"0-d nan", tv(Float32, nil, nan), def, "tensor(nan)"},
		{"0-d -inf", tv(Float32, nil, -inf), def, "tensor(-inf)"},
		{"-0", tv(Float32, []int{1}, negz), def, "tensor([-0.])"},
		{"0-d -0", tv(Float32, nil, negz), def, "tensor(-0.)"},
		{"-0 frac", tv(Float32, []int{2}, negz, 1.5), def, "tensor([-0.0000, 1.5000])"},
		{"-0 and 0", tv(Float32, []int{2}, negz, 0), def, "tensor([-0., 0.])"},
		{"bools", tv(Bool, []int{2}, 1, 0), def, "tensor([ True, False])"},
		{"bool column", tv(Bool, []int{2, 1}, 1, 0), def, "tensor([[ True],\n        [False]])"},
		{"0-d bool", tv(Bool, nil, 1), def, "tensor(True)"},
		{"int32", tv(Int32, []int{2}, 1, 2), def, "tensor([1, 2], dtype=torch.int32)"},
		{"int8", tv(Int8, []int{2}, -1, 2), def, "tensor([-1,  2], dtype=torch.int8)"},
		{"uint8", tv(Uint8, []int{2}, 1, 255), def, "tensor([  1, 255], dtype=torch.uint8)"},
		{"float16", tv(Float16, []int{2}, 1.5, 2), def, "tensor([1.5000, 2.0000], dtype=torch.float16)"},
		{"bfloat16 third", tv(BFloat16, []int{2}, 1.0/3, 2), def, "tensor([0.3340, 2.0000], dtype=torch.bfloat16)"},
		{"float16 third", tv(Float16, []int{2}, 1.0/3, 2), def, "tensor([0.3333, 2.0000], dtype=torch.float16)"},
		{"float16 sci", tv(Float16, []int{2}, 0.1, 60000), def, "tensor([9.9976e-02, 6.0000e+04], dtype=torch.float16)"},
		{"float16 underflow", tv(Float16, []int{2}, 1e-8, 1), def, "tensor([0., 1.], dtype=torch.float16)"},
		{"float16 overflow", tv(Float16, []int{2}, 100000, 3), def, "tensor([inf, 3.], dtype=torch.float16)"},
		{"float16 subnormal", tv(Float16, nil, 6e-8), def, "tensor(5.9605e-08, dtype=torch.float16)"},
		{"bfloat16 1e30", tv(BFloat16, []int{2}, 1e30, 3), def, "tensor([1.0003e+30, 3.0000e+00], dtype=torch.bfloat16)"},
		{"bfloat16 1001", tv(BFloat16, []int{2}, 1001, 1), def, "tensor([1000.,    1.], dtype=torch.bfloat16)"},
		{"0-d int32", tv(Int32, nil, 1), def, "tensor(1, dtype=torch.int32)"},
		{"empty", Empty([]int{0}, Float32), def, "tensor([])"},
		{"empty 2x0", Empty([]int{2, 0}, Float32), def, "tensor([], size=(2, 0))"},
		{"empty int32", Empty([]int{0, 3}, Int32), def, "tensor([], size=(0, 3), dtype=torch.int32)"},
		{"empty 3-d", Empty([]int{3, 0, 2}, Float32), def, "tensor([], size=(3, 0, 2))"},
		{"empty int64", Empty([]int{0}, Int64), def, "tensor([], dtype=torch.int64)"},
		{"empty bool", Empty([]int{0}, Bool), def, "tensor([], dtype=torch.bool)"},
		{"3-d", ar(6, Int64, 1, 2, 3), def, "tensor([[[0, 1, 2],\n         [3, 4, 5]]])"},
		{"4-d", ar(16, Int64, 2, 2, 2, 2), def, "tensor([[[[ 0,  1],\n          [ 2,  3]],\n\n         [[ 4,  5],\n          [ 6,  7]]],\n\n\n        [[[ 8,  9],\n          [10, 11]],\n\n         [[12, 13],\n          [14, 15]]]])"},
		{"3x1x2", ar(6, Int64, 3, 1, 2), def, "tensor([[[0, 1]],\n\n        [[2, 3]],\n\n        [[4, 5]]])"},
		{"2x1x1x1", ar(2, Int64, 2, 1, 1, 1), def, "tensor([[[[0]]],\n\n\n        [[[1]]]])"},
		{"summarized 1001", ar(1001, Int64), def, "tensor([   0,    1,    2,  ...,  998,  999, 1000])"},
		{"summarized columns", ar(3000, Int64, 1000, 3), def, "tensor([[   0,    1,    2],\n        [   3,    4,    5],\n        [   6,    7,    8],\n        ...,\n        [2991, 2992, 2993],\n        [2994, 2995, 2996],\n        [2997, 2998, 2999]])"},
		{"summarized sci wrap", mapT(ar(2000, Int64), Float32, func(v float64) float64 { return float64(float32(v) / 7) }), def,
			"tensor([0.0000e+00, 1.4286e-01, 2.8571e-01,  ..., 2.8529e+02, 2.8543e+02,\n        2.8557e+02])"},
		{"summarized float64", mapT(ar(2000, Int64), Float64, func(v float64) float64 { return v }), def,
			"tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n        1.9990e+03], dtype=torch.float64)"},
		{"summary hides values", func() *Tensor {
			x := Empty([]int{1002}, Int64)
			x.st.Set(0, IntS(123456))
			x.st.Set(1001, IntS(7))
			return x
		}(), def, "tensor([123456,      0,      0,  ...,      0,      0,      7])"},
		{"wrap", ar(30, Int64), def, "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])"},
		{"wrap bools", func() *Tensor {
			x := Empty([]int{20}, Bool)
			for i := 0; i < 20; i += 2 {
				x.st.Set(i, BoolS(true))
			}
			return x
		}(), def, "tensor([ True, False,  True, False,  True, False,  True, False,  True, False,\n         True, False,  True, False,  True, False,  True, False,  True, False])"},
		{"wrap int8 suffix", ar(25, Int8), def, "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n        18, 19, 20, 21, 22, 23, 24], dtype=torch.int8)"},
		{"suffix fits", Full([]int{6}, FloatS(1.5), Float64), def, "tensor([1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000], dtype=torch.float64)"},
		{"suffix moves", Full([]int{7}, FloatS(1.5), Float64), def, "tensor([1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000],\n       dtype=torch.float64)"},
		{"suffix 17", Full([]int{17}, IntS(1), Int8), def, "tensor([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], dtype=torch.int8)"},
		{"suffix 18", Full([]int{18}, IntS(1), Int8), def, "tensor([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],\n       dtype=torch.int8)"},
		{"suffix 2-d", Full([]int{2, 7}, FloatS(1.5), Float64), def, "tensor([[1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000],\n        [1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000, 1.5000]],\n       dtype=torch.float64)"},
		{"precision 2", tv(Float32, []int{2}, 1.23456, 2), withOpts(func(o *PrintOptions) { o.Precision = 2 }), "tensor([1.23, 2.00])"},
		{"precision 2 sci", tv(Float32, []int{2}, 1e-5, 1), withOpts(func(o *PrintOptions) { o.Precision = 2 }), "tensor([1.00e-05, 1.00e+00])"},
		{"sci off", tv(Float32, []int{2}, 1e-5, 1), withOpts(func(o *PrintOptions) { o.SciMode = SciOff }), "tensor([    0.0000,     1.0000])"},
		{"sci off int mode", tv(Float32, []int{2}, 1e10, 1), withOpts(func(o *PrintOptions) { o.SciMode = SciOff }), "tensor([10000000000.,         1.])"},
		{"sci on", tv(Float32, []int{2}, 1, 2), withOpts(func(o *PrintOptions) { o.SciMode = SciOn }), "tensor([1.0000e+00, 2.0000e+00])"},
		{"sci on ints", tv(Int64, []int{2}, 1, 2), withOpts(func(o *PrintOptions) { o.SciMode = SciOn }), "tensor([1, 2])"},
		{"sci on zeros", tv(Float32, []int{2}, 0, 0), withOpts(func(o *PrintOptions) { o.SciMode = SciOn }), "tensor([0., 0.])"},
		{"threshold 5", ar(7, Int64), withOpts(func(o *PrintOptions) { o.Threshold = 5 }), "tensor([0, 1, 2,  ..., 4, 5, 6])"},
		{"threshold 5 matrix", ar(12, Int64, 3, 4), withOpts(func(o *PrintOptions) { o.Threshold = 5 }), "tensor([[ 0,  1,  2,  3],\n        [ 4,  5,  6,  7],\n        [ 8,  9, 10, 11]])"},
		{"edgeitems 1", ar(60, Int64, 3, 4, 5), withOpts(func(o *PrintOptions) { o.Threshold = 5; o.EdgeItems = 1 }),
			"tensor([[[ 0,  ...,  4],\n         ...,\n         [15,  ..., 19]],\n\n        ...,\n\n        [[40,  ..., 44],\n         ...,\n         [55,  ..., 59]]])"},
		{"edgeitems 0 vector", ar(10, Int64), withOpts(func(o *PrintOptions) { o.Threshold = 5; o.EdgeItems = 0 }), "tensor([ ..., 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])"},
		{"edgeitems -1 vector", ar(10, Int64), withOpts(func(o *PrintOptions) { o.Threshold = 5; o.EdgeItems = -1 }), "tensor([0, 1, 2, 3, 4, 5, 6, 7, 8,  ..., 1, 2, 3, 4, 5, 6, 7, 8, 9])"},
		{"linewidth 5", ar(10, Int64), withOpts(func(o *PrintOptions) { o.LineWidth = 5 }), "tensor([0,\n        1,\n        2,\n        3,\n        4,\n        5,\n        6,\n        7,\n        8,\n        9])"},
		{"linewidth 30.5", mapT(ar(10, Int64), Float32, func(v float64) float64 { return v }), withOpts(func(o *PrintOptions) { o.LineWidth = 30.5 }), "tensor([0., 1., 2., 3., 4.,\n        5., 6., 7., 8., 9.])"},
		{"precision 0", tv(Float32, []int{2}, 1.5, 2), withOpts(func(o *PrintOptions) { o.Precision = 0 }), "tensor([2, 2])"},
		{"precision 0 sci", tv(Float32, []int{2}, 1e-5, 2), withOpts(func(o *PrintOptions) { o.Precision = 0 }), "tensor([1e-05, 2e+00])"},
		{"precision -1 int mode", tv(Float32, []int{2}, 1, 2), withOpts(func(o *PrintOptions) { o.Precision = -1 }), "tensor([1., 2.])"},
		{"precision 30", tv(Float32, []int{2}, 1.5, 2), withOpts(func(o *PrintOptions) { o.Precision = 30 }), "tensor([1.500000000000000000000000000000, 2.000000000000000000000000000000])"},
		{"short profile", ar(2000, Int64), func() PrintOptions { o, _ := PrintProfile("short"); return o }(), "tensor([   0,    1,  ..., 1998, 1999])"},
		{"linewidth inf 0-d", tv(Int64, nil, 1), withOpts(func(o *PrintOptions) { o.LineWidth = math.Inf(1) }), "tensor(1)"},
		{"linewidth -inf empty", Empty([]int{0}, Int32), withOpts(func(o *PrintOptions) { o.LineWidth = math.Inf(-1) }), "tensor([],\n       dtype=torch.int32)"},
		{"linewidth nan empty", Empty([]int{0}, Int32), withOpts(func(o *PrintOptions) { o.LineWidth = math.NaN() }), "tensor([], dtype=torch.int32)"},
		{"cuda", tv(Float32, []int{2}, 1, 2).WithDevice(Device{Type: "cuda", Index: 0}), def, "tensor([1., 2.], device='cuda:0')"},
		{"cuda int32", tv(Int32, []int{2}, 1, 2).WithDevice(Device{Type: "cuda", Index: 0}), def, "tensor([1, 2], device='cuda:0', dtype=torch.int32)"},
		{"cuda empty", Empty([]int{0}, Float32).WithDevice(Device{Type: "cuda", Index: 0}), def, "tensor([], device='cuda:0')"},
	}
	for _, c := range cases {
		got, err := formatCatching(c.x, c.o)
		if err != nil {
			t.Errorf("%s: unexpected %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
}

func TestPrintErrors(t *testing.T) {
	cases := []struct {
		name string
		x    *Tensor
		o    PrintOptions
		want string
	}{
		{"negative precision", tv(Float32, []int{2}, 1.5, 2), withOpts(func(o *PrintOptions) { o.Precision = -1 }), "ValueError: Format specifier missing precision"},
		{"edgeitems 0 matrix", ar(10, Int64, 2, 5), withOpts(func(o *PrintOptions) { o.Threshold = 5; o.EdgeItems = 0 }), "RuntimeError: stack expects a non-empty TensorList"},
		{"linewidth inf", ar(2, Int64), withOpts(func(o *PrintOptions) { o.LineWidth = math.Inf(1) }), "OverflowError: cannot convert float infinity to integer"},
		{"linewidth -inf", ar(2, Int64), withOpts(func(o *PrintOptions) { o.LineWidth = math.Inf(-1) }), "OverflowError: cannot convert float infinity to integer"},
		{"linewidth nan", ar(2, Int64), withOpts(func(o *PrintOptions) { o.LineWidth = math.NaN() }), "ValueError: cannot convert float NaN to integer"},
	}
	for _, c := range cases {
		_, err := formatCatching(c.x, c.o)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got error %v, want %s", c.name, err, c.want)
		}
	}
}

func TestPrintDefaultFloat64(t *testing.T) {
	defer SetDefaultFloat(DefaultFloat())
	SetDefaultFloat(Float64)
	def := DefaultPrintOptions()
	for _, c := range []struct {
		x    *Tensor
		want string
	}{
		{tv(Float64, []int{2}, 1, 2), "tensor([1., 2.])"},
		{tv(Float32, []int{2}, 1, 2), "tensor([1., 2.], dtype=torch.float32)"},
		{Empty([]int{0}, Float64), "tensor([])"},
		{Empty([]int{0}, Float32), "tensor([], dtype=torch.float32)"},
	} {
		if got := c.x.StringWith(def); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

// TestPrintNonContiguous prints views (transposed, stepped, offset) of a
// storage.
func TestPrintNonContiguous(t *testing.T) {
	base := ar(12, Int64, 3, 4)
	tr := FromStorage(base.st, 0, []int{4, 3}, []int{1, 4})
	if got, want := tr.StringWith(DefaultPrintOptions()), "tensor([[ 0,  4,  8],\n        [ 1,  5,  9],\n        [ 2,  6, 10],\n        [ 3,  7, 11]])"; got != want {
		t.Errorf("transpose: got\n%s\nwant\n%s", got, want)
	}
	col := base.Select(1, 2)
	if got, want := col.StringWith(DefaultPrintOptions()), "tensor([ 2,  6, 10])"; got != want {
		t.Errorf("column: got %s, want %s", got, want)
	}
	exp := tv(Float32, []int{1}, 2.5).Expand([]int{3, 2})
	if got, want := exp.String(), "tensor([[2.5000, 2.5000],\n        [2.5000, 2.5000],\n        [2.5000, 2.5000]])"; got != want {
		t.Errorf("expand: got %s, want %s", got, want)
	}
}

func TestStorageString(t *testing.T) {
	cases := []struct {
		x    *Tensor
		want string
	}{
		{tv(Int64, []int{3}, 1, 2, 3), " 1\n 2\n 3\n[torch.storage.TypedStorage(dtype=torch.int64, device=cpu) of size 3]"},
		{tv(Float32, []int{3}, 0.1, 1.5, -3), " 0.10000000149011612\n 1.5\n -3.0\n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 3]"},
		{tv(Float16, []int{3}, 0.1, 1.5, -3), " 0.0999755859375\n 1.5\n -3.0\n[torch.storage.TypedStorage(dtype=torch.float16, device=cpu) of size 3]"},
		{tv(BFloat16, []int{3}, 0.1, 1.5, -3), " 0.10009765625\n 1.5\n -3.0\n[torch.storage.TypedStorage(dtype=torch.bfloat16, device=cpu) of size 3]"},
		{tv(Bool, []int{2}, 1, 0), " True\n False\n[torch.storage.TypedStorage(dtype=torch.bool, device=cpu) of size 2]"},
		{Empty([]int{0}, Float32), " \n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 0]"},
		{tv(Float32, []int{4}, 1e20, 1e-20, nan, inf), " 1.0000000200408773e+20\n 9.999999682655225e-21\n nan\n inf\n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 4]"},
		{tv(Uint8, []int{2}, 1, 2), " 1\n 2\n[torch.storage.TypedStorage(dtype=torch.uint8, device=cpu) of size 2]"},
		// a view prints its whole storage
		{ar(4, Int64).Select(0, 2), " 0\n 1\n 2\n 3\n[torch.storage.TypedStorage(dtype=torch.int64, device=cpu) of size 4]"},
	}
	for _, c := range cases {
		if got := c.x.StorageString(); got != c.want {
			t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
		}
	}
}

// TestPyFloatFormats compares pyFloatRepr, pyFormatF and pyFormatE with
// CPython's repr(), '{:.Pf}' and '{:.Pe}' (testdata/float_golden.txt).
func TestPyFloatFormats(t *testing.T) {
	f, err := os.Open("testdata/float_golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n := 0
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		bits, err := strconv.ParseUint(fs[0], 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		v := math.Float64frombits(bits)
		prec, _ := strconv.Atoi(fs[1])
		if got := pyFloatRepr(v); got != fs[2] {
			t.Errorf("repr(%s): got %s", fs[2], got)
		}
		if got := pyFormatF(v, prec); got != fs[3] {
			t.Errorf("'{:.%df}'.format(%s): got %s, want %s", prec, fs[2], got, fs[3])
		}
		if got := pyFormatE(v, prec); got != fs[4] {
			t.Errorf("'{:.%de}'.format(%s): got %s, want %s", prec, fs[2], got, fs[4])
		}
		n++
	}
	if n < 5000 {
		t.Fatalf("only %d float cases", n)
	}
}

func TestPrintProfiles(t *testing.T) {
	if o, ok := PrintProfile("short"); !ok || o.Precision != 2 || o.EdgeItems != 2 || o.Threshold != 1000 || o.LineWidth != 80 {
		t.Errorf("short: %+v", o)
	}
	if o, ok := PrintProfile("full"); !ok || !math.IsInf(o.Threshold, 1) || o.Precision != 4 {
		t.Errorf("full: %+v", o)
	}
	if _, ok := PrintProfile("foo"); ok {
		t.Error("foo is not a profile")
	}
	old := GetPrintOptions()
	defer SetPrintOptions(old)
	SetPrintOptions(withOpts(func(o *PrintOptions) { o.Precision = 2 }))
	if got := tv(Float32, nil, 3.14159).String(); got != "tensor(3.14)" {
		t.Errorf("String after SetPrintOptions: %s", got)
	}
}

// TestPrintLargeIsFast checks that a summarized repr reads only the shown
// elements: a 1000x1000 repr must take well under a millisecond's work per
// call.
// TestPrintLargeIsSummarized: a summarized repr reads only the elements it
// shows. The tensor has 10^12 elements (one, expanded): a printer that
// visited them all would not finish. (BenchmarkPrintSummarized times it.)
func TestPrintLargeIsSummarized(t *testing.T) {
	x := Full([]int{1, 1}, FloatS(0.5), Float32).Expand([]int{1000000, 1000000})
	row := "[0.5000, 0.5000, 0.5000,  ..., 0.5000, 0.5000, 0.5000]"
	want := "tensor([" + row + ",\n" +
		strings.Repeat("        "+row+",\n", 2) +
		"        ...,\n" +
		strings.Repeat("        "+row+",\n", 2) +
		"        " + row + "])"
	if got := x.StringWith(DefaultPrintOptions()); got != want {
		t.Fatalf("got\n%s", got)
	}
}

func BenchmarkPrintSummarized(b *testing.B) {
	x := Full([]int{1000, 1000}, FloatS(0.5), Float32)
	for i := 0; i < b.N; i++ {
		_ = x.String()
	}
}
