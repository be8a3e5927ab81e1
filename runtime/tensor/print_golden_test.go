package tensor

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// goldenCase is one case of testdata/print_golden.txt (see
// gen_print_golden.py for the format).
type goldenCase struct {
	name     string
	dtype    DType
	def      DType
	shape    []int
	perm     []int
	opts     PrintOptions
	data     []string
	rng      []float64 // start, step
	expect   string
	errorMsg string
}

func parseGolden(t *testing.T, path string) []goldenCase {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var cases []goldenCase
	var c *goldenCase
	ints := func(fields []string) []int {
		out := make([]int, len(fields))
		for i, s := range fields {
			n, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%s: bad int %q", c.name, s)
			}
			out[i] = n
		}
		return out
	}
	dtype := func(name string) DType {
		d, ok := DTypeByName(name)
		if !ok {
			t.Fatalf("bad dtype %q", name)
		}
		return d
	}
	for sc.Scan() {
		line := sc.Text()
		key, rest, _ := strings.Cut(line, " ")
		switch key {
		case "case":
			cases = append(cases, goldenCase{name: "case " + rest, perm: nil})
			c = &cases[len(cases)-1]
		case "dtype":
			c.dtype = dtype(rest)
		case "default":
			c.def = dtype(rest)
		case "shape":
			c.shape = ints(strings.Fields(rest))
		case "perm":
			c.perm = ints(strings.Fields(rest))
		case "opts":
			fs := strings.Fields(rest)
			prec, _ := strconv.Atoi(fs[0])
			thr, _ := strconv.ParseFloat(fs[1], 64)
			edge, _ := strconv.Atoi(fs[2])
			lw, _ := strconv.Atoi(fs[3])
			sci := map[string]SciMode{"none": SciAuto, "true": SciOn, "false": SciOff}[fs[4]]
			c.opts = PrintOptions{Precision: prec, Threshold: thr, EdgeItems: edge, LineWidth: float64(lw), SciMode: sci}
		case "data":
			c.data = strings.Fields(rest)
		case "range":
			fs := strings.Fields(rest)
			for _, s := range fs {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					t.Fatal(err)
				}
				c.rng = append(c.rng, v)
			}
		case "error":
			c.errorMsg = rest
		case "expect":
			n, _ := strconv.Atoi(rest)
			lines := make([]string, n)
			for i := range lines {
				if !sc.Scan() {
					t.Fatalf("%s: truncated", c.name)
				}
				lines[i] = sc.Text()
			}
			c.expect = strings.Join(lines, "\n")
		default:
			t.Fatalf("bad golden line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// build makes the case's tensor: the contiguous base, permuted.
func (c *goldenCase) build(t *testing.T) *Tensor {
	base := Empty(c.shape, c.dtype)
	n := base.Numel()
	for i := 0; i < n; i++ {
		var v Scalar
		switch {
		case c.rng != nil:
			v = FloatS(c.rng[0] + float64(float64(i)*c.rng[1]))
		case c.dtype.IsFloat():
			f, err := strconv.ParseFloat(c.data[i], 64)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			v = FloatS(f)
		default:
			x, err := strconv.ParseInt(c.data[i], 10, 64)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			v = IntS(x)
			if c.dtype == Bool {
				v = BoolS(x != 0)
			}
		}
		if c.rng != nil && !c.dtype.IsFloat() {
			v = IntS(int64(v.F))
		}
		base.st.Set(i, v)
	}
	if c.perm == nil {
		return base
	}
	shape := make([]int, len(c.perm))
	strides := make([]int, len(c.perm))
	for i, p := range c.perm {
		shape[i], strides[i] = base.shape[p], base.strides[p]
	}
	return FromStorage(base.st, 0, shape, strides)
}

func formatCatching(x *Tensor, o PrintOptions) (s string, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	return x.StringWith(o), nil
}

// TestPrintGolden compares Format with repr() from PyTorch 1.13 over the
// generated cases of testdata/print_golden.txt.
func TestPrintGolden(t *testing.T) {
	cases := parseGolden(t, "testdata/print_golden.txt")
	if len(cases) < 900 {
		t.Fatalf("only %d golden cases", len(cases))
	}
	defer SetDefaultFloat(DefaultFloat())
	failed := 0
	for i := range cases {
		c := &cases[i]
		x := c.build(t)
		SetDefaultFloat(c.def)
		got, err := formatCatching(x, c.opts)
		SetDefaultFloat(Float32)
		var want string
		if c.errorMsg != "" {
			want = "ERROR " + c.errorMsg
		} else {
			want = c.expect
		}
		if err != nil {
			got = "ERROR " + err.Error()
		}
		if got != want {
			failed++
			if failed <= 10 {
				t.Errorf("%s (%s %v perm %v opts %+v):\ngot:\n%s\nwant:\n%s", c.name, c.dtype, c.shape, c.perm, c.opts, got, want)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d golden cases differ", failed, len(cases))
	}
}
