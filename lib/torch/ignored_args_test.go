package torch

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// sideArgs are the keyword arguments of tensh's PyTorch signatures that
// do not choose what is computed, each with what tensh does with it (issue
// 15, item 16: no argument is accepted and silently ignored). Each is
// exercised against PyTorch in testdata/defects_ignored_args.tsh, except
// those marked "-" (requires_grad: the autograd branch; names: refused
// with tensh's TypeError, named tensors being out of scope).
var sideArgs = map[string]string{
	"pin_memory":    "RuntimeError 'Pinned memory requires CUDA' in a CPU build; ignored with out=, as in PyTorch",
	"non_blocking":  "no effect on CPU tensors, as in PyTorch (cuda(non_blocking=...) raises the CPU-build error)",
	"async":         "-hidden alias of non_blocking",
	"implicit":      "expand(implicit=True): no effect on the result in PyTorch (a tracing mark)",
	"layout":        "only None or torch.strided binds: the one layout tensh has (dense tensors)",
	"memory_format": "implemented (torch.contiguous_format, preserve_format, channels_last, channels_last_3d): testdata/defects_memory_format.tsh",
	"path":          "einsum(path=...): refused, as PyTorch 1.13 refuses it",
	"outdim":        "diagonal(outdim=...): named dims, refused with PyTorch's error",
	"device":        "cpu; cuda raises PyTorch's CPU-build AssertionError",
	"requires_grad": "-the autograd branch implements it; non-float dtypes raise PyTorch's error",
	"names":         "-named tensors: refused with a TypeError",
	"generator":     "-the random functions draw from it (testdata/conformance/random.tsh)",
}

// byPosition are parameters read through b.vals, by position.
var byPosition = map[string]string{
	"scalar": "result_type", "scalar1": "result_type", "scalar2": "result_type",
}

// TestNoIgnoredArgs: every parameter of every PyTorch signature in eval is
// either read by name by a binding (b.bool("pin_memory"), ...) or listed
// in notReadArgs with the reason it cannot change a result; and each
// listed argument is exercised in testdata/defects_ignored_args.tsh.
func TestNoIgnoredArgs(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	var code strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code.Write(b)
	}
	seen := map[string]bool{}
	for _, p := range allParsers {
		for _, sig := range p.sigs {
			for _, prm := range sig.params {
				seen[prm.name] = true
			}
		}
	}
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) < 50 {
		t.Fatalf("only %d parameter names found: %q", len(names), names)
	}
	all := code.String()
	for _, n := range names {
		// Read by name: the name is a string of its own in the code
		// (b.bool("pin_memory", false), transposeFn(sigs, "dim0", "dim1")).
		read := strings.Contains(all, `"`+n+`"`) || strings.Contains(all, `"`+n+`?"`) || byPosition[n] != ""
		if _, listed := sideArgs[n]; !read && !listed {
			t.Errorf("parameter %q is declared in a signature but no binding reads it: implement it, or refuse it with a clear error, and list it in sideArgs", n)
		}
	}
	transcript, err := os.ReadFile("../../testdata/defects_ignored_args.tsh")
	if err != nil {
		t.Fatal(err)
	}
	for n, what := range sideArgs {
		if !seen[n] {
			t.Errorf("%q is listed but is no parameter of a signature", n)
		}
		if !strings.HasPrefix(what, "-") && !strings.Contains(string(transcript), n+"=") {
			t.Errorf("%q is not exercised in testdata/defects_ignored_args.tsh", n)
		}
	}
}
