package numpy

import (
	"flag"
	"github.com/tensh/tensh/eval"
	"os"
	"testing"
)

var updateReference = flag.Bool("update-reference", false, "rewrite docs/numpy-reference.md")

const referencePath = "../../docs/numpy-reference.md"

// TestReferenceUpToDate fails when docs/numpy-reference.md is not what
// the module's tables generate. Regenerate it with
//
//	go test ./lib/numpy -run TestReferenceUpToDate -update-reference
func TestReferenceUpToDate(t *testing.T) {
	want := Reference()
	if *updateReference {
		if err := os.WriteFile(referencePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(referencePath)
	if err != nil || string(got) != want {
		t.Errorf("docs/numpy-reference.md is out of date: regenerate it with\n\tgo test ./lib/numpy -run TestReferenceUpToDate -update-reference")
	}
}

// Every function and method has a signature and a description.
func TestEverythingDocumented(t *testing.T) {
	for _, tab := range []map[string]*eval.Builtin{npFuncs, npMethods} {
		for name, b := range tab {
			if b.Sig == "" || b.Doc == "" {
				t.Errorf("%s has no signature or description", name)
			}
		}
	}
}
