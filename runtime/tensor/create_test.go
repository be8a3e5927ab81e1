package tensor

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

type rangeCase struct {
	Fn    string                       `json:"fn"`
	Args  []map[string]json.RawMessage `json:"args"`
	Base  string                       `json:"base"`
	DType string                       `json:"dtype"`
	Out   []json.RawMessage            `json:"out"`
	Error string                       `json:"error"`
}

func parseHexFloat(t *testing.T, s string) float64 {
	switch s {
	case "nan":
		return math.NaN()
	case "inf":
		return math.Inf(1)
	case "-inf":
		return math.Inf(-1)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad float %q", s)
	}
	return f
}

func decodeArg(t *testing.T, m map[string]json.RawMessage) Scalar {
	if r, ok := m["b"]; ok {
		var b bool
		json.Unmarshal(r, &b)
		return BoolS(b)
	}
	if r, ok := m["i"]; ok {
		i, err := strconv.ParseInt(string(r), 10, 64)
		if err != nil {
			t.Fatalf("bad int %s", r)
		}
		return IntS(i)
	}
	var s string
	json.Unmarshal(m["f"], &s)
	return FloatS(parseHexFloat(t, s))
}

// catch runs f and returns the message of the *Error it raises, or "".
func catch(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			msg = e.Error()
		}
	}()
	f()
	return ""
}

func dtypeNamed(t *testing.T, name string) DType {
	d, ok := DTypeByName(name)
	if !ok {
		t.Fatalf("bad dtype %q", name)
	}
	return d
}

// TestRangesMatchPyTorch compares arange, linspace and logspace, element by
// element and error by error, with PyTorch 1.13's results stored in
// testdata/ranges.json (made by testdata/gen_ranges.py).
func TestRangesMatchPyTorch(t *testing.T) {
	raw, err := os.ReadFile("testdata/ranges.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []rangeCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	failures := 0
	for _, c := range cases {
		var args []Scalar
		for _, a := range c.Args {
			args = append(args, decodeArg(t, a))
		}
		d := Float32
		if c.DType != "" {
			d = dtypeNamed(t, c.DType)
		} else if c.Fn == "arange" {
			d = Int64
			for _, a := range args {
				if a.Kind == FloatScalar {
					d = Float32
				}
			}
		}
		var out *Tensor
		msg := catch(func() {
			switch c.Fn {
			case "arange":
				start, end, step := IntS(0), args[0], IntS(1)
				if len(args) > 1 {
					start, end = args[0], args[1]
				}
				if len(args) > 2 {
					step = args[2]
				}
				out = Arange(start, end, step, d)
			case "linspace":
				out = Linspace(args[0], args[1], args[2].Int(), d)
			case "logspace":
				out = Logspace(args[0], args[1], args[2].Int(), parseHexFloat(t, c.Base), d)
			}
		})
		desc := fmt.Sprintf("%s%v base=%s dtype=%s", c.Fn, args, c.Base, d)
		if c.Error != "" || msg != "" {
			if msg != c.Error {
				t.Errorf("%s: error %q, want %q", desc, msg, c.Error)
				failures++
			}
			continue
		}
		if out.Numel() != len(c.Out) {
			t.Errorf("%s: %d elements, want %d", desc, out.Numel(), len(c.Out))
			failures++
			continue
		}
		var bad []string
		for i, r := range c.Out {
			var want Scalar
			switch {
			case d == Bool:
				var b bool
				json.Unmarshal(r, &b)
				want = BoolS(b)
			case d.IsFloat():
				var s string
				json.Unmarshal(r, &s)
				want = FloatS(parseHexFloat(t, s))
			default:
				var s string
				json.Unmarshal(r, &s)
				i, _ := strconv.ParseInt(strings.Trim(string(r), `"`), 10, 64)
				want = IntS(i)
			}
			if got := out.st.Get(i); !sameScalar(got, want) {
				bad = append(bad, fmt.Sprintf("[%d] %v want %v", i, got, want))
			}
		}
		if len(bad) > 0 {
			failures++
			if len(bad) > 4 {
				bad = bad[:4]
			}
			t.Errorf("%s: %s", desc, strings.Join(bad, "; "))
		}
	}
	t.Logf("%d cases, %d failing", len(cases), failures)
}

// TestPowGlibc checks Pow on powers of ten, where glibc's pow is not
// always correctly rounded (the oracle: 10.0 ** 23 prints
// 1.0000000000000001e+23 in CPython on glibc). TestGlibcGolden checks it
// on many more arguments.
func TestPowGlibc(t *testing.T) {
	for k, want := range map[int]float64{23: 1.0000000000000001e+23, 210: 1.0000000000000001e+210, 22: 1e22, -5: 1e-05, 0: 1} {
		if got := Pow(10, float64(k)); got != want {
			t.Errorf("Pow(10, %d) = %v, want %v", k, got, want)
		}
	}
}
