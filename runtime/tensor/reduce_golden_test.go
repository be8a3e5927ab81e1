package tensor

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"
)

// reduceCase is one line of testdata/reduce_golden.jsonl, written by
// testdata/gen_reduce_golden.py with PyTorch 1.13.
type reduceCase struct {
	Op      string   `json:"op"`
	DType   string   `json:"dtype"`
	Kind    string   `json:"kind"`
	Base    int      `json:"base"`
	Off     int      `json:"off"`
	Shape   []int    `json:"shape"`
	Strides []int    `json:"strides"`
	Dims    []int    `json:"dims"`
	Keepdim bool     `json:"keepdim"`
	Out     []int    `json:"out"`
	Bits    []uint64 `json:"bits"`
	P       any      `json:"p"`
}

// reduceGoldenValue is the generator's value(dtype, i, kind).
func reduceGoldenValue(dtype string, i int, kind string) float64 {
	u := (uint64(i)*2654435761 + 12345) % (1 << 32)
	if kind == "prod" {
		k := int64(u>>22) - 512
		return 1 + float64(k)/(1<<13)
	}
	switch dtype {
	case "float32":
		return float64(int64(u>>11)-(1<<20)) / 1024
	case "float64":
		return float64((int64(u)-(1<<31))*(1<<19)+int64(i%524288)) / (1 << 40)
	case "float16":
		return float64(int64(u>>21)-1024) / 64
	case "bfloat16":
		return float64(int64(u>>24)-128) / 16
	}
	panic(dtype)
}

// reduceGoldenBase makes the base storage of a golden case.
func reduceGoldenBase(c *reduceCase) *Storage {
	d, ok := DTypeByName(c.DType)
	if !ok {
		panic(c.DType)
	}
	st := NewStorage(d, c.Base)
	for i := 0; i < c.Base; i++ {
		st.Set(i, FloatS(reduceGoldenValue(c.DType, i, c.Kind)))
	}
	return st
}

// tensorBits returns the bit patterns of t's elements in row-major order.
func tensorBits(t *Tensor) []uint64 {
	var out []uint64
	t.ForEach(func(off int) {
		switch d := t.st.data.(type) {
		case []float32:
			out = append(out, uint64(math.Float32bits(d[off])))
		case []float64:
			out = append(out, math.Float64bits(d[off]))
		case []Half:
			out = append(out, uint64(d[off]))
		case []BF16:
			out = append(out, uint64(d[off]))
		default:
			out = append(out, uint64(t.st.Get(off).Int()))
		}
	})
	return out
}

func runReduceGolden(c *reduceCase) *Tensor {
	if c.Dims == nil {
		c.Keepdim = false
	}
	st := reduceGoldenBase(c)
	x := FromStorage(st, c.Off, c.Shape, c.Strides)
	switch c.Op {
	case "sum":
		return Sum(x, c.Dims, c.Keepdim)
	case "mean":
		return Mean(x, c.Dims, c.Keepdim)
	case "prod":
		return Prod(x, c.Dims, c.Keepdim)
	case "std":
		return Std(x, c.Dims, 1, c.Keepdim)
	case "var":
		return Var(x, c.Dims, 0, c.Keepdim)
	case "norm":
		p := math.Inf(1)
		if f, ok := c.P.(float64); ok {
			p = f
		}
		return Norm(x, p, c.Dims, c.Keepdim)
	case "cumsum":
		return Cumsum(x, c.Dims[0])
	case "cumprod":
		return Cumprod(x, c.Dims[0])
	case "logsumexp":
		return Logsumexp(x, c.Dims, c.Keepdim)
	}
	panic(c.Op)
}

// TestReduceGolden checks reductions bit for bit against PyTorch.
func TestReduceGolden(t *testing.T) {
	f, err := os.Open("testdata/reduce_golden.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	fails := map[string]int{}
	total := map[string]int{}
	line := 0
	for sc.Scan() {
		line++
		var c reduceCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if testing.Short() && c.Base > 100000 {
			continue
		}
		key := c.Op + "/" + c.DType
		total[key]++
		got := runReduceGolden(&c)
		if fmt.Sprint(got.Shape()) != fmt.Sprint(c.Out) {
			t.Errorf("line %d %s: shape %v, want %v", line, key, got.Shape(), c.Out)
			continue
		}
		gb := tensorBits(got)
		ulps := maxULP(c.DType, gb, c.Bits)
		allowed := allowedULP(c.Op)
		if ulps > allowed {
			if fails[key] < 3 {
				t.Errorf("line %d %s shape %v strides %v dims %v: off by %d ulp", line, key, c.Shape, c.Strides, c.Dims, ulps)
			}
			fails[key]++
		}
	}
	for k, n := range fails {
		t.Errorf("%s: %d of %d cases differ", k, n, total[k])
	}
}

// allowedULP is how far an op may be from PyTorch, in units in the last
// place of the result: every op here follows ATen's kernels exactly.
func allowedULP(op string) int64 { return 0 }

func maxULP(dtype string, a, b []uint64) int64 {
	if len(a) != len(b) {
		return math.MaxInt64
	}
	var m int64
	for i := range a {
		d := ordered(dtype, a[i]) - ordered(dtype, b[i])
		if d < 0 {
			d = -d
		}
		m = max(m, d)
	}
	return m
}

// ordered maps float bits to integers that are consecutive for adjacent
// floats.
func ordered(dtype string, u uint64) int64 {
	if dtype == "float64" {
		if u>>63 != 0 {
			return -int64(u &^ (1 << 63))
		}
		return int64(u)
	}
	b := int64(u)
	var sign int64
	switch dtype {
	case "float32":
		sign = 1 << 31
	default:
		sign = 1 << 15
	}
	if b&sign != 0 {
		return -(b &^ sign)
	}
	return b
}
