package eval

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPackageLayout checks the import rules of docs/architecture.md for
// the interpreter core and the packages built on it: which of this
// module's packages each one's non-test files may import. The core
// (eval) imports no library, no magic and no teaching code; those reach
// it through its registries (RegisterModule, Tensors, the magic table,
// Teaching). The teaching layer (teach) builds on the libraries and the
// core; its pictures (teach/svg) import nothing of ours.
func TestPackageLayout(t *testing.T) {
	const mod = "github.com/tensh/tensh/"
	core := []string{"lang", "runtime/"}
	rules := map[string][]string{
		".":             core,
		"../lib/torch":  append([]string{"eval"}, core...),
		"../lib/numpy":  append([]string{"eval"}, core...),
		"../lib/paddle": append([]string{"eval", "lib/numpy"}, core...),
		"../magic":      append([]string{"eval", "teach", "teach/svg"}, core...),
		"../teach":      append([]string{"eval", "lib/torch", "lib/numpy", "lib/paddle"}, core...),
		"../teach/svg":  nil,
	}
	libs, _ := filepath.Glob("../lib/*")
	for _, d := range libs {
		if _, ok := rules[filepath.ToSlash(d)]; !ok {
			t.Errorf("%s: a package this test does not know; add its import rules", d)
		}
	}
	for dir, allowed := range rules {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(files) == 0 {
			t.Fatalf("%s: no Go files", dir)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				rest, ours := strings.CutPrefix(path, mod)
				if !ours {
					continue
				}
				ok := false
				for _, a := range allowed {
					ok = ok || rest == a || strings.HasSuffix(a, "/") && strings.HasPrefix(rest, a)
				}
				if !ok {
					t.Errorf("%s imports %s", f, path)
				}
			}
		}
	}
}
