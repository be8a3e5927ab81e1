package tensor

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"
)

// decodeCastValue turns one value of testdata/casts.json into a Scalar: bools
// and integers as themselves, floating values from float.hex() text.
func decodeCastValue(t *testing.T, raw json.RawMessage) Scalar {
	t.Helper()
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil {
		return BoolS(b)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		switch s {
		case "nan":
			return FloatS(math.NaN())
		case "inf":
			return FloatS(math.Inf(1))
		case "-inf":
			return FloatS(math.Inf(-1))
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("bad float %q: %v", s, err)
		}
		return FloatS(f)
	}
	i, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		t.Fatalf("bad value %s", raw)
	}
	return IntS(i)
}

func sameScalar(a, b Scalar) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == FloatScalar {
		if math.IsNaN(a.F) || math.IsNaN(b.F) {
			return math.IsNaN(a.F) && math.IsNaN(b.F)
		}
		return a.F == b.F && math.Signbit(a.F) == math.Signbit(b.F)
	}
	return a.I == b.I
}

// sourceTensor builds a tensor of dtype d holding exactly the values vals
// (which PyTorch printed from a tensor of that dtype).
func sourceTensor(d DType, vals []Scalar) *Tensor {
	n := len(vals)
	switch d {
	case Float16:
		data := make([]Half, n)
		for i, v := range vals {
			data[i] = HalfFromFloat32(float32(v.F))
			if float64(data[i].Float32()) != v.F && !math.IsNaN(v.F) {
				panic(fmt.Sprintf("float16 source %v not exact", v.F))
			}
		}
		return FromSlice(data, n)
	case BFloat16:
		data := make([]BF16, n)
		for i, v := range vals {
			data[i] = BF16FromFloat32(float32(v.F))
			if float64(data[i].Float32()) != v.F && !math.IsNaN(v.F) {
				panic(fmt.Sprintf("bfloat16 source %v not exact", v.F))
			}
		}
		return FromSlice(data, n)
	}
	t := Empty([]int{n}, d)
	for i, v := range vals {
		t.st.Set(i, v)
	}
	return t
}

// TestCastsMatchPyTorch converts edge values between every pair of dtypes
// and compares with what PyTorch 1.13 computed (testdata/casts.json, made by
// testdata/gen_casts.py).
func TestCastsMatchPyTorch(t *testing.T) {
	raw, err := os.ReadFile("testdata/casts.json")
	if err != nil {
		t.Fatal(err)
	}
	var table map[string]map[string][]json.RawMessage
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(table) != len(AllDTypes) {
		t.Fatalf("table has %d source dtypes", len(table))
	}
	for _, sd := range AllDTypes {
		entry, ok := table[sd.Name()]
		if !ok {
			t.Fatalf("no source %s", sd)
		}
		var src []Scalar
		for _, r := range entry["src"] {
			src = append(src, decodeCastValue(t, r))
		}
		x := sourceTensor(sd, src)
		for i, v := range src {
			if got := x.st.Get(i); !sameScalar(got, v) {
				t.Fatalf("%s source %d: stored %v, want %v", sd, i, got, v)
			}
		}
		for _, dd := range AllDTypes {
			want := entry[dd.Name()]
			y := x.To(dd)
			// Also through a strided (non-contiguous) source.
			z := FromStorage(x.st, 0, []int{len(src)}, []int{1}).To(dd)
			for i, r := range want {
				w := decodeCastValue(t, r)
				if g := y.st.Get(i); !sameScalar(g, w) {
					t.Errorf("%s %v -> %s: got %v, want %v", sd, src[i], dd, g, w)
				}
				if g := z.st.Get(i); !sameScalar(g, w) {
					t.Errorf("strided %s %v -> %s: got %v, want %v", sd, src[i], dd, g, w)
				}
				// Storage.Set from a scalar must agree with the tensor cast.
				one := NewStorage(dd, 1)
				one.Set(0, src[i])
				if g := one.Get(0); !sameScalar(g, w) {
					t.Errorf("Set %s %v -> %s: got %v, want %v", sd, src[i], dd, g, w)
				}
				if g := castScalar(src[i], dd); !sameScalar(g, w) {
					t.Errorf("castScalar %s %v -> %s: got %v, want %v", sd, src[i], dd, g, w)
				}
			}
		}
	}
}
