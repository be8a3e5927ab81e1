package eval

import (
	"flag"
	"os"
	"testing"
)

var updateReference = flag.Bool("update-reference", false, "rewrite docs/reference.md from the evaluator's tables")

const referencePath = "../docs/reference.md"

// TestReferenceUpToDate fails when docs/reference.md is not what the
// evaluator's tables generate. Regenerate it with
//
//	go test ./eval -run TestReferenceUpToDate -update-reference
func TestReferenceUpToDate(t *testing.T) {
	want := Reference()
	if *updateReference {
		if err := os.WriteFile(referencePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatalf("%v (generate it: go test ./eval -run TestReferenceUpToDate -update-reference)", err)
	}
	if string(got) != want {
		t.Errorf("docs/reference.md is out of date: regenerate it with\n\tgo test ./eval -run TestReferenceUpToDate -update-reference")
	}
}

// Every builtin in the tables has a signature and a description.
func TestBuiltinsDocumented(t *testing.T) {
	for _, k := range []BuiltinKind{PythonBuiltin, TorchFunc, TensorMethod} {
		var names []string
		switch k {
		case PythonBuiltin:
			names = BuiltinNames()
		case TorchFunc:
			names = TorchFunctionNames()
		default:
			names = TensorMethodNames()
		}
		for _, n := range names {
			b := LookupBuiltin(k, n)
			if b.Sig == "" || b.Doc == "" {
				t.Errorf("%s: missing Sig or Doc", n)
			}
		}
	}
	for _, n := range MagicNames() {
		if m := LookupMagic(n); m.Usage == "" || m.Doc == "" {
			t.Errorf("%%%s: missing Usage or Doc", n)
		}
	}
}
