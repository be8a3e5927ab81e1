package magic

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// svgCounts parses an SVG document and counts its elements by "name.class".
func svgCounts(t *testing.T, doc string) map[string]int {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	counts := map[string]int{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return counts
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		if el, ok := tok.(xml.StartElement); ok {
			counts[el.Name.Local]++
			for _, a := range el.Attr {
				if a.Name.Local == "class" {
					counts[el.Name.Local+"."+a.Value]++
				}
			}
		}
	}
}

// TestMagicSVG: %explain --svg and %strides --svg print what the magic
// prints, then write the picture of the shapes the runtime computes.
func TestMagicSVG(t *testing.T) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Out: &out})
	dir := t.TempDir()
	run := func(src string) string {
		t.Helper()
		out.Reset()
		if e := s.Exec(src, 1); e != nil {
			return e.Error()
		}
		return out.String()
	}
	run("x = torch.empty(5, 2, 4, 1); y = torch.empty(3, 1, 1); c = torch.ones(4, 1)")
	text := run("%explain x + y")
	file := filepath.Join(dir, "fail.svg")
	got := run("%explain --svg " + file + " x + y")
	if got != text+"picture written to "+file+"\n" {
		t.Errorf("%%explain --svg printed\n%s\nwant what %%explain prints and the file's name", got)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	msg := "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
	if n := svgCounts(t, string(b)); n["text.msg"] != 1 || n["tspan.failtext"] != 2 || n["rect.result"] != 0 || !strings.Contains(string(b), msg) {
		t.Errorf("the failing picture: %v", n)
	}
	pic := func(line string) (string, map[string]int) {
		t.Helper()
		doc, exc := s.Picture(line)
		if exc != nil {
			t.Fatalf("%s: %v", line, exc)
		}
		return doc, svgCounts(t, doc)
	}
	// The result's shape, and the operand that fails inside an expression.
	if _, n := pic("%explain c + torch.ones(3)"); n["rect.result"] != 12 || n["rect.cell"] != 4+3 || n["rect.ghost"] != 8+9 {
		t.Errorf("c + torch.ones(3): %v", n)
	}
	if doc, n := pic("%explain z = 2 * (c + torch.ones(2, 1, 3)) - x"); n["rect.result"] != 4*2*4*3 || !strings.Contains(doc, "<title>2 * (c + torch.ones(2, 1, 3)) - x</title>") {
		t.Errorf("the outer operation: %v", n)
	} else if doc, _ := pic("%explain (c + torch.ones(2, 1, 3)) - y"); !strings.Contains(doc, "<title>(c + torch.ones(2, 1, 3)) - y</title>") || !strings.Contains(doc, "non-singleton dimension 0") {
		t.Errorf("a failing outer operation:\n%s", doc)
	}
	if doc, _ := pic("%explain torch.ones(2) * (c + torch.ones(5)) - x"); !strings.Contains(doc, "<title>torch.ones(2) * (c + torch.ones(5))</title>") {
		t.Errorf("a failing inner operation:\n%s", doc)
	}
	if _, n := pic("%explain torch.where(c > 0, torch.zeros(3), 1.0)"); n["rect.result"] != 12 {
		t.Errorf("where: %v", n)
	}
	if _, n := pic("%strides --svg ignored.svg x.expand(3, 5, 2, 4, 1)[1:].transpose(0, 2)"); n["path.stride0"] != 1 || n["path.stride"] != 3 {
		t.Errorf("strides of an expanded view: %v", n)
	}
	if _, err := os.Stat("ignored.svg"); err == nil {
		t.Errorf("Picture wrote its --svg file")
	}
	// In place: run on a copy (the tensor is left alone); it is not stretched.
	if doc, n := pic("%explain c.mul_(torch.full((3, 4, 1), 2.))"); n["text.msg"] != 1 || !strings.Contains(doc, "written in place") ||
		!strings.Contains(doc, "red: dim 0, where the result does not fit into c") {
		t.Errorf("a failing in-place operation:\n%s", doc)
	}
	if _, n := pic("%explain c.mul_(torch.full((1,), 3.))"); n["rect.result"] != 4 || n["rect.ghost"] != 3 {
		t.Errorf("an in-place operation: %v", n)
	}
	if got := run("c.sum().item()"); got != "4.0\n" {
		t.Errorf("after the pictures of in-place operations: %q", got)
	}
	if _, ok := s.Globals()[svgCopyName]; ok {
		t.Error("the copy is left in the session")
	}
	if doc, exc := s.Picture("print(1)"); doc != "" || exc != nil {
		t.Errorf("Picture of a statement: %q %v", doc, exc)
	}
	for src, want := range map[string]string{
		"%explain --svg -f " + file + " x @ y":             "UsageError: x @ y: the picture shows an elementwise",
		"%explain --svg -f " + file + " x.add_(1)":         "UsageError: x.add_(1): the picture shows an elementwise",
		"%explain --svg -f " + file + " torch.cat([x, x])": "UsageError: torch.cat([x, x]): the picture shows",
		"%explain --svg -f " + file + " x += 1":            "UsageError: x += 1: the picture does not show in-place",
		"%strides --svg -f " + file + " 3":                 "UsageError: %strides: 3 is not a tensor",
		"%explain --svg -f " + file + " nope + x":          "NameError: name 'nope' is not defined",
		"%explain --svg":                        "UsageError: %explain --svg: give a file and an expression",
		"%explain --svg /no/such/dir/f x+x":     "FileNotFoundError: [Errno 2] No such file or directory: '/no/such/dir/f.svg'",
		"%strides --svg -f " + file + " x.sum(": "SyntaxError",
	} {
		got := run(src)
		if !strings.HasPrefix(got, want) && !strings.Contains(got, "\n"+want) {
			t.Errorf("%s:\n%s\nwant %s", src, got, want)
		}
	}
}
