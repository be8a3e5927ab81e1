package tensor

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayout checks the import rules of CONTRIBUTING.md ("Layout and
// dependencies") for the packages below runtime/ and for lang/: what each
// package's non-test files may import besides the standard library.
func TestLayout(t *testing.T) {
	const mod = "github.com/tensh/tensh/"
	allowed := map[string][]string{
		"../tensor":    {mod + "runtime/broadcast"},
		"../broadcast": nil,
		"../gpu":       {mod + "runtime/tensor", mod + "runtime/broadcast", "github.com/ebitengine/purego"},
		"../autograd":  {mod + "runtime/tensor", mod + "runtime/linalg"},
		"../linalg":    {mod + "runtime/tensor", mod + "runtime/broadcast", "gonum.org/v1/gonum/blas/gonum", "gonum.org/v1/gonum/lapack", "gonum.org/v1/gonum/lapack/gonum"},
		"../../lang":   {"github.com/alecthomas/participle/v2", "github.com/alecthomas/participle/v2/lexer"},
	}
	dirs, _ := filepath.Glob("../*")
	for _, d := range dirs {
		if _, ok := allowed[filepath.ToSlash(d)]; !ok {
			t.Errorf("runtime/%s: a package this test does not know; add its import rules", filepath.Base(d))
		}
	}
	for dir, ok := range allowed {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files", dir)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				first, _, _ := strings.Cut(path, "/")
				if !strings.Contains(first, ".") { // the standard library
					continue
				}
				known := false
				for _, p := range ok {
					known = known || p == path
				}
				if !known {
					t.Errorf("%s imports %s", f, path)
				}
			}
		}
	}
}
