package svg

import (
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files testdata/*.svg")

// elems parses an SVG document (failing the test when it is not
// well-formed XML with an <svg> root) and counts its elements by
// "name.class" (and by "name").
func elems(t *testing.T, doc string) map[string]int {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	counts := map[string]int{}
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 && el.Name.Local != "svg" {
				t.Fatalf("root element %q, want svg", el.Name.Local)
			}
			depth++
			counts[el.Name.Local]++
			for _, a := range el.Attr {
				if a.Name.Local == "class" {
					counts[el.Name.Local+"."+a.Value]++
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	if counts["svg"] != 1 {
		t.Fatalf("%d svg elements", counts["svg"])
	}
	return counts
}

// golden compares doc with testdata/name.svg (rewritten with -update).
func golden(t *testing.T, name, doc string) {
	t.Helper()
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./teach/svg -update)", err)
	}
	if string(want) != doc {
		t.Errorf("%s differs from the picture drawn now (go test ./teach/svg -update rewrites it):\n%s", path, doc)
	}
}

func check(t *testing.T, got map[string]int, want map[string]int) {
	t.Helper()
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%d %s, want %d", got[k], k, n)
		}
	}
}

const msg = "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"

func TestBroadcastPictures(t *testing.T) {
	for _, c := range []struct {
		name string
		bc   Broadcast
		want map[string]int
		text []string
	}{
		{"broadcast_4d", Broadcast{Expr: "x + y", Operands: []Operand{{"x", []int{5, 3, 4, 1}}, {"y", []int{3, 1, 1}}}, Result: []int{5, 3, 4, 1}, FailDim: -1},
			// 4 of the 5 leading slices are drawn: 4*3*4*1 cells each
			map[string]int{"rect.cell": 48 + 3, "rect.ghost": 45, "rect.result": 48, "rect.fail": 0, "text.msg": 0},
			[]string{"stretched along dims 0, 2", "[5, 3, 4, 1]", "[   3, 1, 1]"}},
		{"broadcast_fail", Broadcast{Expr: "x + y", Operands: []Operand{{"x", []int{5, 2, 4, 1}}, {"y", []int{3, 1, 1}}}, FailDim: 1, Message: "RuntimeError: " + msg},
			// x has no cells where dim 1 passes its size 2; each slice with own cells is outlined
			map[string]int{"rect.cell": 32 + 3, "rect.ghost": 45, "rect.result": 0, "rect.fail": 8 + 3, "tspan.failtext": 2, "text.msg": 1},
			[]string{msg, "red: dim 1 of the result"}},
		{"broadcast_2d", Broadcast{Expr: "a + b", Operands: []Operand{{"a", []int{2, 3}}, {"b", []int{3}}}, Result: []int{2, 3}, FailDim: -1},
			map[string]int{"rect.cell": 6 + 3, "rect.ghost": 3, "rect.result": 6, "text.index": 0},
			[]string{"stretched along dim 0"}},
		{"broadcast_inplace_fail", Broadcast{Expr: "x.add_(y)", Operands: []Operand{{"x", []int{1, 3, 1}}, {"y", []int{3, 1, 7}}}, FailDim: 2, InPlace: true,
			Message: "RuntimeError: The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2."},
			// x is not stretched: its own 3 cells only; y's 21 cells and its copies along dim 1
			map[string]int{"rect.cell": 3 + 21, "rect.ghost": 42, "rect.fail": 1 + 3, "tspan.failtext": 2, "text.msg": 1},
			[]string{"written in place: not stretched", "red: dim 2, where the result does not fit into x"}},
		{"broadcast_column_row", Broadcast{Expr: "torch.add(c, r)", Operands: []Operand{{"c", []int{4, 1}}, {"r", []int{1, 3}}}, Result: []int{4, 3}, FailDim: -1},
			map[string]int{"rect.cell": 4 + 3, "rect.ghost": 8 + 9, "rect.result": 12},
			nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := c.bc.SVG()
			if err != nil {
				t.Fatal(err)
			}
			check(t, elems(t, doc), c.want)
			for _, s := range c.text {
				if !strings.Contains(doc, s) {
					t.Errorf("no %q in the picture", s)
				}
			}
			golden(t, c.name, doc)
		})
	}
}

// Generated cases: every pair of shapes of up to 3 dims of sizes 0 to 3
// draws a well-formed picture with one cell per element drawn.
func TestBroadcastGenerated(t *testing.T) {
	var shapes [][]int
	var gen func(s []int)
	gen = func(s []int) {
		shapes = append(shapes, append([]int(nil), s...))
		if len(s) == 3 {
			return
		}
		for k := 0; k <= 3; k++ {
			gen(append(s, k))
		}
	}
	gen(nil)
	for i, a := range shapes {
		for j, b := range shapes {
			if (i*len(shapes)+j)%7 != 0 { // a sample, to keep it quick
				continue
			}
			res, fail := inferSize(a, b)
			bc := Broadcast{Expr: "a + b", Operands: []Operand{{"a", a}, {"b", b}}, Result: res, FailDim: fail}
			if res == nil {
				bc.Message = "RuntimeError: sizes differ"
			}
			doc, err := bc.SVG()
			if err != nil {
				t.Fatal(err)
			}
			got := elems(t, doc)
			if res != nil && got["rect.result"] != numel(res) {
				t.Errorf("%v + %v: %d result cells, want %d", a, b, got["rect.result"], numel(res))
			}
			if res == nil && (got["rect.fail"] == 0 && numel(a) > 0 && numel(b) > 0 || got["text.msg"] != 1) {
				t.Errorf("%v + %v: the failure is not drawn:\n%s", a, b, doc)
			}
			own := numel(a) + numel(b)
			if res != nil && numel(res) > 0 && got["rect.cell"] != own {
				t.Errorf("%v + %v: %d own cells, want %d", a, b, got["rect.cell"], own)
			}
		}
	}
}

// inferSize is broadcasting's rule, for the generated cases.
func inferSize(a, b []int) ([]int, int) {
	n := max(len(a), len(b))
	out := make([]int, n)
	for d := n - 1; d >= 0; d-- {
		sa, sb := 1, 1
		if i := d - (n - len(a)); i >= 0 {
			sa = a[i]
		}
		if i := d - (n - len(b)); i >= 0 {
			sb = b[i]
		}
		switch {
		case sa == sb || sb == 1:
			out[d] = sa
		case sa == 1:
			out[d] = sb
		default:
			return nil, d
		}
	}
	return out, -1
}

func numel(s []int) int {
	n := 1
	for _, k := range s {
		n *= k
	}
	return n
}

func TestStridesPictures(t *testing.T) {
	for _, c := range []struct {
		name string
		st   Strides
		want map[string]int
		text []string
	}{
		{"strides_transpose", Strides{Name: "b", Shape: []int{3, 2}, Strides: []int{1, 3}, StorageLen: 6, ItemSize: 8, DType: "int64"},
			map[string]int{"rect.elem": 6, "rect.used": 6, "rect.repeat": 0, "rect.store": 0, "path.stride": 2, "path.stride0": 0},
			[]string{"dim 0: +1", "dim 1: +3", "+40B"}},
		{"strides_expand", Strides{Name: "e", Shape: []int{3, 4}, Strides: []int{0, 1}, StorageLen: 4, ItemSize: 4, DType: "float32"},
			map[string]int{"rect.elem": 12, "rect.used": 0, "rect.repeat": 4, "path.stride": 1, "path.stride0": 1},
			[]string{"dim 0: stride 0, the same cell read 3 times", "0,4+"}},
		{"strides_slice", Strides{Name: "a[1:, ::2]", Shape: []int{2, 2}, Strides: []int{4, 2}, Offset: 4, StorageLen: 12, ItemSize: 4},
			map[string]int{"rect.elem": 4, "rect.used": 4, "rect.store": 8, "path.stride": 2},
			[]string{"white: a storage cell no element reads"}},
		{"strides_3d", Strides{Name: "p", Shape: []int{2, 3, 4}, Strides: []int{1, 8, 2}, StorageLen: 24, ItemSize: 4},
			map[string]int{"rect.elem": 24, "rect.used": 24, "path.stride": 3, "text.index": 2 + 48},
			nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := c.st.SVG()
			if err != nil {
				t.Fatal(err)
			}
			check(t, elems(t, doc), c.want)
			for _, s := range c.text {
				if !strings.Contains(doc, s) {
					t.Errorf("no %q in the picture", s)
				}
			}
			golden(t, c.name, doc)
		})
	}
}

func TestStridesLarge(t *testing.T) {
	st := Strides{Name: "big", Shape: []int{2, 300, 300, 2, 2}, Strides: []int{720000, 2400, 8, 4, 1}, Offset: 100, StorageLen: 1440100, ItemSize: 4}
	doc, err := st.SVG()
	if err != nil {
		t.Fatal(err)
	}
	got := elems(t, doc)
	check(t, got, map[string]int{"rect.elem": 4 * 4 * 2 * 2, "rect.used": 0 + got["rect.used"], "path.stride": 5})
	if got["rect.used"]+got["rect.store"]+got["rect.repeat"] != stWindow {
		t.Errorf("%d storage cells drawn, want %d", got["rect.used"]+got["rect.store"]+got["rect.repeat"], stWindow)
	}
	for _, s := range []string{"the first 65536 of 720000 elements", "only the last 4 dims", "storage cells 100 to 131"} {
		if !strings.Contains(doc, s) {
			t.Errorf("no %q in the picture", s)
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, st := range []Strides{
		{Shape: []int{2}, Strides: nil, StorageLen: 2},
		{Shape: []int{-1}, Strides: []int{1}, StorageLen: 2},
		{Shape: []int{3}, Strides: []int{1}, StorageLen: 2},
	} {
		if _, err := st.SVG(); err == nil {
			t.Errorf("%+v: no error", st)
		}
	}
	if _, err := (Broadcast{Operands: []Operand{{"x", []int{-2}}}}).SVG(); err == nil {
		t.Error("a negative size: no error")
	}
	// An empty tensor and a 0-d one draw.
	for _, st := range []Strides{{Name: "z", Shape: []int{0, 3}, Strides: []int{3, 1}}, {Name: "s", StorageLen: 1, ItemSize: 4}} {
		doc, err := st.SVG()
		if err != nil {
			t.Fatal(err)
		}
		elems(t, doc)
	}
}

// TestControlCharacters: a label with control characters (a tensh
// expression's source, as %explain torch.ones(2) + torch.ones(len('<raw
// \x01>')) names it) still makes well-formed XML (issue 27).
func TestControlCharacters(t *testing.T) {
	name := "torch.ones(len('<raw \x01\x1b\x7f\xff\ufffe>'))"
	doc, err := (Broadcast{Operands: []Operand{{"torch.ones(2)", []int{2}}, {name, []int{9}}}, Expr: "torch.ones(2) + " + name, FailDim: 0, Message: "RuntimeError: \x02"}).SVG()
	if err != nil {
		t.Fatal(err)
	}
	elems(t, doc)
	if !strings.Contains(doc, `&lt;raw \x01\x1b\x7f`) {
		t.Errorf("the control characters are not written as \\x01:\n%s", doc)
	}
	doc, err = (Strides{Name: "x\x00", Shape: []int{2}, Strides: []int{1}, StorageLen: 2, ItemSize: 4}).SVG()
	if err != nil {
		t.Fatal(err)
	}
	elems(t, doc)
}
